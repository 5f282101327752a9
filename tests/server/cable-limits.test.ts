/**
 * What one user can make /cable cost the server (docs/api.md#limits): a handful of connections,
 * one copy of each update per connection whatever it subscribed, a bounded backlog for a client
 * that stops reading, and a budget for subscribe/unsubscribe churn. The server runs in a process
 * of its own, so its memory is measured apart from the test's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAX_CHANNEL_COMMANDS } from '../../src/server/cable/endpoint.ts';
import { CLOSE_REASON, MAX_BUFFERED_BYTES, MAX_CONNECTIONS_PER_USER } from '../../src/server/cable/hub.ts';
import { rawSocket, until } from './cable-client.ts';
import { client, signUp, subscribeAs, VALID, type Api } from './harness.ts';
import { ServerProcess } from './server-process.ts';

let server: ServerProcess;
let api: Api;
/** The running server's admin secret, from the file its admin commands read. */
let ADMIN: string;

beforeAll(async () => {
  server = await ServerProcess.start();
  api = client(server.url);
  ADMIN = (JSON.parse(readFileSync(path.join(server.dataDir, 'server.json'), 'utf8')) as { adminSecret: string }).adminSecret;
});
afterAll(async () => {
  await server?.stop();
});

const identifierFor = (email: string, n: number) => JSON.stringify({ channel: 'UpdatesChannel', email, n });
const parsed = (frames: string[]) => frames.map((frame) => JSON.parse(frame) as Record<string, unknown>);

/** The server process's resident memory, in bytes (Linux). */
function serverRss(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error('no VmRSS for the server process');
  return Number(kb) * 1024;
}

describe('connections per user', () => {
  it(`accepts ${MAX_CONNECTIONS_PER_USER} connections of one user, tells the next why and closes it, and lets one in when another leaves`, async () => {
    const user = await signUp(api);
    const sockets = Array.from({ length: MAX_CONNECTIONS_PER_USER }, () => rawSocket(server.url, user.token));
    await Promise.all(sockets.map((s) => s.opened));
    await until(() => sockets.every((s) => s.frames.some((f) => f.includes('"welcome"'))), 10_000, 'every welcome');

    const extra = rawSocket(server.url, user.token);
    const closed = await extra.closed;
    expect(closed).toEqual({ code: 1013, reason: CLOSE_REASON.tooManyConnections });
    expect(parsed(extra.frames)).toEqual([{ type: 'disconnect', reason: 'too_many_connections', reconnect: true }]);

    // Another user is not affected.
    const other = await signUp(api);
    const theirs = rawSocket(server.url, other.token);
    await until(() => theirs.frames.some((f) => f.includes('"welcome"')), 10_000, 'the other user\'s welcome');

    sockets[0]!.socket.close();
    await sockets[0]!.closed;
    // The server hears the close a moment after the client has it.
    let again = rawSocket(server.url, user.token);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const welcomed = until(() => again.frames.some((f) => f.includes('"welcome"')), 10_000, 'a welcome').then(() => true);
      const outcome = await Promise.race([welcomed, again.closed.then(() => false)]);
      if (outcome) break;
      if (Date.now() > deadline) throw new Error('no place freed after a connection closed');
      again = rawSocket(server.url, user.token);
    }
    for (const s of [...sockets, again, theirs]) s.socket.close();
  });
});

describe('subscribe and unsubscribe churn', () => {
  it(`closes a connection after ${MAX_CHANNEL_COMMANDS} subscribe and unsubscribe commands, however they are answered`, async () => {
    const user = await signUp(api);
    const raw = rawSocket(server.url, user.token);
    await raw.opened;
    const mine = identifierFor(user.email, 0);
    for (let n = 0; n < 30_000 && raw.socket.readyState === raw.socket.OPEN; n++) {
      raw.socket.send(JSON.stringify({ command: n % 2 === 0 ? 'subscribe' : 'unsubscribe', identifier: mine }));
    }
    const closed = await raw.closed;
    expect(closed.code).toBe(1008);
    expect(closed.reason).toMatch(/too many subscribe and unsubscribe commands/);
    // Each subscribe was confirmed; nothing past the budget was.
    expect(parsed(raw.frames).filter((f) => f.type === 'confirm_subscription').length).toBe(MAX_CHANNEL_COMMANDS / 2);
  });
});

describe('a client that stops reading', () => {
  it('is dropped once its backlog passes the bound: the server\'s memory stays bounded and every write is answered', { timeout: 240_000 }, async () => {
    // A household whose month tables are large: six accounts over a 55-year plan (about 1 MB of
    // tables, all rewritten by each account edit).
    const user = await signUp(api);
    await subscribeAs(api, ADMIN, user.email);
    await api('POST', '/api/v1/retirement_plan', { token: user.token, body: { retirement_plan: { ...VALID.retirement_plan, retirement_date: '2056-01-01' } } });
    const ids: number[] = [];
    for (let n = 0; n < 6; n++) {
      const created = await api('POST', '/api/v1/retirement_accounts', { token: user.token, body: { retirement_account: { ...VALID.retirement_account, name: `Account ${n}` } } });
      ids.push(created.body.retirement_account.id as number);
    }
    const tables = await Promise.all(['retirement_months', 'contribution_months'].map((kind) => api('GET', `/api/v1/${kind}`, { token: user.token })));
    const tableBytes = tables.reduce((sum, t) => sum + JSON.stringify(t.body).length, 0);
    expect(tableBytes).toBeGreaterThan(500_000);

    // The most connections a user may hold, each subscribed four times over, none compressing,
    // none reading once subscribed (the kernel's buffers fill, then the server's).
    const readers = await Promise.all(
      Array.from({ length: MAX_CONNECTIONS_PER_USER }, async () => {
        const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/cable?token=${encodeURIComponent(user.token)}`, ['actioncable-v1-json'], { perMessageDeflate: false });
        const frames: string[] = [];
        socket.on('message', (data) => frames.push(data.toString()));
        let closedAt: number | null = null;
        socket.on('close', () => (closedAt = Date.now()));
        await new Promise<void>((resolve, reject) => {
          socket.once('open', () => resolve());
          socket.once('error', reject);
        });
        for (let n = 0; n < 4; n++) socket.send(JSON.stringify({ command: 'subscribe', identifier: identifierFor(user.email, n) }));
        await until(() => frames.filter((f) => f.includes('confirm_subscription')).length === 4, 10_000, 'four confirms');
        // Stop reading: the socket under the WebSocket no longer takes bytes from the network.
        (socket as unknown as { _socket: { pause(): void } })._socket.pause();
        return { socket, closed: () => closedAt !== null };
      }),
    );

    const before = serverRss();
    const writes = 24;
    const latencies: number[] = [];
    for (let n = 0; n < writes; n++) {
      const started = performance.now();
      const response = await api('PUT', `/api/v1/retirement_accounts/${ids[n % ids.length]}`, { token: user.token, body: { retirement_account: { contribution_amount: 500 + n } } });
      latencies.push(performance.now() - started);
      expect(response.status).toBe(200);
    }
    // Give the server a moment to write what it queued, then measure.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const grown = serverRss() - before;
    // Unbounded, each write would queue about tableBytes × 8 connections × 4 identifiers
    // (~25 MB here, 600 MB over the run). Bounded: at most MAX_BUFFERED_BYTES and one write's
    // frames per connection, whatever the number of writes.
    const bound = MAX_CONNECTIONS_PER_USER * (MAX_BUFFERED_BYTES + tableBytes * 2) + 64 * 1024 * 1024;
    console.log(`slow readers: tables ${(tableBytes / 1e6).toFixed(2)} MB a write, server RSS grew ${(grown / 1e6).toFixed(1)} MB over ${writes} writes (bound ${(bound / 1e6).toFixed(0)} MB), slowest write ${Math.max(...latencies).toFixed(0)} ms`);
    expect(grown).toBeLessThan(bound);
    // The server dropped the readers (their sockets were destroyed, which the paused client only
    // sees when it reads again).
    for (const reader of readers) (reader.socket as unknown as { _socket: { resume(): void } })._socket.resume();
    await until(() => readers.every((r) => r.closed()), 30_000, 'every slow reader to be dropped');

    // The user can connect again, and gets the next write once.
    const fresh = rawSocket(server.url, user.token);
    await fresh.opened;
    for (let n = 0; n < 3; n++) fresh.socket.send(JSON.stringify({ command: 'subscribe', identifier: identifierFor(user.email, n) }));
    await until(() => fresh.frames.filter((f) => f.includes('confirm_subscription')).length === 3, 10_000, 'three confirms');
    await api('POST', '/api/v1/monthly_expenses', { token: user.token, body: { monthly_expense: VALID.monthly_expense } });
    await until(() => fresh.frames.some((f) => f.includes('"MonthlyExpense"')), 10_000, 'the update');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const updates = parsed(fresh.frames).filter((f) => JSON.stringify(f.message ?? '').includes('MonthlyExpense'));
    expect(updates.map((f) => f.identifier)).toEqual([identifierFor(user.email, 0)]);
    fresh.socket.close();
  });
});
