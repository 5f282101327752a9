/**
 * Whether the server can be reached while the browser says online ("lie-fi": a connection that
 * is up but carries nothing, or a browser that reports online while it is not). A request of the
 * layer's own (`watched`) that got no answer at all (not a timeout: a slow server is still there)
 * marks the layer offline, so the screens say so and the stored subscription flag decides; any
 * answer, even an error, marks it online again, with what coming online does. While unreachable
 * a probe asks the server again after 2 s, then 4 s, 8 s… up to 30 s.
 */
import type { ApiResult } from '../api.ts';

const PROBE_FIRST_MS = 2_000;
const PROBE_MAX_MS = 30_000;

export interface ReachabilityOptions {
  isBrowserOnline: () => boolean;
  /** The layer's `online`: the browser's word and reachability together. */
  isOnline: () => boolean;
  isDisposed: () => boolean;
  /** No answer came: the layer is offline (the outbox's own retries go on; new edits wait in it). */
  wentAway: () => void;
  /** An answer came while marked offline: what coming online does. */
  cameBack: () => void;
  /** One request to the server; its answer reaches `observe` through the layer's transport. */
  probe: () => Promise<unknown>;
}

export interface Reachability {
  /** Takes every answer the layer's transport got; `watched` for the layer's own reads. */
  observe(result: ApiResult, watched: boolean): void;
  /** Cancels a probe waiting (online or offline by the browser's word, or disposed). */
  stop(): void;
}

export function createReachability(options: ReachabilityOptions): Reachability {
  const { isBrowserOnline, isOnline, isDisposed } = options;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let wait = 0;

  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    wait = 0;
  };
  const schedule = () => {
    if (timer !== null || isDisposed()) return;
    wait = wait === 0 ? PROBE_FIRST_MS : Math.min(PROBE_MAX_MS, wait * 2);
    timer = setTimeout(() => {
      timer = null;
      if (isDisposed() || isOnline() || !isBrowserOnline()) return;
      void options.probe().then(() => {
        if (!isOnline() && isBrowserOnline() && !isDisposed()) schedule();
      });
    }, wait);
  };

  return {
    observe(result, watched) {
      if (!isBrowserOnline()) return;
      const noAnswer = !result.ok && result.kind === 'network' && result.timedOut !== true;
      if (noAnswer && watched && isOnline()) {
        options.wentAway();
        schedule();
      } else if (!noAnswer && !isOnline()) {
        stop();
        options.cameBack();
      }
    },
    stop,
  };
}
