/**
 * Validated values (money in integer cents) to a wire body (money as dollars, spec section 3).
 * Dividing an integer number of cents by 100 gives the double nearest the decimal, which the
 * server parses back to the same cents.
 */
import { centsToDollars, type Cents } from '../../engine/money.ts';
import { RECORD_FIELDS, type RecordName } from '../../shared/records.ts';

export function wireFields(record: RecordName, value: object): Record<string, unknown> {
  const decls = RECORD_FIELDS[record] as Record<string, { kind: string }>;
  const out: Record<string, unknown> = {};
  for (const [field, item] of Object.entries(value)) {
    out[field] = decls[field]?.kind === 'money' && typeof item === 'number' ? centsToDollars(item as Cents) : item;
  }
  return out;
}
