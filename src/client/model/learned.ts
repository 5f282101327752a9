/**
 * What the plan has learned from the user's check-ins (docs/product.md#the-plan-learns-from-check-ins),
 * read from a projection with the engine's rules (src/engine/learning.ts): the other spending the
 * check-ins measured, and the first month from today that keeps more than half of its pay as idle
 * cash. Nothing here computes money.
 */
import { idleCash, idleCashFrom, investedShareOf, measuredOtherSpending, spendingEvidence, type IdleCash } from '../../engine/learning.ts';
import type { Projection, ProjectionInput } from '../../engine/types.ts';
import type { MeasuredSpending } from './recommendations.ts';

export interface Learned {
  /** Spending beyond the plan the check-ins measured, when worth naming. */
  readonly spending: MeasuredSpending | null;
  /** A working month from today that keeps more than half its net income as cash, with no surplus account. */
  readonly idle: IdleCash | null;
}

export const NOTHING_LEARNED: Learned = { spending: null, idle: null };

/** The projection's lessons; `input` is what `project` made it from (its today and assumptions). */
export function learnedFrom(input: ProjectionInput, projection: Projection): Learned {
  // Money the plan invests in a check-in month is not spending (learning.ts).
  const share = investedShareOf(input);
  const extra = measuredOtherSpending(projection, share);
  const evidence = extra === null ? null : spendingEvidence(projection, share);
  return {
    spending: extra === null || evidence === null ? null : { extra, from: evidence.from, to: evidence.to },
    idle: idleCash(projection, input.assumptions, idleCashFrom(input)),
  };
}
