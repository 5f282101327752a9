/**
 * The risk worker's work, without the worker: what each request computes with src/engine, in
 * chunks, so the same code runs in the browser's worker, in Node's benchmark and in unit tests.
 *
 * A long run (Monte Carlo paths, history start months) goes in chunks of CHUNK units; between
 * chunks it awaits `pause()` (in the worker a macrotask, so a `cancel` message can arrive) and
 * stops when `cancelled()` says so, answering null.
 */
import { historyOutcomes, historyStartCount, historySummary, monteCarloOutcomes, monteCarloSummary, riskPlan, type PathOutcome } from '../../../../engine/risk.ts';
import { marketHistory, mixedRealReturns } from '../../../../engine/market/history.ts';
import { nextDollar } from '../../../../engine/next-dollar.ts';
import { project } from '../../../../engine/project.ts';
import { exploreRothConversions } from '../../../../engine/roth-explorer.ts';
import { applyWhatIf, planOutcome, whatIfNotes, type PlanOutcome } from '../../../../engine/what-if.ts';
import type { RiskAnswers, RiskRequest } from './protocol.ts';

/** Units per chunk: about 20–40 ms of work on a phone, so a cancel waits at most that long. */
export const CHUNK = 50;

export interface RunControl {
  readonly progress?: (done: number, total: number) => void;
  readonly pause?: () => Promise<void>;
  readonly cancelled?: () => boolean;
}

export async function compute<R extends RiskRequest>(request: R, control: RunControl = {}): Promise<RiskAnswers[R['kind']] | null> {
  return (await computeAny(request, control)) as RiskAnswers[R['kind']] | null;
}

async function computeAny(request: RiskRequest, control: RunControl): Promise<RiskAnswers[RiskRequest['kind']] | null> {
  switch (request.kind) {
    case 'whatIf': {
      const changedInput = applyWhatIf(request.input, request.changes);
      const saved = planOutcome(request.input, project(request.input), request.birthYear);
      const changed = planOutcome(changedInput, project(changedInput), request.birthYear);
      // Each plan is also read in the month the other retires (figures.ts netWorthLines).
      const months = new Set([saved.atRetirementMonth, changed.atRetirementMonth]);
      return { saved: yearly(saved, months), changed: yearly(changed, months), notes: whatIfNotes(request.input, request.changes) };
    }
    case 'nextDollar':
      return nextDollar(request.input, request.amount, request.birthYear, request.filingStatus);
    case 'monteCarlo': {
      const plan = riskPlan(request.input);
      const outcomes = await chunked(request.paths, control, (first, count) =>
        monteCarloOutcomes(plan, { seed: request.seed, volatility: request.volatility, first, count }),
      );
      return outcomes && monteCarloSummary(plan, outcomes, { seed: request.seed, volatility: request.volatility });
    }
    case 'rothConversions':
      // 21 runs of the retirement table: a few hundred ms on a heavy plan, one task in the worker.
      return exploreRothConversions(request.input);
    case 'history': {
      const plan = riskPlan(request.input);
      const history = marketHistory();
      const returns = mixedRealReturns(history, request.stockShare);
      const outcomes = await chunked(historyStartCount(plan, returns.length), control, (first, count) => historyOutcomes(plan, returns, first, count));
      return outcomes && historySummary(plan, outcomes, history.months, request.stockShare, returns);
    }
  }
}

/**
 * An outcome with its net-worth path cut to each December, the last month and the months in
 * `keep`, as the sandbox charts and compares it: an answer crosses to the page by structured
 * clone, and 780 monthly points of two plans made each answer ~60 kB to read on the main thread,
 * a slider move at a time.
 */
function yearly(outcome: PlanOutcome, keep: ReadonlySet<string | null>): PlanOutcome {
  const last = outcome.netWorth.length - 1;
  return { ...outcome, netWorth: outcome.netWorth.filter((point, i) => i === last || point.month.endsWith('-12') || keep.has(point.month)) };
}

async function chunked(total: number, control: RunControl, run: (first: number, count: number) => PathOutcome[]): Promise<PathOutcome[] | null> {
  const outcomes: PathOutcome[] = [];
  for (let first = 0; first < total; first += CHUNK) {
    if (control.cancelled?.()) return null;
    outcomes.push(...run(first, Math.min(CHUNK, total - first)));
    control.progress?.(outcomes.length, total);
    if (first + CHUNK < total) await control.pause?.();
  }
  return control.cancelled?.() ? null : outcomes;
}
