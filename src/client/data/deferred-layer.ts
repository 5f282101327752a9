/**
 * The page's data layer, loaded when first needed. The real one (data-layer.ts) brings Dexie, the
 * HTTP client, the sync engine and the outbox: about a third of the first page's script. A visitor
 * reading '/' or a legal page needs none of it, only to know that nobody is signed in, so until
 * something asks for more this stands in with the session read from local storage.
 *
 * `load()` fetches and starts the real layer (once); from then on every member is the real one's,
 * and listeners registered before (state, session expiry, queued edits) follow it. The app loads it
 * before the first render when someone is signed in, and before any route but the public pages
 * (routes/__root.tsx), so a screen that reads the mirror never meets the stand-in. Its mirror
 * members (`db`, `liveQuery`, `useObservable`, `mutations`, `transport`) throw until then: a screen that reached
 * them early would be a bug in that gating, not a state to show.
 */
import type { ChannelStatus, DataLayer, DataLayerState, OnlineEvents } from './layer-api.ts';
import { readSession, type KeyValueStorage } from './session/session.ts';

/** The pages a visitor can read without the data layer: the landing page and the legal texts. */
export const PAGES_WITHOUT_MIRROR: ReadonlySet<string> = new Set(['/', '/privacy-policy', '/terms-of-service']);

export interface DeferredDataLayer extends DataLayer {
  /** Loads and starts the real layer (once); answers it. */
  load(): Promise<DataLayer>;
}

export interface DeferredDataLayerOptions {
  storage: KeyValueStorage;
  /** Imports and creates the real layer. */
  create: () => Promise<DataLayer>;
  isOnline?: () => boolean;
  window?: OnlineEvents;
}

const DISCONNECTED: ChannelStatus = { state: 'disconnected', error: null };

/** Listeners kept until the real layer is there, then handed to it. */
function forwarded(register: (layer: DataLayer, listener: () => void) => () => void) {
  const listeners = new Map<() => void, () => void>();
  let target: DataLayer | null = null;
  return {
    add(listener: () => void): () => void {
      listeners.set(listener, target ? register(target, listener) : () => {});
      return () => {
        listeners.get(listener)?.();
        listeners.delete(listener);
      };
    },
    attach(layer: DataLayer) {
      target = layer;
      for (const listener of listeners.keys()) listeners.set(listener, register(layer, listener));
    },
  };
}

export function createDeferredDataLayer(options: DeferredDataLayerOptions): DeferredDataLayer {
  const events = options.window ?? (typeof window === 'undefined' ? undefined : window);
  const isOnline = options.isOnline ?? (() => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine ?? true);
  let real: DataLayer | null = null;
  let loading: Promise<DataLayer> | null = null;
  // Until the real layer runs: the stored session, and the browser's online state kept current.
  let standIn: DataLayerState = { session: readSession(options.storage), online: isOnline(), channel: DISCONNECTED, hold: null, subscriptionCheck: 'unknown' };
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const setOnline = (online: boolean) => () => {
    if (real || standIn.online === online) return;
    standIn = { ...standIn, online };
    notify();
  };
  const onOnline = setOnline(true);
  const onOffline = setOnline(false);
  events?.addEventListener('online', onOnline);
  events?.addEventListener('offline', onOffline);

  const expired = forwarded((layer, listener) => layer.onSessionExpired(listener));
  const queued = forwarded((layer, listener) => layer.onEditQueued(listener));

  function load(): Promise<DataLayer> {
    loading ??= options.create().then((layer) => {
      events?.removeEventListener('online', onOnline);
      events?.removeEventListener('offline', onOffline);
      real = layer;
      layer.subscribe(notify);
      expired.attach(layer);
      queued.attach(layer);
      notify();
      return layer;
    });
    // A failed load (offline before the service worker had the file) may be tried again.
    loading.catch(() => {
      loading = null;
    });
    return loading;
  }

  const loaded = (member: string): DataLayer => {
    if (!real) throw new Error(`The data layer is not loaded yet (${member}): load() it before the screen renders`);
    return real;
  };

  return {
    load,
    get db() {
      return loaded('db').db;
    },
    get liveQuery() {
      return loaded('liveQuery').liveQuery;
    },
    get useObservable() {
      return loaded('useObservable').useObservable;
    },
    get mutations() {
      return loaded('mutations').mutations;
    },
    get transport() {
      return loaded('transport').transport;
    },
    /** The real layer's initial load once it runs; nothing to wait for before. */
    get ready() {
      return real ? real.ready : loading ? loading.then((layer) => layer.ready) : Promise.resolve();
    },
    getState: () => (real ? real.getState() : standIn),
    getSession: () => (real ? real.getSession() : standIn.session),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onSessionExpired: (listener) => expired.add(listener),
    onEditQueued: (listener) => queued.add(listener),
    login: async (answer, loginOptions) => (await load()).login(answer, loginOptions),
    logout: async (logoutOptions) => (await load()).logout(logoutOptions),
    setSubscribed: async (subscribed) => (await load()).setSubscribed(subscribed),
    refreshSubscription: async () => (await load()).refreshSubscription(),
    refresh: async () => (await load()).refresh(),
    dismissFailed: async (uuid) => (await load()).dismissFailed(uuid),
    dismissConflict: async (id) => (await load()).dismissConflict(id),
    // Nothing can be queued before the real layer runs; once it does, its flush.
    flush: async () => real?.flush(),
    dispose() {
      events?.removeEventListener('online', onOnline);
      events?.removeEventListener('offline', onOffline);
      listeners.clear();
      real?.dispose();
    },
  };
}
