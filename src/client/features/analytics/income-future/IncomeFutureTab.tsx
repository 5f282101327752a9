/**
 * Income Future (docs/product.md#screens-and-routes): the income month table with its End Balance
 * in green or red, the average and 5/10/20-year cards, and a chart of the end balance. The cards
 * cover the months the toggle shows (so they always agree with the rows beside them); the projected
 * end balances read the month now + N years from the whole table.
 *
 * Without any income record the server still sends its full table of months ($0 throughout when
 * nothing else is recorded either), which says nothing about an income future: the tab shows its
 * empty state instead. Telling "none" from "not known yet" needs the incomes' answer: until the
 * mirror has one, the tab shows its skeleton rather than flash the table or the empty state.
 */
import { nominalRow } from '../../../model/dollars.tsx';
import { Stack, Title } from '@mantine/core';
import { useCallback, useMemo, type ReactNode } from 'react';
import {
  incomeAverages,
  incomeDisplayEndBalance,
  incomeEndBalances,
  projectedEndBalanceAt,
  PROJECTION_YEARS,
} from '../../../../engine/insights.ts';
import { centsToDollars, ZERO } from '../../../../engine/money.ts';
import { incomeExpensesAndOther, monthsInRange } from '../../../../engine/month-views.ts';
import type { IncomeMonth } from '../../../../engine/types.ts';
import { validateIncomeMonth, type IncomeMonthInput } from '../../../../shared/validation/months.ts';
import { useCollection } from '../../../data/bindings/hooks.ts';
import { FigureCards } from '../FigureCards.tsx';
import { chartSample } from '../chart-data.ts';
import { ToneAmount } from '../Figures.tsx';
import { wholeUsd } from '../../../ui/figure-text.ts';
import { MonthChart } from '../MonthChart.tsx';
import type { MonthEdit } from '../MonthEditModal.tsx';
import { MonthsToolbar, useMonthRange, useToday } from '../../../ui/MonthRange.tsx';
import { EditableMonthTable } from '../month-table/EditableMonthTable.tsx';
import { ColumnNotes } from '../month-table/ColumnNotes.tsx';
import { INCOME_NOTES, incomeHeaders, type IncomeHeader } from '../../../model/month-columns.ts';
import type { Column } from '../../../ui/column.ts';
import { MonthsEmpty, MonthsLoadError, MonthsNotLoaded, MonthsSkeleton } from '../MonthsStatus.tsx';
import { useMonthsTable } from '../../../model/use-months-table.ts';
import { incomeMonthsFromWire, type WithId } from '../../../model/month-wire.ts';

type Row = WithId<IncomeMonth>;

/** Each income column's cells (month-columns.ts decides which show, and in what order). */
const INCOME_CELLS: Readonly<Record<IncomeHeader, (row: Row) => ReactNode>> = {
  'Net Income': (row) => wholeUsd(row.netIncome),
  // Cash interest (docs/projection-rules.md#plan-assumptions), while plan assumptions are set.
  'Interest Earned': (row) => wholeUsd(row.interestEarned ?? ZERO),
  Retirement: (row) => wholeUsd(row.retirementContributions),
  Housing: (row) => wholeUsd(row.housing),
  Expenses: (row) => wholeUsd(incomeExpensesAndOther(row)),
  Debts: (row) => wholeUsd(row.debts),
  // Moved to the surplus account (docs/projection-rules.md#where-the-money-goes).
  Saved: (row) => wholeUsd(row.saved ?? ZERO),
  'End Balance': (row) => <ToneAmount value={incomeDisplayEndBalance(row)} />,
};

/** The columns after Month for these rows. */
export function incomeColumns(rows: readonly Row[]): readonly Column<Row>[] {
  return incomeHeaders(rows).map((header) => ({ header, align: 'right', cell: INCOME_CELLS[header] }));
}

const NO_ROWS: readonly Row[] = [];

export function projectionLabel(years: number): string {
  return `Projected End Balance in ${years} Years`;
}

export function IncomeFutureTab() {
  const { table, provisional, error, pendingIds } = useMonthsTable('incomeMonths', incomeMonthsFromWire);
  const incomes = useCollection('incomes');
  // No income records, as far as the mirror knows from a fetch that succeeded (or from edits made
  // since): the table shows nothing worth reading. Never fetched (offline on a new device, or the
  // fetch failed) is not "none": the table shows as it is.
  const noIncome = incomes.rows.length === 0 && incomes.lastFetched !== null;
  const rows = table === null ? null : noIncome ? NO_ROWS : table;
  const today = useToday();
  const [range, setRange] = useMonthRange();
  const shown = useMemo(() => (rows ? monthsInRange(rows, range, today) : []), [rows, range, today]);
  const columns = useMemo(() => incomeColumns(rows ?? NO_ROWS), [rows]);
  const chart = useMemo(() => chartSample(shown).map((row) => ({ month: row.month, 'End Balance': centsToDollars(incomeDisplayEndBalance(row)) })), [shown]);
  const editOf = useCallback(
    (row: Row): MonthEdit<IncomeMonthInput> => ({
        title: 'Edit Income Month',
        submitLabel: 'Update Income Month',
        months: 'incomeMonths',
        rowId: row.id,
        month: row.month,
        field: 'input_end_balance',
        label: 'Actual End Balance',
        allowNegative: true,
        current: incomeDisplayEndBalance(nominalRow(row)),
        validate: validateIncomeMonth,
        pick: (value) => value.input_end_balance,
      }),
    [],
  );

  const header = <Title order={2}>Income Future</Title>;
  if (rows === null) {
    return (
      <Stack>
        {header}
        {error ? <MonthsLoadError title="Error Loading Income Months" message={error} /> : <MonthsNotLoaded />}
      </Stack>
    );
  }
  if (incomes.loading && incomes.rows.length === 0) {
    return (
      <Stack>
        {header}
        <MonthsSkeleton />
      </Stack>
    );
  }

  const averages = incomeAverages(shown);
  const endBalances = incomeEndBalances(rows);
  // The cards show even without rows: "$0 when there are no rows" (docs/product.md#screens-and-routes).
  const cards = (
    <FigureCards
      cards={[
        { label: 'Average Net Income', value: wholeUsd(averages.averageNetIncome) },
        { label: 'Average Total Expenses', value: wholeUsd(averages.averageTotalExpenses) },
        { label: 'Average Income Less Expenses', value: wholeUsd(averages.averageIncomeLessExpenses) },
        ...PROJECTION_YEARS.map((years) => ({ label: projectionLabel(years), value: wholeUsd(projectedEndBalanceAt(endBalances, today, years)) })),
      ]}
    />
  );
  return (
    <Stack>
      {header}
      {error && <MonthsLoadError title="Error Loading Income Months" message={error} />}
      {rows.length === 0 ? (
        <>
          {cards}
          <MonthsEmpty title="No income months yet">Add your income, housing and expenses on the dashboard to see your month-by-month projection.</MonthsEmpty>
        </>
      ) : (
        <>
          <MonthsToolbar range={range} onRange={setRange} provisional={provisional} />
          {cards}
          <MonthChart label="End balance by month" data={chart} series={[{ name: 'End Balance', color: 'teal.6' }]} type="split" />
          <ColumnNotes headers={columns.map((column) => column.header)} notes={INCOME_NOTES} />
          <EditableMonthTable label="Income months" rows={shown} columns={columns} today={today} editOf={editOf} pendingIds={pendingIds} />
        </>
      )}
    </Stack>
  );
}
