/**
 * /analytics (docs/product.md#screens-and-routes): a login prompt for visitors, the upsell for
 * users without a subscription (once the server has said so, or offline), and for subscribers six
 * tabs (five over the month tables, and What if). The chosen tab
 * persists in local storage under its documented key (docs/product.md#states-and-transitions), so a
 * reload (or the installed app's next start) opens where the user was.
 */
import '@mantine/charts/styles.css';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Suspense, useEffect, useRef, type ComponentType } from 'react';
import { useFreshSubscription, useSession } from '../../data/bindings/hooks.ts';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { PageTabs } from '../../ui/PageTabs.tsx';
import { DollarsProvider } from '../../model/dollars.tsx';
import { DollarsSwitch } from './DollarsSwitch.tsx';
import { AnalyticsOverviewTab, DebtProgressTab, IncomeFutureTab, RetirementContributionsTab, RetirementLivingTab, WhatIfTab } from './lazy-tabs.tsx';
import { ProjectionSkeleton } from './MonthsStatus.tsx';
import { ANALYTICS_TABS, useAnalyticsTab, type AnalyticsTab } from './tabs.ts';

function Upsell() {
  return (
    <Card withBorder padding="xl" maw={560} mx="auto" mt="xl">
      <Stack align="center" ta="center" gap="md">
        <Title order={1} size="h2">
          Unlock Analytics
        </Title>
        <Text>See month-by-month projections of your income, debt payoff, retirement contributions and retirement living with a subscription.</Text>
        <Button component={Link} to="/subscribe">
          Subscribe Now
        </Button>
        <Anchor component={Link} to="/dashboard">
          Back to Dashboard
        </Anchor>
      </Stack>
    </Card>
  );
}

/**
 * The data layer recomputes the month tables on the device when an edit is queued (offline), with
 * code it loads on first use. Offline that first load cannot reach the server, so the analytics
 * screens load it while they can.
 */
function usePreloadProvisionalTables() {
  useEffect(() => {
    import('../../data/mirror/provisional.ts').catch(() => {
      // Offline already: the data layer logs its own failure when it needs the module.
    });
  }, []);
}

/** Each tab's code but the Overview's, which opens the others (lazy-tabs.tsx). */
const TAB_CONTENT: Record<Exclude<AnalyticsTab, 'overview'>, ComponentType> = {
  'income-future': IncomeFutureTab,
  'debt-progress': DebtProgressTab,
  'retirement-contributions': RetirementContributionsTab,
  'retirement-living': RetirementLivingTab,
  'what-if': WhatIfTab,
};

function AnalyticsTabs() {
  usePreloadProvisionalTables();
  const [tab, choose] = useAnalyticsTab();
  const tabList = useRef<HTMLDivElement>(null);
  const content = (value: AnalyticsTab) => {
    if (value !== 'overview') {
      const Content = TAB_CONTENT[value];
      return <Content />;
    }
    return (
      <AnalyticsOverviewTab
        onOpenTab={(opened) => {
          choose(opened);
          // The Explore buttons sit at the foot of a long Overview: show the tab opened from its top.
          tabList.current?.scrollIntoView({ block: 'start' });
        }}
      />
    );
  };
  return (
    <>
      <Group justify="space-between" align="center" gap="sm" mb="md">
        <Title order={1} size="h2">
          Analytics
        </Title>
        <DollarsSwitch todayOnly={tab === 'what-if'} />
      </Group>
      <PageTabs
        tabs={ANALYTICS_TABS}
        label="Analytics sections"
        tab={tab}
        onChange={choose}
        listRef={tabList}
        panel={(value) => <Suspense fallback={<ProjectionSkeleton label="Loading tab" />}>{content(value)}</Suspense>}
      />
    </>
  );
}

/** While the server is asked whether a user the device holds as not subscribed is one (docs/sync.md#the-subscription-flag). */
function CheckingSubscription() {
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Analytics
      </Title>
      <ProjectionSkeleton label="Checking your subscription" />
    </>
  );
}

export function AnalyticsPage() {
  const session = useSession();
  // Asked of the server on every visit: the stored flag may be stale.
  const subscription = useFreshSubscription();
  if (!session.isAuthenticated) return <LoginPrompt title="Authentication Required" message="Please log in to view your analytics." />;
  if (subscription === 'pending') return <CheckingSubscription />;
  if (subscription === 'not-subscribed') return <Upsell />;
  return (
    <DollarsProvider>
      <AnalyticsTabs />
    </DollarsProvider>
  );
}
