/**
 * When the layer pushes and pulls (docs/sync.md#pull, docs/sync.md#the-outbox), one owner of both
 * as Replicache's ConnectionLoop is. The outbox is sent now, after an edit or a catch-up
 * (`flushNow`), and after a send that got no answer again and again with backoff until one comes;
 * pulls are coalesced (`refresh`); a catch-up does both (`catchUp`: what starting, signing in,
 * coming online and a reconnect run). It is the one owner of the retry timer: going offline,
 * signing out or disposing stops it (`stop`). The work it starts is tracked, so logout and a
 * change of user can let it end before emptying the mirror (`settled`).
 */
import { MONTHS, type MonthsName } from '../../../shared/resources.ts';
import { backoffMs, type FlushResult, type Outbox } from '../outbox/outbox.ts';
import type { SyncEngine } from './sync.ts';

export interface ConnectionLoopOptions {
  outbox: Pick<Outbox, 'flush'>;
  sync: Pick<SyncEngine, 'pullAll' | 'pullMonths'>;
  /** Offline, signed out or disposed: nothing is sent or scheduled (what is queued stays queued). */
  isPaused: () => boolean;
  isDisposed: () => boolean;
  /** A send was answered 401: the session is over. */
  onUnauthorized: () => void;
  /** Whether the month tables the server sends live after an edit go unheard: subscribed, online, the channel not connected. */
  missesLiveTables: () => boolean;
  /** How a retry waits `ms` (tests move a clock by hand); a timer otherwise. */
  wait?: (ms: number) => Promise<void>;
  logFailure: (what: string) => (error: unknown) => void;
}

export interface ConnectionLoop {
  /** One flush now; after a network stop the retries go on in the background. */
  flushNow(): Promise<FlushResult>;
  /** A flush asked from outside the layer (the service worker's background sync): nothing while paused. */
  flush(): Promise<void>;
  /** `sync.pullAll`, coalesced: a request while one runs makes it run once more afterwards. */
  refresh(): Promise<boolean>;
  /** The four month tables, pulled at once. */
  pullMonthTables(): Promise<unknown>;
  /** Pull and flush together; what the triggers run. */
  catchUp(): Promise<void>;
  /** Ends the retry wait under way and the loop (going offline, signing out, disposing). */
  stop(): void;
  /** Settles once the pulls and sends under way have ended. */
  settled(): Promise<unknown>;
}

export function createConnectionLoop(options: ConnectionLoopOptions): ConnectionLoop {
  const { outbox, sync, isPaused, isDisposed, wait, logFailure } = options;

  const inflight = new Set<Promise<unknown>>();
  function track<T>(promise: Promise<T>): Promise<T> {
    inflight.add(promise);
    void promise.then(
      () => inflight.delete(promise),
      () => inflight.delete(promise),
    );
    return promise;
  }

  // ---- Pushing --------------------------------------------------------------------------------

  const onFlushed = (result: FlushResult) => {
    if (result.stopped === 'unauthorized') options.onUnauthorized();
    else if (result.applied > 0 && options.missesLiveTables()) {
      // The server sends its month tables after each edit on the live channel. Not subscribed to it
      // (coming online opens a new one; edits go out at once), those tables are missed, and a pull
      // that ran beside the flush may have read the tables before the edits landed: laid down,
      // they would show the plan without the user's edits until some later pull. So the tables
      // are fetched again once the edits are in (a 304 for any the edits did not change).
      pullMonthTables().catch(logFailure('Pulling the month tables after sending edits failed'));
    }
    return result;
  };

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

  async function flushNow(): Promise<FlushResult> {
    const result = onFlushed(await outbox.flush());
    if (result.stopped === 'network') retryLater(result.retryInMs ?? 0);
    return result;
  }

  // ---- Pulling --------------------------------------------------------------------------------

  let pulling: Promise<boolean> | null = null;
  let pullAgain = false;

  function refresh(): Promise<boolean> {
    if (pulling) {
      pullAgain = true;
      return pulling;
    }
    pulling = track(
      (async () => {
        let ok: boolean;
        do {
          pullAgain = false;
          ok = await sync.pullAll();
        } while (pullAgain && !isDisposed());
        return ok;
      })().finally(() => {
        pulling = null;
      }),
    );
    return pulling;
  }

  const pullMonthTables = () => Promise.all((Object.keys(MONTHS) as MonthsName[]).map((name) => track(sync.pullMonths(name))));

  return {
    flushNow,
    async flush() {
      if (isPaused()) return;
      await track(flushNow()).catch(logFailure('The outbox could not be flushed'));
    },
    refresh,
    pullMonthTables,
    catchUp: () => track(Promise.all([refresh(), flushNow()]).then(() => undefined)),
    stop() {
      flushStop.abort();
      flushStop = new AbortController();
    },
    settled: () => Promise.allSettled([...inflight]),
  };
}
