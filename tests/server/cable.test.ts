/**
 * /cable against the official @rails/actioncable client (and a raw socket for what the client
 * never sends): welcome, confirm, reject, refusal, live updates for REST writes, month tables,
 * revocation, limits, and a reconnect after the server restarts.
 */
import { mkdtempSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { MemoryMailTransport } from '../../src/server/mail/transport.ts';
import { MAX_IDENTIFIER_LENGTH, MAX_REFUSALS, MAX_SUBSCRIPTIONS } from '../../src/server/cable/endpoint.ts';
import { createServer, type ServerParts } from '../../src/server/server.ts';
import type { WebSocket } from 'ws';
import { listen, rawSocket, until, type Listener } from './cable-client.ts';
import { client, signUp, startServer, subscribeAs, VALID, type Api, type TestServer } from './harness.ts';

const ADMIN = 'cable-admin-secret';
let server: TestServer;
let api: Api;
const open: Listener[] = [];

function track(listener: Listener): Listener {
  open.push(listener);
  return listener;
}

beforeAll(async () => {
  server = await startServer({ adminSecret: ADMIN });
  api = client(server.url);
});
afterAll(async () => {
  for (const listener of open) listener.close();
  await server?.close();
});

describe('subscribing', () => {
  it('confirms UpdatesChannel for the token’s own email', async () => {
    const user = await signUp(api);
    const listener = track(listen(server.url, user.token, user.email));
    await listener.confirmed;
    expect(listener.events).toEqual(['connected']);
  });

  it('accepts the email in any letter case', async () => {
    const user = await signUp(api);
    const listener = track(listen(server.url, user.token, user.email.toUpperCase()));
    await listener.confirmed;
  });

  it('rejects another user’s email', async () => {
    const user = await signUp(api);
    const other = await signUp(api);
    const listener = track(listen(server.url, user.token, other.email));
    await expect(listener.confirmed).rejects.toThrow('Subscription rejected');
    expect(listener.events).toContain('rejected');
  });

  it('refuses a connection without a token, or with a bad one, and the client stops', async () => {
    const connectionsBefore = server.server.hub.size;
    for (const token of [null, 'not-a-token']) {
      const listener = track(listen(server.url, token, 'someone@example.com'));
      const disconnect = await listener.nextDisconnect();
      expect(disconnect.willAttemptReconnect).toBe(false);
      expect(listener.events).not.toContain('connected');
    }
    // Neither client came back: the server holds no new connection.
    await new Promise((r) => setTimeout(r, 1000));
    expect(server.server.hub.size).toBe(connectionsBefore);
  });

  it('sends welcome, pings every 3 s, confirms a repeated subscribe once and echoes the identifier byte for byte', async () => {
    const user = await signUp(api);
    const raw = rawSocket(server.url, user.token);
    await raw.opened;
    expect(raw.socket.protocol).toBe('actioncable-v1-json');
    expect(raw.socket.extensions).toContain('permessage-deflate');
    await until(() => raw.frames.length >= 1, 2000, 'welcome');
    expect(JSON.parse(raw.frames[0]!)).toEqual({ type: 'welcome' });
    const identifier = `{ "channel":"UpdatesChannel",  "email" : "${user.email}" }`;
    raw.socket.send(JSON.stringify({ command: 'subscribe', identifier }));
    raw.socket.send(JSON.stringify({ command: 'subscribe', identifier }));
    await until(() => raw.frames.some((f) => f.includes('ping')), 4000, 'a ping');
    const ping = JSON.parse(raw.frames.find((f) => f.includes('"ping"'))!);
    expect(ping.type).toBe('ping');
    expect(Math.abs(ping.message - Date.now() / 1000)).toBeLessThan(5);
    const confirms = raw.frames.map((f) => JSON.parse(f)).filter((f) => f.type === 'confirm_subscription');
    expect(confirms).toEqual([{ identifier, type: 'confirm_subscription' }]);
    raw.socket.close();
  });

  it('does not speak other subprotocols', async () => {
    const user = await signUp(api);
    const raw = rawSocket(server.url, user.token, ['some-other-protocol']);
    await expect(raw.opened).rejects.toThrow(/subprotocol/i);
  });
});

describe('live updates', () => {
  it('delivers created, updated and deleted for REST writes, to that user only', async () => {
    const user = await signUp(api);
    const bystander = await signUp(api);
    const mine = track(listen(server.url, user.token, user.email));
    const theirs = track(listen(server.url, bystander.token, bystander.email));
    await Promise.all([mine.confirmed, theirs.confirmed]);

    const created = await api('POST', '/api/v1/debts', { token: user.token, body: { debt: VALID.debt } });
    const id = created.body.debt.id;
    expect(await mine.waitFor((m) => m.type === 'Debt' && m.action === 'created')).toEqual({ type: 'Debt', action: 'created', data: created.body.debt });
    const updated = await api('PUT', `/api/v1/debts/${id}`, { token: user.token, body: { debt: { name: 'Renamed' } } });
    expect(await mine.waitFor((m) => m.type === 'Debt' && m.action === 'updated')).toEqual({ type: 'Debt', action: 'updated', data: updated.body.debt });
    await api('DELETE', `/api/v1/debts/${id}`, { token: user.token });
    expect(await mine.waitFor((m) => m.type === 'Debt' && m.action === 'deleted')).toEqual({ type: 'Debt', action: 'deleted', data: { id } });

    const housing = await api('POST', '/api/v1/housing', { token: user.token, body: { housing: VALID.housing } });
    expect(await mine.waitFor((m) => m.type === 'Housing')).toEqual({ type: 'Housing', action: 'created', data: housing.body.housing });
    // Unsubscribed users get no month tables.
    expect(mine.received.some((m) => m.type.endsWith('Month'))).toBe(false);
    await new Promise((r) => setTimeout(r, 200));
    expect(theirs.received).toEqual([]);
  });

  it('sends nothing for a write that fails', async () => {
    const user = await signUp(api);
    const listener = track(listen(server.url, user.token, user.email));
    await listener.confirmed;
    const refused = await api('POST', '/api/v1/debts', { token: user.token, body: { debt: { ...VALID.debt, monthly_payment: 1 } } });
    expect(refused.status).toBe(422);
    await api('POST', '/api/v1/monthly_expenses', { token: user.token, body: { monthly_expense: VALID.monthly_expense } });
    await listener.waitFor((m) => m.type === 'MonthlyExpense');
    expect(listener.received.map((m) => m.type)).toEqual(['MonthlyExpense']);
  });

  it('sends subscribers the whole month tables a write changed, equal to the GET bodies', async () => {
    const user = await signUp(api);
    await subscribeAs(api, ADMIN, user.email);
    await api('POST', '/api/v1/retirement_plan', { token: user.token, body: { retirement_plan: VALID.retirement_plan } });
    const listener = track(listen(server.url, user.token, user.email));
    await listener.confirmed;
    await api('POST', '/api/v1/debts', { token: user.token, body: { debt: VALID.debt } });
    const debtMonths = await listener.waitFor((m) => m.type === 'DebtMonth');
    const incomeMonths = await listener.waitFor((m) => m.type === 'IncomeMonth');
    await listener.waitFor((m) => m.type === 'RetirementMonth');
    expect(debtMonths.action).toBe('created');
    expect(debtMonths.data).toEqual((await api('GET', '/api/v1/debt_months', { token: user.token })).body);
    expect(incomeMonths.data).toEqual((await api('GET', '/api/v1/income_months', { token: user.token })).body);
    // The month tables are large: they travelled through the payload table, not the NOTIFY itself.
    expect(JSON.stringify(debtMonths.data).length).toBeGreaterThan(7 * 1024);
    expect(listener.received.some((m) => m.type === 'ContributionMonth')).toBe(false);
  });
});

describe('ending connections', () => {
  it('closes a connection with unauthorized when its token is signed out', async () => {
    const user = await signUp(api);
    const listener = track(listen(server.url, user.token, user.email));
    await listener.confirmed;
    const disconnected = listener.nextDisconnect();
    expect((await api('DELETE', '/users/sign_out', { token: user.token })).status).toBe(200);
    expect((await disconnected).willAttemptReconnect).toBe(false);
  });

  it('closes the other devices’ connections when the password changes', async () => {
    const user = await signUp(api);
    const second = await api('POST', '/users/sign_in', { body: { user: { email: user.email, password: user.password } } });
    const otherDevice = track(listen(server.url, second.body.status.data.token, user.email));
    const thisDevice = track(listen(server.url, user.token, user.email));
    await Promise.all([otherDevice.confirmed, thisDevice.confirmed]);
    const disconnected = otherDevice.nextDisconnect();
    const changed = await api('PUT', '/users', { token: user.token, body: { user: { current_password: user.password, password: 'another-secret', password_confirmation: 'another-secret' } } });
    expect(changed.status).toBe(200);
    expect((await disconnected).willAttemptReconnect).toBe(false);
    // This device stays connected and keeps receiving.
    await api('POST', '/api/v1/incomes', { token: user.token, body: { income: VALID.income } });
    await thisDevice.waitFor((m) => m.type === 'Income');
  });

  it('closes connections that send garbage, unknown commands or frames over 64 KB, and keeps serving others', async () => {
    const user = await signUp(api);
    const bystander = track(listen(server.url, user.token, user.email));
    await bystander.confirmed;
    const cases: [string, (socket: WebSocket) => void, number][] = [
      ['garbage', (s) => s.send('this is not json'), 1008],
      ['array', (s) => s.send('[1,2,3]'), 1008],
      ['unknown command', (s) => s.send(JSON.stringify({ command: 'explode', identifier: '{}' })), 1008],
      ['oversized', (s) => s.send(JSON.stringify({ command: 'subscribe', identifier: 'x'.repeat(70 * 1024) })), 1009],
    ];
    for (const [name, send, code] of cases) {
      const raw = rawSocket(server.url, user.token);
      await raw.opened;
      send(raw.socket);
      expect((await raw.closed).code, name).toBe(code);
    }
    await api('POST', '/api/v1/monthly_expenses', { token: user.token, body: { monthly_expense: VALID.monthly_expense } });
    await bystander.waitFor((m) => m.type === 'MonthlyExpense');
  });
});

describe('limits per connection', () => {
  const identifierFor = (email: string, n: number) => JSON.stringify({ channel: 'UpdatesChannel', email, n });
  const framesOf = (frames: string[], type: string) => frames.map((f) => JSON.parse(f)).filter((f) => f.type === type);

  it(`confirms at most ${MAX_SUBSCRIPTIONS} subscriptions, and a write reaches the socket once, on its oldest`, async () => {
    const user = await signUp(api);
    const raw = rawSocket(server.url, user.token);
    await raw.opened;
    for (let n = 0; n < MAX_SUBSCRIPTIONS + 3; n++) raw.socket.send(JSON.stringify({ command: 'subscribe', identifier: identifierFor(user.email, n) }));
    await until(() => framesOf(raw.frames, 'confirm_subscription').length + framesOf(raw.frames, 'reject_subscription').length === MAX_SUBSCRIPTIONS + 3, 4000, 'answers');
    expect(framesOf(raw.frames, 'confirm_subscription').map((f) => f.identifier)).toEqual(Array.from({ length: MAX_SUBSCRIPTIONS }, (_, n) => identifierFor(user.email, n)));
    // Rejected ones are echoed byte for byte, as the client matches them.
    expect(framesOf(raw.frames, 'reject_subscription').map((f) => f.identifier)).toEqual([0, 1, 2].map((i) => identifierFor(user.email, MAX_SUBSCRIPTIONS + i)));

    // Every identifier of one user would carry the same updates: one copy goes, to the oldest.
    await api('POST', '/api/v1/monthly_expenses', { token: user.token, body: { monthly_expense: VALID.monthly_expense } });
    await until(() => raw.frames.some((f) => f.includes('"MonthlyExpense"')), 4000, 'the update');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const updates = raw.frames.filter((f) => f.includes('"MonthlyExpense"')).map((f) => JSON.parse(f).identifier);
    expect(updates).toEqual([identifierFor(user.email, 0)]);

    // Unsubscribing frees a place.
    raw.socket.send(JSON.stringify({ command: 'unsubscribe', identifier: identifierFor(user.email, 0) }));
    raw.socket.send(JSON.stringify({ command: 'subscribe', identifier: identifierFor(user.email, 99) }));
    await until(() => framesOf(raw.frames, 'confirm_subscription').some((f) => f.identifier === identifierFor(user.email, 99)), 4000, 'a confirm');
    // The oldest left is now the second.
    await api('POST', '/api/v1/incomes', { token: user.token, body: { income: VALID.income } });
    await until(() => raw.frames.some((f) => f.includes('"Income"')), 4000, 'the next update');
    expect(raw.frames.filter((f) => f.includes('"Income"')).map((f) => JSON.parse(f).identifier)).toEqual([identifierFor(user.email, 1)]);
    raw.socket.close();
  });

  it(`confirms an identifier of exactly ${MAX_IDENTIFIER_LENGTH} characters and rejects a longer one, even for the user's own email`, async () => {
    const user = await signUp(api);
    const raw = rawSocket(server.url, user.token);
    await raw.opened;
    /** The user's own identifier, padded to `length` characters. */
    const padded = (length: number) => {
      const bare = JSON.stringify({ channel: 'UpdatesChannel', email: user.email, pad: '' });
      return JSON.stringify({ channel: 'UpdatesChannel', email: user.email, pad: 'x'.repeat(length - bare.length) });
    };
    const longest = padded(MAX_IDENTIFIER_LENGTH);
    const tooLong = padded(MAX_IDENTIFIER_LENGTH + 1);
    expect([longest.length, tooLong.length]).toEqual([MAX_IDENTIFIER_LENGTH, MAX_IDENTIFIER_LENGTH + 1]);
    raw.socket.send(JSON.stringify({ command: 'subscribe', identifier: longest }));
    raw.socket.send(JSON.stringify({ command: 'subscribe', identifier: tooLong }));
    await until(() => framesOf(raw.frames, 'reject_subscription').length === 1, 4000, 'a reject');
    expect(framesOf(raw.frames, 'confirm_subscription')).toEqual([{ identifier: longest, type: 'confirm_subscription' }]);
    expect(framesOf(raw.frames, 'reject_subscription')).toEqual([{ identifier: tooLong, type: 'reject_subscription' }]);
    raw.socket.close();
  });

  it(`answers ${MAX_REFUSALS} refused commands and a valid subscribe after them, and closes the connection on the next refusal`, async () => {
    const user = await signUp(api);
    const raw = rawSocket(server.url, user.token);
    await raw.opened;
    for (let n = 0; n < MAX_REFUSALS; n++) raw.socket.send(JSON.stringify({ command: 'subscribe', identifier: identifierFor('someone-else@example.com', n) }));
    await until(() => framesOf(raw.frames, 'reject_subscription').length === MAX_REFUSALS, 4000, 'the rejects');
    const mine = identifierFor(user.email, 0);
    raw.socket.send(JSON.stringify({ command: 'subscribe', identifier: mine }));
    await until(() => framesOf(raw.frames, 'confirm_subscription').length === 1, 4000, 'a confirm');
    expect(framesOf(raw.frames, 'confirm_subscription')).toEqual([{ identifier: mine, type: 'confirm_subscription' }]);
    expect(raw.socket.readyState).toBe(raw.socket.OPEN);

    raw.socket.send(JSON.stringify({ command: 'subscribe', identifier: identifierFor('someone-else@example.com', MAX_REFUSALS) }));
    expect((await raw.closed).code).toBe(1008);
    expect(framesOf(raw.frames, 'reject_subscription')).toHaveLength(MAX_REFUSALS);
  });

  it(`closes a connection after ${MAX_REFUSALS} refused commands, and keeps serving the user's others`, async () => {
    const user = await signUp(api);
    const bystander = track(listen(server.url, user.token, user.email));
    await bystander.confirmed;
    const raw = rawSocket(server.url, user.token);
    await raw.opened;
    for (let n = 0; n < 500; n++) raw.socket.send(JSON.stringify({ command: 'subscribe', identifier: identifierFor('someone-else@example.com', n) }));
    const closed = await raw.closed;
    expect(closed.code).toBe(1008);
    expect(framesOf(raw.frames, 'reject_subscription')).toHaveLength(MAX_REFUSALS);

    const actions = rawSocket(server.url, user.token);
    await actions.opened;
    for (let n = 0; n <= MAX_REFUSALS; n++) actions.socket.send(JSON.stringify({ command: 'message', identifier: identifierFor(user.email, 0), data: '{}' }));
    expect((await actions.closed).code).toBe(1008);

    await api('POST', '/api/v1/monthly_expenses', { token: user.token, body: { monthly_expense: VALID.monthly_expense } });
    await bystander.waitFor((m) => m.type === 'MonthlyExpense');
  });
});

describe('a server restart', () => {
  let restartable: ServerParts | undefined;

  afterAll(async () => {
    await restartable?.close();
  });

  it('the client reconnects, resubscribes and receives later messages', { timeout: 60_000 }, async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createNetServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'runway-restart-'));
    // No rate limit to meet: on PostgreSQL the whole suite's sign-ups share the counters (harness.ts).
    const config = loadConfig({ DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'none'), LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_MAX: '1000000000', ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) });
    const start = async () => {
      const parts = await createServer(config, { mail: new MemoryMailTransport(), logger: false });
      await parts.app.listen({ port, host: '127.0.0.1' });
      return parts;
    };
    const base = `http://127.0.0.1:${port}`;
    const local = client(base);
    restartable = await start();
    const user = await signUp(local);
    const listener = track(listen(base, user.token, user.email));
    await listener.confirmed;

    const disconnected = listener.nextDisconnect();
    await restartable.close();
    expect((await disconnected).willAttemptReconnect).toBe(true);
    restartable = await start();
    await until(() => listener.events.filter((e) => e === 'connected').length >= 2, 45_000, 'the client to resubscribe');
    await local('POST', '/api/v1/incomes', { token: user.token, body: { income: VALID.income } });
    const message = await listener.waitFor((m) => m.type === 'Income');
    expect(message.action).toBe('created');
  });
});
