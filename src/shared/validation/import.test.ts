import { describe, expect, it } from 'vitest';
import { buildExportDocument, EXPORT_FORMAT, type ExportSource } from '../export/document.ts';
import {
  ACTUAL_IN_FUTURE,
  CREATED_AT_INVALID,
  IMPORT_MAX_ACTUALS,
  IMPORT_MAX_RECORDS,
  importErrorMessage,
  importLimitErrors,
  importSize,
  NOT_AN_EXPORT,
  newerVersionMessage,
  parseImportMode,
  validateImport,
  type ImportDocument,
} from './import.ts';
import type { FieldErrors, Validation } from './kit.ts';
import { SURPLUS_ACCOUNT } from './records.ts';

const ctx = { today: '2026-11-21' };
const CREATED = '2026-10-02T08:30:00.000Z';
const UPDATED = '2026-11-20T09:00:00.000Z';
const stamps = { created_at: CREATED, updated_at: UPDATED };

const debt = { name: 'Visa', creditor: 'Chase', original_amount: 5000, remaining_amount: 4200.25, apr: 24.99, monthly_payment: 150, original_term: 60, due_day: 15 };
const account = {
  name: '401k',
  account_type: 'traditional_401k',
  contribution_amount: 500,
  employer_match: 50,
  employer_contribution_amount: 250,
  starting_balance: 20000,
  expected_return_rate: 7,
  contribution_cycle: 'semimonthly',
  next_deposit_date: '2026-12-01',
  payroll_deducted: false,
};

/** A household as the server would export it: two debts, one account, rent, one actual of each kind. */
const SOURCE: ExportSource = {
  exportedAt: '2026-11-21T12:00:00.000Z',
  user: { email: 'ana@example.com', birth_year: 1985 },
  incomes: [{ id: 3, name: 'Salary', pay_cycle: 'monthly', next_pay_date: '2026-11-30', gross_pay: 6000, net_pay: 5000, end_month: null, ...stamps }],
  debts: [
    { id: 7, ...debt, ...stamps },
    { id: 4, ...debt, name: 'Car', apr: 6, ...stamps },
  ],
  monthly_expenses: [],
  other_expenses: [{ id: 11, month: '2027-03', description: 'Tyres', amount: 640, ...stamps }],
  retirement_accounts: [{ id: 9, ...account, ...stamps }],
  baselines: [],
  housing: { id: 2, housing_type: 'Rent', total_monthly_payment: 1800, ...stamps },
  debt_plan: null,
  retirement_plan: null,
  assumptions: null,
  actuals: {
    income_months: [{ month: '2026-11', input_end_balance: -120.5 }],
    debt_months: [{ debt_id: 7, month: '2026-11', input_remaining_balance: 4100 }],
    retirement_months: [{ retirement_account_id: 9, month: '2026-10', balance: 20500.75 }],
    mortgage_months: [{ month: '2026-11', input_mortgage_balance: 287450.1 }],
    home_months: [{ month: '2026-11', input_home_value: 412000 }],
  },
};

/** The exported document as parsed JSON, which is what an import reads. */
function exported(): Record<string, any> {
  return JSON.parse(JSON.stringify(buildExportDocument(SOURCE)));
}

function value(result: Validation<ImportDocument>): ImportDocument {
  if (!result.ok) throw new Error(`Expected a valid document, got ${JSON.stringify(result.errors)}`);
  return result.value;
}

function errorsOf(result: Validation<unknown>): FieldErrors {
  if (result.ok) throw new Error('Expected errors');
  return result.errors;
}

describe('validateImport', () => {
  it('reads an export back: values in cents, the file ids, created_at, and the actuals on their file ids', () => {
    const document = value(validateImport(exported(), ctx));
    expect(document.debts.map((d) => [d.id, d.value.name, d.value.remaining_amount, d.value.apr])).toEqual([
      [4, 'Car', 420025, 6],
      [7, 'Visa', 420025, 24.99],
    ]);
    expect(document.incomes).toEqual([
      { id: 3, created_at: CREATED, value: { name: 'Salary', pay_cycle: 'monthly', next_pay_date: '2026-11-30', gross_pay: 600000, net_pay: 500000, end_month: null } },
    ]);
    expect(document.retirement_accounts[0]?.value.starting_balance).toBe(2000000);
    expect(document.housing).toEqual({
      id: 2,
      created_at: CREATED,
      value: { housing_type: 'Rent', total_monthly_payment: 180000, original_purchase_price: null, down_payment: null, interest_rate: null, term: null, open_date: null, current_balance: null, escrow_payment: null },
    });
    expect([document.debt_plan, document.retirement_plan, document.assumptions]).toEqual([null, null, null]);
    expect(document.monthly_expenses).toEqual([]);
    expect(document.baselines).toEqual([]);
    expect(document.actuals).toEqual({
      income_months: [{ entityId: 0, month: '2026-11', value: -12050 }],
      debt_months: [{ entityId: 7, month: '2026-11', value: 410000 }],
      retirement_months: [{ entityId: 9, month: '2026-10', value: 2050075 }],
      mortgage_months: [{ entityId: 0, month: '2026-11', value: 28745010 }],
      home_months: [{ entityId: 0, month: '2026-11', value: 41200000 }],
    });
  });

  it('takes a missing collection, single or actuals list as empty', () => {
    const document = value(validateImport({ format: EXPORT_FORMAT, version: 1 }, ctx));
    expect(document.debts).toEqual([]);
    expect(document.housing).toBeNull();
    expect(document.actuals).toEqual({ income_months: [], debt_months: [], retirement_months: [], mortgage_months: [], home_months: [] });
  });

  it("refuses a check-in's negative mortgage balance or home value with its rule's message, and a second value for the same month", () => {
    const file = exported();
    file.actuals.mortgage_months = [{ month: '2026-11', input_mortgage_balance: -1 }];
    file.actuals.home_months = [
      { month: '2026-11', input_home_value: 412000 },
      { month: '2026-11', input_home_value: 413000 },
    ];
    expect(errorsOf(validateImport(file, ctx))).toMatchObject({
      'actuals.mortgage_months[0].input_mortgage_balance': ['Mortgage balance cannot be negative'],
      'actuals.home_months[1].month': ['Another actual balance in this file is for the same month'],
    });
  });

  it('answers a wrong format alone, whatever else the file holds', () => {
    const file = { ...exported(), format: 'actual-budget', debts: [{ apr: 500 }] };
    expect(errorsOf(validateImport(file, ctx))).toEqual({ format: [NOT_AN_EXPORT] });
    for (const notAnObject of [null, 'runway-export', 42, [exported()]]) {
      expect(errorsOf(validateImport(notAnObject, ctx))).toEqual({ format: [NOT_AN_EXPORT] });
    }
    expect(NOT_AN_EXPORT).toBe('This is not a Runway export file: "format" must be "runway-export"');
  });

  it('refuses a later version with a clear message, and a version that is not one', () => {
    expect(errorsOf(validateImport({ ...exported(), version: 2, debts: 'whatever' }, ctx))).toEqual({
      version: ['This file was exported by a newer version of Runway (version 2); this version reads version 1.'],
    });
    expect(newerVersionMessage(17)).toBe('This file was exported by a newer version of Runway (version 17); this version reads version 1.');
    expect(errorsOf(validateImport({ ...exported(), version: undefined }, ctx))).toEqual({ version: ['Version is required'] });
    expect(errorsOf(validateImport({ ...exported(), version: 0 }, ctx))).toEqual({ version: ['Version must be at least 1'] });
    expect(errorsOf(validateImport({ ...exported(), version: 1.5 }, ctx))).toEqual({ version: ['Version must be a whole number'] });
    expect(validateImport({ ...exported(), version: '1' }, ctx).ok).toBe(true);
  });

  it('keys each record error by its place in the file, with the record rule’s own message', () => {
    const file = exported();
    file.debts[1].apr = 150;
    file.debts[0].name = '';
    file.housing.total_monthly_payment = -5;
    file.other_expenses.push('tyres', { month: '2027-13', description: 'Gifts', amount: 10 });
    expect(errorsOf(validateImport(file, ctx))).toEqual({
      'debts[0].name': ['Debt name is required'],
      'debts[1].apr': ['Please enter a valid APR between 0 and 100'],
      'other_expenses[1]': ['Other expense must be an object'],
      'other_expenses[2].month': ['Please enter a valid month (1-12)'],
      'housing.total_monthly_payment': ['Total monthly payment must be greater than 0'],
    });
  });

  it('refuses a collection that is not a list, a single that is not an object, and actuals that are not an object', () => {
    expect(errorsOf(validateImport({ format: EXPORT_FORMAT, version: 1, debts: { id: 1 }, assumptions: 'none', actuals: [] }, ctx))).toEqual({
      debts: ['debts must be a list'],
      assumptions: ['Plan assumptions must be an object'],
      actuals: ['actuals must be an object'],
    });
    expect(errorsOf(validateImport({ format: EXPORT_FORMAT, version: 1, actuals: { debt_months: 'x' } }, ctx))).toEqual({
      'actuals.debt_months': ['actuals.debt_months must be a list'],
    });
  });

  it('refuses two records of a collection with the same id, and an id that is not a whole number', () => {
    const file = exported();
    file.debts.push({ ...file.debts[0] }, { ...file.debts[0], id: 'seven' });
    file.incomes.push({ ...file.incomes[0] });
    expect(errorsOf(validateImport(file, ctx))).toEqual({
      'debts[2].id': ['Another debt in this file has id 4'],
      'debts[3].id': ['Id must be a valid number'],
      'incomes[1].id': ['Another income in this file has id 3'],
    });
  });

  it('accepts records without an id, and negative ids (made offline, not yet sent)', () => {
    const file = exported();
    delete file.incomes[0].id;
    file.debts[0].id = -1;
    file.actuals.debt_months.push({ debt_id: -1, month: '2026-10', input_remaining_balance: 10 });
    const document = value(validateImport(file, ctx));
    expect(document.incomes[0]?.id).toBeNull();
    expect(document.actuals.debt_months).toEqual([
      { entityId: 7, month: '2026-11', value: 410000 },
      { entityId: -1, month: '2026-10', value: 1000 },
    ]);
  });

  it('keeps created_at as an instant in UTC, and refuses one that is not a date and time', () => {
    const file = exported();
    file.incomes[0].created_at = '2026-10-02T10:30:00+02:00';
    file.debts[0].created_at = null;
    file.debts[1].created_at = '2026-02-30T00:00:00Z';
    file.other_expenses[0].created_at = 1790000000000;
    file.retirement_accounts[0].created_at = '2026-10-02';
    expect(errorsOf(validateImport(file, ctx))).toEqual({
      'debts[1].created_at': [CREATED_AT_INVALID],
      'other_expenses[0].created_at': [CREATED_AT_INVALID],
      'retirement_accounts[0].created_at': [CREATED_AT_INVALID],
    });
    // A clock ahead of this one's is no reason to refuse a backup.
    file.debts[1].created_at = '2027-01-01T23:59:59Z';
    delete file.other_expenses[0].created_at;
    file.retirement_accounts[0].created_at = '2026-10-02T00:00Z';
    const document = value(validateImport(file, ctx));
    expect(document.incomes[0]?.created_at).toBe('2026-10-02T08:30:00.000Z');
    expect(document.debts.map((d) => d.created_at)).toEqual([null, '2027-01-01T23:59:59.000Z']);
    expect(document.other_expenses[0]?.created_at).toBeNull();
    expect(document.retirement_accounts[0]?.created_at).toBe('2026-10-02T00:00:00.000Z');
  });

  it('refuses an actual whose debt or account is not in the file', () => {
    const file = exported();
    file.actuals.debt_months.push({ debt_id: 99, month: '2026-10', input_remaining_balance: 10 });
    file.actuals.retirement_months.push({ retirement_account_id: 7, month: '2026-10', balance: 10 }, { month: '2026-09', balance: 10 });
    expect(errorsOf(validateImport(file, ctx))).toEqual({
      'actuals.debt_months[1].debt_id': ['No debt in this file has id 99'],
      // 7 is a debt's id, not an account's.
      'actuals.retirement_months[1].retirement_account_id': ['No retirement account in this file has id 7'],
      'actuals.retirement_months[2].retirement_account_id': ['Retirement account id is required'],
    });
  });

  it('takes a surplus account that is a taxable account of the file, by its file id, and refuses any other', () => {
    const file = exported();
    const taxable = { ...account, id: -5, name: 'Brokerage', account_type: 'taxable', employer_match: 0, employer_contribution_amount: 0, ...stamps };
    file.retirement_accounts.push(taxable);
    file.assumptions = { id: 1, surplus_account_id: -5, surplus_share: 50, ...stamps };
    expect(value(validateImport(file, ctx)).assumptions?.value).toMatchObject({ surplus_account_id: -5, surplus_share: 50 });

    const refused = { 'assumptions.surplus_account_id': [SURPLUS_ACCOUNT] };
    // The file's 401(k) (id 9), a debt's id (7), an id no record has.
    for (const id of [9, 7, 12, 'abc', 2.5]) expect(errorsOf(validateImport({ ...file, assumptions: { ...file.assumptions, surplus_account_id: id } }, ctx)), String(id)).toEqual(refused);
    // A taxable account that fails its own rule does not count either, and says why.
    const broken = { ...file, retirement_accounts: [file.retirement_accounts[0], { ...taxable, employer_match: 10 }] };
    expect(errorsOf(validateImport(broken, ctx))).toEqual({ 'retirement_accounts[1].employer_match': ['A taxable account has no employer match'], ...refused });
  });

  it('checks each actual’s month and amount, and refuses a second one for the same entity and month', () => {
    const file = exported();
    file.actuals.income_months.push(
      { month: '2026-12', input_end_balance: 1 },
      { month: '2026-11', input_end_balance: 1 },
      { month: 'November', input_end_balance: 'lots' },
      'none',
    );
    file.actuals.debt_months.push({ debt_id: 7, month: '2026-11', input_remaining_balance: -1 }, { debt_id: 4, month: '2026-11', input_remaining_balance: 4100 });
    file.actuals.retirement_months.push({ retirement_account_id: 9, month: '2026-10', balance: 1 });
    expect(errorsOf(validateImport(file, ctx))).toEqual({
      'actuals.income_months[1].month': [ACTUAL_IN_FUTURE],
      'actuals.income_months[2].month': ['Another actual balance in this file is for the same month'],
      'actuals.income_months[3].month': ['Please enter a month as YYYY-MM'],
      'actuals.income_months[3].input_end_balance': ['Please enter a valid amount'],
      'actuals.income_months[4]': ['Each actual balance must be an object'],
      'actuals.debt_months[1].input_remaining_balance': ['Please enter a valid positive amount'],
      'actuals.retirement_months[1].month': ['Another actual balance in this file is for the same retirement account and month'],
    });
    expect(ACTUAL_IN_FUTURE).toBe('An actual balance can only be for the current month or earlier');
  });

  it('accepts a debt actual above what the debt’s payment covers: that check belongs to the moment it was typed', () => {
    const file = exported();
    // Visa: $150 a month at 24.99 % covers interest on at most $7,202.88; a stored actual may be above it.
    file.actuals.debt_months[0].input_remaining_balance = 50000;
    expect(value(validateImport(file, ctx)).actuals.debt_months).toEqual([{ entityId: 7, month: '2026-11', value: 5000000 }]);
  });

  it('reads neither user nor exported_at', () => {
    const file = { ...exported(), user: 'someone else', exported_at: 12 };
    expect(validateImport(file, ctx).ok).toBe(true);
  });
});

describe('the ceilings', () => {
  const file = (records: number, actuals: number) => ({
    format: EXPORT_FORMAT,
    version: 1,
    other_expenses: Array.from({ length: records }, () => ({ month: '2027-01', description: 'x', amount: 1 })),
    actuals: { income_months: Array.from({ length: actuals }, () => ({ month: '2026-01', input_end_balance: 1 })) },
  });

  it('importSize counts the records of every collection, the singles present and the actuals, valid or not', () => {
    expect(importSize(exported())).toEqual({ records: 6, actuals: 5 });
    expect(importSize({ debts: [1, 2], housing: {}, debt_plan: null, actuals: { debt_months: [1], retirement_months: 'no' } })).toEqual({ records: 3, actuals: 1 });
    expect(importSize({})).toEqual({ records: 0, actuals: 0 });
  });

  it('importLimitErrors names the ceiling and the count, of the file or of what a merge would leave', () => {
    expect(importLimitErrors({ records: IMPORT_MAX_RECORDS, actuals: IMPORT_MAX_ACTUALS }, false)).toBeNull();
    expect(importLimitErrors({ records: 20_001, actuals: 0 }, false)).toEqual({ limits: ['An account can hold at most 20,000 records; this file holds 20,001.'] });
    expect(importLimitErrors({ records: 20_001, actuals: 10_005 }, true)).toEqual({
      limits: ['An account can hold at most 20,000 records; merging this file would leave 20,001.', 'An account can hold at most 10,000 actual balances; merging this file would leave 10,005.'],
    });
    expect(importErrorMessage({ limits: ['An account can hold at most 20,000 records; this file holds 20,001.'] })).toBe('An account can hold at most 20,000 records; this file holds 20,001.');
  });

  it('validateImport refuses a file over a ceiling before reading its records, and takes one at it', () => {
    const over = file(IMPORT_MAX_RECORDS + 1, 0);
    over.other_expenses[0] = { month: 'never', description: '', amount: -1 };
    expect(validateImport(over, ctx)).toEqual({ ok: false, errors: { limits: ['An account can hold at most 20,000 records; this file holds 20,001.'] } });
    expect(validateImport(file(0, IMPORT_MAX_ACTUALS + 1), ctx)).toEqual({ ok: false, errors: { limits: ['An account can hold at most 10,000 actual balances; this file holds 10,001.'] } });
    expect(validateImport({ ...file(IMPORT_MAX_RECORDS + 1, 0), format: 'ynab' }, ctx)).toEqual({ ok: false, errors: { format: [NOT_AN_EXPORT] } });
    expect(value(validateImport(file(IMPORT_MAX_RECORDS, 0), ctx)).other_expenses).toHaveLength(IMPORT_MAX_RECORDS);
  });
});

describe('importErrorMessage', () => {
  it('names the place of the first error, except for the file as a whole', () => {
    expect(importErrorMessage({ 'debts[2].apr': ['Please enter a valid APR between 0 and 100'], 'housing.term': ['Term is required'] })).toBe(
      'debts[2].apr: Please enter a valid APR between 0 and 100',
    );
    expect(importErrorMessage({ version: [newerVersionMessage(2)] })).toBe(newerVersionMessage(2));
    expect(importErrorMessage({ format: [NOT_AN_EXPORT] })).toBe(NOT_AN_EXPORT);
  });
});

describe('parseImportMode', () => {
  it('is replace when absent, and refuses anything but replace or merge', () => {
    expect(parseImportMode(undefined)).toEqual({ ok: true, value: 'replace' });
    expect(parseImportMode('merge')).toEqual({ ok: true, value: 'merge' });
    expect(parseImportMode(' replace ')).toEqual({ ok: true, value: 'replace' });
    expect(parseImportMode('append')).toEqual({ ok: false, error: 'Mode must be "replace" or "merge"' });
  });
});
