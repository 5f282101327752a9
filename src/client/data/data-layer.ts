/**
 * The client's data layer (docs/sync.md), one per page: the mirror, the API transport, the
 * sync engine, the outbox, the mutations and the live channel, wired together with the triggers
 * that keep them moving. The app makes one at start and hands it to the React tree
 * (hooks.ts); screens read the mirror through hooks and write through `mutations`.
 *
 * Its parts: when to push and pull (connection-loop.ts), whose session it is and whose data the
 * mirror holds (session-owner.ts), the session's transport (session-transport.ts), reachability
 * (reachability.ts), the live channel (live-updates.ts) and the subscription flag
 * (subscription-flag.ts). The rules it keeps itself:
 * - Offline, nothing is sent and the live channel is closed (a socket retrying offline only fills
 *   the console with failed connections); edits queue and show as pending. Coming online reopens
 *   the channel, pulls and flushes.
 * - The stored `subscribed` flag is a copy, never the authority (docs/sync.md#the-subscription-flag):
 *   at start, on coming online, on a channel reconnect and when a screen asks (`refreshSubscription`)
 *   the server is asked, and its answer sets the flag. `onEditQueued` tells the page's
 *   service worker registration, which asks the browser for a background sync; when that fires,
 *   the worker wakes the page and `flush` sends the queue (the 'online' event does the same).
 */
import { createHttpTransport } from './api.ts';
import { liveQuery } from 'dexie';
import { useObservable } from 'dexie-react-hooks';
import { openMirror } from './mirror/db.ts';
import { localMonth } from '../../engine/months.ts';
import { createMutations, type MutationResult, type Mutations } from './outbox/mutations.ts';
import { createConnectionLoop } from './sync/connection-loop.ts';
import { connectLiveChannelLazily, recomputeMonthsLazily } from './lazy-parts.ts';
import { createLiveUpdates } from './live/live-updates.ts';
import { createReachability } from './sync/reachability.ts';
import { createSessionOwner } from './session/session-owner.ts';
import { createSessionTransport } from './session/session-transport.ts';
import { createSubscriptionFlag } from './sync/subscription-flag.ts';
import { createOutbox, OUTBOX_LOCK, type Outbox } from './outbox/outbox.ts';
import { COLLECTIONS, type CollectionName } from '../../shared/resources.ts';
import { readSession, writeSession } from './session/session.ts';
import { createSync, type SyncEngine } from './sync/sync.ts';
import { SUBSCRIPTION_PATH, type DataLayer, type DataLayerOptions, type DataLayerState } from './layer-api.ts';

const defaultIsOnline = () => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine ?? true;

export function createDataLayer(options: DataLayerOptions): DataLayer {
  const dbName = options.dbName ?? 'runway';
  const { storage } = options;
  const log = options.log ?? console;
  const connectChannel = options.connectChannel ?? connectLiveChannelLazily;
  const events = options.window ?? (typeof window === 'undefined' ? undefined : window);

  /*
   * What the browser says (navigator.onLine and its events). `state.online` is that and whether
   * the server can be reached: on a connection that is up but carries nothing ("lie-fi", or a
   * browser that reports online while it is not) a request that fails to reach the server marks
   * the layer offline until an answer comes again (reachability.ts).
   */
  let browserOnline = (options.isOnline ?? defaultIsOnline)();
  let state: DataLayerState = {
    session: readSession(storage),
    online: browserOnline,
    channel: { state: 'disconnected', error: null },
    hold: null,
    subscriptionCheck: 'unknown',
  };
  let disposed = false;
  const isDisposed = () => disposed;
  const listeners = new Set<() => void>();
  const queuedListeners = new Set<() => void>();

  const setState = (patch: Partial<DataLayerState>) => {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener();
  };

  /** Unexpected failures of background work are logged once; after dispose they are expected. */
  const logFailure = (what: string) => (error: unknown) => {
    if (!disposed) log.error(what, error);
  };

  const db = openMirror(dbName);

  // The session's guard handles 401s the same way for every transport.
  const inner = options.transport ?? createHttpTransport({ baseUrl: options.baseUrl, getToken: () => state.session.authToken, onUnauthorized: () => {} });
  const { transport, watched: watchedTransport, endEpoch } = createSessionTransport({
    inner,
    getToken: () => state.session.authToken,
    onUnauthorized: () => session.expire(),
    isDisposed,
    observe: (result, watched) => reach.observe(result, watched),
  });

  /**
   * Nothing is sent while signed out (a 401 signs out, so this is the pause the outbox asks for,
   * lifted by the next sign-in of the same user) or while the browser is offline; nothing is
   * dropped. Unreachable but not offline, the outbox's retry loop keeps trying with its backoff.
   */
  const isPaused = () => disposed || !state.session.isAuthenticated || !browserOnline;

  const reach = createReachability({
    isBrowserOnline: () => browserOnline,
    isOnline: () => state.online,
    isDisposed,
    wentAway: () => setState({ online: false }),
    cameBack: () => onOnline(),
    // Any answer (a 401 signed out included) is the server's: the session guard takes it.
    probe: () => watchedTransport.request({ method: 'GET', path: SUBSCRIPTION_PATH }),
  });

  const sync: SyncEngine = createSync({
    db,
    transport: watchedTransport,
    getSession: () => state.session,
    onSubscriptionRefused: () => {
      if (state.session.subscribed) void setSubscribed(false).catch(logFailure('Clearing the subscription flag failed'));
    },
  });
  const outbox: Outbox = createOutbox({
    db,
    transport,
    isPaused,
    // One flusher per database across tabs; another database (another test) has its own.
    lockName: `${OUTBOX_LOCK}:${dbName}`,
  });

  const loop = createConnectionLoop({
    outbox,
    sync,
    isPaused,
    isDisposed,
    onUnauthorized: () => session.expire(),
    missesLiveTables: () => state.session.subscribed && state.online && state.channel.state !== 'connected',
    wait: options.wait,
    logFailure,
  });
  const { catchUp } = loop;

  // ---- Edits ----------------------------------------------------------------------------------

  /*
   * An edit made online is sent at once through the one flusher, `flushNow`: when that send got no
   * answer, it schedules the retries itself; a 401 there signs out.
   */
  const raw = createMutations({ db, outbox, isOnline: () => state.online, flush: loop.flushNow });
  /** `projected`: the engine reads what the edit changed, so the month tables are stale while it waits. */
  const afterEdit = (projected: boolean) => async (result: MutationResult): Promise<MutationResult> => {
    if (result.status === 'queued') for (const listener of [...queuedListeners]) listener();
    // While the edit waits, analytics shows tables recomputed from the mirror (provisional).
    if (result.status === 'queued' && projected && state.session.subscribed) {
      const now = (options.now ?? (() => new Date()))();
      await recomputeMonthsLazily(db, localMonth(now), state.session.birthYear).catch((error: unknown) => log.warn('Recomputing the month tables failed', error));
    }
    return result;
  };
  // A baseline is no input of the engine: saving one leaves the month tables as the server made them.
  const ofCollection = (name: CollectionName) => afterEdit(COLLECTIONS[name].affects.length > 0);
  const mutations: Mutations = {
    create: (...args) => raw.create(...args).then(ofCollection(args[0])),
    update: (...args) => raw.update(...args).then(ofCollection(args[0])),
    remove: (...args) => raw.remove(...args).then(ofCollection(args[0])),
    saveSingle: (...args) => raw.saveSingle(...args).then(afterEdit(true)),
    deleteSingle: (...args) => raw.deleteSingle(...args).then(afterEdit(true)),
    editMonth: (...args) => raw.editMonth(...args).then(afterEdit(true)),
  };

  // ---- The live channel and the subscription flag ---------------------------------------------

  const live = createLiveUpdates({
    connectChannel,
    wsOrigin: options.wsOrigin,
    getToken: () => state.session.authToken,
    isDisposed,
    db,
    log,
    logFailure,
    getStatus: () => state.channel,
    setStatus: (channel) => setState({ channel }),
    setSubscribed: (subscribed) => setSubscribed(subscribed),
    pullAll: loop.refresh,
    onReconnected() {
      // Messages may have been missed while disconnected, a 'Subscription' one among them.
      void refreshSubscription();
      catchUp().catch(logFailure('Catching up after a reconnect failed'));
    },
  });

  const session = createSessionOwner({
    db,
    storage,
    outbox,
    getState: () => state,
    setState,
    isDisposed,
    loop,
    live,
    endEpoch,
    unguarded: inner,
    refreshSubscription: () => refreshSubscription(),
    noteSubscriptionReport: () => flag.noteReport(),
    beforeFirstSync: options.beforeFirstSync,
    log,
    logFailure,
  });

  const flag = createSubscriptionFlag({
    getState: () => state,
    setState,
    isDisposed,
    isBrowserOnline: () => browserOnline,
    transport: watchedTransport,
    adopted: session.adopted,
    storeSession: (next) => writeSession(storage, next),
    dropMonthTables: () => db.months.clear(),
    pullMonthTables: loop.pullMonthTables,
    logFailure,
  });
  // Declarations, so the sync engine and the channel (made above) can call them.
  function refreshSubscription(): Promise<boolean | null> {
    return flag.refresh();
  }
  function setSubscribed(subscribed: boolean): Promise<void> {
    return flag.set(subscribed);
  }

  // ---- Online and offline ---------------------------------------------------------------------

  const onOnline = () => {
    browserOnline = true;
    reach.stop();
    setState({ online: true });
    const { session: current } = state;
    // A channel is opened if there is none (closed while offline) or if it is down: its code may
    // have failed to load on a flaky connection, and nothing else would ever retry it.
    if (current.isAuthenticated && current.email && (!live.isOpen() || state.channel.state === 'disconnected')) live.open(current.email);
    // A 'Subscription' message sent while offline was missed.
    void refreshSubscription();
    catchUp().catch(logFailure('Catching up after coming online failed'));
  };
  const onOffline = () => {
    browserOnline = false;
    reach.stop();
    loop.stop();
    live.close();
    setState({ online: false });
  };
  events?.addEventListener('online', onOnline);
  events?.addEventListener('offline', onOffline);

  // Not tracked itself (what it starts is): `adopt` waits for tracked work and would wait for itself.
  const ready = session.start().catch(logFailure('The initial load failed'));

  return {
    db,
    liveQuery,
    useObservable,
    mutations,
    transport,
    ready,
    getState: () => state,
    getSession: () => state.session,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onSessionExpired: session.onSessionExpired,
    login: session.login,
    logout: session.logout,

    setSubscribed,
    refreshSubscription,

    refresh: loop.refresh,
    dismissFailed: (uuid) => outbox.dismiss(uuid),
    dismissConflict: (id) => db.conflicts.delete(id),
    flush: loop.flush,

    onEditQueued(listener) {
      queuedListeners.add(listener);
      return () => queuedListeners.delete(listener);
    },

    dispose() {
      if (disposed) return;
      disposed = true;
      reach.stop();
      events?.removeEventListener('online', onOnline);
      events?.removeEventListener('offline', onOffline);
      loop.stop();
      live.close();
      endEpoch();
      listeners.clear();
      session.dispose();
      queuedListeners.clear();
      outbox.close();
      db.close();
    },
  };
}
