/**
 * The kinds a record's field can have, and the enumerations its enum fields take. A record's fields
 * are declared with its resource (resources.ts).
 *
 * Units: money fields are dollars on the wire and integer cents everywhere else (`Cents`);
 * percent fields are plain numbers (24.99 means 24.99 %); dates are 'YYYY-MM-DD'; months 'YYYY-MM'.
 */
import { FILING_STATUSES, type FilingStatus } from '../engine/federal-tax.ts';

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

/** A field's kind; `nullable` fields may be absent. */
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

/**
 * A `json` field whose value has a known shape: `json<BaselineSnapshotWire>()`. The shape is only a
 * type (the rule checks the value); at run time the declaration is `{ kind: 'json' }`.
 */
export function json<Shape>(): { readonly kind: 'json'; readonly shape?: Shape } {
  return { kind: 'json' };
}
