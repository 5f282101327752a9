/**
 * Typed balances are today's (docs/projection-rules.md#typed-balances-are-todays): the balances a
 * user types at sign-up — cash, what each debt owes, the mortgage — are those of the sign-up day,
 * so a bill of month 1 that fell due before that day is already in them. With plan assumptions,
 * month 1 (the plan start month) leaves out:
 *   - a debt whose due day d < s (s = the plan start date's day): no payment, no interest, and no
 *     place in that month's debt plan;
 *   - a monthly expense whose due day d < s;
 *   - the housing payment (principal, interest and escrow) when s > 1; a mortgage's balance does
 *     not amortise that month.
 * Everything else counts in full in month 1: income and contributions from their dates, one-time
 * expenses, cash and account interest for the whole month.
 * Without plan assumptions nothing is left out (the neutral tables).
 * Example: plan start 2026-03-15 (s = 15) → a card due on the 10th and rent are not charged in
 * 2026-03; a loan due on the 15th and an expense due on the 20th are.
 */
import type { ProjectionInput } from './types.ts';

/**
 * The day s of the plan start date that month 1's bills are measured against: the input's
 * `planStartDay` with plan assumptions, else 1, when nothing was paid before the plan started.
 * A day that is not a whole number 1–31 counts as 1.
 * Example: assumptions set and planStartDay 15 → 15; no assumptions → 1.
 */
export function planStartDay(input: Pick<ProjectionInput, 'assumptions' | 'planStartDay'>): number {
  if ((input.assumptions ?? null) === null) return 1;
  const day = input.planStartDay;
  return typeof day === 'number' && Number.isInteger(day) && day >= 1 && day <= 31 ? day : 1;
}

/**
 * Whether a bill due on `dueDay` of month 1 was paid before the plan started on day `startDay`:
 * dueDay < startDay (strictly: a bill due on the start day itself is still to pay). No due day: never.
 * Example: due 10, start 15 → true; due 15, start 15 → false.
 */
export function paidBeforeStart(dueDay: number | null | undefined, startDay: number): boolean {
  return typeof dueDay === 'number' && dueDay < startDay;
}

/** Whether month 1's housing payment was paid before the plan started: every start day after the 1st. */
export function housingPaidBeforeStart(startDay: number): boolean {
  return startDay > 1;
}
