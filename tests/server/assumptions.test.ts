/**
 * The plan assumptions record (docs/api.md#plan-assumptions): one per user like housing, validated
 * with a message per field, sent live as 'Assumptions', and the month tables recomputed from it.
 * The clock is fixed at 2026-11-21, so every user's plan starts in 2026-11.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listen, type Listener } from './cable-client.ts';
import { client, errorBody, ISO_TIMESTAMP, outcome, signUp, startServer, subscribeAs, type Api, type TestServer, type TestUser } from './harness.ts';

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
