/**
 * `npm run bench:sync`: the client's mirror and outbox against the real server, in Node with
 * fake-indexeddb (the same Dexie code the browser runs; IndexedDB itself is simulated).
 *
 * Starts the real server (src/server/main.ts) as its own process — PGlite in a temporary DATA_DIR,
 * or PostgreSQL when DATABASE_URL is set — and measures:
 *   (a) the initial sync of a heavy household into an empty mirror (sync.pullAll): 20 debts,
 *       8 retirement accounts, 6 incomes, 30 monthly and 120 one-time expenses, housing, debt
 *       and retirement plans, and about 10,000 rows in the four month tables (the user is made
 *       subscribed with src/server/cli/subscribe.ts, through the running server's admin route);
 *   (b) applying 1,000 live-update messages of the eight record types (updates.applyUpdate), and
 *       for comparison 100 whole month tables;
 *   (c) flushing 500 edits queued offline to the server (outbox.flush), then checking that the
 *       server holds exactly what the edits say: zero loss, nothing twice;
 *   (d) the same with 1,000 and with 2,000 queued edits, alternating: the outbox's flush must
 *       not grow quadratically with the queue (2,000 in under 2× the time of 1,000, measured
 *       against the in-process server twin so that only the outbox's work counts; the flush to
 *       the real server and its bare-fetch share are printed beside it; BENCH_GROWTH_RUNS).
 * Beside each, the floor: writing the same rows into an empty mirror with one raw Dexie bulkPut
 * per table, in one transaction; for (a) also the same GETs with bare fetch, and for (c) the same
 * writes with bare fetch (the server's share). Targets: (a) under 1.5 s and within 3× its floor;
 * (b) under 1 s; (c) under 10 s with zero loss; (d) under 2×. BENCH_RUNS sets the number of
 * measured runs.
 */
import 'fake-indexeddb/auto';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import Dexie from 'dexie';
import { createHttpTransport, type ApiTransport } from '../src/client/data/api.ts';
import type { Fields } from '../src/client/data/sync/conflicts.ts';
import { openMirror, type MirrorDb, type WireRecord } from '../src/client/data/mirror/db.ts';
import { createMutations } from '../src/client/data/outbox/mutations.ts';
import { createOutbox } from '../src/client/data/outbox/outbox.ts';
import { COLLECTIONS, MONTHS, SINGLES, type CollectionName, type MonthsName, type SingleName } from '../src/shared/resources.ts';
import type { Session } from '../src/client/data/session/session.ts';
import { createSync } from '../src/client/data/sync/sync.ts';
import { createTestServer } from '../src/client/data/test-server.testing.ts';
import { applyUpdate } from '../src/client/data/live/updates.ts';
import type { UpdateMessage } from '../src/shared/cable.ts';
import { content, Model, seeded, VALUES, type Random } from '../tests/server/chaos-model.ts';
import { ServerProcess } from '../tests/server/server-process.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MESSAGES = 1_000;
const EDITS = 500;
/** (d): the queue sizes compared, this and twice this, and how many runs of each. */
const GROWTH_EDITS = 1_000;
const GROWTH_RUNS = Number(process.env.BENCH_GROWTH_RUNS ?? 3);
const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];
const SINGLE_NAMES = Object.keys(SINGLES) as SingleName[];
const MONTH_NAMES = Object.keys(MONTHS) as MonthsName[];
const quiet = { warn: () => undefined };

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                    */
/* ------------------------------------------------------------------------------------------ */

async function call(base: string, method: string, route: string, token: string | null, body?: unknown, idempotencyKey?: string): Promise<any> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(base + route, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

async function signUp(base: string): Promise<{ email: string; token: string }> {
  const email = `bench-sync-${randomUUID().slice(0, 8)}@example.com`;
  const answer = await call(base, 'POST', '/users', null, { user: { email, password: 'bench-password', password_confirmation: 'bench-password', birth_year: 1980 } });
  return { email, token: answer.status.data.token as string };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;
const ratio = (value: number, floor: number) => `${(value / floor).toFixed(2)}×`;
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

async function freshMirror(): Promise<MirrorDb> {
  const db = openMirror(`bench-sync-${randomUUID()}`);
  await db.open();
  return db;
}

async function drop(db: MirrorDb): Promise<void> {
  db.close();
  await Dexie.delete(db.name);
}

/** Every row of the mirror, by table: what a raw bulkPut would have to write. */
async function rowsOf(db: MirrorDb): Promise<Map<string, unknown[]>> {
  const rows = new Map<string, unknown[]>();
  for (const table of db.tables) {
    if (table.name === 'outbox' || table.name === 'conflicts') continue;
    rows.set(table.name, await table.toArray());
  }
  return rows;
}

/** The floor: the same rows written into an empty mirror, one bulkPut per table, one transaction. */
async function floorOf(rows: Map<string, unknown[]>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const db = await freshMirror();
    const tables = [...rows.keys()].map((name) => db.table(name));
    const started = performance.now();
    await db.transaction('rw', tables, async () => {
      for (const [name, list] of rows) await db.table(name).bulkPut(list);
    });
    times.push(performance.now() - started);
    await drop(db);
  }
  return median(times);
}

function monthRows(body: unknown): number {
  if (Array.isArray(body)) return body.reduce((n: number, item) => n + monthRows(item), 0);
  if (typeof body !== 'object' || body === null) return 0;
  let n = 0;
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value) && (key.endsWith('_months') || key === 'total')) n += value.length;
    else if (typeof value === 'object') n += monthRows(value);
  }
  return n;
}

/* ------------------------------------------------------------------------------------------ */
/* The household                                                                              */
/* ------------------------------------------------------------------------------------------ */

const money = (r: Random, min: number, max: number) => r.int(min * 100, max * 100) / 100;

/** Debts that take years to pay off, accounts that run to a retirement 30 years out. */
async function seedHousehold(base: string, token: string, r: Random): Promise<void> {
  const post = (path: string, key: string, record: Fields) => call(base, 'POST', path, token, { [key]: record });
  for (let i = 0; i < 20; i++) {
    const remaining = money(r, 5000, 40000);
    const apr = r.int(300, 2400) / 100;
    // Pays the interest and a little more: between 4 and 20 years to go.
    const payment = Math.ceil(((remaining * apr) / 1200 + remaining / r.int(48, 240)) * 100) / 100;
    await post('/api/v1/debts', 'debt', { name: `Debt ${i}`, creditor: 'Bank', original_amount: Math.round(remaining * 150) / 100, remaining_amount: remaining, apr, monthly_payment: payment, original_term: 360, due_day: r.int(1, 28) });
  }
  for (let i = 0; i < 8; i++) await post('/api/v1/retirement_accounts', 'retirement_account', VALUES.retirementAccounts(r, `${i}`));
  for (let i = 0; i < 6; i++) await post('/api/v1/incomes', 'income', VALUES.incomes(r, `${i}`));
  for (let i = 0; i < 30; i++) await post('/api/v1/monthly_expenses', 'monthly_expense', VALUES.monthlyExpenses(r, `${i}`));
  for (let i = 0; i < 120; i++) await post('/api/v1/other_expenses', 'other_expense', VALUES.otherExpenses(r, `${i}`));
  await post('/api/v1/housing', 'housing', { housing_type: 'Rent', total_monthly_payment: 2100 });
  await post('/api/v1/debt_plan', 'debt_plan', { plan_type: 'avalanche', extra_payment: 250 });
  const retirementYear = new Date().getFullYear() + 30;
  await post('/api/v1/retirement_plan', 'retirement_plan', {
    retirement_date: `${retirementYear}-06-01`,
    interest_rate: 5,
    social_security_income: 2400,
    social_security_start_date: `${retirementYear + 2}-06-01`,
    monthly_expenses: 4000,
    years_of_retirement: 30,
  });
}

/* ------------------------------------------------------------------------------------------ */
/* (b) the live-update stream                                                                 */
/* ------------------------------------------------------------------------------------------ */

/**
 * Messages of the eight record types, as another device's edits send them: creates, updates and
 * deletes across the five collections (an update or delete names a record the mirror has, or one
 * an earlier message created), and saves of the three single records.
 */
function recordStream(synced: Map<string, unknown[]>, r: Random, count: number): UpdateMessage[] {
  const messages: UpdateMessage[] = [];
  const singles = synced.get('singles') as { name: SingleName; record: WireRecord | null }[];
  const live = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, ((synced.get(name) ?? []) as WireRecord[]).map((row) => row.id)])) as Record<CollectionName, number[]>;
  let nextId = 1_000_000;
  const stamp = () => new Date().toISOString();
  while (messages.length < count) {
    if (r.chance(0.15)) {
      const single = r.pick(singles);
      if (single.record) messages.push({ type: SINGLES[single.name].updateType, action: 'updated', data: { ...single.record, updated_at: stamp() } } as UpdateMessage);
      continue;
    }
    const name = r.pick(COLLECTION_NAMES);
    const type = COLLECTIONS[name].updateType;
    const ids = live[name];
    const roll = r.next();
    if (roll < 0.4 || ids.length === 0) {
      const id = nextId++;
      ids.push(id);
      messages.push({ type, action: 'created', data: { ...VALUES[name](r, `live ${id}`), id, created_at: stamp(), updated_at: stamp() } } as UpdateMessage);
    } else if (roll < 0.8) {
      const id = r.pick(ids);
      messages.push({ type, action: 'updated', data: { ...VALUES[name](r, `live ${id}`), id, updated_at: stamp() } } as UpdateMessage);
    } else {
      const id = ids.splice(r.int(0, ids.length - 1), 1)[0] as number;
      messages.push({ type, action: 'deleted', data: { id } } as UpdateMessage);
    }
  }
  return messages;
}

/** Month tables, whole, as the server sends them after each write of a subscribed user. */
function monthStream(synced: Map<string, unknown[]>, count: number): UpdateMessage[] {
  const months = synced.get('months') as { name: MonthsName; body: unknown }[];
  return Array.from({ length: count }, (_, i) => {
    const table = months[i % months.length] as { name: MonthsName; body: unknown };
    return { type: MONTHS[table.name].updateType, action: 'created', data: table.body } as UpdateMessage;
  });
}

/** Applies the messages to a mirror holding the synced rows; answers the median time. */
async function applyAll(synced: Map<string, unknown[]>, messages: readonly UpdateMessage[]): Promise<{ median: number; runs: number[] }> {
  const runs: number[] = [];
  for (let run = 0; run < RUNS + 1; run++) {
    const db = await freshMirror();
    await db.transaction('rw', [...synced.keys()].map((name) => db.table(name)), async () => {
      for (const [name, list] of synced) await db.table(name).bulkPut(list);
    });
    const started = performance.now();
    for (const message of messages) {
      if ((await applyUpdate(db, message, quiet)) !== 'applied') throw new Error(`not applied: ${message.type} ${message.action}`);
    }
    // The first run warms the JIT up.
    if (run > 0) runs.push(performance.now() - started);
    await drop(db);
  }
  return { median: median(runs), runs };
}

/** What the messages write, table by table, for the floor. */
function messageRows(messages: readonly UpdateMessage[]): Map<string, unknown[]> {
  const rows = new Map<string, unknown[]>();
  const push = (table: string, row: unknown) => rows.set(table, [...(rows.get(table) ?? []), row]);
  for (const message of messages) {
    const collection = COLLECTION_NAMES.find((name) => COLLECTIONS[name].updateType === message.type);
    const single = SINGLE_NAMES.find((name) => SINGLES[name].updateType === message.type);
    const month = MONTH_NAMES.find((name) => MONTHS[name].updateType === message.type);
    if (collection && message.action !== 'deleted') push(collection, message.data);
    else if (single) push('singles', { name: single, record: message.data });
    else if (month) push('months', { name: month, body: message.data, provisional: false });
  }
  return rows;
}

/* ------------------------------------------------------------------------------------------ */
/* Main                                                                                       */
/* ------------------------------------------------------------------------------------------ */

/** One write as the outbox sent it, and the id of the record its answer carried. */
interface SentWrite {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body: unknown;
  answerId: number | null;
}

/**
 * The server's share of a flush: the same writes, one after another, with bare fetch, each under
 * its own Idempotency-Key as the outbox sends them (the server stores each key and its answer).
 */
async function replayWithFetch(base: string, writes: readonly SentWrite[]): Promise<number> {
  const user = await signUp(base);
  // The first user's ids → this user's, per collection path.
  const ids = new Map<string, number>();
  const started = performance.now();
  for (const write of writes) {
    const path = write.path.replace(/^(.*)\/(\d+)$/, (_, collection: string, id: string) => `${collection}/${ids.get(`${collection}/${id}`) ?? id}`);
    const answer = await call(base, write.method, path, user.token, write.body, randomUUID());
    if (write.method === 'POST' && write.answerId !== null) {
      const record = Object.values(answer as Record<string, { id: number }>)[0];
      if (record) ids.set(`${write.path}/${write.answerId}`, record.id);
    }
  }
  return performance.now() - started;
}

/**
 * Queues `edits` edits offline (about 60 % creates, 30 % updates, 10 % deletes in the five
 * collections, from `seed`); answers the model of what the server must hold after the flush.
 */
async function queueEdits(mutations: ReturnType<typeof createMutations>, edits: number, seed: number): Promise<Model> {
  const model = new Model(COLLECTION_NAMES);
  const er = seeded(seed);
  let tag = 0;
  for (let i = 0; i < edits; i++) {
    const name = er.pick(COLLECTION_NAMES);
    const table = model.table(name);
    const roll = er.next();
    if (roll < 0.6 || table.size === 0) {
      const fields = VALUES[name](er, `${seed}-${(tag += 1)}`);
      const result = await mutations.create(name, fields);
      if (result.status !== 'queued' || !result.record) throw new Error(`create not queued: ${JSON.stringify(result)}`);
      model.create(name, result.record.id, null, fields, false);
    } else if (roll < 0.9) {
      const id = er.pick([...table.keys()]);
      const patch = VALUES[name](er, `${seed}-${(tag += 1)}`);
      if ((await mutations.update(name, id, patch)).status !== 'queued') throw new Error('update not queued');
      model.update(name, id, null, patch, false);
    } else {
      const id = er.pick([...table.keys()]);
      if ((await mutations.remove(name, id)).status !== 'queued') throw new Error('delete not queued');
      model.remove(name, id);
    }
  }
  return model;
}

/**
 * The client's own share of a flush: the same queue flushed to the in-process server twin
 * (src/client/data/test-server.testing.ts, no HTTP, no database), so what grows is the outbox's work.
 */
async function flushQueuedInProcess(edits: number, seed: number): Promise<number> {
  const twin = createTestServer();
  const db = await freshMirror();
  let online = false;
  const outbox = createOutbox({ db, transport: twin.transport, isPaused: () => !online });
  const mutations = createMutations({ db, outbox, isOnline: () => online });
  const model = await queueEdits(mutations, edits, seed);
  online = true;
  const started = performance.now();
  const result = await outbox.flush();
  const elapsed = performance.now() - started;
  if (result.stopped !== 'drained' || result.applied !== edits) throw new Error(`the flush stopped early: ${JSON.stringify(result)}`);
  for (const name of COLLECTION_NAMES) {
    const held = twin.collections.get(COLLECTIONS[name].path)?.size ?? 0;
    if (held !== model.table(name).size) throw new Error(`the twin holds ${held} ${name}, the edits say ${model.table(name).size}`);
  }
  outbox.close();
  await drop(db);
  return elapsed;
}

/** A flushed queue: how long the flush took, what it sent, and the mirror it left. */
interface Flushed {
  ms: number;
  /** The server holds exactly what the edits say, each create once. */
  lossless: boolean;
  sent: SentWrite[];
  rows: Map<string, unknown[]>;
}

/** Queues `edits` edits offline for a new user (queueEdits), then times one outbox.flush to the server and checks it. */
async function flushQueued(base: string, edits: number, seed: number): Promise<Flushed> {
  const user = await signUp(base);
  const sent: SentWrite[] = [];
  const http = createHttpTransport({ baseUrl: base, getToken: () => user.token, onUnauthorized: () => undefined });
  const recording: ApiTransport = {
    async request(request) {
      const answer = await http.request(request);
      if (request.method !== 'GET') {
        const record = answer.ok && answer.data ? Object.values(answer.data as Record<string, { id?: number }>)[0] : undefined;
        sent.push({ method: request.method, path: request.path, body: request.body, answerId: typeof record?.id === 'number' ? record.id : null });
      }
      return answer;
    },
  };
  const db = await freshMirror();
  let online = false;
  const outbox = createOutbox({ db, transport: recording, isPaused: () => !online });
  const mutations = createMutations({ db, outbox, isOnline: () => online });
  const model = await queueEdits(mutations, edits, seed);
  if ((await outbox.pendingCount()) !== edits) throw new Error('the outbox does not hold every edit');
  online = true;
  const started = performance.now();
  const result = await outbox.flush();
  const ms = performance.now() - started;
  if (result.stopped !== 'drained' || result.applied !== edits || result.failed !== 0) throw new Error(`the flush stopped early: ${JSON.stringify(result)}`);

  let lossless = sent.length === edits;
  for (const name of COLLECTION_NAMES) {
    const onServer = (await call(base, 'GET', COLLECTIONS[name].path, user.token))[COLLECTIONS[name].listKey] as WireRecord[];
    const expected = [...model.table(name)].map(([id, record]) => [outbox.resolveId(name, id), record.kept] as const);
    const byId = new Map(onServer.map((row) => [row.id, JSON.stringify(content(row))]));
    if (onServer.length !== expected.length || expected.some(([id, fields]) => byId.get(id) !== JSON.stringify(fields))) lossless = false;
  }
  const rows = await rowsOf(db);
  outbox.close();
  await drop(db);
  return { ms, lossless, sent, rows };
}

async function main(): Promise<void> {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const server = await ServerProcess.start();
  const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded, temporary DATA_DIR)';
  const missed: string[] = [];
  try {
    console.log(`Runway sync benchmark — ${new Date().toISOString()}`);
    console.log(`CPU: ${cpu} (${cpus().length} cores); Node ${process.version}; server: ${database}, its own process on this machine; fake-indexeddb`);
    console.log(`Times are medians of ${RUNS} runs after warm-up runs; each floor is measured in the same run.`);

    /* ---- (a) initial sync ---------------------------------------------------------------- */
    const r = seeded(20_261_121);
    const heavy = await signUp(server.url);
    await seedHousehold(server.url, heavy.token, r);
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/subscribe.ts', heavy.email, 'on'], { env: { ...process.env, ...server.environment }, encoding: 'utf8' });
    if (cli.status !== 0) throw new Error(`subscribe failed: ${cli.stderr}`);
    const session: Session = { authToken: heavy.token, email: heavy.email, isAuthenticated: true, stripeCustomerId: null, subscribed: true, birthYear: 1980 };
    const transport = createHttpTransport({ baseUrl: server.url, getToken: () => session.authToken, onUnauthorized: () => undefined });

    const WARMUP = 3;
    const syncTimes: number[] = [];
    const fetchTimes: number[] = [];
    let synced: Map<string, unknown[]> | null = null;
    let firstMs = 0;
    const paths = [
      '/api/v1/feature_flags',
      '/api/v1/profile',
      ...COLLECTION_NAMES.map((name) => COLLECTIONS[name].path),
      ...SINGLE_NAMES.map((name) => SINGLES[name].path),
      ...MONTH_NAMES.map((name) => MONTHS[name].path),
    ];
    for (let run = 0; run < 1 + WARMUP + RUNS; run++) {
      const db = await freshMirror();
      const started = performance.now();
      const ok = await createSync({ db, transport, getSession: () => session }).pullAll();
      const elapsed = performance.now() - started;
      if (!ok) throw new Error('the initial sync failed');
      if (run === 0) firstMs = elapsed;
      else if (run > WARMUP) syncTimes.push(elapsed);
      synced ??= await rowsOf(db);
      await drop(db);
      // The same requests without the mirror: the server's and HTTP's share.
      const fetched = performance.now();
      await Promise.all(
        paths.map(async (path) => {
          const response = await fetch(server.url + path, { headers: { authorization: `Bearer ${heavy.token}`, accept: 'application/json' } });
          return JSON.parse(await response.text()) as unknown;
        }),
      );
      if (run > WARMUP) fetchTimes.push(performance.now() - fetched);
    }
    if (!synced) throw new Error('nothing synced');
    const months = synced.get('months') as { name: string; body: unknown }[];
    const counts = MONTH_NAMES.map((name) => `${monthRows(months.find((row) => row.name === name)?.body)} ${name}`);
    const totalMonthRows = months.reduce((n, row) => n + monthRows(row.body), 0);
    const records = COLLECTION_NAMES.map((name) => `${(synced?.get(name) ?? []).length} ${name}`).join(', ');
    const syncMs = median(syncTimes);
    const fetchMs = median(fetchTimes);
    const syncFloor = await floorOf(synced);
    const aMet = syncMs < 1500 && firstMs < 1500 && syncMs <= 3 * syncFloor;
    if (!aMet) missed.push('(a)');
    console.log('');
    console.log(`(a) Initial sync (sync.pullAll into an empty mirror) of a heavy household:`);
    console.log(`    ${records}, housing, debt plan, retirement plan;`);
    console.log(`    ${totalMonthRows} month rows (${counts.join(', ')})`);
    console.log(`    pull:                                        ${ms(syncMs)}   (runs ${syncTimes.map((t) => t.toFixed(0)).join(', ')})`);
    console.log(`    first pull (server computes the month tables, JIT cold): ${ms(firstMs)}`);
    console.log(`    same ${paths.length} GETs with bare fetch + JSON.parse:   ${ms(fetchMs)}   (server and HTTP)`);
    console.log(`    floor: same rows, raw Dexie bulkPut:         ${ms(syncFloor)}`);
    console.log(`    ratio pull / floor: ${ratio(syncMs, syncFloor)}`);
    console.log(`    target: under 1,500 ms (first pull too) and within 3× the floor — ${verdict(aMet)}`);

    /* ---- (b) 1,000 live updates ------------------------------------------------------------ */
    const messages = recordStream(synced, seeded(7), MESSAGES);
    const kinds = new Map<string, number>();
    for (const message of messages) kinds.set(`${message.type} ${message.action}`, (kinds.get(`${message.type} ${message.action}`) ?? 0) + 1);
    const applied = await applyAll(synced, messages);
    const applyFloor = await floorOf(messageRows(messages));
    const bMet = applied.median < 1000;
    if (!bMet) missed.push('(b)');
    const monthMessages = monthStream(synced, 100);
    const monthsApplied = await applyAll(synced, monthMessages);
    const monthsFloor = await floorOf(messageRows(monthMessages));
    console.log('');
    console.log(`(b) ${MESSAGES} live updates of the eight record types, applied one by one (updates.applyUpdate):`);
    console.log(`    ${[...kinds].sort().map(([kind, n]) => `${n} ${kind}`).join(', ')}`);
    console.log(`    apply:                               ${ms(applied.median)}   (runs ${applied.runs.map((t) => t.toFixed(0)).join(', ')})`);
    console.log(`    floor: same rows, raw Dexie bulkPut: ${ms(applyFloor)}`);
    console.log(`    ratio apply / floor: ${ratio(applied.median, applyFloor)}`);
    console.log(`    target: under 1,000 ms — ${verdict(bMet)}`);
    console.log(`    for comparison, 100 whole month tables (a subscribed user gets up to 4 after each write): ${ms(monthsApplied.median)}, floor ${ms(monthsFloor)}, ratio ${ratio(monthsApplied.median, monthsFloor)}`);

    /* ---- (c) 500 queued edits flushed ---------------------------------------------------- */
    const flushTimes: number[] = [];
    const replayTimes: number[] = [];
    let lossless = true;
    let flushFloor = 0;
    for (let run = 0; run < RUNS; run++) {
      const flushed = await flushQueued(server.url, EDITS, 1_000 + run);
      flushTimes.push(flushed.ms);
      lossless &&= flushed.lossless;
      if (run === 0) flushFloor = await floorOf(flushed.rows);
      replayTimes.push(await replayWithFetch(server.url, flushed.sent));
    }
    const flushMs = median(flushTimes);
    const replayMs = median(replayTimes);
    const cMet = flushMs < 10_000 && lossless;
    if (!cMet) missed.push('(c)');
    console.log('');
    console.log(`(c) ${EDITS} edits queued offline (creates, updates, deletes in the five collections), then outbox.flush:`);
    console.log(`    flush:                                     ${ms(flushMs)}   (runs ${flushTimes.map((t) => t.toFixed(0)).join(', ')}; ${((EDITS / flushMs) * 1000).toFixed(0)} edits/s)`);
    console.log(`    same ${EDITS} writes, one by one, bare fetch:   ${ms(replayMs)}   (the server's share; ratio ${ratio(flushMs, replayMs)})`);
    console.log(`    floor: the resulting rows, raw Dexie bulkPut: ${ms(flushFloor)}   (ratio ${ratio(flushMs, flushFloor)}: a flush waits for the server)`);
    console.log(`    every edit on the server, exactly once: ${lossless ? 'yes' : 'NO'}`);
    console.log(`    target: under 10,000 ms with zero loss — ${verdict(cMet)}`);

    /* ---- (d) how the flush grows with the queue ------------------------------------------ */
    // Settling one entry reads only the entries it concerns (the outbox's targetKey and tempIds
    // indexes), so twice the queue takes about twice the time, the server's share included.
    // Each size's writes are also replayed with bare fetch, for the server's share: the server's
    // own tables grow through the run, which is no part of the flush.
    const growth: { edits: number; times: number[]; replays: number[]; inProcess: number[] }[] = [
      { edits: GROWTH_EDITS, times: [], replays: [], inProcess: [] },
      { edits: 2 * GROWTH_EDITS, times: [], replays: [], inProcess: [] },
    ];
    let growthLossless = true;
    for (let run = 0; run < GROWTH_RUNS; run++) {
      // The order alternates too, so neither size always meets the fuller database.
      for (const size of run % 2 === 0 ? growth : [...growth].reverse()) {
        const flushed = await flushQueued(server.url, size.edits, 5_000 + run);
        size.times.push(flushed.ms);
        size.replays.push(await replayWithFetch(server.url, flushed.sent));
        size.inProcess.push(await flushQueuedInProcess(size.edits, 5_000 + run));
        growthLossless &&= flushed.lossless;
      }
    }
    const [single, double] = growth.map((size) => median(size.times)) as [number, number];
    const [singleReplay, doubleReplay] = growth.map((size) => median(size.replays)) as [number, number];
    const [singleOwn, doubleOwn] = growth.map((size) => median(size.inProcess)) as [number, number];
    const dMet = doubleOwn < 2 * singleOwn && growthLossless;
    if (!dMet) missed.push('(d)');
    console.log('');
    console.log(`(d) The flush as the queue doubles (medians of ${GROWTH_RUNS} runs, the two sizes alternating):`);
    for (const size of growth) {
      console.log(
        `    ${size.edits.toLocaleString('en-US')} edits: flush to the server ${ms(median(size.times))}, its writes with bare fetch ${ms(median(size.replays))}; the outbox alone (in-process server twin) ${ms(median(size.inProcess))}   (runs ${size.inProcess.map((t) => t.toFixed(0)).join(', ')})`,
      );
    }
    const pair = `${(2 * GROWTH_EDITS).toLocaleString('en-US')} / ${GROWTH_EDITS.toLocaleString('en-US')}`;
    console.log(`    ratio ${pair}: the outbox alone ${ratio(doubleOwn, singleOwn)}; to the server ${ratio(double, single)} (bare fetch alone ${ratio(doubleReplay, singleReplay)}: the server's tables grow)`);
    console.log(`    every edit on the server, exactly once: ${growthLossless ? 'yes' : 'NO'}`);
    console.log(`    target: the outbox's flush under 2× (no quadratic growth), zero loss — ${verdict(dMet)}`);
    console.log('');
    console.log(missed.length === 0 ? 'All targets met.' : `Targets missed: ${missed.join(', ')}`);
    if (missed.length > 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
