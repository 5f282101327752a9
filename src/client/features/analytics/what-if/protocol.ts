/**
 * The messages between the page and the risk worker (risk.worker.ts): one `run` per question,
 * answered by `progress` messages and one `result` or `error`; a `cancel` drops a run in flight
 * (its chunks stop at the next yield and it answers nothing more). One union keyed on `type`,
 * as the cable protocol is.
 *
 * Everything crossing is plain data (structured clone): the engine's input and the engine's
 * summaries. Money stays integer cents.
 */
import type { Cents } from '../../../../engine/money.ts';
import type { HistorySummary, MonteCarloSummary } from '../../../../engine/risk.ts';
import type { ProjectionInput } from '../../../../engine/types.ts';
import type { FilingStatus } from '../../../../engine/federal-tax.ts';
import type { NextDollarOption } from '../../../../engine/next-dollar.ts';
import type { PlanOutcome, WhatIfChanges } from '../../../../engine/what-if.ts';
import type { ConversionExplorer } from '../../../../engine/roth-explorer.ts';

export type RiskRequest =
  | { readonly kind: 'whatIf'; readonly input: ProjectionInput; readonly changes: WhatIfChanges; readonly birthYear: number | null }
  | { readonly kind: 'nextDollar'; readonly input: ProjectionInput; readonly amount: Cents; readonly birthYear: number | null; readonly filingStatus: FilingStatus }
  | { readonly kind: 'monteCarlo'; readonly input: ProjectionInput; readonly seed: number; readonly paths: number; readonly volatility: number }
  | { readonly kind: 'history'; readonly input: ProjectionInput; readonly stockShare: number }
  | { readonly kind: 'rothConversions'; readonly input: ProjectionInput };

export type RiskKind = RiskRequest['kind'];

/** What each kind of run answers. */
export interface RiskAnswers {
  /**
   * The saved plan's and the changed plan's outcomes (net worth each December and in the last
   * month) and the choices made for the user (whatIfNotes).
   */
  readonly whatIf: { readonly saved: PlanOutcome; readonly changed: PlanOutcome; readonly notes: readonly string[] };
  readonly nextDollar: readonly NextDollarOption[];
  readonly monteCarlo: MonteCarloSummary;
  readonly history: HistorySummary;
  /** The plan for no conversion and 20 stepped yearly amounts (engine/roth-explorer.ts). */
  readonly rothConversions: ConversionExplorer;
}

export type RiskAnswer = RiskAnswers[RiskKind];

export const TO_WORKER = { input: 'input', run: 'run', cancel: 'cancel' } as const;

/** How many plan inputs the worker keeps for runs to name (the page needs one or two at a time). */
export const KEPT_INPUTS = 4;

/** A request as sent: its input named by the id of an `input` message sent before it. */
export type SentRequest = DistributiveOmit<RiskRequest, 'input'> & { readonly inputId: number };
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export const FROM_WORKER = { progress: 'progress', result: 'result', error: 'error' } as const;

/**
 * A plan's input is sent once (`input`), and each run names it: a slider step asks about the same
 * input many times, and cloning a heavy household for every question cost the main thread ~13 ms
 * a step at 4× throttling. The worker keeps the last KEPT_INPUTS; the page sends an input again
 * when it is not sure the worker still has it.
 */
export type ToWorker =
  | { readonly type: typeof TO_WORKER.input; readonly inputId: number; readonly input: ProjectionInput }
  | { readonly type: typeof TO_WORKER.run; readonly id: number; readonly request: SentRequest }
  | { readonly type: typeof TO_WORKER.cancel; readonly id: number };

export type FromWorker =
  /** `done` of `total` units (paths or start months) finished. */
  | { readonly type: typeof FROM_WORKER.progress; readonly id: number; readonly done: number; readonly total: number }
  /** `ms`: the worker's own time for the run, for the benchmark and the screen's "computed in". */
  | { readonly type: typeof FROM_WORKER.result; readonly id: number; readonly answer: RiskAnswer; readonly ms: number }
  | { readonly type: typeof FROM_WORKER.error; readonly id: number; readonly message: string };
