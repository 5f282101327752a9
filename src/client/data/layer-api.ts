/**
 * The data layer as the rest of the app sees it (data-layer.ts builds it): its options, its state
 * and its calls. Types and constants only, so a module that names the layer loads none of it.
 */
import type { liveQuery } from 'dexie';
import type { useObservable } from 'dexie-react-hooks';
import type { ApiTransport } from './api.ts';
import type { ChannelState, LiveChannel, LiveChannelOptions } from './live/cable.ts';
import type { MirrorDb } from './mirror/db.ts';
import type { Mutations } from './outbox/mutations.ts';
import type { KeyValueStorage, Session } from './session/session.ts';

export const SIGN_OUT_PATH = '/users/sign_out';
export const SUBSCRIPTION_PATH = '/api/v1/subscription';
export const SESSION_EXPIRED = 'Session expired';

export interface DataLayerLog {
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

/** What 'online' and 'offline' events come from: `window` in the browser, an EventTarget in tests. */
export type OnlineEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface DataLayerOptions {
  /** The IndexedDB database of the mirror. */
  dbName?: string;
  /**
   * Where the session lives under its documented keys (docs/product.md#states-and-transitions):
   * localStorage in the browser.
   */
  storage: KeyValueStorage;
  /** Origin of the API, e.g. `https://runway.example`. */
  baseUrl: string;
  /** ws(s)://host of the live channel. */
  wsOrigin: string;
  /** Whether the browser is online at start (navigator.onLine); events keep it current after. */
  isOnline?: () => boolean;
  window?: OnlineEvents;
  connectChannel?: (options: LiveChannelOptions) => LiveChannel;
  /** The in-memory twin for tests (docs/architecture.md#code-style); the HTTP client otherwise. */
  transport?: ApiTransport;
  log?: DataLayerLog;
  /** The clock (tests pin it): today's month for the tables recomputed offline. */
  now?: () => Date;
  /** How a retry waits `ms` before sending again (tests record the backoff); a timer otherwise. */
  wait?: (ms: number) => Promise<void>;
  /**
   * What the live channel and the first catch-up wait for when the mirror already holds the
   * signed-in user's data: the page passes "the first screen is drawn" (main.tsx), so the screen
   * reads the mirror without the sync's writes and re-renders competing with it (on a slow phone
   * they doubled the time to the analytics figures). Without it, or with an empty mirror (a first
   * sign-in), they start at once.
   */
  beforeFirstSync?: () => Promise<void>;
}

export interface ChannelStatus {
  state: ChannelState;
  /** 'Subscription rejected', or another channel error's message. */
  error: string | null;
}

/** Why queued edits are held back (besides being offline). */
export type OutboxHold =
  /** Signed out by a 401 (or found signed out at start with edits queued): they go when `owner` signs in again. */
  | { reason: 'signed-out'; owner: string | null }
  /** A different user tried to sign in while `owner`'s edits wait: refused, edits kept. */
  | { reason: 'other-user'; owner: string; pending: number };

/**
 * What this page knows of the session's subscription from the server (docs/sync.md#the-subscription-flag):
 * - 'unknown': nothing yet (the page just started, or another session began);
 * - 'checking': GET /api/v1/subscription is on its way;
 * - 'known': the server's word is in the flag (that answer, the sign-in answer, the checkout's
 *   confirmation, a live 'Subscription' message, or a month table's 403);
 * - 'failed': the last check got no usable answer: the stored flag is all there is.
 */
export type SubscriptionCheck = 'unknown' | 'checking' | 'known' | 'failed';

export interface DataLayerState {
  session: Session;
  online: boolean;
  channel: ChannelStatus;
  hold: OutboxHold | null;
  subscriptionCheck: SubscriptionCheck;
}

export type LoginResult =
  | { status: 'signed-in' }
  /** The answer carried no token or user: nothing was stored. */
  | { status: 'invalid-answer' }
  /** Another user's edits are queued: nothing was stored; ask, then call again with `discardOtherUser`. */
  | { status: 'other-user'; owner: string; pending: number };

export type LogoutResult = { status: 'signed-out' } | { status: 'unsynced'; count: number };

export interface DataLayer {
  readonly db: MirrorDb;
  /**
   * Dexie's live query over the mirror: what the hooks (hooks.ts) watch it through, so that their
   * module, in the first page's script, does not import Dexie.
   */
  readonly liveQuery: typeof liveQuery;
  /**
   * dexie-react-hooks' `useObservable`, the hook the screens' live queries render through
   * (hooks.ts wraps it). It comes with the data layer because the package imports Dexie at its top,
   * and hooks.ts is in the first page's script, where a visitor on '/' reads no mirror.
   */
  readonly useObservable: typeof useObservable;
  readonly mutations: Mutations;
  /** The guarded API transport, for calls that are not mirrored (account, payments). */
  readonly transport: ApiTransport;
  /** Resolves when the initial load (and first flush) is over; never rejects (failures are logged). */
  readonly ready: Promise<void>;
  getState(): DataLayerState;
  getSession(): Session;
  /** Called on every change of session, channel, online state or hold; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Called after a 401 signed the user out, so the router can go to /login. */
  onSessionExpired(listener: () => void): () => void;
  /** Stores the session of a sign-in or sign-up answer, resumes the outbox and pulls. */
  login(answerBody: unknown, options?: { discardOtherUser?: boolean }): Promise<LoginResult>;
  /**
   * Signs out and empties the mirror, outbox included. `force` discards unsynced edits instead of
   * answering 'unsynced'; `sessionEnded` says the server already ended the session (the account
   * was deleted), so no sign-out request is sent.
   */
  logout(options?: { force?: boolean; sessionEnded?: boolean }): Promise<LogoutResult>;
  /** Sets the session's flag from the server's word (the checkout's confirmation); pulls or drops the month tables. */
  setSubscribed(subscribed: boolean): Promise<void>;
  /**
   * Asks the server for the user's subscription and sets the session's flag from the answer (a check
   * already on its way is shared). Answers the flag the session then has, or null when the server
   * could not say (offline, signed out, no answer).
   */
  refreshSubscription(): Promise<boolean | null>;
  /** Pulls everything the session may see (a list's reload button). True when every fetch succeeded. */
  refresh(): Promise<boolean>;
  /** Removes a refused edit once the user has seen its error. */
  dismissFailed(uuid: string): Promise<boolean>;
  /** Removes a notice that an offline edit overwrote a change made elsewhere, once read. */
  dismissConflict(id: number): Promise<void>;
  /**
   * Sends the queued edits now, unless offline or signed out (then nothing happens). The service
   * worker's background sync calls it; a failed send keeps retrying with backoff.
   */
  flush(): Promise<void>;
  /** Called each time an edit is queued instead of reaching the server; returns the unsubscribe. */
  onEditQueued(listener: () => void): () => void;
  dispose(): void;
}
