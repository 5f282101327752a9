/**
 * The what-if's net-worth lines (docs/product.md#what-if): both plans read in the same month, so a
 * moved retirement compares like with like. Figures come from the engine (what-if.ts).
 */
import type { Cents } from '../../../engine/money.ts';
import { netWorthAt, type PlanOutcome } from '../../../engine/what-if.ts';
import { wholeUsd } from '../analytics/overview/format.ts';

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
