/**
 * The outbox (DESIGN.md section 5, STYLE.md §6): local edits waiting for the server, replayed in
 * `seq` order by one flusher at a time across tabs.
 *
 * Every entry is sent with its UUID as `Idempotency-Key`, so a retry after a lost answer is
 * answered from the server's record of the first attempt instead of being applied twice.
 * - 2xx: the server's record replaces the optimistic one (pending later edits stay on top); a
 *   create's temporary negative id becomes the server's id in the mirror and in every later entry.
 * - no answer, 5xx, 408, 429: the entry stays queued with one more attempt; the flush stops and the
 *   caller retries after `backoffMs(attempts)` (or uses `flushWithRetry`). But a form in this tab
 *   waiting for the entry (`waitFor`) gets a 5xx or a timeout as a refusal (below): it shows the
 *   error and keeps the user's input, and the edit is not replayed later behind the user's back.
 *   Only no answer at all (offline, the connection dropped) keeps a waited-for entry queued.
 * - 401: the flush stops and the entry is left as it is: the session is over, not the edit. The
 *   caller pauses the outbox (`isPaused`) until the user signs in again.
 * - any other 4xx: the optimistic change is rolled back, the entry is kept as 'failed' with the
 *   server's message, and the flush goes on: a refused edit never jams the queue.
 * Each outcome is written in one Dexie transaction with the mirror change it causes.
 */
import type { ApiResult, ApiTransport } from './api.ts';
import { isFields, mergePending, revertEdit, type Fields, type PendingEdit } from './conflicts.ts';
import type { MirrorDb, OutboxEntry, WireRecord } from './db.ts';
import { entryEdit, entryTarget, pendingEntries, sameTarget, type EntryTarget } from './pending.ts';
import { COLLECTIONS, MONTHS, SINGLES, type CollectionName, type MonthsName, type SingleName } from './schema.ts';

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
  | { status: 'failed'; message: string; errors: Record<string, string[]> | null };

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
  sleep?: (ms: number) => Promise<void>;
  /** The Web Lock (or in-process lock) name; one per origin. */
  lockName?: string;
}

export interface Outbox {
  /** Sends what is pending, in order, until drained or stopped. One flusher at a time. */
  flush(): Promise<FlushResult>;
  /** `flush`, and after a network stop waits `backoffMs` and flushes again, until another stop. */
  flushWithRetry(options?: { maxRounds?: number; signal?: AbortSignal }): Promise<FlushResult>;
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

const COLLECTION_LABELS: Record<CollectionName, string> = {
  incomes: 'income',
  debts: 'debt',
  monthlyExpenses: 'monthly expense',
  otherExpenses: 'other expense',
  retirementAccounts: 'retirement account',
};
const SINGLE_LABELS: Record<SingleName, string> = { housing: 'housing record', debtPlan: 'debt plan', retirementPlan: 'retirement plan' };
const MONTH_LABELS: Record<MonthsName, string> = {
  incomeMonths: 'income month',
  debtMonths: 'debt month',
  retirementMonths: 'retirement month',
  contributionMonths: 'contribution month',
};

export type FailureVerb = 'create' | 'update' | 'delete';

function verbOf(entry: Pick<OutboxEntry, 'method'>): FailureVerb {
  return entry.method === 'POST' ? 'create' : entry.method === 'PUT' ? 'update' : 'delete';
}

function labelOf(target: EntryTarget): string {
  if (target.kind === 'collection') return COLLECTION_LABELS[target.table];
  if (target.kind === 'single') return SINGLE_LABELS[target.name];
  return MONTH_LABELS[target.name];
}

/** The spec's default failure wording (section 8); the retirement plan's omits 'Please try again.'. */
export function defaultFailureMessage(target: EntryTarget, verb: FailureVerb): string {
  if (target.kind === 'single' && target.name === 'retirementPlan') return `Failed to ${verb} retirement plan`;
  return `Failed to ${verb} ${labelOf(target)}. Please try again.`;
}

/**
 * The message a refused entry keeps. Forms show the server's message, else the default; month
 * edits and collection deletes show the spec's fixed wording (section 8).
 */
export function failureMessage(entry: Pick<OutboxEntry, 'method'>, target: EntryTarget | null, serverMessage: string | null): string {
  if (!target) return serverMessage ?? 'The server refused this change.';
  const fallback = defaultFailureMessage(target, verbOf(entry));
  if (target.kind === 'months' || (target.kind === 'collection' && entry.method === 'DELETE')) return fallback;
  return serverMessage ?? fallback;
}

function remapIds(value: unknown, tempId: number, realId: number): unknown {
  if (Array.isArray(value)) {
    const mapped = value.map((item) => remapIds(item, tempId, realId));
    return mapped.some((item, i) => item !== value[i]) ? mapped : value;
  }
  if (!isFields(value)) return value;
  let changed = false;
  const out: Fields = {};
  for (const [key, item] of Object.entries(value)) {
    const next = (key === 'id' || key.endsWith('_id')) && item === tempId ? realId : remapIds(item, tempId, realId);
    if (next !== item) changed = true;
    out[key] = next;
  }
  return changed ? out : value;
}

/**
 * An entry with a created record's temporary id replaced by the server's: in its path, in id
 * fields of its body and before-image, and in its target. Null when the entry does not mention it.
 * Temporary ids are unique across all tables, so an id field equal to one can mean only that record.
 */
export function remapEntry(entry: OutboxEntry, table: CollectionName, tempId: number, realId: number): OutboxEntry | null {
  const prefix = `${COLLECTIONS[table].path}/${tempId}`;
  const rest = entry.path.slice(prefix.length);
  const path = entry.path.startsWith(prefix) && (rest === '' || rest.startsWith('/') || rest.startsWith('?')) ? `${COLLECTIONS[table].path}/${realId}${rest}` : entry.path;
  const body = remapIds(entry.body, tempId, realId);
  const before = remapIds(entry.before, tempId, realId);
  const target = entry.target && 'table' in entry.target && entry.target.table === table && entry.target.id === tempId ? { table, id: realId } : entry.target;
  if (path === entry.path && body === entry.body && before === entry.before && target === entry.target) return null;
  return { ...entry, path, body, before, target };
}

/** True when a path names the record with this id (as a whole segment). */
function pathMentions(path: string, id: number): boolean {
  return path.split(/[/?]/).includes(String(id));
}

/** A month table's body with one row replaced by the server's recomputed row (matched by id). */
export function patchMonthRow(body: unknown, row: WireRecord): unknown {
  if (Array.isArray(body)) {
    const mapped = body.map((item) => patchMonthRow(item, row));
    return mapped.some((item, i) => item !== body[i]) ? mapped : body;
  }
  if (!isFields(body)) return body;
  let changed = false;
  const out: Fields = {};
  for (const [key, value] of Object.entries(body)) {
    let next = value;
    // Only arrays of month rows: a debt's or account's own id may equal some month row's id.
    if (Array.isArray(value) && (key.endsWith('_months') || key === 'total')) {
      const rows = value.map((item) => (isFields(item) && item.id === row.id ? { ...item, ...row } : item));
      if (rows.some((item, i) => item !== value[i])) next = rows;
    } else if (typeof value === 'object' && value !== null) {
      next = patchMonthRow(value, row);
    }
    if (next !== value) changed = true;
    out[key] = next;
  }
  return changed ? out : body;
}

function answerRecord(data: unknown, bodyKey: string): WireRecord | null {
  if (!isFields(data)) return null;
  const record = data[bodyKey];
  return isFields(record) && typeof record.id === 'number' ? (record as WireRecord) : null;
}

type Verdict = 'ok' | 'retry' | 'unauthorized' | 'refused';

/** `waited`: a form in this tab waits for the answer, and shows a server error rather than queue. */
function verdict(result: ApiResult, entry: OutboxEntry, waited: boolean): Verdict {
  if (result.ok) return 'ok';
  if (result.kind === 'network') return waited && result.timedOut === true ? 'refused' : 'retry';
  if (result.status === 401) return 'unauthorized';
  if (result.status >= 500 && waited) return 'refused';
  // The server, a proxy or the rate limit could not take it now: the edit is still good.
  if (result.status >= 500 || result.status === 408 || result.status === 429) return 'retry';
  // Deleting what the server no longer has leaves the user where they wanted to be.
  if (result.status === 404 && entry.method === 'DELETE') return 'ok';
  return 'refused';
}

/* One flusher per lock name in this JavaScript realm, for when Web Locks are not there. */
const mutexTails = new Map<string, Promise<void>>();

function withMutex<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const previous = mutexTails.get(name) ?? Promise.resolve();
  const run = previous.then(fn);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  mutexTails.set(name, tail);
  void tail.then(() => {
    if (mutexTails.get(name) === tail) mutexTails.delete(name);
  });
  return run;
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  if (locks) return locks.request(name, fn);
  return withMutex(name, fn);
}

interface Settled {
  uuid: string;
  outcome: EntryOutcome;
  /** A create's temporary id and the server's, so every tab can resolve the old id. */
  remap?: { table: CollectionName; tempId: number; realId: number };
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { db, transport, isPaused } = options;
  const now = options.now ?? (() => Date.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
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

  const laterOf = (all: readonly OutboxEntry[], entry: OutboxEntry, target: EntryTarget | null) =>
    all.filter((other) => (other.seq ?? 0) > (entry.seq ?? 0) && sameTarget(entryTarget(other), target));

  const editsOf = (entries: readonly OutboxEntry[]) => entries.map(entryEdit).filter((edit): edit is PendingEdit => edit !== null);

  /** The server accepted the entry: its answer goes into the mirror, the entry goes. */
  async function accept(entry: OutboxEntry, target: EntryTarget | null, data: unknown): Promise<Settled[]> {
    const seq = entry.seq as number;
    const done = (record: WireRecord | null): Settled[] => [{ uuid: entry.uuid, outcome: { status: 'done', record } }];

    if (target?.kind === 'collection') {
      const table = db[target.table];
      const record = answerRecord(data, COLLECTIONS[target.table].bodyKey);
      if (entry.method !== 'DELETE' && !record) return refuse(entry, target, 0, 'The server accepted the change but its answer could not be read.', null);
      return db.transaction('rw', [table, db.outbox], async () => {
        if ((await db.outbox.get(seq))?.status !== 'pending') return [];
        await db.outbox.delete(seq);
        if (entry.method === 'DELETE' || !record) {
          await table.delete(target.id);
          return done(null);
        }
        if (entry.method === 'POST' && target.id !== record.id) {
          await table.delete(target.id);
          for (const later of await db.outbox.where('seq').above(seq).toArray()) {
            const next = remapEntry(later, target.table, target.id, record.id);
            if (next) await db.outbox.put(next);
          }
        }
        const edits = editsOf(laterOf(await pendingEntries(db), entry, { ...target, id: record.id }));
        const merged = mergePending(record, edits).record;
        if (merged) await table.put(merged);
        else await table.delete(record.id);
        const remap = entry.method === 'POST' && target.id !== record.id ? { table: target.table, tempId: target.id, realId: record.id } : undefined;
        return [{ uuid: entry.uuid, outcome: { status: 'done', record }, remap }];
      });
    }

    if (target?.kind === 'single') {
      const record = entry.method === 'DELETE' ? null : answerRecord(data, SINGLES[target.name].bodyKey);
      if (entry.method !== 'DELETE' && !record) return refuse(entry, target, 0, 'The server accepted the change but its answer could not be read.', null);
      return db.transaction('rw', [db.singles, db.outbox], async () => {
        if ((await db.outbox.get(seq))?.status !== 'pending') return [];
        await db.outbox.delete(seq);
        const edits = editsOf(laterOf(await pendingEntries(db), entry, target));
        await db.singles.put({ name: target.name, record: mergePending(record, edits).record });
        return done(record);
      });
    }

    if (target?.kind === 'months') {
      const row = answerRecord(data, MONTHS[target.name].bodyKey);
      return db.transaction('rw', [db.months, db.outbox], async () => {
        if ((await db.outbox.get(seq))?.status !== 'pending') return [];
        await db.outbox.delete(seq);
        // The server also sends the whole recomputed table live; until then the edited row shows.
        const table = await db.months.get(target.name);
        if (row && table) await db.months.put({ ...table, body: patchMonthRow(table.body, row) });
        return done(row);
      });
    }

    return db.transaction('rw', db.outbox, async () => {
      if ((await db.outbox.get(seq))?.status !== 'pending') return [];
      await db.outbox.delete(seq);
      return done(null);
    });
  }

  /** The server refused the entry: roll its optimistic change back and keep it as 'failed'. */
  async function refuse(entry: OutboxEntry, target: EntryTarget | null, status: number, message: string, errors: Record<string, string[]> | null): Promise<Settled[]> {
    const seq = entry.seq as number;
    const failed: Settled = { uuid: entry.uuid, outcome: { status: 'failed', message, errors } };
    const markFailed = () => db.outbox.put({ ...entry, status: 'failed', error: message, errors });
    const edit = entryEdit(entry);

    if (target?.kind === 'collection') {
      const table = db[target.table];
      return db.transaction('rw', [table, db.outbox], async () => {
        if ((await db.outbox.get(seq))?.status !== 'pending') return [];
        await markFailed();
        const pending = await pendingEntries(db);
        const settled: Settled[] = [failed];
        if (entry.method === 'POST') {
          await table.delete(target.id);
          // Later edits of a record that was never created cannot be sent.
          for (const dependent of pending.filter((other) => (other.seq ?? 0) > seq && (sameTarget(entryTarget(other), target) || pathMentions(other.path, target.id)))) {
            if (dependent.method === 'DELETE') {
              // The user wanted it gone, and it never existed: nothing to send, nothing to report.
              await db.outbox.delete(dependent.seq as number);
              settled.push({ uuid: dependent.uuid, outcome: { status: 'done', record: null } });
              continue;
            }
            const why = `${defaultFailureMessage(target, verbOf(dependent)).replace(/ Please try again\.$/, '')} It was never created: ${message}`;
            await db.outbox.put({ ...dependent, status: 'failed', error: why, errors: null });
            settled.push({ uuid: dependent.uuid, outcome: { status: 'failed', message: why, errors: null } });
          }
        } else if (entry.method === 'PUT' && status === 404) {
          // The server has no such record (deleted elsewhere): neither has the mirror now.
          await table.delete(target.id);
        } else if (entry.method === 'PUT' && edit) {
          const later = laterOf(pending, entry, target);
          const reverted = revertEdit({ current: (await table.get(target.id)) ?? null, edit, later: editsOf(later) });
          if (reverted.current) await table.put({ ...reverted.current, id: target.id });
          for (const [i, other] of later.entries()) await db.outbox.put({ ...other, before: reverted.laterBefores[i] });
        } else if (entry.method === 'DELETE' && isFields(entry.before)) {
          await table.put({ ...entry.before, id: target.id });
        }
        return settled;
      });
    }

    if (target?.kind === 'single') {
      return db.transaction('rw', [db.singles, db.outbox], async () => {
        if ((await db.outbox.get(seq))?.status !== 'pending') return [];
        await markFailed();
        const later = laterOf(await pendingEntries(db), entry, target);
        const current = (await db.singles.get(target.name))?.record ?? null;
        if (entry.method === 'DELETE') {
          if (later.length === 0 && isFields(entry.before)) await db.singles.put({ name: target.name, record: entry.before as WireRecord });
        } else if (edit) {
          const reverted = revertEdit({ current, edit, later: editsOf(later) });
          await db.singles.put({ name: target.name, record: reverted.current as WireRecord | null });
          for (const [i, other] of later.entries()) await db.outbox.put({ ...other, before: reverted.laterBefores[i] });
        }
        return [failed];
      });
    }

    // Month edits change nothing locally; the tables come from the server.
    return db.transaction('rw', db.outbox, async () => {
      if ((await db.outbox.get(seq))?.status !== 'pending') return [];
      await markFailed();
      return [failed];
    });
  }

  async function countAttempt(entry: OutboxEntry): Promise<number> {
    const seq = entry.seq as number;
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
      if (!entry || entry.seq === undefined) return result;
      last = entry.seq;
      const target = entryTarget(entry);
      const answer = await transport.request({ method: entry.method, path: entry.path, body: entry.body, idempotencyKey: entry.uuid });
      const kind = verdict(answer, entry, waiters.has(entry.uuid));
      if (kind === 'retry') {
        const attempts = await countAttempt(entry);
        changed();
        return { ...result, stopped: 'network', retryInMs: backoffMs(attempts) };
      }
      if (kind === 'unauthorized') return { ...result, stopped: 'unauthorized' };
      let settled: Settled[];
      if (kind === 'ok') {
        settled = await accept(entry, target, answer.ok ? answer.data : null);
      } else {
        const status = answer.ok || answer.kind !== 'http' ? 0 : answer.status;
        const serverMessage = answer.ok || answer.kind !== 'http' ? null : answer.message;
        const errors = answer.ok || answer.kind !== 'http' ? null : answer.errors;
        settled = await refuse(entry, target, status, failureMessage(entry, target, serverMessage), errors);
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
    async flushWithRetry({ maxRounds = Number.POSITIVE_INFINITY, signal } = {}) {
      let result = await flush();
      for (let round = 1; result.stopped === 'network' && round < maxRounds && !signal?.aborted; round += 1) {
        await sleep(result.retryInMs ?? backoffMs(1));
        if (signal?.aborted) break;
        result = await flush();
      }
      return result;
    },
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
        if (entry?.status !== 'failed' || entry.seq === undefined) return false;
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
