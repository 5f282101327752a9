/**
 * Retirement Living (docs/product.md#screens-and-routes): 'All Accounts' (view only) and one
 * sub-tab per account, with the Total Withdrawals / Total Interest / Balance at Retirement /
 * Balance at End of Retirement cards, the balance chart, the Insights & Trends panel and the month
 * table (the contribution months, then the living months). 'Current & Future' starts at the later
 * of the current month and the plan's retirement month: the months before retirement are Retirement
 * Contributions' (here they are rows of $0 withdrawals), so only 'All Months' shows them. Sums
 * cover the months shown; the balance at retirement is read from the whole table (the month before
 * the plan's retirement month), so hiding earlier months does not hide it. An account's month
 * accepts its actual balance (not negative).
 */
import { Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { retirementLivingTotals } from '../../../../engine/insights.ts';
import { monthOfDate, parseMonthKey, type MonthKey } from '../../../../engine/months.ts';
import { monthsInRange, retirementExpenses } from '../../../../engine/month-views.ts';
import { ZERO } from '../../../../engine/money.ts';
import { validateRetirementMonth, type RetirementMonthInput } from '../../../../shared/validation/months.ts';
import type { WireRecordOf } from '../../../../shared/resources.ts';
import { useSingle } from '../../../data/hooks.ts';
import { AccountMonthsView, type AccountMonthEdit, type AccountTabProps } from '../AccountMonthsView.tsx';
import { EntityTabs } from '../EntityTabs.tsx';
import { wholeUsd } from '../format.ts';
import { useMonthRange, useToday } from '../month-table/MonthRange.tsx';
import type { Column } from '../../../ui/column.ts';
import { MonthsEmpty, MonthsLoadError, MonthsNotLoaded } from '../MonthsStatus.tsx';
import { useMonthsTable } from '../use-months-table.ts';
import { retirementMonthsFromWire, type RetirementRow, type WithId } from '../wire.ts';

type Row = WithId<RetirementRow>;

export const ALL_ACCOUNTS = 'All Accounts';

export const LIVING_COLUMNS: readonly Column<Row>[] = [
  { header: 'Social Security Income', align: 'right', cell: (row) => wholeUsd(row.socialSecurityIncome) },
  { header: 'Housing', align: 'right', cell: (row) => wholeUsd(row.housing) },
  { header: 'Debts', align: 'right', cell: (row) => wholeUsd(row.debts) },
  { header: 'Expenses', align: 'right', cell: (row) => wholeUsd(retirementExpenses(row)) },
  { header: 'Withdrawals', align: 'right', cell: (row) => wholeUsd(row.withdrawals) },
  { header: 'Interest Earned', align: 'right', cell: (row) => wholeUsd(row.interestEarned) },
  { header: 'Balance', align: 'right', cell: (row) => wholeUsd(row.displayBalance) },
];

/**
 * Plan-assumption columns (docs/projection-rules.md#plan-assumptions), shown while the rows carry
 * them (plan assumptions set).
 */
const TAXES_COLUMN: Column<Row> = { header: 'Taxes', align: 'right', cell: (row) => wholeUsd(row.taxes ?? ZERO) };
const CASH_COLUMNS: readonly Column<Row>[] = [
  { header: 'Cash Used', align: 'right', cell: (row) => wholeUsd(row.cashWithdrawals ?? ZERO) },
  { header: 'Cash Left', align: 'right', cell: (row) => wholeUsd(row.cashBalance ?? ZERO) },
];

/** The living columns with Taxes after Withdrawals and the cash columns before Balance, when the rows have them. */
export function livingColumns(taxes: boolean, cash: boolean): readonly Column<Row>[] {
  if (!taxes && !cash) return LIVING_COLUMNS;
  const withdrawals = LIVING_COLUMNS.findIndex((column) => column.header === 'Withdrawals');
  const columns = [...LIVING_COLUMNS.slice(0, withdrawals + 1), ...(taxes ? [TAXES_COLUMN] : []), ...LIVING_COLUMNS.slice(withdrawals + 1, -1)];
  return [...columns, ...(cash ? CASH_COLUMNS : []), LIVING_COLUMNS.at(-1)!];
}

/** The month of the plan's retirement date (the engine's, horizon.ts), or null without a plan (or with an unreadable date). */
function retirementMonthOf(plan: WireRecordOf<'retirementPlan'> | null): MonthKey | null {
  const date = plan?.retirement_date;
  if (date === undefined || !parseMonthKey(date.slice(0, 7))) return null;
  return monthOfDate(date);
}

/**
 * The first month 'Current & Future' shows: the later of the current month and the retirement
 * month, or the current month without a plan. Example: today 2026-03, retirement 2026-05 →
 * 2026-05; today 2026-06 → 2026-06.
 */
function livingFrom(today: MonthKey, retirementMonth: MonthKey | null): MonthKey {
  return retirementMonth !== null && retirementMonth > today ? retirementMonth : today;
}

const EDIT: AccountMonthEdit<RetirementMonthInput> = {
  title: 'Edit Retirement Month',
  submitLabel: 'Update Retirement Month',
  months: 'retirementMonths',
  field: 'balance',
  label: 'Balance',
  validate: validateRetirementMonth,
  pick: (value) => value.balance,
};

interface ViewProps extends AccountTabProps<Row> {
  retirementMonth: MonthKey | null;
}

function LivingView({ rows, retirementMonth, ...view }: ViewProps) {
  const today = useToday();
  const shown = useMemo(() => monthsInRange(rows, view.range, livingFrom(today, retirementMonth)), [rows, view.range, today, retirementMonth]);
  const taxes = rows.some((row) => row.taxes !== undefined);
  const cash = rows.some((row) => row.cashBalance !== undefined);
  const columns = useMemo(() => livingColumns(taxes, cash), [taxes, cash]);
  if (rows.length === 0) return <MonthsEmpty title={`No Data for ${view.name}`} withDashboardLink={false} />;
  // Without a plan there is no retirement month: the sums do not depend on it, and the balance at retirement is N/A.
  const sums = retirementLivingTotals(shown, retirementMonth ?? today);
  const atRetirement = retirementMonth === null ? null : retirementLivingTotals(rows, retirementMonth).balanceAtRetirement;
  const cards = [
    { label: 'Total Withdrawals', value: wholeUsd(sums.totalWithdrawals) },
    { label: 'Total Interest', value: wholeUsd(sums.totalInterest) },
    { label: 'Balance at Retirement', value: wholeUsd(atRetirement) },
    { label: 'Balance at End of Retirement', value: wholeUsd(sums.balanceAtEndOfRetirement) },
  ];
  return <AccountMonthsView {...view} shown={shown} cards={cards} tableLabel="Retirement months" columns={columns} edit={EDIT} />;
}

export function RetirementLivingTab() {
  const { table, provisional, error, pendingIds } = useMonthsTable('retirementMonths', retirementMonthsFromWire);
  const { record: plan, loading: planLoading } = useSingle('retirementPlan');
  const retirementMonth = retirementMonthOf(plan);
  const [range, setRange] = useMonthRange();
  const header = <Title order={2}>Retirement Living</Title>;
  // Until the plan's first answer, where 'Current & Future' starts is not known: the skeleton,
  // rather than the months before retirement for a moment.
  if (table === null || (planLoading && plan === null)) {
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
              editable={account !== null}
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
