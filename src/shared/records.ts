/**
 * The records a user keeps: each one's fields, taken from its resource's declaration
 * (resources.ts), and the types derived from them. The server's tables and serializers, the
 * validation rules and the client's mirror are all derived from these declarations.
 *
 * Units: money fields are dollars on the wire and integer cents everywhere else (`Cents`);
 * percent fields are plain numbers (24.99 means 24.99 %); dates are 'YYYY-MM-DD'; months 'YYYY-MM'.
 */
import type { Cents } from '../engine/money.ts';
import type { MonthKey } from '../engine/months.ts';
import type { JsonObject } from './fields.ts';
import { COLLECTIONS, SINGLES, type CollectionName, type SingleName } from './resources.ts';

export * from './fields.ts';

type RecordDecl = (typeof COLLECTIONS)[CollectionName] | (typeof SINGLES)[SingleName];

/** Each record's fields by record name (`RECORD_FIELDS.debt.apr` is `{ kind: 'percent' }`): collections first, then singles. */
export const RECORD_FIELDS = Object.fromEntries([...Object.values(COLLECTIONS), ...Object.values(SINGLES)].map((decl) => [decl.record, decl.fields])) as {
  readonly [D in RecordDecl as D['record']]: D['fields'];
};

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
