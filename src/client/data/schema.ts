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
 * actuals (month-actuals.ts). Each version's stores
 * stay exactly as it declared them (tests/server/mirror-upgrade.test.ts).
 */
import { COLLECTIONS, entriesOf, type CollectionName } from '../../shared/resources.ts';

export const PROFILE_FETCH_ERROR = 'Failed to fetch profile';
export const FLAGS_FETCH_ERROR = 'Failed to fetch feature flags';

/**
 * Dexie stores, derived from the declarations. Bump MIRROR_VERSION and add a `version(n)` step in
 * db.ts whenever this changes; a new collection goes into COLLECTION_SINCE with that version, a new
 * local store into LOCAL_SINCE.
 */
export const MIRROR_VERSION = 5;

/**
 * The mirror version whose step added each collection's store; a collection not listed is as old
 * as version 1. Version 3 added baselines (docs/api.md#baselines).
 */
const COLLECTION_SINCE: { readonly [N in CollectionName]?: number } = { baselines: 3 };

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
 * The mirror version whose step added each local store, as COLLECTION_SINCE is for collections; a
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
    if ((COLLECTION_SINCE[name] ?? 1) > version) continue;
    stores[name] = ['id', ...decl.indexes].join(', ');
  }
  for (const [name, spec] of entriesOf(LOCAL_STORES)) {
    if ((LOCAL_SINCE[name] ?? 1) > version) continue;
    const before = LOCAL_BEFORE[name];
    stores[name] = before && version <= before.until ? before.spec : spec;
  }
  return stores;
}
