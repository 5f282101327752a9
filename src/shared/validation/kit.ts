/**
 * The building blocks of Runway's validation rules, written once and used by the server routes
 * (parsed JSON: any type can arrive) and by the forms (strings, '' for empty, or numbers).
 *
 * Every parser answers a value or a message and never throws: a refused input is an expected
 * failure, a value and not an exception (docs/architecture.md#code-style), and a route turns the
 * collected errors into a 422. "Today" is the caller's clock, passed in a ValidationContext, so the
 * rules stay pure.
 */
import { cents, parseCents } from '../../engine/money.ts';
import type { Cents } from '../../engine/money.ts';
import { monthKey } from '../../engine/months.ts';
import type { MonthKey } from '../../engine/months.ts';
import { isJsonObject } from '../json.ts';

/** Messages per wire field name (snake_case), in the order the rules found them. */
export type FieldErrors = Record<string, string[]>;
export type Validation<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };
export interface ValidationContext {
  /** 'YYYY-MM-DD', the caller's clock. */
  today: string;
}

/** The outcome of one field: its parsed value, or the one message that refused it. */
export type FieldResult<T> = { ok: true; value: T } | { ok: false; error: string };

export const MAX_TEXT_LENGTH = 255;
/** RFC 5321 caps a forward path at 256 octets including the angle brackets. */
export const MAX_EMAIL_LENGTH = 254;
/** Hashing cost grows with the input; nobody types more than this. */
export const MAX_PASSWORD_LENGTH = 128;
/** $99,999,999,999.99: fits NUMERIC(13,2), and × a percent scaled by 10⁴ still fits a BigInt comfortably. */
export const MAX_MONEY_CENTS: Cents = cents(9_999_999_999_999);
export const PERCENT_DECIMALS = 4;

export function fieldOk<T>(value: T): FieldResult<T> {
  return { ok: true, value };
}

export function fieldError(error: string): FieldResult<never> {
  return { ok: false, error };
}

/** null, undefined and blank text are all "not given": an emptied input sends ''. */
export function isMissing(raw: unknown): boolean {
  return raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
}

/**
 * The fields of a request body, or none when it is not a plain object (a missing `debt` key, an
 * array...), so that each rule reports its own "is required" instead of the route guessing.
 * The copy has no prototype, so a field name can never reach Object.prototype.
 */
export function asObject(input: unknown): Readonly<Record<string, unknown>> {
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  if (isJsonObject(input)) {
    for (const [key, value] of Object.entries(input)) fields[key] = value;
  }
  return fields;
}

/** Characters as a person counts them (code points), not UTF-16 units: '😀' is one. */
export function characterCount(text: string): number {
  return [...text].length;
}

/** The calendar year of the context's today. */
export function currentYear(ctx: ValidationContext): number {
  return Number(ctx.today.slice(0, 4));
}

/** The context's today as 'YYYY-MM-DD' (a caller may hand over a full timestamp). */
export function todayDate(ctx: ValidationContext): string {
  return ctx.today.slice(0, 10);
}

export function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** The first message of each field, which is what a form shows under an input. */
export function firstErrors(errors: FieldErrors): Record<string, string> {
  const first: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (messages[0] !== undefined) first[field] = messages[0];
  }
  return first;
}

type FieldResults = Record<string, FieldResult<unknown>>;
export type ValuesOf<F extends FieldResults> = { [K in keyof F]: Extract<F[K], { ok: true }>['value'] };

/**
 * Gathers per-field results into one Validation. `extra` carries the cross-field messages; they
 * follow a field's own message. The value holds exactly the keys of `fields`, so fields a client
 * sent but no rule declares never get through.
 */
export function collect<F extends FieldResults>(fields: F, extra: FieldErrors = {}): Validation<ValuesOf<F>> {
  const errors: FieldErrors = {};
  const value: Record<string, unknown> = {};
  for (const [field, result] of Object.entries(fields)) {
    if (result.ok) value[field] = result.value;
    else addError(errors, field, result.error);
  }
  for (const [field, messages] of Object.entries(extra)) {
    for (const message of messages) addError(errors, field, message);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: value as ValuesOf<F> };
}

export function mapValidation<T, U>(validation: Validation<T>, transform: (value: T) => U): Validation<U> {
  return validation.ok ? { ok: true, value: transform(validation.value) } : validation;
}

/** An optional field: missing answers null, anything given must pass `parse`. */
export function optional<T>(raw: unknown, parse: (raw: unknown) => FieldResult<T>): FieldResult<T | null> {
  return isMissing(raw) ? fieldOk(null) : parse(raw);
}

/** What every rule names: the label for default messages, and the "is required" override. */
export interface Rule {
  /** Sentence-case name used in default messages: 'Gross pay' → 'Gross pay is required'. */
  label: string;
  required?: string;
}

function requiredMessage(rule: Rule): string {
  return rule.required ?? `${rule.label} is required`;
}

export interface TextRule extends Rule {
  /** In characters; default MAX_TEXT_LENGTH. */
  max?: number;
  invalid?: string;
  tooLong?: string;
}

/** Required text, trimmed. A number or any other JSON type is refused, not coerced. */
export function parseText(raw: unknown, rule: TextRule): FieldResult<string> {
  if (isMissing(raw)) return fieldError(requiredMessage(rule));
  if (typeof raw !== 'string') return fieldError(rule.invalid ?? `${rule.label} must be text`);
  const text = raw.trim();
  const max = rule.max ?? MAX_TEXT_LENGTH;
  if (characterCount(text) > max) {
    return fieldError(rule.tooLong ?? `${rule.label} is too long (maximum ${max} characters)`);
  }
  return fieldOk(text);
}

// Deliberately basic (docs/product.md#validation): something@something.something, no spaces.
// Deliverability is proven by the mail, not by a pattern.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Required email, trimmed and lowercased so that sign-up and sign-in find the same account. */
export function parseEmail(raw: unknown): FieldResult<string> {
  if (isMissing(raw)) return fieldError('Email is required');
  if (typeof raw !== 'string') return fieldError('Please enter a valid email address');
  const email = raw.trim().toLowerCase();
  if (characterCount(email) > MAX_EMAIL_LENGTH) {
    return fieldError(`Email is too long (maximum ${MAX_EMAIL_LENGTH} characters)`);
  }
  if (!EMAIL.test(email)) return fieldError('Please enter a valid email address');
  return fieldOk(email);
}

const PLAIN_DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
// Commas are accepted only as thousands separators: '12,34' could be a European 12.34.
const GROUPED_DECIMAL = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/**
 * A number's text as the user typed it ('0.0000001', not '1e-7'), or a string input trimmed.
 * Null for anything that is not a number or a string, and for NaN and ±Infinity.
 */
function numericText(raw: unknown): string | null {
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return null;
    const text = String(raw);
    if (!/e/i.test(text)) return text;
    return Math.abs(raw) < 1e21 ? raw.toFixed(20).replace(/\.?0+$/, '') : null;
  }
  return typeof raw === 'string' ? raw.trim() : null;
}

/** Significant fraction digits: '1.500' has 1, since trailing zeros change nothing. */
function decimalPlaces(text: string): number {
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.slice(point + 1).replace(/0+$/, '').length;
}

export interface MoneyRule extends Rule {
  /** 'positive' accepts > 0, 'non-negative' accepts ≥ 0, 'any' accepts negatives too. */
  min: 'positive' | 'non-negative' | 'any';
  invalid?: string;
  tooSmall?: string;
  tooLarge?: string;
  decimals?: string;
}

/**
 * Required dollars (a number, or text such as '1,234.50') to integer cents through parseCents,
 * never through a float multiplication.
 */
export function parseMoney(raw: unknown, rule: MoneyRule): FieldResult<Cents> {
  if (isMissing(raw)) return fieldError(requiredMessage(rule));
  const invalid = rule.invalid ?? 'Please enter a valid amount';
  const text = numericText(raw);
  if (text === null) return fieldError(invalid);
  const plain = GROUPED_DECIMAL.test(text) ? text.replace(/,/g, '') : text;
  if (!PLAIN_DECIMAL.test(plain)) return fieldError(invalid);
  if (decimalPlaces(plain) > 2) {
    return fieldError(rule.decimals ?? `${rule.label} can have at most 2 decimal places`);
  }
  const tooLarge = rule.tooLarge ?? `${rule.label} is too large`;
  // parseCents wants a digit before the point; a form may send '.5'.
  const parsed = parseCents(plain.replace(/^([+-]?)\./, '$10.'));
  if (parsed === null) return fieldError(tooLarge);
  const amount = cents(parsed + 0); // + 0 turns '-0' into 0
  const tooSmall = rule.tooSmall ?? (rule.min === 'positive' ? `${rule.label} must be greater than 0` : `${rule.label} cannot be negative`);
  if (rule.min === 'positive' ? amount <= 0 : rule.min === 'non-negative' && amount < 0) return fieldError(tooSmall);
  if (Math.abs(amount) > MAX_MONEY_CENTS) return fieldError(tooLarge);
  return fieldOk(amount);
}

export interface PercentRule extends Rule {
  /** Inclusive bounds, in percent (24.99 means 24.99 %). */
  min: number;
  max: number;
  invalid?: string;
  /** Used below min and above max. */
  range?: string;
  decimals?: string;
}

/** A required percent: a finite number with at most PERCENT_DECIMALS decimals, within [min, max]. */
export function parsePercent(raw: unknown, rule: PercentRule): FieldResult<number> {
  if (isMissing(raw)) return fieldError(requiredMessage(rule));
  const invalid = rule.invalid ?? `${rule.label} must be a valid number`;
  const text = numericText(raw);
  if (text === null || !PLAIN_DECIMAL.test(text)) return fieldError(invalid);
  if (decimalPlaces(text) > PERCENT_DECIMALS) {
    return fieldError(rule.decimals ?? `${rule.label} can have at most ${PERCENT_DECIMALS} decimal places`);
  }
  const percent = Number(text) + 0;
  if (percent < rule.min || percent > rule.max) {
    return fieldError(rule.range ?? `${rule.label} must be between ${rule.min} and ${rule.max}`);
  }
  return fieldOk(percent);
}

export interface IntegerRule extends Rule {
  /** Inclusive bounds. */
  min?: number;
  max?: number;
  invalid?: string;
  /** For a number with a fraction, such as 12.5. */
  whole?: string;
  tooSmall?: string;
  tooLarge?: string;
}

/** A required whole number ('12', '12.0' and 12 all read as 12), within [min, max]. */
export function parseInteger(raw: unknown, rule: IntegerRule): FieldResult<number> {
  if (isMissing(raw)) return fieldError(requiredMessage(rule));
  const invalid = rule.invalid ?? `${rule.label} must be a valid number`;
  const text = numericText(raw);
  if (text === null || !PLAIN_DECIMAL.test(text)) return fieldError(invalid);
  const value = Number(text) + 0;
  if (!Number.isInteger(value)) return fieldError(rule.whole ?? `${rule.label} must be a whole number`);
  if (!Number.isSafeInteger(value)) return fieldError(invalid);
  const { min, max } = rule;
  const between = min !== undefined && max !== undefined ? `${rule.label} must be between ${min} and ${max}` : undefined;
  if (min !== undefined && value < min) return fieldError(rule.tooSmall ?? between ?? `${rule.label} must be at least ${min}`);
  if (max !== undefined && value > max) return fieldError(rule.tooLarge ?? between ?? `${rule.label} cannot exceed ${max}`);
  return fieldOk(value);
}

// The date part, then an optional time and zone that are dropped (dates may arrive as ISO
// timestamps and only the date part is used, docs/product.md#entities). The date is kept as
// written, not shifted to UTC.
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export interface DateRule extends Rule {
  invalid?: string;
  /** Inclusive upper bound, 'YYYY-MM-DD'. */
  latest?: string;
  tooLate?: string;
}

/** A required calendar date, answered as 'YYYY-MM-DD'. */
export function parseDate(raw: unknown, rule: DateRule): FieldResult<string> {
  if (isMissing(raw)) return fieldError(requiredMessage(rule));
  const invalid = rule.invalid ?? 'Please enter a valid date';
  if (typeof raw !== 'string') return fieldError(invalid);
  const match = DATE.exec(raw.trim());
  if (!match) return fieldError(invalid);
  const [, yearText = '', monthText = '', dayText = ''] = match;
  const year = Number(yearText);
  const month = Number(monthText);
  const day = Number(dayText);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return fieldError(invalid);
  const date = `${yearText}-${monthText}-${dayText}`;
  // Same-width 'YYYY-MM-DD' texts compare as dates.
  if (rule.latest !== undefined && date > rule.latest) {
    return fieldError(rule.tooLate ?? `${rule.label} cannot be after ${rule.latest}`);
  }
  return fieldOk(date);
}

const MONTH = /^(\d{4})-(\d{1,2})$/;

export interface MonthRule extends Rule {
  /** Inclusive year bounds. */
  minYear: number;
  maxYear: number;
  invalid?: string;
  year?: string;
  month?: string;
}

/** A required 'YYYY-MM' (a one-digit month is padded), within [minYear, maxYear]. */
export function parseMonth(raw: unknown, rule: MonthRule): FieldResult<MonthKey> {
  if (isMissing(raw)) return fieldError(requiredMessage(rule));
  const invalid = rule.invalid ?? 'Please enter a month as YYYY-MM';
  if (typeof raw !== 'string') return fieldError(invalid);
  const match = MONTH.exec(raw.trim());
  if (!match) return fieldError(invalid);
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < rule.minYear || year > rule.maxYear || year < 1) return fieldError(rule.year ?? 'Please enter a valid year');
  if (month < 1 || month > 12) return fieldError(rule.month ?? 'Please enter a valid month (1-12)');
  return fieldOk(monthKey(year, month));
}

export interface EnumRule extends Rule {
  invalid?: string;
}

/** A required choice among `values`, compared exactly after trimming. */
export function parseEnum<const T extends string>(raw: unknown, values: readonly T[], rule: EnumRule): FieldResult<T> {
  if (isMissing(raw)) return fieldError(requiredMessage(rule));
  const invalid = rule.invalid ?? `Please choose a valid ${rule.label.charAt(0).toLowerCase()}${rule.label.slice(1)}`;
  if (typeof raw !== 'string') return fieldError(invalid);
  const text = raw.trim();
  const choice = values.find((value) => value === text);
  return choice === undefined ? fieldError(invalid) : fieldOk(choice);
}

export interface BooleanRule extends Rule {
  invalid?: string;
}

const TRUE_TEXTS = ['true', '1', 'on'];
const FALSE_TEXTS = ['false', '0', 'off'];

/** A required yes/no: a JSON boolean, 1/0, or the texts a checkbox or query string sends. */
export function parseBoolean(raw: unknown, rule: BooleanRule): FieldResult<boolean> {
  if (isMissing(raw)) return fieldError(requiredMessage(rule));
  if (typeof raw === 'boolean') return fieldOk(raw);
  if (raw === 1 || raw === 0) return fieldOk(raw === 1);
  if (typeof raw === 'string') {
    const text = raw.trim().toLowerCase();
    if (TRUE_TEXTS.includes(text)) return fieldOk(true);
    if (FALSE_TEXTS.includes(text)) return fieldOk(false);
  }
  return fieldError(rule.invalid ?? `${rule.label} must be true or false`);
}
