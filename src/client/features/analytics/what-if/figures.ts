/**
 * The What if tab's words about its figures: the sandbox's net-worth lines, both plans read in the
 * same month so a moved retirement compares like with like (figures from the engine, what-if.ts),
 * and why Monte Carlo's middle outcome sits below the saved plan.
 */
import type { Cents } from '../../../../engine/money.ts';
import { netWorthAt, type PlanOutcome } from '../../../../engine/what-if.ts';
import { wholeUsd } from '../../../model/plan-format.ts';

const netWorthText = (cents: Cents | null) => (cents === null ? '—' : wholeUsd(cents));

/**
 * The net-worth lines: each compares both plans in the same month (engine netWorthAt). When the
 * what-if moves retirement, the month the what-if retires in and the month the saved plan retires
 * in are two lines, so each column is read where the line says.
 */
export function netWorthLines(saved: PlanOutcome, changed: PlanOutcome): { label: string; saved: string; changed: string; testId: string }[] {
  const ours = changed.atRetirementMonth;
  const theirs = saved.atRetirementMonth;
  if (ours === null || theirs === null || ours === theirs) {
    return [{ label: `Net worth at retirement${ours ? ` (${ours})` : ''}`, saved: netWorthText(saved.netWorthAtRetirement), changed: netWorthText(changed.netWorthAtRetirement), testId: 'net-worth' }];
  }
  return [
    { label: `Net worth in ${ours} (the what-if retires)`, saved: netWorthText(netWorthAt(saved, ours)), changed: netWorthText(changed.netWorthAtRetirement), testId: 'net-worth' },
    { label: `Net worth in ${theirs} (the saved plan retires)`, saved: netWorthText(saved.netWorthAtRetirement), changed: netWorthText(netWorthAt(changed, theirs)), testId: 'net-worth-saved-retirement' },
  ];
}

/**
 * Why the middle of the simulated markets sits below the saved plan, in one sentence
 * (docs/projection-rules.md#monte-carlo): returns drawn around an average compound to less than the
 * average. Example: 1.12 × 0.88 = 0.9856.
 */
export const MEDIAN_BELOW =
  'The middle outcome sits below your saved plan because returns that swing grow less than steady ones with the same average: a year up 12 % and a year down 12 % leave 98.56 % of what you started with, not 100 %.';
