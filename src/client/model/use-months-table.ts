/**
 * One month table for a tab: the mirror's body (useMonths) read into engine rows by the wire
 * adapter, with the user's edits that have not reached the server laid over their rows (so an
 * edit made offline shows at once, marked pending sync) — plus the mirror's loading, error and
 * provisional flags. The table is shown in the dollars the user chose (dollars.tsx); each
 * converted row keeps its stored one (nominalRow) for the edit dialog.
 */
import { useMemo } from 'react';
import { useMirrorQuery, useMonths } from '../data/bindings/hooks.ts';
import { MONTHS, type MonthsName } from '../../shared/resources.ts';
import { useDollars } from './dollars.tsx';
import type { MonthEditField, PendingMonthEdits } from './month-wire.ts';

export interface MonthsTableView<Table> {
  /** The table read into engine rows; null before it has been fetched. */
  table: Table | null;
  /** True while the table was recomputed on this device, until the server's arrives. */
  provisional: boolean;
  loading: boolean;
  error: string | null;
  /** Month row ids with an edit waiting for the server. */
  pendingIds: ReadonlySet<number>;
  /** Which write of the table this is (useMonths `actualsToken`). */
  actualsToken: string | null;
}

const NO_EDITS: PendingMonthEdits = new Map();
const EDIT_FIELDS: readonly MonthEditField[] = ['input_end_balance', 'input_remaining_balance', 'balance', 'input_mortgage_balance', 'input_home_value'];

/** The dollars a queued month edit sends, by field (`{ balance: 22400 }`). */
function editedDollars(fields: object): Partial<Record<MonthEditField, number>> {
  const out: Partial<Record<MonthEditField, number>> = {};
  for (const field of EDIT_FIELDS) {
    const value: unknown = (fields as Partial<Record<MonthEditField, unknown>>)[field];
    if (typeof value === 'number') out[field] = value;
  }
  return out;
}

/** The pending edits of one month table, by row id (a field's latest edit wins). */
export function usePendingMonthEdits(name: MonthsName): PendingMonthEdits {
  const entries = useMirrorQuery((db) => db.outbox.where('status').equals('pending').sortBy('seq'), []).value;
  return useMemo(() => {
    if (!entries || entries.length === 0) return NO_EDITS;
    const edits = new Map<number, Partial<Record<MonthEditField, number>>>();
    // An account's actual is shared by its two tables under the same row id
    // (docs/projection-rules.md#actuals-and-check-ins): an edit of the other table is pending here
    // too, under this table's field.
    const { editField, sharesActualWith } = MONTHS[name];
    for (const entry of entries) {
      const { mutation } = entry;
      if (mutation.kind !== 'month') continue;
      // Later edits of a row win field by field: a check-in's home values stay beside a later cash edit.
      if (mutation.table === name) edits.set(mutation.rowId, { ...edits.get(mutation.rowId), ...editedDollars(mutation.fields) });
      else if (mutation.table === sharesActualWith) {
        const value = editedDollars(mutation.fields)[MONTHS[sharesActualWith].editField];
        if (value !== undefined) edits.set(mutation.rowId, { [editField]: value });
      }
    }
    return edits.size === 0 ? NO_EDITS : edits;
  }, [entries, name]);
}

export function useMonthsTable<Table>(name: MonthsName, read: (body: unknown, pending: PendingMonthEdits) => Table | null): MonthsTableView<Table> {
  const { body, provisional, loading, error, actualsToken } = useMonths(name);
  const pending = usePendingMonthEdits(name);
  const dollars = useDollars();
  const stored = useMemo(() => read(body, pending), [read, body, pending]);
  const table = useMemo(() => (stored === null ? null : dollars.table(stored)), [stored, dollars]);
  const pendingIds = useMemo(() => new Set(pending.keys()), [pending]);
  return { table, provisional, loading, error, pendingIds, actualsToken };
}
