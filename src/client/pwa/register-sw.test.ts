import { describe, expect, it, vi } from 'vitest';
import { OUTBOX_SYNC_TAG, SW_MESSAGE } from '../../../sw/protocol.ts';
import { createPwaController } from './controller.ts';
import { startServiceWorker, UPDATE_CHECK_INTERVAL_MS, type ServiceWorkerDeps, type WorkboxLike } from './register-sw.ts';

type Listener = (event: { isUpdate?: boolean; isExternal?: boolean }) => void;

/** workbox-window's Workbox as the page sees it: events it fires, calls it records. */
function fakeWorkbox(registration: Partial<ServiceWorkerRegistration> & { sync?: { register: (tag: string) => Promise<void> } } = {}) {
  const listeners = new Map<string, Listener[]>();
  const workbox = {
    register: vi.fn(async () => registration as ServiceWorkerRegistration),
    update: vi.fn(async () => {}),
    messageSkipWaiting: vi.fn(),
    addEventListener: (type: string, listener: Listener) => void listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    fire: (type: string, event: { isUpdate?: boolean; isExternal?: boolean } = {}) => {
      for (const listener of listeners.get(type) ?? []) listener(event);
    },
  };
  return workbox satisfies WorkboxLike & { fire: unknown };
}

function setup(options: { registration?: Parameters<typeof fakeWorkbox>[0]; controlled?: boolean } = {}) {
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
  const container = Object.assign(new EventTarget(), { controller: options.controlled === false ? null : ({} as ServiceWorker) });
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const timers: (() => void)[] = [];
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
  };
  const editQueued = () => {
    for (const listener of queued) listener();
  };
  return { workbox, controller, layer, container, win, doc, timers, reload, log, deps, editQueued };
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
    const { workbox, controller, reload, deps } = setup();
    await startServiceWorker(deps);
    workbox.fire('waiting');
    // Another page's Reload activated it: this page keeps its prompt and does not reload itself.
    workbox.fire('controlling', { isExternal: true, isUpdate: true });
    expect(reload).not.toHaveBeenCalled();

    controller.applyUpdate();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    workbox.fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('says "ready to work offline" when the first version activates, not after an update', async () => {
    const first = setup();
    await startServiceWorker(first.deps);
    first.workbox.fire('activated', { isUpdate: true });
    first.workbox.fire('activated', { isExternal: true });
    expect(first.controller.getState().offlineReady).toBe(false);
    first.workbox.fire('activated', {});
    expect(first.controller.getState().offlineReady).toBe(true);
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
    expect(register).toHaveBeenCalledWith(OUTBOX_SYNC_TAG);

    const without = setup({ registration: {} });
    await startServiceWorker(without.deps);
    expect(() => without.editQueued()).not.toThrow();
  });

  it('looks for a new version when the page becomes visible, when the network returns and every hour', async () => {
    const { workbox, doc, win, timers, deps } = setup();
    const handle = await startServiceWorker(deps);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(workbox.update).not.toHaveBeenCalled();
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    win.dispatchEvent(new Event('online'));
    timers[0]?.();
    await vi.waitFor(() => expect(workbox.update).toHaveBeenCalledTimes(3));

    handle.stop();
    win.dispatchEvent(new Event('online'));
    expect(workbox.update).toHaveBeenCalledTimes(3);
    expect(deps.clearInterval).toHaveBeenCalledTimes(1);
  });

  it('a check that finds a version waiting shows the prompt (a second update in one page)', async () => {
    const registration = { waiting: {} as ServiceWorker };
    const { controller, deps } = setup({ registration });
    const handle = await startServiceWorker(deps);
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
