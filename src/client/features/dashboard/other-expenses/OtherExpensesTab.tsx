/**
 * The One-Time Expenses tab (docs/product.md#screens-and-routes): Current and Past sub-tabs split
 * at the current month of the injectable clock, each with its own cards and table. A refused delete
 * is only logged (docs/product.md#states-and-transitions).
 */
import { localMonth } from '../../../../engine/months.ts';
import { useClock } from '../../../ui/clock.tsx';
import { formatCentsUsd, formatUsd } from '../../../ui/money.ts';
import { CollectionTab, type CollectionTabBase, type CollectionSubTab } from '../CollectionTab.tsx';
import type { Column } from '../../../ui/column.ts';
import { expenseSummary } from '../../../model/summaries/monthly-expenses.ts';
import { OtherExpenseForm } from './OtherExpenseForm.tsx';
import { splitByMonth } from '../../../model/summaries/other-expenses.ts';
import type { WireRecordOf } from '../../../../shared/resources.ts';

type Row = WireRecordOf<'otherExpenses'>;

export const PAST_EMPTY = 'No past expenses. Expenses move here once their month has passed.';
export const CURRENT_EMPTY = 'No current expenses found';

const COLUMNS: readonly Column<Row>[] = [
  { header: 'Amount', align: 'right', cell: (expense) => formatUsd(expense.amount) },
  { header: 'Month', cell: (expense) => expense.month },
];

const cards = (rows: Row[]) => {
  const { count, total, average } = expenseSummary(rows);
  return [{ label: 'Total Expenses', value: String(count) }, { label: 'Total Amount', value: formatCentsUsd(total) }, { label: 'Average Amount', value: formatCentsUsd(average) }];
};

const OTHER_EXPENSES: CollectionTabBase<'otherExpenses'> = {
  collection: 'otherExpenses', deleteFailure: 'log', Form: OtherExpenseForm,
  title: 'One-Time Expenses', addLabel: 'Add Expense',
  cards, nameHeader: 'Description', itemName: (expense) => expense.description, columns: COLUMNS, minWidth: 480,
};

export function OtherExpensesTab() {
  // The split moves with the clock's month, so the views are made on each render.
  const month = localMonth(useClock()());
  const current: CollectionSubTab<'otherExpenses'> = { value: 'current', label: 'Current Expenses', select: (rows) => splitByMonth(rows, month).current, emptyText: CURRENT_EMPTY, tableLabel: 'Current expenses' };
  const past: CollectionSubTab<'otherExpenses'> = { value: 'past', label: 'Past Expenses', select: (rows) => splitByMonth(rows, month).past, emptyText: PAST_EMPTY, tableLabel: 'Past expenses' };
  return <CollectionTab {...OTHER_EXPENSES} views={{ label: 'One-time expenses by month', items: [current, past] }} />;
}
