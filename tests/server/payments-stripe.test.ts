/**
 * The Stripe path over real HTTP: the real server with stripe-node pointed at an in-process fake
 * of the Stripe API (payments-fake-stripe.ts), and webhooks signed the way Stripe signs them.
 */
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, subscriptions, users } from '../../src/server/db/schema.ts';
import { expireLapsed } from '../../src/server/payments/domain.ts';
import { StripeProvider } from '../../src/server/payments/stripe-provider.ts';
import { listen, type Listener } from './cable-client.ts';
import { client, errorBody, NOT_SIGNED_IN, outcome, signIn, signUp, type Api, type TestServer, type TestUser } from './harness.ts';
import { PRICE_MONTHLY, PRICE_YEARLY, startStripeServer, type FakeStripe } from './payments-fake-stripe.ts';

const WEBHOOK_SECRET = 'whsec_test_runway';
const DAY = 24 * 60 * 60;

let fake: FakeStripe;
let server: TestServer;
let api: Api;

let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ fake, server, close: stop } = await startStripeServer(WEBHOOK_SECRET));
  api = client(server.url);
});
afterAll(() => stop?.());

const db = () => server.server.database.db;

/** POSTs an event to the webhook, signed (or not) as Stripe does. */
async function deliver(event: object, options: { secret?: string; timestamp?: number; signature?: string | null } = {}) {
  const payload = JSON.stringify(event);
  const header =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }) })
      : options.signature;
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (header !== null) headers['stripe-signature'] = header;
  return api('POST', '/api/v1/stripe/webhook', { raw: payload, headers });
}

async function checkout(user: TestUser, priceId = PRICE_MONTHLY, location = 'monthly') {
  const response = await api('POST', '/api/v1/create_checkout_session', { token: user.token, body: { price_id: priceId, location } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.checkout_session as { id: string; url: string };
}

const subscription = async (user: TestUser) => (await api('GET', '/api/v1/subscription', { token: user.token })).body.subscription;
const monthsStatus = async (user: TestUser) => (await api('GET', '/api/v1/income_months', { token: user.token })).status;
const userRow = async (user: TestUser) => (await db().select().from(users).where(eq(users.id, user.id)))[0];

/** A subscriber with a Stripe customer, through a completed checkout and the cleanup helper. */
async function subscriber(): Promise<{ user: TestUser; customer: string; subscriptionId: string }> {
  const user = await signUp(api);
  const session = await checkout(user);
  const sub = fake.completeCheckout(session.id);
  const confirmed = await api('POST', '/api/v1/checkout_success', { token: user.token, body: { session_id: session.id } });
  expect(confirmed.status).toBe(200);
  return { user, customer: sub.customer as string, subscriptionId: sub.id as string };
}

describe('plans and prices', () => {
  it('finds the two prices by lookup key and hands their ids to the client', async () => {
    const response = await api('GET', '/api/v1/payment_config');
    expect(response.status).toBe(200);
    expect(response.body.payment_config).toEqual({
      provider: 'stripe',
      test_mode: false,
      trial_days: 14,
      plans: [
        { id: 'monthly', name: 'Monthly', price_id: PRICE_MONTHLY, amount: 5.99, interval: 'month', price_label: '$5.99 per month' },
        { id: 'yearly', name: 'Yearly', price_id: PRICE_YEARLY, amount: 60, interval: 'year', price_label: '$60.00 per year' },
      ],
    });
    const lookups = fake.calls('GET', '/v1/prices');
    expect(lookups.length).toBeGreaterThanOrEqual(1);
    const query = lookups[0]?.query;
    expect([query?.get('lookup_keys[0]'), query?.get('lookup_keys[1]'), query?.get('active')]).toEqual(['runway_monthly', 'runway_yearly', 'true']);
  });
  it('uses STRIPE_PRICE_* as given without a lookup, and refuses (503) when a lookup key has no price', async () => {
    const errors: string[] = [];
    const log = { warn: () => undefined, error: (_obj: object, msg: string) => void errors.push(msg) };
    const settings = { secretKey: 'sk_test_fake', apiBase: fake.url, lookupKeys: { monthly: 'runway_monthly', yearly: 'runway_yearly' } };
    const before = fake.requests.length;
    const configured = new StripeProvider({ ...settings, prices: { monthly: 'price_m', yearly: 'price_y' } }, log);
    expect(await configured.priceIds()).toEqual({ ok: true, value: { monthly: 'price_m', yearly: 'price_y' } });
    expect(fake.requests.length).toBe(before);

    const missing = new StripeProvider({ ...settings, prices: {}, lookupKeys: { monthly: 'runway_monthly', yearly: 'no_such_key' } }, log);
    expect(await missing.priceIds()).toEqual({ ok: false, status: 503, message: 'The payment provider is not available right now. Please try again.' });
    expect(errors).toEqual(['Stripe has no active price with the lookup key of the yearly plan']);
  });
});

describe('create_checkout_session', () => {
  it('creates a customer, then a subscription-mode session with the price, the 14-day trial and the return urls', async () => {
    const user = await signUp(api);
    const before = fake.requests.length;
    const session = await checkout(user, PRICE_YEARLY, 'yearly');
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.id}`);

    const sent = fake.requests.slice(before).filter((r) => r.method === 'POST');
    expect(sent.map((r) => r.path)).toEqual(['/v1/customers', '/v1/checkout/sessions']);
    const [customerCall, sessionCall] = sent;
    expect(customerCall?.form.get('email')).toBe(user.email);
    const customer = [...fake.customers.values()].find((c) => c.email === user.email);
    const form = Object.fromEntries(sessionCall?.form ?? []);
    expect(form).toMatchObject({
      mode: 'subscription',
      customer: customer?.id,
      client_reference_id: String(user.id),
      'line_items[0][price]': PRICE_YEARLY,
      'line_items[0][quantity]': '1',
      'subscription_data[trial_period_days]': '14',
      'subscription_data[metadata][user_id]': String(user.id),
      'subscription_data[metadata][plan]': 'yearly',
      success_url: 'https://runway.example/subscribe/yearly?success=true&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://runway.example/subscribe/yearly?canceled=true',
    });
    // The raw body is form-encoded, as Stripe's API takes it.
    expect(sessionCall?.headers['content-type']).toMatch(/application\/x-www-form-urlencoded/);
    expect(sessionCall?.raw).toContain('session_id%3D%7BCHECKOUT_SESSION_ID%7D');

    // The customer is the user's from now on: login answers it, and the next checkout reuses it.
    expect((await userRow(user))?.stripeCustomerId).toBe(customer?.id);
    const login = await signIn(api, user.email, user.password);
    expect(login.body.status.data.user).toMatchObject({ subscribed: false, stripe_customer_id: customer?.id });
    const again = fake.requests.length;
    await checkout(user);
    expect(fake.requests.slice(again).filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/v1/checkout/sessions']);
  });

  it('refuses bad input with 422 and a message, and anonymous callers with 401', async () => {
    const user = await signUp(api);
    const post = (body: unknown) => api('POST', '/api/v1/create_checkout_session', { token: user.token, body });
    expect(outcome(await post({ price_id: 'price_nope', location: 'monthly' }))).toEqual({ status: 422, body: errorBody('Unknown price id', { price_id: ['Unknown price id'] }) });
    expect(outcome(await post({ location: 'monthly' }))).toEqual({ status: 422, body: errorBody('Price id is required', { price_id: ['Price id is required'] }) });
    expect(outcome(await post({ price_id: PRICE_MONTHLY, location: 'weekly' }))).toEqual({
      status: 422,
      body: errorBody('Location must be monthly or yearly', { location: ['Location must be monthly or yearly'] }),
    });
    expect(outcome(await post({ price_id: 42, location: 7 }))).toEqual({
      status: 422,
      body: errorBody('Price id is required', { price_id: ['Price id is required'], location: ['Location must be monthly or yearly'] }),
    });
    expect(outcome(await post({ price_id: PRICE_MONTHLY, location: 'yearly' }))).toEqual({
      status: 422,
      body: errorBody('Location must match the plan of the price (monthly)', { location: ['Location must match the plan of the price (monthly)'] }),
    });
    expect(outcome(await api('POST', '/api/v1/create_checkout_session', { body: { price_id: PRICE_MONTHLY, location: 'monthly' } }))).toEqual({ status: 401, body: errorBody(NOT_SIGNED_IN) });
  });

  it('answers 502 with a message when Stripe fails, and creates nothing', async () => {
    const user = await signUp(api);
    // stripe-node retries a 500 twice before giving up.
    fake.failNext = { path: /^\/v1\/customers$/, status: 500, times: 3 };
    const response = await api('POST', '/api/v1/create_checkout_session', { token: user.token, body: { price_id: PRICE_MONTHLY, location: 'monthly' } });
    expect(outcome(response)).toEqual({ status: 502, body: errorBody('The payment provider is not available right now. Please try again.') });
    expect((await userRow(user))?.stripeCustomerId).toBeNull();
  });
});

describe('checkout_success', () => {
  it('confirms with Stripe, subscribes the user at once and unlocks the month tables', async () => {
    const user = await signUp(api);
    const session = await checkout(user);
    expect(await monthsStatus(user)).toBe(403);

    // Not paid yet: nothing changes.
    const early = await api('POST', '/api/v1/checkout_success', { token: user.token, body: { session_id: session.id } });
    expect(outcome(early)).toEqual({ status: 409, body: errorBody('This checkout is not complete') });

    const sub = fake.completeCheckout(session.id);
    const confirmed = await api('POST', '/api/v1/checkout_success', { token: user.token, body: { session_id: session.id } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ subscribed: true, subscription: { subscribed: true, provider: 'stripe', plan: 'monthly', status: 'trialing' } });
    expect(Date.parse(confirmed.body.subscription.trial_end) / 1000).toBe(sub.trial_end);
    const retrieve = fake.calls('GET', `/v1/checkout/sessions/${session.id}`).at(-1);
    expect([...(retrieve?.query.values() ?? [])]).toContain('subscription');

    expect(await monthsStatus(user)).toBe(200);
    const login = await signIn(api, user.email, user.password);
    expect(login.body.status.data.user.subscribed).toBe(true);
    const rows = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'stripe', providerSubscriptionId: sub.id, status: 'trialing', plan: 'monthly' });

    // Calling it again (a reload of the success page) changes nothing.
    const again = await api('POST', '/api/v1/checkout_success', { token: user.token, body: { session_id: session.id } });
    expect(again.body.subscribed).toBe(true);
  });

  it("never confirms another user's checkout, and checks its input", async () => {
    const owner = await signUp(api);
    const intruder = await signUp(api);
    const session = await checkout(owner);
    fake.completeCheckout(session.id);
    const stolen = await api('POST', '/api/v1/checkout_success', { token: intruder.token, body: { session_id: session.id } });
    expect(outcome(stolen)).toEqual({ status: 404, body: errorBody('Checkout session not found') });
    expect((await userRow(intruder))?.subscribed).toBe(false);

    expect(outcome(await api('POST', '/api/v1/checkout_success', { token: owner.token, body: { session_id: 'cs_test_unknown' } }))).toEqual({
      status: 404,
      body: errorBody('Checkout session not found'),
    });
    expect(outcome(await api('POST', '/api/v1/checkout_success', { token: owner.token, body: {} }))).toEqual({
      status: 422,
      body: errorBody('Session id is required', { session_id: ['Session id is required'] }),
    });
    expect(outcome(await api('POST', '/api/v1/checkout_success', { token: owner.token, body: { session_id: '../../v1/customers' } }))).toEqual({
      status: 422,
      body: errorBody('Session id is not valid', { session_id: ['Session id is not valid'] }),
    });
  });

  it('offers the trial only to a first subscription', async () => {
    const { user, customer, subscriptionId } = await subscriber();
    const ended = fake.subscription({ id: subscriptionId, customer, status: 'canceled', current_period_end: Math.floor(Date.now() / 1000) + 10 * DAY, ended_at: Math.floor(Date.now() / 1000) });
    expect((await deliver(fake.event('customer.subscription.deleted', ended))).status).toBe(200);
    expect((await subscription(user)).subscribed).toBe(false);

    const before = fake.requests.length;
    await checkout(user);
    const form = fake.requests.slice(before).find((r) => r.path === '/v1/checkout/sessions')?.form;
    expect(form?.get('customer')).toBe(customer);
    expect(form?.has('subscription_data[trial_period_days]')).toBe(false);
  });

  it('refuses a second checkout while subscribed (409)', async () => {
    const { user } = await subscriber();
    const response = await api('POST', '/api/v1/create_checkout_session', { token: user.token, body: { price_id: PRICE_YEARLY, location: 'yearly' } });
    expect(outcome(response)).toEqual({ status: 409, body: errorBody('You are already subscribed. Manage your subscription from the Account menu.') });
  });
});

describe('the Stripe webhook', () => {
  let listener: Listener | null = null;
  afterAll(() => listener?.close());

  it('applies a signed subscription event once, even when delivered twice, and tells open tabs', async () => {
    const user = await signUp(api);
    await checkout(user); // gives the user a Stripe customer
    const customer = (await userRow(user))?.stripeCustomerId as string;
    listener = listen(server.url, user.token, user.email);
    await listener.confirmed;

    const sub = fake.subscription({ customer, status: 'active', metadata: { user_id: String(user.id), plan: 'yearly' }, current_period_end: Math.floor(Date.now() / 1000) + 365 * DAY, price: fake.prices[1] });
    const event = fake.event('customer.subscription.created', sub);
    const first = await deliver(event);
    expect(outcome(first)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    // (On PostgreSQL a notice of the checkout's earlier change may still arrive after connecting: wait for this one.)
    const message = await listener.waitFor((m) => m.type === 'Subscription' && m.data.subscribed === true);
    expect(message).toMatchObject({ action: 'updated', data: { subscribed: true, provider: 'stripe', plan: 'yearly', status: 'active', cancel_at_period_end: false } });
    expect(await monthsStatus(user)).toBe(200);

    const second = await deliver(event);
    expect(outcome(second)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await db().select().from(paymentEvents).where(and(eq(paymentEvents.provider, 'stripe'), eq(paymentEvents.id, event.id)))).toHaveLength(1);
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);

    // The cancellation reaches the open tab too, and locks the month tables again.
    const deleted = { ...sub, status: 'canceled', ended_at: Math.floor(Date.now() / 1000) };
    expect((await deliver(fake.event('customer.subscription.deleted', deleted))).status).toBe(200);
    const off = await listener.waitFor((m) => m.type === 'Subscription' && m.data.status === 'canceled');
    expect(off.data).toMatchObject({ status: 'canceled' });
    expect(await monthsStatus(user)).toBe(403);
    // The redelivery sent nothing: one message turned it on, one turned it off.
    expect(listener.received.filter((m) => m.type === 'Subscription' && m.data.status !== null).map((m) => m.data.status)).toEqual(['active', 'canceled']);
  });

  it('applies an event delivered twice at the same moment exactly once', async () => {
    const user = await signUp(api);
    await checkout(user);
    const customer = (await userRow(user))?.stripeCustomerId as string;
    const sub = fake.subscription({ customer, status: 'active', metadata: { user_id: String(user.id) }, current_period_end: Math.floor(Date.now() / 1000) + 30 * DAY });
    const event = fake.event('customer.subscription.created', sub);
    const answers = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.body.duplicate === false)).toHaveLength(1);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toHaveLength(1);
    expect((await subscription(user)).subscribed).toBe(true);
  });

  it('refuses a bad, stale or missing signature with 400 and changes nothing', async () => {
    const user = await signUp(api);
    await checkout(user);
    const customer = (await userRow(user))?.stripeCustomerId as string;
    const sub = fake.subscription({ customer, status: 'active', metadata: { user_id: String(user.id) }, current_period_end: Math.floor(Date.now() / 1000) + 30 * DAY });
    const event = fake.event('customer.subscription.updated', sub);

    const wrongSecret = await deliver(event, { secret: 'whsec_someone_else' });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body.message).toMatch(/^Webhook signature verification failed/);
    const stale = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toMatch(/tolerance/i);
    const missing = await deliver(event, { signature: null });
    expect(outcome(missing)).toEqual({ status: 400, body: errorBody('The Stripe-Signature header is missing') });
    // A body altered after signing.
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await api('POST', '/api/v1/stripe/webhook', { raw: payload.replace('"active"', '"trialing"'), headers: { 'content-type': 'application/json', 'stripe-signature': header } });
    expect(tampered.status).toBe(400);

    expect((await userRow(user))?.subscribed).toBe(false);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toEqual([]);
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toEqual([]);
  });

  it('completes a checkout from checkout.session.completed, reading the subscription from Stripe', async () => {
    const user = await signUp(api);
    const session = await checkout(user);
    const sub = fake.completeCheckout(session.id);
    const completed = { ...fake.sessions.get(session.id) };
    const response = await deliver(fake.event('checkout.session.completed', completed));
    expect(response.status).toBe(200);
    expect(fake.calls('GET', `/v1/subscriptions/${sub.id}`)).toHaveLength(1);
    expect(await subscription(user)).toMatchObject({ subscribed: true, status: 'trialing', plan: 'monthly' });
  });

  it('keeps access while past due until the paid period ends, then not', async () => {
    const { user, customer, subscriptionId } = await subscriber();
    const t = Math.floor(Date.now() / 1000);
    const grace = fake.subscription({ id: subscriptionId, customer, status: 'past_due', metadata: { user_id: String(user.id) }, current_period_end: t + 3 * DAY });
    await deliver(fake.event('customer.subscription.updated', grace, t + 1));
    expect(await subscription(user)).toMatchObject({ subscribed: true, status: 'past_due' });
    const lapsed = fake.subscription({ id: subscriptionId, customer, status: 'unpaid', metadata: { user_id: String(user.id) }, current_period_end: t - DAY });
    await deliver(fake.event('customer.subscription.updated', lapsed, t + 2));
    expect(await subscription(user)).toMatchObject({ subscribed: false, status: 'unpaid' });
    expect(await monthsStatus(user)).toBe(403);
  });

  it('turns a past-due user off once the paid period has run out without further news (housekeeping)', async () => {
    const { user, customer, subscriptionId } = await subscriber();
    const t = Math.floor(Date.now() / 1000);
    const grace = fake.subscription({ id: subscriptionId, customer, status: 'past_due', metadata: { user_id: String(user.id) }, current_period_end: t + 3 * DAY });
    await deliver(fake.event('customer.subscription.updated', grace, t + 1));
    const listener = listen(server.url, user.token, user.email);
    await listener.confirmed;
    try {
      const { ctx } = server.server;
      const deps = { db: ctx.database.db, changes: ctx.changes, cache: ctx.cache, clock: ctx.clock };
      // Nothing lapsed yet: nobody changes, nobody hears anything.
      await expireLapsed(deps);
      expect((await subscription(user)).subscribed).toBe(true);
      // Four days on, the period is over.
      await expireLapsed({ ...deps, clock: { now: () => new Date(Date.now() + 4 * DAY * 1000) } });
      expect((await userRow(user))?.subscribed).toBe(false);
      expect(await monthsStatus(user)).toBe(403);
      const message = await listener.waitFor((m) => m.type === 'Subscription' && m.data.status === 'past_due' && m.data.subscribed === false);
      expect(message.data).toMatchObject({ subscribed: false, status: 'past_due' });
    } finally {
      listener.close();
    }
  });

  it('does not let an older event undo a newer one (events arrive out of order)', async () => {
    const { user, customer, subscriptionId } = await subscriber();
    const t = Math.floor(Date.now() / 1000) + 60;
    const canceled = fake.subscription({ id: subscriptionId, customer, status: 'canceled', metadata: { user_id: String(user.id) }, current_period_end: t + DAY, ended_at: t - 60 });
    const active = fake.subscription({ id: subscriptionId, customer, status: 'active', metadata: { user_id: String(user.id) }, current_period_end: t + 30 * DAY });
    await deliver(fake.event('customer.subscription.deleted', canceled, t + 10));
    const late = await deliver(fake.event('customer.subscription.updated', active, t));
    expect(late.status).toBe(200);
    expect(await subscription(user)).toMatchObject({ subscribed: false, status: 'canceled' });
  });

  it('finds the user by customer when the metadata is missing, and acknowledges events about no user of ours', async () => {
    const user = await signUp(api);
    await checkout(user);
    const customer = (await userRow(user))?.stripeCustomerId as string;
    const sub = fake.subscription({ customer, status: 'active', current_period_end: Math.floor(Date.now() / 1000) + 30 * DAY });
    await deliver(fake.event('customer.subscription.created', sub));
    expect((await subscription(user)).subscribed).toBe(true);

    const stranger = fake.subscription({ customer: 'cus_nobody', status: 'active', current_period_end: Math.floor(Date.now() / 1000) + 30 * DAY });
    const event = fake.event('customer.subscription.created', stranger);
    expect(outcome(await deliver(event))).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(outcome(await deliver(event))).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(outcome(await deliver(fake.event('invoice.paid', { id: 'in_1', object: 'invoice' })))).toEqual({ status: 200, body: { received: true, duplicate: false } });
  });
});

describe('create_portal_session', () => {
  it("opens Stripe's portal for the user's customer, returning to /subscribe", async () => {
    const { user, customer } = await subscriber();
    const response = await api('POST', '/api/v1/create_portal_session', { token: user.token, body: {} });
    expect(response.status).toBe(200);
    expect(response.body.portal_session.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    const call = fake.calls('POST', '/v1/billing_portal/sessions').at(-1);
    expect(Object.fromEntries(call?.form ?? [])).toEqual({ customer, return_url: 'https://runway.example/subscribe' });
  });

  it('answers 409 when there is nothing to manage', async () => {
    const user = await signUp(api);
    expect(outcome(await api('POST', '/api/v1/create_portal_session', { token: user.token, body: {} }))).toEqual({ status: 409, body: errorBody('There is no subscription to manage yet.') });
  });
});
