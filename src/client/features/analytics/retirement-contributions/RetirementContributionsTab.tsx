/**
 * Retirement Contributions (spec section 2): 'All Accounts' (view only) and one sub-tab per
 * account, with the Total Contributions / Total Interest / Balance at Retirement cards over the
 * months shown, the balance chart, the Insights & Trends panel and the month table. An account's
 * month accepts its actual end balance (not negative).
 */
import { Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { contributionTotals } from '../../../../engine/insights.ts';
import { centsToDollars } from '../../../../engine/money.ts';
import { monthsInRange, type MonthRange } from '../../../../engine/month-views.ts';
import type { ContributionMonth } from '../../../../engine/types.ts';
import { validateContributionMonth, type ContributionMonthInput } from '../../../../shared/validation/months.ts';
import { FigureCards } from '../FigureCards.tsx';
import { chartSample } from '../chart-data.ts';
import { EntityTabs } from '../EntityTabs.tsx';
import { wholeUsd } from '../format.ts';
import { InsightsPanel } from '../InsightsPanel.tsx';
import { MonthChart } from '../MonthChart.tsx';
import { MonthEditModal, type MonthEdit } from '../MonthEditModal.tsx';
import { MonthsToolbar, useMonthRange, useToday } from '../month-table/MonthRange.tsx';
import { MonthTable, type MonthColumn } from '../month-table/MonthTable.tsx';
import { MonthsEmpty, MonthsLoadError, MonthsNotLoaded } from '../MonthsStatus.tsx';
import { useMonthsTable } from '../use-months-table.ts';
import { contributionMonthsFromWire, type AccountMonths, type WithId } from '../wire.ts';

type Row = WithId<ContributionMonth>;

export const ALL_ACCOUNTS = 'All Accounts';

export const CONTRIBUTION_COLUMNS: readonly MonthColumn<Row>[] = [
  { header: 'Contributions', numeric: true, cell: (row) => wholeUsd(row.contributions) },
  { header: 'Interest Earned', numeric: true, cell: (row) => wholeUsd(row.interestEarned) },
  { header: 'Balance', numeric: true, cell: (row) => wholeUsd(row.displayBalance) },
];

interface ViewProps {
  name: string;
  rows: readonly Row[];
  /** The account, or null for the view-only total. */
  account: AccountMonths<ContributionMonth> | null;
  range: MonthRange;
  onRange(range: MonthRange): void;
  provisional: boolean;
  pendingIds: ReadonlySet<number>;
}

function ContributionView({ name, rows, account, range, onRange, provisional, pendingIds }: ViewProps) {
  const today = useToday();
  const [editing, setEditing] = useState<MonthEdit<ContributionMonthInput> | null>(null);
  const shown = useMemo(() => monthsInRange(rows, range, today), [rows, range, today]);
  const chart = useMemo(() => chartSample(shown).map((row) => ({ month: row.month, Balance: centsToDollars(row.displayBalance) })), [shown]);
  const openEdit = useCallback(
    (row: Row) => {
      if (!account) return;
      setEditing({
        title: 'Edit Contribution Month',
        submitLabel: 'Update Contribution Month',
        months: 'contributionMonths',
        rowId: row.id,
        month: row.month,
        entityName: account.name,
        field: 'input_end_balance',
        label: 'Actual End Balance',
        current: row.displayBalance,
        validate: validateContributionMonth,
        pick: (value) => value.input_end_balance,
      });
    },
    [account],
  );
  if (rows.length === 0) return <MonthsEmpty title={`No Data for ${name}`} withDashboardLink={false} />;
  const totals = contributionTotals(shown);
  return (
    <Stack>
      <MonthsToolbar range={range} onRange={onRange} provisional={provisional} />
      <FigureCards
        cards={[
          { label: 'Total Contributions', value: wholeUsd(totals.totalContributions) },
          { label: 'Total Interest', value: wholeUsd(totals.totalInterest) },
          { label: 'Balance at Retirement', value: wholeUsd(totals.balanceAtRetirement) },
        ]}
      />
      <MonthChart label={`Balance by month, ${name}`} data={chart} series={[{ name: 'Balance', color: 'teal.6' }]} />
      <InsightsPanel rows={shown} />
      {!account && (
        <Text size="sm" c="dimmed">
          The total of all accounts is view only: choose an account to enter its actual balance.
        </Text>
      )}
      <MonthTable
        label={`Contribution months, ${name}`}
        rows={shown}
        columns={CONTRIBUTION_COLUMNS}
        today={today}
        onEdit={account ? openEdit : undefined}
        pendingIds={pendingIds}
        emptyText="No months from the current month on. Choose All Months to see earlier ones."
      />
      {editing && <MonthEditModal edit={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

export function RetirementContributionsTab() {
  const { table, provisional, error, pendingIds } = useMonthsTable('contributionMonths', contributionMonthsFromWire);
  const [range, setRange] = useMonthRange();
  const header = <Title order={2}>Retirement Contributions</Title>;
  if (table === null) {
    return (
      <Stack>
        {header}
        {error ? <MonthsLoadError title="Error Loading Contribution Months" message={error} /> : <MonthsNotLoaded />}
      </Stack>
    );
  }
  const accounts = table.accounts;
  return (
    <Stack>
      {header}
      {error && <MonthsLoadError title="Error Loading Contribution Months" message={error} />}
      {accounts.length === 0 ? (
        <MonthsEmpty title="No retirement accounts yet">Add your retirement accounts on the dashboard to see how your contributions grow until you retire.</MonthsEmpty>
      ) : (
        <EntityTabs
          label="Retirement accounts"
          allLabel={ALL_ACCOUNTS}
          entities={accounts}
          render={(account, name) => (
            <ContributionView name={name} rows={account ? account.months : table.total} account={account} range={range} onRange={setRange} provisional={provisional} pendingIds={pendingIds} />
          )}
        />
      )}
    </Stack>
  );
}
