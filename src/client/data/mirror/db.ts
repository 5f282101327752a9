/**
 * The local mirror: one Dexie database per signed-in browser profile, with the stores of schema.ts.
 * Each mirror version is a `version(n)` step below (2: typed outbox entries, 3: baselines, 4: cached
 * results, 5: month tables' actuals); Dexie runs the steps a mirror has not seen yet, in order, when it opens.
 */
import Dexie, { type EntityTable, type Table } from 'dexie';
import type { UpdateMessage } from '../../../shared/cable.ts';
import type { Fields } from '../sync/conflicts.ts';
import type { Mutation } from '../outbox/mutation.ts';
import { fromV1, type OutboxEntryV1 } from '../outbox/upgrade.ts';
import { dexieStores, LAST_WRITTEN_VERSION, MIRROR_VERSION } from './schema.ts';
import { monthActualsMiddleware, type MonthActualsRow } from './month-actuals.ts';
import { type CollectionName, type MonthsName, type SingleName } from '../../../shared/resources.ts';

export type WireRecord = { id: number } & Record<string, unknown>;

export interface SingleRow {
  name: SingleName;
  /** The record as the server answers it, or null when the user has none. */
  record: WireRecord | null;
}

export interface MonthsRow {
  name: MonthsName;
  /** The GET body of the month endpoint. */
  body: unknown;
  /** True while the table was computed locally from pending edits, until the server's arrives. */
  provisional: boolean;
  /**
   * A new value (monthsStamp) each time a whole table from the server is written — a fetch's
   * answer or a live update — kept by local writes (a recompute, an accepted row laid on it). A
   * fetch that finds it changed when its answer arrives knows a newer server table came meanwhile.
   * Not indexed: rows written before it existed simply have none.
   */
  stamp?: string | undefined;
  /**
   * The server's ETag of `body`, kept only while the row is the fetched answer exactly as it came:
   * a live update, a recompute or an accepted edit's row writes a row without it. A pull sends it
   * as If-None-Match, and a 304 leaves the row alone. Not indexed.
   */
  etag?: string | undefined;
  /**
   * Indexed: a new value for each write of the row, given by the middleware of month-actuals.ts,
   * which writes the table's actuals with the same token. Absent on rows written by a version
   * from before that middleware.
   */
  actualsToken?: string | undefined;
}

/** A value no earlier write of a month table has had (across tabs too). */
export function monthsStamp(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** What the sync engine fetches, each with its own status: the declared resources, and the rest. */
export type SyncedName = CollectionName | SingleName | MonthsName | 'profile' | 'featureFlags';

export interface SyncStatusRow {
  name: SyncedName;
  loading: boolean;
  error: string | null;
  /** Epoch milliseconds of the last successful fetch. */
  lastFetched: number | null;
}

export type OutboxStatus = 'pending' | 'failed';

export interface OutboxEntry {
  /** Queue order, given by Dexie when the entry is added. */
  seq: number;
  /** Sent as Idempotency-Key: a replay of this entry is answered, never applied twice. */
  uuid: string;
  /** What the edit does; outbox/mutation.ts's `toRequest` turns it into the HTTP call at send time. */
  mutation: Mutation;
  /** The record as it was before the edit (null for a create or a month edit), to roll it back if the server refuses it. */
  before: Fields | null;
  /** Indexed: the record the edit is about (outbox/mutation.ts `lookupKeys`). */
  targetKey: string;
  /** Indexed (multi-entry): the temporary ids the edit mentions, rewritten when their create lands. */
  tempIds: number[];
  attempts: number;
  status: OutboxStatus;
  /** Why the server refused it (status 'failed'): its message, or the default wording. */
  error?: string | null;
  /** The field errors of a 422, for the form that made the edit. */
  errors?: Record<string, string[]> | null;
  /**
   * Refused after a 5xx, a timeout or an unreadable answer (status 'failed'): the server may have
   * applied it all the same. Any other refusal was not applied.
   */
  maybeApplied?: boolean;
  /** Epoch milliseconds of the last send that got no usable answer (network, 5xx). */
  lastAttemptAt?: number | null;
  createdAt: number;
}

export interface ConflictRow {
  id?: number;
  table: CollectionName | SingleName;
  recordId: number | null;
  field: string;
  /** What the user's offline edit wrote over. */
  overwritten: unknown;
  /** The user's value, which wins. */
  kept?: unknown;
  createdAt: number;
}

/**
 * One cached result of an on-device computation (result-cache.ts). Kept in the mirror, not in a
 * database of its own, because it is computed from the user's data: signing out clears it with
 * everything else.
 */
export interface ResultEntry {
  /** `resultKey(kind, payload)`: the kind, then a hash of the computation's input. */
  key: string;
  /** What computed it (a Monte Carlo run, a history replay…): the cache keeps a few of each. */
  kind: string;
  /** Epoch milliseconds of the write; the oldest of a kind is evicted first. */
  savedAt: number;
  value: unknown;
}

export type MirrorDb = Dexie & {
  [K in CollectionName]: EntityTable<WireRecord, 'id'>;
} & {
  singles: EntityTable<SingleRow, 'name'>;
  months: EntityTable<MonthsRow, 'name'>;
  featureFlags: EntityTable<{ name: string; enabled: boolean }, 'name'>;
  profile: EntityTable<{ name: string; value: unknown }, 'name'>;
  syncStatus: EntityTable<SyncStatusRow, 'name'>;
  outbox: EntityTable<OutboxEntry, 'seq'>;
  conflicts: EntityTable<ConflictRow, 'id'>;
  results: Table<ResultEntry, string>;
  monthActuals: EntityTable<MonthActualsRow, 'name'>;
};

export function openMirror(name = 'runway'): MirrorDb {
  const db = new Dexie(name) as MirrorDb;
  // Version 2: outbox entries are typed mutations. Opening a version-1 mirror rewrites its queued
  // edits in place, in the same upgrade transaction (outbox/upgrade.ts); nothing else changed.
  db.version(2)
    .stores(dexieStores(2))
    .upgrade(async (tx) => {
      const outbox = tx.table('outbox') as Table<OutboxEntryV1 | OutboxEntry, number>;
      for (const old of (await outbox.toArray()) as OutboxEntryV1[]) {
        if (!('method' in old) || old.seq === undefined) continue;
        const next = fromV1(old);
        // Version 1 wrote no other shape; one that cannot be read cannot be sent either.
        if (next) await outbox.put(next);
        else await outbox.delete(old.seq);
      }
    });
  // Version 3: a store for baselines. Only a store is added: queued edits and every other row stay
  // exactly as they are (tests/server/mirror-upgrade.test.ts).
  db.version(3).stores(dexieStores(3));
  // Version 4: a local store for cached computation results (result-cache.ts). Again only a store
  // is added; every queued edit and row is kept as it was.
  db.version(4).stores(dexieStores(4));
  // Version 5: each month table's actuals, a store the middleware keeps in step with `months`
  // (month-actuals.ts), and the tables indexed by the token of their last write. The upgrade writes
  // the tables already there again, through the middleware, which gives each its token and its
  // actuals. Queued edits and every other row stay exactly as they were.
  db.version(5)
    .stores(dexieStores(5))
    .upgrade(async (tx) => {
      const months = tx.table('months') as Table<MonthsRow, string>;
      await months.bulkPut(await months.toArray());
    });
  // Later versions each add the store of a collection declared with that `mirrorSince` (schema.ts):
  // only a store is added, every queued edit and row stays as it was.
  for (let version = LAST_WRITTEN_VERSION + 1; version <= MIRROR_VERSION; version++) db.version(version).stores(dexieStores(version));
  db.use(monthActualsMiddleware);
  return db;
}

export type { UpdateMessage };
