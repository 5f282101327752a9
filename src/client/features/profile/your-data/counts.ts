/**
 * How much of each kind an account or a file holds, for the import's confirmation ("what will be
 * replaced, and what the file holds") and its answer ("what was imported"). The kinds are the
 * export document's: its collections, its single records, and the actual balances.
 */
import { EXPORT_COLLECTIONS, EXPORT_SINGLES, type ExportCollectionKey, type ExportSingleKey } from '../../../../shared/export/document.ts';
import type { ImportCounts } from './data-calls.ts';

export type CountKey = ExportCollectionKey | ExportSingleKey | 'actuals';

/**
 * Each kind as the confirmation names it, in the document's order: a collection by its list label,
 * a single record by its label (shared/resources.ts).
 */
export const COUNT_LABELS: Readonly<Record<CountKey, string>> = {
  ...(Object.fromEntries([...EXPORT_COLLECTIONS.map((c) => [c.key, c.listLabel]), ...EXPORT_SINGLES.map((s) => [s.key, s.label])]) as Record<ExportCollectionKey | ExportSingleKey, string>),
  actuals: 'Actual balances (check-ins)',
};

export const COUNT_KEYS: readonly CountKey[] = [...EXPORT_COLLECTIONS.map((c) => c.key), ...EXPORT_SINGLES.map((s) => s.key), 'actuals'];

export type Counts = Readonly<Record<CountKey, number>>;

/** None of anything: a device that does not know the account yet. */
export const NO_COUNTS: Counts = Object.fromEntries(COUNT_KEYS.map((key) => [key, 0])) as Record<CountKey, number>;

/** A document's lists, singles and actuals: an export document, or an import file once validated. */
type Countable = { readonly [K in ExportCollectionKey]: readonly unknown[] } & { readonly [K in ExportSingleKey]: unknown } & {
  readonly actuals: {
    readonly income_months: readonly unknown[];
    readonly debt_months: readonly unknown[];
    readonly retirement_months: readonly unknown[];
    readonly mortgage_months?: readonly unknown[];
    readonly home_months?: readonly unknown[];
  };
};

export function countsOf(document: Countable): Counts {
  const counts = {} as Record<CountKey, number>;
  for (const { key } of EXPORT_COLLECTIONS) counts[key] = document[key].length;
  for (const { key } of EXPORT_SINGLES) counts[key] = document[key] ? 1 : 0;
  const { income_months, debt_months, retirement_months, mortgage_months = [], home_months = [] } = document.actuals;
  counts.actuals = income_months.length + debt_months.length + retirement_months.length + mortgage_months.length + home_months.length;
  return counts;
}

/** The server's import counts (one per list of actuals) gathered into the confirmation's kinds. */
export function countsOfAnswer(answer: ImportCounts): Counts {
  const counts = {} as Record<CountKey, number>;
  for (const key of COUNT_KEYS) counts[key] = key === 'actuals' ? 0 : (answer[key] ?? 0);
  counts.actuals = (answer.income_months ?? 0) + (answer.debt_months ?? 0) + (answer.retirement_months ?? 0) + (answer.mortgage_months ?? 0) + (answer.home_months ?? 0);
  return counts;
}

/** 'Debts 3, Housing 1, Actual balances (check-ins) 2', leaving out kinds with none; 'nothing' when all are 0. */
export function countsText(counts: Counts): string {
  const parts = COUNT_KEYS.filter((key) => counts[key] > 0).map((key) => `${COUNT_LABELS[key]} ${counts[key]}`);
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}
