/**
 * The questions bench:risk asks, in one place so Node (bench/risk.ts, through compute()) and
 * Chromium (main.ts, through the worker) time the same work and must print the same answers.
 * The seed is the app's first seed (MonteCarloCard.tsx).
 */
import type { RiskRequest } from '../../src/client/features/analytics/what-if/protocol.ts';
import { cents } from '../../src/engine/money.ts';
import type { ProjectionInput } from '../../src/engine/types.ts';

export const SEED = 20261124;
export const PATHS = 1000;
/** % a year. */
export const VOLATILITY = 15;
/** % of savings in stocks. */
export const STOCK_SHARE = 60;
export const QUICK = 10;

export interface RiskQuestions {
  readonly monteCarlo: Extract<RiskRequest, { kind: 'monteCarlo' }>;
  readonly history: Extract<RiskRequest, { kind: 'history' }>;
  /** The sandbox's quick questions: no paths, two projections each. */
  readonly quick: readonly RiskRequest[];
}

export function riskQuestions(input: ProjectionInput): RiskQuestions {
  return {
    monteCarlo: { kind: 'monteCarlo', input, seed: SEED, paths: PATHS, volatility: VOLATILITY },
    history: { kind: 'history', input, stockShare: STOCK_SHARE },
    // An extra debt payment slider dragged from $50 to $500 a month, each step asked anew.
    quick: Array.from({ length: QUICK }, (_, i): RiskRequest => ({ kind: 'whatIf', input, changes: { extraDebtPayment: cents(5_000 * (i + 1)) }, birthYear: 1985 })),
  };
}

/**
 * The Roth conversion explorer (engine/roth-explorer.ts): the plan by brackets for no conversion
 * and CONVERSION_STEPS stepped yearly amounts, 21 runs of the retirement table in one worker task.
 * Asked of taxedHeavyHousehold() (bench/household.ts): on a plan without a filing status, a
 * traditional and a Roth account it answers 'unavailable' at once.
 */
export function explorerQuestion(taxed: ProjectionInput): Extract<RiskRequest, { kind: 'rothConversions' }> {
  return { kind: 'rothConversions', input: taxed };
}
