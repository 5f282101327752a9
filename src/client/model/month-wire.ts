/**
 * Month tables as the mirror stores them (the GET bodies: snake_case, money as dollars,
 * docs/api.md#month-tables) → the engine's row types (money as integer cents), each row keeping its
 * stable id for the edit call. Dollars become cents through parseCents (the number's shortest text,
 * never `x * 100`, which turns 1.15 into 114.99999999999999).
 *
 * The mirror holds what the server (or the provisional recompute) wrote: the bodies of
 * src/shared/months/tables.ts, typed there. They are still read defensively: a row without an id
 * or a 'YYYY-MM' month is skipped, a money field that is missing or unreadable counts 0, and an
 * input_* field that is null or missing is "no actual".
 */
import { isJsonObject } from '../../shared/json.ts';
import { parseCents, ZERO, type Cents } from '../../engine/money.ts';
import { parseMonthKey, type MonthKey } from '../../engine/months.ts';
import type { ContributionMonth, DebtMonth, IncomeMonth, RetirementMonth, RetirementTotalMonth } from '../../engine/types.ts';
import type { MonthBodies, MonthKind, WireMonthRow } from '../../shared/months/tables.ts';

/** An engine row with the id of its month row (for PUT /api/v1/<kind>_months/{id}). */
export type WithId<Row> = Row & { readonly id: number };

export interface DebtMonths {
  readonly id: number;
  readonly name: string;
  readonly apr: number;
  readonly monthlyPayment: Cents;
  readonly months: readonly WithId<DebtMonth>[];
}

export interface DebtTable {
  readonly debts: readonly DebtMonths[];
  readonly total: readonly WithId<DebtMonth>[];
}

export interface AccountMonths<Row> {
  readonly id: number;
  readonly name: string;
  readonly months: readonly WithId<Row>[];
}

/**
 * The tax year's figures the total row that closes it carries in bracket mode (a filing status set
 * in the plan assumptions; docs/projection-rules.md#taxes-in-the-projection): money in cents, then
 * the two rates in percent (`8.37`, `22`), which the wire sends as they are (NOT_MONEY).
 */
const YEAR_MONEY = [
  ['yearOrdinaryIncome', 'year_ordinary_income'],
  ['yearTaxableSocialSecurity', 'year_taxable_social_security'],
  ['yearGains', 'year_gains'],
  ['yearDeduction', 'year_deduction'],
  ['yearFederalTax', 'year_federal_tax'],
  ['yearStateTax', 'year_state_tax'],
  ['yearPenalty', 'year_penalty'],
  ['yearRmd', 'year_rmd'],
  ['yearConversion', 'year_conversion'],
] as const;
const YEAR_RATES = [
  ['yearEffectiveRate', 'year_effective_rate'],
  ['yearMarginalRate', 'year_marginal_rate'],
] as const;

export type TaxYearField = (typeof YEAR_MONEY)[number][0] | (typeof YEAR_RATES)[number][0];

/**
 * A retirement row as read: an account's or a total's. Total rows carry the cash spent in
 * retirement when the plan assumptions spend it (docs/projection-rules.md#plan-assumptions), the
 * month's need (docs/projection-rules.md#where-the-money-goes), and in bracket mode, on the row
 * that closes a tax year, that year's tax figures.
 */
export type RetirementRow = RetirementMonth & { readonly cashBalance?: Cents; readonly cashWithdrawals?: Cents; readonly need?: Cents } & Pick<RetirementTotalMonth, TaxYearField>;

export interface AccountTable<Row> {
  readonly accounts: readonly AccountMonths<Row>[];
  readonly total: readonly WithId<Row>[];
}

/** The field a month edit sends (the retirement table's is `balance`, stored as `input_balance`). */
export type MonthEditField = 'input_end_balance' | 'input_remaining_balance' | 'balance' | 'input_mortgage_balance' | 'input_home_value';

/** A pending edit's dollars by month row id, e.g. `{ 265000: { input_end_balance: -20.5 } }`. */
export type PendingMonthEdits = ReadonlyMap<number, Readonly<Partial<Record<MonthEditField, number>>>>;

/** The stored body of a month table; null before it has been fetched. */
function bodyOf<K extends MonthKind>(body: unknown): MonthBodies[K] | null {
  return isJsonObject(body) ? (body as unknown as MonthBodies[K]) : null;
}

function list<T extends object>(value: readonly T[] | undefined): readonly T[] {
  return Array.isArray(value) ? value.filter((item): boolean => isJsonObject(item)) : [];
}

/** Dollars on the wire → cents; missing or unreadable → null. */
function maybeCents(value: unknown): Cents | null {
  if (typeof value === 'number') return parseCents(value);
  if (typeof value === 'string' && value.trim() !== '') return parseCents(value);
  return null;
}

const money = (value: unknown): Cents => maybeCents(value) ?? ZERO;

const numberOf = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
};

/** The row's id and month, or null when it has no usable ones. */
function keyOf(row: WireMonthRow<{ month: MonthKey }>): { id: number; month: MonthKey } | null {
  const month = typeof row.month === 'string' ? parseMonthKey(row.month) : null;
  if (!month || typeof row.id !== 'number' || !Number.isSafeInteger(row.id)) return null;
  return { id: row.id, month };
}

/**
 * A month row with the user's pending (not yet accepted) actual laid over it, so an edit queued
 * offline shows on its row at once: the input field takes the pending value and so does the
 * balance the row displays. Later rows keep their figures until a recompute carries the value.
 * `field` is the key the edit was sent with; the retirement table's `balance` edit is the row's
 * `input_balance`.
 */
function withPending<Row>(row: WireMonthRow<Row>, pending: PendingMonthEdits | undefined, kind: MonthKind): WireMonthRow<Row> {
  const edit = typeof row.id === 'number' ? pending?.get(row.id) : undefined;
  if (!edit) return row;
  switch (kind) {
    case 'income': {
      // The month's cash, and the mortgage balance and home value a check-in gives on the same row.
      const laid: Record<string, unknown> = {};
      for (const field of ['input_end_balance', 'input_mortgage_balance', 'input_home_value'] as const) if (field in edit) laid[field] = edit[field];
      return Object.keys(laid).length === 0 ? row : { ...row, ...laid };
    }
    case 'debt':
      return 'input_remaining_balance' in edit ? { ...row, input_remaining_balance: edit.input_remaining_balance, display_end_balance: edit.input_remaining_balance } : row;
    case 'contribution':
      return 'input_end_balance' in edit ? { ...row, input_end_balance: edit.input_end_balance, display_balance: edit.input_end_balance } : row;
    case 'retirement':
      return 'balance' in edit ? { ...row, input_balance: edit.balance, display_balance: edit.balance } : row;
  }
}

function incomeRow(row: WireMonthRow<IncomeMonth>): WithId<IncomeMonth> | null {
  const key = keyOf(row);
  if (!key) return null;
  return {
    ...key,
    netIncome: money(row.net_income),
    retirementContributions: money(row.retirement_contributions),
    housing: money(row.housing),
    expenses: money(row.expenses),
    other: money(row.other),
    debts: money(row.debts),
    endBalance: money(row.end_balance),
    inputEndBalance: maybeCents(row.input_end_balance),
    // Only with plan assumptions (docs/projection-rules.md#plan-assumptions).
    ...(row.interest_earned === undefined ? {} : { interestEarned: money(row.interest_earned) }),
    // What moved to the surplus account (docs/projection-rules.md#where-the-money-goes).
    ...(row.saved === undefined ? {} : { saved: money(row.saved) }),
    // What a check-in gave for the home (docs/projection-rules.md#the-home-in-a-check-in).
    ...optionalCents('inputMortgageBalance', row.input_mortgage_balance),
    ...optionalCents('inputHomeValue', row.input_home_value),
  };
}

/** `{ [key]: cents }` when the wire value reads as money, else nothing. */
function optionalCents<K extends string>(key: K, value: unknown): Partial<Record<K, Cents>> {
  const read = maybeCents(value);
  return read === null ? {} : ({ [key]: read } as Record<K, Cents>);
}

function debtRow(row: WireMonthRow<DebtMonth>): WithId<DebtMonth> | null {
  const key = keyOf(row);
  if (!key) return null;
  const remainingAmount = money(row.remaining_amount);
  return {
    ...key,
    payment: money(row.payment),
    principalPaid: money(row.principal_paid),
    interestPaid: money(row.interest_paid),
    remainingAmount,
    displayEndBalance: maybeCents(row.display_end_balance) ?? remainingAmount,
    percentPaid: numberOf(row.percent_paid),
    inputRemainingBalance: maybeCents(row.input_remaining_balance),
  };
}

function contributionRow(row: WireMonthRow<ContributionMonth>): WithId<ContributionMonth> | null {
  const key = keyOf(row);
  if (!key) return null;
  const balance = money(row.balance);
  return {
    ...key,
    contributions: money(row.contributions),
    totalContributions: money(row.total_contributions),
    interestEarned: money(row.interest_earned),
    balance,
    displayBalance: maybeCents(row.display_balance) ?? balance,
    inputEndBalance: maybeCents(row.input_end_balance),
    withdrawals: money(row.withdrawals),
  };
}

function retirementRow(row: WireMonthRow<RetirementMonth>): WithId<RetirementRow> | null {
  const key = keyOf(row);
  // Total rows only (RetirementTotalMonth); the body's type names the account rows' fields.
  const cash = row as { cash_balance?: unknown; cash_withdrawals?: unknown; need?: unknown };
  if (!key) return null;
  const balance = money(row.balance);
  return {
    ...key,
    balance,
    displayBalance: maybeCents(row.display_balance) ?? balance,
    inputBalance: maybeCents(row.input_balance),
    contributions: money(row.contributions),
    totalContributions: money(row.total_contributions),
    withdrawals: money(row.withdrawals),
    interestEarned: money(row.interest_earned),
    socialSecurityIncome: money(row.social_security_income),
    housing: money(row.housing),
    debts: money(row.debts),
    monthlyExpenses: money(row.monthly_expenses),
    otherExpenses: money(row.other_expenses),
    ...(row.taxes === undefined ? {} : { taxes: money(row.taxes) }),
    ...(cash.cash_balance === undefined ? {} : { cashBalance: money(cash.cash_balance) }),
    ...(cash.cash_withdrawals === undefined ? {} : { cashWithdrawals: money(cash.cash_withdrawals) }),
    ...(cash.need === undefined ? {} : { need: money(cash.need) }),
    // Bracket mode only: a Roth conversion's move (an account row) or amount (a total row).
    ...(row.conversion === undefined ? {} : { conversion: money(row.conversion) }),
    ...taxYearOf(row),
  };
}

/** The tax year's figures of a closing total row (absent ones stay absent), `{}` on every other row. */
function taxYearOf(row: object): Pick<RetirementTotalMonth, TaxYearField> {
  const wire = row as Readonly<Record<string, unknown>>;
  const out: { -readonly [K in TaxYearField]?: number } = {};
  for (const [key, field] of YEAR_MONEY) if (wire[field] !== undefined && wire[field] !== null) out[key] = money(wire[field]);
  for (const [key, field] of YEAR_RATES) if (wire[field] !== undefined && wire[field] !== null) out[key] = numberOf(wire[field]);
  return out as Pick<RetirementTotalMonth, TaxYearField>;
}

function rowsOf<Row>(value: readonly WireMonthRow<Row>[] | undefined, read: (row: WireMonthRow<Row>) => WithId<Row> | null, pending: PendingMonthEdits | undefined, kind: MonthKind): WithId<Row>[] {
  const out: WithId<Row>[] = [];
  for (const wire of list(value)) {
    const row = read(withPending(wire, pending, kind));
    if (row) out.push(row);
  }
  return out;
}

const nameOf = (entity: { readonly name?: unknown }): string => (typeof entity.name === 'string' ? entity.name : '');
const idOf = (entity: { readonly id?: unknown }): number => (typeof entity.id === 'number' ? entity.id : 0);

/** GET /api/v1/income_months → its rows; null before the table has been fetched. */
export function incomeMonthsFromWire(stored: unknown, pending?: PendingMonthEdits): WithId<IncomeMonth>[] | null {
  const body = bodyOf<'income'>(stored);
  if (!body) return null;
  return rowsOf(body.income_months, incomeRow, pending, 'income');
}

/** GET /api/v1/debt_months → each debt's terms and rows, and the total rows. */
export function debtMonthsFromWire(stored: unknown, pending?: PendingMonthEdits): DebtTable | null {
  const body = bodyOf<'debt'>(stored);
  if (!body) return null;
  return {
    debts: list(body.debts).map((debt) => ({
      id: idOf(debt),
      name: nameOf(debt),
      apr: numberOf(debt.apr),
      monthlyPayment: money(debt.monthly_payment),
      months: rowsOf(debt.debt_months, debtRow, pending, 'debt'),
    })),
    total: rowsOf(body.total, debtRow, undefined, 'debt'),
  };
}

/** GET /api/v1/contribution_months → each account's rows and the total rows. */
export function contributionMonthsFromWire(stored: unknown, pending?: PendingMonthEdits): AccountTable<ContributionMonth> | null {
  const body = bodyOf<'contribution'>(stored);
  if (!body) return null;
  return {
    accounts: list(body.retirement_accounts).map((account) => ({
      id: idOf(account),
      name: nameOf(account),
      months: rowsOf(account.contribution_months, contributionRow, pending, 'contribution'),
    })),
    total: rowsOf(body.total, contributionRow, undefined, 'contribution'),
  };
}

/** GET /api/v1/retirement_months → each account's rows and the total rows. */
export function retirementMonthsFromWire(stored: unknown, pending?: PendingMonthEdits): AccountTable<RetirementRow> | null {
  const body = bodyOf<'retirement'>(stored);
  if (!body) return null;
  return {
    accounts: list(body.retirement_accounts).map((account) => ({
      id: idOf(account),
      name: nameOf(account),
      months: rowsOf(account.retirement_months, retirementRow, pending, 'retirement'),
    })),
    total: rowsOf(body.total, retirementRow, undefined, 'retirement'),
  };
}
