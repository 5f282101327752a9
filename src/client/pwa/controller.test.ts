import { describe, expect, it, vi } from 'vitest';
import { createPwaController, IOS_HINT_DISMISSED_KEY, PERSIST_ASKED_KEY, type InstallPromptEvent, type PwaEnvironment } from './controller.ts';

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

function memoryStorage(map = new Map<string, string>()) {
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

function storageManager({ persisted = false, grants = false } = {}) {
  return { persisted: vi.fn(async () => persisted), persist: vi.fn(async () => grants) };
}

function offer(outcome: 'accepted' | 'dismissed' = 'accepted'): InstallPromptEvent & { prompt: ReturnType<typeof vi.fn> } {
  return { prompt: vi.fn(async () => {}), userChoice: Promise.resolve({ outcome }) };
}

const log = () => ({ warn: vi.fn() });

describe('the update prompt', () => {
  it('shows when a new version waits; Reload hands over once, Later hides it', () => {
    const pwa = createPwaController();
    const changes = vi.fn();
    pwa.subscribe(changes);
    expect(pwa.getState().updateReady).toBe(false);
    const activate = vi.fn();
    pwa.updateFound(activate);
    expect(pwa.getState()).toMatchObject({ updateReady: true, updating: false });
    expect(changes).toHaveBeenCalled();

    pwa.applyUpdate();
    pwa.applyUpdate();
    expect(activate).toHaveBeenCalledTimes(1);
    expect(pwa.getState().updating).toBe(true);

    const later = createPwaController();
    later.updateFound(vi.fn());
    later.dismissUpdate();
    expect(later.getState().updateReady).toBe(false);
  });

  it('Reload does nothing before a version waits', () => {
    const pwa = createPwaController();
    pwa.applyUpdate();
    expect(pwa.getState().updating).toBe(false);
  });
});

describe('the offline-ready notice', () => {
  it('shows once the app is found cached, until dismissed', () => {
    const pwa = createPwaController();
    pwa.offlineReadyFound();
    expect(pwa.getState().offlineReady).toBe(true);
    pwa.dismissOfflineReady();
    expect(pwa.getState().offlineReady).toBe(false);
  });
});

describe('installing', () => {
  it("keeps the browser's offer for the Install button; the button opens the prompt once and answers its outcome", async () => {
    const pwa = createPwaController();
    expect(await pwa.install()).toBe('unavailable');
    const event = offer('dismissed');
    pwa.installOffered(event);
    expect(pwa.getState().canInstall).toBe(true);
    expect(await pwa.install()).toBe('dismissed');
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(pwa.getState().canInstall).toBe(false);
    expect(await pwa.install()).toBe('unavailable');
  });

  it('offers nothing once installed, or when already running as the installed app', () => {
    const pwa = createPwaController();
    pwa.installOffered(offer());
    pwa.appInstalled();
    expect(pwa.getState().canInstall).toBe(false);

    const standalone = createPwaController({ standalone: true });
    standalone.installOffered(offer());
    expect(standalone.getState().canInstall).toBe(false);
  });

  it('a prompt that throws answers "unavailable" and is logged', async () => {
    const env = { log: log() };
    const pwa = createPwaController(env);
    pwa.installOffered({ prompt: () => Promise.reject(new Error('not allowed')), userChoice: new Promise(() => {}) });
    expect(await pwa.install()).toBe('unavailable');
    expect(env.log.warn).toHaveBeenCalledTimes(1);
  });

  it('on iOS Safari shows how to install until dismissed, and remembers the dismissal', () => {
    const storage = memoryStorage();
    const env: PwaEnvironment = { storage, userAgent: IPHONE_SAFARI, maxTouchPoints: 5 };
    const pwa = createPwaController(env);
    expect(pwa.getState().iosInstallHint).toBe(true);
    pwa.dismissIosInstallHint();
    expect(pwa.getState().iosInstallHint).toBe(false);
    expect(storage.map.get(IOS_HINT_DISMISSED_KEY)).toBe('1');
    expect(createPwaController(env).getState().iosInstallHint).toBe(false);
  });

  it('shows no iOS hint from the home screen, nor on other browsers', () => {
    expect(createPwaController({ userAgent: IPHONE_SAFARI, maxTouchPoints: 5, standalone: true }).getState().iosInstallHint).toBe(false);
    expect(createPwaController({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/138.0.0.0 Safari/537.36' }).getState().iosInstallHint).toBe(false);
  });
});

describe('persistent storage', () => {
  it('asks after a sign-in and stores the answer; remembers that this device asked', async () => {
    const storage = memoryStorage();
    const manager = storageManager({ grants: true });
    const pwa = createPwaController({ storage, storageManager: manager });
    expect(pwa.getState().storage).toBe('unknown');
    expect(await pwa.requestPersistentStorage()).toBe('persistent');
    expect(manager.persist).toHaveBeenCalledTimes(1);
    expect(pwa.getState()).toMatchObject({ storage: 'persistent', storageRequesting: false });
    expect(storage.map.get(PERSIST_ASKED_KEY)).toBe('1');
  });

  it('a refusal is "best-effort"; already persistent storage is not asked for again', async () => {
    const refused = storageManager({ grants: false });
    const pwa = createPwaController({ storageManager: refused });
    expect(await pwa.requestPersistentStorage()).toBe('best-effort');

    const already = storageManager({ persisted: true });
    const kept = createPwaController({ storageManager: already });
    expect(await kept.requestPersistentStorage()).toBe('persistent');
    expect(already.persist).not.toHaveBeenCalled();
  });

  it('with onlyIfNeverAsked, asks a device that never asked, and only reads on one that did', async () => {
    const storage = memoryStorage();
    const manager = storageManager({ grants: false });
    const pwa = createPwaController({ storage, storageManager: manager });
    await pwa.requestPersistentStorage({ onlyIfNeverAsked: true });
    expect(manager.persist).toHaveBeenCalledTimes(1);
    await pwa.requestPersistentStorage({ onlyIfNeverAsked: true });
    expect(manager.persist).toHaveBeenCalledTimes(1);
    expect(manager.persisted).toHaveBeenCalledTimes(2);
    expect(pwa.getState().storage).toBe('best-effort');
  });

  it('checkStorage reads without asking; no StorageManager is "unsupported"; a failure is "best-effort" and logged', async () => {
    const manager = storageManager({ grants: true });
    const pwa = createPwaController({ storageManager: manager });
    expect(await pwa.checkStorage()).toBe('best-effort');
    expect(manager.persist).not.toHaveBeenCalled();

    const none = createPwaController();
    expect(none.getState().storage).toBe('unsupported');
    expect(await none.requestPersistentStorage()).toBe('unsupported');

    const env = { log: log(), storageManager: { persisted: () => Promise.reject(new Error('denied')), persist: () => Promise.resolve(true) } };
    const failing = createPwaController(env);
    expect(await failing.requestPersistentStorage()).toBe('best-effort');
    expect(env.log.warn).toHaveBeenCalledTimes(1);
  });
});
