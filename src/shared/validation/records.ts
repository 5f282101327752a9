/**
 * The validation rules (docs/product.md#validation) for each record a user keeps. Each validator
 * takes the record object of a request body (or a form's values) and answers the record's Input
 * type of `shared/records.ts`, with money in integer cents, text trimmed, dates 'YYYY-MM-DD', and
 * no undeclared keys.
 */
import { YEARS_OF_RETIREMENT_MAX } from '../../engine/horizon.ts';
import { cents, formatCents } from '../../engine/money.ts';
import { isJsonObject } from '../json.ts';
import type { Cents } from '../../engine/money.ts';
import { monthKey, type MonthKey } from '../../engine/months.ts';
import { snapshotError, snapshotFromWire, snapshotToWire, type BaselineSnapshotWire } from '../../engine/plan-vs-actual.ts';
import { monthlyInterest } from '../../engine/rates.ts';
import { ACCOUNT_TYPES, FILING_STATUSES, HOUSING_TYPES, PAY_CYCLES, PLAN_TYPES, WITHDRAWAL_ORDERS } from '../records.ts';
import type {
  AssumptionsInput,
  BaselineInput,
  DebtInput,
  DebtPlanInput,
  HousingInput,
  IncomeInput,
  MonthlyExpenseInput,
  OtherExpenseInput,
  RecordInputs,
  RecordName,
  RetirementAccountInput,
  RetirementPlanInput,
} from '../records.ts';
import {
  addError,
  asObject,
  collect,
  currentYear,
  fieldError,
  fieldOk,
  isMissing,
  mapValidation,
  optional,
  parseBoolean,
  parseDate,
  parseEnum,
  parseInteger,
  parseMoney,
  parseMonth,
  parsePercent,
  parseText,
  todayDate,
} from './kit.ts';
import type { FieldErrors, FieldResult, Validation, ValidationContext } from './kit.ts';

export { YEARS_OF_RETIREMENT_MAX };
export const DEBT_APR_MAX = 100;
export const DEBT_TERM_MAX_MONTHS = 480;
export const RETURN_RATE_MAX = 50;
export const EMPLOYER_MATCH_MAX = 100;
export const HOUSING_RATE_MAX = 100;
export const HOUSING_TERM_MAX_YEARS = 50;
export const OTHER_EXPENSE_MIN_YEAR = 1900;
/** Other-expense years run to the current year plus this. */
export const OTHER_EXPENSE_YEARS_AHEAD = 100;

const VALID_AMOUNT = 'Please enter a valid amount';
const VALID_DAY = 'Please enter a valid day between 1 and 31';
const POSITIVE_AMOUNT = 'Amount must be a positive number';

// Monthly interest in cents is balance × rate / 100 / 12. A percent has at most 4 decimals, so
// rate × 10⁴ is an exact integer and the comparison can be made in BigInt with no float noise
// (120000 × 0.07 / 1200 is 7.000000000000001 in floats, which would refuse an exact payment).
const PERCENT_SCALE = 10_000;
const MONTHLY_INTEREST_DIVISOR = BigInt(100 * 12 * PERCENT_SCALE);

function scaledPercent(percent: number): bigint {
  return BigInt(Math.round(percent * PERCENT_SCALE));
}

/** payment ≥ balance × rate / 100 / 12, exactly (a payment equal to the interest covers it). */
export function coversMonthlyInterest(payment: Cents, balance: Cents, annualPercent: number): boolean {
  return BigInt(payment) * MONTHLY_INTEREST_DIVISOR >= BigInt(balance) * scaledPercent(annualPercent);
}

/**
 * The `end_month` of incomes and monthly expenses: absent or null is "no end"; otherwise
 * a 'YYYY-MM' within the years an other expense may have.
 */
function parseEndMonth(raw: unknown, ctx: ValidationContext): FieldResult<MonthKey | null> {
  return optional(raw, (value) =>
    parseMonth(value, { label: 'End month', minYear: OTHER_EXPENSE_MIN_YEAR, maxYear: currentYear(ctx) + OTHER_EXPENSE_YEARS_AHEAD }),
  );
}

function parseDueDay(raw: unknown): FieldResult<number> {
  const day = VALID_DAY;
  return parseInteger(raw, { label: 'Due day', min: 1, max: 31, invalid: day, whole: day, tooSmall: day, tooLarge: day });
}

export function validateIncome(input: unknown, ctx: ValidationContext): Validation<IncomeInput> {
  const src = asObject(input);
  const fields = {
    name: parseText(src.name, { label: 'Income source name' }),
    pay_cycle: parseEnum(src.pay_cycle, PAY_CYCLES, { label: 'Pay cycle' }),
    next_pay_date: parseDate(src.next_pay_date, { label: 'Next pay date' }),
    gross_pay: parseMoney(src.gross_pay, { label: 'Gross pay', min: 'positive' }),
    net_pay: parseMoney(src.net_pay, { label: 'Net pay', min: 'positive' }),
    end_month: parseEndMonth(src.end_month, ctx),
  };
  const extra: FieldErrors = {};
  if (fields.gross_pay.ok && fields.net_pay.ok && fields.net_pay.value > fields.gross_pay.value) {
    addError(extra, 'net_pay', 'Net pay cannot exceed gross pay');
  }
  // An income that ends before its first paycheck would never count.
  const end = fields.end_month.ok ? fields.end_month.value : null;
  if (end !== null && fields.next_pay_date.ok && end < fields.next_pay_date.value.slice(0, 7)) {
    addError(extra, 'end_month', 'End month cannot be before the next pay date');
  }
  return collect(fields, extra);
}

export function validateDebt(input: unknown, _ctx: ValidationContext): Validation<DebtInput> {
  const src = asObject(input);
  const apr = 'Please enter a valid APR between 0 and 100';
  const term = 'Please enter a valid term in months';
  const fields = {
    name: parseText(src.name, { label: 'Debt name' }),
    creditor: parseText(src.creditor, { label: 'Creditor name' }),
    original_amount: parseMoney(src.original_amount, { label: 'Original amount', min: 'positive', tooSmall: VALID_AMOUNT }),
    // Remaining may exceed the original: unpaid interest is added to a balance.
    remaining_amount: parseMoney(src.remaining_amount, { label: 'Remaining amount', min: 'non-negative', tooSmall: VALID_AMOUNT }),
    apr: parsePercent(src.apr, { label: 'APR', min: 0, max: DEBT_APR_MAX, invalid: apr, range: apr }),
    monthly_payment: parseMoney(src.monthly_payment, { label: 'Monthly payment', min: 'positive', tooSmall: VALID_AMOUNT }),
    original_term: parseInteger(src.original_term, {
      label: 'Original term',
      min: 1,
      max: DEBT_TERM_MAX_MONTHS,
      invalid: term,
      whole: term,
      tooSmall: term,
      tooLarge: 'Original term cannot exceed 40 years',
    }),
    due_day: parseDueDay(src.due_day),
  };
  const extra: FieldErrors = {};
  const { monthly_payment: payment, remaining_amount: remaining } = fields;
  if (payment.ok && remaining.ok && fields.apr.ok && !coversMonthlyInterest(payment.value, remaining.value, fields.apr.value)) {
    addError(extra, 'monthly_payment', 'Monthly payment is not high enough to cover interest due');
  }
  return collect(fields, extra);
}

export function validateDebtPlan(input: unknown, _ctx: ValidationContext): Validation<DebtPlanInput> {
  const src = asObject(input);
  const planType = parseEnum(src.plan_type, PLAN_TYPES, { label: 'Plan type' });
  // With no strategy the form hides the extra payment and sends 0
  // (docs/product.md#states-and-transitions), so whatever else arrives for it is stale and neither
  // checked nor kept.
  const none = planType.ok && planType.value === 'none';
  const extra = none
    ? fieldOk(cents(0))
    : optional(src.extra_payment, (raw) => parseMoney(raw, { label: 'Extra payment', min: 'non-negative', tooSmall: VALID_AMOUNT }));
  return mapValidation(collect({ plan_type: planType, extra_payment: extra }), (plan) => ({
    plan_type: plan.plan_type,
    extra_payment: plan.extra_payment ?? cents(0),
  }));
}

export function validateMonthlyExpense(input: unknown, ctx: ValidationContext): Validation<MonthlyExpenseInput> {
  const src = asObject(input);
  return collect({
    name: parseText(src.name, { label: 'Expense name' }),
    amount: parseMoney(src.amount, { label: 'Amount', min: 'positive' }),
    due_day: parseDueDay(src.due_day),
    end_month: parseEndMonth(src.end_month, ctx),
  });
}

function otherExpenseFields(src: Readonly<Record<string, unknown>>) {
  return {
    description: parseText(src.description, { label: 'Description' }),
    amount: parseMoney(src.amount, { label: 'Amount', min: 'positive', invalid: POSITIVE_AMOUNT, tooSmall: POSITIVE_AMOUNT }),
  };
}

/** The wire form: month as 'YYYY-MM'; its year and month errors are reported on `month`. */
export function validateOtherExpense(input: unknown, ctx: ValidationContext): Validation<OtherExpenseInput> {
  const src = asObject(input);
  return collect({
    month: parseMonth(src.month, {
      label: 'Month',
      minYear: OTHER_EXPENSE_MIN_YEAR,
      maxYear: currentYear(ctx) + OTHER_EXPENSE_YEARS_AHEAD,
    }),
    ...otherExpenseFields(src),
  });
}

/** The other-expense form's values: year and month are separate inputs. */
export interface OtherExpenseFormValues {
  year: string | number;
  month: string | number;
  description: string;
  amount: string | number;
}

/** The screen's rules, with errors on `year` and `month`; the value carries the padded 'YYYY-MM'. */
export function validateOtherExpenseForm(values: OtherExpenseFormValues, ctx: ValidationContext): Validation<OtherExpenseInput> {
  const src = asObject(values);
  const year = 'Please enter a valid year';
  const month = 'Please enter a valid month (1-12)';
  const fields = {
    year: parseInteger(src.year, {
      label: 'Year',
      min: OTHER_EXPENSE_MIN_YEAR,
      max: currentYear(ctx) + OTHER_EXPENSE_YEARS_AHEAD,
      invalid: year,
      whole: year,
      tooSmall: year,
      tooLarge: year,
    }),
    month: parseInteger(src.month, { label: 'Month', min: 1, max: 12, invalid: month, whole: month, tooSmall: month, tooLarge: month }),
    ...otherExpenseFields(src),
  };
  return mapValidation(collect(fields), (expense) => ({
    month: monthKey(expense.year, expense.month),
    description: expense.description,
    amount: expense.amount,
  }));
}

/** `payroll_deducted`: absent or null means the contribution is not taken out of the entered net pay. */
function parsePayrollDeducted(raw: unknown): FieldResult<boolean> {
  const result = optional(raw, (value) => parseBoolean(value, { label: 'Deducted from my paycheck' }));
  return result.ok ? fieldOk(result.value ?? false) : result;
}

/**
 * A `taxable` (brokerage) account is funded from cash, never from pay, and has no employer: its
 * employer match, employer contribution and payroll_deducted must be 0 or false.
 */
function taxableAccountErrors(src: Record<string, unknown>): FieldErrors {
  if (src.account_type !== 'taxable') return {};
  const errors: FieldErrors = {};
  const nonZero = (raw: unknown) => raw !== undefined && raw !== null && raw !== '' && Number(raw) !== 0;
  if (nonZero(src.employer_match)) errors.employer_match = ['A taxable account has no employer match'];
  if (nonZero(src.employer_contribution_amount)) errors.employer_contribution_amount = ['A taxable account has no employer contribution'];
  if (src.payroll_deducted === true || src.payroll_deducted === 'true') errors.payroll_deducted = ['A taxable account is not paid from a paycheck'];
  return errors;
}

export function validateRetirementAccount(input: unknown, _ctx: ValidationContext): Validation<RetirementAccountInput> {
  const src = asObject(input);
  return collect(
    {
    name: parseText(src.name, { label: 'Account name' }),
    account_type: parseEnum(src.account_type, ACCOUNT_TYPES, { label: 'Account type' }),
    contribution_amount: parseMoney(src.contribution_amount, { label: 'Contribution amount', min: 'non-negative' }),
    employer_match: parsePercent(src.employer_match, { label: 'Employer match', min: 0, max: EMPLOYER_MATCH_MAX }),
    employer_contribution_amount: parseMoney(src.employer_contribution_amount, {
      label: 'Employer contribution amount',
      min: 'non-negative',
    }),
    starting_balance: parseMoney(src.starting_balance, { label: 'Starting balance', min: 'non-negative' }),
    expected_return_rate: parsePercent(src.expected_return_rate, { label: 'Expected return rate', min: 0, max: RETURN_RATE_MAX }),
    contribution_cycle: parseEnum(src.contribution_cycle, PAY_CYCLES, { label: 'Contribution cycle' }),
    next_deposit_date: parseDate(src.next_deposit_date, { label: 'Next deposit date' }),
    payroll_deducted: parsePayrollDeducted(src.payroll_deducted),
    },
    taxableAccountErrors(src),
  );
}

export function validateRetirementPlan(input: unknown, _ctx: ValidationContext): Validation<RetirementPlanInput> {
  const src = asObject(input);
  return collect({
    retirement_date: parseDate(src.retirement_date, { label: 'Retirement date' }),
    interest_rate: parsePercent(src.interest_rate, { label: 'Interest rate', min: 0, max: RETURN_RATE_MAX }),
    social_security_income: parseMoney(src.social_security_income, { label: 'Social Security income', min: 'non-negative' }),
    social_security_start_date: parseDate(src.social_security_start_date, { label: 'Social Security start date' }),
    // Sent by the client but not on the form (docs/product.md#entities), hence optional.
    monthly_expenses: optional(src.monthly_expenses, (raw) => parseMoney(raw, { label: 'Monthly expenses', min: 'non-negative' })),
    years_of_retirement: parseInteger(src.years_of_retirement, { label: 'Years of retirement', min: 1, max: YEARS_OF_RETIREMENT_MAX }),
  });
}

function parseEscrow(raw: unknown): FieldResult<Cents> {
  return parseMoney(raw, { label: 'Escrow payment', min: 'non-negative' });
}

/**
 * Rent and Own carry the type, the payment and an optional escrow; the mortgage fields are ignored
 * and answered as null (the form neither shows nor sends them,
 * docs/product.md#states-and-transitions). A Mortgage needs all of them, and its payment net of
 * escrow must cover the month's interest.
 */
export function validateHousing(input: unknown, ctx: ValidationContext): Validation<HousingInput> {
  const src = asObject(input);
  const housingType = parseEnum(src.housing_type, HOUSING_TYPES, { label: 'Housing type' });
  const total = parseMoney(src.total_monthly_payment, { label: 'Total monthly payment', min: 'positive' });

  if (!housingType.ok || housingType.value !== 'Mortgage') {
    const others = collect({
      housing_type: housingType,
      total_monthly_payment: total,
      escrow_payment: optional(src.escrow_payment, parseEscrow),
    });
    return mapValidation(others, (housing) => ({
      housing_type: housing.housing_type,
      total_monthly_payment: housing.total_monthly_payment,
      original_purchase_price: null,
      down_payment: null,
      interest_rate: null,
      term: null,
      open_date: null,
      current_balance: null,
      escrow_payment: housing.escrow_payment,
    }));
  }

  const termRange = `Term must be between 1 and ${HOUSING_TERM_MAX_YEARS} years`;
  const fields = {
    housing_type: housingType,
    total_monthly_payment: total,
    original_purchase_price: parseMoney(src.original_purchase_price, { label: 'Original purchase price', min: 'positive' }),
    down_payment: parseMoney(src.down_payment, { label: 'Down payment', min: 'non-negative' }),
    interest_rate: parsePercent(src.interest_rate, { label: 'Interest rate', min: 0, max: HOUSING_RATE_MAX }),
    term: parseInteger(src.term, { label: 'Term', min: 1, max: HOUSING_TERM_MAX_YEARS, tooSmall: termRange, tooLarge: termRange }),
    open_date: parseDate(src.open_date, { label: 'Open date', latest: todayDate(ctx), tooLate: 'Open date cannot be in the future' }),
    current_balance: parseMoney(src.current_balance, { label: 'Current balance', min: 'non-negative' }),
    escrow_payment: parseEscrow(src.escrow_payment),
  };
  const extra: FieldErrors = {};
  const { original_purchase_price: price, down_payment: down, current_balance: balance, escrow_payment: escrow } = fields;
  if (price.ok && down.ok) {
    if (down.value > price.value) addError(extra, 'down_payment', 'Down payment cannot exceed purchase price');
    else if (balance.ok && balance.value > price.value - down.value) {
      addError(extra, 'current_balance', 'Current balance cannot exceed original loan amount');
    }
  }
  if (total.ok && escrow.ok) {
    if (escrow.value > total.value) {
      addError(extra, 'escrow_payment', 'Escrow payment cannot exceed total monthly payment');
    } else if (balance.ok && fields.interest_rate.ok) {
      // Compared with the interest rounded to the cent, the figure the message quotes, so that
      // paying exactly "$1,083.33" is never refused for being below $1,083.33.
      const interest = monthlyInterest(balance.value, fields.interest_rate.value);
      if (total.value - escrow.value < interest) {
        const message = `Total monthly payment is not high enough to cover monthly interest of ${formatCents(interest)}`;
        addError(extra, 'total_monthly_payment', message);
      }
    }
  }
  return collect(fields, extra);
}

/** The one message for a surplus account that is not one of the user's taxable accounts. */
export const SURPLUS_ACCOUNT = 'Surplus account must be one of your taxable accounts';

/** A percent assumption: absent or null is neutral; otherwise within its range (docs/api.md#plan-assumptions). */
const rateAssumption = (label: string, min: number, max: number) => (raw: unknown) => optional(raw, (value) => parsePercent(value, { label, min, max }));

/**
 * Plan assumptions (docs/api.md#plan-assumptions): every field optional (null: neutral), each
 * checked against its range with a message naming it, e.g. 'Inflation rate must be between 0 and 20'.
 */
export function validateAssumptions(input: unknown, _ctx: ValidationContext): Validation<AssumptionsInput> {
  // Every field may be absent, so an empty record is valid; a body that is not one is not.
  if (!isJsonObject(input)) return { ok: false, errors: { assumptions: ['Plan assumptions must be an object'] } };
  const src = asObject(input);
  return collect({
    inflation_rate: rateAssumption('Inflation rate', 0, 20)(src.inflation_rate),
    salary_growth_rate: rateAssumption('Salary growth rate', 0, 20)(src.salary_growth_rate),
    social_security_cola: rateAssumption('Social Security COLA', 0, 10)(src.social_security_cola),
    cash_balance: optional(src.cash_balance, (raw) => parseMoney(raw, { label: 'Cash balance', min: 'non-negative' })),
    cash_interest_rate: rateAssumption('Cash interest rate', 0, 20)(src.cash_interest_rate),
    home_value: optional(src.home_value, (raw) => parseMoney(raw, { label: 'Home value', min: 'non-negative' })),
    home_appreciation_rate: rateAssumption('Home appreciation rate', -10, 20)(src.home_appreciation_rate),
    retirement_tax_rate: rateAssumption('Retirement tax rate', 0, 60)(src.retirement_tax_rate),
    spend_cash_in_retirement: optional(src.spend_cash_in_retirement, (raw) => parseBoolean(raw, { label: 'Spend cash in retirement' })),
    return_volatility: rateAssumption('Return volatility', 0, 60)(src.return_volatility),
    stock_share: rateAssumption('Stock share', 0, 100)(src.stock_share),
    other_spending: optional(src.other_spending, (raw) => parseMoney(raw, { label: 'Other spending', min: 'non-negative' })),
    retirement_spending: optional(src.retirement_spending, (raw) => parseMoney(raw, { label: 'Retirement budget', min: 'non-negative' })),
    // Which account it names, and that it is the user's own taxable one, the server checks (docs/api.md#plan-assumptions).
    surplus_account_id: optional(src.surplus_account_id, (raw) => parseInteger(raw, { label: 'Surplus account', min: 1, invalid: SURPLUS_ACCOUNT, whole: SURPLUS_ACCOUNT, tooSmall: SURPLUS_ACCOUNT })),
    surplus_share: rateAssumption('Surplus share', 0, 100)(src.surplus_share),
    overdraft_interest_rate: rateAssumption('Overdraft interest rate', 0, 40)(src.overdraft_interest_rate),
    filing_status: optional(src.filing_status, (raw) => parseEnum(raw, FILING_STATUSES, { label: 'Filing status' })),
    state_tax_rate: rateAssumption('State tax rate', 0, 15)(src.state_tax_rate),
    roth_conversion: optional(src.roth_conversion, (raw) => parseMoney(raw, { label: 'Roth conversion', min: 'non-negative' })),
    withdrawal_order: optional(src.withdrawal_order, (raw) => parseEnum(raw, WITHDRAWAL_ORDERS, { label: 'Withdrawal order' })),
  });
}

export const BASELINE_NAME_MAX = 100;

/**
 * A baseline's snapshot: whatever `snapshotError` (src/engine/plan-vs-actual.ts, which reads it
 * back) accepts, so the comparison and this rule can never disagree. Its values are kept as sent:
 * dollars to cents and back is exact for every amount it accepts; keys it does not declare are
 * dropped, as every rule here drops undeclared fields.
 */
function parseSnapshot(raw: unknown): FieldResult<BaselineSnapshotWire> {
  if (isMissing(raw)) return fieldError('Snapshot is required');
  const error = snapshotError(raw);
  const months = error === null ? snapshotFromWire(raw) : null;
  return months ? fieldOk(snapshotToWire(months)) : fieldError(error ?? 'Snapshot is not valid');
}

/**
 * A baseline (docs/api.md#baselines): a name of 1 to 100 characters, trimmed, and the snapshot of
 * the plan's totals per month. `created_at` is the server's own and never read from a body.
 */
export function validateBaseline(input: unknown, _ctx: ValidationContext): Validation<BaselineInput> {
  const src = asObject(input);
  return collect({
    name: parseText(src.name, { label: 'Name', max: BASELINE_NAME_MAX }),
    snapshot: parseSnapshot(src.snapshot),
  });
}

/**
 * Fields a record keeps from its creation, with the message an update that changes one answers.
 * A baseline records the plan at one moment; renaming it is all an update may do.
 */
export const FIXED_FIELDS: { readonly [R in RecordName]?: Readonly<Record<string, string>> } = {
  baseline: { snapshot: 'Snapshot cannot be changed' },
};

/** JSON text with object keys sorted: the same value with its keys in another order is the same. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isJsonObject(inner) ? Object.fromEntries(Object.keys(inner).sort().map((key) => [key, inner[key]])) : inner,
  );
}

/**
 * The errors of an update (`patch`) that changes a fixed field of the `stored` record (both in
 * wire form). Sending the stored value again changes nothing and is no error, so a client may send
 * the whole record back with only its name edited.
 * `fixedFieldErrors('baseline', { snapshot: other }, stored)` → `{ snapshot: ['Snapshot cannot be changed'] }`.
 */
export function fixedFieldErrors(record: RecordName, patch: Readonly<Record<string, unknown>>, stored: Readonly<Record<string, unknown>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(FIXED_FIELDS[record] ?? {})) {
    if (Object.hasOwn(patch, field) && canonicalJson(patch[field]) !== canonicalJson(stored[field])) addError(errors, field, message);
  }
  return errors;
}

export type RecordValidators = {
  [K in RecordName]: (input: unknown, ctx: ValidationContext) => Validation<RecordInputs[K]>;
};

/** One validator per synced record, keyed like RECORD_FIELDS, for routes built from the schema. */
export const RECORD_VALIDATORS: RecordValidators = {
  income: validateIncome,
  debt: validateDebt,
  debt_plan: validateDebtPlan,
  monthly_expense: validateMonthlyExpense,
  other_expense: validateOtherExpense,
  retirement_account: validateRetirementAccount,
  retirement_plan: validateRetirementPlan,
  housing: validateHousing,
  assumptions: validateAssumptions,
  baseline: validateBaseline,
};
