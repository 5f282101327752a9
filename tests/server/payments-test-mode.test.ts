/**
 * The built-in test-mode provider (no STRIPE_SECRET_KEY) over real HTTP: its checkout and portal
 * pages, the subscription they create and cancel through the same domain function as Stripe's
 * webhooks, the live channel, the read cache, and the domain's derivation rule itself.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS as CLIENT_PLANS } from '../../src/client/features/subscribe/plans.ts';
import { setSubscribed } from '../../src/server/auth/accounts.ts';
import { subscriptions, users } from '../../src/server/db/schema.ts';
import { isEntitled, summarize } from '../../src/server/payments/domain.ts';
import { addInterval, PLANS } from '../../src/server/payments/plans.ts';
import { listen } from './cable-client.ts';
import { client, errorBody, newSession, NOT_SIGNED_IN, outcome, signIn, signUp, type Api, type TestServer, type TestUser, startServer } from './harness.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The server's clock: real time, moved forward by tests that need a session to expire. */
let offsetMs = 0;
let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startServer({ clock: { now: () => new Date(Date.now() + offsetMs) } });
  api = client(server.url);
});
afterAll(() => server?.close());

const db = () => server.server.database.db;

/** A browser's form post: no redirects followed, the page as text. */
async function form(path: string) {
  const response = await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

async function page(path: string) {
  const response = await fetch(server.url + path);
  return { status: response.status, type: response.headers.get('content-type'), cache: response.headers.get('cache-control'), csp: response.headers.get('content-security-policy'), text: await response.text() };
}

async function priceId(plan: 'monthly' | 'yearly'): Promise<string> {
  const config = await api('GET', '/api/v1/payment_config');
  return config.body.payment_config.plans.find((p: { id: string }) => p.id === plan).price_id;
}

async function startCheckout(user: TestUser, plan: 'monthly' | 'yearly' = 'monthly') {
  const response = await api('POST', '/api/v1/create_checkout_session', { token: user.token, body: { price_id: await priceId(plan), location: plan } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.checkout_session as { id: string; url: string };
}

async function openPortal(user: TestUser): Promise<string> {
  const response = await api('POST', '/api/v1/create_portal_session', { token: user.token, body: {} });
  expect(response.status).toBe(200);
  return response.body.portal_session.url as string;
}

const subscription = async (user: TestUser) => (await api('GET', '/api/v1/subscription', { token: user.token })).body.subscription;
const monthsStatus = async (user: TestUser) => (await api('GET', '/api/v1/debt_months', { token: user.token })).status;
const h1Count = (html: string) => (html.match(/<h1[\s>]/g) ?? []).length;

describe('the plans', () => {
  it('has test price ids, the documented prices, and the client shows the same plans', async () => {
    const config = await api('GET', '/api/v1/payment_config');
    expect(config.body.payment_config).toMatchObject({
      provider: 'test',
      test_mode: true,
      trial_days: 14,
      plans: [
        { id: 'monthly', name: 'Monthly', price_id: 'price_test_monthly', amount: 5.99, interval: 'month', price_label: '$5.99 per month' },
        { id: 'yearly', name: 'Yearly', price_id: 'price_test_yearly', amount: 60, interval: 'year', price_label: '$60.00 per year' },
      ],
    });
    for (const plan of ['monthly', 'yearly'] as const) {
      expect({ name: CLIENT_PLANS[plan].name, price: CLIENT_PLANS[plan].price }).toEqual({ name: PLANS[plan].name, price: PLANS[plan].priceLabel });
    }
    // The yearly saving the page claims is the true difference.
    expect(PLANS.monthly.amountCents * 12 - PLANS.yearly.amountCents).toBe(1188);
  });
});

describe('test-mode checkout', () => {
  it('serves its own labelled, uncached checkout page for the plan', async () => {
    const user = await signUp(api);
    const session = await startCheckout(user, 'yearly');
    expect(session.url).toBe(`/payments/test/checkout/${session.id}`);
    const html = await page(session.url);
    expect(html.status).toBe(200);
    expect(html.type).toMatch(/^text\/html/);
    expect(html.cache).toBe('no-store');
    expect(html.csp).toContain("script-src 'self'");
    expect(html.text).toContain('Test mode — no card is charged');
    expect(html.text).toContain('Yearly Plan');
    expect(html.text).toContain('$60.00 per year');
    expect(html.text).toContain('14-day free trial');
    expect(html.text).toContain(user.email);
    expect(html.text).toContain('>Pay (test mode)</button>');
    expect(html.text).toContain('>Cancel</button>');
    expect(html.text).toContain('<html lang="en">');
    // The app's own icon, so the browser does not ask for a /favicon.ico the server lacks.
    expect(html.text).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(html.text).not.toContain('<script');
    expect(h1Count(html.text)).toBe(1);
  });

  it('Pay subscribes the user in a 14-day trial, unlocks the month tables, and tells open tabs', async () => {
    const user = await signUp(api);
    // The user's session (with subscribed: false) is now in the read cache.
    expect(await monthsStatus(user)).toBe(403);
    const listener = listen(server.url, user.token, user.email);
    await listener.confirmed;
    try {
      const session = await startCheckout(user);
      const before = Date.now();
      const paid = await form(`${session.url}/pay`);
      expect(paid.status).toBe(303);
      expect(paid.location).toBe(`/subscribe/monthly?success=true&session_id=${session.id}`);

      const message = await listener.waitFor((m) => m.type === 'Subscription');
      expect(message).toMatchObject({ action: 'updated', data: { subscribed: true, provider: 'test', plan: 'monthly', status: 'trialing', cancel_at_period_end: false } });
      const trialEnd = Date.parse(message.data.trial_end);
      expect(trialEnd).toBeGreaterThanOrEqual(before + 14 * DAY_MS - 1000);
      expect(trialEnd).toBeLessThanOrEqual(Date.now() + 14 * DAY_MS);
      expect(message.data.current_period_end).toBe(message.data.trial_end);

      expect(await monthsStatus(user)).toBe(200);
      const confirmed = await api('POST', '/api/v1/checkout_success', { token: user.token, body: { session_id: session.id } });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toEqual({ subscribed: true, subscription: message.data });
      expect((await signIn(api, user.email, user.password)).body.status.data.user.subscribed).toBe(true);

      // A second click on Pay (or a replayed form) changes nothing.
      const again = await form(`${session.url}/pay`);
      expect(again.status).toBe(200);
      expect(again.text).toContain('This checkout is complete.');
      expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
      expect(listener.received.filter((m) => m.type === 'Subscription')).toHaveLength(1);
    } finally {
      listener.close();
    }
  });

  it('Cancel buys nothing and returns to the plan page with canceled=true', async () => {
    const user = await signUp(api);
    const session = await startCheckout(user, 'yearly');
    const canceled = await form(`${session.url}/cancel`);
    expect(canceled).toMatchObject({ status: 303, location: '/subscribe/yearly?canceled=true' });
    expect((await subscription(user)).subscribed).toBe(false);
    // The canceled checkout cannot be paid afterwards.
    const late = await form(`${session.url}/pay`);
    expect(late.text).toContain('This checkout was canceled.');
    expect((await subscription(user)).subscribed).toBe(false);
    const confirm = await api('POST', '/api/v1/checkout_success', { token: user.token, body: { session_id: session.id } });
    expect(outcome(confirm)).toEqual({ status: 409, body: errorBody('This checkout is not complete') });
  });

  it('answers unknown and expired checkouts with a page saying so', async () => {
    const missing = await page('/payments/test/checkout/cs_test_nope');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Checkout not found');
    expect(h1Count(missing.text)).toBe(1);

    const user = await signUp(api);
    const session = await startCheckout(user);
    offsetMs = 2 * DAY_MS;
    try {
      const expired = await page(session.url);
      expect(expired.status).toBe(410);
      expect(expired.text).toContain('This checkout link has expired.');
      expect((await form(`${session.url}/pay`)).status).toBe(410);
    } finally {
      offsetMs = 0;
    }
    expect((await subscription(user)).subscribed).toBe(false);
  });

  it('answers a page id no session could have (NUL, spaces, slashes) as not found, never a 500', async () => {
    // '%00' once reached PostgreSQL as a NUL in a text parameter, which it refuses (found by the fuzz layer).
    for (const id of ['%00', 'cs_test_%00', '%20', '..%2F', 'cs_test_~']) {
      const checkout = await page(`/payments/test/checkout/${id}`);
      expect({ id, status: checkout.status, notFound: checkout.text.includes('Checkout not found') }).toEqual({ id, status: 404, notFound: true });
      expect((await form(`/payments/test/checkout/${id}/pay`)).status, id).toBe(404);
      expect((await form(`/payments/test/checkout/${id}/cancel`)).status, id).toBe(404);
      const portal = await page(`/payments/test/portal/${id}`);
      expect({ id, status: portal.status, notFound: portal.text.includes('Portal not found') }).toEqual({ id, status: 404, notFound: true });
      expect((await form(`/payments/test/portal/${id}/cancel`)).status, id).toBe(404);
    }
  });

  it("never confirms another user's checkout", async () => {
    const owner = await signUp(api);
    const intruder = await signUp(api);
    const session = await startCheckout(owner);
    await form(`${session.url}/pay`);
    const stolen = await api('POST', '/api/v1/checkout_success', { token: intruder.token, body: { session_id: session.id } });
    expect(outcome(stolen)).toEqual({ status: 404, body: errorBody('Checkout session not found') });
    expect((await subscription(intruder)).subscribed).toBe(false);
  });

  it('keeps /payments/ out of the web app: unknown paths there answer 404', async () => {
    const response = await api('GET', '/payments/test/nothing');
    expect(outcome(response)).toEqual({ status: 404, body: errorBody('Not found') });
  });

  it('has no webhook in test mode', async () => {
    const response = await api('POST', '/api/v1/stripe/webhook', { body: { id: 'evt_1' } });
    expect(response.status).toBe(404);
  });

  it('needs a signed-in user for every payment call', async () => {
    for (const path of ['/api/v1/create_checkout_session', '/api/v1/create_portal_session', '/api/v1/checkout_success']) {
      expect(outcome(await api('POST', path, { body: {} })), path).toEqual({ status: 401, body: errorBody(NOT_SIGNED_IN) });
    }
    expect((await api('GET', '/api/v1/subscription')).status).toBe(401);
  });
});

describe('how often a checkout or the portal can be opened', () => {
  it('30 a minute per signed-in user, whatever the session; another person at the same address is not held back', async () => {
    const busy = await signUp(api);
    const price = await priceId('monthly');
    const start = (token: string) => api('POST', '/api/v1/create_checkout_session', { token, body: { price_id: price, location: 'monthly' } });
    for (let i = 0; i < 30; i++) expect((await start(busy.token)).status).toBe(200);
    const limited = await start(busy.token);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many attempts\. Please wait (1 minute|\d+ seconds) and try again\.$/);
    // Signing in again buys nothing: the count is the user's.
    expect((await start(await newSession(api, busy))).status).toBe(429);
    const colleague = await signUp(api);
    expect((await start(colleague.token)).status).toBe(200);
    // A request that fails authentication is refused as such, and counts for no one.
    expect((await api('POST', '/api/v1/create_checkout_session', { token: 'not-a-token', body: { price_id: price, location: 'monthly' } })).status).toBe(401);
  });

  it('the portal is limited the same way', async () => {
    const busy = await signUp(api);
    const portal = (token: string) => api('POST', '/api/v1/create_portal_session', { token, body: {} });
    for (let i = 0; i < 30; i++) expect((await portal(busy.token)).status).toBe(200);
    expect((await portal(busy.token)).status).toBe(429);
    expect((await portal((await signUp(api)).token)).status).toBe(200);
  });
});

describe('GET /api/v1/subscription', () => {
  it('says what unlocks the month tables, also for a subscription granted by hand (no subscription row)', async () => {
    const user = await signUp(api);
    expect(await subscription(user)).toMatchObject({ subscribed: false, status: null });
    // What `npm run subscribe EMAIL on` does; the app asks this call to correct a stale stored flag.
    await setSubscribed(db(), user.email, true);
    server.server.ctx.cache.forget(user.id);
    expect(await monthsStatus(user)).toBe(200);
    expect((await signIn(api, user.email, user.password)).body.status.data.user.subscribed).toBe(true);
    expect(await subscription(user)).toMatchObject({ subscribed: true, provider: null, status: null });

    await setSubscribed(db(), user.email, false);
    server.server.ctx.cache.forget(user.id);
    expect(await monthsStatus(user)).toBe(403);
    expect(await subscription(user)).toMatchObject({ subscribed: false });
  });
});

describe('test-mode portal', () => {
  it('cancels the subscription: analytics locks at once, and open tabs hear it', async () => {
    const user = await signUp(api);
    const session = await startCheckout(user);
    await form(`${session.url}/pay`);
    expect(await monthsStatus(user)).toBe(200);

    const url = await openPortal(user);
    expect(url).toMatch(/^\/payments\/test\/portal\/bps_test_/);
    const before = await page(url);
    expect(before.status).toBe(200);
    expect(before.cache).toBe('no-store');
    expect(before.text).toContain('Test mode — no card is charged');
    expect(before.text).toContain('Monthly Plan, $5.99 per month');
    expect(before.text).toContain('Free trial until');
    expect(before.text).toContain('>Cancel subscription</button>');
    expect(h1Count(before.text)).toBe(1);

    const listener = listen(server.url, user.token, user.email);
    await listener.confirmed;
    try {
      const canceled = await form(`${url}/cancel`);
      expect(canceled).toMatchObject({ status: 303, location: `${url}?canceled=1` });
      // (On PostgreSQL the notice of the payment may still arrive after connecting: wait for this one.)
      const message = await listener.waitFor((m) => m.type === 'Subscription' && m.data.subscribed === false);
      expect(message.data).toMatchObject({ subscribed: false, status: 'canceled' });
    } finally {
      listener.close();
    }
    expect(await monthsStatus(user)).toBe(403);
    const after = await page(`${url}?canceled=1`);
    expect(after.text).toContain('Your subscription is canceled.');
    expect(after.text).toContain('No active subscription');
    expect(after.text).toContain('href="/subscribe"');
    expect((await signIn(api, user.email, user.password)).body.status.data.user.subscribed).toBe(false);
  });

  it('a second subscription starts without a trial, active for one period', async () => {
    const user = await signUp(api);
    await form(`${(await startCheckout(user)).url}/pay`);
    await form(`${await openPortal(user)}/cancel`);

    const session = await startCheckout(user, 'yearly');
    expect((await page(session.url)).text).not.toContain('free trial');
    await form(`${session.url}/pay`);
    const now = await subscription(user);
    expect(now).toMatchObject({ subscribed: true, status: 'active', plan: 'yearly', trial_end: null });
    const periodEnd = Date.parse(now.current_period_end);
    expect(periodEnd - Date.now()).toBeGreaterThan(364 * DAY_MS);
    expect(periodEnd - Date.now()).toBeLessThanOrEqual(366 * DAY_MS);
  });

  it('refuses a checkout while subscribed', async () => {
    const user = await signUp(api);
    await form(`${(await startCheckout(user)).url}/pay`);
    const response = await api('POST', '/api/v1/create_checkout_session', { token: user.token, body: { price_id: 'price_test_yearly', location: 'yearly' } });
    expect(response.status).toBe(409);
    const row = (await db().select().from(users).where(eq(users.id, user.id)))[0];
    expect(row?.subscribed).toBe(true);
  });
});

describe('the derivation rule (one function for every provider)', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const later = new Date('2026-12-21T12:00:00Z');
  const earlier = new Date('2026-10-21T12:00:00Z');

  it.each([
    ['active', later, null, true],
    ['trialing', later, null, true],
    ['active', earlier, null, true],
    ['past_due', later, null, true],
    ['past_due', earlier, null, false],
    ['unpaid', later, null, true],
    ['unpaid', earlier, null, false],
    ['canceled', later, null, true],
    ['canceled', later, now, false],
    ['canceled', earlier, null, false],
    ['incomplete', later, null, false],
    ['incomplete_expired', later, null, false],
    ['paused', later, null, false],
  ] as const)('%s, period ending %s, ended %s ⇒ %s', (status, currentPeriodEnd, endedAt, expected) => {
    expect(isEntitled({ status, currentPeriodEnd, endedAt }, now)).toBe(expected);
  });

  it('summarizes several subscriptions: subscribed if any is entitled, details of the longest-lasting one', () => {
    const row = (id: number, status: string, end: Date, asOf: Date) => ({
      id,
      userId: 1,
      provider: 'test',
      providerSubscriptionId: `sub_${id}`,
      providerCustomerId: null,
      plan: id === 1 ? 'monthly' : 'yearly',
      status,
      trialEnd: null,
      currentPeriodEnd: end,
      endedAt: status === 'canceled' ? asOf : null,
      cancelAtPeriodEnd: false,
      stateAsOf: asOf,
      createdAt: asOf,
      updatedAt: asOf,
    });
    expect(summarize([], now)).toEqual({ subscribed: false, provider: null, plan: null, status: null, trial_end: null, current_period_end: null, cancel_at_period_end: false });
    expect(summarize([row(1, 'canceled', later, earlier), row(2, 'active', later, earlier)], now)).toMatchObject({ subscribed: true, plan: 'yearly', status: 'active' });
    expect(summarize([row(1, 'canceled', later, now), row(2, 'canceled', later, earlier)], now)).toMatchObject({ subscribed: false, plan: 'monthly', status: 'canceled' });
  });

  it('adds calendar periods the way Stripe bills them', () => {
    expect(addInterval(new Date('2026-01-31T10:00:00Z'), 'month').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addInterval(new Date('2028-02-29T10:00:00Z'), 'year').toISOString()).toBe('2029-02-28T10:00:00.000Z');
    expect(addInterval(new Date('2026-11-21T10:00:00Z'), 'month').toISOString()).toBe('2026-12-21T10:00:00.000Z');
  });
});
