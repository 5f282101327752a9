/**
 * A record's fields that name another record of the user (RECORD_REFERENCES in
 * src/shared/validation/references.ts; docs/api.md#plan-assumptions), kept true inside each write's
 * transaction, which holds the user's row lock (http/write.ts), so no other write of the user
 * can slip between the check and the commit:
 * - a write of the referring record is refused (422 on the field) when the id names no record of
 *   the user that may be named (another type, none, or another user's: one message for all);
 * - deleting the named record, or changing it so that it may no longer be named (a taxable
 *   account made a Roth IRA), sets the field to null with a fresh `updated_at`, and the referring
 *   record goes out live as `updated`, with the month tables it feeds. The foreign key's
 *   ON DELETE SET NULL (migration 0010) is the database's own backstop for deletions that bypass
 *   the routes (an import's replace, erasing an account).
 */
import { and, eq } from 'drizzle-orm';
import type { UpdateMessage } from '../../shared/cable.ts';
import type { MonthKind } from '../../shared/months/tables.ts';
import type { RecordName } from '../../shared/records.ts';
import { RECORD_UPDATE_TYPES } from '../../shared/resources.ts';
import { referenceAccepts, referencesFrom, referencesTo, type FieldErrors } from '../../shared/validation/index.ts';
import { MONTHS_AFFECTED_BY } from '../months/compute.ts';
import type { Db } from './client.ts';
import { columnOf, RECORD_TABLES, toWire } from './records.ts';

/* Drizzle's table types differ per table; these helpers work on any record table by its columns. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTable = any;
type Row = Record<string, unknown>;

/** Live updates and month tables a cleared reference adds to a write. */
export interface ReferenceChanges {
  readonly updates: UpdateMessage[];
  readonly months: readonly MonthKind[];
}

/**
 * The errors of `value` (a validated `record` of user `userId`) whose references name no record
 * the user may name there, or null. `{surplus_account_id: 12}` where 12 is the user's Roth IRA,
 * or another user's taxable account → `{surplus_account_id: ['Surplus account must be one of your taxable accounts']}`.
 */
export async function referenceErrors(tx: Db, record: RecordName, userId: number, value: Readonly<Record<string, unknown>>): Promise<FieldErrors | null> {
  const errors: FieldErrors = {};
  for (const ref of referencesFrom(record)) {
    const id = value[ref.field];
    if (id === null || id === undefined) continue;
    const table: AnyTable = RECORD_TABLES[ref.to];
    const [row] = (await tx
      .select()
      .from(table)
      .where(and(eq(table.id, id), eq(table.userId, userId)))
      .limit(1)) as Row[];
    if (!referenceAccepts(ref, row ? toWire(ref.to, row) : undefined)) errors[ref.field] = [ref.message];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * Clears every field of the user's records that names `record` `id` and may no longer do so:
 * all of them when it is being deleted (`after` undefined; call this before the DELETE, while
 * the references still show), those it no longer qualifies for when it was updated to `after`
 * (its wire form). Each referring record cleared is answered as a live `updated` with its new body.
 */
export async function clearStaleReferences(tx: Db, record: RecordName, userId: number, id: number, now: Date, after?: Readonly<Record<string, unknown>>): Promise<ReferenceChanges> {
  const updates: UpdateMessage[] = [];
  const months = new Set<MonthKind>();
  for (const ref of referencesTo(record)) {
    if (after !== undefined && referenceAccepts(ref, after)) continue;
    const table: AnyTable = RECORD_TABLES[ref.from];
    const column = columnOf(ref.from, ref.field);
    const cleared = (await tx
      .update(table)
      .set({ [column]: null, updatedAt: now })
      .where(and(eq(table.userId, userId), eq(table[column], id)))
      .returning()) as Row[];
    for (const row of cleared) updates.push({ type: RECORD_UPDATE_TYPES[ref.from], action: 'updated', data: toWire(ref.from, row) });
    if (cleared.length > 0) for (const kind of MONTHS_AFFECTED_BY[ref.from]) months.add(kind);
  }
  return { updates, months: [...months] };
}
