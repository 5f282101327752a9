/**
 * Whose session the page runs and whose data the mirror holds (docs/sync.md#sign-out): the start,
 * a sign-in, a sign-out and a 401.
 * - The mirror is one user's. Whose it is is kept in the mirror itself (profile row 'owner'), so
 *   it is cleared with what it describes. Another user's sign-in is refused while the owner's edits
 *   wait (`login` answers 'other-user'), unless the caller says to discard them: one user's edits
 *   are never replayed under another user's token, nor shown in their mirror.
 * - A 401 on an authenticated call (docs/sync.md#failures) removes the token and signs the user
 *   out, and `onSessionExpired` listeners redirect to /login. The outbox is held, never emptied:
 *   its edits are sent once the same user signs in again.
 * - Logout asks first when edits are unsynced (`logout` answers 'unsynced'); it then empties the
 *   mirror and the session keys, and tells the server best-effort (a failure is only logged).
 */
import type { ApiTransport } from '../api.ts';
import type { ConnectionLoop } from '../sync/connection-loop.ts';
import type { MirrorDb } from '../mirror/db.ts';
import { SESSION_EXPIRED, SIGN_OUT_PATH, type DataLayer, type DataLayerLog, type DataLayerState } from '../layer-api.ts';
import type { LiveUpdates } from '../live/live-updates.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { clearSession, sessionFromAuthAnswer, SIGNED_OUT, writeSession, type KeyValueStorage, type Session } from './session.ts';

/** The profile row naming whose data (and whose queued edits) the mirror holds. */
const OWNER_ROW = 'owner';

const sameEmail = (a: string | null, b: string | null) => a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

export interface SessionOwnerOptions {
  db: MirrorDb;
  storage: KeyValueStorage;
  outbox: Pick<Outbox, 'pendingCount'>;
  getState: () => DataLayerState;
  setState: (patch: Partial<DataLayerState>) => void;
  isDisposed: () => boolean;
  loop: Pick<ConnectionLoop, 'stop' | 'settled' | 'catchUp' | 'refresh'>;
  live: Pick<LiveUpdates, 'open' | 'close' | 'isOpen'>;
  /** Ends the session's epoch (session-transport.ts). */
  endEpoch: () => void;
  /** The transport without the session's guard: the sign-out request outlives the epoch it ends. */
  unguarded: ApiTransport;
  /** The subscription check (subscription-flag.ts). */
  refreshSubscription: () => Promise<unknown>;
  /** Another report of the server's word on the subscription came: a check sent before it is not applied. */
  noteSubscriptionReport: () => void;
  beforeFirstSync?: () => Promise<void>;
  log: DataLayerLog;
  logFailure: (what: string) => (error: unknown) => void;
}

export interface SessionOwner {
  /** The page's start: makes the mirror the stored session's, then opens the channel and catches up. */
  start(): Promise<void>;
  /** Settles once the start has made the mirror this session's (or failed to). */
  readonly adopted: Promise<void>;
  /** A 401: signed out, edits held for the same user's next sign-in. */
  expire(): void;
  login: DataLayer['login'];
  logout: DataLayer['logout'];
  onSessionExpired: DataLayer['onSessionExpired'];
  /** Forgets the expiry listeners (the layer is disposed). */
  dispose(): void;
}

export function createSessionOwner(options: SessionOwnerOptions): SessionOwner {
  const { db, storage, outbox, getState, setState, isDisposed, loop, live, endEpoch, log, logFailure } = options;
  const expiredListeners = new Set<() => void>();
  /*
   * A 401 can answer the first pull before the router has mounted its listener (the layer starts
   * before the first render). Such an expiry is kept and told to the first listener that comes.
   */
  let unseenExpiry = false;
  let adoptedAtStart = () => {};
  const adopted = new Promise<void>((resolve) => (adoptedAtStart = resolve));

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

  function expire() {
    if (isDisposed() || !getState().session.isAuthenticated) return;
    const owner = getState().session.email;
    clearSession(storage);
    loop.stop();
    live.close();
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
      loop.stop();
      endEpoch();
      await loop.settled();
      await clearMirror();
    }
    await writeOwner(email);
    return { ok: true };
  }

  function startSession(session: Session) {
    writeSession(storage, session);
    unseenExpiry = false;
    // The sign-in answer is the server's word on the subscription, as of now.
    options.noteSubscriptionReport();
    setState({ session, hold: null, subscriptionCheck: 'known' });
    if (session.email && getState().online) live.open(session.email);
  }

  async function start(): Promise<void> {
    const { session } = getState();
    let channelFor: string | null = null;
    let checked: Promise<unknown> = Promise.resolve();
    if (session.isAuthenticated && session.email) {
      const adoption = await adopt(session.email, false);
      if (adoption.ok) {
        channelFor = session.email;
        // The stored flag may be stale (paid on the provider's page, canceled in its portal, while
        // no tab was open to hear it): asked at once, not after the first screen, since Analytics
        // waits for the answer before showing the upsell.
        if (getState().online) checked = options.refreshSubscription();
      } else {
        // Stored as signed in over someone else's unsynced edits (another tab): sign in again to decide.
        clearSession(storage);
        setState({ session: SIGNED_OUT, hold: { reason: 'other-user', owner: adoption.owner, pending: adoption.pending } });
      }
    } else if ((await outbox.pendingCount()) > 0) {
      setState({ hold: { reason: 'signed-out', owner: await readOwner() } });
    }
    adoptedAtStart();
    // A mirror that was filled before shows at once; the live channel and the server's answer can
    // wait for the screen (the catch-up after the channel opens brings what was missed meanwhile).
    if (options.beforeFirstSync && getState().session.isAuthenticated && (await db.syncStatus.count()) > 0) await options.beforeFirstSync();
    const state = getState();
    // Not if the session changed meanwhile, nor if coming online or a sign-in opened it already.
    if (channelFor && !live.isOpen() && !isDisposed() && state.online && state.session.isAuthenticated && sameEmail(state.session.email, channelFor)) live.open(channelFor);
    if (getState().online) await loop.catchUp();
    await checked;
  }

  return {
    start: () => start().finally(() => adoptedAtStart()),
    adopted,
    expire,

    onSessionExpired(listener) {
      expiredListeners.add(listener);
      if (unseenExpiry && !getState().session.isAuthenticated) {
        unseenExpiry = false;
        queueMicrotask(listener);
      }
      return () => expiredListeners.delete(listener);
    },

    async login(answerBody, { discardOtherUser = false } = {}) {
      const session = sessionFromAuthAnswer(answerBody);
      if (!session?.email) return { status: 'invalid-answer' };
      const adoption = await adopt(session.email, discardOtherUser);
      if (!adoption.ok) {
        // The other user's edits stay held; this sign-in is not stored.
        setState({ hold: { reason: 'other-user', owner: adoption.owner, pending: adoption.pending } });
        return { status: 'other-user', owner: adoption.owner, pending: adoption.pending };
      }
      startSession(session);
      if (getState().online) await loop.catchUp();
      return { status: 'signed-in' };
    },

    async logout({ force = false, sessionEnded = false } = {}) {
      const count = await outbox.pendingCount();
      if (count > 0 && !force) return { status: 'unsynced', count };
      if (getState().session.authToken && !sessionEnded) {
        // Sent before the token is cleared (the transport reads it as the request starts), outside
        // the session guard: it must outlive the epoch it ends, and its 401 means nothing now.
        options.unguarded
          .request({ method: 'DELETE', path: SIGN_OUT_PATH })
          .then((result) => {
            if (!result.ok) log.warn('Logout request failed', result);
          })
          .catch((error: unknown) => log.warn('Logout request failed', error));
      }
      clearSession(storage);
      loop.stop();
      live.close();
      endEpoch();
      setState({ session: SIGNED_OUT, hold: null, subscriptionCheck: 'unknown' });
      await loop.settled();
      await clearMirror();
      // The sign-in screen needs the flags again (allow_signup).
      if (getState().online) loop.refresh().catch(logFailure('Fetching the feature flags failed'));
      return { status: 'signed-out' };
    },

    dispose: () => expiredListeners.clear(),
  };
}
