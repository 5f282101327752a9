/**
 * What a collection form sends: a create for a new record, else an update of the one it edits,
 * with the validated value turned into wire fields of the collection's record.
 *
 * A new record's form sends its creates under one Idempotency-Key (`NewRecord`). A create that
 * failed with a 5xx or a timeout may have been applied after all (a proxy's 502 can come after the
 * server committed), so its fields are kept. Saved again unchanged, they go under the same key: the
 * server answers from what it stored, or applies them now, and never makes a second record. Saved
 * with other fields, the server would refuse that key for a different request as long as the first
 * record exists; so the original fields are resent under the key first, and then:
 * - accepted (or queued offline): the record they made is updated with the new fields;
 * - refused (a 422, say): the server stores nothing it refused, so the new fields go as a create
 *   under a new key;
 * - failed again with a 5xx or a timeout: that failure shows, and the form stays open.
 * Had the first attempt not been applied (the usual case), the resend applies it now and the update
 * follows: one record, with the new fields, either way.
 */
import type { Fields } from '../data/sync/conflicts.ts';
import type { WireRecord } from '../data/mirror/db.ts';
import type { MutationResult, Mutations } from '../data/outbox/mutations.ts';
import { defaultFailureMessage } from '../data/outbox/failure.ts';
import { COLLECTIONS, type CollectionName } from '../../shared/resources.ts';
import { wireFields } from '../ui/wire.ts';

/** What a new record's form remembers between its saves; `saveCollectionRecord` keeps it. */
export interface NewRecord {
  /** The Idempotency-Key the form's create goes under. */
  key: string;
  /** The fields of a create under `key` that failed with a 5xx or a timeout: it may be stored. */
  unsettled: Fields | null;
  /** The record the form's create made (a temporary id if queued), once known: later saves update it. */
  id: number | null;
}

export function newRecord(): NewRecord {
  return { key: crypto.randomUUID(), unsettled: null, id: null };
}

// The server matches a replay on the body's text, which is these fields serialised in this order.
const sameFields = (a: Fields, b: Fields) => JSON.stringify(a) === JSON.stringify(b);

export async function saveCollectionRecord(mutations: Pick<Mutations, 'create' | 'update'>, collection: CollectionName, existing: WireRecord | null, value: object, fresh: NewRecord): Promise<MutationResult> {
  const fields = wireFields(COLLECTIONS[collection].record, value);
  // An update is a PUT, which sent twice changes nothing more: it needs no remembered key.
  if (existing) return mutations.update(collection, existing.id, fields);
  if (fresh.id !== null) return mutations.update(collection, fresh.id, fields);

  if (fresh.unsettled && !sameFields(fresh.unsettled, fields)) {
    const original = await mutations.create(collection, fresh.unsettled, { key: fresh.key });
    if (original.status === 'failed' && original.maybeApplied) return original;
    if (original.status === 'failed') {
      fresh.key = crypto.randomUUID();
      fresh.unsettled = null;
    } else if (original.record) {
      fresh.id = original.record.id;
      fresh.unsettled = null;
      return mutations.update(collection, fresh.id, fields);
    } else {
      // Accepted, but another tab sent it and its record has not arrived: resending it under the
      // same key again is answered from what the server stored.
      return { status: 'failed', message: defaultFailureMessage({ kind: 'collection', table: collection, id: 0 }, 'update'), errors: null };
    }
  }

  const result = await mutations.create(collection, fields, { key: fresh.key });
  fresh.unsettled = result.status === 'failed' && result.maybeApplied === true ? fields : null;
  return result;
}
