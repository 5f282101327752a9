/**
 * /dashboard (docs/product.md#screens-and-routes): nine tabs over the mirror. The chosen tab
 * persists in local storage under its documented key (docs/product.md#states-and-transitions), so a
 * reload (or the installed app's next start) opens where the user was.
 */
import { Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { STORAGE_KEYS } from '../../data/session.ts';
import { useSession } from '../../data/hooks.ts';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { TabStrip } from '../../ui/TabStrip.tsx';
import { DebtPlanTab } from './debt-plan/DebtPlanTab.tsx';
import { DebtsTab } from './debts/DebtsTab.tsx';
import { HousingTab } from './housing/HousingTab.tsx';
import { IncomeTab } from './income/IncomeTab.tsx';
import { MonthlyExpensesTab } from './monthly-expenses/MonthlyExpensesTab.tsx';
import { OtherExpensesTab } from './other-expenses/OtherExpensesTab.tsx';
import { OverviewTab } from './overview/OverviewTab.tsx';
import { RetirementAccountsTab } from './retirement-accounts/RetirementAccountsTab.tsx';
import { RetirementPlanTab } from './retirement-plan/RetirementPlanTab.tsx';
import { DASHBOARD_TABS, isDashboardTab, storedDashboardTab, type DashboardTab } from './tabs.ts';

export function DashboardPage() {
  const session = useSession();
  const [tab, setTab] = useState<DashboardTab>(storedDashboardTab);
  if (!session.isAuthenticated) return <LoginPrompt title="Authentication Required" message="Please log in to access your financial dashboard." />;
  const choose = (value: string | null) => {
    if (!isDashboardTab(value)) return;
    window.localStorage.setItem(STORAGE_KEYS.dashboardTab, value);
    setTab(value);
  };
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Financial Dashboard
      </Title>
      <Tabs value={tab} onChange={choose} keepMounted={false} variant="outline">
        <TabStrip label="Dashboard sections" selected={tab}>
          {DASHBOARD_TABS.map(({ value, label }) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </TabStrip>
        <Tabs.Panel value="overview" pt="md">
          <OverviewTab onNavigate={choose} />
        </Tabs.Panel>
        <Tabs.Panel value="income" pt="md">
          <IncomeTab />
        </Tabs.Panel>
        <Tabs.Panel value="housing" pt="md">
          <HousingTab />
        </Tabs.Panel>
        <Tabs.Panel value="debts" pt="md">
          <DebtsTab />
        </Tabs.Panel>
        <Tabs.Panel value="debt-plan" pt="md">
          <DebtPlanTab />
        </Tabs.Panel>
        <Tabs.Panel value="monthly-expenses" pt="md">
          <MonthlyExpensesTab />
        </Tabs.Panel>
        <Tabs.Panel value="other-expenses" pt="md">
          <OtherExpensesTab />
        </Tabs.Panel>
        <Tabs.Panel value="retirement-accounts" pt="md">
          <RetirementAccountsTab />
        </Tabs.Panel>
        <Tabs.Panel value="retirement-plan" pt="md">
          <RetirementPlanTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
