/**
 * The live channel of a signed-in session (docs/sync.md#live-updates-on-the-device): opened with the session's
 * email, its messages applied to the mirror one at a time in arrival order, its state told to the
 * layer. A 'Subscription' message sets the flag, not the mirror; a "pull everything" message (an
 * import) pulls, and the messages after it wait for the pull. Each opening is a generation: what a
 * closed channel still delivers is dropped.
 */
import { SUBSCRIPTION_REJECTED } from '../../../shared/cable.ts';
import type { LiveChannel, LiveChannelOptions } from './cable.ts';
import type { MirrorDb, UpdateMessage } from '../mirror/db.ts';
import type { ChannelStatus, DataLayerLog } from '../layer-api.ts';
import { applyUpdate, pullRequested, subscriptionUpdate } from './updates.ts';

export interface LiveUpdatesOptions {
  connectChannel: (options: LiveChannelOptions) => LiveChannel;
  wsOrigin: string;
  getToken: () => string | null;
  isDisposed: () => boolean;
  db: MirrorDb;
  log: DataLayerLog;
  logFailure: (what: string) => (error: unknown) => void;
  getStatus: () => ChannelStatus;
  setStatus: (status: ChannelStatus) => void;
  setSubscribed: (subscribed: boolean) => Promise<void>;
  pullAll: () => Promise<unknown>;
  /** The channel came back after a drop: messages may have been missed. */
  onReconnected: () => void;
}

export interface LiveUpdates {
  /** Closes any channel open and opens one for `email`. */
  open(email: string): void;
  close(): void;
  isOpen(): boolean;
}

export function createLiveUpdates(options: LiveUpdatesOptions): LiveUpdates {
  const { db, log, logFailure, isDisposed } = options;
  let channel: LiveChannel | null = null;
  let generation = 0;
  let applying: Promise<unknown> = Promise.resolve();

  function close() {
    generation += 1;
    channel?.close();
    channel = null;
    const status = options.getStatus();
    if (status.state !== 'disconnected' || status.error !== null) options.setStatus({ state: 'disconnected', error: null });
  }

  function open(email: string) {
    close();
    const mine = ++generation;
    const current = () => mine === generation && !isDisposed();
    channel = options.connectChannel({
      origin: options.wsOrigin,
      getToken: options.getToken,
      email,
      // Applied one at a time, in arrival order, whatever the transport does.
      onMessage(message: UpdateMessage) {
        if (!current()) return Promise.resolve();
        const apply = (): Promise<unknown> => {
          // The subscription changed (a checkout, the portal, a payment webhook): the flag, not the mirror.
          const subscription = subscriptionUpdate(message);
          if (subscription) return options.setSubscribed(subscription.subscribed);
          // Too much changed to send record by record (an import): everything is pulled, and
          // messages after it wait for the pull, so they land on top of what it brought.
          if (pullRequested(message)) return options.pullAll();
          return applyUpdate(db, message, log);
        };
        const applied = applying.then(() => (current() ? apply() : undefined));
        applying = applied.catch(logFailure('A live update could not be applied'));
        return applied;
      },
      onState(channelState, error) {
        if (!current()) return;
        options.setStatus({ state: channelState, error: channelState === 'rejected' ? (error ?? SUBSCRIPTION_REJECTED) : error });
      },
      onReconnected() {
        if (current()) options.onReconnected();
      },
    });
  }

  return { open, close, isOpen: () => channel !== null };
}
