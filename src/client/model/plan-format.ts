/**
 * How the Overview words and formats the engine's answers. Formatting only: every figure arrives in
 * cents from src/engine. Analytics shows whole dollars and months as YYYY-MM
 * (docs/product.md#constants-and-limits).
 */
import type { DebtFree } from '../../engine/insights.ts';
import type { MonthKey } from '../../engine/months.ts';
import { ageIn, type Timeline, type TimelineMilestones } from '../../engine/timeline.ts';
import type { DebtPlanType } from '../../engine/types.ts';
import { wholeUsd } from '../ui/figure-text.ts';
export { compactUsd, wholeUsd } from '../ui/figure-text.ts';

export const PLAN_LABELS: Record<DebtPlanType, string> = { none: 'None', snowball: 'Snowball', avalanche: 'Avalanche' };

export const PLAN_DESCRIPTIONS: Record<DebtPlanType, string> = {
  none: 'Each debt pays its own minimum',
  snowball: 'Smallest balance first',
  avalanche: 'Highest interest first',
};

export type MilestoneKey = keyof TimelineMilestones;

export const MILESTONE_LABELS: Record<MilestoneKey, string> = {
  debtFree: 'Debt free',
  retirement: 'Retirement',
  socialSecurityStart: 'Social Security starts',
  moneyRunsOut: 'Money runs out',
};

/** Marker colours on the chart (Mantine theme colours: one shade reads on light and dark). */
export const MILESTONE_COLORS: Record<MilestoneKey, string> = {
  debtFree: 'lime.6',
  retirement: 'orange.6',
  socialSecurityStart: 'cyan.6',
  moneyRunsOut: 'pink.6',
};

/** The month a milestone falls in, or null when it does not happen. */
export function milestoneMonth(milestones: TimelineMilestones, key: MilestoneKey): MonthKey | null {
  const value = milestones[key];
  return typeof value === 'object' && value !== null ? (value as DebtFree).month : value;
}

export interface MilestoneContext {
  hasDebts: boolean;
  hasRetirementPlan: boolean;
  /** With a birth year, each month is followed by the age then: '2031-04 (age 44)'. */
  birthYear?: number | null;
  /** The timeline's last month: savings that never run out last at least to it. */
  lastMonth?: MonthKey | null;
}

/** A month with the user's age in its year, when the birth year is known. */
export function monthWithAge(month: MonthKey, birthYear: number | null | undefined): string {
  return typeof birthYear === 'number' ? `${month} (age ${ageIn(month, birthYear)})` : month;
}

/** What the milestone list says for each milestone, happening or not. */
export function milestoneText(milestones: TimelineMilestones, key: MilestoneKey, context: MilestoneContext): string {
  const month = milestoneMonth(milestones, key);
  if (month !== null) return monthWithAge(month, context.birthYear);
  switch (key) {
    case 'debtFree':
      if (milestones.debtFree.never) return 'Not within the projection';
      return context.hasDebts ? 'Already debt free' : 'No debts';
    case 'retirement':
      return 'No retirement plan';
    case 'socialSecurityStart':
      return context.hasRetirementPlan ? 'No Social Security income' : 'No retirement plan';
    case 'moneyRunsOut':
      if (!context.hasRetirementPlan) return 'No retirement plan';
      return context.lastMonth ? `Never: your savings last through ${monthWithAge(context.lastMonth, context.birthYear)}` : 'Never: your savings last';
  }
}

/** The chart's text alternative: where net worth starts, peaks and ends, and the milestones on the way. */
export function timelineSummary(timeline: Timeline): string {
  const first = timeline.points[0];
  const last = timeline.points.at(-1);
  if (!first || !last) return 'Net worth timeline: nothing to show.';
  const parts = [`Net worth timeline from ${first.month} to ${last.month}: ${wholeUsd(first.netWorth)} in ${first.month}`];
  if (timeline.peak && timeline.peak.month !== first.month && timeline.peak.month !== last.month) {
    parts.push(`peaking at ${wholeUsd(timeline.peak.netWorth)} in ${timeline.peak.month}`);
  }
  parts.push(`${wholeUsd(last.netWorth)} in ${last.month}.`);
  const marks = (Object.keys(MILESTONE_LABELS) as MilestoneKey[])
    .map((key) => [MILESTONE_LABELS[key], milestoneMonth(timeline.milestones, key)] as const)
    .filter(([, month]) => month !== null)
    .map(([label, month]) => `${label}: ${month}.`);
  return [parts.join(', '), ...marks].join(' ');
}
