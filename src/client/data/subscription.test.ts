/**
 * The session's subscription flag as the live channel changes it: a 'Subscription' message turns
 * analytics on (and pulls the month tables at once) or off (and drops them from the mirror).
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionData, UpdateMessage } from '../../shared/cable.ts';
import type { ApiResult, ApiTransport } from './api.ts';
import type { LiveChannelOptions } from './live/cable.ts';
import { createDataLayer } from './data-layer.ts';
import { SUBSCRIPTION_PATH, type DataLayer } from './layer-api.ts';
import { STORAGE_KEYS, writeSession } from './session/session.ts';
import { createTestServer } from './test-server.testing.ts';
import { subscriptionUpdate } from './live/updates.ts';
import { eventually } from '../test-support/eventually.testing.ts';

const ANN = 'ann@example.com';
const MONTH_BODIES: Record<string, unknown> = {
  '/api/v1/income_months': { income_months: [{ id: 1, month: '2026-11', input_end_balance: null }] },
  '/api/v1/debt_months': { debts: [], total: [] },
  '/api/v1/retirement_months': { retirement_accounts: [], total: [] },
  '/api/v1/contribution_months': { retirement_accounts: [], total: [] },
};

const data = (subscribed: boolean, extra: Partial<SubscriptionData> = {}): SubscriptionData => ({
  subscribed,
  provider: 'test',
  plan: 'monthly',
  status: subscribed ? 'trialing' : 'canceled',
  trial_end: null,
  current_period_end: null,
  cancel_at_period_end: false,
  ...extra,
});

const layers: { layer: DataLayer; dbName: string }[] = [];
afterEach(async () => {
  for (const { layer, dbName } of layers.splice(0)) {
    layer.dispose();
    await Dexie.delete(dbName);
  }
});

/**
 * Ann signed in with `subscribed` stored, over the REST twin whose GET /api/v1/subscription answers
 * `serverSubscribed` (null: no answer, a 404). `holdChecks()` keeps the check's answers back (each
 * computed when its request arrives, as the server would) until its `release`.
 */
function setup(subscribed: boolean, serverSubscribed: boolean | null = subscribed, { online = true } = {}) {
  const server = createTestServer();
  server.subscribed = serverSubscribed;
  server.intercept = (request): ApiResult | undefined => {
    if (request.method !== 'GET') return undefined;
    // As the real server: the tables only for a subscriber (a check without an answer: served).
    if (request.path in MONTH_BODIES && server.subscribed === false) return { ok: false, kind: 'http', status: 403, message: 'A subscription is required', errors: null };
    if (request.path in MONTH_BODIES) return { ok: true, status: 200, data: MONTH_BODIES[request.path] };
    if (request.path === '/api/v1/feature_flags') return { ok: true, status: 200, data: { feature_flags: [] } };
    if (request.path === '/api/v1/profile') return { ok: true, status: 200, data: { user: JSON.stringify({ id: 1, email: ANN, birth_year: 1985 }) } };
    return undefined;
  };
  let held: Promise<void> | null = null;
  const transport: ApiTransport = {
    async request(request) {
      const answer = server.transport.request(request);
      if (held && request.path === SUBSCRIPTION_PATH) await held;
      return answer;
    },
  };
  const holdChecks = () => {
    let release = () => {};
    held = new Promise<void>((resolve) => (release = resolve));
    return () => {
      held = null;
      release();
    };
  };
  const map = new Map<string, string>();
  const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
  writeSession(storage, { authToken: 'token', email: ANN, isAuthenticated: true, stripeCustomerId: null, subscribed, birthYear: 1985 });
  let channel: LiveChannelOptions | null = null;
  const log = { warn: vi.fn(), error: vi.fn() };
  const dbName = `subscription-${crypto.randomUUID()}`;
  let isOnline = online;
  const events = new EventTarget();
  const layer = createDataLayer({
    dbName,
    storage,
    baseUrl: 'http://api.test',
    wsOrigin: 'ws://api.test',
    isOnline: () => isOnline,
    window: events,
    connectChannel: (options) => {
      channel = options;
      return { close: vi.fn() };
    },
    transport,
    log,
  });
  layers.push({ layer, dbName });
  const live = () => {
    if (!channel) throw new Error('no channel');
    return channel;
  };
  const send = (message: UpdateMessage) => live().onMessage(message);
  const goOnline = () => {
    isOnline = true;
    events.dispatchEvent(new Event('online'));
  };
  return { server, map, layer, log, send, live, goOnline, holdChecks };
}

const monthGets = (seen: string[]) => seen.filter((line) => line.startsWith('GET ') && line.endsWith('_months'));

describe('a Subscription message on the live channel', () => {
  it('turns the flag on, stores it, and pulls the month tables at once', async () => {
    const { server, map, layer, send } = setup(false);
    await layer.ready;
    expect(monthGets(server.seen())).toEqual([]);

    server.subscribed = true;
    await send({ type: 'Subscription', action: 'updated', data: data(true) });

    expect(layer.getSession().subscribed).toBe(true);
    expect(map.get(STORAGE_KEYS.subscribed)).toBe('true');
    expect(monthGets(server.seen()).sort()).toEqual(Object.keys(MONTH_BODIES).map((path) => `GET ${path}`).sort());
    expect(await layer.db.months.get('incomeMonths')).toEqual({ name: 'incomeMonths', body: MONTH_BODIES['/api/v1/income_months'], provisional: false, stamp: expect.any(String), actualsToken: expect.any(String) });
  });

  it('turns the flag off and drops the month tables the server no longer serves', async () => {
    const { map, layer, send } = setup(true);
    await layer.ready;
    expect(await layer.db.months.count()).toBe(4);

    await send({ type: 'Subscription', action: 'updated', data: data(false) });

    expect(layer.getSession().subscribed).toBe(false);
    expect(map.has(STORAGE_KEYS.subscribed)).toBe(false);
    expect(await layer.db.months.count()).toBe(0);
  });

  it('changes nothing when the flag is already as the message says', async () => {
    const { server, layer, send } = setup(true);
    await layer.ready;
    const before = server.seen().length;
    const changes = vi.fn();
    layer.subscribe(changes);
    await send({ type: 'Subscription', action: 'updated', data: data(true, { cancel_at_period_end: true }) });
    expect(changes).not.toHaveBeenCalled();
    expect(server.seen().length).toBe(before);
  });

  it('ignores (and logs) a Subscription message without a flag; other messages still apply', async () => {
    const { layer, log, send } = setup(false);
    await layer.ready;
    await send({ type: 'Subscription', action: 'updated', data: { status: 'active' } });
    expect(layer.getSession().subscribed).toBe(false);
    expect(log.warn).toHaveBeenCalled();
    await send({ type: 'MonthlyExpense', action: 'created', data: { id: 7, name: 'Rent', amount: 900, due_day: 1 } });
    expect(await layer.db.monthlyExpenses.get(7)).toMatchObject({ name: 'Rent' });
  });
});

describe('subscriptionUpdate', () => {
  it('reads the data of a Subscription message with a boolean flag, and nothing else', () => {
    expect(subscriptionUpdate({ type: 'Subscription', action: 'updated', data: data(true) })).toEqual(data(true));
    expect(subscriptionUpdate({ type: 'Subscription', action: 'updated', data: { subscribed: 'yes' } })).toBeNull();
    expect(subscriptionUpdate({ type: 'Subscription', action: 'updated', data: null })).toBeNull();
    expect(subscriptionUpdate({ type: 'Debt', action: 'updated', data: { subscribed: true } })).toBeNull();
  });
});

describe('a month table answering 403', () => {
  it('clears a stale subscribed flag (the subscription ended while no tab was open)', async () => {
    // The check gets no answer here: only the 403 tells.
    const { server, map, layer } = setup(true, null);
    server.intercept = (request): ApiResult | undefined =>
      request.method === 'GET' && request.path in MONTH_BODIES ? { ok: false, kind: 'http', status: 403, message: 'A subscription is required', errors: null } : undefined;
    await layer.ready;
    await eventually(() => expect(layer.getSession().subscribed).toBe(false));
    expect(map.get(STORAGE_KEYS.subscribed)).toBeUndefined();
    expect(await layer.db.months.count()).toBe(0);
  });

  it('leaves the flag alone for other failures', async () => {
    const { server, layer } = setup(true, null);
    server.intercept = (request): ApiResult | undefined =>
      request.method === 'GET' && request.path in MONTH_BODIES ? { ok: false, kind: 'http', status: 500, message: 'boom', errors: null } : undefined;
    await layer.ready;
    expect(layer.getSession().subscribed).toBe(true);
  });
});

describe('the subscription check (GET /api/v1/subscription)', () => {
  const checks = (seen: string[]) => seen.filter((line) => line === `GET ${SUBSCRIPTION_PATH}`).length;

  it('at start, a stored "not subscribed" gives way to the server: the flag turns on, is stored, and the month tables are pulled', async () => {
    // Paid on the provider's page and left the success page at once: no tab heard it.
    const { server, map, layer } = setup(false, true);
    expect(layer.getState().subscriptionCheck).toBe('unknown');
    await layer.ready;

    expect(checks(server.seen())).toBe(1);
    expect(layer.getSession().subscribed).toBe(true);
    expect(layer.getState().subscriptionCheck).toBe('known');
    expect(map.get(STORAGE_KEYS.subscribed)).toBe('true');
    expect(monthGets(server.seen()).sort()).toEqual(Object.keys(MONTH_BODIES).map((path) => `GET ${path}`).sort());
    expect(await layer.db.months.count()).toBe(4);
  });

  it('at start, a stored "subscribed" the server no longer holds is cleared and the month tables dropped', async () => {
    const { map, layer } = setup(true, false);
    await layer.ready;
    await eventually(() => expect(layer.getSession().subscribed).toBe(false));
    expect(map.has(STORAGE_KEYS.subscribed)).toBe(false);
    expect(await layer.db.months.count()).toBe(0);
  });

  it('reports "checking" while the answer is on its way', async () => {
    const { layer, holdChecks } = setup(false, true);
    const release = holdChecks();
    await eventually(() => expect(layer.getState().subscriptionCheck).toBe('checking'));
    expect(layer.getSession().subscribed).toBe(false);
    release();
    await layer.ready;
    expect(layer.getState().subscriptionCheck).toBe('known');
    expect(layer.getSession().subscribed).toBe(true);
  });

  it('offline: asks nothing and keeps the stored flag; coming online asks and applies the answer', async () => {
    const { server, layer, goOnline } = setup(false, true, { online: false });
    await layer.ready;
    expect(server.seen()).toEqual([]);
    expect(await layer.refreshSubscription()).toBeNull();
    expect(layer.getState().subscriptionCheck).toBe('unknown');
    expect(layer.getSession().subscribed).toBe(false);

    goOnline();
    await eventually(() => expect(layer.getSession().subscribed).toBe(true));
    expect(checks(server.seen())).toBe(1);
    await eventually(async () => expect(await layer.db.months.count()).toBe(4));
  });

  it('a server that cannot say (a 500, no answer) leaves the stored flag and reports "failed"', async () => {
    const { server, layer } = setup(false, true);
    server.intercept = (request) => (request.path === SUBSCRIPTION_PATH ? { ok: false, kind: 'http', status: 500, message: 'boom', errors: null } : undefined);
    await layer.ready;
    expect(layer.getSession().subscribed).toBe(false);
    expect(layer.getState().subscriptionCheck).toBe('failed');

    server.intercept = (request) => (request.path === SUBSCRIPTION_PATH ? { ok: false, kind: 'network', message: 'Failed to fetch' } : undefined);
    expect(await layer.refreshSubscription()).toBeNull();
    expect(layer.getState().subscriptionCheck).toBe('failed');

    // The server is back: the next check applies its answer.
    server.intercept = null;
    expect(await layer.refreshSubscription()).toBe(true);
    expect(layer.getSession().subscribed).toBe(true);
  });

  it('a server that gets no request through while the browser says online is offline until it answers again, and the stored flag decides meanwhile', async () => {
    const { server, layer } = setup(false, true);
    await layer.ready;
    // Every request now fails to reach the server ("lie-fi"): the layer says offline.
    const lieFi = server.intercept;
    server.intercept = () => ({ ok: false, kind: 'network', message: 'Failed to fetch' });
    expect(await layer.refreshSubscription()).toBeNull();
    expect(layer.getState().online).toBe(false);
    // The connection carries again: the probe's answer (within 2 s) brings the layer back online.
    server.intercept = lieFi;
    await eventually(() => expect(layer.getState().online).toBe(true));
    await eventually(() => expect(layer.getSession().subscribed).toBe(true));
  });

  it('a screen asking while a check is on its way shares it: one request', async () => {
    const { server, layer, holdChecks } = setup(false, true);
    const release = holdChecks();
    await eventually(() => expect(layer.getState().subscriptionCheck).toBe('checking'));
    const asked = [layer.refreshSubscription(), layer.refreshSubscription()];
    release();
    expect(await Promise.all(asked)).toEqual([true, true]);
    await layer.ready;
    expect(checks(server.seen())).toBe(1);

    // Opening the screen again later asks again.
    expect(await layer.refreshSubscription()).toBe(true);
    expect(checks(server.seen())).toBe(2);
  });

  it('an answer that arrives after a newer word (the checkout confirmed) is not applied', async () => {
    const { server, layer, holdChecks } = setup(false, false);
    await layer.ready;
    // The check leaves before the checkout is applied and is answered after its confirmation.
    const release = holdChecks();
    const checked = layer.refreshSubscription();
    await eventually(() => expect(checks(server.seen())).toBe(2));
    server.subscribed = true;
    await layer.setSubscribed(true);
    release();
    expect(await checked).toBe(true);
    expect(layer.getSession().subscribed).toBe(true);
    expect(await layer.db.months.count()).toBe(4);
  });

  it('so is one that arrives after a live Subscription message', async () => {
    const { server, layer, send, holdChecks } = setup(true, true);
    await layer.ready;
    const release = holdChecks();
    const checked = layer.refreshSubscription();
    await eventually(() => expect(checks(server.seen())).toBe(2));
    server.subscribed = false;
    await send({ type: 'Subscription', action: 'updated', data: data(false) });
    release();
    expect(await checked).toBe(false);
    expect(layer.getSession().subscribed).toBe(false);
    expect(await layer.db.months.count()).toBe(0);
  });

  it("an answer for a session that ended meanwhile changes nothing of the next one's", async () => {
    const { layer, map, holdChecks } = setup(false, true);
    const release = holdChecks();
    await eventually(() => expect(layer.getState().subscriptionCheck).toBe('checking'));
    await layer.logout({ force: true });
    release();
    await layer.ready;
    expect(layer.getSession()).toMatchObject({ isAuthenticated: false, subscribed: false });
    expect(map.has(STORAGE_KEYS.subscribed)).toBe(false);
    expect(layer.getState().subscriptionCheck).toBe('unknown');
  });

  it('a sign-in answer is the server’s word: known at once, no check', async () => {
    const { server, layer } = setup(false, false);
    await layer.ready;
    await layer.logout({ force: true });
    const before = checks(server.seen());
    server.subscribed = true;
    await layer.login({ status: { code: 200, message: 'Logged in successfully.', data: { token: 'fresh', user: { email: ANN, subscribed: true } } } });
    expect(layer.getSession().subscribed).toBe(true);
    expect(layer.getState().subscriptionCheck).toBe('known');
    expect(checks(server.seen())).toBe(before);
    await eventually(async () => expect(await layer.db.months.count()).toBe(4));
  });

  it('a reconnect of the live channel (messages may have been missed) asks again', async () => {
    const { server, layer, live } = setup(false, false);
    await layer.ready;
    server.subscribed = true;
    live().onReconnected?.();
    await eventually(() => expect(layer.getSession().subscribed).toBe(true));
    expect(checks(server.seen())).toBe(2);
  });
});
