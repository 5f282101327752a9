/**
 * When the outbox is sent: now, after an edit or a catch-up (`flushNow`), and, after a send that
 * got no answer, again and again with backoff until it gets one. It is the one owner of the retry
 * timer; going offline, signing out or disposing stops it (`stop`). The data layer decides what
 * an answer means (`onFlushed`: a 401 signs out, edits applied may want the month tables pulled).
 */
import { backoffMs, type FlushResult, type Outbox } from './outbox.ts';

export interface FlushLoopOptions {
  outbox: Pick<Outbox, 'flush'>;
  /** Offline, signed out or disposed: nothing is scheduled (what is queued stays queued). */
  isPaused: () => boolean;
  /** Told of every flush's result; answers it (the layer acts on a 401 or on edits applied). */
  onFlushed: (result: FlushResult) => FlushResult;
  /** How a retry waits `ms` (tests move a clock by hand); a timer otherwise. */
  wait?: (ms: number) => Promise<void>;
  /** Registers background work, so logout can let it end before emptying the mirror. */
  track: <T>(promise: Promise<T>) => Promise<T>;
  logFailure: (what: string) => (error: unknown) => void;
}

export interface FlushLoop {
  /** One flush now; after a network stop the retries go on in the background. */
  flushNow(): Promise<FlushResult>;
  /** Ends the wait under way and the loop (going offline, signing out, disposing). */
  stop(): void;
}

export function createFlushLoop({ outbox, isPaused, onFlushed, wait, track, logFailure }: FlushLoopOptions): FlushLoop {
  /* Retries wait on this; `stop` aborts it and starts a new one for the next loop. */
  let flushStop = new AbortController();
  let retrying: Promise<unknown> | null = null;

  function sleepUnlessStopped(ms: number): Promise<void> {
    const signal = flushStop.signal;
    return new Promise((resolve) => {
      if (signal.aborted) return resolve();
      if (wait) {
        signal.addEventListener('abort', () => resolve(), { once: true });
        return void wait(ms).then(() => resolve());
      }
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  /**
   * The one retry loop, after a network stop: wait `ms`, flush, and while the flush stops on the
   * network again wait its entry's `backoffMs(attempts)` (1 s, 2 s, 4 s… up to a minute) and flush
   * again. Stopping ends the wait and the loop.
   */
  function retryLater(ms: number) {
    if (retrying || isPaused()) return;
    const signal = flushStop.signal;
    const loop = async () => {
      for (let next = ms; ; ) {
        await sleepUnlessStopped(next);
        if (signal.aborted) return;
        const result = onFlushed(await outbox.flush());
        if (result.stopped !== 'network') return;
        next = result.retryInMs ?? backoffMs(1);
      }
    };
    retrying = track(
      loop()
        .catch(logFailure('The outbox could not be flushed'))
        .finally(() => {
          retrying = null;
        }),
    );
  }

  return {
    async flushNow() {
      const result = onFlushed(await outbox.flush());
      if (result.stopped === 'network') retryLater(result.retryInMs ?? 0);
      return result;
    },
    stop() {
      flushStop.abort();
      flushStop = new AbortController();
    },
  };
}
