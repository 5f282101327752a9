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

export function validateIncomeMonth(input: unknown): Validation<IncomeMonthInput> {
  const src = asObject(input);
  return collect({
    input_end_balance: parseMoney(src.input_end_balance, {
      label: 'Actual End Balance',
      min: 'any',
      required: 'Actual End Balance is required',
      invalid: 'Please enter a valid amount',
    }),
  });
}

export function validateContributionMonth(input: unknown): Validation<ContributionMonthInput> {
  const src = asObject(input);
  return collect({
    input_end_balance: parseMoney(src.input_end_balance, {
      label: 'Actual End Balance',
      min: 'non-negative',
      required: 'Actual End Balance is required',
      invalid: 'Please enter a valid amount',
      tooSmall: 'Please enter a valid amount',
    }),
  });
}

export function validateRetirementMonth(input: unknown): Validation<RetirementMonthInput> {
  const src = asObject(input);
  return collect({
    balance: parseMoney(src.balance, {
      label: 'Balance',
      min: 'non-negative',
      required: 'Balance is required',
      invalid: 'Please enter a valid amount',
      tooSmall: 'Please enter a valid amount',
    }),
  });
}
