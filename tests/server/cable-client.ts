/**
 * The official @rails/actioncable client, run in Node: it needs a `document` and window-style
 * event listeners (jsdom) and a WebSocket class (ws), and it is given an absolute ws:// URL.
 */
import * as ActionCable from '@rails/actioncable';
import { JSDOM } from 'jsdom';
import WebSocket from 'ws';

const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', { url: 'http://localhost/' });
Object.assign(globalThis, {
  document: dom.window.document,
  addEventListener: dom.window.addEventListener.bind(dom.window),
  removeEventListener: dom.window.removeEventListener.bind(dom.window),
});
(ActionCable.adapters as { WebSocket: unknown }).WebSocket = WebSocket;
(ActionCable.adapters as { logger: unknown }).logger = { log: () => undefined };

export interface Received {
  type: string;
  action: string;
  data: any;
}

export interface Listener {
  consumer: ActionCable.Consumer;
  received: Received[];
  events: string[];
  /** Resolves when the subscription is confirmed; rejects when it is rejected. */
  confirmed: Promise<void>;
  /** Resolves with the next `disconnected` callback's argument. */
  nextDisconnect(): Promise<{ willAttemptReconnect: boolean }>;
  /** Resolves when a message matching `match` has been received (waits up to `ms`). */
  waitFor(match: (message: Received) => boolean, ms?: number): Promise<Received>;
  close(): void;
}

export function listen(base: string, token: string | null, email: string): Listener {
  const url = `${base.replace(/^http/, 'ws')}/cable${token === null ? '' : `?token=${encodeURIComponent(token)}`}`;
  const consumer = ActionCable.createConsumer(url);
  const received: Received[] = [];
  const events: string[] = [];
  const disconnectWaiters: ((value: { willAttemptReconnect: boolean }) => void)[] = [];
  const messageWaiters: (() => void)[] = [];
  let confirm!: () => void;
  let reject!: (error: Error) => void;
  const confirmed = new Promise<void>((resolve, fail) => {
    confirm = resolve;
    reject = fail;
  });
  confirmed.catch(() => undefined);
  consumer.subscriptions.create(
    { channel: 'UpdatesChannel', email },
    {
      connected() {
        events.push('connected');
        confirm();
      },
      rejected() {
        events.push('rejected');
        reject(new Error('Subscription rejected'));
      },
      disconnected(data: { willAttemptReconnect: boolean }) {
        events.push(`disconnected:${data.willAttemptReconnect}`);
        disconnectWaiters.shift()?.(data);
      },
      received(message: Received) {
        received.push(message);
        for (const wake of messageWaiters.splice(0)) wake();
      },
    },
  );
  return {
    consumer,
    received,
    events,
    confirmed,
    nextDisconnect: () => new Promise((resolve) => disconnectWaiters.push(resolve)),
    async waitFor(match, ms = 5000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching message within ${ms} ms; got ${JSON.stringify(received.map((m) => `${m.type}:${m.action}`))}`);
        await new Promise<void>((resolve) => {
          messageWaiters.push(resolve);
          setTimeout(resolve, Math.min(left, 250));
        });
      }
    },
    close: () => consumer.disconnect(),
  };
}

/** A raw WebSocket for protocol-level checks the official client never makes. */
export function rawSocket(base: string, token: string, protocols: string[] = ['actioncable-v1-json']) {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/cable?token=${encodeURIComponent(token)}`, protocols);
  const frames: string[] = [];
  socket.on('message', (data) => frames.push(data.toString()));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, frames, opened, closed };
}

export async function until(check: () => boolean, ms = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
