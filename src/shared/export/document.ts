/**
 * The export document (docs/api.md#export-and-import): everything a user keeps in Runway, in one
 * versioned JSON file. Pure and shared, so the server (`GET /api/v1/export`) and the device's
 * mirror (offline) build it with the same function and, from the same records, the same bytes.
 *
 * Shape (version 1), keys in this order:
 *
 *   {
 *     "format": "runway-export",
 *     "version": 1,
 *     "exported_at": "2026-11-21T12:00:00.000Z",
 *     "user": { "email": "ana@example.com", "birth_year": 1985 },
 *     "incomes": [ { "id": 3, "name": "Salary", …, "created_at": "…", "updated_at": "…" } ],
 *     "debts": […], "monthly_expenses": […], "other_expenses": […], "retirement_accounts": […],
 *     "baselines": […],
 *     "housing": { "id": 1, "housing_type": "Rent", … } | null,
 *     "debt_plan": {…} | null, "retirement_plan": {…} | null, "assumptions": {…} | null,
 *     "actuals": {
 *       "income_months": [ { "month": "2026-11", "input_end_balance": 1520.5 } ],
 *       "debt_months": [ { "debt_id": 7, "month": "2026-11", "input_remaining_balance": 910 } ],
 *       "retirement_months": [ { "retirement_account_id": 9, "month": "2026-11", "balance": 10400 } ]
 *     }
 *   }
 *
 * Records are their REST bodies (money in dollars, percents as numbers, ids as stored), each
 * written as `id`, its fields in the order RECORD_FIELDS declares them (a missing nullable field as
 * null), then `created_at` and `updated_at` (null when the record has none yet). Collections are
 * ordered by id; actuals by month, and by their debt or account id first. An account's actual
 * balance is one value shown by both its retirement and contribution tables
 * (docs/projection-rules.md#actuals-and-check-ins): it is listed once, under `retirement_months`.
 */
import type { JsonObject, RecordName } from '../records.ts';
import { RECORD_FIELDS } from '../records.ts';
import { COLLECTIONS, SINGLES, type CollectionName, type SingleName, type WireFieldsOf } from '../resources.ts';

export const EXPORT_FORMAT = 'runway-export';
export const EXPORT_VERSION = 1;

/** The document key of each collection (its list key) and each single record (its record name). */
export type ExportCollectionKey = (typeof COLLECTIONS)[CollectionName]['listKey'];
export type ExportSingleKey = (typeof SINGLES)[SingleName]['record'];

/** The collections and singles of the document, in its order, with the record each holds. */
export const EXPORT_COLLECTIONS: readonly { readonly key: ExportCollectionKey; readonly record: RecordName; readonly label: string; readonly listLabel: string }[] = Object.values(
  COLLECTIONS,
).map((c) => ({ key: c.listKey, record: c.record, label: c.label, listLabel: c.listLabel }));
export const EXPORT_SINGLES: readonly { readonly key: ExportSingleKey; readonly record: RecordName; readonly label: string }[] = Object.values(SINGLES).map((s) => ({
  key: s.record,
  record: s.record,
  label: s.label,
}));

/** A record as the document holds it: its REST body with every field present. */
export type ExportRecord<R extends RecordName> = { readonly id: number } & { readonly [K in keyof WireFieldsOf<R>]-?: Exclude<WireFieldsOf<R>[K], undefined> } & {
  readonly created_at: string | null;
  readonly updated_at: string | null;
};

/** The record a collection of the document holds: `ExportCollectionRecord<'debts'>` is 'debt'. */
export type ExportCollectionRecord<K extends ExportCollectionKey> = Extract<(typeof COLLECTIONS)[CollectionName], { listKey: K }>['record'];

export interface IncomeActual {
  readonly month: string;
  /** Dollars. */
  readonly input_end_balance: number;
}
export interface DebtActual {
  readonly debt_id: number;
  readonly month: string;
  /** Dollars. */
  readonly input_remaining_balance: number;
}
export interface RetirementActual {
  readonly retirement_account_id: number;
  readonly month: string;
  /** Dollars. */
  readonly balance: number;
}

/** A check-in's mortgage balance of a month (docs/projection-rules.md#the-home-in-a-check-in). */
export interface MortgageActual {
  readonly month: string;
  /** Dollars. */
  readonly input_mortgage_balance: number;
}
/** A check-in's home value of a month (docs/projection-rules.md#the-home-in-a-check-in). */
export interface HomeActual {
  readonly month: string;
  /** Dollars. */
  readonly input_home_value: number;
}

/**
 * The user's stored actual balances (the month tables' overrides), in dollars. A file from before
 * the home's check-in lists has neither `mortgage_months` nor `home_months`: read as empty.
 */
export interface ExportActuals {
  readonly income_months: readonly IncomeActual[];
  readonly debt_months: readonly DebtActual[];
  readonly retirement_months: readonly RetirementActual[];
  readonly mortgage_months: readonly MortgageActual[];
  readonly home_months: readonly HomeActual[];
}

export interface ExportUser {
  readonly email: string;
  readonly birth_year: number;
}

export type ExportDocument = {
  readonly format: typeof EXPORT_FORMAT;
  readonly version: typeof EXPORT_VERSION;
  /** ISO 8601, the exporter's clock. */
  readonly exported_at: string;
  readonly user: ExportUser;
} & { readonly [K in ExportCollectionKey]: readonly ExportRecord<ExportCollectionRecord<K>>[] } & {
  readonly [K in ExportSingleKey]: ExportRecord<K> | null;
} & { readonly actuals: ExportActuals };

/** A record as REST answered it or the mirror keeps it: an id and its fields, maybe timestamps. */
export type SourceRecord = { readonly id: number; readonly created_at?: string | null; readonly updated_at?: string | null } & JsonObject;

/** What the document is made of; lists in any order. */
export type ExportSource = {
  readonly exportedAt: string;
  readonly user: ExportUser;
  readonly actuals: ExportActuals;
} & { readonly [K in ExportCollectionKey]: readonly SourceRecord[] } & { readonly [K in ExportSingleKey]: SourceRecord | null };

/** The record with its keys in the document's order, a missing field as null and nothing else. */
function exportRecord(record: RecordName, source: SourceRecord): Record<string, unknown> {
  const out: Record<string, unknown> = { id: source.id };
  for (const field of Object.keys(RECORD_FIELDS[record])) out[field] = source[field] ?? null;
  out.created_at = source.created_at ?? null;
  out.updated_at = source.updated_at ?? null;
  return out;
}

const byNumber = (a: number, b: number) => a - b;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The export document of `source`. Deterministic: the same records, in whatever order and with
 * their keys in whatever order, give the same JSON text.
 *
 * `buildExportDocument({ exportedAt: '2026-11-21T12:00:00.000Z', user: { email: 'a@b.co', birth_year: 1985 },
 *   debts: [{ id: 9, … }, { id: 4, … }], …, housing: null, …, actuals: { income_months: [], debt_months:
 *   [{ debt_id: 9, month: '2026-10', … }, { debt_id: 4, month: '2026-11', … }], retirement_months: [] } })`
 * → `{ format: 'runway-export', version: 1, …, debts: [{ id: 4, … }, { id: 9, … }], …, actuals: { …,
 *   debt_months: [{ debt_id: 4, … }, { debt_id: 9, … }] } }`.
 */
export function buildExportDocument(source: ExportSource): ExportDocument {
  const document: Record<string, unknown> = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: source.exportedAt,
    user: { email: source.user.email, birth_year: source.user.birth_year },
  };
  for (const { key, record } of EXPORT_COLLECTIONS) {
    document[key] = [...source[key]].sort((a, b) => byNumber(a.id, b.id)).map((row) => exportRecord(record, row));
  }
  for (const { key, record } of EXPORT_SINGLES) {
    const row = source[key];
    document[key] = row ? exportRecord(record, row) : null;
  }
  const { income_months, debt_months, retirement_months, mortgage_months, home_months } = source.actuals;
  document.actuals = {
    income_months: [...income_months].sort((a, b) => byText(a.month, b.month)).map((a) => ({ month: a.month, input_end_balance: a.input_end_balance })),
    debt_months: [...debt_months]
      .sort((a, b) => byNumber(a.debt_id, b.debt_id) || byText(a.month, b.month))
      .map((a) => ({ debt_id: a.debt_id, month: a.month, input_remaining_balance: a.input_remaining_balance })),
    retirement_months: [...retirement_months]
      .sort((a, b) => byNumber(a.retirement_account_id, b.retirement_account_id) || byText(a.month, b.month))
      .map((a) => ({ retirement_account_id: a.retirement_account_id, month: a.month, balance: a.balance })),
    mortgage_months: [...mortgage_months].sort((a, b) => byText(a.month, b.month)).map((a) => ({ month: a.month, input_mortgage_balance: a.input_mortgage_balance })),
    home_months: [...home_months].sort((a, b) => byText(a.month, b.month)).map((a) => ({ month: a.month, input_home_value: a.input_home_value })),
  };
  return document as ExportDocument;
}

/** The file name a download of the document gets: `runway-export-2026-11-21.json`. */
export function exportFileName(document: Pick<ExportDocument, 'exported_at'>): string {
  return `${EXPORT_FORMAT}-${document.exported_at.slice(0, 10)}.json`;
}
