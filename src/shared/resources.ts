/**
 * Every REST resource of the API, declared once for client and server
 * (docs/architecture.md#one-declaration-per-resource): where it lives, the keys its bodies use, its
 * live-update type, the words of its messages, and a record's fields. The server's routes and
 * tables, the client's mirror stores, its sync list, its outbox requests and the wire types of
 * features are all derived from these declarations; adding a resource is one entry here and its
 * rule in validation/records.ts.
 *
 * Three kinds:
 * - a **collection** holds many records per user (`GET path` lists them under `listKey`, records
 *   live at `${path}/${id}`, bodies wrap one record under its record name);
 * - a **single** is one record per user (`GET path` answers it under `getKey`, or null);
 * - a **months** table is computed by the engine; a `PUT ${path}/${rowId}` under `bodyKey` stores
 *   the user's actual value for one row.
 */
import type { RecordType } from './cable.ts';
import type { MonthKind } from './months/tables.ts';
import { ACCOUNT_TYPES, FILING_STATUSES, HOUSING_TYPES, json, PAY_CYCLES, PLAN_TYPES, WITHDRAWAL_ORDERS, type FieldDecl, type JsonObject } from './fields.ts';
import type { RecordName, RECORD_FIELDS } from './records.ts';
import type { BaselineSnapshotWire } from '../engine/plan-vs-actual.ts';

export interface CollectionDecl {
  readonly kind: 'collection';
  /** The record's name: its rule's, and the key its create/update bodies use. */
  readonly record: string;
  /**
   * The record's fields in their wire names (snake_case, docs/product.md#entities), in the order the
   * product lists them, each with its kind; `nullable` fields may be absent.
   */
  readonly fields: Readonly<Record<string, FieldDecl>>;
  /** The server's table (server/db/record-tables.gen.ts): one row per record, indexed by user. */
  readonly table: string;
  readonly path: string;
  /** The key the GET answers the list under. */
  readonly listKey: string;
  /** How the user's data names the whole list (the import's confirmation, the CSV menu): 'Income sources'. */
  readonly listLabel: string;
  /** Its live-update type (shared/cable.ts `RecordType` is the union of these). */
  readonly updateType: string;
  /** How the server's messages name one record ("Debt not found"). */
  readonly label: string;
  /** The default fetch failure message (docs/product.md#error-messages). */
  readonly fetchError: string;
  /** Extra mirror indexes. */
  readonly indexes: readonly string[];
  /** Live deletes without an id are ignored for these (docs/product.md#states-and-transitions). */
  readonly ignoreDeleteWithoutId: boolean;
  /** Month tables whose actual values belong to this record and go when it goes. */
  readonly overrideKinds: readonly MonthKind[];
  /**
   * The month tables an edit of one of these records can alter: the server recomputes and sends
   * them after the write, and the device recomputes them while it waits. Empty for baselines,
   * which record the plan and never shape it (the engine reads what src/shared/months/input.ts
   * takes).
   */
  readonly affects: readonly MonthKind[];
  /**
   * The mirror version that added the collection's Dexie store (client/data/mirror/schema.ts); absent for
   * the first mirror's stores. A new collection takes the next version.
   */
  readonly mirrorSince?: number;
}

export interface SingleDecl {
  readonly kind: 'single';
  readonly record: string;
  readonly fields: Readonly<Record<string, FieldDecl>>;
  /** The server's table: at most one row per user. */
  readonly table: string;
  readonly path: string;
  /** The key GET answers with (debt plan: 'debtPlan', as the web app's calls expect, docs/product.md#calls). */
  readonly getKey: string;
  readonly updateType: string;
  readonly label: string;
  readonly fetchError: string;
  /** Whether `DELETE path` exists. */
  readonly deletable: boolean;
  /** The month tables an edit can alter, as for a collection. */
  readonly affects: readonly MonthKind[];
  /** How a failed edit's message names it, when not `label` in lower case ("Failed to update housing record"). */
  readonly failureNoun?: string;
}

export interface MonthsDecl {
  readonly kind: 'months';
  readonly monthKind: MonthKind;
  readonly path: string;
  readonly updateType: string;
  /** The body key of a PUT on one row. */
  readonly bodyKey: string;
  readonly label: string;
  readonly fetchError: string;
  /** The field a PUT on one row sends the actual value in. */
  readonly editField: 'input_end_balance' | 'input_remaining_balance' | 'balance';
  /** The row field that holds the stored actual value. */
  readonly storedField: 'input_end_balance' | 'input_remaining_balance' | 'input_balance';
  /**
   * The other table that shows the same actual under the same row id, or null
   * (docs/projection-rules.md#actuals-and-check-ins: an account has one actual balance per month,
   * shown by the contribution and retirement tables).
   */
  readonly sharesActualWith: 'incomeMonths' | 'debtMonths' | 'retirementMonths' | 'contributionMonths' | null;
  /** The month tables an actual entered on a row can alter. */
  readonly affects: readonly MonthKind[];
}

export const COLLECTIONS = {
  incomes: {
    kind: 'collection',
    record: 'income',
    table: 'incomes',
    path: '/api/v1/incomes',
    listKey: 'incomes',
    listLabel: 'Income sources',
    updateType: 'Income',
    label: 'Income',
    fetchError: 'Failed to fetch incomes',
    indexes: [],
    ignoreDeleteWithoutId: false,
    overrideKinds: [],
    affects: ['income'],
    fields: {
      name: { kind: 'text' },
      pay_cycle: { kind: 'enum', values: PAY_CYCLES },
      next_pay_date: { kind: 'date' },
      gross_pay: { kind: 'money' },
      net_pay: { kind: 'money' },
      /** Plan assumptions: the last month the income is received; null: no end. */
      end_month: { kind: 'month', nullable: true },
    },
  },
  debts: {
    kind: 'collection',
    record: 'debt',
    table: 'debts',
    path: '/api/v1/debts',
    listKey: 'debts',
    listLabel: 'Debts',
    updateType: 'Debt',
    label: 'Debt',
    fetchError: 'Failed to fetch debts',
    indexes: [],
    ignoreDeleteWithoutId: false,
    overrideKinds: ['debt'],
    affects: ['debt', 'income', 'retirement'],
    fields: {
      name: { kind: 'text' },
      creditor: { kind: 'text' },
      original_amount: { kind: 'money' },
      remaining_amount: { kind: 'money' },
      apr: { kind: 'percent' },
      monthly_payment: { kind: 'money' },
      original_term: { kind: 'integer' },
      due_day: { kind: 'integer' },
    },
  },
  monthlyExpenses: {
    kind: 'collection',
    record: 'monthly_expense',
    table: 'monthly_expenses',
    path: '/api/v1/monthly_expenses',
    listKey: 'monthly_expenses',
    listLabel: 'Monthly expenses',
    updateType: 'MonthlyExpense',
    label: 'Monthly expense',
    fetchError: 'Failed to fetch monthly expenses',
    indexes: [],
    ignoreDeleteWithoutId: false,
    overrideKinds: [],
    affects: ['income', 'retirement'],
    fields: {
      name: { kind: 'text' },
      amount: { kind: 'money' },
      due_day: { kind: 'integer' },
      /** Plan assumptions: the last month the expense is paid; null: no end. */
      end_month: { kind: 'month', nullable: true },
    },
  },
  otherExpenses: {
    kind: 'collection',
    record: 'other_expense',
    table: 'other_expenses',
    path: '/api/v1/other_expenses',
    listKey: 'other_expenses',
    listLabel: 'One-time expenses',
    updateType: 'OtherExpense',
    label: 'Other expense',
    fetchError: 'Failed to fetch other expenses',
    indexes: ['month'],
    ignoreDeleteWithoutId: true,
    overrideKinds: [],
    affects: ['income', 'retirement'],
    fields: {
      month: { kind: 'month' },
      description: { kind: 'text' },
      amount: { kind: 'money' },
    },
  },
  retirementAccounts: {
    kind: 'collection',
    record: 'retirement_account',
    table: 'retirement_accounts',
    path: '/api/v1/retirement_accounts',
    listKey: 'retirement_accounts',
    listLabel: 'Retirement accounts',
    updateType: 'RetirementAccount',
    label: 'Retirement account',
    fetchError: 'Failed to fetch retirements',
    indexes: [],
    ignoreDeleteWithoutId: true,
    overrideKinds: ['retirement', 'contribution'],
    affects: ['contribution', 'retirement', 'income'],
    fields: {
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
  },
  /** A baseline (docs/api.md#baselines): the plan as it stood at one moment, kept to compare actuals with. */
  baselines: {
    kind: 'collection',
    record: 'baseline',
    table: 'baselines',
    path: '/api/v1/baselines',
    listKey: 'baselines',
    listLabel: 'Saved baselines',
    updateType: 'Baseline',
    label: 'Baseline',
    fetchError: 'Failed to fetch baselines',
    indexes: [],
    ignoreDeleteWithoutId: false,
    overrideKinds: [],
    // A baseline records the plan and never shapes it.
    affects: [],
    mirrorSince: 3,
    /**
     * docs/api.md#baselines: the plan's four tables' totals per month, kept as they were when the
     * user saved them, to compare actuals with later. Not an input of the projection. `created_at` is
     * the server's, as on every record; the snapshot is fixed at creation (validation/records.ts).
     */
    fields: {
      name: { kind: 'text' },
      snapshot: json<BaselineSnapshotWire>(),
    },
  },
} as const satisfies Record<string, CollectionDecl>;

export const SINGLES = {
  housing: {
    kind: 'single',
    record: 'housing',
    table: 'housings',
    path: '/api/v1/housing',
    getKey: 'housing',
    updateType: 'Housing',
    label: 'Housing',
    fetchError: 'Failed to fetch housing',
    deletable: false,
    affects: ['income', 'retirement'],
    failureNoun: 'housing record',
    fields: {
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
  },
  debtPlan: {
    kind: 'single',
    record: 'debt_plan',
    table: 'debt_plans',
    path: '/api/v1/debt_plan',
    getKey: 'debtPlan',
    updateType: 'DebtPlan',
    label: 'Debt plan',
    fetchError: 'Failed to fetch debt plan',
    deletable: false,
    affects: ['debt', 'income', 'retirement'],
    fields: {
      plan_type: { kind: 'enum', values: PLAN_TYPES },
      extra_payment: { kind: 'money', default: 0 },
    },
  },
  retirementPlan: {
    kind: 'single',
    record: 'retirement_plan',
    table: 'retirement_plans',
    path: '/api/v1/retirement_plan',
    getKey: 'retirement_plan',
    updateType: 'RetirementPlan',
    label: 'Retirement plan',
    fetchError: 'Failed to fetch retirement plan',
    deletable: true,
    affects: ['income', 'debt', 'retirement', 'contribution'],
    fields: {
      retirement_date: { kind: 'date' },
      interest_rate: { kind: 'percent' },
      social_security_income: { kind: 'money' },
      social_security_start_date: { kind: 'date' },
      monthly_expenses: { kind: 'money', nullable: true },
      years_of_retirement: { kind: 'integer' },
    },
  },
  assumptions: {
    kind: 'single',
    record: 'assumptions',
    table: 'assumptions',
    path: '/api/v1/assumptions',
    getKey: 'assumptions',
    updateType: 'Assumptions',
    label: 'Plan assumptions',
    fetchError: 'Failed to fetch plan assumptions',
    deletable: true,
    affects: ['income', 'debt', 'retirement', 'contribution'],
    /** docs/api.md#plan-assumptions: every field optional; absent (null) is the neutral value. */
    fields: {
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
  },
} as const satisfies Record<string, SingleDecl>;

export const MONTHS = {
  incomeMonths: {
    kind: 'months',
    monthKind: 'income',
    path: '/api/v1/income_months',
    updateType: 'IncomeMonth',
    bodyKey: 'income_month',
    label: 'Income month',
    fetchError: 'Failed to fetch income months',
    editField: 'input_end_balance',
    storedField: 'input_end_balance',
    sharesActualWith: null,
    affects: ['income'],
  },
  debtMonths: {
    kind: 'months',
    monthKind: 'debt',
    path: '/api/v1/debt_months',
    updateType: 'DebtMonth',
    bodyKey: 'debt_month',
    label: 'Debt month',
    fetchError: 'Failed to fetch debt months',
    editField: 'input_remaining_balance',
    storedField: 'input_remaining_balance',
    sharesActualWith: null,
    affects: ['debt', 'income', 'retirement'],
  },
  retirementMonths: {
    kind: 'months',
    monthKind: 'retirement',
    path: '/api/v1/retirement_months',
    updateType: 'RetirementMonth',
    bodyKey: 'retirement_month',
    label: 'Retirement month',
    fetchError: 'Failed to fetch retirement months',
    editField: 'balance',
    storedField: 'input_balance',
    sharesActualWith: 'contributionMonths',
    // One actual per (account, month): an edit on either table sets both.
    affects: ['contribution', 'retirement'],
  },
  contributionMonths: {
    kind: 'months',
    monthKind: 'contribution',
    path: '/api/v1/contribution_months',
    updateType: 'ContributionMonth',
    bodyKey: 'contribution_month',
    label: 'Contribution month',
    fetchError: 'Failed to fetch contribution months',
    editField: 'input_end_balance',
    storedField: 'input_end_balance',
    sharesActualWith: 'retirementMonths',
    affects: ['contribution', 'retirement'],
  },
} as const satisfies Record<string, MonthsDecl>;

export type CollectionName = keyof typeof COLLECTIONS;
export type SingleName = keyof typeof SINGLES;
export type MonthsName = keyof typeof MONTHS;
export type RecordResourceName = CollectionName | SingleName;

/** `Object.entries` of a declaration table, keeping the names' and declarations' types. */
export function entriesOf<T extends object>(table: T): [keyof T, T[keyof T]][] {
  return Object.entries(table) as [keyof T, T[keyof T]][];
}

/** The live-update type of each record. */
export const RECORD_UPDATE_TYPES = Object.fromEntries([...Object.values(COLLECTIONS), ...Object.values(SINGLES)].map((decl) => [decl.record, decl.updateType])) as Record<
  RecordName,
  RecordType
>;

/** Each record's and month table's month tables an edit can alter (`affects`), by record name and month body key. */
export const MONTHS_AFFECTED_BY_RESOURCE = Object.fromEntries([
  ...[...Object.values(COLLECTIONS), ...Object.values(SINGLES)].map((decl) => [decl.record, decl.affects]),
  ...Object.values(MONTHS).map((decl) => [decl.bodyKey, decl.affects]),
]) as Record<RecordName | (typeof MONTHS)[MonthsName]['bodyKey'], readonly MonthKind[]>;

/** The month table resource of each month kind. */
export const MONTHS_OF_KIND = Object.fromEntries(entriesOf(MONTHS).map(([name, decl]) => [decl.monthKind, name])) as Record<MonthKind, MonthsName>;

/* ---------- Wire types: a record as REST answers it, derived from its fields ---------- */

type WireValue<F> = F extends { readonly values: readonly (infer V)[] }
  ? V
  : F extends { readonly kind: 'money' | 'percent' | 'integer' }
    ? number
    : F extends { readonly kind: 'json' }
      ? JsonObject
      : string;

type Fields<R extends RecordName> = (typeof RECORD_FIELDS)[R];
type RequiredKeys<R extends RecordName> = { [K in keyof Fields<R>]: Fields<R>[K] extends { readonly nullable: true } ? never : K }[keyof Fields<R>];
type NullableKeys<R extends RecordName> = Exclude<keyof Fields<R>, RequiredKeys<R>>;

/**
 * A record as the API answers it and the mirror keeps it: `id`, then its fields with money in
 * dollars (`{ id: 3, name: 'Visa', remaining_amount: 6200.5, apr: 24.99, … }`). Nullable fields
 * may be missing from a record the device wrote before the server answered.
 */
export type WireFieldsOf<R extends RecordName> = { readonly [K in RequiredKeys<R>]: WireValue<Fields<R>[K]> } & {
  readonly [K in NullableKeys<R>]?: WireValue<Fields<R>[K]> | null;
};

/**
 * The wire record of a collection or single resource: `WireRecordOf<'debts'>`. The server stamps
 * every record it answers with `created_at` and `updated_at` (ISO 8601, its own clock); a record
 * the device wrote before the server answered has neither.
 */
export type WireRecordOf<N extends RecordResourceName> = { readonly id: number; readonly created_at?: string; readonly updated_at?: string } & WireFieldsOf<(typeof COLLECTIONS & typeof SINGLES)[N]['record']>;
