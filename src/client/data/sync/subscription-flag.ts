/**
 * The session's subscription flag (docs/sync.md#the-subscription-flag): the stored copy, set from
 * the server's word. `refresh` asks GET /api/v1/subscription (a check already on its way is
 * shared); `set` takes any other report of it (the checkout's confirmation, a live 'Subscription'
 * message, a month table's 403). Turned on, the month tables are pulled at once; turned off, they
 * leave the mirror.
 */
import type { ApiTransport } from '../api.ts';
import { SUBSCRIPTION_PATH, type DataLayerState, type SubscriptionCheck } from '../layer-api.ts';
import type { Session } from '../session/session.ts';

export interface SubscriptionFlagOptions {
  getState: () => DataLayerState;
  setState: (patch: Partial<DataLayerState>) => void;
  isDisposed: () => boolean;
  /** What the browser says, not reachability: a check asked while the server seemed gone is one more probe. */
  isBrowserOnline: () => boolean;
  /** The layer's watched transport: a check that gets no answer marks the server out of reach. */
  transport: ApiTransport;
  /** Settles once the start has made the mirror this session's (adopting another user's ends the requests in flight). */
  adopted: Promise<void>;
  storeSession: (session: Session) => void;
  dropMonthTables: () => Promise<unknown>;
  pullMonthTables: () => Promise<unknown>;
  logFailure: (what: string) => (error: unknown) => void;
}

export interface SubscriptionFlag {
  /** Asks the server and sets the flag from its answer; answers the flag then, or null when the server could not say. */
  refresh(): Promise<boolean | null>;
  /** Sets the flag from the server's word. */
  set(subscribed: boolean): Promise<void>;
  /** Another report of the server's word came (a sign-in's answer): a check sent before it is not applied. */
  noteReport(): void;
}

export function createSubscriptionFlag(options: SubscriptionFlagOptions): SubscriptionFlag {
  const { getState, setState, isDisposed, isBrowserOnline, transport, logFailure } = options;
  /*
   * Every report of the server's flag (a check's answer, the checkout's confirmation, a live
   * message, a month table's 403, a sign-in) counts here. A check whose answer comes after another
   * report was made since it was sent may be older than that report, and is not applied.
   */
  let reports = 0;
  let checking: Promise<boolean | null> | null = null;

  const setCheck = (subscriptionCheck: SubscriptionCheck) => {
    if (getState().subscriptionCheck !== subscriptionCheck) setState({ subscriptionCheck });
  };

  async function set(subscribed: boolean): Promise<void> {
    if (isDisposed()) return;
    reports += 1;
    setCheck('known');
    const state = getState();
    if (state.session.subscribed === subscribed) return;
    const session = { ...state.session, subscribed };
    options.storeSession(session);
    setState({ session });
    if (!subscribed) {
      await options.dropMonthTables().catch(logFailure('Dropping the month tables failed'));
      return;
    }
    if (session.isAuthenticated && getState().online) await options.pullMonthTables().catch(logFailure('Pulling the month tables failed'));
  }

  function refresh(): Promise<boolean | null> {
    if (checking) return checking;
    if (isDisposed() || !getState().session.isAuthenticated || !isBrowserOnline()) return Promise.resolve(null);
    setCheck('checking');
    // Not tracked: `adopt` waits for tracked work, and this waits for the start's `adopt`.
    checking = (async (): Promise<boolean | null> => {
      // A screen may ask before the start has made the mirror this session's.
      await options.adopted;
      if (isDisposed() || !getState().session.isAuthenticated || !isBrowserOnline()) {
        setCheck(getState().session.isAuthenticated ? 'failed' : 'unknown');
        return null;
      }
      const token = getState().session.authToken;
      const sentAfter = reports;
      const result = await transport.request({ method: 'GET', path: SUBSCRIPTION_PATH });
      // Signed out or another session meanwhile: that session has its own state.
      if (isDisposed() || getState().session.authToken !== token) return null;
      const subscribed = result.ok ? (result.data as { subscription?: { subscribed?: unknown } } | null)?.subscription?.subscribed : undefined;
      if (typeof subscribed !== 'boolean') {
        setCheck('failed');
        return null;
      }
      // A newer word came meanwhile (the checkout's confirmation, a live message): it stands.
      if (reports !== sentAfter) {
        setCheck('known');
        return getState().session.subscribed;
      }
      await set(subscribed);
      return subscribed;
    })()
      .catch((error: unknown) => {
        logFailure('Reading the subscription failed')(error);
        if (!isDisposed()) setCheck('failed');
        return null;
      })
      .finally(() => {
        checking = null;
      });
    return checking;
  }

  return {
    refresh,
    set,
    noteReport: () => {
      reports += 1;
    },
  };
}
