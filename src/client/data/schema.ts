/**
 * Every table of the local mirror, declared once (STYLE.md §4): what the server calls it, where
 * it is fetched, how live updates name it. Dexie's stores and the sync engine's table list are
 * derived from these declarations; nothing else lists tables.
 *
 * Collections keep one row per record (key `id`). A single record (housing, plans, profile) and a
 * month table are one row each in `singles` / `months`, keyed by the declaration's name: the
 * server sends a month table whole and replaces it whole, so it is stored whole.
 */
import type { MonthType, RecordType } from '../../shared/cable.ts';
import type { RecordName } from '../../shared/records.ts';

export interface CollectionDecl {
  readonly kind: 'collection';
  readonly record: RecordName;
  /** REST path of the collection; records are at `${path}/${id}`. */
  readonly path: string;
  /** The key the GET answers the list under. */
  readonly listKey: string;
  /** The key a create or update body and answer wrap the record in. */
  readonly bodyKey: RecordName;
  readonly updateType: RecordType;
  /** Extra Dexie indexes. */
  readonly indexes: readonly string[];
  /** The spec's default fetch failure message. */
  readonly fetchError: string;
  /** Live deletes without an id are ignored for these (spec section 4). */
  readonly ignoreDeleteWithoutId: boolean;
}

export interface SingleDecl {
  readonly kind: 'single';
  readonly record: RecordName;
  readonly path: string;
  /** The key GET answers with (debt plan: 'debtPlan'). */
  readonly getKey: string;
  readonly bodyKey: RecordName;
  readonly updateType: RecordType;
  readonly fetchError: string;
}

export interface MonthsDecl {
  readonly kind: 'months';
  readonly path: string;
  readonly updateType: MonthType;
  /** The body key of a PUT on one row. */
  readonly bodyKey: string;
  readonly fetchError: string;
}

export const COLLECTIONS = {
  incomes: { kind: 'collection', record: 'income', path: '/api/v1/incomes', listKey: 'incomes', bodyKey: 'income', updateType: 'Income', indexes: [], fetchError: 'Failed to fetch incomes', ignoreDeleteWithoutId: false },
  debts: { kind: 'collection', record: 'debt', path: '/api/v1/debts', listKey: 'debts', bodyKey: 'debt', updateType: 'Debt', indexes: [], fetchError: 'Failed to fetch debts', ignoreDeleteWithoutId: false },
  monthlyExpenses: {
    kind: 'collection',
    record: 'monthly_expense',
    path: '/api/v1/monthly_expenses',
    listKey: 'monthly_expenses',
    bodyKey: 'monthly_expense',
    updateType: 'MonthlyExpense',
    indexes: [],
    fetchError: 'Failed to fetch monthly expenses',
    ignoreDeleteWithoutId: false,
  },
  otherExpenses: {
    kind: 'collection',
    record: 'other_expense',
    path: '/api/v1/other_expenses',
    listKey: 'other_expenses',
    bodyKey: 'other_expense',
    updateType: 'OtherExpense',
    indexes: ['month'],
    fetchError: 'Failed to fetch other expenses',
    ignoreDeleteWithoutId: true,
  },
  retirementAccounts: {
    kind: 'collection',
    record: 'retirement_account',
    path: '/api/v1/retirement_accounts',
    listKey: 'retirement_accounts',
    bodyKey: 'retirement_account',
    updateType: 'RetirementAccount',
    indexes: [],
    fetchError: 'Failed to fetch retirements',
    ignoreDeleteWithoutId: true,
  },
} as const satisfies Record<string, CollectionDecl>;

export const SINGLES = {
  housing: { kind: 'single', record: 'housing', path: '/api/v1/housing', getKey: 'housing', bodyKey: 'housing', updateType: 'Housing', fetchError: 'Failed to fetch housing' },
  debtPlan: { kind: 'single', record: 'debt_plan', path: '/api/v1/debt_plan', getKey: 'debtPlan', bodyKey: 'debt_plan', updateType: 'DebtPlan', fetchError: 'Failed to fetch debt plan' },
  retirementPlan: {
    kind: 'single',
    record: 'retirement_plan',
    path: '/api/v1/retirement_plan',
    getKey: 'retirement_plan',
    bodyKey: 'retirement_plan',
    updateType: 'RetirementPlan',
    fetchError: 'Failed to fetch retirement plan',
  },
} as const satisfies Record<string, SingleDecl>;

export const MONTHS = {
  incomeMonths: { kind: 'months', path: '/api/v1/income_months', updateType: 'IncomeMonth', bodyKey: 'income_month', fetchError: 'Failed to fetch income months' },
  debtMonths: { kind: 'months', path: '/api/v1/debt_months', updateType: 'DebtMonth', bodyKey: 'debt_month', fetchError: 'Failed to fetch debt months' },
  retirementMonths: { kind: 'months', path: '/api/v1/retirement_months', updateType: 'RetirementMonth', bodyKey: 'retirement_month', fetchError: 'Failed to fetch retirement months' },
  contributionMonths: {
    kind: 'months',
    path: '/api/v1/contribution_months',
    updateType: 'ContributionMonth',
    bodyKey: 'contribution_month',
    fetchError: 'Failed to fetch contribution months',
  },
} as const satisfies Record<string, MonthsDecl>;

export type CollectionName = keyof typeof COLLECTIONS;
export type SingleName = keyof typeof SINGLES;
export type MonthsName = keyof typeof MONTHS;

export const PROFILE_FETCH_ERROR = 'Failed to fetch profile';
export const FLAGS_FETCH_ERROR = 'Failed to fetch feature flags';

/**
 * Dexie stores, derived from the declarations. Bump MIRROR_VERSION and add a `version(n)` step in
 * db.ts whenever this changes.
 */
export const MIRROR_VERSION = 2;

export function dexieStores(): Record<string, string> {
  const stores: Record<string, string> = {};
  for (const [name, decl] of Object.entries(COLLECTIONS) as [string, CollectionDecl][]) {
    stores[name] = ['id', ...decl.indexes].join(', ');
  }
  Object.assign(stores, {
    // One row per single record or month table, keyed by its declaration's name.
    singles: 'name',
    months: 'name',
    featureFlags: 'name',
    profile: 'name',
    // Local tables: what the app knows about itself.
    syncStatus: 'name',
    outbox: '++seq, &uuid, status, targetKey, *tempIds',
    conflicts: '++id, createdAt',
  });
  return stores;
}
