/**
 * A risk question asked of the worker from a component: the answer for the latest request, the
 * progress of the run in flight, and the last answer kept on screen (marked stale) while a newer
 * one computes. A new request cancels the run in flight. Answers are cached in the mirror per
 * input hash (result-cache.ts), so a reload shows the last answer at once and the same question
 * is never computed twice; a cached answer is exact, since the same input and seed always give
 * the same result — as long as the engine computes them the same way, which RESULTS_VERSION
 * names: bump it when a change to src/engine or compute.ts changes any answer, so answers cached by
 * an older version are never shown as this version's.
 */
import { startTransition, useEffect, useMemo, useState } from 'react';
import { readResult, resultKey, writeResult } from '../../../data/mirror/result-cache.ts';
import { useDataLayer } from '../../../data/bindings/hooks.ts';
import type { ProjectionInput } from '../../../../engine/types.ts';
import type { RiskAnswers, RiskRequest } from './protocol.ts';
import { riskClient } from './risk-client.ts';

export interface RiskState<T> {
  /** The answer shown: the latest request's, or while it computes the previous one's (stale). */
  readonly answer: T | null;
  readonly stale: boolean;
  readonly running: boolean;
  /** The run in flight: units done of total; null when none is running or it has not reported. */
  readonly progress: { readonly done: number; readonly total: number } | null;
  /** The worker's time for the shown answer, in ms; null when it came from the cache. */
  readonly ms: number | null;
  readonly cached: boolean;
  readonly error: string | null;
}

/** The version of the answers the cache holds (see above); part of every cache key's kind. */
export const RESULTS_VERSION = 2;

interface Stored<T> {
  readonly answer: T;
  readonly ms: number;
}

const inputKeys = new WeakMap<ProjectionInput, string>();

/**
 * The hash of a plan's input, once per input object: a slider step asks a new question about the
 * same input, and hashing a heavy household's every record on each step cost the main thread
 * ~10 ms at 4× throttling. Inputs are never changed in place (a changed plan is a new object).
 */
function inputKey(input: ProjectionInput): string {
  let key = inputKeys.get(input);
  if (key === undefined) {
    key = resultKey('input', input);
    inputKeys.set(input, key);
  }
  return key;
}

const IDLE = { answer: null, stale: false, running: false, progress: null, ms: null, cached: false, error: null } as const;

/**
 * `request` should be memoised by the caller: a new object with the same content is the same
 * question (the cache key is a hash of its content), but hashing runs on every new object.
 * Options: `delayMs` waits that long after the last change before asking (an amount being typed);
 * `cache: false` neither reads nor writes the device's cache for this request — a what-if answer
 * mid-drag is computed in tens of milliseconds and rarely asked again, while each IndexedDB read
 * and write costs the main thread during the very interaction it should not slow.
 */
export function useRisk<R extends RiskRequest>(request: R | null, { delayMs = 0, cache = true }: { readonly delayMs?: number; readonly cache?: boolean } = {}): RiskState<RiskAnswers[R['kind']]> {
  type T = RiskAnswers[R['kind']];
  const { db } = useDataLayer();
  const key = useMemo(() => (request === null ? null : resultKey(`${request.kind}/v${RESULTS_VERSION}`, { ...request, input: inputKey(request.input) })), [request]);
  const [state, setState] = useState<RiskState<T>>(IDLE);

  useEffect(() => {
    if (request === null || key === null) {
      setState(IDLE);
      return;
    }
    let over = false;
    let cancel: (() => void) | null = null;
    // Transitions: React renders an answer in slices between input events, so a chart being drawn
    // never holds up the next touch of a slider.
    startTransition(() => setState((previous) => ({ ...previous, stale: previous.answer !== null, running: true, progress: null, error: null })));
    const ask = () => {
      // The cache and the worker are asked at once: a cached answer (a reload) wins and stops the
      // run; a new question loses no time to the cache's read.
      let settled = false;
      // User Timing marks: a question's round trip shows in the browser's performance tools.
      const asked = performance.now();
      const run = riskClient().run(request, (done, total) => {
        if (!over && !settled) startTransition(() => setState((previous) => ({ ...previous, progress: { done, total } })));
      });
      cancel = run.cancel;
      void (cache ? readResult<Stored<T>>(db, key) : Promise.resolve(null))
        .catch(() => null)
        .then((hit) => {
          if (over || settled || !hit) return;
          settled = true;
          run.cancel();
          startTransition(() => setState({ answer: hit.answer, stale: false, running: false, progress: null, ms: null, cached: true, error: null }));
        });
      run.promise.then(
        (result) => {
          if (over || settled || result === null) return;
          settled = true;
          performance.measure(`risk ${request.kind}`, { start: asked, end: performance.now(), detail: { workerMs: result.ms } });
          const answer = result.answer as T;
          startTransition(() => setState({ answer, stale: false, running: false, progress: null, ms: result.ms, cached: false, error: null }));
          if (cache) void writeResult(db, key, `${request.kind}/v${RESULTS_VERSION}`, { answer, ms: result.ms } satisfies Stored<T>, Date.now());
        },
        (error: unknown) => {
          if (over || settled) return;
          settled = true;
          setState((previous) => ({ ...previous, running: false, progress: null, error: error instanceof Error ? error.message : String(error) }));
        },
      );
    };
    const timer = delayMs > 0 ? setTimeout(ask, delayMs) : null;
    if (timer === null) ask();
    return () => {
      over = true;
      if (timer !== null) clearTimeout(timer);
      cancel?.();
    };
    // `key` stands for the request's content, so the request object itself is not a dependency.
  }, [key, db, delayMs, cache]);

  return state;
}
