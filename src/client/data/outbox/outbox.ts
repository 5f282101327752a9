/**
 * The outbox (docs/sync.md#the-outbox, docs/architecture.md#code-style): local edits waiting for
 * the server, replayed in `seq` order by one flusher at a time across tabs.
 *
 * Every entry is sent with its UUID as `Idempotency-Key`, so a retry after a lost answer is
 * answered from the server's record of the first attempt instead of being applied twice.
 * - 2xx: the server's record replaces the optimistic one (pending later edits stay on top); a
 *   create's temporary negative id becomes the server's id in the mirror and in every later entry.
 * - no answer, 5xx, 408, 429: the entry stays queued with one more attempt; the flush stops and the
 *   caller retries after `backoffMs(attempts)` (`retryLater` in connection-loop.ts). But a form in
 *   this tab waiting for the entry (`waitFor`) gets a 5xx or a timeout as a refusal (below): it
 *   shows the error and keeps the user's input, and the edit is not replayed later behind the
 *   user's back.
 *   Only no answer at all (offline, the connection dropped) and a 503 (the server cannot reach its
 *   database, nothing was written) keep a waited-for entry queued.
 * - 401: the flush stops and the entry is left as it is: the session is over, not the edit. The
 *   caller pauses the outbox (`isPaused`) until the user signs in again.
 * - any other 4xx: the optimistic change is rolled back, the entry is kept as 'failed' with the
 *   server's message, and the flush goes on: a refused edit never jams the queue.
 * Each outcome is written in one Dexie transaction with the mirror change it causes
 * (outbox/answer.ts).
 */
import type { ApiTransport } from '../api.ts';
import type { MirrorDb, OutboxEntry, WireRecord } from '../mirror/db.ts';
import { accept, refuse, verdict, type Settled } from './answer.ts';
import { failureMessage } from './failure.ts';
import { withLock } from './lock.ts';
import { toRequest } from './mutation.ts';
import { entryTarget } from '../sync/pending.ts';
import type { CollectionName } from '../../../shared/resources.ts';

export { defaultFailureMessage, failureMessage } from './failure.ts';

/** The Web Lock every tab's flusher takes, so entries go out once and in order. */
export const OUTBOX_LOCK = 'runway-outbox';

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 60_000;

/**
 * Milliseconds to wait before retrying an entry that has failed `attempts` times:
 * 1 s, 2 s, 4 s … doubling up to 60 s. No jitter: each browser has one flusher (Web Locks), so
 * there is no herd of one client's retries to spread, and tests can assert exact delays.
 */
export function backoffMs(attempts: number): number {
  if (attempts <= 0) return 0;
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempts - 1, 30));
}

export type EntryOutcome =
  | { status: 'done'; record: WireRecord | null }
  /** `maybeApplied`: a 5xx, a timeout or an unreadable answer, which may have been applied after all. */
  | { status: 'failed'; message: string; errors: Record<string, string[]> | null; maybeApplied?: boolean };

export type FlushStop =
  /** Nothing left to send. */
  | 'drained'
  /** No usable answer (offline, timeout, 5xx): retry after `retryInMs`. */
  | 'network'
  /** 401: the caller pauses the outbox until the user signs in again. */
  | 'unauthorized'
  /** `isPaused()` said so. */
  | 'paused';

export interface FlushResult {
  /** Entries the server accepted in this flush. */
  applied: number;
  /** Entries the server refused in this flush (and entries that depended on them). */
  failed: number;
  stopped: FlushStop;
  /** When stopped for 'network': `backoffMs` of the entry that could not be sent. */
  retryInMs: number | null;
}

export interface OutboxOptions {
  db: MirrorDb;
  transport: ApiTransport;
  /** True while signed out or after a 401: nothing is sent, nothing is dropped. */
  isPaused: () => boolean;
  /** Called after every change the flusher makes to the outbox. */
  onChange?: () => void;
  now?: () => number;
  /** The Web Lock (or in-process lock) name; one per origin. */
  lockName?: string;
}

export interface Outbox {
  /** Sends what is pending, in order, until drained or stopped. One flusher at a time. */
  flush(): Promise<FlushResult>;
  /** Entries not yet accepted by the server (refused ones not counted). */
  pendingCount(): Promise<number>;
  /**
   * Resolves when the entry with this UUID is accepted or refused, by this tab or another. While
   * this tab waits, a 5xx or a timeout refuses the entry instead of keeping it queued.
   */
  waitFor(uuid: string): Promise<EntryOutcome>;
  /** Stops waiting for an entry. */
  forget(uuid: string): void;
  /** Removes a refused entry once the user has seen its error. */
  dismiss(uuid: string): Promise<boolean>;
  /** The server id a temporary id became in this session (else the id itself). */
  resolveId(table: CollectionName, id: number): number;
  /** The lowest temporary id remapped in this session (0 if none), so none is handed out twice. */
  lowestTempId(): number;
  /** Stops listening to other tabs. */
  close(): void;
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { db, transport, isPaused } = options;
  const now = options.now ?? (() => Date.now());
  const lockName = options.lockName ?? OUTBOX_LOCK;
  const changed = () => options.onChange?.();

  const waiters = new Map<string, (outcome: EntryOutcome) => void>();
  const promises = new Map<string, Promise<EntryOutcome>>();
  const remapped = new Map<string, number>();

  // Outcomes reach a form waiting in another tab of the same browser.
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(`${lockName}:${db.name}`) : null;
  (channel as { unref?: () => void } | null)?.unref?.();

  const resolveLocal = ({ uuid, outcome, remap }: Settled) => {
    if (remap) remapped.set(`${remap.table}:${remap.tempId}`, remap.realId);
    waiters.get(uuid)?.(outcome);
    waiters.delete(uuid);
    promises.delete(uuid);
  };
  if (channel) channel.onmessage = (event: MessageEvent<Settled>) => resolveLocal(event.data);

  let closed = false;
  const settle = (settled: readonly Settled[]) => {
    for (const item of settled) {
      resolveLocal(item);
      // A flush may finish after the page's data layer was closed; other tabs then learn the
      // outcome from the mirror instead.
      if (!closed) channel?.postMessage(item);
    }
    if (settled.length > 0) changed();
  };

  async function countAttempt(entry: OutboxEntry): Promise<number> {
    const { seq } = entry;
    return db.transaction('rw', db.outbox, async () => {
      const current = await db.outbox.get(seq);
      if (!current) return entry.attempts + 1;
      const attempts = current.attempts + 1;
      await db.outbox.update(seq, { attempts, lastAttemptAt: now() });
      return attempts;
    });
  }

  async function flushLocked(): Promise<FlushResult> {
    const result: FlushResult = { applied: 0, failed: 0, stopped: 'drained', retryInMs: null };
    let last = 0;
    for (;;) {
      if (isPaused()) return { ...result, stopped: 'paused' };
      const entry = await db.outbox
        .where('seq')
        .above(last)
        .and((e) => e.status === 'pending')
        .first();
      if (!entry) return result;
      last = entry.seq;
      const answer = await transport.request({ ...toRequest(entry.mutation), idempotencyKey: entry.uuid });
      const kind = verdict(answer, entry, waiters.has(entry.uuid));
      if (kind === 'retry') {
        const attempts = await countAttempt(entry);
        changed();
        return { ...result, stopped: 'network', retryInMs: backoffMs(attempts) };
      }
      if (kind === 'unauthorized') return { ...result, stopped: 'unauthorized' };
      let settled: Settled[];
      if (kind === 'ok') {
        settled = await accept(db, entry, answer.ok ? answer.data : null);
      } else {
        const status = answer.ok || answer.kind !== 'http' ? 0 : answer.status;
        const serverMessage = answer.ok || answer.kind !== 'http' ? null : answer.message;
        const errors = answer.ok || answer.kind !== 'http' ? null : answer.errors;
        // Refused only because a form waits for it (`verdict`): the server may have committed it.
        const maybeApplied = !answer.ok && (answer.kind === 'network' || answer.status >= 500);
        settled = await refuse(db, entry, status, failureMessage(entry.mutation, entryTarget(entry), serverMessage), errors, maybeApplied);
      }
      for (const item of settled) {
        if (item.outcome.status === 'done' && item.uuid === entry.uuid) result.applied += 1;
        if (item.outcome.status === 'failed') result.failed += 1;
      }
      settle(settled);
    }
  }

  async function flush(): Promise<FlushResult> {
    if (isPaused()) return { applied: 0, failed: 0, stopped: 'paused', retryInMs: null };
    return withLock(lockName, flushLocked);
  }

  return {
    flush,
    pendingCount: () => db.outbox.where('status').equals('pending').count(),
    waitFor(uuid) {
      let promise = promises.get(uuid);
      if (!promise) {
        promise = new Promise<EntryOutcome>((resolve) => waiters.set(uuid, resolve));
        promises.set(uuid, promise);
      }
      return promise;
    },
    forget(uuid) {
      waiters.delete(uuid);
      promises.delete(uuid);
    },
    async dismiss(uuid) {
      const removed = await db.transaction('rw', db.outbox, async () => {
        const entry = await db.outbox.where('uuid').equals(uuid).first();
        if (entry?.status !== 'failed') return false;
        await db.outbox.delete(entry.seq);
        return true;
      });
      if (removed) changed();
      return removed;
    },
    resolveId: (table, id) => remapped.get(`${table}:${id}`) ?? id,
    lowestTempId() {
      let lowest = 0;
      for (const key of remapped.keys()) lowest = Math.min(lowest, Number(key.slice(key.indexOf(':') + 1)));
      return lowest;
    },
    close() {
      closed = true;
      channel?.close();
    },
  };
}
