/**
 * Component tests' world: a real data layer over fake-indexeddb and the in-memory server twin
 * (test-server.ts), inside Mantine, with an injectable clock. Import 'fake-indexeddb/auto' and
 * mark the file `// @vitest-environment jsdom` before using it.
 */
import { MantineProvider } from '@mantine/core';
import { render, type RenderResult } from '@testing-library/react';
import Dexie from 'dexie';
import type { ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import type { ApiRequest, ApiResult } from '../data/api.ts';
import { createDataLayer } from '../data/data-layer.ts';
import type { DataLayer } from '../data/layer-api.ts';
import type { WireRecord } from '../data/mirror/db.ts';
import { DataLayerProvider } from '../data/bindings/hooks.ts';
import { writeSession } from '../data/session/session.ts';
import { createTestServer, type TestServer } from '../data/test-server.testing.ts';
import { ClockProvider } from '../ui/clock.tsx';
import { cssVariablesResolver, theme } from '../theme.ts';
import { NotificationsHost } from '../ui/NotificationsHost.tsx';

const EXTRA_GETS: Record<string, unknown> = {
  '/api/v1/feature_flags': { feature_flags: [] },
  '/api/v1/profile': { user: JSON.stringify({ id: 1, email: 'ann@example.com', birth_year: 1985 }) },
};

const layers: { layer: DataLayer; dbName: string }[] = [];

afterEach(async () => {
  for (const { layer, dbName } of layers.splice(0)) {
    layer.dispose();
    await Dexie.delete(dbName);
  }
});

export interface SetupOptions {
  online?: boolean;
  signedIn?: boolean;
  subscribed?: boolean;
  /** What GET /api/v1/subscription answers: `subscribed` unless told (a flag stored stale). */
  serverSubscribed?: boolean;
  /** Server records per API path, e.g. `{'/api/v1/debts': [{id: 1, name: 'Visa', ...}]}`. */
  records?: Record<string, WireRecord[]>;
  /** Single records per API path, e.g. `{'/api/v1/housing': {...}}`. */
  singles?: Record<string, WireRecord | null>;
  /** Stands in for the server before it answers (a 500, a 422 with a message, a network failure). */
  intercept?: (request: ApiRequest) => ApiResult | 'lose-answer' | undefined;
  /** The screens' "now" (local time). */
  now?: Date;
}

export interface Rendered extends RenderResult {
  layer: DataLayer;
  server: TestServer;
  storage: Map<string, string>;
  setOnline(value: boolean): void;
}

export function memoryStorage(storage = new Map<string, string>()) {
  return { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v), removeItem: (k: string) => void storage.delete(k) };
}

export function makeLayer(options: SetupOptions = {}) {
  const server = createTestServer();
  for (const [path, rows] of Object.entries(options.records ?? {})) {
    const table = server.collections.get(path);
    if (!table) throw new Error(`no collection at ${path}`);
    for (const row of rows) table.set(row.id, row);
  }
  for (const [path, record] of Object.entries(options.singles ?? {})) server.singles.set(path, record);
  // The server agrees with the stored flag unless a test says otherwise.
  server.subscribed = options.serverSubscribed ?? options.subscribed ?? false;
  server.intercept = (request) => {
    const custom = options.intercept?.(request);
    if (custom !== undefined) return custom;
    return request.method === 'GET' && request.path in EXTRA_GETS ? { ok: true, status: 200, data: EXTRA_GETS[request.path] } : undefined;
  };
  const storage = new Map<string, string>();
  const kv = memoryStorage(storage);
  if (options.signedIn !== false) {
    writeSession(kv, { authToken: 't', email: 'ann@example.com', isAuthenticated: true, stripeCustomerId: null, subscribed: options.subscribed ?? false, birthYear: 1985 });
  }
  let online = options.online ?? true;
  const events = new EventTarget();
  const dbName = `screen-${crypto.randomUUID()}`;
  const layer = createDataLayer({
    dbName,
    storage: kv,
    baseUrl: 'http://api.test',
    wsOrigin: 'ws://api.test',
    isOnline: () => online,
    window: events,
    connectChannel: () => ({ close: vi.fn() }),
    transport: server.transport,
    log: { warn: vi.fn(), error: vi.fn() },
  });
  layers.push({ layer, dbName });
  /** Flips the browser's online state as the 'online'/'offline' events would. */
  const setOnline = (value: boolean) => {
    online = value;
    events.dispatchEvent(new Event(value ? 'online' : 'offline'));
  };
  return { layer, server, storage, setOnline };
}

export function Providers({ layer, now, children }: { layer: DataLayer; now?: Date; children: ReactNode }) {
  const clock = () => (now ? new Date(now) : new Date());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <NotificationsHost />
      <ClockProvider clock={clock}>
        <DataLayerProvider layer={layer}>{children}</DataLayerProvider>
      </ClockProvider>
    </MantineProvider>
  );
}

/** Renders a screen over a fresh data layer; wait for `layer.ready` before asserting on loaded rows. */
export function renderScreen(ui: ReactNode, options: SetupOptions = {}): Rendered {
  const { layer, server, storage, setOnline } = makeLayer(options);
  const result = render(
    <Providers layer={layer} {...(options.now ? { now: options.now } : {})}>
      {ui}
    </Providers>,
  );
  return { ...result, layer, server, storage, setOnline };
}
