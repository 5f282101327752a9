/**
 * What a collection form sends: a create for a new record, else an update of the one it edits,
 * with the validated value turned into wire fields of the collection's record.
 */
import type { WireRecord } from '../data/db.ts';
import type { MutationResult, Mutations } from '../data/mutations.ts';
import { COLLECTIONS, type CollectionName } from '../data/schema.ts';
import { wireFields } from './wire.ts';

export function saveCollectionRecord(mutations: Pick<Mutations, 'create' | 'update'>, collection: CollectionName, existing: WireRecord | null, value: object, key?: string): Promise<MutationResult> {
  const fields = wireFields(COLLECTIONS[collection].record, value);
  // Only a create needs the form's key: an update is a PUT, which sent twice changes nothing more.
  return existing ? mutations.update(collection, existing.id, fields) : mutations.create(collection, fields, { key });
}
