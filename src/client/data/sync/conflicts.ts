/**
 * How pending local edits meet what the server says (docs/architecture.md#code-style): pure
 * functions, no Dexie.
 *
 * The rule is "the later write wins". A pending edit has not reached the server yet, so when it
 * does it is applied after whatever the server holds now: the user's value wins over the server's.
 * Among several pending edits of one record the higher outbox `seq` is the later write. When the
 * server's value of a field is neither what the user's edit started from nor a value the user's
 * own pending edits wrote, someone else changed it meanwhile: that is a conflict, and it is
 * reported so the user can see what their edit will overwrite. Results are ordered by field name,
 * so the same inputs always give the same output.
 */
import { isJsonObject } from '../../../shared/json.ts';
import type { WireRecord } from '../mirror/db.ts';

/**
 * What an outbox entry does to one record:
 * - `create`: a collection POST; the record exists only locally, under a temporary id.
 * - `update`: a collection PUT; the fields are laid over the record, which must exist.
 * - `upsert`: a single record's PUT; merged over the record, or a new record when there is none.
 * - `replace`: a single record's POST; the fields replace the record (the server does the same).
 * - `delete`.
 */
export type EditOp = 'create' | 'update' | 'upsert' | 'replace' | 'delete';

export type Fields = Record<string, unknown>;

export interface PendingEdit {
  /** Outbox order: the higher, the later the write. */
  seq: number;
  op: EditOp;
  /** The record's id (the temporary id of a create); null for a single record without one. */
  id: number | null;
  /** What the edit writes (never the id). Null for a delete. */
  fields: Fields | null;
  /** The whole record as it was when the user made the edit; null when there was none. */
  before: Fields | null;
}

export interface FieldConflict {
  field: string;
  /** The server's value, which the pending edit will overwrite. */
  overwritten: unknown;
  /** The user's value, which wins. */
  kept: unknown;
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Values as the wire may spell them: an absent field equals null; a date may arrive as an ISO
 * timestamp of which only the date counts (docs/product.md#entities); a decimal string equals its
 * number.
 */
function normalise(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string') {
    if (ISO_TIMESTAMP.test(value)) return value.slice(0, 10);
    if (DECIMAL.test(value)) return Number(value);
  }
  return value;
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isJsonObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** True when two wire values mean the same thing. */
export function sameValue(a: unknown, b: unknown): boolean {
  const x = normalise(a);
  const y = normalise(b);
  if (x === y) return true;
  if (typeof x === 'number' && typeof y === 'number') return Number.isNaN(x) && Number.isNaN(y);
  if (typeof x === 'object' && typeof y === 'object' && x !== null && y !== null) return stableJson(x) === stableJson(y);
  return false;
}

/** The fields an edit writes; the id is the record's identity, never an edit. */
function ownFields(fields: Fields | null): [string, unknown][] {
  return Object.entries(fields ?? {}).filter(([field]) => field !== 'id');
}

/**
 * Lays pending edits (any order; applied by `seq`) over the server's record and reports the
 * fields where they overwrite a change made elsewhere.
 *
 * For each field the user's edits touched, `base` is the value the earliest of them started from;
 * the server's value is a conflict when it is present and equals neither `base` nor any value the
 * user's pending edits wrote (an echo of the user's own write in flight is not a conflict).
 *
 * Example: server `{id:1, amount:50}`, pending update `{amount:70}` made from `{amount:40}` →
 * record `{id:1, amount:70}`, conflict `{field:'amount', overwritten:50, kept:70}`.
 */
export function mergePending(server: WireRecord | null, edits: readonly PendingEdit[]): { record: WireRecord | null; conflicts: FieldConflict[] } {
  let state: WireRecord | null = server ? { ...server } : null;
  // Per field: the value the user's first edit started from, and every value the user wrote.
  let touched = new Map<string, { base: unknown; written: unknown[] }>();
  for (const edit of [...edits].sort((a, b) => a.seq - b.seq)) {
    const fields = ownFields(edit.fields);
    switch (edit.op) {
      case 'create':
        state = { ...Object.fromEntries(fields), id: edit.id ?? 0 };
        touched = new Map();
        continue;
      case 'delete':
        state = null;
        // A delete touches every field: a later re-create (a single record's POST) starts from
        // what the delete started from, so the server still holding that is no conflict.
        for (const [field, value] of ownFields(edit.before)) if (!touched.has(field)) touched.set(field, { base: value, written: [] });
        continue;
      case 'update':
        // The record is gone on the server: the server will refuse the update (404).
        if (!state) continue;
        state = { ...state, ...Object.fromEntries(fields), id: state.id };
        break;
      case 'upsert':
        state = { ...(state ?? {}), ...Object.fromEntries(fields), id: state?.id ?? edit.id ?? 0 };
        break;
      case 'replace':
        state = { ...Object.fromEntries(fields), id: state?.id ?? edit.id ?? 0 };
        break;
    }
    for (const [field, value] of fields) {
      const seen = touched.get(field);
      if (seen) seen.written.push(value);
      else touched.set(field, { base: edit.before ? edit.before[field] : undefined, written: [value] });
    }
  }

  const conflicts: FieldConflict[] = [];
  if (server && state) {
    for (const [field, { base, written }] of touched) {
      if (!(field in server)) continue;
      const theirs = server[field];
      if (sameValue(theirs, base) || written.some((value) => sameValue(theirs, value))) continue;
      conflicts.push({ field, overwritten: theirs, kept: state[field] });
    }
  }
  conflicts.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
  return { record: state, conflicts };
}

export interface RevertInput {
  /** The record as the mirror holds it now (null when a later pending delete removed it). */
  current: Fields | null;
  /** The refused edit: an update, upsert or replace. */
  edit: Pick<PendingEdit, 'op' | 'fields' | 'before'>;
  /** Pending edits of the same record after the refused one, in `seq` order. */
  later: readonly Pick<PendingEdit, 'op' | 'fields' | 'before'>[];
}

export interface RevertResult {
  /** What the mirror should hold now (null: no record). */
  current: Fields | null;
  /** The later edits' before-images, corrected as if the refused edit had never happened. */
  laterBefores: (Fields | null)[];
}

/**
 * Takes a refused edit back out of the mirror without losing later pending edits: each field the
 * refused edit wrote gets its before-value back unless a later pending edit wrote it again; the
 * later edits' before-images get the same correction, so their own rollback stays right.
 *
 * Example: name 'a'→'b' (refused), then amount 1→2 (pending): current `{name:'b', amount:2}` →
 * `{name:'a', amount:2}`, and the later edit's before becomes `{name:'a', amount:1}`.
 */
export function revertEdit({ current, edit, later }: RevertInput): RevertResult {
  // The refused edit made the record: with it refused, only later edits can keep one.
  if (edit.before === null) {
    return { current: later.length > 0 ? current : null, laterBefores: later.map(() => null) };
  }
  const before = edit.before;
  const restore = (target: Fields, field: string) => {
    if (field in before) target[field] = before[field];
    else delete target[field];
  };
  const written = edit.op === 'replace' ? [...Object.keys(before), ...Object.keys(edit.fields ?? {})] : Object.keys(edit.fields ?? {});
  const pending = new Set(written.filter((field) => field !== 'id'));
  const laterBefores: (Fields | null)[] = [];
  for (const next of later) {
    const corrected = next.before ? { ...next.before } : null;
    if (corrected) for (const field of pending) restore(corrected, field);
    laterBefores.push(corrected);
    if (next.op === 'delete' || next.op === 'create' || next.op === 'replace') pending.clear();
    else for (const field of Object.keys(next.fields ?? {})) pending.delete(field);
  }
  if (!current) return { current: null, laterBefores };
  const reverted = { ...current };
  for (const field of pending) restore(reverted, field);
  return { current: reverted, laterBefores };
}

/** The identity of a conflict for de-duplication: one row per (table, record, field, value). */
export function conflictKey(table: string, recordId: number | null, field: string, value: unknown): string {
  return stableJson([table, recordId, field, normalise(value)]);
}

/** The candidates not already recorded (nor repeated among themselves). */
export function newConflicts<T extends { table: string; recordId: number | null; field: string; overwritten: unknown }>(
  existing: readonly { table: string; recordId: number | null; field: string; overwritten: unknown }[],
  candidates: readonly T[],
): T[] {
  const seen = new Set(existing.map((c) => conflictKey(c.table, c.recordId, c.field, c.overwritten)));
  const fresh: T[] = [];
  for (const candidate of candidates) {
    const key = conflictKey(candidate.table, candidate.recordId, candidate.field, candidate.overwritten);
    if (seen.has(key)) continue;
    seen.add(key);
    fresh.push(candidate);
  }
  return fresh;
}
