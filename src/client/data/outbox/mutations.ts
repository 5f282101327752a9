/**
 * Every edit the user makes (docs/sync.md#the-outbox): the optimistic change to the mirror and its
 * outbox entry are written in ONE Dexie transaction, so the screen never shows an edit that is not
 * queued, and no queued edit is missing from the screen.
 *
 * Online, the edit then waits for the server's answer and resolves `done` with the server's record
 * or `failed` with its message (the form keeps its modal open,
 * docs/sync.md#forms-online-and-offline). A 5xx or a timeout is such a failure too: the optimistic
 * change is rolled back and the edit leaves the outbox, so it is never replayed after the user was
 * told it failed. Offline — or when no answer comes at all (the connection dropped, a 401 pausing
 * the outbox, earlier queued edits still being retried ahead of it) — it resolves `queued` and the
 * record shows as pending sync.
 */
import type { Fields } from '../sync/conflicts.ts';
import type { MirrorDb, OutboxEntry, WireRecord } from '../mirror/db.ts';
import { defaultFailureMessage, type EntryOutcome, type Outbox } from './outbox.ts';
import type { Mutation } from './mutation.ts';
import { lookupKeys } from '../sync/pending.ts';
import { COLLECTIONS, type CollectionName, type MonthsName, type SingleName } from '../../../shared/resources.ts';

export type MutationResult =
  | { status: 'done'; record: WireRecord | null }
  /** Saved locally and queued; `record` is the optimistic record (null for deletes and month edits). */
  | { status: 'queued'; record: WireRecord | null }
  /**
   * `maybeApplied`: it failed with a 5xx, a timeout or an unreadable answer, so the server may have
   * applied it all the same (a proxy's 502 can come after the server committed).
   */
  | { status: 'failed'; message: string; errors: Record<string, string[]> | null; maybeApplied?: boolean };

export interface MutationsOptions {
  db: MirrorDb;
  outbox: Outbox;
  isOnline: () => boolean;
  /**
   * Sends the queue now; an online edit waits for it (default: `outbox.flush`). The data layer
   * passes its one flusher (`flushNow`), which also owns what follows a stop: a 401 signs out,
   * no answer retries with backoff.
   */
  flush?: () => Promise<unknown>;
  now?: () => number;
  /**
   * How long to wait for the outcome of an entry another tab sent (it arrives over a
   * BroadcastChannel) before answering `done` from the mirror.
   */
  settleTimeoutMs?: number;
}

export interface CreateOptions {
  /**
   * The Idempotency-Key to send the create under (default: a new one). A create is the one edit
   * that is not idempotent: sent twice under two keys it makes two records. A form resends a create
   * that failed with a 5xx or a timeout under its key (save-record.ts): it may have been applied
   * after all, and the server answers a retry under the same key from what it stored.
   */
  key?: string;
}

/** Only the retirement plan can be deleted (docs/product.md#calls). */
export type DeletableSingle = 'retirementPlan';

export interface Mutations {
  create(collection: CollectionName, fields: Fields, options?: CreateOptions): Promise<MutationResult>;
  update(collection: CollectionName, id: number, patch: Fields): Promise<MutationResult>;
  remove(collection: CollectionName, id: number): Promise<MutationResult>;
  /** POST when the mirror has none, else PUT. */
  saveSingle(name: SingleName, fields: Fields): Promise<MutationResult>;
  deleteSingle(name: DeletableSingle): Promise<MutationResult>;
  /** `body` is the row's input, e.g. `{ input_end_balance: 1200 }`; it is wrapped in the body key. */
  editMonth(months: MonthsName, rowId: number, body: Fields): Promise<MutationResult>;
}

const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];

function withoutId(fields: Fields): Fields {
  const { id: _id, ...rest } = fields;
  return rest;
}

/**
 * The next temporary id: one below the lowest id in any collection, any outbox entry's target and
 * any id already remapped this session. Negative ids never come from the server, and being unique
 * across tables lets a remap rewrite any id field equal to one. Call inside a transaction over
 * every collection table and the outbox, so two tabs cannot take the same one.
 */
async function nextTempId(db: MirrorDb, floor: number): Promise<number> {
  let lowest = Math.min(0, floor);
  for (const name of COLLECTION_NAMES) {
    const first = await db[name].toCollection().first();
    if (first && first.id < lowest) lowest = first.id;
  }
  await db.outbox.each(({ mutation }) => {
    if (mutation.kind === 'collection' && mutation.id < lowest) lowest = mutation.id;
  });
  return lowest - 1;
}

export function createMutations(options: MutationsOptions): Mutations {
  const { db, outbox, isOnline } = options;
  const flush = options.flush ?? (() => outbox.flush());
  const now = options.now ?? (() => Date.now());
  const settleTimeoutMs = options.settleTimeoutMs ?? 2_000;

  /** A new outbox entry (Dexie gives it its seq when it is added). */
  const entry = (mutation: Mutation, before: Fields | null, key?: string): Omit<OutboxEntry, 'seq'> => ({
    uuid: key ?? crypto.randomUUID(),
    mutation,
    before,
    ...lookupKeys(mutation, before),
    attempts: 0,
    status: 'pending',
    error: null,
    errors: null,
    createdAt: now(),
  });

  const failedLocally = (message: string): MutationResult => ({ status: 'failed', message, errors: null });

  /** Waits for the server's answer when online; `fallback` reads the record if another tab got it. */
  async function settle(uuid: string, optimistic: WireRecord | null, fallback: () => Promise<WireRecord | null>): Promise<MutationResult> {
    if (!isOnline()) return { status: 'queued', record: optimistic };
    const outcome = outbox.waitFor(uuid);
    try {
      await flush();
      const row = await db.outbox.where('uuid').equals(uuid).first();
      if (row?.status === 'pending') return { status: 'queued', record: optimistic };
      if (row?.status === 'failed') {
        // The form that made the edit shows the error and keeps the user's input; once handed
        // over, the refused entry has nothing left to tell.
        await outbox.dismiss(uuid);
        const failed: MutationResult = { status: 'failed', message: row.error ?? 'The server refused this change.', errors: row.errors ?? null };
        return row.maybeApplied ? { ...failed, maybeApplied: true } : failed;
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), settleTimeoutMs);
      });
      const settled: EntryOutcome | null = await Promise.race([outcome, late]);
      clearTimeout(timer);
      if (settled) return settled;
      return { status: 'done', record: await fallback() };
    } catch {
      // The edit is already in the outbox; only learning its answer failed (the mirror closed,
      // say, as the app shut down). It stays queued and is sent on the next flush.
      return { status: 'queued', record: optimistic };
    } finally {
      outbox.forget(uuid);
    }
  }

  return {
    async create(collection, fields, options) {
      const values = withoutId(fields);
      const { uuid, record } = await db.transaction('rw', [...COLLECTION_NAMES.map((name) => db[name]), db.outbox], async () => {
        const id = await nextTempId(db, outbox.lowestTempId());
        const record: WireRecord = { ...values, id };
        await db[collection].add(record);
        const queued = entry({ kind: 'collection', op: 'create', table: collection, id, fields: values }, null, options?.key);
        await db.outbox.add(queued);
        return { uuid: queued.uuid, record };
      });
      return settle(uuid, record, async () => null);
    },

    async update(collection, id, patch) {
      const table = db[collection];
      const values = withoutId(patch);
      // A form opened on a record created offline may submit after its create was accepted.
      const realId = outbox.resolveId(collection, id);
      const queued = await db.transaction('rw', [table, db.outbox], async () => {
        const current = await table.get(realId);
        if (!current) return null;
        const record: WireRecord = { ...current, ...values, id: realId };
        await table.put(record);
        const queued = entry({ kind: 'collection', op: 'update', table: collection, id: realId, fields: values }, current);
        await db.outbox.add(queued);
        return { uuid: queued.uuid, record };
      });
      if (!queued) return failedLocally(defaultFailureMessage({ kind: 'collection', table: collection, id: realId }, 'update'));
      return settle(queued.uuid, queued.record, async () => (await table.get(outbox.resolveId(collection, realId))) ?? null);
    },

    async remove(collection, id) {
      const table = db[collection];
      const realId = outbox.resolveId(collection, id);
      const uuid = await db.transaction('rw', [table, db.outbox], async () => {
        const current = await table.get(realId);
        if (!current) return null;
        await table.delete(realId);
        const queued = entry({ kind: 'collection', op: 'delete', table: collection, id: realId, fields: null }, current);
        await db.outbox.add(queued);
        return queued.uuid;
      });
      if (!uuid) return failedLocally(defaultFailureMessage({ kind: 'collection', table: collection, id: realId }, 'delete'));
      return settle(uuid, null, async () => null);
    },

    async saveSingle(name, fields) {
      const values = withoutId(fields);
      const { uuid, record } = await db.transaction('rw', [db.singles, db.outbox], async () => {
        const existing = (await db.singles.get(name))?.record ?? null;
        // POST replaces, PUT merges — on the server and here alike.
        const record: WireRecord = existing ? { ...existing, ...values, id: existing.id } : { ...values, id: 0 };
        await db.singles.put({ name, record });
        const queued = entry({ kind: 'single', op: existing ? 'upsert' : 'replace', name, fields: values }, existing);
        await db.outbox.add(queued);
        return { uuid: queued.uuid, record };
      });
      return settle(uuid, record, async () => (await db.singles.get(name))?.record ?? null);
    },

    async deleteSingle(name) {
      const uuid = await db.transaction('rw', [db.singles, db.outbox], async () => {
        const existing = (await db.singles.get(name))?.record ?? null;
        await db.singles.put({ name, record: null });
        // Sent even when the mirror has none: the server may have one the mirror has not seen.
        const queued = entry({ kind: 'single', op: 'delete', name, fields: null }, existing);
        await db.outbox.add(queued);
        return queued.uuid;
      });
      return settle(uuid, null, async () => null);
    },

    async editMonth(months, rowId, body) {
      // A row of a table computed locally for a record not yet on the server has no server id.
      if (!Number.isSafeInteger(rowId) || rowId < 0) return failedLocally(defaultFailureMessage({ kind: 'months', name: months, rowId }, 'update'));
      const uuid = await db.transaction('rw', db.outbox, async () => {
        // Not applied to the stored table: the server recomputes the months after it.
        const queued = entry({ kind: 'month', table: months, rowId, fields: body }, null);
        await db.outbox.add(queued);
        return queued.uuid;
      });
      return settle(uuid, null, async () => null);
    },
  };
}
