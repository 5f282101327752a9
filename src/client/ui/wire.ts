/**
 * Validated values (money in integer cents) to a wire body (money as dollars,
 * docs/api.md#wire-format). Dividing an integer number of cents by 100 gives the double nearest the
 * decimal, which the server parses back to the same cents.
 */
import { centsToDollars, type Cents } from '../../engine/money.ts';
import { RECORD_FIELDS, type FieldDecl, type RecordName } from '../../shared/records.ts';
import { dateInputText, inputText } from './input-text.ts';
import { moneyInputText } from './money.ts';

export function wireFields(record: RecordName, value: object): Record<string, unknown> {
  const decls = RECORD_FIELDS[record] as Record<string, { kind: string }>;
  const out: Record<string, unknown> = {};
  for (const [field, item] of Object.entries(value)) {
    out[field] = decls[field]?.kind === 'money' && typeof item === 'number' ? centsToDollars(item as Cents) : item;
  }
  return out;
}

/** Each field of a record as its form's input text. */
export type InputsOf<R extends RecordName> = { [K in keyof (typeof RECORD_FIELDS)[R]]: string };

/**
 * A stored record's fields as the text its form starts with, by each field's kind: money as
 * '1234.50', a date as its 'YYYY-MM-DD' part, anything else as written; '' where there is none
 * (every field of a new record, null). `recordInputs('debt', { apr: 19.99, remaining_amount: 800, … })`
 * → `{ apr: '19.99', remaining_amount: '800.00', … }`.
 */
export function recordInputs<R extends RecordName>(record: R, row: object | null): InputsOf<R> {
  const values = (row ?? {}) as Record<string, unknown>;
  const inputs: Record<string, string> = {};
  for (const [field, decl] of Object.entries(RECORD_FIELDS[record] as Record<string, FieldDecl>)) {
    const value = values[field];
    inputs[field] = decl.kind === 'money' ? moneyInputText(value) : decl.kind === 'date' ? dateInputText(value) : inputText(value);
  }
  return inputs as InputsOf<R>;
}
