/** Month rows in a stored month table, found by id. */
import { isJsonObject } from '../../../shared/json.ts';
import type { Fields } from '../sync/conflicts.ts';
import type { WireRecord } from '../mirror/db.ts';

/**
 * The home's actuals an income month row carries only when given
 * (docs/projection-rules.md#the-home-in-a-check-in), as nulls: laid under a row the server sent,
 * they clear from a stored row what the server's row no longer has.
 */
export const HOME_ACTUALS_CLEARED = { input_mortgage_balance: null, input_home_value: null } as const;

/** A month table's body with one row replaced by the server's recomputed row (matched by id). */
export function patchMonthRow(body: unknown, row: WireRecord): unknown {
  if (Array.isArray(body)) {
    const mapped = body.map((item) => patchMonthRow(item, row));
    return mapped.some((item, i) => item !== body[i]) ? mapped : body;
  }
  if (!isJsonObject(body)) return body;
  let changed = false;
  const out: Fields = {};
  for (const [key, value] of Object.entries(body)) {
    let next = value;
    // Only arrays of month rows: a debt's or account's own id may equal some month row's id.
    if (Array.isArray(value) && (key.endsWith('_months') || key === 'total')) {
      const rows = value.map((item) => (isJsonObject(item) && item.id === row.id ? { ...item, ...row } : item));
      if (rows.some((item, i) => item !== value[i])) next = rows;
    } else if (typeof value === 'object' && value !== null) {
      next = patchMonthRow(value, row);
    }
    if (next !== value) changed = true;
    out[key] = next;
  }
  return changed ? out : body;
}
