/**
 * The session's subscription flag as the live channel changes it: a 'Subscription' message turns
 * analytics on (and pulls the month tables at once) or off (and drops them from the mirror).
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionData, UpdateMessage } from '../../shared/cable.ts';
import type { ApiResult } from './api.ts';
import type { LiveChannelOptions } from './cable.ts';
import { createDataLayer, type DataLayer } from './data-layer.ts';
import { STORAGE_KEYS, writeSession } from './session.ts';
import { createTestServer } from './test-server.testing.ts';
import { subscriptionUpdate } from './updates.ts';

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

function setup(subscribed: boolean) {
  const server = createTestServer();
  server.intercept = (request): ApiResult | undefined => {
    if (request.method !== 'GET') return undefined;
    if (request.path in MONTH_BODIES) return { ok: true, status: 200, data: MONTH_BODIES[request.path] };
    if (request.path === '/api/v1/feature_flags') return { ok: true, status: 200, data: { feature_flags: [] } };
    if (request.path === '/api/v1/profile') return { ok: true, status: 200, data: { user: JSON.stringify({ id: 1, email: ANN, birth_year: 1985 }) } };
    return undefined;
  };
  const map = new Map<string, string>();
  const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
  writeSession(storage, { authToken: 'token', email: ANN, isAuthenticated: true, stripeCustomerId: null, subscribed, birthYear: 1985 });
  let channel: LiveChannelOptions | null = null;
  const log = { warn: vi.fn(), error: vi.fn() };
  const dbName = `subscription-${crypto.randomUUID()}`;
  const layer = createDataLayer({
    dbName,
    storage,
    baseUrl: 'http://api.test',
    wsOrigin: 'ws://api.test',
    isOnline: () => true,
    window: new EventTarget(),
    connectChannel: (options) => {
      channel = options;
      return { close: vi.fn() };
    },
    transport: server.transport,
    log,
  });
  layers.push({ layer, dbName });
  const send = (message: UpdateMessage) => {
    if (!channel) throw new Error('no channel');
    return channel.onMessage(message);
  };
  return { server, map, layer, log, send };
}

const monthGets = (seen: string[]) => seen.filter((line) => line.startsWith('GET ') && line.endsWith('_months'));

describe('a Subscription message on the live channel', () => {
  it('turns the flag on, stores it, and pulls the month tables at once', async () => {
    const { server, map, layer, send } = setup(false);
    await layer.ready;
    expect(monthGets(server.seen())).toEqual([]);

    await send({ type: 'Subscription', action: 'updated', data: data(true) });

    expect(layer.getSession().subscribed).toBe(true);
    expect(map.get(STORAGE_KEYS.subscribed)).toBe('true');
    expect(monthGets(server.seen()).sort()).toEqual(Object.keys(MONTH_BODIES).map((path) => `GET ${path}`).sort());
    expect(await layer.db.months.get('incomeMonths')).toEqual({ name: 'incomeMonths', body: MONTH_BODIES['/api/v1/income_months'], provisional: false, stamp: expect.any(String) });
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
    const { server, map, layer } = setup(true);
    server.intercept = (request): ApiResult | undefined =>
      request.method === 'GET' && request.path in MONTH_BODIES ? { ok: false, kind: 'http', status: 403, message: 'A subscription is required', errors: null } : undefined;
    await layer.ready;
    await vi.waitFor(() => expect(layer.getSession().subscribed).toBe(false));
    expect(map.get(STORAGE_KEYS.subscribed)).toBeUndefined();
    expect(await layer.db.months.count()).toBe(0);
  });

  it('leaves the flag alone for other failures', async () => {
    const { server, layer } = setup(true);
    server.intercept = (request): ApiResult | undefined =>
      request.method === 'GET' && request.path in MONTH_BODIES ? { ok: false, kind: 'http', status: 500, message: 'boom', errors: null } : undefined;
    await layer.ready;
    expect(layer.getSession().subscribed).toBe(true);
  });
});
