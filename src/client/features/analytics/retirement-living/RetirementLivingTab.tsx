/**
 * Retirement Living (docs/product.md#screens-and-routes): 'All Accounts' (view only) and one
 * sub-tab per account, with the Total Withdrawals / Total Interest / Balance at Retirement /
 * Balance at End of Retirement cards, the balance chart, the Insights & Trends panel and the month
 * table (the contribution months, then the living months); in bracket mode (a filing status set)
 * 'All Accounts' ends with the taxes of each year (TaxesByYear). 'Current & Future' starts at the later
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
import { useSingle } from '../../../data/bindings/hooks.ts';
import { AccountMonthsView, type AccountMonthEdit, type AccountTabProps } from '../AccountMonthsView.tsx';
import { EntityTabs } from '../EntityTabs.tsx';
import { wholeUsd } from '../../../ui/figure-text.ts';
import { useMonthRange, useToday } from '../../../ui/MonthRange.tsx';
import type { Column } from '../../../ui/column.ts';
import { MonthsEmpty, MonthsLoadError, MonthsNotLoaded } from '../MonthsStatus.tsx';
import { useMonthsTable } from '../../../model/use-months-table.ts';
import { retirementMonthsFromWire, type RetirementRow, type WithId } from '../../../model/month-wire.ts';
import { LIVING_NOTES, livingHeaders, type LivingHeader } from '../../../model/month-columns.ts';
import { hasTaxYears } from '../../../model/tax-years.ts';
import { TaxesByYear } from './TaxesByYear.tsx';

type Row = WithId<RetirementRow>;

export const ALL_ACCOUNTS = 'All Accounts';

/** Each living column's cells (month-columns.ts decides which show, and in what order). */
const LIVING_CELLS: Readonly<Record<LivingHeader, (row: Row) => string>> = {
  'Social Security Income': (row) => wholeUsd(row.socialSecurityIncome),
  Housing: (row) => wholeUsd(row.housing),
  Debts: (row) => wholeUsd(row.debts),
  Expenses: (row) => wholeUsd(retirementExpenses(row)),
  // Plan-assumption figures (docs/projection-rules.md#plan-assumptions, #where-the-money-goes),
  // on total rows or while plan assumptions are set.
  Need: (row) => wholeUsd(row.need ?? ZERO),
  Withdrawals: (row) => wholeUsd(row.withdrawals),
  Conversion: (row) => wholeUsd(row.conversion ?? ZERO),
  Taxes: (row) => wholeUsd(row.taxes ?? ZERO),
  'Interest Earned': (row) => wholeUsd(row.interestEarned),
  'Cash Used': (row) => wholeUsd(row.cashWithdrawals ?? ZERO),
  'Cash Left': (row) => wholeUsd(row.cashBalance ?? ZERO),
  Balance: (row) => wholeUsd(row.displayBalance),
};

/** The columns after Month for these rows. */
export function livingColumns(rows: readonly Row[]): readonly Column<Row>[] {
  return livingHeaders(rows).map((header) => ({ header, align: 'right', cell: LIVING_CELLS[header] }));
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
  const columns = useMemo(() => livingColumns(rows), [rows]);
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
  const months = <AccountMonthsView {...view} shown={shown} cards={cards} tableLabel="Retirement months" columns={columns} edit={EDIT} notes={LIVING_NOTES} />;
  // The total's tax years, in bracket mode only (TaxesByYear shows nothing without them).
  if (view.editable || !hasTaxYears(rows)) return months;
  return (
    <Stack>
      {months}
      <TaxesByYear rows={rows} />
    </Stack>
  );
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
