/**
 * The page `npm run bench:risk` opens in Chromium (bench/risk.ts builds it with Vite and serves
 * it): the heavy household asked of the real risk worker, started the way the app starts it,
 * while a PerformanceObserver records the main thread's long tasks (over 50 ms).
 *
 * bench/risk.ts calls `window.riskBench.run()` once the page has loaded: Monte Carlo, then the
 * history replay, then the sandbox's quick questions (questions.ts), then the Roth conversion
 * explorer on the household with taxes by brackets (taxedHeavyHousehold), one after another. Each
 * is timed on the page from postMessage to its result; the worker's own `ms` comes with the result.
 */
import { FROM_WORKER, TO_WORKER, type FromWorker, type RiskAnswers, type RiskRequest, type SentRequest, type ToWorker } from '../../src/client/features/analytics/what-if/protocol.ts';
import { heavyHousehold, taxedHeavyHousehold } from '../household.ts';
import { explorerQuestion, riskQuestions } from './questions.ts';

export interface TimedRun {
  /** postMessage → result on the page, ms. */
  readonly wallMs: number;
  /** The worker's own time for the run (its `ms`), ms. */
  readonly workerMs: number;
}

export interface LongTask {
  /** Which run was in flight when the task started. */
  readonly during: 'monteCarlo' | 'history' | 'quick' | 'explorer';
  readonly startMs: number;
  readonly durationMs: number;
}

export interface RiskBenchResult {
  readonly monteCarlo: TimedRun & { readonly lasted: number; readonly paths: number; readonly successBasisPoints: number };
  readonly history: TimedRun & { readonly lasted: number; readonly starts: number; readonly successBasisPoints: number };
  readonly quick: readonly (TimedRun & { readonly kind: RiskRequest['kind'] })[];
  /**
   * The explorer's 21 amounts: the step and the best amount in cents, the best's after-tax end in
   * today's dollars (cents), how many amounts were compared; null fields when it answered 'unavailable'.
   */
  readonly explorer: TimedRun & {
    readonly status: 'ready' | 'unavailable';
    readonly options: number;
    readonly step: number | null;
    readonly bestAmount: number | null;
    readonly bestAfterTaxEnd: number | null;
  };
  /** The main thread's long tasks from the first postMessage to the last result. */
  readonly longTasks: readonly LongTask[];
}

declare global {
  interface Window {
    riskBench?: { run(): Promise<RiskBenchResult> };
  }
}

const longTasks: PerformanceEntry[] = [];
const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries()));
observer.observe({ type: 'longtask', buffered: true });

// Started on first use, as risk-client.ts does, so the first run's wall time includes the worker's start.
let worker: Worker | null = null;
let nextId = 1;

function ask<R extends RiskRequest>(request: R): Promise<TimedRun & { readonly answer: RiskAnswers[R['kind']] }> {
  worker ??= new Worker(new URL('../../src/client/features/analytics/what-if/risk.worker.ts', import.meta.url), { type: 'module', name: 'runway-risk' });
  const running = worker;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const onMessage = (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      if (message.id !== id || message.type === FROM_WORKER.progress) return;
      const wallMs = performance.now() - started;
      running.removeEventListener('message', onMessage);
      running.removeEventListener('error', onError);
      if (message.type === FROM_WORKER.result) resolve({ answer: message.answer as RiskAnswers[R['kind']], wallMs, workerMs: message.ms });
      else reject(new Error(`${request.kind}: ${message.message}`));
    };
    const onError = (event: ErrorEvent) => reject(new Error(`The risk worker failed: ${event.message || 'it could not start'}`));
    running.addEventListener('message', onMessage);
    running.addEventListener('error', onError);
    const started = performance.now();
    // Each question sends its input, as the app does for a plan it has not sent yet (the cold case).
    const { input, ...rest } = request;
    running.postMessage({ type: TO_WORKER.input, inputId: id, input } satisfies ToWorker);
    running.postMessage({ type: TO_WORKER.run, id, request: { ...rest, inputId: id } as unknown as SentRequest } satisfies ToWorker);
  });
}

/** A macrotask later, so the long task that delivered the last result has ended and been reported. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 100));

// Built at load, so building the household is no part of the runs.
const questions = riskQuestions(heavyHousehold());
const explorer = explorerQuestion(taxedHeavyHousehold());

async function run(): Promise<RiskBenchResult> {
  // Only the runs count: whatever loading the page cost is dropped here.
  longTasks.push(...observer.takeRecords());
  longTasks.length = 0;
  const phases: { during: LongTask['during']; from: number }[] = [];

  phases.push({ during: 'monteCarlo', from: performance.now() });
  const monteCarlo = await ask(questions.monteCarlo);

  phases.push({ during: 'history', from: performance.now() });
  const history = await ask(questions.history);

  phases.push({ during: 'quick', from: performance.now() });
  const quick: (TimedRun & { kind: RiskRequest['kind'] })[] = [];
  for (const request of questions.quick) {
    const { wallMs, workerMs } = await ask(request);
    quick.push({ kind: request.kind, wallMs, workerMs });
  }

  phases.push({ during: 'explorer', from: performance.now() });
  const explored = await ask(explorer);
  const conversions = explored.answer;
  const best = conversions.status === 'ready' ? conversions.options[conversions.best] : undefined;

  await settle();
  longTasks.push(...observer.takeRecords());
  const first = phases[0]?.from ?? 0;
  return {
    monteCarlo: { wallMs: monteCarlo.wallMs, workerMs: monteCarlo.workerMs, lasted: monteCarlo.answer.lasted, paths: monteCarlo.answer.paths, successBasisPoints: monteCarlo.answer.successBasisPoints },
    history: { wallMs: history.wallMs, workerMs: history.workerMs, lasted: history.answer.lasted, starts: history.answer.starts.length, successBasisPoints: history.answer.successBasisPoints },
    quick,
    explorer: {
      wallMs: explored.wallMs,
      workerMs: explored.workerMs,
      status: conversions.status,
      options: conversions.status === 'ready' ? conversions.options.length : 0,
      step: conversions.status === 'ready' ? conversions.step : null,
      bestAmount: best?.amount ?? null,
      bestAfterTaxEnd: best?.afterTaxEnd ?? null,
    },
    longTasks: longTasks
      .filter((task) => task.startTime >= first)
      .map((task) => ({
        during: phases.findLast((phase) => phase.from <= task.startTime)?.during ?? 'monteCarlo',
        startMs: task.startTime - first,
        durationMs: task.duration,
      })),
  };
}

window.riskBench = { run };
