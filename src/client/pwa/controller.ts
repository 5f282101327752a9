/**
 * The installable app's state on this page: a new version waiting, the one-time "ready to work
 * offline" notice (once the signed-in app's files have just been cached), whether the browser offers installation (or, on iOS Safari, which has no
 * install prompt, whether to show how), and whether the browser keeps this site's storage.
 *
 * It holds no browser object itself: the page hands it the pieces (main.tsx), and the service
 * worker's registration (register-sw.ts, loaded after the page) reports to it. Screens read it
 * through `usePwa()` (hooks.ts). Tests give it fakes.
 */
import type { KeyValueStorage } from '../data/session/session.ts';
import { isIosSafari } from './platform.ts';

/**
 * What the browser said about keeping this site's data (the mirror and its unsynced edits):
 * - persistent: it will not clear it to free space;
 * - best-effort: it may, when space runs low (the browser said no, or has not been asked);
 * - unsupported: the browser has no StorageManager.persist();
 * - unknown: not checked yet (signed out, or the check has not answered).
 */
export type StorageStatus = 'unknown' | 'persistent' | 'best-effort' | 'unsupported';

export interface PwaState {
  /** A new version is installed and waits for the user: the update prompt shows. */
  updateReady: boolean;
  /** The user chose Reload: the new version is taking over and the page reloads. */
  updating: boolean;
  /** The app was just made available offline for the first time: a notice shows until dismissed. */
  offlineReady: boolean;
  /** The browser offered installation (`beforeinstallprompt`): the Install button shows. */
  canInstall: boolean;
  /** iOS Safari, not yet on the home screen, hint not dismissed: how to install shows. */
  iosInstallHint: boolean;
  storage: StorageStatus;
  /** A persist() request is under way. */
  storageRequesting: boolean;
}

/** Chromium's install prompt event (not in TypeScript's DOM lib). */
export interface InstallPromptEvent {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface PwaEnvironment {
  /** Local storage, for what must be remembered across visits (hint dismissed, persistence asked). */
  storage?: KeyValueStorage;
  /** `navigator.storage`; absent where the browser has none. */
  storageManager?: Pick<StorageManager, 'persist' | 'persisted'>;
  userAgent?: string;
  maxTouchPoints?: number;
  /** Running from the home screen or as an installed app (then no install offer shows). */
  standalone?: boolean;
  log?: Pick<Console, 'warn'>;
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

export interface PwaController {
  getState(): PwaState;
  subscribe(listener: () => void): () => void;

  // Reported by the service worker's registration.
  /**
   * A new version waits; `activate` hands over to it (the registration reloads once it controls).
   * `version` names it (the waiting worker): after Later, the same version does not ask again in
   * this page, a different one does. Without it the prompt always shows.
   */
  updateFound(activate: () => void, version?: unknown): void;
  /** The worker has just cached the signed-in app's files: every tab now opens offline. */
  offlineReadyFound(): void;

  // Reported by the page's window events.
  /** `beforeinstallprompt`: keep the event for the Install button. */
  installOffered(event: InstallPromptEvent): void;
  /** `appinstalled`: no more install offers. */
  appInstalled(): void;

  // The user's actions.
  applyUpdate(): void;
  dismissUpdate(): void;
  dismissOfflineReady(): void;
  install(): Promise<InstallOutcome>;
  dismissIosInstallHint(): void;

  /**
   * After a sign-in: asks the browser to keep the site's storage (persist()) unless it already does.
   * With `onlyIfNeverAsked`, asks only if this device has never asked (a page opened signed in).
   */
  requestPersistentStorage(options?: { onlyIfNeverAsked?: boolean }): Promise<StorageStatus>;
  /** Reads whether storage is persistent, without asking for it. */
  checkStorage(): Promise<StorageStatus>;
}

export const IOS_HINT_DISMISSED_KEY = 'runway-ios-install-hint-dismissed';
export const PERSIST_ASKED_KEY = 'runway-storage-persist-asked';

export function createPwaController(env: PwaEnvironment = {}): PwaController {
  const log = env.log ?? console;
  const remembered = (key: string) => env.storage?.getItem(key) === '1';
  const remember = (key: string) => env.storage?.setItem(key, '1');

  let state: PwaState = {
    updateReady: false,
    updating: false,
    offlineReady: false,
    canInstall: false,
    iosInstallHint: !env.standalone && isIosSafari(env.userAgent ?? '', env.maxTouchPoints ?? 0) && !remembered(IOS_HINT_DISMISSED_KEY),
    storage: env.storageManager ? 'unknown' : 'unsupported',
    storageRequesting: false,
  };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<PwaState>) => {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener();
  };

  let activate: (() => void) | null = null;
  let offered: unknown;
  let dismissed: unknown;
  let installEvent: InstallPromptEvent | null = null;

  async function read(ask: boolean): Promise<StorageStatus> {
    const manager = env.storageManager;
    if (!manager) return 'unsupported';
    try {
      if (await manager.persisted()) return 'persistent';
      if (!ask) return 'best-effort';
      remember(PERSIST_ASKED_KEY);
      return (await manager.persist()) ? 'persistent' : 'best-effort';
    } catch (error) {
      log.warn('Checking persistent storage failed', error);
      return 'best-effort';
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    updateFound(apply, version) {
      activate = apply;
      offered = version;
      if (version === undefined || version !== dismissed) set({ updateReady: true });
    },
    offlineReadyFound() {
      set({ offlineReady: true });
    },

    installOffered(event) {
      installEvent = event;
      if (!env.standalone) set({ canInstall: true });
    },
    appInstalled() {
      installEvent = null;
      set({ canInstall: false, iosInstallHint: false });
    },

    applyUpdate() {
      if (!activate || state.updating) return;
      set({ updating: true });
      activate();
    },
    dismissUpdate() {
      dismissed = offered;
      set({ updateReady: false });
    },
    dismissOfflineReady() {
      set({ offlineReady: false });
    },
    async install() {
      const event = installEvent;
      if (!event) return 'unavailable';
      // The browser allows one prompt per event; the next offer brings a new one.
      installEvent = null;
      set({ canInstall: false });
      try {
        await event.prompt();
        const { outcome } = await event.userChoice;
        return outcome;
      } catch (error) {
        log.warn('The install prompt failed', error);
        return 'unavailable';
      }
    },
    dismissIosInstallHint() {
      remember(IOS_HINT_DISMISSED_KEY);
      set({ iosInstallHint: false });
    },

    async requestPersistentStorage({ onlyIfNeverAsked = false } = {}) {
      if (state.storageRequesting) return state.storage;
      set({ storageRequesting: true });
      const storage = await read(!(onlyIfNeverAsked && remembered(PERSIST_ASKED_KEY)));
      set({ storage, storageRequesting: false });
      return storage;
    },
    async checkStorage() {
      const storage = await read(false);
      set({ storage });
      return storage;
    },
  };
}
