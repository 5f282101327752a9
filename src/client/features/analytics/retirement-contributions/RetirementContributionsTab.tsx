/**
 * Retirement Contributions (docs/product.md#screens-and-routes): 'All Accounts' (view only) and one
 * sub-tab per account, with the Total Contributions / Total Interest / Balance at Retirement cards
 * over the months shown, the balance chart, the Insights & Trends panel and the month table. An
 * account's month accepts its actual end balance (not negative).
 */
import { LimitWarnings, useLimitCheck } from '../../../widgets/limit-warnings.tsx';
import { Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { contributionTotals } from '../../../../engine/insights.ts';
import { monthsInRange } from '../../../../engine/month-views.ts';
import type { ContributionMonth } from '../../../../engine/types.ts';
import { validateContributionMonth, type ContributionMonthInput } from '../../../../shared/validation/months.ts';
import { AccountMonthsView, type AccountMonthEdit, type AccountTabProps } from '../AccountMonthsView.tsx';
import { EntityTabs } from '../EntityTabs.tsx';
import { wholeUsd } from '../../../ui/figure-text.ts';
import { useMonthRange, useToday } from '../../../ui/MonthRange.tsx';
import type { Column } from '../../../ui/column.ts';
import { MonthsEmpty, MonthsLoadError, MonthsNotLoaded } from '../MonthsStatus.tsx';
import { useMonthsTable } from '../../../model/use-months-table.ts';
import { contributionMonthsFromWire, type WithId } from '../../../model/month-wire.ts';

type Row = WithId<ContributionMonth>;

export const ALL_ACCOUNTS = 'All Accounts';

export const CONTRIBUTION_COLUMNS: readonly Column<Row>[] = [
  { header: 'Contributions', align: 'right', cell: (row) => wholeUsd(row.contributions) },
  { header: 'Interest Earned', align: 'right', cell: (row) => wholeUsd(row.interestEarned) },
  { header: 'Balance', align: 'right', cell: (row) => wholeUsd(row.displayBalance) },
];

const EDIT: AccountMonthEdit<ContributionMonthInput> = {
  title: 'Edit Contribution Month',
  submitLabel: 'Update Contribution Month',
  months: 'contributionMonths',
  field: 'input_end_balance',
  label: 'Actual End Balance',
  validate: validateContributionMonth,
  pick: (value) => value.input_end_balance,
};

function ContributionView({ rows, ...view }: AccountTabProps<Row>) {
  const today = useToday();
  const shown = useMemo(() => monthsInRange(rows, view.range, today), [rows, view.range, today]);
  if (rows.length === 0) return <MonthsEmpty title={`No Data for ${view.name}`} withDashboardLink={false} />;
  const totals = contributionTotals(shown);
  const cards = [
    { label: 'Total Contributions', value: wholeUsd(totals.totalContributions) },
    { label: 'Total Interest', value: wholeUsd(totals.totalInterest) },
    { label: 'Balance at Retirement', value: wholeUsd(totals.balanceAtRetirement) },
  ];
  return <AccountMonthsView {...view} shown={shown} cards={cards} tableLabel="Contribution months" columns={CONTRIBUTION_COLUMNS} edit={EDIT} />;
}

/** The contribution-limit insight (docs/projection-rules.md#contribution-limits), from the accounts in the mirror. */
function ContributionLimits() {
  return <LimitWarnings check={useLimitCheck()} />;
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
      <ContributionLimits />
      {accounts.length === 0 ? (
        <MonthsEmpty title="No retirement accounts yet">Add your retirement accounts on the dashboard to see how your contributions grow until you retire.</MonthsEmpty>
      ) : (
        <EntityTabs
          label="Retirement accounts"
          allLabel={ALL_ACCOUNTS}
          entities={accounts}
          render={(account, name) => (
            <ContributionView name={name} rows={account ? account.months : table.total} editable={account !== null} range={range} onRange={setRange} provisional={provisional} pendingIds={pendingIds} />
          )}
        />
      )}
    </Stack>
  );
}
