/** The Debts tab's cards (docs/product.md#screens-and-routes), summed in cents. */
import type { Cents } from '../../../engine/money.ts';
import type { WireRecordOf } from '../../../shared/resources.ts';
import { sumWire } from '../../ui/money.ts';
import { shownBalance, shownTotal, totalNote } from '../balance-notes.ts';
import type { TodayBalances } from '../current-balances.ts';

export interface DebtSummary {
  totalDebt: Cents;
  /** What Total Debt is made of ('actual as of 2026-11'); null when it is the records' remaining amounts. */
  totalNote: string | null;
  monthlyMinimums: Cents;
  count: number;
}

/**
 * Total Debt is the sum of the balances shown: this month's from the month tables when the
 * subscriber has them (`balances`), else each record's remaining amount.
 */
export function debtSummary(debts: readonly WireRecordOf<'debts'>[], balances: TodayBalances | null = null): DebtSummary {
  const shown = debts.map((debt) => shownBalance(debt.id, debt.remaining_amount, balances));
  return { totalDebt: shownTotal(shown), totalNote: totalNote(shown, balances, 'as entered'), monthlyMinimums: sumWire(debts, 'monthly_payment'), count: debts.length };
}
