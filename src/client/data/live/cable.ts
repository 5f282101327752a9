/**
 * The live channel: the official @rails/actioncable consumer on /cable, subscribed to
 * UpdatesChannel with the user's email. The URL (with the token) is read again on every
 * reconnect, so a re-login is picked up. Messages are applied to the mirror one at a time, in the
 * order they arrive.
 */
import { createConsumer } from '@rails/actioncable';
import { CABLE_PATH, SUBSCRIPTION_REJECTED, UPDATES_CHANNEL, type UpdateMessage } from '../../../shared/cable.ts';

export type ChannelState = 'connecting' | 'connected' | 'disconnected' | 'rejected';

export interface LiveChannelOptions {
  /** ws(s)://host of the API. */
  origin: string;
  getToken(): string | null;
  email: string;
  onMessage(message: UpdateMessage): Promise<unknown>;
  onState(state: ChannelState, error: string | null): void;
  /** Called after a reconnect, when messages may have been missed: pull everything. */
  onReconnected?(): void;
}

export interface LiveChannel {
  close(): void;
}

export function connectLiveChannel(options: LiveChannelOptions): LiveChannel {
  const url = () => `${options.origin}${CABLE_PATH}?token=${encodeURIComponent(options.getToken() ?? '')}`;
  // ActionCable accepts a function and calls it on every (re)connect.
  const consumer = createConsumer(url as unknown as string);
  let queue: Promise<unknown> = Promise.resolve();
  options.onState('connecting', null);
  consumer.subscriptions.create(
    { channel: UPDATES_CHANNEL, email: options.email },
    {
      connected(data?: { reconnected?: boolean }) {
        options.onState('connected', null);
        if (data?.reconnected) options.onReconnected?.();
      },
      disconnected() {
        options.onState('disconnected', null);
      },
      rejected() {
        options.onState('rejected', SUBSCRIPTION_REJECTED);
      },
      received(message: UpdateMessage) {
        queue = queue.then(() => options.onMessage(message)).catch((error: unknown) => options.onState('connected', error instanceof Error ? error.message : String(error)));
      },
    },
  );
  return {
    close() {
      consumer.disconnect();
    },
  };
}
