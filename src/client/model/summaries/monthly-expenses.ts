/** The Monthly Expenses tab's order and cards (docs/product.md#screens-and-routes), summed in integer cents. */
import { averageCents, type Cents } from '../../../engine/money.ts';
import type { WireRecordOf } from '../../../shared/resources.ts';
import { sumWire } from '../../ui/money.ts';

type Expense = WireRecordOf<'monthlyExpenses'>;

/** The due day of an expense; it may arrive as `due_day` or `dueDay` (docs/product.md#entities). */
export function dueDayOf(expense: Expense & { readonly dueDay?: unknown }): number | null {
  const raw: unknown = expense.due_day ?? expense.dueDay;
  const day = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  return Number.isFinite(day) ? day : null;
}

/** Due day ascending; a missing day last; ties by id so the order never flickers. */
export function sortByDueDay(expenses: readonly Expense[]): Expense[] {
  return [...expenses].sort((a, b) => {
    const x = dueDayOf(a);
    const y = dueDayOf(b);
    if (x === null || y === null) return x === y ? a.id - b.id : x === null ? 1 : -1;
    return x - y || a.id - b.id;
  });
}

export interface ExpenseSummary {
  total: Cents;
  average: Cents;
  count: number;
}

export function expenseSummary(expenses: readonly Pick<Expense, 'amount'>[]): ExpenseSummary {
  const total = sumWire(expenses, 'amount');
  return { total, average: averageCents(total, expenses.length), count: expenses.length };
}
