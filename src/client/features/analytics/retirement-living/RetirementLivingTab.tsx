/**
 * Retirement Living (spec section 2): 'All Accounts' (view only) and one sub-tab per account, with
 * the Total Withdrawals / Total Interest / Balance at Retirement / Balance at End of Retirement
 * cards, the balance chart, the Insights & Trends panel and the month table (the contribution
 * months, then the living months). Sums cover the months shown; the balance at retirement is read
 * from the whole table (the month before the plan's retirement month), so hiding earlier months
 * does not hide it. An account's month accepts its actual balance (not negative).
 */
import { Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { retirementLivingTotals } from '../../../../engine/insights.ts';
import { centsToDollars } from '../../../../engine/money.ts';
import { monthOfDate, parseMonthKey, type MonthKey } from '../../../../engine/months.ts';
import { monthsInRange, retirementExpenses, type MonthRange } from '../../../../engine/month-views.ts';
import type { RetirementMonth } from '../../../../engine/types.ts';
import { validateRetirementMonth, type RetirementMonthInput } from '../../../../shared/validation/months.ts';
import { useSingle } from '../../../data/hooks.ts';
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
import { retirementMonthsFromWire, type AccountMonths, type WithId } from '../wire.ts';

type Row = WithId<RetirementMonth>;

export const ALL_ACCOUNTS = 'All Accounts';

export const LIVING_COLUMNS: readonly MonthColumn<Row>[] = [
  { header: 'Social Security Income', numeric: true, cell: (row) => wholeUsd(row.socialSecurityIncome) },
  { header: 'Housing', numeric: true, cell: (row) => wholeUsd(row.housing) },
  { header: 'Debts', numeric: true, cell: (row) => wholeUsd(row.debts) },
  { header: 'Expenses', numeric: true, cell: (row) => wholeUsd(retirementExpenses(row)) },
  { header: 'Withdrawals', numeric: true, cell: (row) => wholeUsd(row.withdrawals) },
  { header: 'Interest Earned', numeric: true, cell: (row) => wholeUsd(row.interestEarned) },
  { header: 'Balance', numeric: true, cell: (row) => wholeUsd(row.displayBalance) },
];

/** The month of the plan's retirement date, or null without a plan (or with an unreadable date). */
function retirementMonthOf(plan: Record<string, unknown> | null): MonthKey | null {
  const date = plan?.retirement_date;
  if (typeof date !== 'string' || !parseMonthKey(date.slice(0, 7))) return null;
  return monthOfDate(date);
}

interface ViewProps {
  name: string;
  rows: readonly Row[];
  /** The account, or null for the view-only total. */
  account: AccountMonths<RetirementMonth> | null;
  retirementMonth: MonthKey | null;
  range: MonthRange;
  onRange(range: MonthRange): void;
  provisional: boolean;
  pendingIds: ReadonlySet<number>;
}

function LivingView({ name, rows, account, retirementMonth, range, onRange, provisional, pendingIds }: ViewProps) {
  const today = useToday();
  const [editing, setEditing] = useState<MonthEdit<RetirementMonthInput> | null>(null);
  const shown = useMemo(() => monthsInRange(rows, range, today), [rows, range, today]);
  const chart = useMemo(() => chartSample(shown).map((row) => ({ month: row.month, Balance: centsToDollars(row.displayBalance) })), [shown]);
  const openEdit = useCallback(
    (row: Row) => {
      if (!account) return;
      setEditing({
        title: 'Edit Retirement Month',
        submitLabel: 'Update Retirement Month',
        months: 'retirementMonths',
        rowId: row.id,
        month: row.month,
        entityName: account.name,
        field: 'balance',
        label: 'Balance',
        current: row.displayBalance,
        validate: validateRetirementMonth,
        pick: (value) => value.balance,
      });
    },
    [account],
  );
  if (rows.length === 0) return <MonthsEmpty title={`No Data for ${name}`} withDashboardLink={false} />;
  // Without a plan there is no retirement month: the sums do not depend on it, and the balance at retirement is N/A.
  const sums = retirementLivingTotals(shown, retirementMonth ?? today);
  const atRetirement = retirementMonth === null ? null : retirementLivingTotals(rows, retirementMonth).balanceAtRetirement;
  return (
    <Stack>
      <MonthsToolbar range={range} onRange={onRange} provisional={provisional} />
      <FigureCards
        cards={[
          { label: 'Total Withdrawals', value: wholeUsd(sums.totalWithdrawals) },
          { label: 'Total Interest', value: wholeUsd(sums.totalInterest) },
          { label: 'Balance at Retirement', value: wholeUsd(atRetirement) },
          { label: 'Balance at End of Retirement', value: wholeUsd(sums.balanceAtEndOfRetirement) },
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
        label={`Retirement months, ${name}`}
        rows={shown}
        columns={LIVING_COLUMNS}
        today={today}
        onEdit={account ? openEdit : undefined}
        pendingIds={pendingIds}
        emptyText="No months from the current month on. Choose All Months to see earlier ones."
      />
      {editing && <MonthEditModal edit={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

export function RetirementLivingTab() {
  const { table, provisional, error, pendingIds } = useMonthsTable('retirementMonths', retirementMonthsFromWire);
  const { record: plan } = useSingle('retirementPlan');
  const retirementMonth = retirementMonthOf(plan);
  const [range, setRange] = useMonthRange();
  const header = <Title order={2}>Retirement Living</Title>;
  if (table === null) {
    return (
      <Stack>
        {header}
        {error ? <MonthsLoadError title="Error Loading Retirement Months" message={error} /> : <MonthsNotLoaded />}
      </Stack>
    );
  }
  const accounts = table.accounts;
  const hasRows = table.total.length > 0 || accounts.some((account) => account.months.length > 0);
  return (
    <Stack>
      {header}
      {error && <MonthsLoadError title="Error Loading Retirement Months" message={error} />}
      {!hasRows ? (
        <MonthsEmpty title="No retirement projection yet">Add your retirement accounts and a retirement plan on the dashboard to see how your savings carry you through retirement.</MonthsEmpty>
      ) : (
        <EntityTabs
          label="Retirement accounts"
          allLabel={ALL_ACCOUNTS}
          entities={accounts}
          render={(account, name) => (
            <LivingView
              name={name}
              rows={account ? account.months : table.total}
              account={account}
              retirementMonth={retirementMonth}
              range={range}
              onRange={setRange}
              provisional={provisional}
              pendingIds={pendingIds}
            />
          )}
        />
      )}
    </Stack>
  );
}
