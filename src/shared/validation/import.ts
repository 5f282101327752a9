/**
 * The rules an import document (src/shared/export/document.ts) must pass before anything of it is
 * written: its format and version, every record by the same rule a form or a REST write uses, and
 * every actual balance, with each error keyed by where it is in the file — `debts[2].apr`,
 * `housing.total_monthly_payment`, `actuals.debt_months[0].month`, `format`, `version` — so a
 * person can find it. Shared, so the device can check a file before it sends it.
 *
 * What the file's ids are for: an actual names its debt or account by the id the file gives it,
 * and so does the assumptions' `surplus_account_id` (one of the file's taxable accounts); the
 * importer gives every record a new id, so references must point inside the file.
 */
import { countText } from '../../engine/format.ts';
import { cents, type Cents } from '../../engine/money.ts';
import { monthOfDate, type MonthKey } from '../../engine/months.ts';
import {
  EXPORT_COLLECTIONS,
  EXPORT_FORMAT,
  EXPORT_SINGLES,
  EXPORT_VERSION,
  type ExportCollectionKey,
  type ExportActuals,
  type ExportCollectionRecord,
  type ExportSingleKey,
} from '../export/document.ts';
import { isJsonObject } from '../json.ts';
import type { RecordInputs, RecordName } from '../records.ts';
import {
  addError,
  currentYear,
  fieldError,
  fieldOk,
  mapValidation,
  optional,
  parseDate,
  parseEnum,
  parseInteger,
  parseMonth,
  todayDate,
  type FieldErrors,
  type FieldResult,
  type Validation,
  type ValidationContext,
} from './kit.ts';
import { validateDebtMonth, validateHomeMonth, validateIncomeMonth, validateMortgageMonth, validateRetirementMonth } from './months.ts';
import { OTHER_EXPENSE_MIN_YEAR, RECORD_VALIDATORS } from './records.ts';
import { referenceAccepts, RECORD_REFERENCES, referencesFrom } from './references.ts';

export const IMPORT_MODES = ['replace', 'merge'] as const;
/** replace: the file's data takes the place of all the user's; merge: it is added to it. */
export type ImportMode = (typeof IMPORT_MODES)[number];

/** A record of the file, validated: the id the file gives it (null: none), its created_at, its value. */
export interface ImportedRecord<R extends RecordName> {
  readonly id: number | null;
  /** ISO 8601 as `toISOString` writes it; null: the importer's clock. */
  readonly created_at: string | null;
  readonly value: RecordInputs[R];
}

/** One actual balance: the file's debt or account id (0 for the income table), its month, cents. */
export interface ImportedActual {
  readonly entityId: number;
  readonly month: MonthKey;
  readonly value: Cents;
}

/** The export's lists of actuals (ExportActuals), each read into cents on the file's ids. */
export type ImportedActuals = { readonly [K in keyof ExportActuals]: readonly ImportedActual[] };

/** A valid document: every collection (empty when the file has none), each single or null, the actuals. */
export type ImportDocument = { readonly [K in ExportCollectionKey]: readonly ImportedRecord<ExportCollectionRecord<K>>[] } & {
  readonly [K in ExportSingleKey]: ImportedRecord<K> | null;
} & { readonly actuals: ImportedActuals };

/** The refusal of a file from a later version of Runway. */
export function newerVersionMessage(version: number): string {
  return `This file was exported by a newer version of Runway (version ${version}); this version reads version ${EXPORT_VERSION}.`;
}

export const NOT_AN_EXPORT = `This is not a Runway export file: "format" must be "${EXPORT_FORMAT}"`;
export const CREATED_AT_INVALID = 'Created at must be a date and time such as 2026-11-21T12:00:00.000Z';
export const ACTUAL_IN_FUTURE = 'An actual balance can only be for the current month or earlier';

/**
 * The most an account may hold after an import (docs/api.md#export-and-import): records of every
 * collection and the single records together. For replace that is what the file holds; for merge
 * what the account holds plus what the file adds (a single the file has takes the place of the
 * account's). A household keeps tens of records and adds a baseline a month; the ceiling keeps one
 * account from growing without bound through imports and bounds how long one import's single
 * transaction holds the database (docs/performance.md#import).
 */
export const IMPORT_MAX_RECORDS = 20_000;
/**
 * The same for actual balances (month values), counted apart: an account's once, though it is
 * stored for both its tables. They run back to 1900, one a month for the income table and for each
 * debt and account, so without a ceiling a file could hold hundreds of thousands. 10,000 is 90
 * years of monthly balances for a household of 9 (the income table, 5 debts, 3 accounts); it
 * costs an import at most what 20,000 records do (docs/performance.md#import).
 */
export const IMPORT_MAX_ACTUALS = 10_000;
/** The errors key of a refusal for size: about the file as a whole, so its message names no place. */
export const IMPORT_LIMITS_KEY = 'limits';

/** How much an import leaves in the account, or how much a file holds. */
export interface ImportSize {
  readonly records: number;
  readonly actuals: number;
}

/**
 * What a document holds, counted on its lists as they are (valid or not): the records of every
 * collection, the single records present, and the actuals. Counts a validated ImportDocument too.
 */
export function importSize(document: Readonly<Record<string, unknown>>): ImportSize {
  const length = (value: unknown) => (Array.isArray(value) ? value.length : 0);
  let records = 0;
  for (const { key } of EXPORT_COLLECTIONS) records += length(document[key]);
  for (const { key } of EXPORT_SINGLES) if (document[key] !== undefined && document[key] !== null) records += 1;
  const lists = isJsonObject(document.actuals) ? document.actuals : {};
  const actuals = length(lists.income_months) + length(lists.debt_months) + length(lists.retirement_months) + length(lists.mortgage_months) + length(lists.home_months);
  return { records, actuals };
}

/**
 * The refusal of an import that would leave more than the ceilings in the account, or null.
 * `merged`: `size` is what a merge would leave (the account's and the file's), not the file's own.
 * `{records: 20001, actuals: 0}` → `{limits: ['An account can hold at most 20,000 records; this file holds 20,001.']}`.
 */
export function importLimitErrors(size: ImportSize, merged: boolean): FieldErrors | null {
  const errors: FieldErrors = {};
  const over = (count: number, limit: number, noun: string) =>
    addError(errors, IMPORT_LIMITS_KEY, `An account can hold at most ${countText(limit)} ${noun}; ${merged ? `merging this file would leave ${countText(count)}` : `this file holds ${countText(count)}`}.`);
  if (size.records > IMPORT_MAX_RECORDS) over(size.records, IMPORT_MAX_RECORDS, 'records');
  if (size.actuals > IMPORT_MAX_ACTUALS) over(size.actuals, IMPORT_MAX_ACTUALS, 'actual balances');
  return Object.keys(errors).length > 0 ? errors : null;
}

/** `import` mode: absent is replace. */
export function parseImportMode(raw: unknown): FieldResult<ImportMode> {
  const mode = optional(raw, (value) => parseEnum(value, IMPORT_MODES, { label: 'Mode', invalid: 'Mode must be "replace" or "merge"' }));
  return mode.ok ? fieldOk(mode.value ?? 'replace') : mode;
}

/**
 * The message of a refused import: the first error, with where it is unless it is about the file
 * as a whole. `{ 'debts[2].apr': ['Please enter a valid APR between 0 and 100'] }` →
 * 'debts[2].apr: Please enter a valid APR between 0 and 100'.
 */
export function importErrorMessage(errors: FieldErrors): string {
  const first = Object.entries(errors).find(([, messages]) => messages.length > 0);
  if (!first) return 'The file cannot be imported';
  const [path, [message]] = first;
  return path === 'format' || path === 'version' || path === IMPORT_LIMITS_KEY ? (message ?? '') : `${path}: ${message}`;
}

function headerErrors(src: Readonly<Record<string, unknown>>): FieldErrors | null {
  if (src.format !== EXPORT_FORMAT) return { format: [NOT_AN_EXPORT] };
  const version = parseInteger(src.version, { label: 'Version', min: 1 });
  if (!version.ok) return { version: [version.error] };
  if (version.value > EXPORT_VERSION) return { version: [newerVersionMessage(version.value)] };
  return null;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * A record's `created_at` in the file, kept on import so a restored baseline still says when it
 * was saved: absent or null is none; otherwise a real date and time with its zone. Not compared
 * with today: it was some server's clock, and a backup must not fail for that clock running ahead.
 */
function parseCreatedAt(raw: unknown): FieldResult<string | null> {
  return optional(raw, (value) => {
    const text = typeof value === 'string' ? value.trim() : '';
    // parseDate checks the calendar (Date.parse takes 30 February for 2 March).
    if (!TIMESTAMP.test(text) || !parseDate(text, { label: 'Created at' }).ok) return fieldError(CREATED_AT_INVALID);
    return fieldOk(new Date(Date.parse(text)).toISOString());
  });
}

/** A file's id: any whole number (a record made offline and not yet sent has a negative one). */
function parseFileId(raw: unknown, label: string): FieldResult<number> {
  return parseInteger(raw, { label, min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
}

/** Adds a record's errors under `path` (`debts[2]` + `apr` → `debts[2].apr`). */
function addAt(errors: FieldErrors, path: string, inner: FieldErrors): void {
  for (const [field, messages] of Object.entries(inner)) for (const message of messages) addError(errors, `${path}.${field}`, message);
}

/** A list of the file, or [] when it has none; a 'must be a list' error when it is something else. */
function listAt(raw: unknown, path: string, errors: FieldErrors): readonly unknown[] {
  if (raw === undefined || raw === null) return [];
  if (Array.isArray(raw)) return raw;
  addError(errors, path, `${path} must be a list`);
  return [];
}

function importRecord<R extends RecordName>(
  record: R,
  label: string,
  raw: unknown,
  path: string,
  ctx: ValidationContext,
  errors: FieldErrors,
  seen: Set<number>,
): ImportedRecord<R> | null {
  if (!isJsonObject(raw)) {
    addError(errors, path, `${label} must be an object`);
    return null;
  }
  const inner: FieldErrors = {};
  let id: number | null = null;
  if (raw.id !== undefined && raw.id !== null) {
    const parsed = parseFileId(raw.id, 'Id');
    if (!parsed.ok) addError(inner, 'id', parsed.error);
    else if (seen.has(parsed.value)) addError(inner, 'id', `Another ${label.toLowerCase()} in this file has id ${parsed.value}`);
    else {
      seen.add(parsed.value);
      id = parsed.value;
    }
  }
  const createdAt = parseCreatedAt(raw.created_at);
  if (!createdAt.ok) addError(inner, 'created_at', createdAt.error);
  // A reference holds a file id, which may be negative (a record made offline, not yet sent): it is
  // read as one here, and checked against the file's records by referenceErrorsOfFile.
  const references: Record<string, number> = {};
  const input: Record<string, unknown> = { ...raw };
  for (const ref of referencesFrom(record)) {
    const named = raw[ref.field];
    if (named === undefined || named === null) continue;
    const fileId = parseFileId(named, ref.field);
    if (fileId.ok) references[ref.field] = fileId.value;
    else addError(inner, ref.field, ref.message);
    input[ref.field] = null;
  }
  const result = (RECORD_VALIDATORS[record] as (input: unknown, ctx: ValidationContext) => Validation<RecordInputs[R]>)(input, ctx);
  if (!result.ok) for (const [field, messages] of Object.entries(result.errors)) for (const message of messages) addError(inner, field, message);
  addAt(errors, path, inner);
  if (!result.ok || !createdAt.ok || Object.keys(inner).length > 0) return null;
  return { id, created_at: createdAt.value, value: { ...result.value, ...references } };
}

/** How one list of actuals is read: the entity field it references (none for income) and its value rule. */
interface ActualRule {
  readonly key: keyof ImportedActuals;
  readonly entity: { readonly field: string; readonly label: string; readonly noun: string; readonly ids: ReadonlySet<number> } | null;
  readonly value: (row: unknown) => Validation<Cents>;
}

/*
 * A debt's actual is checked as a balance, not against the debt's payment: that check belongs to
 * the moment the balance is typed (PUT /debt_months), and a debt whose rate was raised since may
 * hold a stored actual above it, which its own export must still bring back.
 */
const ANY_DEBT = { apr: 0, monthlyPayment: cents(0) };

function importActuals(raw: unknown, rule: ActualRule, ctx: ValidationContext, errors: FieldErrors): ImportedActual[] {
  const base = `actuals.${rule.key}`;
  const latest = monthOfDate(todayDate(ctx));
  const seen = new Set<string>();
  const actuals: ImportedActual[] = [];
  listAt(raw, base, errors).forEach((row, index) => {
    const path = `${base}[${index}]`;
    if (!isJsonObject(row)) {
      addError(errors, path, 'Each actual balance must be an object');
      return;
    }
    const inner: FieldErrors = {};
    let entityId = 0;
    if (rule.entity) {
      const id = parseFileId(row[rule.entity.field], rule.entity.label);
      if (!id.ok) addError(inner, rule.entity.field, id.error);
      else if (!rule.entity.ids.has(id.value)) addError(inner, rule.entity.field, `No ${rule.entity.noun} in this file has id ${id.value}`);
      else entityId = id.value;
    }
    const month = parseMonth(row.month, { label: 'Month', minYear: OTHER_EXPENSE_MIN_YEAR, maxYear: currentYear(ctx) });
    if (!month.ok) addError(inner, 'month', month.error);
    else if (month.value > latest) addError(inner, 'month', ACTUAL_IN_FUTURE);
    const value = rule.value(row);
    if (!value.ok) for (const [field, messages] of Object.entries(value.errors)) for (const message of messages) addError(inner, field, message);
    if (Object.keys(inner).length === 0 && month.ok && value.ok) {
      const key = `${entityId} ${month.value}`;
      if (seen.has(key)) addError(inner, 'month', rule.entity ? `Another actual balance in this file is for the same ${rule.entity.noun} and month` : 'Another actual balance in this file is for the same month');
      else {
        seen.add(key);
        actuals.push({ entityId, month: month.value, value: value.value });
      }
    }
    addAt(errors, path, inner);
  });
  return actuals;
}

/**
 * Each single record's reference (RECORD_REFERENCES) must name a record of the file that may be
 * named there, by the file's id (any whole number, as the file's ids are):
 * `assumptions.surplus_account_id` 7 needs a `taxable` account with id 7 in `retirement_accounts`,
 * else `{'assumptions.surplus_account_id': [SURPLUS_ACCOUNT]}`. A named record that failed its own
 * rule counts as absent (its own errors say why).
 */
function referenceErrorsOfFile(document: Readonly<Record<string, unknown>>, errors: FieldErrors): void {
  for (const ref of RECORD_REFERENCES) {
    const single = EXPORT_SINGLES.find((s) => s.record === ref.from);
    const holder = single ? (document[single.key] as ImportedRecord<RecordName> | null) : null;
    const id = holder ? (holder.value as unknown as Record<string, unknown>)[ref.field] : null;
    if (!single || id === null || id === undefined) continue;
    const targets = EXPORT_COLLECTIONS.filter((c) => c.record === ref.to).flatMap((c) => document[c.key] as readonly ImportedRecord<RecordName>[]);
    const target = targets.find((record) => record.id === id);
    if (!referenceAccepts(ref, target?.value as Record<string, unknown> | undefined)) addError(errors, `${single.key}.${ref.field}`, ref.message);
  }
}

/**
 * Validates a whole import document against the rules of its records, as of `ctx.today`.
 * A file whose `format` is not 'runway-export' or whose `version` is not one this version reads
 * answers that error alone, and so does one holding more than the ceilings (`limits`); otherwise
 * every error of the file is answered at once.
 * `user` and `exported_at` are not read: an import fills the signed-in user's account.
 */
export function validateImport(input: unknown, ctx: ValidationContext): Validation<ImportDocument> {
  if (!isJsonObject(input)) return { ok: false, errors: { format: [NOT_AN_EXPORT] } };
  const header = headerErrors(input);
  if (header) return { ok: false, errors: header };
  // A file over the ceilings is refused before its records are read: it could never be imported.
  const limits = importLimitErrors(importSize(input), false);
  if (limits) return { ok: false, errors: limits };

  const errors: FieldErrors = {};
  const document: Record<string, unknown> = {};
  const idsOf = new Map<RecordName, Set<number>>();
  for (const { key, record, label } of EXPORT_COLLECTIONS) {
    const seen = new Set<number>();
    idsOf.set(record, seen);
    document[key] = listAt(input[key], key, errors)
      .map((raw, index) => importRecord(record, label, raw, `${key}[${index}]`, ctx, errors, seen))
      .filter((row) => row !== null);
  }
  for (const { key, record, label } of EXPORT_SINGLES) {
    const raw = input[key];
    document[key] = raw === undefined || raw === null ? null : importRecord(record, label, raw, key, ctx, errors, new Set());
  }

  referenceErrorsOfFile(document, errors);

  const actuals = input.actuals;
  const lists = isJsonObject(actuals) ? actuals : {};
  if (actuals !== undefined && actuals !== null && !isJsonObject(actuals)) addError(errors, 'actuals', 'actuals must be an object');
  const entity = (field: string, label: string, noun: string, record: RecordName) => ({ field, label, noun, ids: idsOf.get(record) ?? new Set<number>() });
  const rules: ActualRule[] = [
    { key: 'income_months', entity: null, value: (row) => mapValidation(validateIncomeMonth(row), (v) => v.input_end_balance) },
    {
      key: 'debt_months',
      entity: entity('debt_id', 'Debt id', 'debt', 'debt'),
      value: (row) => mapValidation(validateDebtMonth(row, ANY_DEBT), (v) => v.input_remaining_balance),
    },
    {
      key: 'retirement_months',
      entity: entity('retirement_account_id', 'Retirement account id', 'retirement account', 'retirement_account'),
      value: (row) => mapValidation(validateRetirementMonth(row), (v) => v.balance),
    },
    { key: 'mortgage_months', entity: null, value: (row) => mapValidation(validateMortgageMonth(row), (v) => v.input_mortgage_balance) },
    { key: 'home_months', entity: null, value: (row) => mapValidation(validateHomeMonth(row), (v) => v.input_home_value) },
  ];
  document.actuals = Object.fromEntries(rules.map((rule) => [rule.key, importActuals(lists[rule.key], rule, ctx, errors)]));

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: document as ImportDocument };
}
