/** The Monthly Expenses tab (spec section 2): cards, the table sorted by due day, add/edit/delete. */
import type { WireRecord } from '../../../data/db.ts';
import { formatCentsUsd, formatUsd } from '../../../ui/money.ts';
import { CollectionTab, type CollectionTabProps } from '../CollectionTab.tsx';
import type { Column } from '../../../ui/column.ts';
import { MonthlyExpenseForm } from './MonthlyExpenseForm.tsx';
import { dueDayOf, expenseSummary, sortByDueDay } from './summary.ts';

const COLUMNS: readonly Column<WireRecord>[] = [
  { header: 'Amount', align: 'right', cell: (expense) => formatUsd(expense.amount) },
  {
    header: 'Due Day',
    cell: (expense) => {
      const day = dueDayOf(expense);
      return day === null ? '—' : `Day ${day}`;
    },
  },
];

const cards = (rows: WireRecord[]) => {
  const { total, average, count } = expenseSummary(rows);
  return [{ label: 'Total Monthly Expenses', value: formatCentsUsd(total) }, { label: 'Average Expense', value: formatCentsUsd(average) }, { label: 'Number of Expenses', value: String(count) }];
};

const MONTHLY_EXPENSES: CollectionTabProps = {
  collection: 'monthlyExpenses', order: sortByDueDay, deleteFailure: 'alert', Form: MonthlyExpenseForm,
  title: 'Monthly Expenses', addLabel: 'Add Expense', emptyText: 'No monthly expenses found',
  cards, nameHeader: 'Name', itemName: (expense) => String(expense.name ?? ''), columns: COLUMNS, tableLabel: 'Monthly expenses', minWidth: 480,
};

export function MonthlyExpensesTab() {
  return <CollectionTab {...MONTHLY_EXPENSES} />;
}
