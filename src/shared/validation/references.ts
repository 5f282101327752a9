/**
 * Fields of one record that name another record of the same user (docs/api.md#plan-assumptions),
 * declared once: the server checks a write against them inside its transaction and clears them
 * when the record they name goes or stops qualifying, and the import rule checks a file's
 * references against the file's own records.
 *
 * One today: the plan assumptions' `surplus_account_id` names one of the user's `taxable`
 * accounts. An id that is no such account — another type, none at all, or another user's — gets
 * the same message, so the answer never tells whether someone else's id exists.
 */
import type { RecordName } from '../records.ts';
import type { SINGLES, SingleName } from '../resources.ts';
import { SURPLUS_ACCOUNT } from './records.ts';

export interface RecordReference {
  /** The single record holding the field (its record name). */
  readonly from: (typeof SINGLES)[SingleName]['record'];
  /** The field: an integer id, or null for none. */
  readonly field: string;
  /** The kind of record it names. */
  readonly to: RecordName;
  /** What the named record must hold: `field` of it must be `value` (wire form). */
  readonly where: { readonly field: string; readonly value: string };
  /** The one message for an id that names no such record of the user's. */
  readonly message: string;
}

export const RECORD_REFERENCES: readonly RecordReference[] = [
  { from: 'assumptions', field: 'surplus_account_id', to: 'retirement_account', where: { field: 'account_type', value: 'taxable' }, message: SURPLUS_ACCOUNT },
];

/** The references a record's fields make. */
export function referencesFrom(record: RecordName): readonly RecordReference[] {
  return RECORD_REFERENCES.filter((ref) => ref.from === record);
}

/** The references that name records of this kind. */
export function referencesTo(record: RecordName): readonly RecordReference[] {
  return RECORD_REFERENCES.filter((ref) => ref.to === record);
}

/**
 * Whether `target` (a record's fields, wire or validated: absent when no record of the user has
 * the id) may be named by `ref`: `{account_type: 'taxable', …}` may be the surplus account,
 * `{account_type: 'roth_ira', …}` and undefined may not.
 */
export function referenceAccepts(ref: RecordReference, target: Readonly<Record<string, unknown>> | undefined): boolean {
  return target !== undefined && target[ref.where.field] === ref.where.value;
}
