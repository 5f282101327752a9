/**
 * The client's data layer (docs/sync.md), one per page: the mirror, the API transport, the
 * sync engine, the outbox, the mutations and the live channel, wired together with the triggers
 * that keep them moving. The app makes one at start and hands it to the React tree
 * (hooks.ts); screens read the mirror through hooks and write through `mutations`.
 *
 * The rules it owns:
 * - Initial load (docs/sync.md#pull): flags always, records when signed in, months when subscribed;
 *   again after login, when the browser comes back online and when the channel reconnects.
 * - A 401 on an authenticated call (docs/sync.md#failures) removes the token and signs the user
 *   out, and `onSessionExpired` listeners redirect to /login. The outbox is held, never emptied:
 *   its edits are sent once the same user signs in again. Another user's sign-in is refused while
 *   those edits wait (`login` answers 'other-user'), unless the caller says to discard them: one
 *   user's edits are never replayed under another user's token, nor shown in their mirror. Whose
 *   the mirror is is kept in the mirror itself (profile row 'owner'), so it is cleared with what it
 *   describes.
 * - Logout asks first when edits are unsynced (`logout` answers 'unsynced'); it then empties the
 *   mirror and the session keys, and tells the server best-effort (a failure is only logged).
 * - Offline, nothing is sent and the live channel is closed (a socket retrying offline only fills
 *   the console with failed connections); edits queue and show as pending. Coming online reopens
 *   the channel, pulls and flushes.
 * - The stored `subscribed` flag is a copy, never the authority (docs/sync.md#the-subscription-flag):
 *   at start, on coming online, on a channel reconnect and when a screen asks (`refreshSubscription`)
 *   the server is asked, and its answer sets the flag. `onEditQueued` tells the page's
 *   service worker registration, which asks the browser for a background sync; when that fires,
 *   the worker wakes the page and `flush` sends the queue (the 'online' event does the same).
 */
import { createHttpTransport, type ApiRequest, type ApiResult, type ApiTransport } from './api.ts';
import { liveQuery } from 'dexie';
import { useObservable } from 'dexie-react-hooks';
import { openMirror } from './db.ts';
import { localMonth } from '../../engine/months.ts';
import { createMutations, type MutationResult, type Mutations } from './mutations.ts';
import { createFlushLoop } from './flush-loop.ts';
import { connectLiveChannelLazily, recomputeMonthsLazily } from './lazy-parts.ts';
import { createLiveUpdates } from './live-updates.ts';
import { createReachability } from './reachability.ts';
import { createSubscriptionFlag } from './subscription-flag.ts';
import { createOutbox, OUTBOX_LOCK, type FlushResult, type Outbox } from './outbox.ts';
import { COLLECTIONS, MONTHS, type CollectionName, type MonthsName } from '../../shared/resources.ts';
import { clearSession, readSession, sessionFromAuthAnswer, SIGNED_OUT, writeSession, type Session } from './session.ts';
import { createSync, type SyncEngine } from './sync.ts';
import { SESSION_EXPIRED, SIGN_OUT_PATH, SUBSCRIPTION_PATH, type DataLayer, type DataLayerOptions, type DataLayerState } from './layer-api.ts';

/** The profile row naming whose data (and whose queued edits) the mirror holds. */
const OWNER_ROW = 'owner';

const sameEmail = (a: string | null, b: string | null) => a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

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
   * the layer offline until an answer comes again (see `unreachable`).
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
  const listeners = new Set<() => void>();
  const expiredListeners = new Set<() => void>();
  /*
   * A 401 can answer the first pull before the router has mounted its listener (the layer starts
   * before the first render). Such an expiry is kept and told to the first listener that comes.
   */
  let unseenExpiry = false;
  const queuedListeners = new Set<() => void>();

  const setState = (patch: Partial<DataLayerState>) => {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener();
  };

  const db = openMirror(dbName);

  /*
   * Every request of a session belongs to its epoch. Logout, a 401 and a change of user end the
   * epoch: requests still in flight then answer at once as failures, so a late answer can neither
   * write the old user's data into a mirror just emptied nor sign out the next session.
   */
  let epoch = new AbortController();
  const endEpoch = () => {
    epoch.abort();
    epoch = new AbortController();
  };

  // The session guard below handles 401s the same way for every transport.
  const inner = options.transport ?? createHttpTransport({ baseUrl: options.baseUrl, getToken: () => state.session.authToken, onUnauthorized: () => {} });

  /**
   * `watched`: the layer's own reads (pulls, the subscription check, the probe), whose failure to
   * get any answer says the server is out of reach (`reachability`); a screen's call or an outbox
   * send that fails says so to its own caller. Any answer to any of them says the server is there.
   */
  async function guarded(request: ApiRequest, watched: boolean): Promise<ApiResult> {
    const signal = epoch.signal;
    const sentWith = state.session.authToken;
    let onEnd = () => {};
    const ended = new Promise<ApiResult>((resolve) => {
      onEnd = () => resolve({ ok: false, kind: 'network', message: 'The session ended before the answer came' });
      signal.addEventListener('abort', onEnd, { once: true });
    });
    let result: ApiResult;
    try {
      result = await Promise.race([inner.request(request), ended]);
    } finally {
      signal.removeEventListener('abort', onEnd);
    }
    // Only a 401 to the token still in use ends the session: one sent before a re-login does not.
    if (!result.ok && result.kind === 'http' && result.status === 401 && !request.anonymous && sentWith !== null && sentWith === state.session.authToken) {
      expire();
    }
    if (!disposed && !signal.aborted) reachability(result, watched);
    return result;
  }
  const transport: ApiTransport = { request: (request) => guarded(request, false) };
  const watchedTransport: ApiTransport = { request: (request) => guarded(request, true) };

  /**
   * Nothing is sent while signed out (a 401 signs out, so this is the pause the outbox asks for,
   * lifted by the next sign-in of the same user) or while the browser is offline; nothing is
   * dropped. Unreachable but not offline, the outbox's retry loop keeps trying with its backoff.
   */
  const isPaused = () => disposed || !state.session.isAuthenticated || !browserOnline;

  /*
   * Reachability (reachability.ts): a request that got no answer at all while the browser says
   * online marks the layer offline until a probe, or any other answer, finds the server again.
   */
  const reach = createReachability({
    isBrowserOnline: () => browserOnline,
    isOnline: () => state.online,
    isDisposed: () => disposed,
    wentAway: () => setState({ online: false }),
    cameBack: () => onOnline(),
    // Any answer (a 401 signed out included) is the server's: the session guard takes it.
    probe: () => watchedTransport.request({ method: 'GET', path: SUBSCRIPTION_PATH }),
  });
  const reachability = reach.observe;
  const stopProbe = reach.stop;

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

  /* In-flight work, so logout can let it finish before emptying the mirror. */
  const inflight = new Set<Promise<unknown>>();
  function track<T>(promise: Promise<T>): Promise<T> {
    inflight.add(promise);
    void promise.then(
      () => inflight.delete(promise),
      () => inflight.delete(promise),
    );
    return promise;
  }
  const settleInflight = () => Promise.allSettled([...inflight]);

  /** Unexpected failures of background work are logged once; after dispose they are expected. */
  const logFailure = (what: string) => (error: unknown) => {
    if (!disposed) log.error(what, error);
  };

  // ---- Flushing -------------------------------------------------------------------------------

  const onFlushed = (result: FlushResult) => {
    if (result.stopped === 'unauthorized') expire();
    else if (result.applied > 0 && state.session.subscribed && state.online && state.channel.state !== 'connected') {
      // The server sends its month tables after each edit on the live channel. Not subscribed to it
      // (coming online opens a new one; edits go out at once), those tables are missed, and a pull
      // that ran beside the flush may have read the tables before the edits landed: laid down,
      // they would show the plan without the user's edits until some later pull. So the tables
      // are fetched again once the edits are in (a 304 for any the edits did not change).
      pullMonthTables().catch(logFailure('Pulling the month tables after sending edits failed'));
    }
    return result;
  };

  const flusher = createFlushLoop({ outbox, isPaused, onFlushed, wait: options.wait, track, logFailure });
  const flushNow = flusher.flushNow;
  const stopFlushing = flusher.stop;

  /*
   * An edit made online is sent at once through the one flusher, `flushNow`: when that send got no
   * answer, it schedules the retries itself; a 401 there signs out.
   */
  const raw = createMutations({ db, outbox, isOnline: () => state.online, flush: flushNow });
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

  // ---- Pulling --------------------------------------------------------------------------------

  let pulling: Promise<boolean> | null = null;
  let pullAgain = false;

  /** `sync.pullAll`, coalesced: a request while one runs makes it run once more afterwards. */
  function refresh(): Promise<boolean> {
    if (pulling) {
      pullAgain = true;
      return pulling;
    }
    pulling = track(
      (async () => {
        let ok: boolean;
        do {
          pullAgain = false;
          ok = await sync.pullAll();
        } while (pullAgain && !disposed);
        return ok;
      })().finally(() => {
        pulling = null;
      }),
    );
    return pulling;
  }

  /** The four month tables, pulled at once. */
  const pullMonthTables = () => Promise.all((Object.keys(MONTHS) as MonthsName[]).map((name) => track(sync.pullMonths(name))));

  /** Pull and flush together; what the triggers run. */
  const catchUp = () => track(Promise.all([refresh(), flushNow()]).then(() => undefined));

  // ---- The live channel -----------------------------------------------------------------------

  const live = createLiveUpdates({
    connectChannel,
    wsOrigin: options.wsOrigin,
    getToken: () => state.session.authToken,
    isDisposed: () => disposed,
    db,
    log,
    logFailure,
    getStatus: () => state.channel,
    setStatus: (channel) => setState({ channel }),
    setSubscribed: (subscribed) => setSubscribed(subscribed),
    pullAll: refresh,
    onReconnected() {
      // Messages may have been missed while disconnected, a 'Subscription' one among them.
      void refreshSubscription();
      catchUp().catch(logFailure('Catching up after a reconnect failed'));
    },
  });
  const openChannel = live.open;
  const closeChannel = live.close;

  // ---- The subscription flag ------------------------------------------------------------------

  let adoptedAtStart = () => {};
  const startAdopted = new Promise<void>((resolve) => (adoptedAtStart = resolve));
  const flag = createSubscriptionFlag({
    getState: () => state,
    setState,
    isDisposed: () => disposed,
    isBrowserOnline: () => browserOnline,
    transport: watchedTransport,
    adopted: startAdopted,
    storeSession: (session) => writeSession(storage, session),
    dropMonthTables: () => db.months.clear(),
    pullMonthTables,
    logFailure,
  });
  // Declarations, so the sync engine and the channel (made above) can call them.
  function refreshSubscription(): Promise<boolean | null> {
    return flag.refresh();
  }
  function setSubscribed(subscribed: boolean): Promise<void> {
    return flag.set(subscribed);
  }

  // ---- Session --------------------------------------------------------------------------------

  const readOwner = async () => {
    const value = (await db.profile.get(OWNER_ROW))?.value;
    return typeof value === 'string' ? value : null;
  };
  const writeOwner = (email: string) => db.profile.put({ name: OWNER_ROW, value: email });

  async function clearMirror() {
    await db.transaction('rw', db.tables, async () => {
      for (const table of db.tables) await table.clear();
    });
  }

  /** A 401: signed out, edits held for the same user's next sign-in (docs/sync.md#failures). */
  function expire() {
    if (disposed || !state.session.isAuthenticated) return;
    const owner = state.session.email;
    clearSession(storage);
    stopFlushing();
    closeChannel();
    endEpoch();
    setState({ session: SIGNED_OUT, hold: { reason: 'signed-out', owner }, subscriptionCheck: 'unknown' });
    log.warn(SESSION_EXPIRED);
    unseenExpiry = expiredListeners.size === 0;
    for (const listener of [...expiredListeners]) listener();
  }

  /**
   * Makes the mirror `email`'s. Another user's queued edits refuse it unless `discard` says to
   * drop them; another user's data without queued edits is simply dropped.
   */
  async function adopt(email: string, discard: boolean): Promise<{ ok: true } | { ok: false; owner: string; pending: number }> {
    const owner = await readOwner();
    if (owner !== null && !sameEmail(owner, email)) {
      const pending = await outbox.pendingCount();
      if (pending > 0 && !discard) return { ok: false, owner, pending };
      stopFlushing();
      endEpoch();
      await settleInflight();
      await clearMirror();
    }
    await writeOwner(email);
    return { ok: true };
  }

  function startSession(session: Session) {
    writeSession(storage, session);
    unseenExpiry = false;
    // The sign-in answer is the server's word on the subscription, as of now.
    flag.noteReport();
    setState({ session, hold: null, subscriptionCheck: 'known' });
    if (session.email && state.online) openChannel(session.email);
  }

  async function start(): Promise<void> {
    const { session } = state;
    let channelFor: string | null = null;
    let checked: Promise<unknown> = Promise.resolve();
    if (session.isAuthenticated && session.email) {
      const adopted = await adopt(session.email, false);
      if (adopted.ok) {
        channelFor = session.email;
        // The stored flag may be stale (paid on the provider's page, canceled in its portal, while
        // no tab was open to hear it): asked at once, not after the first screen, since Analytics
        // waits for the answer before showing the upsell.
        if (state.online) checked = refreshSubscription();
      } else {
        // Stored as signed in over someone else's unsynced edits (another tab): sign in again to decide.
        clearSession(storage);
        setState({ session: SIGNED_OUT, hold: { reason: 'other-user', owner: adopted.owner, pending: adopted.pending } });
      }
    } else if ((await outbox.pendingCount()) > 0) {
      setState({ hold: { reason: 'signed-out', owner: await readOwner() } });
    }
    adoptedAtStart();
    // A mirror that was filled before shows at once; the live channel and the server's answer can
    // wait for the screen (the catch-up after the channel opens brings what was missed meanwhile).
    if (options.beforeFirstSync && state.session.isAuthenticated && (await db.syncStatus.count()) > 0) await options.beforeFirstSync();
    // Not if the session changed meanwhile, nor if coming online or a sign-in opened it already.
    if (channelFor && !live.isOpen() && !disposed && state.online && state.session.isAuthenticated && sameEmail(state.session.email, channelFor)) openChannel(channelFor);
    if (state.online) await catchUp();
    await checked;
  }

  // ---- Online and offline ---------------------------------------------------------------------

  const onOnline = () => {
    browserOnline = true;
    stopProbe();
    setState({ online: true });
    const { session } = state;
    // A channel is opened if there is none (closed while offline) or if it is down: its code may
    // have failed to load on a flaky connection, and nothing else would ever retry it.
    if (session.isAuthenticated && session.email && (!live.isOpen() || state.channel.state === 'disconnected')) openChannel(session.email);
    // A 'Subscription' message sent while offline was missed.
    void refreshSubscription();
    catchUp().catch(logFailure('Catching up after coming online failed'));
  };
  const onOffline = () => {
    browserOnline = false;
    stopProbe();
    stopFlushing();
    closeChannel();
    setState({ online: false });
  };
  events?.addEventListener('online', onOnline);
  events?.addEventListener('offline', onOffline);

  // Not tracked itself (what it starts is): `adopt` waits for tracked work and would wait for itself.
  const ready = start()
    .finally(() => adoptedAtStart())
    .catch(logFailure('The initial load failed'));

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
    onSessionExpired(listener) {
      expiredListeners.add(listener);
      if (unseenExpiry && !state.session.isAuthenticated) {
        unseenExpiry = false;
        queueMicrotask(listener);
      }
      return () => expiredListeners.delete(listener);
    },

    async login(answerBody, { discardOtherUser = false } = {}) {
      const session = sessionFromAuthAnswer(answerBody);
      if (!session?.email) return { status: 'invalid-answer' };
      const adopted = await adopt(session.email, discardOtherUser);
      if (!adopted.ok) {
        // The other user's edits stay held; this sign-in is not stored.
        setState({ hold: { reason: 'other-user', owner: adopted.owner, pending: adopted.pending } });
        return { status: 'other-user', owner: adopted.owner, pending: adopted.pending };
      }
      startSession(session);
      if (state.online) await catchUp();
      return { status: 'signed-in' };
    },

    async logout({ force = false, sessionEnded = false } = {}) {
      const count = await outbox.pendingCount();
      if (count > 0 && !force) return { status: 'unsynced', count };
      if (state.session.authToken && !sessionEnded) {
        // Sent before the token is cleared (the transport reads it as the request starts), outside
        // the session guard: it must outlive the epoch it ends, and its 401 means nothing now.
        inner
          .request({ method: 'DELETE', path: SIGN_OUT_PATH })
          .then((result) => {
            if (!result.ok) log.warn('Logout request failed', result);
          })
          .catch((error: unknown) => log.warn('Logout request failed', error));
      }
      clearSession(storage);
      stopFlushing();
      closeChannel();
      endEpoch();
      setState({ session: SIGNED_OUT, hold: null, subscriptionCheck: 'unknown' });
      await settleInflight();
      await clearMirror();
      // The sign-in screen needs the flags again (allow_signup).
      if (state.online) refresh().catch(logFailure('Fetching the feature flags failed'));
      return { status: 'signed-out' };
    },

    setSubscribed,
    refreshSubscription,

    refresh,
    dismissFailed: (uuid) => outbox.dismiss(uuid),
    dismissConflict: (id) => db.conflicts.delete(id),

    async flush() {
      if (isPaused()) return;
      await track(flushNow()).catch(logFailure('The outbox could not be flushed'));
    },

    onEditQueued(listener) {
      queuedListeners.add(listener);
      return () => queuedListeners.delete(listener);
    },

    dispose() {
      if (disposed) return;
      disposed = true;
      stopProbe();
      events?.removeEventListener('online', onOnline);
      events?.removeEventListener('offline', onOffline);
      stopFlushing();
      closeChannel();
      endEpoch();
      listeners.clear();
      expiredListeners.clear();
      queuedListeners.clear();
      outbox.close();
      db.close();
    },
  };
}
