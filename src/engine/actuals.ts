/**
 * Actual values the user typed over computed months ("actuals"). An actual replaces the computed
 * end balance of its (entity, month) and later months continue from it.
 */
import type { Cents } from './money.ts';
import type { MonthKey } from './months.ts';

/** Actual values by entity id, then month. */
export type ActualIndex = ReadonlyMap<number, ReadonlyMap<MonthKey, Cents>>;

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
  const index = new Map<number, Map<MonthKey, Cents>>();
  for (const item of items) {
    const entity = entityOf(item);
    let months = index.get(entity);
    if (months === undefined) {
      months = new Map();
      index.set(entity, months);
    }
    months.set(monthOf(item), valueOf(item));
  }
  return index;
}

/** The actual for (entity, month), or null. */
export function actualFor(index: ActualIndex, entityId: number, month: MonthKey): Cents | null {
  return index.get(entityId)?.get(month) ?? null;
}

/**
 * One entity's actuals by month (empty when it has none), looked up once per entity rather than
 * once per month.
 */
export function actualsOf(index: ActualIndex, entityId: number): ReadonlyMap<MonthKey, Cents> {
  return index.get(entityId) ?? NO_ACTUALS;
}

const NO_ACTUALS: ReadonlyMap<MonthKey, Cents> = new Map();

/** The actual of `month` among one entity's actuals (see actualsOf), or null. */
export function actualIn(actuals: ReadonlyMap<MonthKey, Cents>, month: MonthKey): Cents | null {
  return actuals.get(month) ?? null;
}

/**
 * The actuals dated from `first` through `last` (inclusive; month keys sort as text). The
 * projection keeps those from month 1 through today: earlier months have no row, and a month after
 * today cannot have been observed yet (the app only lets the user edit the current month or earlier).
 */
export function actualsBetween<T extends { readonly month: MonthKey }>(items: readonly T[], first: MonthKey, last: MonthKey): T[] {
  return items.filter((item) => item.month >= first && item.month <= last);
}
