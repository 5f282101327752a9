/**
 * The five collections of docs/product.md#calls over real HTTP: list, create, partial update,
 * delete; money and percents on the wire; and every validation message of docs/product.md#validation
 * that applies to a collection record, proven to be enforced by the server with a 422
 * {message, errors}.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  COLLECTIONS,
  errorBody,
  ISO_TIMESTAMP,
  outcome,
  serverYear,
  signUp,
  startServer,
  VALID,
  type Api,
  type CollectionDecl,
  type CollectionRecord,
  type FieldErrors,
  type TestServer,
  type TestUser,
} from './harness.ts';

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startServer();
  api = client(server.url);
});
afterAll(() => server?.close());

const timestamps = { created_at: expect.stringMatching(ISO_TIMESTAMP), updated_at: expect.stringMatching(ISO_TIMESTAMP) };

/** A partial update per collection, and what the record's fields become. */
const PATCHES: Record<CollectionRecord, Record<string, unknown>> = {
  income: { net_pay: 2500.75, pay_cycle: 'monthly' },
  debt: { remaining_amount: 3999.99, apr: 19.5 },
  monthly_expense: { amount: 475.3 },
  retirement_account: { starting_balance: 25000.01, expected_return_rate: 6.25 },
  other_expense: { description: 'Winter tyres' },
};

function create(user: TestUser, c: CollectionDecl, fields: Record<string, unknown>) {
  return api('POST', c.path, { token: user.token, body: { [c.record]: fields } });
}

async function list(user: TestUser, c: CollectionDecl): Promise<Record<string, unknown>[]> {
  const response = await api('GET', c.path, { token: user.token });
  expect(response.status).toBe(200);
  expect(Object.keys(response.body)).toEqual([c.listKey]);
  return response.body[c.listKey];
}

describe.each(COLLECTIONS)('$path', (c) => {
  it('starts empty for a new user', async () => {
    const user = await signUp(api);
    expect(outcome(await api('GET', c.path, { token: user.token }))).toEqual({ status: 200, body: { [c.listKey]: [] } });
  });

  it('creates (201), lists, updates in part (200), deletes (204), then answers 404', async () => {
    const user = await signUp(api);
    const created = await create(user, c, VALID[c.record]);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ [c.record]: { id: expect.any(Number), ...VALID[c.record], ...timestamps } });
    const record = created.body[c.record];
    expect(await list(user, c)).toEqual([record]);

    const updated = await api('PUT', `${c.path}/${record.id}`, { token: user.token, body: { [c.record]: PATCHES[c.record] } });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ [c.record]: { ...record, ...PATCHES[c.record], updated_at: expect.stringMatching(ISO_TIMESTAMP) } });
    expect(await list(user, c)).toEqual([updated.body[c.record]]);

    const deleted = await api('DELETE', `${c.path}/${record.id}`, { token: user.token });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect(await list(user, c)).toEqual([]);

    const notFound = errorBody(`${c.label} not found`);
    expect(outcome(await api('PUT', `${c.path}/${record.id}`, { token: user.token, body: { [c.record]: PATCHES[c.record] } }))).toEqual({ status: 404, body: notFound });
    expect(outcome(await api('DELETE', `${c.path}/${record.id}`, { token: user.token }))).toEqual({ status: 404, body: notFound });
  });

  it('lists records in creation order', async () => {
    const user = await signUp(api);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(user, c, VALID[c.record])).body[c.record].id);
    expect(ids[0]).toBeLessThan(ids[1]!);
    expect(ids[1]).toBeLessThan(ids[2]!);
    expect((await list(user, c)).map((r) => r.id)).toEqual(ids);
  });

  it('a PUT with no fields keeps every field', async () => {
    const user = await signUp(api);
    const record = (await create(user, c, VALID[c.record])).body[c.record];
    const response = await api('PUT', `${c.path}/${record.id}`, { token: user.token, body: { [c.record]: {} } });
    expect(outcome(response)).toEqual({ status: 200, body: { [c.record]: { ...record, updated_at: expect.stringMatching(ISO_TIMESTAMP) } } });
  });

  it('ignores unknown fields, and never takes id, user_id or timestamps from the body', async () => {
    const owner = await signUp(api);
    const user = await signUp(api);
    const smuggled = { id: 987654, user_id: owner.id, created_at: '2000-01-01T00:00:00.000Z', updated_at: '2000-01-01T00:00:00.000Z', colour: 'red' };
    const created = await create(user, c, { ...VALID[c.record], ...smuggled });
    expect(created.status).toBe(201);
    const record = created.body[c.record];
    expect(Object.keys(record).sort()).toEqual(['id', ...Object.keys(VALID[c.record]), 'created_at', 'updated_at'].sort());
    expect(record.id).not.toBe(987654);
    expect(record.created_at).not.toBe(smuggled.created_at);

    const updated = await api('PUT', `${c.path}/${record.id}`, { token: user.token, body: { [c.record]: smuggled } });
    expect(outcome(updated)).toEqual({ status: 200, body: { [c.record]: { ...record, updated_at: expect.stringMatching(ISO_TIMESTAMP) } } });
    expect(await list(user, c)).toEqual([updated.body[c.record]]);
    expect(await list(owner, c)).toEqual([]);
  });
});

describe('money and percents on the wire', () => {
  const ROUND_TRIP: Record<CollectionRecord, Record<string, unknown>> = {
    income: { ...VALID.income, gross_pay: 1234567.89, net_pay: 0.1 },
    debt: { ...VALID.debt, original_amount: 1234567.89, remaining_amount: 4200.25, apr: 24.99, monthly_payment: 87.48 },
    monthly_expense: { ...VALID.monthly_expense, amount: 0.01 },
    retirement_account: {
      ...VALID.retirement_account,
      contribution_amount: 0.1,
      employer_match: 33.3333,
      employer_contribution_amount: 4200.25,
      starting_balance: 1234567.89,
      expected_return_rate: 7.125,
    },
    other_expense: { ...VALID.other_expense, amount: 99999999999.99 },
  };

  it.each(COLLECTIONS)('$path answers dollars and percents exactly as sent, on create, list and update', async (c) => {
    const user = await signUp(api);
    const created = await create(user, c, ROUND_TRIP[c.record]);
    expect(created.status).toBe(201);
    expect(created.body[c.record]).toEqual({ id: expect.any(Number), ...ROUND_TRIP[c.record], ...timestamps });
    expect(await list(user, c)).toEqual([created.body[c.record]]);
  });

  it('reads money sent as text, with thousands separators, and drops trailing zeros', async () => {
    const user = await signUp(api);
    const debts = COLLECTIONS.find((c) => c.record === 'debt')!;
    const response = await create(user, debts, { ...VALID.debt, original_amount: '1,234.50', remaining_amount: '1000.10', monthly_payment: 150.0, apr: '24.990' });
    expect(response.status).toBe(201);
    expect(response.body.debt).toMatchObject({ original_amount: 1234.5, remaining_amount: 1000.1, monthly_payment: 150, apr: 24.99 });
  });

  it('refuses a third decimal on money, a fifth on percents, and amounts over the maximum', async () => {
    const user = await signUp(api);
    const debts = COLLECTIONS.find((c) => c.record === 'debt')!;
    const others = COLLECTIONS.find((c) => c.record === 'other_expense')!;
    expect(outcome(await create(user, debts, { ...VALID.debt, remaining_amount: 4200.255 }))).toEqual({
      status: 422,
      body: errorBody('Remaining amount can have at most 2 decimal places', { remaining_amount: ['Remaining amount can have at most 2 decimal places'] }),
    });
    expect(outcome(await create(user, debts, { ...VALID.debt, apr: 24.99001 }))).toEqual({
      status: 422,
      body: errorBody('APR can have at most 4 decimal places', { apr: ['APR can have at most 4 decimal places'] }),
    });
    expect(outcome(await create(user, others, { ...VALID.other_expense, amount: 100000000000 }))).toEqual({
      status: 422,
      body: errorBody('Amount is too large', { amount: ['Amount is too large'] }),
    });
    expect(await list(user, debts)).toEqual([]);
    expect(await list(user, others)).toEqual([]);
  });

  it('a partial update keeps the stored money exact', async () => {
    const user = await signUp(api);
    const debts = COLLECTIONS.find((c) => c.record === 'debt')!;
    const debt = (await create(user, debts, { ...VALID.debt, original_amount: 0.1, remaining_amount: 0.1, apr: 0, monthly_payment: 0.1 })).body.debt;
    const updated = await api('PUT', `/api/v1/debts/${debt.id}`, { token: user.token, body: { debt: { name: 'Renamed' } } });
    expect(updated.body.debt).toMatchObject({ name: 'Renamed', original_amount: 0.1, remaining_amount: 0.1, apr: 0, monthly_payment: 0.1 });
  });
});

describe('partial updates are validated as a whole', () => {
  it('a debt payment below the interest is refused and the stored debt is unchanged', async () => {
    const user = await signUp(api);
    const debt = (await api('POST', '/api/v1/debts', { token: user.token, body: { debt: VALID.debt } })).body.debt;
    const response = await api('PUT', `/api/v1/debts/${debt.id}`, { token: user.token, body: { debt: { monthly_payment: 1 } } });
    expect(outcome(response)).toEqual({
      status: 422,
      body: errorBody('Monthly payment is not high enough to cover interest due', { monthly_payment: ['Monthly payment is not high enough to cover interest due'] }),
    });
    expect((await api('GET', '/api/v1/debts', { token: user.token })).body).toEqual({ debts: [debt] });
  });

  it('raising the balance above what the stored payment covers is refused too', async () => {
    const user = await signUp(api);
    const debt = (await api('POST', '/api/v1/debts', { token: user.token, body: { debt: VALID.debt } })).body.debt;
    // 150 a month covers 24.99 % of at most 7,202.88.
    const response = await api('PUT', `/api/v1/debts/${debt.id}`, { token: user.token, body: { debt: { remaining_amount: 8000 } } });
    expect(outcome(response)).toEqual({
      status: 422,
      body: errorBody('Monthly payment is not high enough to cover interest due', { monthly_payment: ['Monthly payment is not high enough to cover interest due'] }),
    });
    expect((await api('GET', '/api/v1/debts', { token: user.token })).body).toEqual({ debts: [debt] });
  });

  it('an income net pay above the stored gross pay is refused', async () => {
    const user = await signUp(api);
    const income = (await api('POST', '/api/v1/incomes', { token: user.token, body: { income: VALID.income } })).body.income;
    const response = await api('PUT', `/api/v1/incomes/${income.id}`, { token: user.token, body: { income: { net_pay: 3200.01 } } });
    expect(outcome(response)).toEqual({
      status: 422,
      body: errorBody('Net pay cannot exceed gross pay', { net_pay: ['Net pay cannot exceed gross pay'] }),
    });
    expect((await api('GET', '/api/v1/incomes', { token: user.token })).body).toEqual({ incomes: [income] });
  });

  it.each([null, '', '   '])('blanking a required field (%j) is refused', async (name) => {
    const user = await signUp(api);
    const debt = (await api('POST', '/api/v1/debts', { token: user.token, body: { debt: VALID.debt } })).body.debt;
    const response = await api('PUT', `/api/v1/debts/${debt.id}`, { token: user.token, body: { debt: { name } } });
    expect(outcome(response)).toEqual({ status: 422, body: errorBody('Debt name is required', { name: ['Debt name is required'] }) });
    expect((await api('GET', '/api/v1/debts', { token: user.token })).body).toEqual({ debts: [debt] });
  });
});

describe('normalised values', () => {
  it('trims text, pads a one-digit month and keeps only the date part of a timestamp', async () => {
    const user = await signUp(api);
    const debt = await api('POST', '/api/v1/debts', { token: user.token, body: { debt: { ...VALID.debt, name: '  Visa  ', creditor: '\tChase\n' } } });
    expect(debt.body.debt).toMatchObject({ name: 'Visa', creditor: 'Chase' });
    const other = await api('POST', '/api/v1/other_expenses', { token: user.token, body: { other_expense: { ...VALID.other_expense, month: '2027-3' } } });
    expect(other.body.other_expense.month).toBe('2027-03');
    const income = await api('POST', '/api/v1/incomes', { token: user.token, body: { income: { ...VALID.income, next_pay_date: '2026-12-04T23:30:00-08:00' } } });
    expect(income.body.income.next_pay_date).toBe('2026-12-04');
  });

  it('counts text length in characters: 255 emoji are accepted, 256 characters are not', async () => {
    const user = await signUp(api);
    const accepted = await api('POST', '/api/v1/monthly_expenses', { token: user.token, body: { monthly_expense: { ...VALID.monthly_expense, name: '😀'.repeat(255) } } });
    expect(accepted.status).toBe(201);
    expect(accepted.body.monthly_expense.name).toBe('😀'.repeat(255));
    const refused = await api('POST', '/api/v1/monthly_expenses', { token: user.token, body: { monthly_expense: { ...VALID.monthly_expense, name: 'x'.repeat(256) } } });
    expect(outcome(refused)).toEqual({
      status: 422,
      body: errorBody('Expense name is too long (maximum 255 characters)', { name: ['Expense name is too long (maximum 255 characters)'] }),
    });
  });
});

/**
 * Each case: the record, what is laid over the valid body, and the whole errors map expected.
 * The message of the answer is the first error.
 */
type Refusal = [string, CollectionRecord, Record<string, unknown>, FieldErrors];

const year = serverYear();
const REFUSALS: Refusal[] = [
  // Debt
  [
    'an empty debt',
    'debt',
    { name: null, creditor: null, original_amount: null, remaining_amount: null, apr: null, monthly_payment: null, original_term: null, due_day: null },
    {
      name: ['Debt name is required'],
      creditor: ['Creditor name is required'],
      original_amount: ['Original amount is required'],
      remaining_amount: ['Remaining amount is required'],
      apr: ['APR is required'],
      monthly_payment: ['Monthly payment is required'],
      original_term: ['Original term is required'],
      due_day: ['Due day is required'],
    },
  ],
  ['a zero original amount', 'debt', { original_amount: 0 }, { original_amount: ['Please enter a valid amount'] }],
  ['a negative remaining amount', 'debt', { remaining_amount: -0.01 }, { remaining_amount: ['Please enter a valid amount'] }],
  ['an APR over 100', 'debt', { apr: 100.01 }, { apr: ['Please enter a valid APR between 0 and 100'] }],
  ['a negative APR', 'debt', { apr: -1 }, { apr: ['Please enter a valid APR between 0 and 100'] }],
  ['a zero monthly payment', 'debt', { monthly_payment: 0 }, { monthly_payment: ['Please enter a valid amount'] }],
  // 4,200.25 × 24.99 % / 12 = 87.4702...: 87.47 does not cover it.
  ['a payment a fraction below the interest', 'debt', { monthly_payment: 87.47 }, { monthly_payment: ['Monthly payment is not high enough to cover interest due'] }],
  ['a term over 480 months', 'debt', { original_term: 481 }, { original_term: ['Original term cannot exceed 40 years'] }],
  ['a zero term', 'debt', { original_term: 0 }, { original_term: ['Please enter a valid term in months'] }],
  ['due day 0', 'debt', { due_day: 0 }, { due_day: ['Please enter a valid day between 1 and 31'] }],
  ['due day 32', 'debt', { due_day: 32 }, { due_day: ['Please enter a valid day between 1 and 31'] }],
  ['due day 15.5', 'debt', { due_day: 15.5 }, { due_day: ['Please enter a valid day between 1 and 31'] }],
  // Monthly expense
  [
    'an empty monthly expense',
    'monthly_expense',
    { name: null, amount: null, due_day: null },
    { name: ['Expense name is required'], amount: ['Amount is required'], due_day: ['Due day is required'] },
  ],
  ['a zero expense amount', 'monthly_expense', { amount: 0 }, { amount: ['Amount must be greater than 0'] }],
  ['an expense due day of 32', 'monthly_expense', { due_day: 32 }, { due_day: ['Please enter a valid day between 1 and 31'] }],
  // Other expense
  [
    'an empty other expense',
    'other_expense',
    { month: null, description: null, amount: null },
    { month: ['Month is required'], description: ['Description is required'], amount: ['Amount is required'] },
  ],
  ['a month before 1900', 'other_expense', { month: '1899-12' }, { month: ['Please enter a valid year'] }],
  ['a year over current + 100', 'other_expense', { month: `${year + 101}-01` }, { month: ['Please enter a valid year'] }],
  ['month 13', 'other_expense', { month: '2026-13' }, { month: ['Please enter a valid month (1-12)'] }],
  ['month 00', 'other_expense', { month: '2026-00' }, { month: ['Please enter a valid month (1-12)'] }],
  ['a month that is not YYYY-MM', 'other_expense', { month: 'March 2026' }, { month: ['Please enter a month as YYYY-MM'] }],
  ['a zero other-expense amount', 'other_expense', { amount: 0 }, { amount: ['Amount must be a positive number'] }],
  ['a negative other-expense amount', 'other_expense', { amount: -5 }, { amount: ['Amount must be a positive number'] }],
  ['a non-numeric other-expense amount', 'other_expense', { amount: 'lots' }, { amount: ['Amount must be a positive number'] }],
  // Retirement account
  [
    'an empty retirement account',
    'retirement_account',
    {
      name: null,
      account_type: null,
      contribution_amount: null,
      employer_match: null,
      employer_contribution_amount: null,
      starting_balance: null,
      expected_return_rate: null,
      contribution_cycle: null,
      next_deposit_date: null,
    },
    {
      name: ['Account name is required'],
      account_type: ['Account type is required'],
      contribution_amount: ['Contribution amount is required'],
      employer_match: ['Employer match is required'],
      employer_contribution_amount: ['Employer contribution amount is required'],
      starting_balance: ['Starting balance is required'],
      expected_return_rate: ['Expected return rate is required'],
      contribution_cycle: ['Contribution cycle is required'],
      next_deposit_date: ['Next deposit date is required'],
    },
  ],
  ['an unknown account type', 'retirement_account', { account_type: 'pension' }, { account_type: ['Please choose a valid account type'] }],
  ['a negative contribution', 'retirement_account', { contribution_amount: -1 }, { contribution_amount: ['Contribution amount cannot be negative'] }],
  ['an employer match over 100', 'retirement_account', { employer_match: 100.5 }, { employer_match: ['Employer match must be between 0 and 100'] }],
  [
    'a negative employer contribution',
    'retirement_account',
    { employer_contribution_amount: -0.01 },
    { employer_contribution_amount: ['Employer contribution amount cannot be negative'] },
  ],
  ['a negative starting balance', 'retirement_account', { starting_balance: -0.01 }, { starting_balance: ['Starting balance cannot be negative'] }],
  ['a return rate over 50', 'retirement_account', { expected_return_rate: 50.01 }, { expected_return_rate: ['Expected return rate must be between 0 and 50'] }],
  ['an unknown contribution cycle', 'retirement_account', { contribution_cycle: 'yearly' }, { contribution_cycle: ['Please choose a valid contribution cycle'] }],
  ['a date that does not exist', 'retirement_account', { next_deposit_date: '2026-02-30' }, { next_deposit_date: ['Please enter a valid date'] }],
  // Income
  [
    'an empty income',
    'income',
    { name: null, pay_cycle: null, next_pay_date: null, gross_pay: null, net_pay: null },
    {
      name: ['Income source name is required'],
      pay_cycle: ['Pay cycle is required'],
      next_pay_date: ['Next pay date is required'],
      gross_pay: ['Gross pay is required'],
      net_pay: ['Net pay is required'],
    },
  ],
  ['an unknown pay cycle', 'income', { pay_cycle: 'daily' }, { pay_cycle: ['Please choose a valid pay cycle'] }],
  ['a zero gross pay', 'income', { gross_pay: 0 }, { gross_pay: ['Gross pay must be greater than 0'] }],
  ['a zero net pay', 'income', { net_pay: 0 }, { net_pay: ['Net pay must be greater than 0'] }],
  ['a net pay above the gross pay', 'income', { gross_pay: 2000, net_pay: 2000.01 }, { net_pay: ['Net pay cannot exceed gross pay'] }],
];

describe('validation: 422 with the documented messages, nothing written', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signUp(api);
  });

  it.each(REFUSALS)('refuses %s', async (_label, record, overrides, errors) => {
    const c = COLLECTIONS.find((decl) => decl.record === record)!;
    const response = await create(user, c, { ...VALID[record], ...overrides });
    const first = Object.values(errors)[0]![0]!;
    expect(outcome(response)).toEqual({ status: 422, body: errorBody(first, errors) });
  });

  it('wrote none of the refused records', async () => {
    for (const c of COLLECTIONS) expect(await list(user, c)).toEqual([]);
  });

  it.each<[string, CollectionRecord, Record<string, unknown>]>([
    ['a payment that covers the interest to the cent', 'debt', { monthly_payment: 87.48 }],
    ['a zero APR and a zero remaining amount', 'debt', { apr: 0, remaining_amount: 0 }],
    ['an APR of 100 and a term of 480 months', 'debt', { apr: 100, original_term: 480, monthly_payment: 350.03 }],
    ['due day 31', 'debt', { due_day: 31 }],
    ['an expense due on day 31', 'monthly_expense', { due_day: 31 }],
    ['the month 1900-01', 'other_expense', { month: '1900-01' }],
    ['the last month of current year + 100', 'other_expense', { month: `${year + 100}-12` }],
    ['zero contributions, a 100 % match and a 50 % return', 'retirement_account', { contribution_amount: 0, employer_match: 100, employer_contribution_amount: 0, starting_balance: 0, expected_return_rate: 50 }],
    ['a net pay equal to the gross pay', 'income', { gross_pay: 2000, net_pay: 2000 }],
  ])('accepts the boundary: %s', async (_label, record, overrides) => {
    const other = await signUp(api);
    const c = COLLECTIONS.find((decl) => decl.record === record)!;
    const response = await create(other, c, { ...VALID[record], ...overrides });
    expect(response.status).toBe(201);
    expect(response.body[record]).toEqual({ id: expect.any(Number), ...VALID[record], ...overrides, ...timestamps });
  });
});
