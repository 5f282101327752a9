/**
 * One net worth on every screen (docs/projection-rules.md#where-the-money-goes): cash + retirement
 * and taxable balances + home − mortgage − debts, as the engine's net-worth timeline
 * (projectionTimeline) computes it, labelled with the same words wherever it is shown: the
 * Overview's timeline, Progress Tracking, the check-in, What if and the next dollar.
 */
import type { Cents } from '../../engine/money.ts';
import type { MonthKey } from '../../engine/months.ts';
import type { Timeline } from '../../engine/timeline.ts';

/** What every net worth on screen is, in the same words. */
export const NET_WORTH_MEANS = 'Net worth = cash + retirement and taxable balances + home − mortgage − debts.';

/** Said beside it while no home value is set: the home and its mortgage are then left out. */
export const NET_WORTH_WITHOUT_HOME = 'Your home and its mortgage count once you set the home’s value under Plan assumptions.';

/** The timeline's net worth in `month`, or null outside it. */
export function netWorthIn(timeline: Pick<Timeline, 'points'>, month: MonthKey): Cents | null {
  return timeline.points.find((point) => point.month === month)?.netWorth ?? null;
}
