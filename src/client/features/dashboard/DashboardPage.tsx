/**
 * /dashboard (docs/product.md#screens-and-routes): nine tabs over the mirror. The chosen tab
 * persists in local storage under its documented key (docs/product.md#states-and-transitions), so a
 * reload (or the installed app's next start) opens where the user was.
 */
import { Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { useSession } from '../../data/bindings/hooks.ts';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { PageTabs } from '../../ui/PageTabs.tsx';
import { DebtPlanTab } from './debt-plan/DebtPlanTab.tsx';
import { DebtsTab } from './debts/DebtsTab.tsx';
import { HousingTab } from './housing/HousingTab.tsx';
import { IncomeTab } from './income/IncomeTab.tsx';
import { MonthlyExpensesTab } from './monthly-expenses/MonthlyExpensesTab.tsx';
import { OtherExpensesTab } from './other-expenses/OtherExpensesTab.tsx';
import { OverviewTab } from './overview/OverviewTab.tsx';
import { RetirementAccountsTab } from './retirement-accounts/RetirementAccountsTab.tsx';
import { RetirementPlanTab } from './retirement-plan/RetirementPlanTab.tsx';
import { DASHBOARD_TABS, useDashboardTab, type DashboardTab } from './tabs.ts';

/** Each tab's content but the Overview's, which links to the others. */
const TAB_CONTENT: Record<Exclude<DashboardTab, 'overview'>, ComponentType> = {
  income: IncomeTab,
  housing: HousingTab,
  debts: DebtsTab,
  'debt-plan': DebtPlanTab,
  'monthly-expenses': MonthlyExpensesTab,
  'other-expenses': OtherExpensesTab,
  'retirement-accounts': RetirementAccountsTab,
  'retirement-plan': RetirementPlanTab,
};

export function DashboardPage() {
  const session = useSession();
  const [tab, choose] = useDashboardTab();
  if (!session.isAuthenticated) return <LoginPrompt title="Authentication Required" message="Please log in to access your financial dashboard." />;
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Financial Dashboard
      </Title>
      <PageTabs
        tabs={DASHBOARD_TABS}
        label="Dashboard sections"
        tab={tab}
        onChange={choose}
        panel={(value) => {
          if (value === 'overview') return <OverviewTab onNavigate={choose} />;
          const Content = TAB_CONTENT[value];
          return <Content />;
        }}
      />
    </>
  );
}
