import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from './api.ts';
import type { LiveChannelOptions } from './live/cable.ts';
import { createDataLayer } from './data-layer.ts';
import { SESSION_EXPIRED, SIGN_OUT_PATH, type DataLayer } from './layer-api.ts';
import type { WireRecord } from './mirror/db.ts';
import { COLLECTIONS, MONTHS, SINGLES } from '../../shared/resources.ts';
import { readSession, STORAGE_KEYS, writeSession, type KeyValueStorage, type Session } from './session/session.ts';
import { createTestServer } from './test-server.testing.ts';
import { eventually } from '../test-support/eventually.testing.ts';

const ANN = 'ann@example.com';
const BOB = 'bob@example.com';

const ok = (data: unknown): ApiResult => ({ ok: true, status: 200, data });
const NETWORK: ApiResult = { ok: false, kind: 'network', message: 'Failed to fetch' };
const UNAUTHORIZED: ApiResult = { ok: false, kind: 'http', status: 401, message: 'Signature has expired', errors: null };

/** GET answers the REST twin does not give: flags, profile and the month tables. */
const EXTRA_GETS: Record<string, unknown> = {
  '/api/v1/feature_flags': { feature_flags: [{ name: 'allow_signup', enabled: true }] },
  '/api/v1/profile': { user: JSON.stringify({ id: 1, email: ANN, birth_year: 1985 }) },
  '/api/v1/income_months': { income_months: [{ id: 1, month: '2026-01', input_end_balance: 0 }] },
  '/api/v1/debt_months': { debts: [], total: [] },
  '/api/v1/retirement_months': { retirement_accounts: [], total: [] },
  '/api/v1/contribution_months': { retirement_accounts: [], total: [] },
};

function fakeApi() {
  const server = createTestServer();
  const api = {
    server,
    /** Every authenticated call answers 401 (the token expired). */
    unauthorized: false,
    /** Writes get no answer. */
    failWrites: false,
    /** Writes get this answer instead of the server's (a 500, a timeout). */
    writeAnswer: null as ApiResult | null,
    signOutAnswer: { ok: true, status: 204, data: null } as ApiResult,
  };
  server.intercept = (request) => {
    if (api.unauthorized && !request.anonymous) return UNAUTHORIZED;
    if (request.path === SIGN_OUT_PATH) return api.signOutAnswer;
    if (api.failWrites && request.method !== 'GET') return NETWORK;
    if (api.writeAnswer && request.method !== 'GET') return api.writeAnswer;
    if (request.method === 'GET' && request.path in EXTRA_GETS) return ok(EXTRA_GETS[request.path]);
    return undefined;
  };
  return api;
}

function fakeChannels() {
  const opened: { options: LiveChannelOptions; close: ReturnType<typeof vi.fn> }[] = [];
  return {
    opened,
    connect: (options: LiveChannelOptions) => {
      const channel = { options, close: vi.fn() };
      opened.push(channel);
      return { close: channel.close };
    },
    last: () => {
      const channel = opened.at(-1);
      if (!channel) throw new Error('no channel was opened');
      return channel;
    },
  };
}

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

const session = (email: string, extra: Partial<Session> = {}): Session => ({
  authToken: `token-of-${email}`,
  email,
  isAuthenticated: true,
  stripeCustomerId: null,
  subscribed: false,
  birthYear: 1985,
  ...extra,
});

const authAnswer = (email: string, token = `fresh-token-of-${email}`) => ({
  status: { code: 200, message: 'Logged in successfully.', data: { token, user: { email, subscribed: false } } },
});

const layers: { layer: DataLayer; dbName: string }[] = [];

afterEach(async () => {
  for (const { layer, dbName } of layers.splice(0)) {
    layer.dispose();
    await Dexie.delete(dbName);
  }
});

/**
 * The retry loop's clock, moved by hand: each wait the data layer starts stays pending until
 * `pass()` lets its time go by, so a test runs past a backoff without sleeping through it.
 */
function manualWaits() {
  const pending: { ms: number; resolve: () => void }[] = [];
  return {
    wait: (ms: number) => new Promise<void>((resolve) => pending.push({ ms, resolve })),
    /** The waits started and not yet passed, in milliseconds. */
    scheduled: () => pending.map((entry) => entry.ms),
    pass: () => {
      for (const entry of pending.splice(0)) entry.resolve();
    },
  };
}

function setup({
  signedIn = null as Session | null,
  online = true,
  wait = undefined as ((ms: number) => Promise<void>) | undefined,
  dbName = `data-layer-${crypto.randomUUID()}`,
  beforeFirstSync = undefined as (() => Promise<void>) | undefined,
} = {}) {
  const api = fakeApi();
  const channels = fakeChannels();
  const storage = memoryStorage();
  if (signedIn) writeSession(storage, signedIn);
  const events = new EventTarget();
  const log = { warn: vi.fn(), error: vi.fn() };
  const layer = createDataLayer({
    dbName,
    storage,
    baseUrl: 'http://api.test',
    wsOrigin: 'ws://api.test',
    isOnline: () => online,
    window: events,
    connectChannel: channels.connect,
    transport: api.server.transport,
    log,
    wait,
    ...(beforeFirstSync ? { beforeFirstSync } : {}),
  });
  layers.push({ layer, dbName });
  const goOnline = () => events.dispatchEvent(new Event('online'));
  const goOffline = () => events.dispatchEvent(new Event('offline'));
  return { api, server: api.server, channels, storage, layer, log, goOnline, goOffline };
}

const debt = (name: string) => ({ name, creditor: 'Bank', original_amount: 1000, remaining_amount: 800, apr: 19.99, monthly_payment: 50, original_term: 24, due_day: 5 });

const gets = (paths: string[]) => paths.filter((line) => line.startsWith('GET ')).map((line) => line.slice(4));

describe('the initial load', () => {
  it('signed out: only the feature flags, without a token, and no channel', async () => {
    const { server, layer, channels } = setup();
    await layer.ready;

    expect(server.transport.requests).toEqual([{ method: 'GET', path: '/api/v1/feature_flags', anonymous: true }]);
    expect(await layer.db.featureFlags.toArray()).toEqual([{ name: 'allow_signup', enabled: true }]);
    expect(channels.opened).toHaveLength(0);
  });

  it('signed in: the subscription, flags, profile, every collection and single record, no months; the channel with the email', async () => {
    const { server, layer, channels } = setup({ signedIn: session(ANN) });
    server.collections.get('/api/v1/debts')?.set(3, { id: 3, ...debt('Visa') });
    await layer.ready;

    const expected = ['/api/v1/subscription', '/api/v1/feature_flags', '/api/v1/profile', ...Object.values(COLLECTIONS).map((d) => d.path), ...Object.values(SINGLES).map((d) => d.path)];
    expect(gets(server.seen()).sort()).toEqual(expected.sort());
    expect(await layer.db.debts.toArray()).toEqual([{ id: 3, ...debt('Visa') }]);
    expect(await layer.db.months.count()).toBe(0);
    expect(channels.opened.map((c) => c.options.email)).toEqual([ANN]);
  });

  it('subscribed: the month tables as well', async () => {
    const { server, layer } = setup({ signedIn: session(ANN, { subscribed: true }) });
    await layer.ready;

    const seen = gets(server.seen());
    for (const decl of Object.values(MONTHS)) expect(seen).toContain(decl.path);
    expect(await layer.db.months.get('incomeMonths')).toEqual({ name: 'incomeMonths', body: EXTRA_GETS['/api/v1/income_months'], provisional: false, stamp: expect.any(String), actualsToken: expect.any(String) });
  });

  it('offline: fetches nothing and keeps what the mirror has', async () => {
    const { server, layer } = setup({ signedIn: session(ANN), online: false });
    await layer.ready;
    expect(server.transport.requests).toEqual([]);
  });

  it('offline: opens no live channel until the network is back, and closes it when the network goes', async () => {
    const { layer, channels, goOnline, goOffline } = setup({ signedIn: session(ANN), online: false });
    await layer.ready;
    expect(channels.opened).toHaveLength(0);
    goOnline();
    expect(channels.opened.map((c) => c.options.email)).toEqual([ANN]);
    goOffline();
    expect(channels.last().close).toHaveBeenCalledTimes(1);
    goOnline();
    expect(channels.opened).toHaveLength(2);
    expect(channels.last().close).not.toHaveBeenCalled();
  });

  it('coming online reopens a channel that is down (its code failed to load), and keeps one that is up', async () => {
    const { layer, channels, goOnline } = setup({ signedIn: session(ANN) });
    await layer.ready;
    channels.last().options.onState('connected', null);
    goOnline();
    expect(channels.opened).toHaveLength(1);

    channels.last().options.onState('disconnected', 'Failed to fetch dynamically imported module');
    goOnline();
    expect(channels.opened).toHaveLength(2);
    expect(channels.opened[0]?.close).toHaveBeenCalledTimes(1);
    expect(channels.last().close).not.toHaveBeenCalled();
  });

  it('a mirror filled before: the live channel and the first pull wait for beforeFirstSync (the first screen); the subscription check does not', async () => {
    const dbName = `data-layer-${crypto.randomUUID()}`;
    const earlier = setup({ signedIn: session(ANN), dbName });
    await earlier.layer.ready;
    earlier.layer.dispose();

    let drawn = () => {};
    const beforeFirstSync = vi.fn(() => new Promise<void>((resolve) => (drawn = resolve)));
    const { server, layer, channels } = setup({ signedIn: session(ANN), dbName, beforeFirstSync });
    await eventually(() => expect(beforeFirstSync).toHaveBeenCalledTimes(1));
    // Analytics waits for its answer before offering the upsell: it goes at once, and writes nothing unless the flag changed.
    expect(server.seen()).toEqual(['GET /api/v1/subscription']);
    expect(channels.opened).toHaveLength(0);
    expect(await layer.db.syncStatus.count()).toBeGreaterThan(0);

    drawn();
    await layer.ready;
    expect(channels.opened.map((c) => c.options.email)).toEqual([ANN]);
    expect(gets(server.seen())).toContain('/api/v1/debts');
  });

  it('an empty mirror (a first sign-in) or signed out: pulls at once, without waiting', async () => {
    const never = vi.fn(() => new Promise<void>(() => {}));
    const signedIn = setup({ signedIn: session(ANN), beforeFirstSync: never });
    await signedIn.layer.ready;
    expect(gets(signedIn.server.seen())).toContain('/api/v1/debts');
    const visitor = setup({ beforeFirstSync: never });
    await visitor.layer.ready;
    expect(gets(visitor.server.seen())).toEqual(['/api/v1/feature_flags']);
    expect(never).not.toHaveBeenCalled();
  });

  it('setSubscribed(true) stores the flag and loads the months', async () => {
    const { server, storage, layer } = setup({ signedIn: session(ANN) });
    await layer.ready;
    await layer.setSubscribed(true);

    expect(storage.getItem(STORAGE_KEYS.subscribed)).toBe('true');
    expect(layer.getSession().subscribed).toBe(true);
    expect(gets(server.seen())).toContain('/api/v1/debt_months');
    expect(await layer.db.months.get('debtMonths')).toMatchObject({ body: { debts: [], total: [] } });
  });
});

/** Signed in as Ann, an edit queued offline, then back online to a server that answers 401. */
async function expiredWithQueuedEdit() {
  const ctx = setup({ signedIn: session(ANN) });
  const { api, layer, goOnline, goOffline } = ctx;
  await layer.ready;
  const expired = vi.fn();
  layer.onSessionExpired(expired);
  goOffline();
  const created = await layer.mutations.create('debts', debt('Visa'));
  expect(created.status).toBe('queued');
  api.unauthorized = true;
  goOnline();
  await eventually(() => expect(expired).toHaveBeenCalled());
  return { ...ctx, expired, tempId: (created as { record: WireRecord }).record.id };
}

describe('a 401', () => {
  it('that ends the session before anyone listens is told to the first listener, once', async () => {
    // The token was revoked elsewhere: the very first pull meets the 401, before the router mounts.
    const { api, layer, server } = setup({ signedIn: session(ANN) });
    api.unauthorized = true;
    await layer.ready;
    expect(server.seen().length).toBeGreaterThan(0);
    expect(layer.getSession().isAuthenticated).toBe(false);

    const first = vi.fn();
    const second = vi.fn();
    layer.onSessionExpired(first);
    layer.onSessionExpired(second);
    await eventually(() => expect(first).toHaveBeenCalledTimes(1));
    expect(second).not.toHaveBeenCalled();
  });

  it('signs the user out and clears the token, but keeps the queued edit and its optimistic row', async () => {
    const { server, storage, layer, log, expired, tempId, channels } = await expiredWithQueuedEdit();

    expect(expired).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(SESSION_EXPIRED);
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(readSession(storage).isAuthenticated).toBe(false);
    expect(layer.getSession().isAuthenticated).toBe(false);
    expect(layer.getState().hold).toEqual({ reason: 'signed-out', owner: ANN });
    expect(channels.last().close).toHaveBeenCalled();
    expect(await layer.db.outbox.toArray()).toMatchObject([{ mutation: { kind: 'collection', op: 'create', table: 'debts' }, status: 'pending' }]);
    expect(await layer.db.debts.get(tempId)).toMatchObject({ name: 'Visa' });
    expect(server.writes).toEqual([]);
  });

  it('re-login with the same email resumes the outbox and sends the held edit', async () => {
    const { api, server, storage, layer, channels, tempId } = await expiredWithQueuedEdit();
    api.unauthorized = false;

    const result = await layer.login(authAnswer(ANN));

    expect(result).toEqual({ status: 'signed-in' });
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBe(`fresh-token-of-${ANN}`);
    expect(layer.getState().hold).toBeNull();
    expect(server.writes.map((w) => `${w.method} ${w.path}`)).toEqual(['POST /api/v1/debts']);
    expect(await layer.db.outbox.count()).toBe(0);
    expect(await layer.db.debts.get(tempId)).toBeUndefined();
    expect(await layer.db.debts.get(100)).toMatchObject({ id: 100, name: 'Visa' });
    expect(channels.last().options.email).toBe(ANN);
    // The start's channel, the one reopened when the network came back, and the new session's.
    expect(channels.opened).toHaveLength(3);
  });

  it("refuses another user's login while the first user's edits wait, unless told to discard them", async () => {
    const { api, server, storage, layer, tempId } = await expiredWithQueuedEdit();
    api.unauthorized = false;

    const refused = await layer.login(authAnswer(BOB));

    expect(refused).toEqual({ status: 'other-user', owner: ANN, pending: 1 });
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(layer.getSession().isAuthenticated).toBe(false);
    expect(layer.getState().hold).toEqual({ reason: 'other-user', owner: ANN, pending: 1 });
    expect(await layer.db.outbox.where('status').equals('pending').count()).toBe(1);
    expect(await layer.db.debts.get(tempId)).toMatchObject({ name: 'Visa' });

    const accepted = await layer.login(authAnswer(BOB), { discardOtherUser: true });

    expect(accepted).toEqual({ status: 'signed-in' });
    expect(layer.getSession().email).toBe(BOB);
    expect(await layer.db.outbox.count()).toBe(0);
    expect(await layer.db.debts.count()).toBe(0);
    // Ann's edit was never sent under Bob's token.
    expect(server.writes).toEqual([]);
  });

  it("drops another user's data (with nothing unsynced) before the new user's first pull", async () => {
    const { api, layer, expired } = await (async () => {
      const ctx = setup({ signedIn: session(ANN, { subscribed: true }) });
      await ctx.layer.ready;
      const expired = vi.fn();
      ctx.layer.onSessionExpired(expired);
      ctx.api.unauthorized = true;
      await ctx.layer.refresh();
      return { ...ctx, expired };
    })();
    expect(expired).toHaveBeenCalled();
    expect(await layer.db.months.count()).toBe(4);
    api.unauthorized = false;

    // Bob is not subscribed: nothing of his would overwrite Ann's month tables.
    expect(await layer.login(authAnswer(BOB))).toEqual({ status: 'signed-in' });

    expect(await layer.db.months.count()).toBe(0);
    expect(layer.getSession().email).toBe(BOB);
  });

  it('a login answer without a token stores nothing', async () => {
    const { storage, layer } = setup();
    await layer.ready;
    expect(await layer.login({ status: { message: 'Invalid Email or password.' } })).toEqual({ status: 'invalid-answer' });
    expect(storage.map.size).toBe(0);
  });
});

describe('logout', () => {
  it('with unsynced edits answers "unsynced" and changes nothing; forced, it empties mirror and storage', async () => {
    const { server, storage, layer, channels, goOffline } = setup({ signedIn: session(ANN) });
    server.collections.get('/api/v1/incomes')?.set(1, { id: 1, name: 'Job' });
    await layer.ready;
    goOffline();
    await layer.mutations.create('debts', debt('Visa'));
    const before = new Map(storage.map);

    expect(await layer.logout()).toEqual({ status: 'unsynced', count: 1 });
    expect(storage.map).toEqual(before);
    expect(layer.getSession().isAuthenticated).toBe(true);
    expect(await layer.db.outbox.count()).toBe(1);
    expect(await layer.db.incomes.count()).toBe(1);
    // Going offline closed the channel; the refused logout closed nothing more.
    expect(channels.opened).toHaveLength(1);
    expect(channels.last().close).toHaveBeenCalledTimes(1);
    expect(server.seen()).not.toContain(`DELETE ${SIGN_OUT_PATH}`);

    expect(await layer.logout({ force: true })).toEqual({ status: 'signed-out' });

    for (const table of layer.db.tables) expect(await table.count(), table.name).toBe(0);
    for (const key of Object.values(STORAGE_KEYS)) expect(storage.getItem(key), key).toBeNull();
    expect(layer.getSession().isAuthenticated).toBe(false);
    expect(channels.last().close).toHaveBeenCalled();
    expect(server.seen()).toContain(`DELETE ${SIGN_OUT_PATH}`);
  });

  it("still signs out locally when the server's sign-out fails, and only logs it", async () => {
    const { api, storage, layer, log } = setup({ signedIn: session(ANN) });
    await layer.ready;
    api.signOutAnswer = { ok: false, kind: 'http', status: 500, message: 'boom', errors: null };

    expect(await layer.logout()).toEqual({ status: 'signed-out' });

    expect(storage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    await eventually(() => expect(log.warn).toHaveBeenCalledWith('Logout request failed', expect.objectContaining({ status: 500 })));
  });

  it('after the account was deleted (sessionEnded): empties the mirror, outbox included, and sends no sign-out', async () => {
    const { server, storage, layer, channels, goOffline } = setup({ signedIn: session(ANN) });
    server.collections.get('/api/v1/incomes')?.set(1, { id: 1, name: 'Job' });
    await layer.ready;
    goOffline();
    await layer.mutations.create('debts', debt('Visa'));

    expect(await layer.logout({ force: true, sessionEnded: true })).toEqual({ status: 'signed-out' });

    for (const table of layer.db.tables) expect(await table.count(), table.name).toBe(0);
    for (const key of Object.values(STORAGE_KEYS)) expect(storage.getItem(key), key).toBeNull();
    expect(layer.getSession().isAuthenticated).toBe(false);
    expect(channels.last().close).toHaveBeenCalled();
    expect(server.seen()).not.toContain(`DELETE ${SIGN_OUT_PATH}`);
  });
});

describe('online and offline', () => {
  it('coming online pulls and flushes what was queued offline', async () => {
    const { server, layer, goOnline } = setup({ signedIn: session(ANN), online: false });
    await layer.ready;
    server.collections.get('/api/v1/incomes')?.set(1, { id: 1, name: 'Job' });
    expect((await layer.mutations.create('debts', debt('Visa'))).status).toBe('queued');
    expect(server.transport.requests).toEqual([]);

    goOnline();

    await eventually(async () => {
      expect(server.writes.map((w) => `${w.method} ${w.path}`)).toEqual(['POST /api/v1/debts']);
      expect(await layer.db.incomes.toArray()).toEqual([{ id: 1, name: 'Job' }]);
      expect(await layer.db.outbox.count()).toBe(0);
    });
    expect(layer.getState().online).toBe(true);
  });

  it('retries an online edit whose send got no answer, after the backoff, with no other trigger', async () => {
    const { api, server, layer } = setup({ signedIn: session(ANN) });
    await layer.ready;
    api.failWrites = true;
    expect((await layer.mutations.create('debts', debt('Visa'))).status).toBe('queued');
    api.failWrites = false;
    expect(server.writes).toEqual([]);

    await eventually(() => expect(server.writes.map((w) => w.path)).toEqual(['/api/v1/debts']));
    await eventually(async () => expect(await layer.db.outbox.count()).toBe(0));
  });

  it('keeps retrying with a growing backoff, a queued edit\'s 5xx counting as no answer, until the edit lands', async () => {
    const waits: number[] = [];
    const { api, server, layer } = setup({ signedIn: session(ANN), wait: async (ms) => void waits.push(ms) });
    await layer.ready;
    api.failWrites = true;
    expect((await layer.mutations.create('debts', debt('Visa'))).status).toBe('queued');
    api.failWrites = false;
    const answers: ApiResult[] = [
      { ok: false, kind: 'network', message: 'offline' },
      { ok: false, kind: 'http', status: 503, message: 'Unavailable', errors: null },
    ];
    server.intercept = () => answers.shift();

    await eventually(async () => expect(await layer.db.outbox.count()).toBe(0));
    // backoffMs of 1, 2 and 3 failed attempts: the first send, the lost retry, the 503.
    expect(waits).toEqual([1_000, 2_000, 4_000]);
    expect(server.seen().filter((line) => line === 'POST /api/v1/debts')).toHaveLength(4);
    expect(server.writes.map((w) => w.path)).toEqual(['/api/v1/debts']);
  });

  it.each([
    ['a 500', { ok: false, kind: 'http', status: 500, message: null, errors: null } as ApiResult],
    ['a timeout', { ok: false, kind: 'network', message: 'The server did not answer in time', timedOut: true } as ApiResult],
  ])('fails an online edit on %s, rolled back, marked as perhaps applied, and never sends it again', async (_what, answer) => {
    const clock = manualWaits();
    const { api, server, layer } = setup({ signedIn: session(ANN), wait: clock.wait });
    await layer.ready;
    const queued = vi.fn();
    layer.onEditQueued(queued);
    api.writeAnswer = answer;

    expect(await layer.mutations.create('debts', debt('Visa'))).toEqual({ status: 'failed', message: 'Failed to create debt. Please try again.', errors: null, maybeApplied: true });
    api.writeAnswer = null;
    expect(await layer.db.debts.count()).toBe(0);
    expect(await layer.db.outbox.count()).toBe(0);
    // Past every backoff a retry could be waiting for, and a coming-online catch-up: nothing is replayed.
    clock.pass();
    await layer.flush();
    clock.pass();
    await layer.flush();
    expect(server.seen().filter((line) => line === 'POST /api/v1/debts')).toHaveLength(1);
    expect(server.writes).toEqual([]);
    expect(queued).not.toHaveBeenCalled();
  });

  it('going offline stops the retries; coming back sends the edit', async () => {
    const clock = manualWaits();
    const { api, server, layer, goOnline, goOffline } = setup({ signedIn: session(ANN), wait: clock.wait });
    await layer.ready;
    api.failWrites = true;
    expect((await layer.mutations.create('debts', debt('Visa'))).status).toBe('queued');
    const posts = () => server.seen().filter((line) => line === 'POST /api/v1/debts').length;
    expect(posts()).toBe(1);
    // The first retry is due after backoffMs(1) = 1 s.
    await eventually(() => expect(clock.scheduled()).toEqual([1_000]));

    goOffline();
    api.failWrites = false;
    // Its time goes by offline: a loop that went on would send the edit (now accepted) at once.
    clock.pass();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(posts()).toBe(1);
    expect(await layer.db.outbox.where('status').equals('pending').count()).toBe(1);

    goOnline();
    await eventually(() => expect(server.writes.map((w) => w.path)).toEqual(['/api/v1/debts']));
  });
});

describe("the service worker's wake-up (background sync)", () => {
  it('tells listeners each time an edit is queued, and only then', async () => {
    const { api, layer } = setup({ signedIn: session(ANN) });
    await layer.ready;
    const queued = vi.fn();
    const stop = layer.onEditQueued(queued);
    expect((await layer.mutations.create('debts', debt('Sent'))).status).toBe('done');
    expect(queued).not.toHaveBeenCalled();
    api.failWrites = true;
    expect((await layer.mutations.create('debts', debt('Queued'))).status).toBe('queued');
    expect(queued).toHaveBeenCalledTimes(1);
    stop();
    await layer.mutations.create('debts', debt('Queued too'));
    expect(queued).toHaveBeenCalledTimes(1);
  });

  it('flush() sends the queue at once when online, and sends nothing offline or signed out', async () => {
    const offline = setup({ signedIn: session(ANN), online: false });
    await offline.layer.ready;
    expect((await offline.layer.mutations.create('debts', debt('Visa'))).status).toBe('queued');
    await offline.layer.flush();
    expect(offline.server.transport.requests).toEqual([]);

    const signedOut = setup({ online: true });
    await signedOut.layer.ready;
    const before = signedOut.server.seen().length;
    await signedOut.layer.flush();
    expect(signedOut.server.seen().length).toBe(before);

    const { api, server, layer } = setup({ signedIn: session(ANN) });
    await layer.ready;
    api.failWrites = true;
    expect((await layer.mutations.create('debts', debt('Visa'))).status).toBe('queued');
    api.failWrites = false;
    // Well before the first retry's backoff (1 s): the flush itself sends it.
    await layer.flush();
    expect(server.writes.map((w) => `${w.method} ${w.path}`)).toEqual(['POST /api/v1/debts']);
    expect(await layer.db.outbox.where('status').equals('pending').count()).toBe(0);
  });
});

describe('the live channel', () => {
  it('applies messages to the mirror in the order they came', async () => {
    const { layer, channels } = setup({ signedIn: session(ANN) });
    await layer.ready;
    const { onMessage } = channels.last().options;

    await Promise.all([
      onMessage({ type: 'Income', action: 'created', data: { id: 7, name: 'Job', amount: 1 } }),
      onMessage({ type: 'Income', action: 'updated', data: { id: 7, amount: 2 } }),
      onMessage({ type: 'Income', action: 'created', data: { id: 8, name: 'Gig', amount: 3 } }),
      onMessage({ type: 'Income', action: 'deleted', data: { id: 8 } }),
      onMessage({ type: 'IncomeMonth', action: 'created', data: { income_months: [{ id: 4 }] } }),
    ]);

    expect(await layer.db.incomes.toArray()).toEqual([{ id: 7, name: 'Job', amount: 2 }]);
    expect(await layer.db.months.get('incomeMonths')).toMatchObject({ body: { income_months: [{ id: 4 }] }, provisional: false });
  });

  it('stores the channel states, with "Subscription rejected" on a rejection', async () => {
    const { layer, channels } = setup({ signedIn: session(ANN) });
    await layer.ready;
    const listener = vi.fn();
    layer.subscribe(listener);
    const { onState } = channels.last().options;

    onState('connected', null);
    expect(layer.getState().channel).toEqual({ state: 'connected', error: null });
    onState('rejected', null);
    expect(layer.getState().channel).toEqual({ state: 'rejected', error: 'Subscription rejected' });
    onState('disconnected', null);
    expect(layer.getState().channel).toEqual({ state: 'disconnected', error: null });
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('after a reconnect pulls everything and flushes', async () => {
    // The outbox's own retry never comes (its clock is not moved): what is sent, the reconnect sent.
    const clock = manualWaits();
    const { api, server, layer, channels } = setup({ signedIn: session(ANN), wait: clock.wait });
    await layer.ready;
    api.failWrites = true;
    await layer.mutations.create('debts', debt('Visa'));
    api.failWrites = false;
    server.collections.get('/api/v1/incomes')?.set(1, { id: 1, name: 'Missed while away' });

    channels.last().options.onReconnected?.();

    await eventually(async () => {
      expect(await layer.db.incomes.toArray()).toEqual([{ id: 1, name: 'Missed while away' }]);
      expect(server.writes.map((w) => w.path)).toEqual(['/api/v1/debts']);
    });
    expect(clock.scheduled()).toEqual([1_000]);
  });

  it('a Pull message (an import) pulls every collection, single record and month table, and later messages land after it', async () => {
    const { server, layer, channels, log } = setup({ signedIn: session(ANN, { subscribed: true }) });
    server.collections.get('/api/v1/debts')?.set(3, { id: 3, ...debt('Before the import') });
    await layer.ready;
    const { onMessage } = channels.last().options;
    // What an import left on the server: the old debt gone, new records and a single in its place.
    server.collections.get('/api/v1/debts')?.clear();
    server.collections.get('/api/v1/debts')?.set(10, { id: 10, ...debt('Imported') });
    server.collections.get('/api/v1/incomes')?.set(11, { id: 11, name: 'Imported job' });
    server.singles.set('/api/v1/housing', { id: 12, housing_type: 'Rent', total_monthly_payment: 900 });
    const before = server.seen().length;

    await Promise.all([
      onMessage({ type: 'Pull', action: 'updated', data: { reason: 'import' } }),
      onMessage({ type: 'Debt', action: 'created', data: { id: 13, ...debt('After the import') } }),
    ]);

    const pulled = gets(server.seen().slice(before));
    const expected = [...Object.values(COLLECTIONS), ...Object.values(SINGLES), ...Object.values(MONTHS)].map((d) => d.path);
    for (const path of expected) expect(pulled).toContain(path);
    expect(await layer.db.debts.toArray()).toEqual([
      { id: 10, ...debt('Imported') },
      { id: 13, ...debt('After the import') },
    ]);
    expect(await layer.db.incomes.toArray()).toEqual([{ id: 11, name: 'Imported job' }]);
    expect((await layer.db.singles.get('housing'))?.record).toEqual({ id: 12, housing_type: 'Rent', total_monthly_payment: 900 });
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('ignores a closed channel: messages after logout do not reach the emptied mirror', async () => {
    const { layer, channels } = setup({ signedIn: session(ANN) });
    await layer.ready;
    const { onMessage } = channels.last().options;
    await layer.logout();

    await onMessage({ type: 'Income', action: 'created', data: { id: 7, name: 'Job' } });

    expect(await layer.db.incomes.count()).toBe(0);
  });
});

describe('month tables after edits go out', () => {
  const monthGets = (seen: string[]) => gets(seen).filter((path) => path === '/api/v1/debt_months').length;

  async function queuedThenOnline(connected: boolean) {
    const ctx = setup({ signedIn: session(ANN, { subscribed: true }) });
    await ctx.layer.ready;
    ctx.goOffline();
    expect((await ctx.layer.mutations.create('debts', debt('Visa'))).status).toBe('queued');
    const before = monthGets(ctx.server.seen());
    ctx.goOnline();
    // Coming online opens a new channel; the test says whether it is subscribed yet.
    if (connected) ctx.channels.last().options.onState('connected', null);
    await eventually(async () => expect(await ctx.layer.db.outbox.count()).toBe(0));
    return { ...ctx, after: () => monthGets(ctx.server.seen()) - before };
  }

  it('are fetched once more after the edits landed when the live channel is not subscribed yet, whose tables would be missed', async () => {
    // Subscribed: the catch-up on coming online pulls them, and the live channel brings the rest.
    const subscribed = await queuedThenOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const withChannel = subscribed.after();
    expect(withChannel).toBeGreaterThan(0);
    // Not subscribed yet: the same pulls and one more, after the edit landed.
    const unsubscribed = await queuedThenOnline(false);
    await eventually(() => expect(unsubscribed.after()).toBe(withChannel + 1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(unsubscribed.after()).toBe(withChannel + 1);
  });
});

describe('analytics while offline', () => {
  it('an edit queued offline recomputes the month tables from the mirror, marked provisional', async () => {
    const { layer, goOffline } = setup({ signedIn: session(ANN, { subscribed: true }) });
    await layer.ready;
    expect(await layer.db.months.get('debtMonths')).toMatchObject({ provisional: false, body: { debts: [], total: [] } });
    goOffline();
    const created = await layer.mutations.create('debts', debt('Visa'));
    expect(created.status).toBe('queued');
    const table = await layer.db.months.get('debtMonths');
    expect(table?.provisional).toBe(true);
    const debts = (table?.body as { debts: { name: string; debt_months: { month: string }[] }[] }).debts;
    expect(debts.map((d) => d.name)).toEqual(['Visa']);
    // Month 1 stays the user's plan start, read from the server's tables.
    expect(debts[0]?.debt_months[0]?.month).toBe('2026-01');
  });

  it('a baseline saved, renamed or deleted offline leaves the server’s month tables as they are: it is no input of the engine', async () => {
    const { layer, goOffline } = setup({ signedIn: session(ANN, { subscribed: true }) });
    await layer.ready;
    const before = await layer.db.months.toArray();
    expect(before.map((row) => [row.name, row.provisional])).toEqual(Object.keys(MONTHS).sort().map((name) => [name, false]));
    goOffline();
    const snapshot = { months: [{ month: '2026-01', cash: 1000, debts: 0, savings: 0, contributions: 0, returns: 0 }] };
    const created = await layer.mutations.create('baselines', { name: 'January plan', snapshot });
    expect(created).toMatchObject({ status: 'queued', record: { name: 'January plan', snapshot } });
    const id = created.status === 'queued' ? created.record!.id : 0;
    expect((await layer.mutations.update('baselines', id, { name: 'Plan A' })).status).toBe('queued');
    expect((await layer.mutations.remove('baselines', id)).status).toBe('queued');
    expect(await layer.db.outbox.count()).toBe(3);
    // The same rows, stamps included: nothing recomputed, nothing marked provisional.
    expect(await layer.db.months.toArray()).toEqual(before);
  });

  it('an unsubscribed user’s offline edit computes nothing', async () => {
    const { layer, goOffline } = setup({ signedIn: session(ANN) });
    await layer.ready;
    goOffline();
    await layer.mutations.create('debts', debt('Visa'));
    expect(await layer.db.months.count()).toBe(0);
  });
});
