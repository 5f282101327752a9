/** The Overview's tiles (spec section 2), summed in integer cents. */
import type { Cents } from '../../../../engine/money.ts';
import type { WireRecordOf } from '../../../../shared/resources.ts';
import { sumWire, wireCents } from '../../../ui/money.ts';

export interface OverviewSummary {
  /** Debts with a balance left to pay. */
  activeDebts: number;
  /** Their remaining balances. */
  debtBalance: Cents;
  monthlyExpenses: Cents;
  expenseCount: number;
}

/** A debt paid down to zero is no longer active; one with no readable balance still counts. */
const isActive = (debt: WireRecordOf<'debts'>) => (wireCents(debt.remaining_amount) ?? 1) > 0;

export function overviewSummary(debts: readonly WireRecordOf<'debts'>[], expenses: readonly WireRecordOf<'monthlyExpenses'>[]): OverviewSummary {
  const active = debts.filter(isActive);
  return {
    activeDebts: active.length,
    debtBalance: sumWire(active, 'remaining_amount'),
    monthlyExpenses: sumWire(expenses, 'amount'),
    expenseCount: expenses.length,
  };
}
