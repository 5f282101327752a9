/**
 * The plan assumptions record (docs/api.md#plan-assumptions): one per user like housing, validated
 * with a message per field, sent live as 'Assumptions', and the month tables recomputed from it.
 * The clock is fixed at 2026-11-21, so every user's plan starts in 2026-11.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Projection } from '../../src/engine/index.ts';
import { cents } from '../../src/engine/money.ts';
import { monthKey } from '../../src/engine/months.ts';
import type { IncomeMonth, RetirementTotalMonth } from '../../src/engine/types.ts';
import { monthTableBody, wireRow } from '../../src/shared/months/tables.ts';
import { SURPLUS_ACCOUNT } from '../../src/shared/validation/index.ts';
import { listen, type Listener } from './cable-client.ts';
import { client, errorBody, ISO_TIMESTAMP, outcome, signUp, startServer, subscribeAs, VALID, type Api, type TestServer, type TestUser } from './harness.ts';

const ADMIN = 'assumptions-admin-secret';
const PATH = '/api/v1/assumptions';
let server: TestServer;
let api: Api;
const listeners: Listener[] = [];

beforeAll(async () => {
  server = await startServer({ adminSecret: ADMIN, clock: { now: () => new Date('2026-11-21T12:00:00Z') } });
  api = client(server.url);
});
afterEach(() => listeners.splice(0).forEach((l) => l.close()));
afterAll(() => server?.close());

const NONE = {
  inflation_rate: null,
  salary_growth_rate: null,
  social_security_cola: null,
  cash_balance: null,
  cash_interest_rate: null,
  home_value: null,
  home_appreciation_rate: null,
  retirement_tax_rate: null,
  spend_cash_in_retirement: null,
  return_volatility: null,
  stock_share: null,
  other_spending: null,
  retirement_spending: null,
  surplus_account_id: null,
  surplus_share: null,
  overdraft_interest_rate: null,
  filing_status: null,
  state_tax_rate: null,
  roth_conversion: null,
  withdrawal_order: null,
};
const timestamps = { created_at: expect.stringMatching(ISO_TIMESTAMP), updated_at: expect.stringMatching(ISO_TIMESTAMP) };

const save = (user: TestUser, method: 'POST' | 'PUT', fields: unknown) => api(method, PATH, { token: user.token, body: { assumptions: fields } });

describe('/api/v1/assumptions', () => {
  it('is null before any is saved; POST creates, PUT merges, DELETE removes', async () => {
    const user = await signUp(api);
    expect(outcome(await api('GET', PATH, { token: user.token }))).toEqual({ status: 200, body: { assumptions: null } });

    const created = await save(user, 'POST', { inflation_rate: 2.5, cash_balance: '12,000.50' });
    expect(created.status).toBe(201);
    expect(created.body.assumptions).toEqual({ ...NONE, id: expect.any(Number), inflation_rate: 2.5, cash_balance: 12000.5, ...timestamps });

    const merged = await save(user, 'PUT', { spend_cash_in_retirement: true, home_appreciation_rate: -1.5 });
    expect(merged.status).toBe(200);
    expect(merged.body.assumptions).toMatchObject({ inflation_rate: 2.5, cash_balance: 12000.5, spend_cash_in_retirement: true, home_appreciation_rate: -1.5 });
    expect((await api('GET', PATH, { token: user.token })).body.assumptions).toEqual(merged.body.assumptions);

    expect((await api('DELETE', PATH, { token: user.token })).status).toBe(204);
    expect((await api('GET', PATH, { token: user.token })).body).toEqual({ assumptions: null });
    expect(outcome(await api('DELETE', PATH, { token: user.token }))).toEqual({ status: 404, body: errorBody('Plan assumptions not found') });
  });

  it('refuses values out of range with a message on each field, and stores nothing', async () => {
    const user = await signUp(api);
    const refused = await save(user, 'POST', { inflation_rate: 25, retirement_tax_rate: -1, spend_cash_in_retirement: 'maybe' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      inflation_rate: ['Inflation rate must be between 0 and 20'],
      retirement_tax_rate: ['Retirement tax rate must be between 0 and 60'],
      spend_cash_in_retirement: ['Spend cash in retirement must be true or false'],
    });
    expect((await api('GET', PATH, { token: user.token })).body).toEqual({ assumptions: null });
  });

  it('sends the record live and recomputes the month tables from it', async () => {
    const user = await signUp(api);
    await subscribeAs(api, ADMIN, user.email);
    const post = (path: string, key: string, body: unknown) => api('POST', path, { token: user.token, body: { [key]: body } });
    await post('/api/v1/incomes', 'income', { name: 'Job', pay_cycle: 'monthly', next_pay_date: '2026-11-30', gross_pay: 6000, net_pay: 5000 });
    await post('/api/v1/housing', 'housing', { housing_type: 'Rent', total_monthly_payment: 1000 });
    await post('/api/v1/monthly_expenses', 'monthly_expense', { name: 'Food', amount: 500, due_day: 1 });

    // Without assumptions (the neutral plan): 5 000 − 1 000 − 500 = 3 500 a month from 0, and no interest column.
    const before = (await api('GET', '/api/v1/income_months', { token: user.token })).body.income_months;
    expect(before[0]).toMatchObject({ month: '2026-11', end_balance: 3500 });
    expect(before[0]).not.toHaveProperty('interest_earned');

    const listener = listen(server.url, user.token, user.email);
    listeners.push(listener);
    await listener.confirmed;
    await save(user, 'POST', { cash_balance: 10000, cash_interest_rate: 12, inflation_rate: 3 });
    const live = await listener.waitFor((m) => m.type === 'Assumptions');
    expect(live).toMatchObject({ action: 'created', data: { cash_balance: 10000, cash_interest_rate: 12, inflation_rate: 3 } });
    const table = await listener.waitFor((m) => m.type === 'IncomeMonth');

    // Signed up on 2026-11-21: the cash typed is that day's, so November's rent and the food due
    // on the 1st are already paid (docs/projection-rules.md#typed-balances-are-todays).
    // Month 1: interest 10 000 × 12 % / 12 = 100; end 10 000 + 100 + 5 000 = 15 100.
    // Month 2: interest 15 100 × 1 % = 151; end 15 100 + 151 + 3 500 = 18 751.
    // Month 13 (2027-11): rent 1 000 × 1.03 = 1 030, food 500 × 1.03 = 515.
    const after = (await api('GET', '/api/v1/income_months', { token: user.token })).body.income_months;
    expect(after[0]).toMatchObject({ month: '2026-11', interest_earned: 100, housing: 0, expenses: 0, end_balance: 15100 });
    expect(after[1]).toMatchObject({ month: '2026-12', interest_earned: 151, housing: 1000, expenses: 500, end_balance: 18751 });
    expect(after[12]).toMatchObject({ month: '2027-11', housing: 1030, expenses: 515, net_income: 5000 });
    expect(table.data.income_months[0]).toEqual(after[0]);
  });
});

describe('end months and "deducted from my paycheck"', () => {
  const post = (user: TestUser, path: string, key: string, body: unknown) => api('POST', path, { token: user.token, body: { [key]: body } });
  const put = (user: TestUser, path: string, key: string, body: unknown) => api('PUT', path, { token: user.token, body: { [key]: body } });
  const income = { name: 'Job', pay_cycle: 'monthly', next_pay_date: '2026-11-30', gross_pay: 6000, net_pay: 5000 };
  const account = { name: '401k', account_type: 'traditional_401k', contribution_amount: 400, employer_match: 0, employer_contribution_amount: 0, starting_balance: 0, expected_return_rate: 0, contribution_cycle: 'monthly', next_deposit_date: '2026-11-15' };

  it('stores them, answers null or false when absent, keeps them through a partial update, and refuses bad values', async () => {
    const user = await signUp(api);
    const plain = await post(user, '/api/v1/incomes', 'income', income);
    expect(plain.body.income).toMatchObject({ end_month: null });
    const ending = await post(user, '/api/v1/incomes', 'income', { ...income, end_month: '2027-6' });
    expect(ending.status).toBe(201);
    expect(ending.body.income.end_month).toBe('2027-06');
    const renamed = await put(user, `/api/v1/incomes/${ending.body.income.id}`, 'income', { name: 'Old job' });
    expect(renamed.body.income).toMatchObject({ name: 'Old job', end_month: '2027-06' });
    const cleared = await put(user, `/api/v1/incomes/${ending.body.income.id}`, 'income', { end_month: null });
    expect(cleared.body.income.end_month).toBeNull();

    expect((await post(user, '/api/v1/incomes', 'income', { ...income, end_month: 'soon' })).body.errors).toEqual({ end_month: ['Please enter a month as YYYY-MM'] });
    expect((await post(user, '/api/v1/incomes', 'income', { ...income, end_month: '2026-10' })).body.errors).toEqual({ end_month: ['End month cannot be before the next pay date'] });
    const expense = await post(user, '/api/v1/monthly_expenses', 'monthly_expense', { name: 'Daycare', amount: 900, due_day: 1, end_month: '2029-08' });
    expect(expense.body.monthly_expense).toMatchObject({ end_month: '2029-08' });
    expect((await post(user, '/api/v1/monthly_expenses', 'monthly_expense', { name: 'X', amount: 1, due_day: 1, end_month: '2026-13' })).body.errors).toEqual({ end_month: ['Please enter a valid month (1-12)'] });

    expect((await post(user, '/api/v1/retirement_accounts', 'retirement_account', account)).body.retirement_account.payroll_deducted).toBe(false);
    const deducted = await post(user, '/api/v1/retirement_accounts', 'retirement_account', { ...account, payroll_deducted: true });
    expect(deducted.body.retirement_account.payroll_deducted).toBe(true);
    expect((await put(user, `/api/v1/retirement_accounts/${deducted.body.retirement_account.id}`, 'retirement_account', { name: 'Work' })).body.retirement_account).toMatchObject({ name: 'Work', payroll_deducted: true });
    expect((await post(user, '/api/v1/retirement_accounts', 'retirement_account', { ...account, payroll_deducted: 'maybe' })).body.errors).toEqual({ payroll_deducted: ['Deducted from my paycheck must be true or false'] });

    const incomes = (await api('GET', '/api/v1/incomes', { token: user.token })).body.incomes as { end_month: unknown }[];
    expect(incomes.map((r) => r.end_month).sort()).toEqual([null, null]);
  });

  it('shape the month tables: an income and an expense end, a deducted contribution is not taken twice', async () => {
    const user = await signUp(api);
    await subscribeAs(api, ADMIN, user.email);
    await post(user, '/api/v1/incomes', 'income', { ...income, end_month: '2027-01' });
    await post(user, '/api/v1/monthly_expenses', 'monthly_expense', { name: 'Daycare', amount: 900, due_day: 1, end_month: '2026-12' });
    const created = await post(user, '/api/v1/retirement_accounts', 'retirement_account', account);
    const months = async () => (await api('GET', '/api/v1/income_months', { token: user.token })).body.income_months as Record<string, unknown>[];

    // 2026-11 and 12: 5 000 − 900 − 400 = 3 700; 2027-01: the daycare has ended, 5 000 − 400 =
    // 4 600; 2027-02: the income has ended, −400.
    let rows = await months();
    expect(rows.slice(0, 4).map((r) => [r.month, r.net_income, r.expenses, r.retirement_contributions, r.end_balance])).toEqual([
      ['2026-11', 5000, 900, 400, 3700],
      ['2026-12', 5000, 900, 400, 7400],
      ['2027-01', 5000, 0, 400, 12000],
      ['2027-02', 0, 0, 400, 11600],
    ]);

    await put(user, `/api/v1/retirement_accounts/${created.body.retirement_account.id}`, 'retirement_account', { payroll_deducted: true });
    rows = await months();
    // The 400 is already out of the 5 000 entered: 4 100, 8 200, 13 200, 13 200.
    expect(rows.slice(0, 4).map((r) => [r.retirement_contributions, r.end_balance])).toEqual([
      [0, 4100],
      [0, 8200],
      [0, 13200],
      [0, 13200],
    ]);
    // The contribution table still counts the deposits.
    const contributions = (await api('GET', '/api/v1/contribution_months', { token: user.token })).body.total as Record<string, unknown>[];
    expect(contributions[0]).toMatchObject({ month: '2026-11', contributions: 400 });
  });

  it('counts an income from the month of its next pay date only with plan assumptions set', async () => {
    const user = await signUp(api);
    await subscribeAs(api, ADMIN, user.email);
    // Today is 2026-11-21 and the next paycheck is on 2026-12-04.
    await post(user, '/api/v1/incomes', 'income', { ...income, next_pay_date: '2026-12-04' });
    const first = async () => ((await api('GET', '/api/v1/income_months', { token: user.token })).body.income_months as Record<string, unknown>[]).slice(0, 2);
    expect((await first()).map((r) => r.net_income)).toEqual([5000, 5000]);
    await save(user, 'POST', { inflation_rate: 0 });
    expect((await first()).map((r) => [r.month, r.net_income])).toEqual([
      ['2026-11', 0],
      ['2026-12', 5000],
    ]);
  });
});

describe('where the money goes: five more fields, the surplus account, taxable accounts', () => {
  const ACCOUNTS = '/api/v1/retirement_accounts';
  const NOW = '2026-11-21T12:00:00.000Z';
  const brokerage = {
    name: 'Brokerage',
    account_type: 'taxable',
    contribution_amount: 0,
    employer_match: 0,
    employer_contribution_amount: 0,
    starting_balance: 5000,
    expected_return_rate: 6,
    contribution_cycle: 'monthly',
    next_deposit_date: '2026-12-01',
  };
  const SURPLUS_REFUSED = { status: 422, body: errorBody(SURPLUS_ACCOUNT, { surplus_account_id: [SURPLUS_ACCOUNT] }) };

  async function addAccount(user: TestUser, body: Record<string, unknown>): Promise<Record<string, any>> {
    const response = await api('POST', ACCOUNTS, { token: user.token, body: { retirement_account: body } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.retirement_account;
  }
  const putAccount = (user: TestUser, id: number, fields: Record<string, unknown>) => api('PUT', `${ACCOUNTS}/${id}`, { token: user.token, body: { retirement_account: fields } });
  const stored = async (user: TestUser) => (await api('GET', PATH, { token: user.token })).body.assumptions;
  /** Opens a device of the user's on the live channel, confirmed. */
  async function device(user: TestUser): Promise<Listener> {
    const listener = listen(server.url, user.token, user.email);
    listeners.push(listener);
    await listener.confirmed;
    return listener;
  }

  it('stores them like the others: null when absent, dollars and percents, kept by a merge, cleared by null', async () => {
    const user = await signUp(api);
    const account = await addAccount(user, brokerage);
    const fields = { other_spending: '1,250.50', retirement_spending: 4000, surplus_account_id: account.id, surplus_share: 62.5, overdraft_interest_rate: 18.99 };
    const created = await save(user, 'POST', fields);
    expect(outcome(created)).toEqual({
      status: 201,
      body: { assumptions: { ...NONE, id: expect.any(Number), other_spending: 1250.5, retirement_spending: 4000, surplus_account_id: account.id, surplus_share: 62.5, overdraft_interest_rate: 18.99, ...timestamps } },
    });

    const merged = await save(user, 'PUT', { inflation_rate: 3 });
    expect(merged.body.assumptions).toEqual({ ...created.body.assumptions, inflation_rate: 3, updated_at: NOW });
    const cleared = await save(user, 'PUT', { retirement_spending: null, surplus_share: null });
    expect(cleared.body.assumptions).toEqual({ ...merged.body.assumptions, retirement_spending: null, surplus_share: null });
    expect(await stored(user)).toEqual(cleared.body.assumptions);
    // POST replaces: what it leaves out is null again.
    expect((await save(user, 'POST', { overdraft_interest_rate: 40 })).body.assumptions).toEqual({ ...NONE, id: created.body.assumptions.id, overdraft_interest_rate: 40, ...timestamps });
  });

  it('refuses values out of range with a message on each field, takes the bounds, and stores nothing', async () => {
    const user = await signUp(api);
    const refused = await save(user, 'POST', { other_spending: -1, retirement_spending: -0.01, surplus_share: 100.5, overdraft_interest_rate: 41 });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      other_spending: ['Other spending cannot be negative'],
      retirement_spending: ['Retirement budget cannot be negative'],
      surplus_share: ['Surplus share must be between 0 and 100'],
      overdraft_interest_rate: ['Overdraft interest rate must be between 0 and 40'],
    });
    expect((await save(user, 'POST', { surplus_share: -0.5, overdraft_interest_rate: -1 })).body.errors).toEqual({
      surplus_share: ['Surplus share must be between 0 and 100'],
      overdraft_interest_rate: ['Overdraft interest rate must be between 0 and 40'],
    });
    for (const id of ['abc', 0, -3, 2.5]) expect(outcome(await save(user, 'POST', { surplus_account_id: id })), String(id)).toEqual(SURPLUS_REFUSED);
    expect(await stored(user)).toBeNull();

    const bounds = await save(user, 'POST', { other_spending: 0, retirement_spending: 0, surplus_share: 0, overdraft_interest_rate: 0 });
    expect(bounds.body.assumptions).toMatchObject({ other_spending: 0, retirement_spending: 0, surplus_share: 0, overdraft_interest_rate: 0 });
    expect((await save(user, 'PUT', { surplus_share: 100, overdraft_interest_rate: 40 })).body.assumptions).toMatchObject({ surplus_share: 100, overdraft_interest_rate: 40 });
  });

  it('keeps the tax assumptions of bracket mode, and refuses unknown choices and rates out of range', async () => {
    const user = await signUp(api);
    const refused = await save(user, 'POST', { filing_status: 'married_separate', state_tax_rate: 15.01, roth_conversion: -1, withdrawal_order: 'roth_first' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      filing_status: ['Please choose a valid filing status'],
      state_tax_rate: ['State tax rate must be between 0 and 15'],
      roth_conversion: ['Roth conversion cannot be negative'],
      withdrawal_order: ['Please choose a valid withdrawal order'],
    });
    expect((await save(user, 'POST', { state_tax_rate: -0.5 })).body.errors).toEqual({ state_tax_rate: ['State tax rate must be between 0 and 15'] });
    expect(await stored(user)).toBeNull();

    const saved = await save(user, 'POST', { filing_status: 'head_of_household', state_tax_rate: 15, roth_conversion: '25,000', withdrawal_order: 'tax_aware' });
    expect(outcome(saved)).toEqual({
      status: 201,
      body: { assumptions: { ...NONE, id: expect.any(Number), filing_status: 'head_of_household', state_tax_rate: 15, roth_conversion: 25000, withdrawal_order: 'tax_aware', ...timestamps } },
    });
    // null clears each back to the flat mode and the proportional order.
    const cleared = await save(user, 'PUT', { filing_status: null, withdrawal_order: null, state_tax_rate: 0, roth_conversion: 0 });
    expect(cleared.body.assumptions).toMatchObject({ filing_status: null, withdrawal_order: null, state_tax_rate: 0, roth_conversion: 0 });
    expect(await stored(user)).toEqual(cleared.body.assumptions);
  });

  it('takes only one of the user’s own taxable accounts, and answers any other id the same way', async () => {
    const owner = await signUp(api);
    const stranger = await signUp(api);
    const roth = await addAccount(owner, { ...brokerage, name: 'Roth IRA', account_type: 'roth_ira' });
    const theirs = await addAccount(stranger, brokerage);
    const gone = await addAccount(owner, brokerage);
    expect((await api('DELETE', `${ACCOUNTS}/${gone.id}`, { token: owner.token })).status).toBe(204);

    // Another type, another user's taxable account, a deleted one: one answer, nothing stored.
    for (const id of [roth.id, theirs.id, gone.id]) {
      expect(outcome(await save(owner, 'POST', { surplus_account_id: id })), `POST ${id}`).toEqual(SURPLUS_REFUSED);
      expect(outcome(await save(owner, 'PUT', { inflation_rate: 2, surplus_account_id: id })), `PUT ${id}`).toEqual(SURPLUS_REFUSED);
    }
    expect(await stored(owner)).toBeNull();

    const mine = await addAccount(owner, brokerage);
    const saved = await save(owner, 'PUT', { surplus_account_id: mine.id });
    expect(saved.status).toBe(201);
    expect(saved.body.assumptions.surplus_account_id).toBe(mine.id);
    // A refused change leaves the stored record as it was; a merge of another field keeps the account.
    expect(outcome(await save(owner, 'PUT', { surplus_account_id: theirs.id }))).toEqual(SURPLUS_REFUSED);
    expect(await stored(owner)).toEqual(saved.body.assumptions);
    expect((await save(owner, 'PUT', { surplus_share: 50 })).body.assumptions).toMatchObject({ surplus_account_id: mine.id, surplus_share: 50 });
    // The stranger cannot name the owner's account either.
    expect(outcome(await save(stranger, 'POST', { surplus_account_id: mine.id }))).toEqual(SURPLUS_REFUSED);
  });

  it('deleting the surplus account clears the choice: the record goes out live as updated, then the month tables', async () => {
    const user = await signUp(api);
    await subscribeAs(api, ADMIN, user.email);
    const account = await addAccount(user, brokerage);
    const before = (await save(user, 'POST', { inflation_rate: 2, other_spending: 300, surplus_account_id: account.id })).body.assumptions;
    expect(before.updated_at).not.toBe(NOW);
    const listener = await device(user);

    expect((await api('DELETE', `${ACCOUNTS}/${account.id}`, { token: user.token })).status).toBe(204);
    await listener.waitFor((m) => m.type === 'DebtMonth');
    // The reference is cleared before the account goes; the tables of both changes follow once each.
    expect(listener.received.map((m) => `${m.type}:${m.action}`)).toEqual([
      'Assumptions:updated',
      'RetirementAccount:deleted',
      'ContributionMonth:created',
      'RetirementMonth:created',
      'IncomeMonth:created',
      'DebtMonth:created',
    ]);
    const after = { ...before, surplus_account_id: null, updated_at: NOW };
    expect(listener.received[0]?.data).toEqual(after);
    expect(await stored(user)).toEqual(after);
    const incomeTable = listener.received.find((m) => m.type === 'IncomeMonth')?.data;
    expect(incomeTable).toEqual((await api('GET', '/api/v1/income_months', { token: user.token })).body);
  });

  it('an account that stops being taxable stops being the surplus account; one that stays taxable keeps it', async () => {
    const user = await signUp(api);
    const account = await addAccount(user, brokerage);
    const before = (await save(user, 'POST', { surplus_account_id: account.id, surplus_share: 80 })).body.assumptions;
    const listener = await device(user);

    expect((await putAccount(user, account.id, { name: 'Vanguard' })).status).toBe(200);
    expect((await putAccount(user, account.id, { account_type: 'roth_ira' })).status).toBe(200);
    await listener.waitFor((m) => m.type === 'Assumptions');
    expect(listener.received.map((m) => `${m.type}:${m.action}:${m.data.name ?? ''}`)).toEqual([
      'RetirementAccount:updated:Vanguard',
      'Assumptions:updated:',
      'RetirementAccount:updated:Vanguard',
    ]);
    expect(await stored(user)).toEqual({ ...before, surplus_account_id: null, updated_at: NOW });
    // Taxable again, it is not named again by itself: the choice is the user's.
    expect((await putAccount(user, account.id, { account_type: 'taxable' })).status).toBe(200);
    expect((await stored(user)).surplus_account_id).toBeNull();
  });

  it('the database clears it too when an account goes another way (the foreign key)', async () => {
    const user = await signUp(api);
    const account = await addAccount(user, brokerage);
    const record = (await save(user, 'POST', { surplus_account_id: account.id })).body.assumptions;
    const { db } = server.server.database;
    const surplusOf = async () =>
      ((await db.execute(sql`SELECT surplus_account_id FROM assumptions WHERE id = ${record.id}`)) as unknown as { rows: { surplus_account_id: number | null }[] }).rows[0]?.surplus_account_id;
    expect(await surplusOf()).toBe(account.id);
    await db.execute(sql`DELETE FROM retirement_accounts WHERE id = ${account.id}`);
    expect(await surplusOf()).toBeNull();
  });

  it('a taxable account is written through the collection; employer money or payroll deduction on it answers 422', async () => {
    const user = await signUp(api);
    const account = await addAccount(user, brokerage);
    expect(account).toEqual({ id: expect.any(Number), ...brokerage, payroll_deducted: false, ...timestamps });
    const post = (fields: Record<string, unknown>) => api('POST', ACCOUNTS, { token: user.token, body: { retirement_account: { ...brokerage, ...fields } } });
    const MATCH = 'A taxable account has no employer match';
    const EMPLOYER = 'A taxable account has no employer contribution';
    const PAYROLL = 'A taxable account is not paid from a paycheck';
    expect(outcome(await post({ employer_match: 50 }))).toEqual({ status: 422, body: errorBody(MATCH, { employer_match: [MATCH] }) });
    expect((await post({ employer_contribution_amount: 100 })).body.errors).toEqual({ employer_contribution_amount: [EMPLOYER] });
    expect((await post({ payroll_deducted: true })).body.errors).toEqual({ payroll_deducted: [PAYROLL] });
    expect((await post({ employer_match: 3, employer_contribution_amount: 1, payroll_deducted: true })).body.errors).toEqual({
      employer_match: [MATCH],
      employer_contribution_amount: [EMPLOYER],
      payroll_deducted: [PAYROLL],
    });

    // A 401(k) with employer money cannot become taxable until that money is 0.
    const work = await addAccount(user, { ...brokerage, name: '401k', account_type: 'traditional_401k', employer_match: 50, employer_contribution_amount: 250, payroll_deducted: true });
    expect((await putAccount(user, work.id, { account_type: 'taxable' })).body.errors).toEqual({ employer_match: [MATCH], employer_contribution_amount: [EMPLOYER], payroll_deducted: [PAYROLL] });
    const moved = await putAccount(user, work.id, { account_type: 'taxable', employer_match: 0, employer_contribution_amount: 0, payroll_deducted: false });
    expect(moved.body.retirement_account).toMatchObject({ account_type: 'taxable', employer_match: 0 });
    const renamed = await putAccount(user, account.id, { name: 'Fidelity', contribution_amount: 250 });
    expect(renamed.body.retirement_account).toMatchObject({ name: 'Fidelity', account_type: 'taxable', contribution_amount: 250 });
    const listed = (await api('GET', ACCOUNTS, { token: user.token })).body.retirement_accounts as { account_type: string }[];
    expect(listed.map((a) => a.account_type)).toEqual(['taxable', 'taxable']);
  });
});

describe('month rows on the wire: saved and need', () => {
  const incomeRow: IncomeMonth = {
    month: monthKey(2026, 11),
    netIncome: cents(500_000),
    retirementContributions: cents(0),
    housing: cents(100_000),
    expenses: cents(50_000),
    other: cents(0),
    debts: cents(0),
    endBalance: cents(226_544),
    inputEndBalance: null,
  };

  it('carry saved (income) and need (retirement totals) in dollars when the engine gives them, and leave them out when it does not', () => {
    expect(wireRow(0, { ...incomeRow, interestEarned: cents(1_000), saved: cents(123_456) })).toMatchObject({ interest_earned: 10, saved: 1234.56, end_balance: 2265.44 });
    expect(wireRow(0, incomeRow)).not.toHaveProperty('saved');

    const zero = cents(0);
    const total: RetirementTotalMonth = {
      month: monthKey(2040, 1),
      balance: zero,
      displayBalance: zero,
      inputBalance: null,
      contributions: zero,
      totalContributions: zero,
      withdrawals: zero,
      interestEarned: zero,
      socialSecurityIncome: zero,
      housing: zero,
      debts: zero,
      monthlyExpenses: cents(250_050),
      otherExpenses: zero,
      shortfall: cents(5),
    };
    // Only the retirement table's lists are read for its body.
    const projection = { retirement: [], retirementTotal: [{ ...total, need: cents(250_050) }, total] } as unknown as Projection;
    const body = monthTableBody('retirement', projection);
    expect(body.total[0]).toMatchObject({ need: 2500.5, shortfall: 0.05 });
    expect(body.total[1]).toHaveProperty('shortfall', 0.05);
    expect(body.total[1]).not.toHaveProperty('need');
  });

  it('without plan assumptions the tables carry neither', async () => {
    const user = await signUp(api);
    await subscribeAs(api, ADMIN, user.email);
    const post = async (path: string, key: string, body: unknown) => expect((await api('POST', path, { token: user.token, body: { [key]: body } })).status, path).toBe(201);
    await post('/api/v1/incomes', 'income', { name: 'Job', pay_cycle: 'monthly', next_pay_date: '2026-11-30', gross_pay: 6000, net_pay: 5000 });
    await post('/api/v1/monthly_expenses', 'monthly_expense', { name: 'Food', amount: 800, due_day: 1 });
    await post('/api/v1/retirement_accounts', 'retirement_account', { ...VALID.retirement_account, starting_balance: 1000 });
    await post('/api/v1/retirement_plan', 'retirement_plan', { ...VALID.retirement_plan, retirement_date: '2030-01-01', social_security_start_date: '2035-01-01', years_of_retirement: 2 });
    const income = (await api('GET', '/api/v1/income_months', { token: user.token })).body.income_months as Record<string, unknown>[];
    const totals = (await api('GET', '/api/v1/retirement_months', { token: user.token })).body.total as Record<string, unknown>[];
    expect(income.length).toBeGreaterThan(0);
    // The two living years are there (2030-01 to 2031-12), their food paid by withdrawals, yet no row names a need.
    const living = totals.filter((row) => String(row.month) >= '2030-01');
    expect(living).toHaveLength(24);
    expect(living.every((row) => Number(row.withdrawals) > 0 || Number(row.shortfall) > 0)).toBe(true);
    expect(income.filter((row) => 'saved' in row)).toEqual([]);
    expect(totals.filter((row) => 'need' in row)).toEqual([]);
  });
});
