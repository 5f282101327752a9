/**
 * The page's side of the risk worker: one worker, started on first use, shared by every screen.
 * `run` sends a request and answers a promise of its result (null when cancelled) and its
 * progress; a run that is cancelled stops at the worker's next chunk.
 *
 * Where there is no Worker (unit tests in Node), createInlineRiskClient runs the same compute()
 * on the calling thread — the in-memory twin of this I/O boundary.
 */
import type { ProjectionInput } from '../../../../engine/types.ts';
import { FROM_WORKER, KEPT_INPUTS, TO_WORKER, type FromWorker, type RiskAnswers, type RiskRequest, type SentRequest, type ToWorker } from './protocol.ts';

export interface RiskRun<T> {
  /** The answer, or null once cancelled. Rejects with the worker's message on an unexpected failure. */
  readonly promise: Promise<{ readonly answer: T; readonly ms: number } | null>;
  cancel(): void;
}

export interface RiskClient {
  run<R extends RiskRequest>(request: R, onProgress?: (done: number, total: number) => void): RiskRun<RiskAnswers[R['kind']]>;
}

interface Pending {
  readonly resolve: (value: { answer: unknown; ms: number } | null) => void;
  readonly reject: (error: Error) => void;
  readonly onProgress?: (done: number, total: number) => void;
}

/** A client over a worker speaking protocol.ts. */
export function createRiskClient(createWorker: () => Worker): RiskClient {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  // Each input object gets an id once; `sent` lists the ids the worker holds, newest last, as it
  // keeps them (KEPT_INPUTS), so an input it dropped is sent again.
  const inputIds = new WeakMap<ProjectionInput, number>();
  let nextInputId = 1;
  let sent: number[] = [];
  const connect = (): Worker => {
    if (worker) return worker;
    const started = createWorker();
    started.onmessage = (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      const entry = pending.get(message.id);
      if (!entry) return;
      if (message.type === FROM_WORKER.progress) entry.onProgress?.(message.done, message.total);
      else {
        pending.delete(message.id);
        if (message.type === FROM_WORKER.result) entry.resolve({ answer: message.answer, ms: message.ms });
        else entry.reject(new Error(message.message));
      }
    };
    started.onerror = (event) => {
      // A worker that failed to start (its script unreachable) fails every run in flight; the next run starts a new one.
      for (const entry of pending.values()) entry.reject(new Error(event.message || 'The calculation could not start.'));
      pending.clear();
      worker = null;
      sent = [];
    };
    worker = started;
    return started;
  };
  const send = (message: ToWorker): void => connect().postMessage(message);
  return {
    run(request, onProgress) {
      const id = nextId++;
      const promise = new Promise<{ answer: unknown; ms: number } | null>((resolve, reject) => {
        pending.set(id, { resolve, reject, onProgress });
      });
      const { input, ...rest } = request;
      let inputId = inputIds.get(input);
      if (inputId === undefined) {
        inputId = nextInputId++;
        inputIds.set(input, inputId);
      }
      if (sent.includes(inputId)) sent = [...sent.filter((kept) => kept !== inputId), inputId];
      else {
        send({ type: TO_WORKER.input, inputId, input });
        sent = [...sent, inputId].slice(-KEPT_INPUTS);
      }
      send({ type: TO_WORKER.run, id, request: { ...rest, inputId } as unknown as SentRequest });
      return {
        promise: promise as RiskRun<RiskAnswers[typeof request.kind]>['promise'] as never,
        cancel() {
          const entry = pending.get(id);
          if (!entry) return;
          pending.delete(id);
          entry.resolve(null);
          worker?.postMessage({ type: TO_WORKER.cancel, id } satisfies ToWorker);
        },
      };
    },
  };
}

/** The same client without a worker: compute() on this thread, pausing on a timer between chunks. */
export function createInlineRiskClient(): RiskClient {
  return {
    run(request, onProgress) {
      let cancelled = false;
      const started = performance.now();
      // Loaded on first use: compute() carries the engine and 150 years of market history, which
      // the page itself must not download when a worker does the work.
      const promise = import('./compute.ts').then(({ compute }) => compute(request, {
        progress: onProgress,
        pause: () => new Promise((resolve) => setTimeout(resolve, 0)),
        cancelled: () => cancelled,
      })).then((answer) => (answer === null || cancelled ? null : { answer, ms: performance.now() - started }));
      return {
        promise: promise as never,
        cancel() {
          cancelled = true;
        },
      };
    },
  };
}

let shared: RiskClient | null = null;

/** The app's one client: the module worker where the browser has Worker, else the inline twin. */
export function riskClient(): RiskClient {
  shared ??=
    typeof Worker === 'undefined'
      ? createInlineRiskClient()
      : createRiskClient(() => new Worker(new URL('./risk.worker.ts', import.meta.url), { type: 'module', name: 'runway-risk' }));
  return shared;
}
