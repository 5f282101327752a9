/**
 * The local mirror's tables, derived from the resources of src/shared/resources.ts; nothing else
 * lists tables.
 *
 * Collections keep one row per record (key `id`). A single record (housing, plans, profile) and a
 * month table are one row each in `singles` / `months`, keyed by the declaration's name: the
 * server sends a month table whole and replaces it whole, so it is stored whole.
 */
import { COLLECTIONS, entriesOf } from '../../shared/resources.ts';

export const PROFILE_FETCH_ERROR = 'Failed to fetch profile';
export const FLAGS_FETCH_ERROR = 'Failed to fetch feature flags';

/**
 * Dexie stores, derived from the declarations. Bump MIRROR_VERSION and add a `version(n)` step in
 * db.ts whenever this changes.
 */
export const MIRROR_VERSION = 2;

export function dexieStores(): Record<string, string> {
  const stores: Record<string, string> = {};
  for (const [name, decl] of entriesOf(COLLECTIONS)) {
    stores[name] = ['id', ...decl.indexes].join(', ');
  }
  Object.assign(stores, {
    // One row per single record or month table, keyed by its declaration's name.
    singles: 'name',
    months: 'name',
    featureFlags: 'name',
    profile: 'name',
    // Local tables: what the app knows about itself.
    syncStatus: 'name',
    outbox: '++seq, &uuid, status, targetKey, *tempIds',
    conflicts: '++id, createdAt',
  });
  return stores;
}
