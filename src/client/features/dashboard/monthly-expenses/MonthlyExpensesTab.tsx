/** The Monthly Expenses tab (docs/product.md#screens-and-routes): cards, the table sorted by due day, add/edit/delete. */
import { formatCentsUsd, formatUsd } from '../../../ui/money.ts';
import { endMonthText } from '../end-month.ts';
import { CollectionTab, type CollectionTabProps } from '../CollectionTab.tsx';
import type { Column } from '../../../ui/column.ts';
import { MonthlyExpenseForm } from './MonthlyExpenseForm.tsx';
import { dueDayOf, expenseSummary, sortByDueDay } from '../../../model/summaries/monthly-expenses.ts';
import type { WireRecordOf } from '../../../../shared/resources.ts';

type Row = WireRecordOf<'monthlyExpenses'>;

const COLUMNS: readonly Column<Row>[] = [
  { header: 'Amount', align: 'right', cell: (expense) => formatUsd(expense.amount) },
  {
    header: 'Due Day',
    cell: (expense) => {
      const day = dueDayOf(expense);
      return day === null ? '—' : `Day ${day}`;
    },
  },
  // What the plan uses: an expense with an end month stops after it (docs/projection-rules.md#plan-assumptions).
  { header: 'Ends', cell: (expense) => endMonthText(expense.end_month) },
];

const cards = (rows: Row[]) => {
  const { total, average, count } = expenseSummary(rows);
  return [{ label: 'Total Monthly Expenses', value: formatCentsUsd(total) }, { label: 'Average Expense', value: formatCentsUsd(average) }, { label: 'Number of Expenses', value: String(count) }];
};

const MONTHLY_EXPENSES: CollectionTabProps<'monthlyExpenses'> = {
  collection: 'monthlyExpenses', order: sortByDueDay, deleteFailure: 'alert', Form: MonthlyExpenseForm,
  title: 'Monthly Expenses', addLabel: 'Add Expense', emptyText: 'No monthly expenses found',
  cards, nameHeader: 'Name', itemName: (expense) => expense.name, columns: COLUMNS, tableLabel: 'Monthly expenses', minWidth: 560,
};

export function MonthlyExpensesTab() {
  return <CollectionTab {...MONTHLY_EXPENSES} />;
}
