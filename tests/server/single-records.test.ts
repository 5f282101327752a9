/**
 * The three single records of docs/product.md#calls (housing, retirement plan, debt plan): one per
 * user. POST replaces, PUT merges over the stored record; either creates (201) when there is none
 * and answers 200 when there is one. The validation messages of docs/product.md#validation for each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  errorBody,
  ISO_TIMESTAMP,
  outcome,
  serverToday,
  signUp,
  startServer,
  utcDatePlus,
  VALID,
  type Api,
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
const NO_MORTGAGE = { original_purchase_price: null, down_payment: null, interest_rate: null, term: null, open_date: null, current_balance: null };

function housing(user: TestUser, method: 'POST' | 'PUT', fields: Record<string, unknown>) {
  return api(method, '/api/v1/housing', { token: user.token, body: { housing: fields } });
}

async function getHousing(user: TestUser) {
  const response = await api('GET', '/api/v1/housing', { token: user.token });
  expect(response.status).toBe(200);
  expect(Object.keys(response.body)).toEqual(['housing']);
  return response.body.housing;
}

function refused(errors: FieldErrors) {
  const first = Object.values(errors)[0]![0]!;
  return { status: 422, body: errorBody(first, errors) };
}

describe('/api/v1/housing', () => {
  it('GET answers {housing: null} before any is saved', async () => {
    const user = await signUp(api);
    expect(outcome(await api('GET', '/api/v1/housing', { token: user.token }))).toEqual({ status: 200, body: { housing: null } });
  });

  it('POST creates (201); a second POST replaces it (200) and there is still one record', async () => {
    const user = await signUp(api);
    const created = await housing(user, 'POST', VALID.housing);
    expect(outcome(created)).toEqual({
      status: 201,
      body: { housing: { id: expect.any(Number), ...VALID.housing, ...NO_MORTGAGE, escrow_payment: null, ...timestamps } },
    });
    const id = created.body.housing.id;

    const replaced = await housing(user, 'POST', VALID.mortgage);
    expect(outcome(replaced)).toEqual({ status: 200, body: { housing: { id, ...VALID.mortgage, ...timestamps } } });
    expect(replaced.body.housing.created_at).toBe(created.body.housing.created_at);
    expect(await getHousing(user)).toEqual(replaced.body.housing);

    // POST replaces the whole record: a Rent sent after a Mortgage drops every mortgage field.
    const rent = await housing(user, 'POST', { housing_type: 'Rent', total_monthly_payment: 1500 });
    expect(outcome(rent)).toEqual({
      status: 200,
      body: { housing: { id, housing_type: 'Rent', total_monthly_payment: 1500, ...NO_MORTGAGE, escrow_payment: null, ...timestamps } },
    });
    expect(await getHousing(user)).toEqual(rent.body.housing);
  });

  it('PUT creates (201) when there is none, then merges a partial update (200) over the stored record', async () => {
    const user = await signUp(api);
    const created = await housing(user, 'PUT', VALID.mortgage);
    expect(outcome(created)).toEqual({ status: 201, body: { housing: { id: expect.any(Number), ...VALID.mortgage, ...timestamps } } });
    const id = created.body.housing.id;

    const merged = await housing(user, 'PUT', { total_monthly_payment: 2000.55 });
    expect(outcome(merged)).toEqual({ status: 200, body: { housing: { id, ...VALID.mortgage, total_monthly_payment: 2000.55, ...timestamps } } });
    expect(await getHousing(user)).toEqual(merged.body.housing);
  });

  it('a Rent that sends mortgage fields answers them as null (an escrow payment stays optional)', async () => {
    const user = await signUp(api);
    const { escrow_payment: _escrow, ...mortgageWithoutEscrow } = VALID.mortgage;
    const response = await housing(user, 'POST', { ...mortgageWithoutEscrow, housing_type: 'Rent' });
    expect(outcome(response)).toEqual({
      status: 201,
      body: { housing: { id: expect.any(Number), housing_type: 'Rent', total_monthly_payment: 1800, ...NO_MORTGAGE, escrow_payment: null, ...timestamps } },
    });
    // For types other than Mortgage the escrow payment is optional but kept (docs/product.md#validation).
    const withEscrow = await housing(user, 'POST', { ...VALID.mortgage, housing_type: 'Own' });
    expect(outcome(withEscrow)).toEqual({
      status: 200,
      body: { housing: { id: response.body.housing.id, housing_type: 'Own', total_monthly_payment: 1800, ...NO_MORTGAGE, escrow_payment: 300, ...timestamps } },
    });
    expect(outcome(await housing(user, 'POST', { housing_type: 'Own', total_monthly_payment: 10, escrow_payment: -1 }))).toEqual(
      refused({ escrow_payment: ['Escrow payment cannot be negative'] }),
    );
  });

  it('a PUT that switches a mortgage to Rent clears the mortgage fields', async () => {
    const user = await signUp(api);
    const { id } = (await housing(user, 'POST', VALID.mortgage)).body.housing;
    const response = await housing(user, 'PUT', { housing_type: 'Rent' });
    expect(outcome(response)).toEqual({
      status: 200,
      body: { housing: { id, housing_type: 'Rent', total_monthly_payment: 1800, ...NO_MORTGAGE, escrow_payment: 300, ...timestamps } },
    });
  });

  it('answers every missing mortgage field', async () => {
    const user = await signUp(api);
    expect(outcome(await housing(user, 'POST', { housing_type: 'Mortgage', total_monthly_payment: 1800 }))).toEqual(
      refused({
        original_purchase_price: ['Original purchase price is required'],
        down_payment: ['Down payment is required'],
        interest_rate: ['Interest rate is required'],
        term: ['Term is required'],
        open_date: ['Open date is required'],
        current_balance: ['Current balance is required'],
        escrow_payment: ['Escrow payment is required'],
      }),
    );
    expect(outcome(await housing(user, 'POST', {}))).toEqual(
      refused({ housing_type: ['Housing type is required'], total_monthly_payment: ['Total monthly payment is required'] }),
    );
    // A PUT with a partial body and nothing stored has nothing to merge with.
    expect(outcome(await housing(user, 'PUT', { total_monthly_payment: 1800 }))).toEqual(refused({ housing_type: ['Housing type is required'] }));
    expect(await getHousing(user)).toBeNull();
  });

  it.each<[string, Record<string, unknown>, FieldErrors]>([
    ['an unknown housing type', { housing_type: 'Condo' }, { housing_type: ['Please choose a valid housing type'] }],
    ['a zero total payment', { total_monthly_payment: 0 }, { total_monthly_payment: ['Total monthly payment must be greater than 0'] }],
    ['a zero purchase price', { original_purchase_price: 0 }, { original_purchase_price: ['Original purchase price must be greater than 0'] }],
    ['a negative down payment', { down_payment: -1 }, { down_payment: ['Down payment cannot be negative'] }],
    ['a down payment above the price', { down_payment: 300000.01 }, { down_payment: ['Down payment cannot exceed purchase price'] }],
    ['an interest rate over 100', { interest_rate: 100.01 }, { interest_rate: ['Interest rate must be between 0 and 100'] }],
    ['a term of 51 years', { term: 51 }, { term: ['Term must be between 1 and 50 years'] }],
    ['a term of 0 years', { term: 0 }, { term: ['Term must be between 1 and 50 years'] }],
    ['an open date in the future', { open_date: utcDatePlus(2) }, { open_date: ['Open date cannot be in the future'] }],
    ['a negative current balance', { current_balance: -1 }, { current_balance: ['Current balance cannot be negative'] }],
    // The original loan is 300,000 - 60,000.
    ['a balance above the original loan', { current_balance: 240000.01 }, { current_balance: ['Current balance cannot exceed original loan amount'] }],
    ['an escrow above the total payment', { escrow_payment: 1800.01 }, { escrow_payment: ['Escrow payment cannot exceed total monthly payment'] }],
    // 200,000 × 6.5 % / 12 = 1,083.33; 1,383.32 - 300 escrow leaves 1,083.32.
    [
      'a payment net of escrow below the monthly interest',
      { total_monthly_payment: 1383.32 },
      { total_monthly_payment: ['Total monthly payment is not high enough to cover monthly interest of $1,083.33'] },
    ],
  ])('refuses a mortgage with %s, and keeps the stored record', async (_label, overrides, errors) => {
    const user = await signUp(api);
    const stored = (await housing(user, 'POST', VALID.housing)).body.housing;
    expect(outcome(await housing(user, 'POST', { ...VALID.mortgage, ...overrides }))).toEqual(refused(errors));
    expect(outcome(await housing(user, 'PUT', { ...VALID.mortgage, ...overrides }))).toEqual(refused(errors));
    expect(await getHousing(user)).toEqual(stored);
  });

  it.each<[string, Record<string, unknown>]>([
    ['a payment net of escrow that covers the interest to the cent', { total_monthly_payment: 1383.33 }],
    ['a balance equal to the original loan', { current_balance: 240000, total_monthly_payment: 1600 }],
    ['an open date that is today somewhere on Earth', { open_date: serverToday() }],
    ['a 50-year term, a zero rate and no down payment', { term: 50, interest_rate: 0, down_payment: 0 }],
  ])('accepts a mortgage with %s', async (_label, overrides) => {
    const user = await signUp(api);
    const response = await housing(user, 'POST', { ...VALID.mortgage, ...overrides });
    expect(outcome(response)).toEqual({ status: 201, body: { housing: { id: expect.any(Number), ...VALID.mortgage, ...overrides, ...timestamps } } });
  });

  it('has no DELETE route', async () => {
    const user = await signUp(api);
    await housing(user, 'POST', VALID.housing);
    expect(outcome(await api('DELETE', '/api/v1/housing', { token: user.token }))).toEqual({ status: 404, body: errorBody('Not found') });
    expect(await getHousing(user)).not.toBeNull();
  });
});

describe('/api/v1/retirement_plan', () => {
  const plan = (user: TestUser, method: 'POST' | 'PUT', fields: Record<string, unknown>) =>
    api(method, '/api/v1/retirement_plan', { token: user.token, body: { retirement_plan: fields } });
  const getPlan = async (user: TestUser) => {
    const response = await api('GET', '/api/v1/retirement_plan', { token: user.token });
    expect(response.status).toBe(200);
    return response.body;
  };

  it('GET, POST (201 then 200, replacing), PUT (merging), DELETE (204, then 404)', async () => {
    const user = await signUp(api);
    expect(await getPlan(user)).toEqual({ retirement_plan: null });

    const created = await plan(user, 'POST', VALID.retirement_plan);
    expect(outcome(created)).toEqual({ status: 201, body: { retirement_plan: { id: expect.any(Number), ...VALID.retirement_plan, ...timestamps } } });
    const id = created.body.retirement_plan.id;
    expect(await getPlan(user)).toEqual(created.body);

    // POST replaces the whole record: monthly_expenses, not sent, becomes null.
    const { monthly_expenses: _omitted, ...withoutExpenses } = VALID.retirement_plan;
    const replaced = await plan(user, 'POST', { ...withoutExpenses, interest_rate: 4.75 });
    expect(outcome(replaced)).toEqual({
      status: 200,
      body: { retirement_plan: { id, ...VALID.retirement_plan, interest_rate: 4.75, monthly_expenses: null, ...timestamps } },
    });

    // PUT merges: only the fields sent change.
    const merged = await plan(user, 'PUT', { monthly_expenses: 3200.5, years_of_retirement: 25 });
    expect(outcome(merged)).toEqual({
      status: 200,
      body: { retirement_plan: { id, ...VALID.retirement_plan, interest_rate: 4.75, monthly_expenses: 3200.5, years_of_retirement: 25, ...timestamps } },
    });
    expect(await getPlan(user)).toEqual(merged.body);

    const deleted = await api('DELETE', '/api/v1/retirement_plan', { token: user.token });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect(await getPlan(user)).toEqual({ retirement_plan: null });
    expect(outcome(await api('DELETE', '/api/v1/retirement_plan', { token: user.token }))).toEqual({
      status: 404,
      body: errorBody('Retirement plan not found'),
    });
  });

  it('keeps only the date part of ISO timestamps', async () => {
    const user = await signUp(api);
    const response = await plan(user, 'POST', { ...VALID.retirement_plan, retirement_date: '2050-01-01T23:30:00-05:00', social_security_start_date: '2052-06-01T00:00:00.000Z' });
    expect(response.body.retirement_plan).toMatchObject({ retirement_date: '2050-01-01', social_security_start_date: '2052-06-01' });
  });

  it.each<[string, Record<string, unknown>, FieldErrors]>([
    [
      'an empty plan',
      { retirement_date: null, interest_rate: null, social_security_income: null, social_security_start_date: null, monthly_expenses: null, years_of_retirement: null },
      {
        retirement_date: ['Retirement date is required'],
        interest_rate: ['Interest rate is required'],
        social_security_income: ['Social Security income is required'],
        social_security_start_date: ['Social Security start date is required'],
        years_of_retirement: ['Years of retirement is required'],
      },
    ],
    ['an interest rate over 50', { interest_rate: 50.01 }, { interest_rate: ['Interest rate must be between 0 and 50'] }],
    ['a negative Social Security income', { social_security_income: -1 }, { social_security_income: ['Social Security income cannot be negative'] }],
    ['negative monthly expenses', { monthly_expenses: -1 }, { monthly_expenses: ['Monthly expenses cannot be negative'] }],
    ['0 years of retirement', { years_of_retirement: 0 }, { years_of_retirement: ['Years of retirement must be between 1 and 100'] }],
    ['101 years of retirement', { years_of_retirement: 101 }, { years_of_retirement: ['Years of retirement must be between 1 and 100'] }],
    ['2.5 years of retirement', { years_of_retirement: 2.5 }, { years_of_retirement: ['Years of retirement must be a whole number'] }],
    ['a retirement date that does not exist', { retirement_date: '2050-13-01' }, { retirement_date: ['Please enter a valid date'] }],
  ])('refuses %s and keeps the stored plan', async (_label, overrides, errors) => {
    const user = await signUp(api);
    const stored = (await plan(user, 'POST', VALID.retirement_plan)).body;
    expect(outcome(await plan(user, 'POST', { ...VALID.retirement_plan, ...overrides }))).toEqual(refused(errors));
    expect(outcome(await plan(user, 'PUT', overrides))).toEqual(refused(errors));
    expect(await getPlan(user)).toEqual(stored);
  });

  it('accepts the boundaries: rates 0 and 50, 1 and 100 years', async () => {
    const user = await signUp(api);
    const cases: [number, Record<string, number>][] = [
      [201, { interest_rate: 0, years_of_retirement: 1, social_security_income: 0 }],
      [200, { interest_rate: 50, years_of_retirement: 100 }],
    ];
    for (const [status, overrides] of cases) {
      const response = await plan(user, 'POST', { ...VALID.retirement_plan, ...overrides });
      expect(outcome(response)).toEqual({ status, body: { retirement_plan: { id: expect.any(Number), ...VALID.retirement_plan, ...overrides, ...timestamps } } });
    }
  });
});

describe('/api/v1/debt_plan', () => {
  const debtPlan = (user: TestUser, method: 'POST' | 'PUT', fields: Record<string, unknown>) =>
    api(method, '/api/v1/debt_plan', { token: user.token, body: { debt_plan: fields } });
  const getDebtPlan = async (user: TestUser) => {
    const response = await api('GET', '/api/v1/debt_plan', { token: user.token });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['debtPlan']);
    return response.body.debtPlan;
  };

  it('GET answers {debtPlan}; POST and PUT answer {debt_plan}', async () => {
    const user = await signUp(api);
    expect(await getDebtPlan(user)).toBeNull();

    const created = await debtPlan(user, 'POST', VALID.debt_plan);
    expect(outcome(created)).toEqual({ status: 201, body: { debt_plan: { id: expect.any(Number), plan_type: 'avalanche', extra_payment: 200, ...timestamps } } });
    const id = created.body.debt_plan.id;
    expect(await getDebtPlan(user)).toEqual(created.body.debt_plan);

    const merged = await debtPlan(user, 'PUT', { plan_type: 'snowball' });
    expect(outcome(merged)).toEqual({ status: 200, body: { debt_plan: { id, plan_type: 'snowball', extra_payment: 200, ...timestamps } } });

    const replaced = await debtPlan(user, 'POST', { plan_type: 'avalanche' });
    expect(outcome(replaced)).toEqual({ status: 200, body: { debt_plan: { id, plan_type: 'avalanche', extra_payment: 0, ...timestamps } } });
    expect(await getDebtPlan(user)).toEqual(replaced.body.debt_plan);
  });

  it('with no strategy the extra payment is 0, whatever was sent', async () => {
    const user = await signUp(api);
    const response = await debtPlan(user, 'PUT', { plan_type: 'none', extra_payment: 500 });
    expect(outcome(response)).toEqual({ status: 201, body: { debt_plan: { id: expect.any(Number), plan_type: 'none', extra_payment: 0, ...timestamps } } });
    const ignored = await debtPlan(user, 'PUT', { plan_type: 'none', extra_payment: -5 });
    expect(ignored.status).toBe(200);
    expect(ignored.body.debt_plan.extra_payment).toBe(0);
  });

  it.each<[string, Record<string, unknown>, FieldErrors]>([
    ['a missing plan type', { plan_type: null }, { plan_type: ['Plan type is required'] }],
    ['an unknown plan type', { plan_type: 'random' }, { plan_type: ['Please choose a valid plan type'] }],
    ['a negative extra payment', { extra_payment: -0.01 }, { extra_payment: ['Please enter a valid amount'] }],
  ])('refuses %s and keeps the stored plan', async (_label, overrides, errors) => {
    const user = await signUp(api);
    const stored = (await debtPlan(user, 'POST', VALID.debt_plan)).body.debt_plan;
    expect(outcome(await debtPlan(user, 'POST', { ...VALID.debt_plan, ...overrides }))).toEqual(refused(errors));
    expect(outcome(await debtPlan(user, 'PUT', overrides))).toEqual(refused(errors));
    expect(await getDebtPlan(user)).toEqual(stored);
  });

  it('has no DELETE route', async () => {
    const user = await signUp(api);
    await debtPlan(user, 'POST', VALID.debt_plan);
    expect(outcome(await api('DELETE', '/api/v1/debt_plan', { token: user.token }))).toEqual({ status: 404, body: errorBody('Not found') });
    expect(await getDebtPlan(user)).not.toBeNull();
  });
});

describe('concurrent writers of a single record', () => {
  it('of simultaneous first POSTs, exactly one answers 201 and one record exists', async () => {
    const user = await signUp(api);
    const path = '/api/v1/retirement_plan';
    const wrong: string[] = [];
    // The race is lost only sometimes, so it runs a few rounds, starting each from no plan.
    for (let round = 0; round < 10; round++) {
      if (round > 0) expect((await api('DELETE', path, { token: user.token })).status).toBe(204);
      const responses = await Promise.all([1, 2, 3].map(() => api('POST', path, { token: user.token, body: { retirement_plan: VALID.retirement_plan } })));
      const ids = new Set(responses.map((r) => r.body.retirement_plan.id));
      expect(ids.size).toBe(1);
      expect((await api('GET', path, { token: user.token })).body.retirement_plan.id).toBe([...ids][0]);
      const statuses = responses.map((r) => r.status).sort();
      if (statuses.join() !== '200,200,201') wrong.push(`round ${round}: ${statuses.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('simultaneous partial PUTs of different fields both land', async () => {
    const user = await signUp(api);
    const lost: string[] = [];
    for (let round = 0; round < 10; round++) {
      await housing(user, 'POST', VALID.mortgage);
      const [a, b] = await Promise.all([
        housing(user, 'PUT', { total_monthly_payment: 2000 + round }),
        housing(user, 'PUT', { escrow_payment: 100 + round }),
      ]);
      expect([a!.status, b!.status]).toEqual([200, 200]);
      const stored = await getHousing(user);
      if (stored.total_monthly_payment !== 2000 + round || stored.escrow_payment !== 100 + round) {
        lost.push(`round ${round}: total ${stored.total_monthly_payment}, escrow ${stored.escrow_payment}`);
      }
    }
    expect(lost).toEqual([]);
  });
});
