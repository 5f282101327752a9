/**
 * A user who installed the version whose mirror stored outbox entries as HTTP requests (mirror
 * version 1), queued edits offline, and then got the version that stores typed mutations (version
 * 2): every queued edit reaches the real server once, none is lost, none is applied twice.
 * The version-1 database is written here exactly as version 1 wrote it: its Dexie schema and its
 * entries' shape, copied from that version.
 *
 * Version 3 adds the baselines store (docs/sync.md#schema-versions) and nothing else: a version-2
 * mirror with edits queued opens with every entry as it was, once, and each reaches the server once.
 *
 * Version 4 adds the local results store (result-cache.ts) and nothing else: the same holds for a
 * version-3 mirror.
 *
 * Version 5 adds each month table's actuals (month-actuals.ts), which its upgrade writes from the
 * tables a version-4 mirror holds: its queued edits are kept as they were and each reaches the
 * server once.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import Dexie from 'dexie';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHttpTransport, type ApiResult } from '../../src/client/data/api.ts';
import { openMirror, type MirrorDb, type OutboxEntry } from '../../src/client/data/mirror/db.ts';
import { createOutbox } from '../../src/client/data/outbox/outbox.ts';
import { dexieStores, MIRROR_VERSION } from '../../src/client/data/mirror/schema.ts';
import { client, signUp, startServer, subscribeAs, VALID, type Api, type TestServer } from './harness.ts';

const ADMIN = 'upgrade-admin-secret';
let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startServer({ adminSecret: ADMIN });
  api = client(server.url);
});
afterAll(() => server?.close());

/** Mirror version 1's stores, as it declared them. */
const V1_STORES = {
  incomes: 'id',
  debts: 'id',
  monthlyExpenses: 'id',
  otherExpenses: 'id, month',
  retirementAccounts: 'id',
  singles: 'name',
  months: 'name',
  featureFlags: 'name',
  profile: 'name',
  syncStatus: 'name',
  outbox: '++seq, &uuid, status',
  conflicts: '++id, createdAt',
};

it('every edit queued under mirror version 1 reaches the server exactly once after the upgrade', async () => {
  const user = await signUp(api);
  const token = user.token;
  await subscribeAs(api, ADMIN, user.email);
  const visa = (await api('POST', '/api/v1/debts', { token, body: { debt: VALID.debt } })).body.debt;
  const gym = (await api('POST', '/api/v1/monthly_expenses', { token, body: { monthly_expense: { name: 'Gym', amount: 40, due_day: 3 } } })).body.monthly_expense;
  await api('POST', '/api/v1/incomes', { token, body: { income: VALID.income } });
  const month = (await api('GET', '/api/v1/income_months', { token })).body.income_months[0];
  expect(month.id).toEqual(expect.any(Number));

  // Version 1 of the app, offline: the mirror and its outbox as that version wrote them.
  const name = `upgrade-${randomUUID()}`;
  const v1 = new Dexie(name);
  v1.version(1).stores(V1_STORES);
  await v1.open();
  const car = { name: 'Car', creditor: 'Ford', original_amount: 20000, remaining_amount: 12000, apr: 4.5, monthly_payment: 420.35, original_term: 60, due_day: 3 };
  await v1.table('debts').bulkPut([{ ...visa, apr: 17.5 }, { id: -1, ...car, monthly_payment: 450 }]);
  await v1.table('singles').put({ name: 'housing', record: { id: 0, ...VALID.housing } });
  const keys = Array.from({ length: 6 }, () => randomUUID());
  const refusedKey = randomUUID();
  const at = Date.now();
  await v1.table('outbox').bulkAdd([
    { uuid: keys[0], method: 'POST', path: '/api/v1/debts', body: { debt: car }, attempts: 0, status: 'pending', target: { table: 'debts', id: -1 }, before: null, createdAt: at },
    { uuid: keys[1], method: 'PUT', path: '/api/v1/debts/-1', body: { debt: { monthly_payment: 450 } }, attempts: 0, status: 'pending', target: { table: 'debts', id: -1 }, before: { id: -1, ...car }, createdAt: at },
    { uuid: keys[2], method: 'PUT', path: `/api/v1/debts/${visa.id}`, body: { debt: { apr: 17.5 } }, attempts: 1, status: 'pending', lastAttemptAt: at, target: { table: 'debts', id: visa.id }, before: visa, createdAt: at },
    { uuid: keys[3], method: 'DELETE', path: `/api/v1/monthly_expenses/${gym.id}`, attempts: 0, status: 'pending', target: { table: 'monthlyExpenses', id: gym.id }, before: gym, createdAt: at },
    { uuid: keys[4], method: 'PUT', path: `/api/v1/income_months/${month.id}`, body: { income_month: { input_end_balance: 1234.5 } }, attempts: 0, status: 'pending', target: null, before: null, createdAt: at },
    { uuid: keys[5], method: 'POST', path: '/api/v1/housing', body: { housing: VALID.housing }, attempts: 0, status: 'pending', target: { single: 'housing' }, before: null, createdAt: at },
    // Refused before the update, its error not yet dismissed: it stays refused and is never sent.
    { uuid: refusedKey, method: 'POST', path: '/api/v1/debts', body: { debt: { ...car, name: '' } }, attempts: 1, status: 'failed', error: 'Name is required', errors: { name: ['Name is required'] }, target: { table: 'debts', id: -2 }, before: null, createdAt: at },
  ]);
  v1.close();
  // The Visa edit had reached the server before the phone lost its answer: the same key again.
  const first = await api('PUT', `/api/v1/debts/${visa.id}`, { token, headers: { 'idempotency-key': keys[2] as string }, body: { debt: { apr: 17.5 } } });
  expect(first.status).toBe(200);

  // Version 2 opens the same database: the entries are typed mutations now, in the same order,
  // under the same keys, with their attempts.
  const db = openMirror(name);
  const upgraded = await db.outbox.orderBy('seq').toArray();
  expect(upgraded.map((entry) => entry.uuid)).toEqual([...keys, refusedKey]);
  expect(upgraded.map((entry) => entry.mutation)).toEqual([
    { kind: 'collection', op: 'create', table: 'debts', id: -1, fields: car },
    { kind: 'collection', op: 'update', table: 'debts', id: -1, fields: { monthly_payment: 450 } },
    { kind: 'collection', op: 'update', table: 'debts', id: visa.id, fields: { apr: 17.5 } },
    { kind: 'collection', op: 'delete', table: 'monthlyExpenses', id: gym.id, fields: null },
    { kind: 'month', table: 'incomeMonths', rowId: month.id, fields: { input_end_balance: 1234.5 } },
    { kind: 'single', op: 'replace', name: 'housing', fields: VALID.housing },
    { kind: 'collection', op: 'create', table: 'debts', id: -2, fields: { ...car, name: '' } },
  ]);
  expect(upgraded.map((entry) => [entry.attempts, entry.status])).toEqual([[0, 'pending'], [0, 'pending'], [1, 'pending'], [0, 'pending'], [0, 'pending'], [0, 'pending'], [1, 'failed']]);
  expect(upgraded.map((entry) => entry.before)).toEqual([null, { id: -1, ...car }, visa, gym, null, null, null]);
  expect(upgraded.every((entry) => entry.createdAt === at)).toBe(true);
  expect(upgraded[2]?.lastAttemptAt).toBe(at);
  expect(upgraded[6]).toMatchObject({ error: 'Name is required', errors: { name: ['Name is required'] } });
  expect(await db.debts.count()).toBe(2);

  // Online again: the new version flushes to the real server.
  const answers: { key: string | undefined; result: ApiResult }[] = [];
  const http = createHttpTransport({ baseUrl: server.url, getToken: () => token, onUnauthorized: () => undefined });
  const transport = {
    async request(request: Parameters<typeof http.request>[0]) {
      const result = await http.request(request);
      answers.push({ key: request.idempotencyKey, result });
      return result;
    },
  };
  const outbox = createOutbox({ db, transport, isPaused: () => false, lockName: `upgrade-${name}` });
  expect(await outbox.flush()).toMatchObject({ applied: 6, failed: 0, stopped: 'drained' });
  // Only the refused edit is left, still refused and never sent, for the user to read and dismiss.
  expect((await db.outbox.toArray()).map((entry) => [entry.uuid, entry.status])).toEqual([[refusedKey, 'failed']]);
  expect(answers.map((answer) => answer.key)).toEqual(keys);
  // The edit that had already landed was answered from the server's record of it, not applied again.
  const replay = answers[2]?.result;
  expect(replay?.ok && replay.headers?.get('idempotent-replayed')).toBe('true');

  const debts = (await api('GET', '/api/v1/debts', { token })).body.debts;
  expect(debts).toHaveLength(2);
  expect(debts.filter((d: { name: string }) => d.name === 'Car')).toEqual([expect.objectContaining({ ...car, monthly_payment: 450 })]);
  expect(debts.find((d: { id: number }) => d.id === visa.id)).toMatchObject({ apr: 17.5 });
  expect((await api('GET', '/api/v1/monthly_expenses', { token })).body.monthly_expenses).toEqual([]);
  expect((await api('GET', '/api/v1/income_months', { token })).body.income_months[0]).toMatchObject({ id: month.id, input_end_balance: 1234.5 });
  expect((await api('GET', '/api/v1/housing', { token })).body.housing).toMatchObject(VALID.housing);
  // The mirror holds the server's records, the temporary id gone.
  expect((await db.debts.toArray()).map((d) => d.id).sort((a, b) => a - b)).toEqual(debts.map((d: { id: number }) => d.id).sort((a: number, b: number) => a - b));
  outbox.close();
  db.close();
});

it('opening a version-1 mirror with nothing queued keeps its data and its owner', async () => {
  const name = `upgrade-empty-${randomUUID()}`;
  const v1 = new Dexie(name);
  v1.version(1).stores(V1_STORES);
  await v1.open();
  await v1.table('debts').put({ id: 7, name: 'Visa' });
  await v1.table('profile').put({ name: 'owner', value: 'someone@example.com' });
  v1.close();
  const db = openMirror(name);
  expect(await db.debts.toArray()).toEqual([{ id: 7, name: 'Visa' }]);
  expect(await db.profile.get('owner')).toEqual({ name: 'owner', value: 'someone@example.com' });
  expect(db.verno).toBe(MIRROR_VERSION);
  // Every step ran: the stores versions 3 and 4 added are there too.
  expect(await db.baselines.count()).toBe(0);
  expect(await db.results.count()).toBe(0);
  db.close();
});

/**
 * Sends the mirror's queued edits to the real server twice over: the first flush applies both, in
 * order under their keys (`keys`), the second finds nothing left. Answers the outbox, to close.
 */
async function flushTwice(db: MirrorDb, token: string, name: string, keys: readonly string[]) {
  const sent: (string | undefined)[] = [];
  const http = createHttpTransport({ baseUrl: server.url, getToken: () => token, onUnauthorized: () => undefined });
  const transport = {
    request(request: Parameters<typeof http.request>[0]) {
      sent.push(request.idempotencyKey);
      return http.request(request);
    },
  };
  const outbox = createOutbox({ db, transport, isPaused: () => false, lockName: `upgrade-${name}` });
  expect(await outbox.flush()).toMatchObject({ applied: 2, failed: 0, stopped: 'drained' });
  expect(await outbox.flush()).toMatchObject({ applied: 0, failed: 0 });
  expect(sent).toEqual(keys);
  expect(await db.outbox.count()).toBe(0);
  return outbox;
}

/** A queued edit as versions 2 to 4 stored one that the server has not refused. */
function pendingEntry(entry: Omit<OutboxEntry, 'seq' | 'status' | 'error' | 'errors' | 'maybeApplied'>) {
  return { ...entry, status: 'pending', error: null, errors: null };
}

/** Mirror version 2's stores, as it declared them. */
const V2_STORES = {
  incomes: 'id',
  debts: 'id',
  monthlyExpenses: 'id',
  otherExpenses: 'id, month',
  retirementAccounts: 'id',
  singles: 'name',
  months: 'name',
  featureFlags: 'name',
  profile: 'name',
  syncStatus: 'name',
  outbox: '++seq, &uuid, status, targetKey, *tempIds',
  conflicts: '++id, createdAt',
};

it("the current mirror's step for version 2 still declares exactly version 2's stores", () => {
  expect(dexieStores(2)).toEqual(V2_STORES);
  expect(dexieStores(3)).toEqual({ ...V2_STORES, baselines: 'id' });
});

it('a version-2 mirror with edits queued opens as version 3 with each entry kept once, unchanged, and each reaches the server once', async () => {
  const user = await signUp(api);
  const token = user.token;
  const visa = (await api('POST', '/api/v1/debts', { token, body: { debt: VALID.debt } })).body.debt;

  // Version 2 of the app, offline: a debt created (temporary id -1) and another edited, both queued.
  const name = `upgrade-v2-${randomUUID()}`;
  const v2 = new Dexie(name);
  v2.version(2).stores(V2_STORES);
  await v2.open();
  const car = { name: 'Car', creditor: 'Ford', original_amount: 20000, remaining_amount: 12000, apr: 4.5, monthly_payment: 420.35, original_term: 60, due_day: 3 };
  await v2.table('debts').bulkPut([{ ...visa, apr: 17.5 }, { id: -1, ...car }]);
  const at = Date.now();
  const keys = [randomUUID(), randomUUID()] as const;
  await v2.table('outbox').bulkAdd([
    pendingEntry({
      uuid: keys[0],
      mutation: { kind: 'collection', op: 'create', table: 'debts', id: -1, fields: car },
      before: null,
      targetKey: 'collection debts -1',
      tempIds: [-1],
      attempts: 0,
      lastAttemptAt: null,
      createdAt: at,
    }),
    pendingEntry({
      uuid: keys[1],
      mutation: { kind: 'collection', op: 'update', table: 'debts', id: visa.id, fields: { apr: 17.5 } },
      before: visa,
      targetKey: `collection debts ${visa.id}`,
      tempIds: [],
      attempts: 2,
      lastAttemptAt: at,
      createdAt: at,
    }),
  ]);
  const queued = (await v2.table('outbox').orderBy('seq').toArray()) as OutboxEntry[];
  expect(queued).toHaveLength(2);
  v2.close();

  // Version 3 opens the same database: the same entries, once each, field for field, still found
  // through the indexes the outbox reads them by; the new store is there and empty.
  const db = openMirror(name);
  expect(await db.outbox.orderBy('seq').toArray()).toEqual(queued);
  expect(db.verno).toBe(MIRROR_VERSION);
  expect(await db.outbox.where('status').equals('pending').count()).toBe(2);
  expect((await db.outbox.where('tempIds').equals(-1).toArray()).map((entry) => entry.uuid)).toEqual([keys[0]]);
  expect((await db.outbox.where('targetKey').equals(`collection debts ${visa.id}`).toArray()).map((entry) => entry.uuid)).toEqual([keys[1]]);
  expect(await db.debts.count()).toBe(2);
  expect(await db.baselines.count()).toBe(0);

  // Online again: each edit is sent once, under its key, and applied once.
  const outbox = await flushTwice(db, token, name, keys);
  const debts = (await api('GET', '/api/v1/debts', { token })).body.debts;
  expect(debts.filter((d: { name: string }) => d.name === 'Car')).toEqual([expect.objectContaining(car)]);
  expect(debts.find((d: { id: number }) => d.id === visa.id)).toMatchObject({ apr: 17.5 });
  expect(debts).toHaveLength(2);
  outbox.close();
  db.close();
});

/** Mirror version 3's stores, as it declared them. */
const V3_STORES = {
  incomes: 'id',
  debts: 'id',
  monthlyExpenses: 'id',
  otherExpenses: 'id, month',
  retirementAccounts: 'id',
  baselines: 'id',
  singles: 'name',
  months: 'name',
  featureFlags: 'name',
  profile: 'name',
  syncStatus: 'name',
  outbox: '++seq, &uuid, status, targetKey, *tempIds',
  conflicts: '++id, createdAt',
};

it("the current mirror's step for version 3 still declares exactly version 3's stores", () => {
  expect(dexieStores(3)).toEqual(V3_STORES);
  expect(dexieStores(4)).toEqual({ ...V3_STORES, results: 'key, savedAt' });
});

it('a version-3 mirror with edits queued opens as version 4 with each entry kept once, unchanged, and each reaches the server once', async () => {
  const user = await signUp(api);
  const token = user.token;
  const visa = (await api('POST', '/api/v1/debts', { token, body: { debt: VALID.debt } })).body.debt;

  // Version 3 of the app, offline: a debt created (temporary id -1) and another edited, both queued.
  const name = `upgrade-v3-${randomUUID()}`;
  const v3 = new Dexie(name);
  v3.version(3).stores(V3_STORES);
  await v3.open();
  const car = { name: 'Car', creditor: 'Ford', original_amount: 20000, remaining_amount: 12000, apr: 4.5, monthly_payment: 420.35, original_term: 60, due_day: 3 };
  await v3.table('debts').bulkPut([{ ...visa, apr: 17.5 }, { id: -1, ...car }]);
  const baseline = { id: 5, name: 'Before the raise', created_at: '2026-01-15T00:00:00Z' };
  await v3.table('baselines').put(baseline);
  const at = Date.now();
  const keys = [randomUUID(), randomUUID()] as const;
  await v3.table('outbox').bulkAdd([
    pendingEntry({
      uuid: keys[0],
      mutation: { kind: 'collection', op: 'create', table: 'debts', id: -1, fields: car },
      before: null,
      targetKey: 'collection debts -1',
      tempIds: [-1],
      attempts: 0,
      lastAttemptAt: null,
      createdAt: at,
    }),
    pendingEntry({
      uuid: keys[1],
      mutation: { kind: 'collection', op: 'update', table: 'debts', id: visa.id, fields: { apr: 17.5 } },
      before: visa,
      targetKey: `collection debts ${visa.id}`,
      tempIds: [],
      attempts: 2,
      lastAttemptAt: at,
      createdAt: at,
    }),
  ]);
  const queued = (await v3.table('outbox').orderBy('seq').toArray()) as OutboxEntry[];
  expect(queued).toHaveLength(2);
  v3.close();

  // Version 4 opens the same database: the same entries, once each, field for field, still found
  // through the indexes the outbox reads them by; version 3's rows are kept; the new store is
  // there and empty.
  const db = openMirror(name);
  expect(await db.outbox.orderBy('seq').toArray()).toEqual(queued);
  expect(db.verno).toBe(MIRROR_VERSION);
  expect(await db.outbox.where('status').equals('pending').count()).toBe(2);
  expect((await db.outbox.where('tempIds').equals(-1).toArray()).map((entry) => entry.uuid)).toEqual([keys[0]]);
  expect((await db.outbox.where('targetKey').equals(`collection debts ${visa.id}`).toArray()).map((entry) => entry.uuid)).toEqual([keys[1]]);
  expect(await db.debts.count()).toBe(2);
  expect(await db.baselines.toArray()).toEqual([baseline]);
  expect(db.tables.map((table) => table.name)).toContain('results');
  expect(await db.results.count()).toBe(0);

  // Online again: each edit is sent once, under its key, and applied once.
  const outbox = await flushTwice(db, token, name, keys);
  const debts = (await api('GET', '/api/v1/debts', { token })).body.debts;
  expect(debts.filter((d: { name: string }) => d.name === 'Car')).toEqual([expect.objectContaining(car)]);
  expect(debts.find((d: { id: number }) => d.id === visa.id)).toMatchObject({ apr: 17.5 });
  expect(debts).toHaveLength(2);
  outbox.close();
  db.close();
});

/** Mirror version 4's stores, as it declared them. */
const V4_STORES = { ...V3_STORES, results: 'key, savedAt' };

it("the current mirror's step for version 4 still declares exactly version 4's stores", () => {
  expect(dexieStores(4)).toEqual(V4_STORES);
  // Version 5 indexes the month tables by their write's token and adds their actuals.
  expect(dexieStores()).toEqual({ ...V4_STORES, months: 'name, actualsToken', monthActuals: 'name' });
});

it("a version-4 mirror with edits queued opens as version 5 with each entry kept once, its tables' actuals written, and each edit reaching the server once", async () => {
  const user = await signUp(api);
  const token = user.token;
  await subscribeAs(api, ADMIN, user.email);
  const card = (await api('POST', '/api/v1/debts', { token, body: { debt: VALID.debt } })).body.debt;
  await api('POST', '/api/v1/incomes', { token, body: { income: VALID.income } });
  // The user gave the card's balance of month 1 while online: the server's table holds it.
  const debtRow = (await api('GET', '/api/v1/debt_months', { token })).body.debts[0].debt_months[0];
  expect((await api('PUT', `/api/v1/debt_months/${debtRow.id}`, { token, body: { debt_month: { input_remaining_balance: 1234.56 } } })).status).toBe(200);
  const debtTable = (await api('GET', '/api/v1/debt_months', { token })).body;
  const incomeTable = (await api('GET', '/api/v1/income_months', { token })).body;
  const incomeRow = incomeTable.income_months[0];

  // Version 4 of the app, offline: both tables in the mirror, an income balance and a debt edit queued.
  const name = `upgrade-v4-${randomUUID()}`;
  const v4 = new Dexie(name);
  v4.version(4).stores(V4_STORES);
  await v4.open();
  await v4.table('debts').put({ ...card, apr: 12.5 });
  await v4.table('months').bulkPut([
    { name: 'debtMonths', body: debtTable, provisional: false, stamp: 'a' },
    { name: 'incomeMonths', body: incomeTable, provisional: false, stamp: 'b' },
  ]);
  const at = Date.now();
  const keys = [randomUUID(), randomUUID()] as const;
  await v4.table('outbox').bulkAdd([
    pendingEntry({
      uuid: keys[0],
      mutation: { kind: 'month', table: 'incomeMonths', rowId: incomeRow.id, fields: { input_end_balance: 2500.75 } },
      before: null,
      targetKey: `month incomeMonths ${incomeRow.id}`,
      tempIds: [],
      attempts: 0,
      lastAttemptAt: null,
      createdAt: at,
    }),
    pendingEntry({
      uuid: keys[1],
      mutation: { kind: 'collection', op: 'update', table: 'debts', id: card.id, fields: { apr: 12.5 } },
      before: card,
      targetKey: `collection debts ${card.id}`,
      tempIds: [],
      attempts: 1,
      lastAttemptAt: at,
      createdAt: at,
    }),
  ]);
  const queued = (await v4.table('outbox').orderBy('seq').toArray()) as OutboxEntry[];
  const months = await v4.table('months').toArray();
  v4.close();

  // Version 5 opens it: the same entries once each, field for field, the tables as they were, and
  // each table's first month and actuals, read here from the bodies by hand: the card's month-1
  // balance in cents, no income balance yet.
  const db = openMirror(name);
  expect(db.verno).toBe(MIRROR_VERSION);
  expect(await db.outbox.orderBy('seq').toArray()).toEqual(queued);
  expect(await db.outbox.where('targetKey').equals(`collection debts ${card.id}`).count()).toBe(1);
  // The tables as they were, each with the token of the upgrade's write, which its actuals carry.
  const upgraded = await db.months.toArray();
  expect(upgraded.map(({ actualsToken: _token, ...row }) => row)).toEqual(months);
  const tokenOf = (table: string) => upgraded.find((row) => row.name === table)?.actualsToken;
  expect(tokenOf('debtMonths')).toEqual(expect.any(String));
  const none = { debt: [], contribution: [], retirement: [], income: [], mortgage: [], home: [] };
  expect(await db.monthActuals.get('debtMonths')).toEqual({
    name: 'debtMonths',
    token: tokenOf('debtMonths'),
    first: debtTable.total[0].month,
    actuals: { ...none, debt: [{ debtId: card.id, month: debtRow.month, remaining: 123456 }] },
  });
  expect(await db.monthActuals.get('incomeMonths')).toEqual({ name: 'incomeMonths', token: tokenOf('incomeMonths'), first: incomeRow.month, actuals: none });
  expect(await db.monthActuals.count()).toBe(2);

  // Online again: each edit is sent once and applied once. The income row the server answers is
  // laid on the mirror's table, and its actuals follow in the same write.
  const outbox = await flushTwice(db, token, name, keys);
  expect((await api('GET', '/api/v1/income_months', { token })).body.income_months[0]).toMatchObject({ id: incomeRow.id, input_end_balance: 2500.75 });
  expect((await api('GET', '/api/v1/debts', { token })).body.debts).toEqual([expect.objectContaining({ id: card.id, apr: 12.5 })]);
  expect((await db.monthActuals.get('incomeMonths'))?.actuals.income).toEqual([{ month: incomeRow.month, endBalance: 250075 }]);
  outbox.close();
  db.close();
});
