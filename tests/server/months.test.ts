/**
 * The four month tables over HTTP: subscription gating, shapes, stable ids, actual-value edits
 * that re-anchor later months and survive recomputes, and their failure paths.
 * The clock is fixed at 2026-11-21, so every user's plan starts in 2026-11.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthOverrides } from '../../src/server/db/schema.ts';
import { client, signUp, startServer, subscribeAs, type Api, type TestServer, type TestUser } from './harness.ts';

const ADMIN = 'months-admin-secret';
let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startServer({ adminSecret: ADMIN, clock: { now: () => new Date('2026-11-21T12:00:00Z') } });
  api = client(server.url);
});
afterAll(() => server?.close());

async function create(user: TestUser, path: string, key: string, body: unknown) {
  const response = await api(path.endsWith('s') ? 'POST' : 'POST', path, { token: user.token, body: { [key]: body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body[key];
}

/** A small household whose first months can be checked by hand. */
async function household(user: TestUser) {
  // $1,000 at 12 % APR paying $100: month 1 interest $10.00, principal $90.00, balance $910.00.
  const debt = await create(user, '/api/v1/debts', 'debt', { name: 'Card', creditor: 'Bank', original_amount: 1000, remaining_amount: 1000, apr: 12, monthly_payment: 100, original_term: 12, due_day: 5 });
  await create(user, '/api/v1/incomes', 'income', { name: 'Job', pay_cycle: 'monthly', next_pay_date: '2026-11-30', gross_pay: 6000, net_pay: 5000 });
  await create(user, '/api/v1/monthly_expenses', 'monthly_expense', { name: 'Food', amount: 500, due_day: 1 });
  await create(user, '/api/v1/other_expenses', 'other_expense', { month: '2026-12', description: 'Gifts', amount: 300 });
  await create(user, '/api/v1/housing', 'housing', { housing_type: 'Rent', total_monthly_payment: 1000 });
  // $10,000 at 12 %: month 1 interest $100.00, plus $200 + $100 monthly contributions.
  const account = await create(user, '/api/v1/retirement_accounts', 'retirement_account', {
    name: 'IRA', account_type: 'roth_ira', contribution_amount: 200, employer_match: 0, employer_contribution_amount: 100,
    starting_balance: 10000, expected_return_rate: 12, contribution_cycle: 'monthly', next_deposit_date: '2026-11-15',
  });
  await create(user, '/api/v1/retirement_plan', 'retirement_plan', { retirement_date: '2028-01-01', interest_rate: 6, social_security_income: 1500, social_security_start_date: '2028-06-01', years_of_retirement: 2 });
  return { debt, account };
}

describe('without a subscription', () => {
  it('answers 403 with a clear message on every month endpoint', async () => {
    const user = await signUp(api);
    for (const path of ['/api/v1/income_months', '/api/v1/debt_months', '/api/v1/retirement_months', '/api/v1/contribution_months']) {
      const list = await api('GET', path, { token: user.token });
      expect(list.status, path).toBe(403);
      expect(list.body.message).toMatch(/subscription/i);
      const put = await api('PUT', `${path}/1`, { token: user.token, body: {} });
      expect(put.status, path).toBe(403);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await api('GET', '/api/v1/debt_months')).status).toBe(401);
  });
});

describe('month tables for a subscriber', () => {
  let user: TestUser;
  let ids: { debt: any; account: any };

  beforeAll(async () => {
    user = await signUp(api);
    await subscribeAs(api, ADMIN, user.email);
    ids = await household(user);
  });

  it('serves the debt table per debt and in total, from the plan start month', async () => {
    const { status, body } = await api('GET', '/api/v1/debt_months', { token: user.token });
    expect(status).toBe(200);
    expect(body.debts).toHaveLength(1);
    const [debt] = body.debts;
    expect(debt).toMatchObject({ id: ids.debt.id, name: 'Card', apr: 12, monthly_payment: 100 });
    expect(debt.debt_months[0]).toMatchObject({ month: '2026-11', interest_paid: 10, principal_paid: 90, remaining_amount: 910, display_end_balance: 910, percent_paid: 9, input_remaining_balance: null });
    expect(debt.debt_months[1]).toMatchObject({ month: '2026-12', interest_paid: 9.1, principal_paid: 90.9, remaining_amount: 819.1 });
    const last = debt.debt_months.at(-1);
    expect(last.remaining_amount).toBe(0);
    expect(body.total).toHaveLength(debt.debt_months.length);
    expect(body.total[0]).toMatchObject({ month: '2026-11', interest_paid: 10, principal_paid: 90 });
  });

  it('serves the income table to the month before retirement', async () => {
    const { status, body } = await api('GET', '/api/v1/income_months', { token: user.token });
    expect(status).toBe(200);
    const months = body.income_months;
    expect(months[0]).toMatchObject({ month: '2026-11', net_income: 5000, retirement_contributions: 200, housing: 1000, expenses: 500, other: 0, debts: 100, end_balance: 3200, input_end_balance: null });
    expect(months[1]).toMatchObject({ month: '2026-12', other: 300, end_balance: 3200 + 3200 - 300 });
    expect(months.at(-1).month).toBe('2027-12');
  });

  it('serves contributions and retirement living per account and in total', async () => {
    const contributions = await api('GET', '/api/v1/contribution_months', { token: user.token });
    expect(contributions.status).toBe(200);
    const [account] = contributions.body.retirement_accounts;
    expect(account).toMatchObject({ id: ids.account.id, name: 'IRA' });
    expect(account.contribution_months[0]).toMatchObject({ month: '2026-11', contributions: 300, interest_earned: 100, balance: 10400, display_balance: 10400, total_contributions: 300 });
    expect(account.contribution_months.at(-1).month).toBe('2027-12');
    const retirement = await api('GET', '/api/v1/retirement_months', { token: user.token });
    expect(retirement.status).toBe(200);
    const rows = retirement.body.retirement_accounts[0].retirement_months;
    expect(rows.at(-1).month).toBe('2029-12');
    expect(retirement.body.total.find((r: any) => r.month === '2028-01')).toMatchObject({ social_security_income: 0, housing: 1000, monthly_expenses: 500 });
    expect(retirement.body.total.find((r: any) => r.month === '2028-06').social_security_income).toBe(1500);
  });

  it('keeps row ids stable when the tables are recomputed', async () => {
    const before = await api('GET', '/api/v1/debt_months', { token: user.token });
    await create(user, '/api/v1/monthly_expenses', 'monthly_expense', { name: 'Gym', amount: 40, due_day: 9 });
    const after = await api('GET', '/api/v1/debt_months', { token: user.token });
    const idsOf = (body: any) => body.debts[0].debt_months.map((r: any) => [r.id, r.month]);
    expect(idsOf(after.body)).toEqual(idsOf(before.body));
    const incomeIds = new Set((await api('GET', '/api/v1/income_months', { token: user.token })).body.income_months.map((r: any) => r.id));
    expect(incomeIds.size).toBe(14);
  });

  it('stores an actual remaining balance that re-anchors later months and survives recomputes', async () => {
    const table = await api('GET', '/api/v1/debt_months', { token: user.token });
    const november = table.body.debts[0].debt_months[0];
    const put = await api('PUT', `/api/v1/debt_months/${november.id}`, { token: user.token, body: { debt_month: { input_remaining_balance: 800 } } });
    expect(put.status).toBe(200);
    // The row says it is an actual, and what the actual moved: 800 − 910 = −110.
    expect(put.body.debt_month).toMatchObject({ id: november.id, month: '2026-11', remaining_amount: 910, display_end_balance: 800, input_remaining_balance: 800, percent_paid: 20, is_actual: true, adjustment: -110 });
    // An unrelated change recomputes everything; the actual value stays and December opens on it.
    await create(user, '/api/v1/other_expenses', 'other_expense', { month: '2027-02', description: 'Trip', amount: 900 });
    const again = await api('GET', '/api/v1/debt_months', { token: user.token });
    const [nov, dec] = again.body.debts[0].debt_months;
    expect(nov).toMatchObject({ id: november.id, display_end_balance: 800, input_remaining_balance: 800 });
    expect(dec).toMatchObject({ month: '2026-12', interest_paid: 8, principal_paid: 92, remaining_amount: 708, is_actual: false, adjustment: 0 });
    // The total row is no actual of its own, but carries its debts' adjustment.
    expect(again.body.total[0]).toMatchObject({ month: '2026-11', display_end_balance: 800, is_actual: false, adjustment: -110 });
  });

  it('refuses bad debt month values with the documented messages and stores nothing', async () => {
    const table = await api('GET', '/api/v1/debt_months', { token: user.token });
    const november = table.body.debts[0].debt_months[0];
    const cases: [unknown, string][] = [
      [undefined, 'Remaining balance is required'],
      ['lots', 'Please enter a valid positive amount'],
      [-1, 'Please enter a valid positive amount'],
      // 12 % a year on $10,000.01 is more than the $100 payment.
      [10000.01, 'Remaining balance is too high for current monthly payment. Please modify your monthly payment to continue.'],
    ];
    for (const [value, message] of cases) {
      const response = await api('PUT', `/api/v1/debt_months/${november.id}`, { token: user.token, body: { debt_month: { input_remaining_balance: value } } });
      expect(response.status).toBe(422);
      expect(response.body.errors.input_remaining_balance).toEqual([message]);
    }
    const after = await api('GET', '/api/v1/debt_months', { token: user.token });
    expect(after.body.debts[0].debt_months[0].input_remaining_balance).toBe(800);
  });

  it('refuses future months and ids that are not rows', async () => {
    const table = await api('GET', '/api/v1/debt_months', { token: user.token });
    const december = table.body.debts[0].debt_months[1];
    const future = await api('PUT', `/api/v1/debt_months/${december.id}`, { token: user.token, body: { debt_month: { input_remaining_balance: 500 } } });
    expect(future.status).toBe(422);
    expect(future.body.message).toBe('Only the current month or earlier can be edited');
    for (const id of ['abc', '0', '99999999999999999', String(table.body.total[0].id)]) {
      const response = await api('PUT', `/api/v1/debt_months/${id}`, { token: user.token, body: { debt_month: { input_remaining_balance: 500 } } });
      expect(response.status, id).toBe(404);
    }
    // October 2026 is before the plan started: no such row.
    const october = table.body.debts[0].debt_months[0].id - 1;
    expect((await api('PUT', `/api/v1/debt_months/${october}`, { token: user.token, body: { debt_month: { input_remaining_balance: 500 } } })).status).toBe(404);
  });

  it('edits income, contribution and retirement months', async () => {
    const income = await api('GET', '/api/v1/income_months', { token: user.token });
    const nov = income.body.income_months[0];
    const put = await api('PUT', `/api/v1/income_months/${nov.id}`, { token: user.token, body: { income_month: { input_end_balance: -250.5 } } });
    expect(put.status).toBe(200);
    expect(put.body.income_month).toMatchObject({ id: nov.id, input_end_balance: -250.5 });
    const incomeAfter = await api('GET', '/api/v1/income_months', { token: user.token });
    expect(incomeAfter.body.income_months[1].end_balance).toBe(incomeAfter.body.income_months[1].net_income - 250.5 - 200 - 1000 - 540 - 300 - 100);
    expect((await api('PUT', `/api/v1/income_months/${nov.id}`, { token: user.token, body: { income_month: {} } })).body.errors).toEqual({ input_end_balance: ['Actual End Balance is required'] });

    const contributions = await api('GET', '/api/v1/contribution_months', { token: user.token });
    const cNov = contributions.body.retirement_accounts[0].contribution_months[0];
    const cPut = await api('PUT', `/api/v1/contribution_months/${cNov.id}`, { token: user.token, body: { contribution_month: { input_end_balance: 12000 } } });
    expect(cPut.status).toBe(200);
    expect(cPut.body.contribution_month).toMatchObject({ display_balance: 12000, input_end_balance: 12000 });
    const cAfter = await api('GET', '/api/v1/contribution_months', { token: user.token });
    // December opens on $12,000: interest $120, plus $300 contributed.
    expect(cAfter.body.retirement_accounts[0].contribution_months[1]).toMatchObject({ interest_earned: 120, balance: 12420 });
    expect((await api('PUT', `/api/v1/contribution_months/${cNov.id}`, { token: user.token, body: { contribution_month: { input_end_balance: -1 } } })).body.errors).toEqual({ input_end_balance: ['Please enter a valid amount'] });

    const retirement = await api('GET', '/api/v1/retirement_months', { token: user.token });
    const rNov = retirement.body.retirement_accounts[0].retirement_months[0];
    const rPut = await api('PUT', `/api/v1/retirement_months/${rNov.id}`, { token: user.token, body: { retirement_month: { balance: 11000 } } });
    expect(rPut.status).toBe(200);
    expect(rPut.body.retirement_month).toMatchObject({ display_balance: 11000 });
    expect((await api('PUT', `/api/v1/retirement_months/${rNov.id}`, { token: user.token, body: { retirement_month: {} } })).body.errors).toEqual({ balance: ['Balance is required'] });
  });

  it('keeps one actual per account and month: an edit on either table shows in both, the later wins, and DELETE on either removes it', async () => {
    const contribution = async () => (await api('GET', '/api/v1/contribution_months', { token: user.token })).body.retirement_accounts[0].contribution_months[0];
    const retirement = async () => (await api('GET', '/api/v1/retirement_months', { token: user.token })).body.retirement_accounts[0].retirement_months[0];
    const row = await contribution();
    // The same (account, month) row id in both tables.
    expect((await retirement()).id).toBe(row.id);

    expect((await api('PUT', `/api/v1/retirement_months/${row.id}`, { token: user.token, body: { retirement_month: { balance: 22400 } } })).status).toBe(200);
    expect(await contribution()).toMatchObject({ input_end_balance: 22400, display_balance: 22400 });
    // Computed: 10,000 + 100.00 interest + 200 + 100 contributions = 10,400; the actual moved it by 12,000.
    expect(await retirement()).toMatchObject({ input_balance: 22400, display_balance: 22400, balance: 10400, is_actual: true, adjustment: 12000 });
    expect(await contribution()).toMatchObject({ balance: 10400, is_actual: true, adjustment: 12000 });

    expect((await api('PUT', `/api/v1/contribution_months/${row.id}`, { token: user.token, body: { contribution_month: { input_end_balance: 22128 } } })).status).toBe(200);
    expect(await contribution()).toMatchObject({ input_end_balance: 22128, display_balance: 22128 });
    expect(await retirement()).toMatchObject({ input_balance: 22128, display_balance: 22128 });
    // The second month opens on it in both tables.
    const [c2, r2] = [(await api('GET', '/api/v1/contribution_months', { token: user.token })).body.retirement_accounts[0].contribution_months[1], (await api('GET', '/api/v1/retirement_months', { token: user.token })).body.retirement_accounts[0].retirement_months[1]];
    expect(r2.display_balance).toBe(c2.display_balance);

    expect((await api('DELETE', `/api/v1/retirement_months/${row.id}`, { token: user.token })).status).toBe(204);
    expect(await contribution()).toMatchObject({ input_end_balance: null });
    expect(await retirement()).toMatchObject({ input_balance: null });
    expect((await api('DELETE', `/api/v1/contribution_months/${row.id}`, { token: user.token })).status).toBe(404);
    // The account keeps an actual for the tests below, which delete it with the account.
    expect((await api('PUT', `/api/v1/contribution_months/${row.id}`, { token: user.token, body: { contribution_month: { input_end_balance: 12000 } } })).status).toBe(200);
  });

  it('removes an actual value with DELETE, and answers 404 when there is none', async () => {
    const income = await api('GET', '/api/v1/income_months', { token: user.token });
    const nov = income.body.income_months[0];
    expect((await api('DELETE', `/api/v1/income_months/${nov.id}`, { token: user.token })).status).toBe(204);
    const after = await api('GET', '/api/v1/income_months', { token: user.token });
    expect(after.body.income_months[0]).toMatchObject({ input_end_balance: null, end_balance: after.body.income_months[0].end_balance });
    expect((await api('DELETE', `/api/v1/income_months/${nov.id}`, { token: user.token })).status).toBe(404);
  });

  it('replays an idempotent month edit without writing twice', async () => {
    const table = await api('GET', '/api/v1/debt_months', { token: user.token });
    const nov = table.body.debts[0].debt_months[0];
    const headers = { 'idempotency-key': 'month-edit-1' };
    const first = await api('PUT', `/api/v1/debt_months/${nov.id}`, { token: user.token, headers, body: { debt_month: { input_remaining_balance: 750 } } });
    const second = await api('PUT', `/api/v1/debt_months/${nov.id}`, { token: user.token, headers, body: { debt_month: { input_remaining_balance: 750 } } });
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
  });

  it("answers 404 for another user's month rows and never shows them", async () => {
    const other = await signUp(api);
    await subscribeAs(api, ADMIN, other.email);
    const mine = await api('GET', '/api/v1/debt_months', { token: user.token });
    const row = mine.body.debts[0].debt_months[0];
    const theirs = await api('PUT', `/api/v1/debt_months/${row.id}`, { token: other.token, body: { debt_month: { input_remaining_balance: 1 } } });
    expect(theirs.status).toBe(404);
    const account = (await api('GET', '/api/v1/contribution_months', { token: user.token })).body.retirement_accounts[0].contribution_months[0];
    expect((await api('PUT', `/api/v1/contribution_months/${account.id}`, { token: other.token, body: { contribution_month: { input_end_balance: 1 } } })).status).toBe(404);
    expect((await api('DELETE', `/api/v1/debt_months/${row.id}`, { token: other.token })).status).toBe(404);
    const otherTables = await api('GET', '/api/v1/debt_months', { token: other.token });
    expect(otherTables.body).toEqual({ debts: [], total: [] });
    const still = await api('GET', '/api/v1/debt_months', { token: user.token });
    expect(still.body.debts[0].debt_months[0].input_remaining_balance).toBe(750);
  });

  it('deletes a debt’s and an account’s actual values with them', async () => {
    const overridesOf = async (kind: string, entityId: number) =>
      (await server.server.database.db.select().from(monthOverrides).where(eq(monthOverrides.entityId, entityId))).filter((o) => o.kind === kind && o.userId === user.id);
    expect(await overridesOf('debt', ids.debt.id)).toHaveLength(1);
    expect(await overridesOf('contribution', ids.account.id)).toHaveLength(1);
    expect((await api('DELETE', `/api/v1/debts/${ids.debt.id}`, { token: user.token })).status).toBe(204);
    expect((await api('DELETE', `/api/v1/retirement_accounts/${ids.account.id}`, { token: user.token })).status).toBe(204);
    expect(await overridesOf('debt', ids.debt.id)).toHaveLength(0);
    expect(await overridesOf('contribution', ids.account.id)).toHaveLength(0);
    expect(await overridesOf('retirement', ids.account.id)).toHaveLength(0);
    const tables = await api('GET', '/api/v1/debt_months', { token: user.token });
    expect(tables.body).toEqual({ debts: [], total: [] });
  });

  it('tags each table with an ETag of its text and answers 304 to a client that holds it, until the table changes', async () => {
    const get = (headers: Record<string, string> = {}) => fetch(`${server.url}/api/v1/income_months`, { headers: { authorization: `Bearer ${user.token}`, ...headers } });
    const first = await get();
    const text = await first.text();
    // The tag is the SHA-1 of the body's bytes, base64url, quoted (computed here from the text received).
    const expected = `"${createHash('sha1').update(text).digest('base64url')}"`;
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBe(expected);

    const same = await get({ 'if-none-match': expected });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
    expect(same.headers.get('etag')).toBe(expected);
    // A list of tags, a weak form of the tag and `*` match too; another tag does not.
    expect((await get({ 'if-none-match': `"other", W/${expected}` })).status).toBe(304);
    expect((await get({ 'if-none-match': '*' })).status).toBe(304);
    const other = await get({ 'if-none-match': '"not-this-table"' });
    expect(other.status).toBe(200);
    expect(await other.text()).toBe(text);

    // A change to the plan changes the table: the old tag is answered with the new table and tag.
    await create(user, '/api/v1/other_expenses', 'other_expense', { month: '2027-03', description: 'Course', amount: 250 });
    const changed = await get({ 'if-none-match': expected });
    expect(changed.status).toBe(200);
    const changedText = await changed.text();
    expect(changedText).not.toBe(text);
    expect(changed.headers.get('etag')).toBe(`"${createHash('sha1').update(changedText).digest('base64url')}"`);
  });

  it('the largest pay the rules allow still projects: the income balance is held at $1 trillion (found by the fuzz layer)', async () => {
    const rich = await signUp(api);
    await subscribeAs(api, ADMIN, rich.email);
    const income = { name: 'Salary', pay_cycle: 'weekly', next_pay_date: '2026-12-04', gross_pay: 99_999_999_999.99, net_pay: 99_999_999_999.99 };
    for (let i = 0; i < 3; i++) expect((await api('POST', '/api/v1/incomes', { token: rich.token, body: { income } })).status).toBe(201);
    const months = await api('GET', '/api/v1/income_months', { token: rich.token });
    expect(months.status).toBe(200);
    // Three incomes of 433 333 333 333.29 a month each (99 999 999 999.99 × 52 / 12): 1 299 999 999 999.87
    // in the first month, past $1 trillion at once, so every month's balance is held there.
    expect(months.body.income_months[0]).toMatchObject({ net_income: 1_299_999_999_999.87, end_balance: 1_000_000_000_000 });
    expect(months.body.income_months.at(-1)).toMatchObject({ end_balance: 1_000_000_000_000 });
    for (const path of ['/api/v1/debt_months', '/api/v1/retirement_months', '/api/v1/contribution_months']) expect((await api('GET', path, { token: rich.token })).status).toBe(200);
  });

  it('closes the area again when the subscription ends', async () => {
    await subscribeAs(api, ADMIN, user.email, false);
    expect((await api('GET', '/api/v1/income_months', { token: user.token })).status).toBe(403);
  });
});

describe('the home in a check-in: the mortgage balance and home value on the income month row', () => {
  let user: TestUser;
  const incomeRows = async () => (await api('GET', '/api/v1/income_months', { token: user.token })).body.income_months;
  const put = (id: number, body: object) => api('PUT', `/api/v1/income_months/${id}`, { token: user.token, body: { income_month: body } });

  beforeAll(async () => {
    user = await signUp(api);
    await subscribeAs(api, ADMIN, user.email);
    await create(user, '/api/v1/incomes', 'income', { name: 'Job', pay_cycle: 'monthly', next_pay_date: '2026-11-30', gross_pay: 6000, net_pay: 5000 });
    // P&I 1,500.00 (1,800.00 less 300.00 escrow) on 200,000.00 at 6.5 %.
    await create(user, '/api/v1/housing', 'housing', {
      housing_type: 'Mortgage', total_monthly_payment: 1800, original_purchase_price: 300000, down_payment: 60000, interest_rate: 6.5, term: 30, open_date: '2020-06-01', current_balance: 200000, escrow_payment: 300,
    });
  });

  it('stores both in one edit, and the mortgage amortizes from the balance given', async () => {
    const [nov] = await incomeRows();
    expect(nov).not.toHaveProperty('input_mortgage_balance');
    const response = await put(nov.id, { input_mortgage_balance: 1000, input_home_value: 410000 });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.income_month).toMatchObject({ id: nov.id, input_end_balance: null, input_mortgage_balance: 1000, input_home_value: 410000 });
    // December: interest round(1,000.00 × 6.5 % / 12) = 5.42, payment min(1,500.00, 1,005.42) =
    // 1,005.42, plus 300.00 escrow = 1,305.42; January pays the escrow alone.
    const [n, dec, jan] = await incomeRows();
    expect([n.housing, dec.housing, jan.housing]).toEqual([1800, 1305.42, 300]);
  });

  it('refuses a bad value with its rule’s message and changes nothing', async () => {
    const [nov] = await incomeRows();
    expect((await put(nov.id, { input_home_value: -1 })).body).toMatchObject({ errors: { input_home_value: ['Home value cannot be negative'] } });
    const mixed = await put(nov.id, { input_end_balance: 5, input_mortgage_balance: 'abc' });
    expect([mixed.status, mixed.body.errors]).toEqual([422, { input_mortgage_balance: ['Please enter a valid amount'] }]);
    expect((await incomeRows())[0]).toMatchObject({ input_end_balance: null, input_mortgage_balance: 1000, input_home_value: 410000 });
  });

  it('clears one with null, keeps the other, and DELETE (the cash actual) leaves them alone', async () => {
    const [nov] = await incomeRows();
    expect((await put(nov.id, { input_mortgage_balance: null })).status).toBe(200);
    const [n, dec] = await incomeRows();
    expect(n).not.toHaveProperty('input_mortgage_balance');
    expect([n.input_home_value, dec.housing]).toEqual([410000, 1800]);
    expect((await api('DELETE', `/api/v1/income_months/${nov.id}`, { token: user.token })).status).toBe(404);
    expect((await incomeRows())[0].input_home_value).toBe(410000);
  });
});
