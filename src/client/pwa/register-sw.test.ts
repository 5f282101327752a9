import { describe, expect, it, vi } from 'vitest';
import { OUTBOX_SYNC_TAG, SW_MESSAGE } from '../../../sw/protocol.ts';
import { createPwaController } from './controller.ts';
import {
  appJustCached,
  ONLINE_SETTLE_MS,
  PRECACHE_RETRY_FIRST_MS,
  PRECACHE_RETRY_TRIES,
  precacheAppWhenSignedIn,
  precacheRetryDelay,
  startServiceWorker,
  UPDATE_CHECK_INTERVAL_MS,
  type ServiceWorkerDeps,
  type WorkboxLike,
} from './register-sw.ts';
import { eventually } from '../test-support/eventually.testing.ts';

type Listener = (event: { isUpdate?: boolean; isExternal?: boolean }) => void;

type FakeRegistration = { waiting?: ServiceWorker | null; installing?: ServiceWorker | null; sync?: { register: (tag: string) => Promise<void> } };

/** A service worker as its registration holds it: a state, and 'statechange' events. */
function fakeWorker(state: ServiceWorkerState = 'installed') {
  return Object.assign(new EventTarget(), { state }) as unknown as ServiceWorker & { state: ServiceWorkerState };
}

/** workbox-window's Workbox as the page sees it: events it fires, calls it records. */
function fakeWorkbox(fields: FakeRegistration = {}) {
  const listeners = new Map<string, Listener[]>();
  const registration = Object.assign(new EventTarget(), { waiting: null as ServiceWorker | null, installing: null as ServiceWorker | null }, fields);
  const workbox = {
    registration,
    register: vi.fn(async () => registration as unknown as ServiceWorkerRegistration),
    update: vi.fn(async () => {}),
    messageSkipWaiting: vi.fn(),
    addEventListener: (type: string, listener: Listener) => void listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    fire: (type: string, event: { isUpdate?: boolean; isExternal?: boolean } = {}) => {
      for (const listener of listeners.get(type) ?? []) listener(event);
    },
    /** Whether the page listens for workbox-window's `type` events. */
    listens: (type: string) => (listeners.get(type) ?? []).length > 0,
  };
  return workbox satisfies WorkboxLike & { fire: unknown };
}

/** `existing`: the registration the page already has before registering (a worker served it before). */
function setup(options: { registration?: FakeRegistration; controlled?: boolean; active?: boolean; existing?: FakeRegistration } = {}) {
  const workbox = fakeWorkbox(options.registration);
  const controller = createPwaController();
  const queued = new Set<() => void>();
  const layer = {
    flush: vi.fn(async () => {}),
    onEditQueued: (listener: () => void) => {
      queued.add(listener);
      return () => queued.delete(listener);
    },
  };
  const container = Object.assign(new EventTarget(), {
    controller: options.controlled === false ? null : ({} as ServiceWorker),
    getRegistration: async () => (options.existing ? (options.existing as ServiceWorkerRegistration) : options.active ? ({ active: {} } as ServiceWorkerRegistration) : undefined),
  });
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const timers: (() => void)[] = [];
  const delays = new Map<number, () => void>();
  let nextDelay = 0;
  const network = { online: true };
  const reload = vi.fn();
  const log = { warn: vi.fn() };
  const deps: ServiceWorkerDeps = {
    workbox,
    controller,
    layer,
    container,
    window: win,
    document: doc,
    reload,
    log,
    setInterval: (callback, ms) => {
      expect(ms).toBe(UPDATE_CHECK_INTERVAL_MS);
      timers.push(callback);
      return timers.length;
    },
    clearInterval: vi.fn(),
    setTimeout: (callback, ms) => {
      expect(ms).toBe(ONLINE_SETTLE_MS);
      nextDelay += 1;
      delays.set(nextDelay, callback);
      return nextDelay;
    },
    clearTimeout: (handle) => void delays.delete(handle as number),
    isOnline: () => network.online,
  };
  /** Runs the pending delayed callbacks, as if ONLINE_SETTLE_MS had passed. */
  const settle = () => {
    const due = [...delays.values()];
    delays.clear();
    for (const callback of due) callback();
  };
  const editQueued = () => {
    for (const listener of queued) listener();
  };
  return { workbox, controller, layer, container, win, doc, timers, delays, settle, network, reload, log, deps, editQueued };
}

describe('startServiceWorker', () => {
  it('registers, and shows the update prompt when a new version waits (its own or found elsewhere)', async () => {
    const { workbox, controller, deps } = setup();
    await startServiceWorker(deps);
    expect(workbox.register).toHaveBeenCalledTimes(1);
    expect(controller.getState().updateReady).toBe(false);
    workbox.fire('waiting', { isExternal: true });
    expect(controller.getState().updateReady).toBe(true);
  });

  it('Reload sends SKIP_WAITING, and the page reloads once the new version controls it', async () => {
    const { workbox, controller, reload, deps } = setup({ registration: { waiting: fakeWorker() } });
    await startServiceWorker(deps);
    workbox.fire('waiting');
    controller.applyUpdate();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    workbox.fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("after another page's Reload: keeps the prompt, shows it again even after Later, and Reload just reloads", async () => {
    const { workbox, controller, reload, deps } = setup({ registration: { waiting: fakeWorker() } });
    await startServiceWorker(deps);
    workbox.fire('waiting');
    controller.dismissUpdate();
    // Another page's Reload activated it: nothing waits any more, and this page does not reload itself.
    workbox.registration.waiting = null;
    workbox.fire('controlling', { isExternal: true, isUpdate: true });
    expect(reload).not.toHaveBeenCalled();
    expect(controller.getState().updateReady).toBe(true);

    controller.applyUpdate();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('Later keeps the same waiting version quiet through later checks; a different version asks again', async () => {
    const first = fakeWorker();
    const { workbox, controller, deps } = setup({ registration: { waiting: first } });
    const handle = await startServiceWorker(deps);
    expect(controller.getState().updateReady).toBe(true);
    controller.dismissUpdate();
    workbox.fire('waiting');
    await handle.checkForUpdate();
    expect(controller.getState().updateReady).toBe(false);

    workbox.registration.waiting = fakeWorker();
    await handle.checkForUpdate();
    expect(controller.getState().updateReady).toBe(true);
  });

  it('notices a version that was already installing when the page registered, once it waits', async () => {
    const installing = fakeWorker('installing');
    const { workbox, controller, deps } = setup({ registration: { installing } });
    await startServiceWorker(deps);
    expect(controller.getState().updateReady).toBe(false);
    installing.state = 'installed';
    workbox.registration.installing = null;
    workbox.registration.waiting = installing;
    installing.dispatchEvent(new Event('statechange'));
    expect(controller.getState().updateReady).toBe(true);
  });

  it('notices a version found later by the browser itself (updatefound), once it waits', async () => {
    const { workbox, controller, deps } = setup();
    await startServiceWorker(deps);
    const next = fakeWorker('installing');
    workbox.registration.installing = next;
    workbox.registration.dispatchEvent(new Event('updatefound'));
    next.state = 'installed';
    workbox.registration.waiting = next;
    next.dispatchEvent(new Event('statechange'));
    expect(controller.getState().updateReady).toBe(true);
  });

  it('asks nothing of a page no worker controls (the first visit installs without a prompt)', async () => {
    const { workbox, controller, deps } = setup({ registration: { waiting: fakeWorker() }, controlled: false });
    await startServiceWorker(deps);
    workbox.fire('waiting');
    workbox.fire('controlling', { isUpdate: false });
    expect(controller.getState().updateReady).toBe(false);
  });

  it('says nothing of working offline when the first version activates: that version holds only the public pages', async () => {
    const first = setup();
    await startServiceWorker(first.deps);
    // The page does not listen for activations at all; were one fired, nothing would show.
    expect(first.workbox.listens('activated')).toBe(false);
    expect(first.workbox.listens('waiting')).toBe(true);
    first.workbox.fire('activated', {});
    expect(first.controller.getState().offlineReady).toBe(false);
  });

  it("flushes the outbox when the worker's background sync says so, and ignores other messages", async () => {
    const { container, layer, deps } = setup();
    await startServiceWorker(deps);
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'something-else' } }));
    container.dispatchEvent(new MessageEvent('message', { data: 'text' }));
    expect(layer.flush).not.toHaveBeenCalled();
    container.dispatchEvent(new MessageEvent('message', { data: { type: SW_MESSAGE.flushOutbox } }));
    expect(layer.flush).toHaveBeenCalledTimes(1);
  });

  it('registers a background sync for each queued edit, where the browser has it', async () => {
    const register = vi.fn(async () => {});
    const withSync = setup({ registration: { sync: { register } } });
    await startServiceWorker(withSync.deps);
    withSync.editQueued();
    await eventually(() => expect(register).toHaveBeenCalledWith(OUTBOX_SYNC_TAG));

    const without = setup({ registration: {} });
    await startServiceWorker(without.deps);
    expect(() => without.editQueued()).not.toThrow();
  });

  it('registers a background sync for an edit queued offline before registering, on the registration already there', async () => {
    const register = vi.fn(async () => {});
    const { workbox, win, network, deps, editQueued } = setup({ existing: { sync: { register } } });
    network.online = false;
    const started = startServiceWorker(deps);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Still waiting for the network to register.
    expect(workbox.register).not.toHaveBeenCalled();

    editQueued();
    await eventually(() => expect(register).toHaveBeenCalledWith(OUTBOX_SYNC_TAG));
    expect(register).toHaveBeenCalledTimes(1);

    network.online = true;
    win.dispatchEvent(new Event('online'));
    (await started).stop();
  });

  it('looks for a new version when the page becomes visible, once the network has settled after returning, and every hour', async () => {
    const { workbox, doc, win, timers, delays, settle, deps } = setup();
    const handle = await startServiceWorker(deps);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(workbox.update).not.toHaveBeenCalled();
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    await eventually(() => expect(workbox.update).toHaveBeenCalledTimes(1));
    // The network flaps back twice: one check, after it settles.
    win.dispatchEvent(new Event('online'));
    win.dispatchEvent(new Event('online'));
    expect(delays.size).toBe(1);
    await Promise.resolve();
    expect(workbox.update).toHaveBeenCalledTimes(1);
    settle();
    await eventually(() => expect(workbox.update).toHaveBeenCalledTimes(2));
    expect(timers).toHaveLength(1);
    timers[0]?.();
    await eventually(() => expect(workbox.update).toHaveBeenCalledTimes(3));

    win.dispatchEvent(new Event('online'));
    handle.stop();
    expect(delays.size).toBe(0);
    win.dispatchEvent(new Event('online'));
    expect(delays.size).toBe(0);
    expect(workbox.update).toHaveBeenCalledTimes(3);
    expect(deps.clearInterval).toHaveBeenCalledTimes(1);
  });

  it('never looks for a new version while offline, whatever the trigger', async () => {
    const { workbox, doc, win, timers, settle, network, deps } = setup();
    const handle = await startServiceWorker(deps);
    network.online = false;
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(timers).toHaveLength(1);
    timers[0]?.();
    await handle.checkForUpdate();
    // 'online' came, but the network dropped again before the check was due.
    win.dispatchEvent(new Event('online'));
    settle();
    await Promise.resolve();
    expect(workbox.update).not.toHaveBeenCalled();
    network.online = true;
    await handle.checkForUpdate();
    expect(workbox.update).toHaveBeenCalledTimes(1);
  });

  it('registers only once the network is there (registering fetches the worker script)', async () => {
    const { workbox, win, network, deps } = setup();
    network.online = false;
    const started = startServiceWorker(deps);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(workbox.register).not.toHaveBeenCalled();
    network.online = true;
    win.dispatchEvent(new Event('online'));
    const handle = await started;
    expect(workbox.register).toHaveBeenCalledTimes(1);
    expect(handle.registration).toBe(workbox.registration);
  });

  it('a check that finds a version waiting shows the prompt (a second update in one page)', async () => {
    const { workbox, controller, deps } = setup();
    const handle = await startServiceWorker(deps);
    expect(controller.getState().updateReady).toBe(false);
    workbox.registration.waiting = fakeWorker();
    await handle.checkForUpdate();
    expect(controller.getState().updateReady).toBe(true);
  });

  it('a failed check or registration is logged, never thrown', async () => {
    const failingCheck = setup();
    failingCheck.workbox.update.mockRejectedValueOnce(new Error('offline'));
    const handle = await startServiceWorker(failingCheck.deps);
    await handle.checkForUpdate();
    expect(failingCheck.log.warn).toHaveBeenCalledWith('Looking for a new version failed', expect.any(Error));

    const failingRegister = setup();
    failingRegister.workbox.register.mockRejectedValueOnce(new Error('insecure'));
    const unregistered = await startServiceWorker(failingRegister.deps);
    expect(unregistered.registration).toBeUndefined();
    expect(failingRegister.log.warn).toHaveBeenCalledWith('The service worker could not be registered', expect.any(Error));
    await unregistered.checkForUpdate();
    expect(failingRegister.workbox.update).not.toHaveBeenCalled();
  });
});

describe('precacheAppWhenSignedIn', () => {
  /**
   * A session that can sign in, a worker that records what it is told (and answers on the port
   * the page sends, when the test says so), a settle the test releases, the network's state and
   * 'online' event, and delays the test runs by hand (`elapse`).
   */
  function setup(signedIn: boolean, options: { online?: boolean; active?: boolean } = {}) {
    let session = { isAuthenticated: signedIn };
    const listeners = new Set<() => void>();
    const layer = {
      getSession: () => session as ReturnType<Parameters<typeof precacheAppWhenSignedIn>[0]['layer']['getSession']>,
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const told: unknown[] = [];
    const ports: MessagePort[] = [];
    const worker = {
      postMessage: (message: unknown, transfer: Transferable[] = []) => {
        told.push(message);
        ports.push(...(transfer as MessagePort[]));
      },
    };
    // The registration object is live: its active worker can appear after `ready` resolved.
    const registration = { active: options.active === false ? null : worker };
    const container = { ready: Promise.resolve(registration as unknown as ServiceWorkerRegistration) };
    const settles: (() => void)[] = [];
    const settled = () => new Promise<void>((resolve) => settles.push(resolve));
    const onAppCached = vi.fn();
    const network = { online: options.online ?? true };
    const win = new EventTarget();
    /** The delays the page has set and not cleared, by handle, with their length. */
    const delays = new Map<number, { callback: () => void; ms: number }>();
    let nextDelay = 0;
    /** The length of every delay the page has set, in order. */
    const delaysSet: number[] = [];
    const stop = precacheAppWhenSignedIn({
      layer,
      container,
      settled,
      onAppCached,
      window: win,
      isOnline: () => network.online,
      setTimeout: (callback, ms) => {
        nextDelay += 1;
        delays.set(nextDelay, { callback, ms });
        delaysSet.push(ms);
        return nextDelay;
      },
      clearTimeout: (handle) => void delays.delete(handle as number),
    });
    const signIn = () => {
      session = { isAuthenticated: true };
      for (const listener of [...listeners]) listener();
    };
    const signOut = () => {
      session = { isAuthenticated: false };
      for (const listener of [...listeners]) listener();
    };
    /** The lengths of the delays waiting. */
    const waits = () => [...delays.values()].map((delay) => delay.ms);
    /** Runs the delays waiting, as if their time had passed, and lets what they start run. */
    const elapse = async () => {
      const due = [...delays.values()];
      delays.clear();
      for (const { callback } of due) callback();
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    const goOnline = () => {
      network.online = true;
      win.dispatchEvent(new Event('online'));
    };
    const settle = async () => {
      for (const resolve of settles.splice(0)) resolve();
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    /** The worker's answer on the last port the page sent. */
    const answer = (status: { cached: number; total: number; added: number }) => {
      const port = ports.at(-1);
      if (!port) throw new Error('the page sent no port');
      port.postMessage({ type: SW_MESSAGE.appCacheStatus, ...status });
    };
    return { told, signIn, signOut, settle, stop, settles, answer, onAppCached, network, goOnline, waits, elapse, registration, worker, delays, delaysSet };
  }

  it('asks nothing while nobody is signed in', async () => {
    const { told, settle, settles } = setup(false);
    expect(settles).toHaveLength(0);
    await settle();
    expect(told).toEqual([]);
  });

  it('asks the worker once the signed-in page has settled, and once only', async () => {
    const { told, settle, signIn } = setup(true);
    // Not before the page settles: the first screen comes first.
    await Promise.resolve();
    expect(told).toEqual([]);
    await settle();
    expect(told).toEqual([{ type: SW_MESSAGE.precacheApp }]);
    signIn();
    await settle();
    expect(told).toEqual([{ type: SW_MESSAGE.precacheApp }]);
  });

  it('asks when a visitor signs in, after the page settles', async () => {
    const { told, settle, signIn, settles } = setup(false);
    signIn();
    expect(settles).toHaveLength(1);
    expect(told).toEqual([]);
    await settle();
    expect(told).toEqual([{ type: SW_MESSAGE.precacheApp }]);
  });

  it('stops listening when told to', async () => {
    const { told, settle, signIn, stop, settles } = setup(false);
    stop();
    signIn();
    expect(settles).toHaveLength(0);
    await settle();
    expect(told).toEqual([]);
  });

  it("tells the page when the worker's answer says it has just cached the whole app", async () => {
    const { settle, answer, onAppCached } = setup(true);
    await settle();
    answer({ cached: 40, total: 40, added: 40 });
    await eventually(() => expect(onAppCached).toHaveBeenCalledTimes(1));
  });

  const ASK = { type: SW_MESSAGE.precacheApp };
  const PART_WAY = { cached: 30, total: 40, added: 30 };
  const WHOLE = { cached: 40, total: 40, added: 10 };

  it('asks again after a backoff when a fill failed part-way, the wait doubling each time', async () => {
    const { told, settle, answer, waits, elapse, onAppCached } = setup(true);
    await settle();
    expect(told).toEqual([ASK]);
    answer(PART_WAY);
    await eventually(() => expect(waits()).toEqual([PRECACHE_RETRY_FIRST_MS]));
    expect(told).toHaveLength(1);
    await elapse();
    await eventually(() => expect(told).toEqual([ASK, ASK]));
    // One request at a time: nothing more is due while the worker works.
    expect(waits()).toEqual([]);
    answer({ cached: 35, total: 40, added: 5 });
    await eventually(() => expect(waits()).toEqual([2 * PRECACHE_RETRY_FIRST_MS]));
    expect(onAppCached).not.toHaveBeenCalled();
  });

  it('asks no more once an answer says the whole app is cached, and says so then', async () => {
    const { told, settle, answer, waits, elapse, goOnline, onAppCached } = setup(true);
    await settle();
    answer(PART_WAY);
    await eventually(() => expect(waits()).toHaveLength(1));
    await elapse();
    await eventually(() => expect(told).toHaveLength(2));
    answer(WHOLE);
    await eventually(() => expect(onAppCached).toHaveBeenCalledTimes(1));
    expect(waits()).toEqual([]);
    goOnline();
    expect(waits()).toEqual([]);
    await elapse();
    expect(told).toHaveLength(2);
  });

  it('asks again when the registration had no active worker', async () => {
    const { told, settle, waits, elapse, registration, worker } = setup(true, { active: false });
    await settle();
    expect(told).toEqual([]);
    expect(waits()).toEqual([PRECACHE_RETRY_FIRST_MS]);
    registration.active = worker;
    await elapse();
    await eventually(() => expect(told).toEqual([ASK]));
  });

  it('stops a retry that waits when unsubscribed', async () => {
    const { told, settle, answer, waits, delays, stop, goOnline } = setup(true);
    await settle();
    answer(PART_WAY);
    await eventually(() => expect(waits()).toEqual([PRECACHE_RETRY_FIRST_MS]));
    const pending = [...delays.values()];
    stop();
    expect(waits()).toEqual([]);
    // Even a timer that fired all the same, or the network's return, asks nothing.
    for (const { callback } of pending) callback();
    goOnline();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(waits()).toEqual([]);
    expect(told).toHaveLength(1);
  });

  it('asks nothing while offline: the first request and a retry wait for the network to come back and settle', async () => {
    const { told, settle, answer, waits, elapse, network, goOnline } = setup(true, { online: false });
    await settle();
    expect(told).toEqual([]);
    expect(waits()).toEqual([]);
    // The network flaps back twice: one request, once it has settled.
    goOnline();
    goOnline();
    expect(waits()).toEqual([ONLINE_SETTLE_MS]);
    await elapse();
    await eventually(() => expect(told).toEqual([ASK]));

    answer(PART_WAY);
    await eventually(() => expect(waits()).toEqual([PRECACHE_RETRY_FIRST_MS]));
    network.online = false;
    await elapse();
    expect(told).toHaveLength(1);
    expect(waits()).toEqual([]);
    goOnline();
    await elapse();
    await eventually(() => expect(told).toHaveLength(2));
  });

  it('stops its own retries after a bounded number, while the network coming back still asks', async () => {
    expect(Array.from({ length: PRECACHE_RETRY_TRIES }, (_, i) => precacheRetryDelay(i + 1))).toEqual([15_000, 30_000, 60_000, 120_000, 240_000, 300_000]);
    const { told, settle, answer, waits, elapse, goOnline, delaysSet } = setup(true);
    await settle();
    for (let retry = 1; retry <= PRECACHE_RETRY_TRIES; retry += 1) {
      answer(PART_WAY);
      await eventually(() => expect(waits()).toEqual([precacheRetryDelay(retry)]));
      await elapse();
      await eventually(() => expect(told).toHaveLength(retry + 1));
    }
    answer(PART_WAY);
    // The network's return asks once the answer is in (before, the request is still under way).
    await eventually(() => {
      goOnline();
      expect(waits()).toEqual([ONLINE_SETTLE_MS]);
    });
    // And the answer set no timer of its own: only the six backoffs, then the network's settle.
    expect(delaysSet.filter((ms) => ms !== ONLINE_SETTLE_MS)).toEqual(Array.from({ length: PRECACHE_RETRY_TRIES }, (_, i) => precacheRetryDelay(i + 1)));
    await elapse();
    await eventually(() => expect(told).toHaveLength(PRECACHE_RETRY_TRIES + 2));
  });

  it('drops a retry that waits when the user signs out, and asks anew at the next sign-in', async () => {
    const { told, settle, answer, waits, elapse, signIn, signOut, settles } = setup(true);
    await settle();
    answer(PART_WAY);
    await eventually(() => expect(waits()).toHaveLength(1));
    signOut();
    expect(waits()).toEqual([]);
    await elapse();
    expect(told).toHaveLength(1);
    signIn();
    expect(settles).toHaveLength(1);
    await settle();
    expect(told).toHaveLength(2);
  });

  it('reads "just cached" only from a fill that fetched files and left none missing', () => {
    expect(appJustCached({ cached: 40, total: 40, added: 40 })).toBe(true);
    expect(appJustCached({ cached: 40, total: 40, added: 1 })).toBe(true);
    // A later page: everything was there already.
    expect(appJustCached({ cached: 40, total: 40, added: 0 })).toBe(false);
    // A fill that fetched some files and not the rest.
    expect(appJustCached({ cached: 30, total: 40, added: 30 })).toBe(false);
  });
});
