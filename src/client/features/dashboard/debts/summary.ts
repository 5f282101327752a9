/** The Debts tab's cards (spec section 2), summed in cents. */
import type { Cents } from '../../../../engine/money.ts';
import type { WireRecordOf } from '../../../../shared/resources.ts';
import { sumWire } from '../../../ui/money.ts';

export interface DebtSummary {
  totalDebt: Cents;
  monthlyMinimums: Cents;
  count: number;
}

export function debtSummary(debts: readonly WireRecordOf<'debts'>[]): DebtSummary {
  return { totalDebt: sumWire(debts, 'remaining_amount'), monthlyMinimums: sumWire(debts, 'monthly_payment'), count: debts.length };
}
