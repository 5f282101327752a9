/**
 * Actual values the user typed over computed months ("actuals"). An actual replaces the computed
 * end balance of its (entity, month) and later months continue from it.
 */
import type { Cents } from './money.ts';
import type { MonthKey } from './months.ts';

/** Actual values by entity id and month. */
export type ActualIndex = ReadonlyMap<string, Cents>;

function keyOf(entityId: number, month: MonthKey): string {
  return `${entityId}|${month}`;
}

/**
 * Indexes actuals by (entity, month). When the same (entity, month) appears twice the later entry
 * wins, so the answer depends only on the list's order, never on anything else.
 */
export function indexActuals<T>(
  items: readonly T[],
  entityOf: (item: T) => number,
  monthOf: (item: T) => MonthKey,
  valueOf: (item: T) => Cents,
): ActualIndex {
  const index = new Map<string, Cents>();
  for (const item of items) index.set(keyOf(entityOf(item), monthOf(item)), valueOf(item));
  return index;
}

/** The actual for (entity, month), or null. */
export function actualFor(index: ActualIndex, entityId: number, month: MonthKey): Cents | null {
  return index.get(keyOf(entityId, month)) ?? null;
}

/**
 * The actuals dated from `first` through `last` (inclusive; month keys sort as text). The
 * projection keeps those from month 1 through today: earlier months have no row, and a month after
 * today cannot have been observed yet (the app only lets the user edit the current month or earlier).
 */
export function actualsBetween<T extends { readonly month: MonthKey }>(items: readonly T[], first: MonthKey, last: MonthKey): T[] {
  return items.filter((item) => item.month >= first && item.month <= last);
}
