/**
 * Offline month tables: the client's recomputation from its mirror equals, to the byte, the tables
 * the real server computes — same engine, same mapping, same shapes, same row ids — including the
 * user's actual values; and a local edit changes them the way the server later does.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHttpTransport } from '../../src/client/data/api.ts';
import { openMirror } from '../../src/client/data/mirror/db.ts';
import { recomputeMonths } from '../../src/client/data/mirror/provisional.ts';
import type { Session } from '../../src/client/data/session/session.ts';
import { createSync } from '../../src/client/data/sync/sync.ts';
import type { MonthKey } from '../../src/engine/months.ts';
import { client, signUp, startServer, subscribeAs, VALID, type Api, type TestServer } from './harness.ts';

const ADMIN = 'provisional-admin';
let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startServer({ adminSecret: ADMIN, clock: { now: () => new Date('2026-11-21T12:00:00Z') } });
  api = client(server.url);
});
afterAll(() => server?.close());

/**
 * A subscribed user with a household of every kind of record: the Visa (due the 15th) and a car
 * loan (due the 28th) under avalanche with 200.00 extra, pay, groceries (due the 1st), a one-time
 * expense, a mortgage, a 401(k) and a retirement plan. Answers the user and the Visa's record.
 */
async function householdUser() {
  const user = await signUp(api);
  await subscribeAs(api, ADMIN, user.email);
  const t = user.token;
  const debt = (await api('POST', '/api/v1/debts', { token: t, body: { debt: VALID.debt } })).body.debt;
  await api('POST', '/api/v1/debts', { token: t, body: { debt: { ...VALID.debt, name: 'Car', remaining_amount: 9000, apr: 6.5, monthly_payment: 320, due_day: 28 } } });
  await api('POST', '/api/v1/debt_plan', { token: t, body: { debt_plan: VALID.debt_plan } });
  await api('POST', '/api/v1/incomes', { token: t, body: { income: VALID.income } });
  await api('POST', '/api/v1/monthly_expenses', { token: t, body: { monthly_expense: VALID.monthly_expense } });
  await api('POST', '/api/v1/other_expenses', { token: t, body: { other_expense: VALID.other_expense } });
  await api('POST', '/api/v1/housing', { token: t, body: { housing: VALID.mortgage } });
  await api('POST', '/api/v1/retirement_accounts', { token: t, body: { retirement_account: VALID.retirement_account } });
  await api('POST', '/api/v1/retirement_plan', { token: t, body: { retirement_plan: VALID.retirement_plan } });
  return { user, debt };
}

it('recomputes offline exactly the tables the server serves', async () => {
  const { user, debt } = await householdUser();
  const t = user.token;
  const debtTable = (await api('GET', '/api/v1/debt_months', { token: t })).body;
  const november = debtTable.debts[0].debt_months[0];
  expect((await api('PUT', `/api/v1/debt_months/${november.id}`, { token: t, body: { debt_month: { input_remaining_balance: 4000 } } })).status).toBe(200);
  const incomeNovember = (await api('GET', '/api/v1/income_months', { token: t })).body.income_months[0];
  expect((await api('PUT', `/api/v1/income_months/${incomeNovember.id}`, { token: t, body: { income_month: { input_end_balance: -120.5 } } })).status).toBe(200);

  const session: Session = { authToken: t, email: user.email, isAuthenticated: true, stripeCustomerId: null, subscribed: true, birthYear: 1985 };
  const db = openMirror(`provisional-${randomUUID()}`);
  const transport = createHttpTransport({ baseUrl: server.url, getToken: () => t, onUnauthorized: () => undefined });
  expect(await createSync({ db, transport, getSession: () => session }).pullAll()).toBe(true);
  const fromServer = Object.fromEntries((await db.months.toArray()).map((row) => [row.name, JSON.stringify(row.body)]));

  expect(await recomputeMonths(db, '2026-11' as MonthKey)).toBe(true);
  const local = await db.months.toArray();
  expect(local.every((row) => row.provisional)).toBe(true);
  for (const row of local) expect(JSON.stringify(row.body), row.name).toBe(fromServer[row.name]);

  // A change made locally moves the tables as the server's will once the edit lands.
  await db.debts.update(debt.id, { monthly_payment: 400 });
  await recomputeMonths(db, '2026-11' as MonthKey);
  await api('PUT', `/api/v1/debts/${debt.id}`, { token: t, body: { debt: { monthly_payment: 400 } } });
  const serverAfter = (await api('GET', '/api/v1/debt_months', { token: t })).body;
  expect((await db.months.get('debtMonths'))?.body).toEqual(serverAfter);
  db.close();
});

it('with plan assumptions, leaves out the same month-1 bills as the server: the sign-up day comes with the profile', async () => {
  // Signed up 2026-11-21: the Visa (due the 15th), the groceries (due the 1st) and November's
  // mortgage payment are already in the balances typed that day.
  const { user } = await householdUser();
  const t = user.token;
  expect((await api('POST', '/api/v1/assumptions', { token: t, body: { assumptions: { cash_balance: 25000, home_value: 350000 } } })).status).toBe(201);
  const november = (await api('GET', '/api/v1/income_months', { token: t })).body.income_months[0];
  // Debts: the car's 320.00 and the plan's 200.00 extra, which skips the card (first by APR) for the car.
  expect(november).toMatchObject({ month: '2026-11', housing: 0, expenses: 0, debts: 520 });

  const session: Session = { authToken: t, email: user.email, isAuthenticated: true, stripeCustomerId: null, subscribed: true, birthYear: 1985 };
  const db = openMirror(`provisional-day-${randomUUID()}`);
  const transport = createHttpTransport({ baseUrl: server.url, getToken: () => t, onUnauthorized: () => undefined });
  expect(await createSync({ db, transport, getSession: () => session }).pullAll()).toBe(true);
  const fromServer = Object.fromEntries((await db.months.toArray()).map((row) => [row.name, JSON.stringify(row.body)]));
  expect(await recomputeMonths(db, '2026-11' as MonthKey)).toBe(true);
  for (const row of await db.months.toArray()) expect(JSON.stringify(row.body), row.name).toBe(fromServer[row.name]);

  // Without the profile's sign-up time the device cannot know the day, and charges every bill.
  await db.profile.put({ name: 'user', value: { id: user.id, email: user.email, birth_year: 1985 } });
  await recomputeMonths(db, '2026-11' as MonthKey);
  const charged = ((await db.months.get('incomeMonths'))?.body as { income_months: Record<string, unknown>[] }).income_months[0];
  expect(charged).toMatchObject({ month: '2026-11', housing: 1800, expenses: 450 });
  db.close();
});

it('does nothing without server tables to start from', async () => {
  const db = openMirror(`provisional-empty-${randomUUID()}`);
  await db.debts.put({ id: 1, name: 'Visa' });
  expect(await recomputeMonths(db, '2026-11' as MonthKey)).toBe(false);
  expect(await db.months.count()).toBe(0);
  db.close();
});
