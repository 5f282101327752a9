/**
 * Debt Progress (docs/product.md#screens-and-routes): 'All Debts' (view only: its rows are sums,
 * nothing to correct) and one sub-tab per debt, each with the Total Payments / Interest Paid /
 * Principal Paid cards over the months shown, principal against interest in a chart, and the month
 * table with % Paid coloured by the engine's band. A debt's month accepts its actual remaining
 * balance, checked against that debt's rate and payment.
 */
import { nominalRow } from '../../../model/dollars.tsx';
import { Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { debtTotals } from '../../../../engine/insights.ts';
import { centsToDollars } from '../../../../engine/money.ts';
import { monthsInRange, type MonthRange } from '../../../../engine/month-views.ts';
import type { DebtMonth } from '../../../../engine/types.ts';
import { validateDebtMonth, type DebtMonthInput } from '../../../../shared/validation/months.ts';
import { FigureCards } from '../FigureCards.tsx';
import { chartSample } from '../chart-data.ts';
import { PercentPaid } from '../Figures.tsx';
import { wholeUsd } from '../../../ui/figure-text.ts';
import { EntityTabs } from '../EntityTabs.tsx';
import { MonthChart } from '../MonthChart.tsx';
import type { MonthEdit } from '../MonthEditModal.tsx';
import { MonthsToolbar, useMonthRange, useToday } from '../../../ui/MonthRange.tsx';
import { EditableMonthTable } from '../month-table/EditableMonthTable.tsx';
import type { Column } from '../../../ui/column.ts';
import { MonthsEmpty, MonthsLoadError, MonthsNotLoaded } from '../MonthsStatus.tsx';
import { useMonthsTable } from '../../../model/use-months-table.ts';
import { debtMonthsFromWire, type DebtMonths, type WithId } from '../../../model/month-wire.ts';

type Row = WithId<DebtMonth>;

export const ALL_DEBTS = 'All Debts';

export const DEBT_COLUMNS: readonly Column<Row>[] = [
  { header: 'Total Payment', align: 'right', cell: (row) => wholeUsd(row.payment) },
  { header: 'Principal', align: 'right', cell: (row) => wholeUsd(row.principalPaid) },
  { header: 'Interest', align: 'right', cell: (row) => wholeUsd(row.interestPaid) },
  { header: 'End Balance', align: 'right', cell: (row) => wholeUsd(row.displayEndBalance) },
  { header: '% Paid', align: 'right', cell: (row) => <PercentPaid value={row.percentPaid} /> },
];

interface ViewProps {
  name: string;
  rows: readonly Row[];
  /** The debt, or null for the view-only total. */
  debt: DebtMonths | null;
  range: MonthRange;
  onRange(range: MonthRange): void;
  provisional: boolean;
  pendingIds: ReadonlySet<number>;
}

function DebtView({ name, rows, debt, range, onRange, provisional, pendingIds }: ViewProps) {
  const today = useToday();
  const shown = useMemo(() => monthsInRange(rows, range, today), [rows, range, today]);
  const chart = useMemo(
    () => chartSample(shown).map((row) => ({ month: row.month, Principal: centsToDollars(row.principalPaid), Interest: centsToDollars(row.interestPaid) })),
    [shown],
  );
  const editOf = useMemo(
    () =>
      debt
        ? (row: Row): MonthEdit<DebtMonthInput> => ({
            title: 'Edit Debt Month',
            submitLabel: 'Update Debt Month',
            months: 'debtMonths',
            rowId: row.id,
            month: row.month,
            entityName: debt.name,
            field: 'input_remaining_balance',
            label: 'Remaining Balance',
            current: nominalRow(row).displayEndBalance,
            validate: (values) => validateDebtMonth(values, { apr: debt.apr, monthlyPayment: debt.monthlyPayment }),
            pick: (value) => value.input_remaining_balance,
          })
        : undefined,
    [debt],
  );
  if (rows.length === 0) return <MonthsEmpty title={`No Data for ${name}`} withDashboardLink={false} />;
  const totals = debtTotals(shown);
  return (
    <Stack>
      <MonthsToolbar range={range} onRange={onRange} provisional={provisional} />
      <FigureCards
        cards={[
          { label: 'Total Payments', value: wholeUsd(totals.totalPayments) },
          { label: 'Interest Paid', value: wholeUsd(totals.interestPaid) },
          { label: 'Principal Paid', value: wholeUsd(totals.principalPaid) },
        ]}
      />
      <MonthChart
        label={`Principal and interest paid by month, ${name}`}
        data={chart}
        type="stacked"
        series={[
          { name: 'Principal', color: 'blue.6' },
          { name: 'Interest', color: 'orange.6' },
        ]}
      />
      {!debt && (
        <Text size="sm" c="dimmed">
          The total of all debts is view only: choose a debt to enter its actual balance.
        </Text>
      )}
      <EditableMonthTable label={`Debt months, ${name}`} rows={shown} columns={DEBT_COLUMNS} today={today} editOf={editOf} pendingIds={pendingIds} />
    </Stack>
  );
}

export function DebtProgressTab() {
  const { table, provisional, error, pendingIds } = useMonthsTable('debtMonths', debtMonthsFromWire);
  // One toggle for the tab: it stays as chosen when another debt is picked.
  const [range, setRange] = useMonthRange();
  const header = <Title order={2}>Debt Progress</Title>;
  if (table === null) {
    return (
      <Stack>
        {header}
        {error ? <MonthsLoadError title="Error Loading Debt Months" message={error} /> : <MonthsNotLoaded />}
      </Stack>
    );
  }
  const debts = table.debts;
  return (
    <Stack>
      {header}
      {error && <MonthsLoadError title="Error Loading Debt Months" message={error} />}
      {debts.length === 0 ? (
        <MonthsEmpty title="No debts to track yet">Add your debts on the dashboard to follow how each one is paid off, month by month.</MonthsEmpty>
      ) : (
        <EntityTabs
          label="Debts"
          allLabel={ALL_DEBTS}
          entities={debts}
          render={(debt, name) => (
            <DebtView name={name} rows={debt ? debt.months : table.total} debt={debt} range={range} onRange={setRange} provisional={provisional} pendingIds={pendingIds} />
          )}
        />
      )}
    </Stack>
  );
}
