/**
 * Month row ids: a pure function of (entity, month), so the id of a row never changes however
 * often the table is recomputed, and a PUT sent from an offline phone days later still finds its
 * row. Every query is also scoped to the signed-in user, which makes them (user, kind, entity,
 * month)-unique. The entity is the debt or account id, 0 for the income table and total rows.
 *
 *   id = entity × 2¹⁷ + (year × 12 + month − 1)
 *
 * 2¹⁷ = 131072 exceeds the largest month index (9999-12 → 119999); entity ids are PostgreSQL
 * integers (< 2³¹), so ids stay below 2⁴⁸, exact in a JSON number.
 */
import { monthKey, monthOf, yearOf, type MonthKey } from '../../engine/months.ts';

const MONTH_SPAN = 2 ** 17;
const MAX_ENTITY = 2 ** 31 - 1;

export function monthRowId(entityId: number, month: MonthKey): number {
  return entityId * MONTH_SPAN + yearOf(month) * 12 + monthOf(month) - 1;
}

/** The (entity, month) of an id from a URL, or null when no row could have it. */
export function parseMonthRowId(raw: unknown): { entityId: number; month: MonthKey } | null {
  if (typeof raw !== 'string' || !/^\d{1,16}$/.test(raw)) return null;
  const id = Number(raw);
  const entityId = Math.floor(id / MONTH_SPAN);
  const index = id % MONTH_SPAN;
  const year = Math.floor(index / 12);
  if (entityId > MAX_ENTITY || year < 1 || year > 9999) return null;
  return { entityId, month: monthKey(year, (index % 12) + 1) };
}
