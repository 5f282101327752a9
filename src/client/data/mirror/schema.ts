/**
 * The local mirror's tables, derived from the resources of src/shared/resources.ts; nothing else
 * lists tables.
 *
 * Collections keep one row per record (key `id`). A single record (housing, plans, profile) and a
 * month table are one row each in `singles` / `months`, keyed by the declaration's name: the
 * server sends a month table whole and replaces it whole, so it is stored whole.
 *
 * Versions: 1 the first mirror; 2 outbox entries as typed mutations (indexes targetKey, tempIds);
 * 3 the baselines collection; 4 the local results store (result-cache.ts); 5 each month table's
 * actuals (month-actuals.ts); later versions, a collection declared with that `mirrorSince`. Each version's stores
 * stay exactly as it declared them (tests/server/mirror-upgrade.test.ts).
 */
import { COLLECTIONS, entriesOf, type CollectionDecl } from '../../../shared/resources.ts';

export const PROFILE_FETCH_ERROR = 'Failed to fetch profile';
export const FLAGS_FETCH_ERROR = 'Failed to fetch feature flags';

/**
 * The last mirror version whose steps db.ts writes by hand: each changed or upgraded what was
 * there. A later version only adds the store of a new collection (its declaration's `mirrorSince`)
 * and is stepped by db.ts itself; a new local store or index takes a hand-written step here.
 */
export const LAST_WRITTEN_VERSION = 5;

/**
 * The current mirror version: the last hand-written step, or a newer collection's `mirrorSince`.
 * Dexie runs the steps a mirror has not seen yet when it opens.
 */
export const MIRROR_VERSION = Math.max(LAST_WRITTEN_VERSION, ...Object.values(COLLECTIONS).map((decl: CollectionDecl) => decl.mirrorSince ?? 1));

/**
 * The stores that are not resources: one row per single record or month table (keyed by its
 * declaration's name), and the local tables, what the app knows about itself.
 */
const LOCAL_STORES = {
  singles: 'name',
  // Indexed by the token of the write that made each row, which its actuals carry (month-actuals.ts).
  months: 'name, actualsToken',
  featureFlags: 'name',
  profile: 'name',
  syncStatus: 'name',
  outbox: '++seq, &uuid, status, targetKey, *tempIds',
  conflicts: '++id, createdAt',
  // Results of on-device computations per input hash; savedAt finds the oldest to evict.
  results: 'key, savedAt',
  // What the plan's input takes from each month table, kept in step with it (month-actuals.ts).
  monthActuals: 'name',
} as const;

/**
 * The mirror version whose step added each local store, as `mirrorSince` is for collections; a
 * store not listed is as old as version 1. Version 4 added results (result-cache.ts), version 5
 * monthActuals (month-actuals.ts).
 */
const LOCAL_SINCE: { readonly [N in keyof typeof LOCAL_STORES]?: number } = { results: 4, monthActuals: 5 };

/**
 * A local store's keys and indexes before a version changed them: until (and with) `until` it was
 * declared `spec`. Version 5 indexed the month tables by the token of their last write.
 */
const LOCAL_BEFORE: { readonly [N in keyof typeof LOCAL_STORES]?: { readonly until: number; readonly spec: string } } = { months: { until: 4, spec: 'name' } };

/** The stores of a mirror version (default: the current one), each store only from its version. */
export function dexieStores(version = MIRROR_VERSION): Record<string, string> {
  const stores: Record<string, string> = {};
  for (const [name, decl] of entriesOf(COLLECTIONS)) {
    if (((decl as CollectionDecl).mirrorSince ?? 1) > version) continue;
    stores[name] = ['id', ...decl.indexes].join(', ');
  }
  for (const [name, spec] of entriesOf(LOCAL_STORES)) {
    if ((LOCAL_SINCE[name] ?? 1) > version) continue;
    const before = LOCAL_BEFORE[name];
    stores[name] = before && version <= before.until ? before.spec : spec;
  }
  return stores;
}
