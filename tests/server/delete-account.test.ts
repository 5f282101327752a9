/**
 * DELETE /users (docs/api.md#deleting-an-account) over real HTTP, on PGlite and on PostgreSQL
 * (`scripts/with-postgres.sh npx vitest run --project server tests/server/delete-account.test.ts`):
 * a user with rows in every table (records of every kind, actuals, a baseline, sessions, a reset,
 * an idempotency key, live-update payloads, a subscription) is erased, and the database's own
 * catalog proves it: every column that holds a user id (a `user_id`, a column referencing
 * `users.id`, `users.id` itself) and every text column is searched for the user, so a table added
 * later is covered without touching this file. Also: another user is untouched, the tokens and
 * the open /cable connection die, billing ends at the provider first (test mode and Stripe
 * through the fake), and the confirmation mail is written as a file.
 *
 * A repeated DELETE answers 401: the first one erased the session its token named.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, getTableName, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_FAILED, USER_TABLES } from '../../src/server/auth/delete-account.ts';
import type { Db } from '../../src/server/db/client.ts';
import { paymentSessions, subscriptions } from '../../src/server/db/schema.ts';
import { MemoryRateLimitStore } from '../../src/server/http/rate-limit-store.ts';
import type { TestModeProvider } from '../../src/server/payments/test-provider.ts';
import { listen, type Listener } from './cable-client.ts';
import {
  BASELINES,
  client,
  COLLECTIONS,
  errorBody,
  newSession,
  NOT_SIGNED_IN,
  outcome,
  signIn,
  SINGLES,
  signUp,
  sleep,
  startServer,
  VALID,
  type Api,
  type TestServer,
  type TestUser,
} from './harness.ts';
import { PRICE_MONTHLY, startStripeServer, type FakeStripe } from './payments-fake-stripe.ts';

const SUBJECT = 'Your Runway account has been deleted';
const INCORRECT = 'Current password is incorrect';

function deleteAccount(api: Api, user: TestUser, password: string = user.password) {
  return api('DELETE', '/users', { token: user.token, body: { user: { current_password: password } } });
}

/* ------------------------------------------------------------------------------------------ */
/* The catalog: where could a user be?                                                         */
/* ------------------------------------------------------------------------------------------ */

interface Column {
  table: string;
  column: string;
  type: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Every column of every table of the app's schema, read from information_schema. */
async function columns(db: Db): Promise<{ ids: Column[]; texts: Column[] }> {
  const all = rowsOf<Column>(
    await db.execute(sql`
      SELECT c.table_name AS "table", c.column_name AS "column", c.data_type AS "type"
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      ORDER BY 1, 2`),
  );
  // Columns whose foreign key points at users.id, whatever they are called.
  const references = rowsOf<{ table: string; column: string }>(
    await db.execute(sql`
      SELECT fk.table_name AS "table", fk.column_name AS "column"
      FROM information_schema.referential_constraints rc
      JOIN information_schema.key_column_usage fk ON fk.constraint_schema = rc.constraint_schema AND fk.constraint_name = rc.constraint_name
      JOIN information_schema.key_column_usage pk
        ON pk.constraint_schema = rc.unique_constraint_schema AND pk.constraint_name = rc.unique_constraint_name AND pk.ordinal_position = fk.position_in_unique_constraint
      WHERE fk.table_schema = current_schema() AND pk.table_name = 'users' AND pk.column_name = 'id'`),
  );
  const isReference = (c: Column) => references.some((r) => r.table === c.table && r.column === c.column);
  return {
    ids: all.filter((c) => c.column === 'user_id' || (c.table === 'users' && c.column === 'id') || isReference(c)),
    texts: all.filter((c) => ['text', 'character varying', 'character', 'json', 'jsonb'].includes(c.type)),
  };
}

interface Traces {
  /** 'table.column' → rows holding the user's id. */
  ids: Record<string, number>;
  /** 'table.column' → rows whose text holds the user's email, or names 'user <id>' (a rate-limit key). */
  texts: Record<string, number>;
}

/** Where the database still names the user. */
async function traces(db: Db, user: { id: number; email: string }): Promise<Traces> {
  const { ids, texts } = await columns(db);
  const count = async (query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await db.execute(query))[0]?.n ?? 0;
  const found: Traces = { ids: {}, texts: {} };
  for (const { table, column } of ids) {
    const n = await count(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${user.id}`);
    if (n > 0) found.ids[`${table}.${column}`] = n;
  }
  const userWord = `\\muser ${user.id}\\M`;
  for (const { table, column } of texts) {
    const text = sql`${sql.identifier(column)}::text`;
    const n = await count(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE strpos(lower(${text}), ${user.email.toLowerCase()}) > 0 OR ${text} ~ ${userWord}`);
    if (n > 0) found.texts[`${table}.${column}`] = n;
  }
  return found;
}

/** The tables with a column holding user ids. */
async function userTables(db: Db): Promise<string[]> {
  return [...new Set((await columns(db)).ids.map((c) => c.table))].sort();
}

/* ------------------------------------------------------------------------------------------ */
/* A user with rows in every table.                                                            */
/* ------------------------------------------------------------------------------------------ */

async function created(response: Promise<Awaited<ReturnType<Api>>>, what: string) {
  const answer = await response;
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(201);
  return answer.body;
}

async function until(check: () => Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/**
 * Every kind of record, a baseline, a subscription (through `subscribe`), an actual on each kind
 * of month table (whose live updates are large enough to be stored in cable_payloads), a second
 * session, a reset link, an Idempotency-Key and a failed sign-in. Answers the second session.
 */
async function seed(server: TestServer, api: Api, user: TestUser, subscribe: () => Promise<void>): Promise<string> {
  const token = user.token;
  for (const [i, c] of COLLECTIONS.entries()) {
    const headers = i === 0 ? { 'idempotency-key': `seed-${user.id}` } : undefined;
    await created(api('POST', c.path, { token, body: { [c.record]: VALID[c.record] }, ...(headers ? { headers } : {}) }), c.path);
  }
  for (const s of SINGLES) await created(api('POST', s.path, { token, body: { [s.record]: VALID[s.record] } }), s.path);
  await created(api('POST', BASELINES.path, { token, body: { baseline: VALID.baseline } }), BASELINES.path);
  await subscribe();

  const first = async (route: string, pick: (body: any) => { id: string }) => pick((await api('GET', route, { token })).body).id;
  const actuals = [
    { route: '/api/v1/income_months', body: { income_month: { input_end_balance: 1234.5 } }, id: await first('/api/v1/income_months', (b) => b.income_months[0]) },
    { route: '/api/v1/debt_months', body: { debt_month: { input_remaining_balance: 4000 } }, id: await first('/api/v1/debt_months', (b) => b.debts[0].debt_months[0]) },
    { route: '/api/v1/contribution_months', body: { contribution_month: { input_end_balance: 21000 } }, id: await first('/api/v1/contribution_months', (b) => b.retirement_accounts[0].contribution_months[0]) },
  ];
  for (const actual of actuals) {
    const put = await api('PUT', `${actual.route}/${actual.id}`, { token, body: actual.body });
    expect(put.status, `${actual.route}: ${JSON.stringify(put.body)}`).toBe(200);
  }

  const second = await newSession(api, user);
  expect((await api('POST', '/users/password', { body: { user: { email: user.email } } })).status).toBe(200);
  const db = server.server.database.db;
  // The reset link is made in the background.
  await until(async () => (await traces(db, user)).ids['password_resets.user_id'] !== undefined, 'the reset link');
  expect((await signIn(api, user.email, 'not-the-password')).status).toBe(401);
  return second;
}

/** Every table that can hold a user holds this one (so that the erasure of each is proven). */
async function expectEveryTable(db: Db, user: TestUser): Promise<Traces> {
  const found = await traces(db, user);
  const missing = (await userTables(db)).filter((table) => !Object.keys(found.ids).some((key) => key.startsWith(`${table}.`)));
  expect(missing, 'tables holding no row of the seeded user: extend seed() so their erasure is proven').toEqual([]);
  return found;
}

/** The deletion mails written under DATA_DIR/mail for `email`. */
async function mailFiles(server: TestServer, email: string): Promise<string[]> {
  const dir = path.join(server.config.dataDir, 'mail');
  const names = await readdir(dir).catch(() => [] as string[]);
  const texts = await Promise.all(names.map((name) => readFile(path.join(dir, name), 'utf8')));
  return texts.filter((text) => text.includes(`\r\nTo: ${email}\r\n`) && text.includes(`\r\nSubject: ${SUBJECT}\r\n`));
}

async function tokenWorks(api: Api, token: string): Promise<boolean> {
  const response = await api('GET', '/api/v1/debts', { token });
  if (response.status === 200) return true;
  expect(outcome(response)).toEqual({ status: 401, body: errorBody(NOT_SIGNED_IN) });
  return false;
}

/* ------------------------------------------------------------------------------------------ */
/* The test-mode provider                                                                      */
/* ------------------------------------------------------------------------------------------ */

describe('with the test-mode provider', () => {
  let server: TestServer;
  let api: Api;
  const db = () => server.server.database.db;

  /** Subscribes through the test-mode checkout page's Pay button. */
  const payInTestMode = (user: TestUser) => async () => {
    const config = await api('GET', '/api/v1/payment_config');
    const priceId = config.body.payment_config.plans.find((p: { id: string }) => p.id === 'monthly').price_id;
    const started = await api('POST', '/api/v1/create_checkout_session', { token: user.token, body: { price_id: priceId, location: 'monthly' } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const paid = await fetch(`${server.url}${started.body.checkout_session.url}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
  };

  beforeAll(async () => {
    server = await startServer({ mailToFiles: true });
    api = client(server.url);
  });
  afterAll(() => server?.close());

  describe('a user with rows in every table, next to another', () => {
    let leaving: TestUser;
    let staying: TestUser;
    let leavingSecond: string;
    let listener: Listener;
    let disconnected: Promise<{ willAttemptReconnect: boolean }>;
    let leavingBefore: Traces;
    let leavingKeys: string[] | null;
    let stayingBefore: Traces;
    let stayingRecords: unknown[];
    let answer: Awaited<ReturnType<Api>>;

    /** The counts in memory that name the user; null on PostgreSQL, where they are rows `traces` reads. */
    const rateLimitKeys = (user: TestUser): string[] | null => {
      const store = server.server.ctx.rateLimits.store;
      return store instanceof MemoryRateLimitStore ? store.keys().filter((key) => key.includes(user.email) || key.endsWith(` user ${user.id}`)) : null;
    };
    const readAll = (user: TestUser) => Promise.all([...COLLECTIONS, ...SINGLES, BASELINES].map(async (r) => (await api('GET', r.path, { token: user.token })).body));

    beforeAll(async () => {
      leaving = await signUp(api);
      staying = await signUp(api);
      leavingSecond = await seed(server, api, leaving, payInTestMode(leaving));
      await seed(server, api, staying, payInTestMode(staying));
      leavingBefore = await expectEveryTable(db(), leaving);
      leavingKeys = rateLimitKeys(leaving);
      stayingBefore = await expectEveryTable(db(), staying);
      stayingRecords = await readAll(staying);

      listener = listen(server.url, leaving.token, leaving.email);
      await listener.confirmed;
      disconnected = listener.nextDisconnect();
      answer = await deleteAccount(api, leaving);
    });
    afterAll(() => listener?.close());

    it('answers 204 with no body', () => {
      expect(outcome(answer)).toEqual({ status: 204, body: undefined });
    });

    it('leaves no row naming the user in any table the catalog lists, nor a rate-limit count', async () => {
      expect(await traces(db(), leaving)).toEqual({ ids: {}, texts: {} });
      // Erased explicitly, table by table, not left to ON DELETE CASCADE.
      expect(USER_TABLES.map((table) => getTableName(table)).sort()).toEqual((await userTables(db())).filter((table) => table !== 'users'));
      // The rate-limit counts that named the user (a failed sign-in, the checkout): in memory on
      // PGlite (rate-limit-store.ts), rows that the search above read on PostgreSQL.
      if (leavingKeys === null) {
        expect(leavingBefore.texts['rate_limits.key']).toBeGreaterThanOrEqual(3);
      } else {
        expect(leavingKeys.length).toBeGreaterThanOrEqual(3);
        expect(rateLimitKeys(leaving)).toEqual([]);
      }
    });

    it('leaves the other user’s rows and records as they were, and their session working', async () => {
      expect((await traces(db(), staying)).ids).toEqual(stayingBefore.ids);
      expect(await readAll(staying)).toEqual(stayingRecords);
      expect(await tokenWorks(api, staying.token)).toBe(true);
      expect((await api('GET', '/api/v1/subscription', { token: staying.token })).body.subscription).toMatchObject({ subscribed: true, status: 'trialing' });
    });

    it('cancels the test-mode subscription before erasing, and tells the open tab', async () => {
      const message = await listener.waitFor((m) => m.type === 'Subscription');
      expect(message).toMatchObject({ action: 'updated', data: { subscribed: false, provider: 'test', status: 'canceled' } });
    });

    it('closes the open /cable connection for good', async () => {
      expect((await disconnected).willAttemptReconnect).toBe(false);
      // The server lets go of the socket once its close handshake ends.
      await until(async () => server.server.hub.connectionsOf(leaving.id).length === 0, 'the server to drop the connection');
    });

    it('writes the confirmation mail as a file, saying what was erased and holding none of it', async () => {
      // It leaves in the background, after the answer.
      await until(async () => (await mailFiles(server, leaving.email)).length > 0, 'the mail file');
      const [mail, ...more] = await mailFiles(server, leaving.email);
      expect(more).toEqual([]);
      expect(mail).toContain('Your Runway account has been deleted, as you asked.');
      expect(mail).toContain('your incomes, debts, expenses, retirement accounts, housing, plans and plan assumptions');
      expect(mail).toContain('Your subscription was canceled at once: you will not be charged again.');
      for (const data of [VALID.debt.name, VALID.debt.creditor, VALID.baseline.name, '4200', '1234', '$']) expect(mail).not.toContain(data);
    });

    it('answers 401 to both of the user’s tokens, to a repeated DELETE, and to the old password', async () => {
      expect(await tokenWorks(api, leaving.token)).toBe(false);
      expect(await tokenWorks(api, leavingSecond)).toBe(false);
      expect(outcome(await deleteAccount(api, leaving))).toEqual({ status: 401, body: errorBody(NOT_SIGNED_IN) });
      expect(outcome(await signIn(api, leaving.email, leaving.password))).toEqual({ status: 401, body: errorBody('Invalid email or password.') });
    });

    it('lets the email sign up again, as a new and empty account', async () => {
      const again = await api('POST', '/users', { body: { user: { email: leaving.email, password: 'another-1', password_confirmation: 'another-1', birth_year: 1990 } } });
      expect(again.status).toBe(201);
      const fresh = again.body.status.data.user;
      expect(fresh.id).not.toBe(leaving.id);
      expect(fresh.subscribed).toBe(false);
      expect((await api('GET', '/api/v1/debts', { token: again.body.status.data.token })).body).toEqual({ debts: [] });
    });
  });

  describe('refusals, which erase nothing', () => {
    let user: TestUser;
    let before: Traces;

    beforeAll(async () => {
      user = await signUp(api);
      await seed(server, api, user, payInTestMode(user));
      before = await traces(db(), user);
    });

    it('answers 422 on current_password to a wrong, a missing or an empty password, and 422 without a user object', async () => {
      const fieldError = (message: string) => ({ status: 422, body: errorBody(message, { current_password: [message] }) });
      expect(outcome(await deleteAccount(api, user, 'not-the-password'))).toEqual(fieldError(INCORRECT));
      expect(outcome(await deleteAccount(api, user, user.password.toUpperCase()))).toEqual(fieldError(INCORRECT));
      expect(outcome(await api('DELETE', '/users', { token: user.token, body: { user: {} } }))).toEqual(fieldError('Current password is required'));
      expect(outcome(await deleteAccount(api, user, ''))).toEqual(fieldError('Current password is required'));
      const noBody = 'The request body must contain a "user" object';
      expect(outcome(await api('DELETE', '/users', { token: user.token }))).toEqual({ status: 422, body: errorBody(noBody, { user: ['user must be an object'] }) });
    });

    it('answers 401 without a token or with a bad one', async () => {
      const body = { user: { current_password: user.password } };
      expect(outcome(await api('DELETE', '/users', { body }))).toEqual({ status: 401, body: errorBody(NOT_SIGNED_IN) });
      expect(outcome(await api('DELETE', '/users', { body, headers: { authorization: 'Bearer not.a.jwt' } }))).toEqual({ status: 401, body: errorBody(NOT_SIGNED_IN) });
    });

    it('kept every row, the subscription, the sessions, and sent no mail', async () => {
      expect((await traces(db(), user)).ids).toEqual(before.ids);
      expect(await tokenWorks(api, user.token)).toBe(true);
      expect((await api('GET', '/api/v1/subscription', { token: user.token })).body.subscription).toMatchObject({ subscribed: true, status: 'trialing' });
      // A mail would leave in the background: give it time to show.
      await sleep(300);
      expect(await mailFiles(server, user.email)).toEqual([]);
    });
  });

  it('the provider’s endBilling cancels the open checkouts and every subscription that has not ended', async () => {
    const user = await signUp(api);
    await payInTestMode(user)();
    const provider = server.server.ctx.payments as TestModeProvider;
    // A second checkout, opened by hand (the route refuses a subscriber).
    const open = (await provider.createCheckout({} as never)) as { ok: true; value: { id: string; expiresAt: Date } };
    await db().insert(paymentSessions).values({ id: open.value.id, provider: 'test', kind: 'checkout', userId: user.id, plan: 'monthly', expiresAt: open.value.expiresAt });
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));

    const ended = await provider.endBilling({ user: { id: user.id, email: user.email, stripeCustomerId: null }, subscriptionIds: [row!.providerSubscriptionId], checkoutSessionIds: [open.value.id] });
    expect(ended).toEqual({ ok: true, value: { canceled: [row!.providerSubscriptionId] } });
    const [after] = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(after).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    expect(after?.endedAt).toBeInstanceOf(Date);
    const [session] = await db().select({ status: paymentSessions.status }).from(paymentSessions).where(and(eq(paymentSessions.id, open.value.id)));
    expect(session?.status).toBe('canceled');
    expect((await api('GET', '/api/v1/subscription', { token: user.token })).body.subscription.subscribed).toBe(false);
    // Nothing is left to end.
    expect(await provider.endBilling({ user: { id: user.id, email: user.email, stripeCustomerId: null }, subscriptionIds: [], checkoutSessionIds: [] })).toEqual({ ok: true, value: { canceled: [] } });
  });
});

/* ------------------------------------------------------------------------------------------ */
/* Stripe, through the fake                                                                    */
/* ------------------------------------------------------------------------------------------ */

describe('with Stripe', () => {
  const WEBHOOK_SECRET = 'whsec_test_delete';
  let fake: FakeStripe;
  let server: TestServer;
  let stop: (() => Promise<void>) | undefined;
  let api: Api;
  const db = () => server.server.database.db;

  beforeAll(async () => {
    ({ fake, server, close: stop } = await startStripeServer(WEBHOOK_SECRET));
    api = client(server.url);
  });
  afterAll(() => stop?.());

  async function checkout(user: TestUser): Promise<string> {
    const response = await api('POST', '/api/v1/create_checkout_session', { token: user.token, body: { price_id: PRICE_MONTHLY, location: 'monthly' } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.checkout_session.id as string;
  }

  /** Pays at Stripe and tells the server through the post-checkout helper. */
  const payAtStripe = (user: TestUser) => async () => {
    const sessionId = await checkout(user);
    fake.completeCheckout(sessionId);
    expect((await api('POST', '/api/v1/checkout_success', { token: user.token, body: { session_id: sessionId } })).status).toBe(200);
  };

  const stripeSubscriptionOf = async (user: TestUser) => (await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id)))[0]?.providerSubscriptionId;

  it('cancels the subscription at Stripe first, then erases every row; a late webhook brings nothing back', async () => {
    const user = await signUp(api);
    await seed(server, api, user, payAtStripe(user));
    await expectEveryTable(db(), user);
    const subscriptionId = await stripeSubscriptionOf(user);
    expect(fake.subscriptions.get(subscriptionId!)?.status).toBe('trialing');
    const customer = fake.subscriptions.get(subscriptionId!)?.customer as string;

    const from = fake.requests.length;
    expect((await deleteAccount(api, user)).status).toBe(204);
    const calls = fake.requests.slice(from).map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual(['GET /v1/subscriptions', `DELETE /v1/subscriptions/${subscriptionId}`]);
    expect(fake.calls('GET', '/v1/subscriptions').at(-1)?.query.get('customer')).toBe(customer);
    expect(fake.subscriptions.get(subscriptionId!)?.status).toBe('canceled');
    expect(await traces(db(), user)).toEqual({ ids: {}, texts: {} });

    // Stripe then reports the cancellation: it names a user who is gone, and is only recorded.
    const event = fake.event('customer.subscription.deleted', fake.subscriptions.get(subscriptionId!)!);
    const payload = JSON.stringify(event);
    const delivered = await api('POST', '/api/v1/stripe/webhook', {
      raw: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    });
    expect(outcome(delivered)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await traces(db(), user)).toEqual({ ids: {}, texts: {} });
    expect(await db().select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subscriptionId!))).toEqual([]);
  });

  it('expires an open checkout, and cancels a subscription Stripe started that the server has not heard of yet', async () => {
    const unpaid = await signUp(api);
    const openSession = await checkout(unpaid);
    const paidBehindOurBack = await signUp(api);
    const paidSession = await checkout(paidBehindOurBack);
    // Paid at Stripe, but neither the webhook nor the return page has told the server.
    const started = fake.completeCheckout(paidSession);

    const from = fake.requests.length;
    expect((await deleteAccount(api, unpaid)).status).toBe(204);
    expect(fake.requests.slice(from).map((r) => `${r.method} ${r.path}`)).toEqual([`POST /v1/checkout/sessions/${openSession}/expire`, 'GET /v1/subscriptions']);
    expect(fake.sessions.get(openSession)?.status).toBe('expired');

    expect((await deleteAccount(api, paidBehindOurBack)).status).toBe(204);
    expect(fake.subscriptions.get(started.id)?.status).toBe('canceled');
    expect(await traces(db(), paidBehindOurBack)).toEqual({ ids: {}, texts: {} });
  });

  it('answers 502 and erases nothing while Stripe fails; the next attempt goes through', async () => {
    const user = await signUp(api);
    await seed(server, api, user, payAtStripe(user));
    const before = await traces(db(), user);
    const subscriptionId = await stripeSubscriptionOf(user);

    // stripe-node tries three times.
    fake.failNext = { path: /^\/v1\/subscriptions/, status: 500, times: 3 };
    expect(outcome(await deleteAccount(api, user))).toEqual({ status: 502, body: errorBody(BILLING_FAILED) });
    expect((await traces(db(), user)).ids).toEqual(before.ids);
    expect(await tokenWorks(api, user.token)).toBe(true);
    expect(fake.subscriptions.get(subscriptionId!)?.status).toBe('trialing');

    expect((await deleteAccount(api, user)).status).toBe(204);
    expect(fake.subscriptions.get(subscriptionId!)?.status).toBe('canceled');
    expect(await traces(db(), user)).toEqual({ ids: {}, texts: {} });
  });
});
