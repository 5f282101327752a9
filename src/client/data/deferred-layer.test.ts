import { describe, expect, it, vi } from 'vitest';
import type { DataLayer, DataLayerState } from './layer-api.ts';
import { createDeferredDataLayer } from './deferred-layer.ts';
import { writeSession, type KeyValueStorage } from './session/session.ts';

function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return { getItem: (key) => map.get(key) ?? null, setItem: (key, value) => void map.set(key, value), removeItem: (key) => void map.delete(key) };
}

/** The real layer's part the stand-in hands on to: its state, its listeners, a login. */
function fakeLayer() {
  let state: DataLayerState = { session: { authToken: null, email: null, isAuthenticated: false, stripeCustomerId: null, subscribed: false, birthYear: null }, online: true, channel: { state: 'disconnected', error: null }, hold: null, subscriptionCheck: 'unknown' };
  const listeners = new Set<() => void>();
  const expired = new Set<() => void>();
  const queued = new Set<() => void>();
  const db = { name: 'mirror' };
  const layer = {
    db,
    ready: Promise.resolve(),
    getState: () => state,
    getSession: () => state.session,
    subscribe: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)),
    onSessionExpired: (listener: () => void) => (expired.add(listener), () => void expired.delete(listener)),
    onEditQueued: (listener: () => void) => (queued.add(listener), () => void queued.delete(listener)),
    login: vi.fn(async () => ({ status: 'signed-in' as const })),
    flush: vi.fn(async () => {}),
    dispose: vi.fn(),
  } as unknown as DataLayer;
  return {
    layer,
    db,
    setState(patch: Partial<DataLayerState>) {
      state = { ...state, ...patch };
      for (const listener of [...listeners]) listener();
    },
    expire: () => [...expired].forEach((listener) => listener()),
    queue: () => [...queued].forEach((listener) => listener()),
  };
}

describe('the deferred data layer', () => {
  it('stands in with the stored session and the browser’s online state until loaded', () => {
    const storage = memoryStorage();
    writeSession(storage, { authToken: 't', email: 'ann@example.com', isAuthenticated: true, stripeCustomerId: null, subscribed: true, birthYear: 1985 });
    const events = new EventTarget();
    const create = vi.fn(async () => fakeLayer().layer);
    const layer = createDeferredDataLayer({ storage, create, isOnline: () => false, window: events });

    expect(() => layer.db).toThrow(/not loaded yet/);
    expect(create).not.toHaveBeenCalled();
    expect(layer.getSession()).toMatchObject({ email: 'ann@example.com', isAuthenticated: true, subscribed: true });
    const listener = vi.fn();
    layer.subscribe(listener);
    const before = layer.getState();
    expect(layer.getState()).toBe(before);
    expect(before.online).toBe(false);
    events.dispatchEvent(new Event('online'));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(layer.getState().online).toBe(true);
    expect(layer.getState().session).toBe(before.session);
  });

  it('refuses the mirror before it is loaded, and has nothing to wait for', async () => {
    const layer = createDeferredDataLayer({ storage: memoryStorage(), create: async () => fakeLayer().layer });
    expect(() => layer.db).toThrow(/not loaded yet \(db\)/);
    expect(() => layer.mutations).toThrow(/mutations/);
    expect(() => layer.liveQuery).toThrow(/liveQuery/);
    await expect(layer.ready).resolves.toBeUndefined();
    await expect(layer.flush()).resolves.toBeUndefined();
  });

  it('loads once, then is the real layer: state, mirror, and the listeners registered before', async () => {
    const real = fakeLayer();
    const create = vi.fn(async () => real.layer);
    const layer = createDeferredDataLayer({ storage: memoryStorage(), create });
    const changed = vi.fn();
    const expired = vi.fn();
    const queued = vi.fn();
    const gone = vi.fn();
    layer.subscribe(changed);
    layer.onSessionExpired(expired);
    layer.onEditQueued(queued);
    layer.onEditQueued(gone)();

    const [a, b] = await Promise.all([layer.load(), layer.load()]);
    expect(a).toBe(real.layer);
    expect(b).toBe(real.layer);
    expect(create).toHaveBeenCalledTimes(1);
    expect(layer.db).toBe(real.db);
    expect(changed).toHaveBeenCalledTimes(1);

    real.setState({ online: false });
    expect(changed).toHaveBeenCalledTimes(2);
    expect(layer.getState().online).toBe(false);
    real.expire();
    real.queue();
    expect(expired).toHaveBeenCalledTimes(1);
    expect(queued).toHaveBeenCalledTimes(1);
    expect(gone).not.toHaveBeenCalled();

    const late = vi.fn();
    const stop = layer.onEditQueued(late);
    real.queue();
    stop();
    real.queue();
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('a sign-in loads the real layer and is its sign-in', async () => {
    const real = fakeLayer();
    const layer = createDeferredDataLayer({ storage: memoryStorage(), create: async () => real.layer });
    await expect(layer.login({ answer: true })).resolves.toEqual({ status: 'signed-in' });
    expect(real.layer.login).toHaveBeenCalledWith({ answer: true }, undefined);
    expect(layer.db).toBe(real.db);
  });

  it('a failed load (offline before the worker had the file) may be tried again', async () => {
    const real = fakeLayer();
    const create = vi.fn<() => Promise<DataLayer>>().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockResolvedValue(real.layer);
    const layer = createDeferredDataLayer({ storage: memoryStorage(), create });
    await expect(layer.load()).rejects.toThrow(/Failed to fetch/);
    expect(() => layer.db).toThrow(/not loaded yet/);
    await expect(layer.load()).resolves.toBe(real.layer);
  });
});
