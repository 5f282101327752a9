/**
 * The records a user keeps, declared once: their wire names (snake_case, docs/product.md#entities),
 * the kind of each field, and the enumerations. The server's tables and serializers, the validation
 * rules and the client's mirror are all derived from these declarations.
 *
 * Units: money fields are dollars on the wire and integer cents everywhere else (`Cents`);
 * percent fields are plain numbers (24.99 means 24.99 %); dates are 'YYYY-MM-DD'; months 'YYYY-MM'.
 */
import { FILING_STATUSES, type FilingStatus } from '../engine/federal-tax.ts';
import type { Cents } from '../engine/money.ts';
import type { MonthKey } from '../engine/months.ts';
import type { BaselineSnapshotWire } from '../engine/plan-vs-actual.ts';

export const PAY_CYCLES = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const;
export type PayCycle = (typeof PAY_CYCLES)[number];

/** `taxable`: a brokerage account (docs/projection-rules.md#where-the-money-goes): never payroll-deducted, no limit, no employer money. */
export const ACCOUNT_TYPES = ['traditional_401k', 'roth_401k', 'traditional_ira', 'roth_ira', 'taxable'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** How retirement withdrawals are shared among the accounts (docs/projection-rules.md#a-years-tax). */
export const WITHDRAWAL_ORDERS = ['proportional', 'tax_aware'] as const;
export type WithdrawalOrder = (typeof WITHDRAWAL_ORDERS)[number];
export { FILING_STATUSES, type FilingStatus };

export const PLAN_TYPES = ['none', 'snowball', 'avalanche'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const HOUSING_TYPES = ['Rent', 'Mortgage', 'Own'] as const;
export type HousingType = (typeof HOUSING_TYPES)[number];

export const PLAN_TYPE_LABELS: Record<PlanType, string> = {
  none: 'No specific strategy',
  snowball: 'Pay off smallest debts first',
  avalanche: 'Pay off highest interest first',
};

/**
 * `json`: a JSON object, stored and answered as its rule leaves it; the rule checks its shape.
 * Money inside it stays in dollars, as on the wire.
 */
export type FieldKind = 'text' | 'money' | 'percent' | 'integer' | 'date' | 'month' | 'enum' | 'boolean' | 'json';

/** A JSON object as a `json` field holds it. */
export type JsonObject = { readonly [key: string]: unknown };

/** Field kinds per record, in the order docs/product.md#entities lists them. `nullable` fields may be absent. */
export interface FieldDecl {
  readonly kind: FieldKind;
  readonly nullable?: boolean;
  /** An enum's values. */
  readonly values?: readonly string[];
  /** The column's default in the database, for rows written before the field existed (money in cents). */
  readonly default?: number | boolean;
  /** An `integer` field holding the id of another record of the user's; the column is cleared when that record goes. */
  readonly references?: string;
}

export const RECORD_FIELDS = {
  income: {
    name: { kind: 'text' },
    pay_cycle: { kind: 'enum', values: PAY_CYCLES },
    next_pay_date: { kind: 'date' },
    gross_pay: { kind: 'money' },
    net_pay: { kind: 'money' },
    /** Plan assumptions: the last month the income is received; null: no end. */
    end_month: { kind: 'month', nullable: true },
  },
  debt: {
    name: { kind: 'text' },
    creditor: { kind: 'text' },
    original_amount: { kind: 'money' },
    remaining_amount: { kind: 'money' },
    apr: { kind: 'percent' },
    monthly_payment: { kind: 'money' },
    original_term: { kind: 'integer' },
    due_day: { kind: 'integer' },
  },
  debt_plan: {
    plan_type: { kind: 'enum', values: PLAN_TYPES },
    extra_payment: { kind: 'money', default: 0 },
  },
  monthly_expense: {
    name: { kind: 'text' },
    amount: { kind: 'money' },
    due_day: { kind: 'integer' },
    /** Plan assumptions: the last month the expense is paid; null: no end. */
    end_month: { kind: 'month', nullable: true },
  },
  other_expense: {
    month: { kind: 'month' },
    description: { kind: 'text' },
    amount: { kind: 'money' },
  },
  retirement_account: {
    name: { kind: 'text' },
    account_type: { kind: 'enum', values: ACCOUNT_TYPES },
    contribution_amount: { kind: 'money' },
    employer_match: { kind: 'percent' },
    employer_contribution_amount: { kind: 'money' },
    starting_balance: { kind: 'money' },
    expected_return_rate: { kind: 'percent' },
    contribution_cycle: { kind: 'enum', values: PAY_CYCLES },
    next_deposit_date: { kind: 'date' },
    /** Plan assumptions: the entered net pay already excludes this contribution; absent: false. */
    payroll_deducted: { kind: 'boolean', default: false },
  },
  retirement_plan: {
    retirement_date: { kind: 'date' },
    interest_rate: { kind: 'percent' },
    social_security_income: { kind: 'money' },
    social_security_start_date: { kind: 'date' },
    monthly_expenses: { kind: 'money', nullable: true },
    years_of_retirement: { kind: 'integer' },
  },
  housing: {
    housing_type: { kind: 'enum', values: HOUSING_TYPES },
    total_monthly_payment: { kind: 'money' },
    original_purchase_price: { kind: 'money', nullable: true },
    down_payment: { kind: 'money', nullable: true },
    interest_rate: { kind: 'percent', nullable: true },
    term: { kind: 'integer', nullable: true },
    open_date: { kind: 'date', nullable: true },
    current_balance: { kind: 'money', nullable: true },
    escrow_payment: { kind: 'money', nullable: true },
  },
  /** docs/api.md#plan-assumptions: every field optional; absent (null) is the neutral value. */
  assumptions: {
    inflation_rate: { kind: 'percent', nullable: true },
    salary_growth_rate: { kind: 'percent', nullable: true },
    social_security_cola: { kind: 'percent', nullable: true },
    cash_balance: { kind: 'money', nullable: true },
    cash_interest_rate: { kind: 'percent', nullable: true },
    home_value: { kind: 'money', nullable: true },
    home_appreciation_rate: { kind: 'percent', nullable: true },
    retirement_tax_rate: { kind: 'percent', nullable: true },
    spend_cash_in_retirement: { kind: 'boolean', nullable: true },
    return_volatility: { kind: 'percent', nullable: true },
    stock_share: { kind: 'percent', nullable: true },
    /** docs/projection-rules.md#where-the-money-goes: spending no listed expense claims, a month, in plan-start dollars. */
    other_spending: { kind: 'money', nullable: true },
    /** A living month's spending in plan-start dollars, in place of the monthly expenses and other spending. */
    retirement_spending: { kind: 'money', nullable: true },
    /** The user's own `taxable` account that a working month's surplus goes to; null: it stays cash. */
    surplus_account_id: { kind: 'integer', nullable: true, references: 'retirement_account' },
    /** % of a working month's surplus moved there (absent: 100). */
    surplus_share: { kind: 'percent', nullable: true },
    /** % a year charged on negative cash. */
    overdraft_interest_rate: { kind: 'percent', nullable: true },
    /**
     * docs/projection-rules.md#a-years-tax: the filing status of the taxes in retirement by brackets
     * (null: the flat retirement_tax_rate); the next dollar's tax figures use it too.
     */
    filing_status: { kind: 'enum', values: FILING_STATUSES, nullable: true },
    /** % of federal taxable income, for the taxes in retirement by brackets. */
    state_tax_rate: { kind: 'percent', nullable: true },
    /** Dollars a year converted from traditional to Roth accounts in retirement, in plan-start dollars. */
    roth_conversion: { kind: 'money', nullable: true },
    /** Which accounts pay retirement first: `proportional` (null) or `tax_aware`. */
    withdrawal_order: { kind: 'enum', values: WITHDRAWAL_ORDERS, nullable: true },
  },
  /**
   * docs/api.md#baselines: the plan's four tables' totals per month, kept as they were when the
   * user saved them, to compare actuals with later. Not an input of the projection. `created_at` is
   * the server's, as on every record; the snapshot is fixed at creation (validation/records.ts).
   */
  baseline: {
    name: { kind: 'text' },
    snapshot: json<BaselineSnapshotWire>(),
  },
} as const satisfies Record<string, Record<string, FieldDecl>>;

/**
 * A `json` field whose value has a known shape: `json<BaselineSnapshotWire>()`. The shape is only a
 * type (the rule checks the value); at run time the declaration is `{ kind: 'json' }`.
 */
export function json<Shape>(): { readonly kind: 'json'; readonly shape?: Shape } {
  return { kind: 'json' };
}

export type RecordName = keyof typeof RECORD_FIELDS;

/** The validated value of one field: money in cents, months as `MonthKey`, an enum as its values. */
type InputValue<F> = F extends { readonly values: readonly (infer V)[] }
  ? V
  : F extends { readonly kind: 'money' }
    ? Cents
    : F extends { readonly kind: 'percent' | 'integer' }
      ? number
      : F extends { readonly kind: 'month' }
        ? MonthKey
        : F extends { readonly kind: 'boolean' }
          ? boolean
          : F extends { readonly kind: 'json'; readonly shape?: infer Shape }
            ? unknown extends Shape
              ? JsonObject
              : Shape
            : string;

/**
 * A record's validated values, as the rules in `validation/` produce them, derived from its fields:
 * every field present, a nullable one as `value | null`, money in integer cents. For the debt:
 * `{ name: string; …; remaining_amount: Cents; apr: number; original_term: number; … }`.
 */
export type InputOf<R extends RecordName> = {
  -readonly [K in keyof (typeof RECORD_FIELDS)[R]]: (typeof RECORD_FIELDS)[R][K] extends { readonly nullable: true }
    ? InputValue<(typeof RECORD_FIELDS)[R][K]> | null
    : InputValue<(typeof RECORD_FIELDS)[R][K]>;
};

export type IncomeInput = InputOf<'income'>;
export type DebtInput = InputOf<'debt'>;
export type DebtPlanInput = InputOf<'debt_plan'>;
export type MonthlyExpenseInput = InputOf<'monthly_expense'>;
export type OtherExpenseInput = InputOf<'other_expense'>;
export type RetirementAccountInput = InputOf<'retirement_account'>;
export type RetirementPlanInput = InputOf<'retirement_plan'>;
/** Rent and Own carry only the type and the payment; the other fields are null for them. */
export type HousingInput = InputOf<'housing'>;
/** Plan assumptions (docs/api.md#plan-assumptions); null is the neutral value (see src/engine/assumptions.ts). */
export type AssumptionsInput = InputOf<'assumptions'>;
/**
 * The snapshot stays in dollars, as the wire carries it: `{ months: [{ month: '2026-11', cash,
 * debts, savings, contributions, returns }] }` (src/engine/plan-vs-actual.ts reads it back).
 */
export type BaselineInput = InputOf<'baseline'>;

export type RecordInputs = { [R in RecordName]: InputOf<R> };
