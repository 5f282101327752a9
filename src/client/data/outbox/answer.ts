/**
 * What the server's answer to an outbox entry means (`verdict`, docs/sync.md#failures) and what it
 * does to the mirror: an accepted entry's record replaces the optimistic one (`accept`), a refused
 * entry's change is rolled back and the entry kept as 'failed' (`refuse`). Each outcome is written
 * in one Dexie transaction with the entry's change, and only while the entry is still pending.
 */
import type { ApiResult } from '../api.ts';
import { isJsonObject } from '../../../shared/json.ts';
import { mergePending, revertEdit, type PendingEdit } from '../sync/conflicts.ts';
import type { MirrorDb, OutboxEntry, WireRecord } from '../mirror/db.ts';
import type { EntryOutcome } from './outbox.ts';
import { entryEdit, entryTarget, laterEdits, withLookupKeys } from '../sync/pending.ts';
import { COLLECTIONS, MONTHS, SINGLES, type CollectionName } from '../../../shared/resources.ts';
import { defaultFailureMessage } from './failure.ts';
import { HOME_ACTUALS_CLEARED, patchMonthRow } from './month-rows.ts';
import { remapMutation, verbOf } from './mutation.ts';

function answerRecord(data: unknown, bodyKey: string): WireRecord | null {
  if (!isJsonObject(data)) return null;
  const record = data[bodyKey];
  return isJsonObject(record) && typeof record.id === 'number' ? (record as WireRecord) : null;
}

type Verdict = 'ok' | 'retry' | 'unauthorized' | 'refused';

/** `waited`: a form in this tab waits for the answer, and shows a server error rather than queue. */
export function verdict(result: ApiResult, entry: OutboxEntry, waited: boolean): Verdict {
  const { mutation } = entry;
  if (result.ok) return 'ok';
  if (result.kind === 'network') return waited && result.timedOut === true ? 'refused' : 'retry';
  if (result.status === 401) return 'unauthorized';
  // 503: the server says it cannot take anything now (its database is out of reach): as offline,
  // the edit stays queued even while a form waits for it.
  if (result.status === 503) return 'retry';
  if (result.status >= 500 && waited) return 'refused';
  // The server, a proxy or the rate limit could not take it now: the edit is still good.
  if (result.status >= 500 || result.status === 408 || result.status === 429) return 'retry';
  // Deleting what the server no longer has leaves the user where they wanted to be.
  if (result.status === 404 && mutation.kind !== 'month' && mutation.op === 'delete') return 'ok';
  return 'refused';
}

export interface Settled {
  uuid: string;
  outcome: EntryOutcome;
  /** A create's temporary id and the server's, so every tab can resolve the old id. */
  remap?: { table: CollectionName; tempId: number; realId: number };
}

const editsOf = (entries: readonly OutboxEntry[]) => entries.map(entryEdit).filter((edit): edit is PendingEdit => edit !== null);

/** The server accepted the entry: its answer goes into the mirror, the entry goes. */
export async function accept(db: MirrorDb, entry: OutboxEntry, data: unknown): Promise<Settled[]> {
  const { seq, mutation } = entry;
  const target = entryTarget(entry);
  const done = (record: WireRecord | null): Settled[] => [{ uuid: entry.uuid, outcome: { status: 'done', record } }];

  if (mutation.kind === 'collection') {
    const table = db[mutation.table];
    const record = answerRecord(data, COLLECTIONS[mutation.table].record);
    if (mutation.op !== 'delete' && !record) return refuse(db, entry, 0, 'The server accepted the change but its answer could not be read.', null, true);
    return db.transaction('rw', [table, db.outbox], async () => {
      if ((await db.outbox.get(seq))?.status !== 'pending') return [];
      await db.outbox.delete(seq);
      if (mutation.op === 'delete' || !record) {
        await table.delete(mutation.id);
        return done(null);
      }
      const created = mutation.op === 'create' && mutation.id !== record.id;
      if (created) {
        await table.delete(mutation.id);
        // Only the entries that mention the temporary id (the tempIds index), not the queue.
        for (const later of await db.outbox.where('tempIds').equals(mutation.id).toArray()) {
          const next = later.seq > seq ? remapMutation(later.mutation, later.before, mutation.table, mutation.id, record.id) : null;
          if (next) await db.outbox.put(withLookupKeys({ ...later, ...next }));
        }
      }
      const edits = editsOf(await laterEdits(db, seq, { kind: 'collection', table: mutation.table, id: record.id }));
      const merged = mergePending(record, edits).record;
      if (merged) await table.put(merged);
      else await table.delete(record.id);
      const remap = created ? { table: mutation.table, tempId: mutation.id, realId: record.id } : undefined;
      return [{ uuid: entry.uuid, outcome: { status: 'done', record }, remap }];
    });
  }

  if (mutation.kind === 'single') {
    const record = mutation.op === 'delete' ? null : answerRecord(data, SINGLES[mutation.name].record);
    if (mutation.op !== 'delete' && !record) return refuse(db, entry, 0, 'The server accepted the change but its answer could not be read.', null, true);
    return db.transaction('rw', [db.singles, db.outbox], async () => {
      if ((await db.outbox.get(seq))?.status !== 'pending') return [];
      await db.outbox.delete(seq);
      const edits = editsOf(await laterEdits(db, seq, target));
      await db.singles.put({ name: mutation.name, record: mergePending(record, edits).record });
      return done(record);
    });
  }

  const row = answerRecord(data, MONTHS[mutation.table].bodyKey);
  return db.transaction('rw', [db.months, db.outbox], async () => {
    if ((await db.outbox.get(seq))?.status !== 'pending') return [];
    await db.outbox.delete(seq);
    // The server also sends the whole recomputed table live; until then the edited row shows.
    const table = await db.months.get(mutation.table);
    // The patched table is no longer the server's answer as fetched: it goes without its etag.
    // An income row leaves out a home actual it does not have: one cleared by this edit must go from the stored row too.
    const answered = row && mutation.table === 'incomeMonths' ? { ...HOME_ACTUALS_CLEARED, ...row } : row;
    if (answered && table) await db.months.put({ name: table.name, body: patchMonthRow(table.body, answered), provisional: table.provisional, stamp: table.stamp });
    return done(row);
  });
}

/** The server refused the entry: roll its optimistic change back and keep it as 'failed'. */
export async function refuse(db: MirrorDb, entry: OutboxEntry, status: number, message: string, errors: Record<string, string[]> | null, maybeApplied = false): Promise<Settled[]> {
  const { seq, mutation } = entry;
  const target = entryTarget(entry);
  const failed: Settled = { uuid: entry.uuid, outcome: { status: 'failed', message, errors, ...(maybeApplied && { maybeApplied }) } };
  const markFailed = () => db.outbox.put({ ...entry, status: 'failed', error: message, errors, ...(maybeApplied && { maybeApplied }) });
  const edit = entryEdit(entry);

  if (mutation.kind === 'collection') {
    const table = db[mutation.table];
    return db.transaction('rw', [table, db.outbox], async () => {
      if ((await db.outbox.get(seq))?.status !== 'pending') return [];
      await markFailed();
      const settled: Settled[] = [failed];
      if (mutation.op === 'create') {
        await table.delete(mutation.id);
        // Later edits of a record that was never created cannot be sent: those that name it,
        // or carry its temporary id in a field.
        const mentions = await db.outbox.where('tempIds').equals(mutation.id).sortBy('seq');
        const dependents = mentions.filter((other) => other.seq > seq && other.status === 'pending');
        for (const dependent of dependents) {
          if (dependent.mutation.kind !== 'month' && dependent.mutation.op === 'delete') {
            // The user wanted it gone, and it never existed: nothing to send, nothing to report.
            await db.outbox.delete(dependent.seq);
            settled.push({ uuid: dependent.uuid, outcome: { status: 'done', record: null } });
            continue;
          }
          const why = `${defaultFailureMessage(target, verbOf(dependent.mutation)).replace(/ Please try again\.$/, '')} It was never created: ${message}`;
          await db.outbox.put({ ...dependent, status: 'failed', error: why, errors: null });
          settled.push({ uuid: dependent.uuid, outcome: { status: 'failed', message: why, errors: null } });
        }
      } else if (mutation.op === 'update' && status === 404) {
        // The server has no such record (deleted elsewhere): neither has the mirror now.
        await table.delete(mutation.id);
      } else if (mutation.op === 'update' && edit) {
        const later = await laterEdits(db, seq, target);
        const reverted = revertEdit({ current: (await table.get(mutation.id)) ?? null, edit, later: editsOf(later) });
        if (reverted.current) await table.put({ ...reverted.current, id: mutation.id });
        for (const [i, other] of later.entries()) await db.outbox.put(withLookupKeys({ ...other, before: reverted.laterBefores[i] ?? null }));
      } else if (mutation.op === 'delete' && entry.before) {
        await table.put({ ...entry.before, id: mutation.id });
      }
      return settled;
    });
  }

  if (mutation.kind === 'single') {
    return db.transaction('rw', [db.singles, db.outbox], async () => {
      if ((await db.outbox.get(seq))?.status !== 'pending') return [];
      await markFailed();
      const later = await laterEdits(db, seq, target);
      const current = (await db.singles.get(mutation.name))?.record ?? null;
      if (mutation.op === 'delete') {
        if (later.length === 0 && entry.before) await db.singles.put({ name: mutation.name, record: entry.before as WireRecord });
      } else if (edit) {
        const reverted = revertEdit({ current, edit, later: editsOf(later) });
        await db.singles.put({ name: mutation.name, record: reverted.current as WireRecord | null });
        for (const [i, other] of later.entries()) await db.outbox.put(withLookupKeys({ ...other, before: reverted.laterBefores[i] ?? null }));
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
