/**
 * The one value a user may correct on a month row (docs/product.md#validation, "Month edits"): the
 * actual balance they had. Each rule answers with its documented message.
 */
import type { Cents } from '../../engine/money.ts';
import { asObject, collect, parseMoney, type FieldErrors, type Validation } from './kit.ts';
import { coversMonthlyInterest } from './records.ts';

export interface DebtMonthInput {
  input_remaining_balance: Cents;
}
export interface IncomeMonthInput {
  input_end_balance: Cents;
}
export interface ContributionMonthInput {
  input_end_balance: Cents;
}
export interface RetirementMonthInput {
  balance: Cents;
}

export const DEBT_MONTH_TOO_HIGH = 'Remaining balance is too high for current monthly payment. Please modify your monthly payment to continue.';

/** The debt a month belongs to: its rate and payment decide how high a balance may be. */
export interface DebtTerms {
  apr: number;
  monthlyPayment: Cents;
}

export function validateDebtMonth(input: unknown, debt: DebtTerms): Validation<DebtMonthInput> {
  const src = asObject(input);
  const fields = {
    input_remaining_balance: parseMoney(src.input_remaining_balance, {
      label: 'Remaining balance',
      min: 'non-negative',
      required: 'Remaining balance is required',
      invalid: 'Please enter a valid positive amount',
      tooSmall: 'Please enter a valid positive amount',
    }),
  };
  const extra: FieldErrors = {};
  const balance = fields.input_remaining_balance;
  if (balance.ok && !coversMonthlyInterest(debt.monthlyPayment, balance.value, debt.apr)) {
    extra.input_remaining_balance = [DEBT_MONTH_TOO_HIGH];
  }
  return collect(fields, extra);
}

/**
 * A month row's actual balance: required dollars, named by `label`. Only the income table's cash
 * may be below 0 (an overdrawn month); the accounts' balances may not.
 */
const actualBalance = (label: string, min: 'non-negative' | 'any' = 'non-negative') =>
  ({ label, min, required: `${label} is required`, invalid: 'Please enter a valid amount', tooSmall: 'Please enter a valid amount' }) as const;

export function validateIncomeMonth(input: unknown): Validation<IncomeMonthInput> {
  return collect({ input_end_balance: parseMoney(asObject(input).input_end_balance, actualBalance('Actual End Balance', 'any')) });
}

export function validateContributionMonth(input: unknown): Validation<ContributionMonthInput> {
  return collect({ input_end_balance: parseMoney(asObject(input).input_end_balance, actualBalance('Actual End Balance')) });
}

export function validateRetirementMonth(input: unknown): Validation<RetirementMonthInput> {
  return collect({ balance: parseMoney(asObject(input).balance, actualBalance('Balance')) });
}

export interface MortgageMonthInput {
  input_mortgage_balance: Cents;
}
export interface HomeMonthInput {
  input_home_value: Cents;
}

/** A home figure of a check-in: required dollars, not below 0, named by `label`. */
const homeFigure = (label: string) => ({ label, min: 'non-negative', required: `${label} is required`, invalid: 'Please enter a valid amount', tooSmall: `${label} cannot be negative` }) as const;

/** The mortgage balance a check-in gives for a month (docs/projection-rules.md#the-home-in-a-check-in). */
export function validateMortgageMonth(input: unknown): Validation<MortgageMonthInput> {
  return collect({ input_mortgage_balance: parseMoney(asObject(input).input_mortgage_balance, homeFigure('Mortgage balance')) });
}

/** The home's value a check-in gives for a month (docs/projection-rules.md#the-home-in-a-check-in). */
export function validateHomeMonth(input: unknown): Validation<HomeMonthInput> {
  return collect({ input_home_value: parseMoney(asObject(input).input_home_value, homeFigure('Home value')) });
}

/** What one PUT of an income month row sets (null: clears that actual). */
export interface IncomeMonthEdit {
  input_end_balance?: Cents;
  input_mortgage_balance?: Cents | null;
  input_home_value?: Cents | null;
}

/**
 * The body of a PUT on an income month row (docs/api.md#month-tables): the cash actual
 * (`input_end_balance`), and the month's mortgage balance and home value that a check-in gives
 * (`input_mortgage_balance`, `input_home_value`; null clears one). Each field present is checked by
 * its rule; a body with none of the three asks for the cash balance, as a plain edit of the row.
 * Example: `{ input_home_value: '412,000' }` → `{ input_home_value: 41 200 000 }`;
 * `{ input_mortgage_balance: null }` → `{ input_mortgage_balance: null }`; `{}` → "Actual End
 * Balance is required".
 */
export function validateIncomeMonthEdit(input: unknown): Validation<IncomeMonthEdit> {
  const src = asObject(input);
  const has = (key: string) => Object.prototype.hasOwnProperty.call(src, key);
  const home = has('input_mortgage_balance') || has('input_home_value');
  const errors: FieldErrors = {};
  const value: IncomeMonthEdit = {};
  const take = <T>(result: Validation<T>, set: (v: T) => void) => {
    if (result.ok) set(result.value);
    else Object.assign(errors, result.errors);
  };
  if (has('input_end_balance') || !home) take(validateIncomeMonth(src), (v) => (value.input_end_balance = v.input_end_balance));
  if (has('input_mortgage_balance')) {
    if (src.input_mortgage_balance === null) value.input_mortgage_balance = null;
    else take(validateMortgageMonth(src), (v) => (value.input_mortgage_balance = v.input_mortgage_balance));
  }
  if (has('input_home_value')) {
    if (src.input_home_value === null) value.input_home_value = null;
    else take(validateHomeMonth(src), (v) => (value.input_home_value = v.input_home_value));
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
}
