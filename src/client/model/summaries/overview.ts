/** The Overview's tiles (docs/product.md#screens-and-routes), summed in integer cents. */
import type { Cents } from '../../../engine/money.ts';
import type { WireRecordOf } from '../../../shared/resources.ts';
import { sumWire } from '../../ui/money.ts';
import { shownBalance, shownTotal, totalNote } from '../balance-notes.ts';
import type { TodayBalances } from '../current-balances.ts';

export interface OverviewSummary {
  /** Debts with a balance left to pay. */
  activeDebts: number;
  /** Their balances. */
  debtBalance: Cents;
  /** What the balance is made of ('actual as of 2026-11'), when it comes from the month tables. */
  debtNote?: string;
  monthlyExpenses: Cents;
  expenseCount: number;
}

/**
 * Each debt's balance is this month's from the month tables when a subscriber has them (`balances`,
 * docs/projection-rules.md#actuals-and-check-ins), else the record's remaining amount. A debt at
 * zero is no longer active; one with no readable balance still counts.
 */
export function overviewSummary(debts: readonly WireRecordOf<'debts'>[], expenses: readonly WireRecordOf<'monthlyExpenses'>[], balances: TodayBalances | null = null): OverviewSummary {
  const shown = debts.map((debt) => shownBalance(debt.id, debt.remaining_amount, balances));
  const active = shown.filter((debt) => (debt.amount ?? 1) > 0);
  const note = totalNote(shown, balances, 'as entered');
  return {
    activeDebts: active.length,
    debtBalance: shownTotal(active),
    ...(note === null ? {} : { debtNote: note }),
    monthlyExpenses: sumWire(expenses, 'amount'),
    expenseCount: expenses.length,
  };
}
