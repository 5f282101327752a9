/**
 * Pending local edits stay on top of server data (docs/sync.md#pull). The sync engine and the
 * live channel pass what the server sent through these functions before writing it to the mirror:
 * pending creates are kept, pending updates are laid over the server's row, pending deletes stay
 * deleted. Where an edit overwrites a change made elsewhere, a ConflictRow says so (conflicts.ts
 * decides; the user's pending edit, the later write, wins).
 *
 * Call them inside the Dexie transaction that writes the result, with `outbox` and `conflicts` in
 * its scope: the entries read and the rows written then belong to one consistent moment.
 */
import { mergePending, newConflicts, type FieldConflict, type Fields, type PendingEdit } from './conflicts.ts';
import type { ConflictRow, MirrorDb, OutboxEntry, WireRecord } from '../mirror/db.ts';
import { tempIdsOf, type Mutation } from '../outbox/mutation.ts';
import type { CollectionName, MonthsName, SingleName } from '../../../shared/resources.ts';

/** What an outbox entry changes. */
export type EntryTarget =
  | { kind: 'collection'; table: CollectionName; id: number }
  | { kind: 'single'; name: SingleName }
  | { kind: 'months'; name: MonthsName; rowId: number };

export function entryTarget(entry: Pick<OutboxEntry, 'mutation'>): EntryTarget {
  const { mutation } = entry;
  if (mutation.kind === 'collection') return { kind: 'collection', table: mutation.table, id: mutation.id };
  if (mutation.kind === 'single') return { kind: 'single', name: mutation.name };
  return { kind: 'months', name: mutation.table, rowId: mutation.rowId };
}

/**
 * One text per record, which the outbox indexes its entries by (`OutboxEntry.targetKey`):
 * `targetKey({kind:'collection', table:'debts', id:-3})` → 'collection debts -3'; a single record
 * 'single housing'; a month row 'months incomeMonths 24311'.
 */
export function targetKey(target: EntryTarget): string {
  if (target.kind === 'collection') return `collection ${target.table} ${target.id}`;
  if (target.kind === 'single') return `single ${target.name}`;
  return `months ${target.name} ${target.rowId}`;
}

/**
 * What the outbox indexes an entry by, so that settling one entry reads only the entries it
 * concerns, never the whole queue (flushing n entries stays linear in n): the record it edits,
 * and the temporary ids it mentions (outbox/mutation.ts `tempIdsOf`). Set whenever an entry's
 * mutation or before-image is written.
 */
export function lookupKeys(mutation: Mutation, before: Fields | null): Pick<OutboxEntry, 'targetKey' | 'tempIds'> {
  return { targetKey: targetKey(entryTarget({ mutation })), tempIds: tempIdsOf(mutation, before) };
}

/** The entry with its lookup keys brought up to date with its mutation and before-image. */
export const withLookupKeys = <E extends Pick<OutboxEntry, 'mutation' | 'before'>>(entry: E): E & Pick<OutboxEntry, 'targetKey' | 'tempIds'> => ({
  ...entry,
  ...lookupKeys(entry.mutation, entry.before),
});

/**
 * The pending entries after `seq` that edit `target`, in outbox order, read through the
 * targetKey index. Call inside a transaction with `outbox` in its scope.
 */
export async function laterEdits(db: MirrorDb, seq: number, target: EntryTarget): Promise<OutboxEntry[]> {
  return db.outbox
    .where('targetKey')
    .equals(targetKey(target))
    .filter((entry) => entry.seq > seq && entry.status === 'pending')
    .sortBy('seq');
}

/** An entry as conflicts.ts sees it; null for month edits, which change no mirrored record. */
export function entryEdit(entry: OutboxEntry): PendingEdit | null {
  const { mutation, before, seq } = entry;
  if (mutation.kind === 'collection') return { seq, op: mutation.op, id: mutation.id, fields: mutation.fields, before };
  if (mutation.kind === 'single') return { seq, op: mutation.op, id: typeof before?.id === 'number' ? before.id : null, fields: mutation.fields, before };
  return null;
}

/** Entries still to be sent, in outbox order. */
export async function pendingEntries(db: MirrorDb): Promise<OutboxEntry[]> {
  return db.outbox.where('status').equals('pending').sortBy('seq');
}

export interface OverlayOptions {
  /** Clock for ConflictRow.createdAt. */
  now?: () => number;
  /** False when the server data is the answer to the user's own write: nothing to report. */
  recordConflicts?: boolean;
}

async function recordConflicts(db: MirrorDb, table: CollectionName | SingleName, recordId: number | null, conflicts: readonly FieldConflict[], now: () => number): Promise<void> {
  if (conflicts.length === 0) return;
  const existing = await db.conflicts.filter((row) => row.table === table && row.recordId === recordId).toArray();
  const createdAt = now();
  const rows: ConflictRow[] = newConflicts(
    existing,
    conflicts.map((c) => ({ table, recordId, field: c.field, overwritten: c.overwritten, kept: c.kept, createdAt })),
  );
  if (rows.length > 0) await db.conflicts.bulkAdd(rows);
}

/**
 * A collection's rows as the server sent them, with pending local edits on top. Rows the server
 * sent keep their order; records created locally and not yet on the server follow, in the order
 * they were made. Pass the whole list on a pull, or just the changed record for a live update
 * (then keep only the row with its id from the answer).
 */
export async function overlayPending(db: MirrorDb, table: CollectionName, serverRows: WireRecord[], options: OverlayOptions = {}): Promise<WireRecord[]> {
  const now = options.now ?? (() => Date.now());
  const byRecord = new Map<number, PendingEdit[]>();
  for (const entry of await pendingEntries(db)) {
    const target = entryTarget(entry);
    const edit = entryEdit(entry);
    if (target.kind !== 'collection' || target.table !== table || !edit) continue;
    const list = byRecord.get(target.id) ?? [];
    list.push(edit);
    byRecord.set(target.id, list);
  }
  if (byRecord.size === 0) return serverRows;

  const result: WireRecord[] = [];
  const sent = new Set<number>();
  for (const row of serverRows) {
    sent.add(row.id);
    const edits = byRecord.get(row.id);
    if (!edits) {
      result.push(row);
      continue;
    }
    const { record, conflicts } = mergePending(row, edits);
    if (options.recordConflicts !== false) await recordConflicts(db, table, row.id, conflicts, now);
    if (record) result.push(record);
  }
  for (const [id, edits] of byRecord) {
    if (sent.has(id)) continue;
    // Only a pending create makes a record the server has not sent; an update of a record the
    // server no longer has stays out (the server will refuse it and the outbox records why).
    const { record } = mergePending(null, edits);
    if (record) result.push(record);
  }
  return result;
}

/** A single record (housing, debt plan, retirement plan) as the server sent it, with pending edits on top. */
export async function overlayPendingSingle(db: MirrorDb, name: SingleName, serverRecord: WireRecord | null, options: OverlayOptions = {}): Promise<WireRecord | null> {
  const now = options.now ?? (() => Date.now());
  const edits: PendingEdit[] = [];
  for (const entry of await pendingEntries(db)) {
    const target = entryTarget(entry);
    const edit = entryEdit(entry);
    if (target.kind === 'single' && target.name === name && edit) edits.push(edit);
  }
  if (edits.length === 0) return serverRecord;
  const { record, conflicts } = mergePending(serverRecord, edits);
  if (options.recordConflicts !== false) await recordConflicts(db, name, serverRecord?.id ?? null, conflicts, now);
  return record;
}
