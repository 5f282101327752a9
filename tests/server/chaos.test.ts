/**
 * Chaos: the client's outbox against the real server, with everything going wrong at once.
 *
 * The server runs as its own process (src/server/main.ts) on a persisted DATA_DIR (PGlite) or on
 * DATABASE_URL (PostgreSQL). Per seed, a new user and:
 *   1. a few records made on the server, pulled into the mirror of two "tabs": two Dexie
 *      connections to one database (fake-indexeddb), each with its own outbox and mutations,
 *      sharing the one-flusher lock, each with the real HTTP transport (ky) behind a shared
 *      simulated network;
 *   2. offline, 200 random edits from both tabs — creates, updates and deletes in all five
 *      collections (some refused by the server's rules on purpose, some made by both tabs at
 *      once), saves of housing, debt plan and retirement plan, retirement plan deletes — with one
 *      tab "reloaded" halfway (its connection closed, a new one opened with a new outbox): the
 *      mirror must show every edit and the outbox hold every one;
 *   3. online, as the app catches up (data/sync/connection-loop.ts): both tabs pull and flush at once, while the
 *      connection flaps — 10 % of requests dropped before they leave, 10 % of writes' answers lost
 *      after the server handled them (only the Idempotency-Key replay can then tell the client
 *      what happened), every answer up to 40 ms late so answers overtake each other — while one
 *      tab keeps pulling (each reconnect of its live channel pulls again), and while the server is
 *      killed with SIGKILL mid-flush and started again. Flushing goes on until nothing is pending;
 *   4. then: the refused entries are exactly the edits the server's rules refuse (and the edits
 *      of records whose create was refused); the tabs' mirror equals the server's data (GET of
 *      every collection and single record) as the flush left it, again after a pull, and a fresh
 *      mirror filled by the sync engine equals it too; the edit log replayed in outbox order, with
 *      temporary ids mapped to the server's through the outbox, equals it — so every edit landed
 *      and no create was applied twice (the counts match).
 *
 * SIGKILL on both databases: PGlite (0.5) recovers its data folder after a SIGKILL. Checked by
 * killing a server 18 times under four concurrent writers, after which it always restarted with
 * every acknowledged write present; this test checks it again at every run (a server that does
 * not come back, or dies by itself, fails it with the server's log). CHAOS_KILL_SIGNAL overrides
 * the signal, CHAOS_SEEDS the seeds. The timing differs from run to run; the edits do not.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import Dexie from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpTransport, type ApiTransport } from '../../src/client/data/api.ts';
import type { Fields } from '../../src/client/data/sync/conflicts.ts';
import { openMirror, type MirrorDb, type WireRecord } from '../../src/client/data/mirror/db.ts';
import { createMutations, type MutationResult, type Mutations } from '../../src/client/data/outbox/mutations.ts';
import { createOutbox, type Outbox } from '../../src/client/data/outbox/outbox.ts';
import { toRequest } from '../../src/client/data/outbox/mutation.ts';
import { COLLECTIONS, SINGLES, type CollectionName, type SingleName } from '../../src/shared/resources.ts';
import type { Session } from '../../src/client/data/session/session.ts';
import { createSync, type SyncEngine } from '../../src/client/data/sync/sync.ts';
import {
  content,
  debtPlanValues,
  housingPatch,
  housingValues,
  INVALID,
  Model,
  Network,
  patchOf,
  retirementPlanPatch,
  retirementPlanValues,
  assumptionsValues,
  seeded,
  VALUES,
  type LoggedEdit,
  type Random,
} from './chaos-model.ts';
import { client, signUp, type Api } from './harness.ts';
import { ServerProcess } from './server-process.ts';

const EDITS = 200;
const SEEDS = (process.env.CHAOS_SEEDS ?? '101,202,303,404,505').split(',').map(Number);
const KILL_SIGNAL = (process.env.CHAOS_KILL_SIGNAL ?? 'SIGKILL') as NodeJS.Signals;
const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];
const SINGLE_NAMES = Object.keys(SINGLES) as SingleName[];
/** Backoff as the outbox computes it (1 s, 2 s … 60 s), played 20 times faster. */
const fastSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms / 20));

let server: ServerProcess;

beforeAll(async () => {
  server = await ServerProcess.start();
});
afterAll(() => server?.stop());

interface Tab {
  label: string;
  db: MirrorDb;
  outbox: Outbox;
  mutations: Mutations;
  sync: SyncEngine;
}

interface State {
  collections: Record<string, Record<number, Fields | null>>;
  singles: Record<string, Fields | null>;
}

const byId = (rows: readonly WireRecord[]) => Object.fromEntries(rows.map((row) => [row.id, content(row)]));

async function serverState(api: Api, token: string): Promise<State> {
  const state: State = { collections: {}, singles: {} };
  for (const name of COLLECTION_NAMES) {
    const response = await api('GET', COLLECTIONS[name].path, { token });
    expect(response.status).toBe(200);
    state.collections[name] = byId(response.body[COLLECTIONS[name].listKey] as WireRecord[]);
  }
  for (const name of SINGLE_NAMES) {
    const response = await api('GET', SINGLES[name].path, { token });
    expect(response.status).toBe(200);
    state.singles[name] = content(response.body[SINGLES[name].getKey] as WireRecord | null);
  }
  return state;
}

async function mirrorState(db: MirrorDb): Promise<State> {
  const state: State = { collections: {}, singles: {} };
  for (const name of COLLECTION_NAMES) state.collections[name] = byId(await db[name].toArray());
  for (const name of SINGLE_NAMES) state.singles[name] = content((await db.singles.get(name))?.record ?? null);
  return state;
}

/** Table by table, so that a difference shows in full. */
function expectSameState(actual: State, expected: State, what: string): void {
  for (const name of COLLECTION_NAMES) expect(actual.collections[name], `${what}: ${name}`).toEqual(expected.collections[name]);
  for (const name of SINGLE_NAMES) expect(actual.singles[name], `${what}: ${name}`).toEqual(expected.singles[name]);
}

/** Requests as comparable strings, those of edits made at the same moment sorted among themselves. */
function sortedWithinGroups(requests: readonly { method: string; path: string; body?: unknown }[], log: readonly LoggedEdit[]): string[] {
  const out = requests.map((request) => JSON.stringify([request.method, request.path, request.body ?? null]));
  for (let i = 0; i < log.length; ) {
    let end = i + 1;
    while (log[i]?.group !== null && end < log.length && log[end]?.group === log[i]?.group) end += 1;
    out.splice(i, end - i, ...out.slice(i, end).sort());
    i = end;
  }
  return out;
}

function queued(result: MutationResult): WireRecord | null {
  expect(result.status, JSON.stringify(result)).toBe('queued');
  return result.status === 'queued' ? result.record : null;
}

async function scenario(seed: number): Promise<void> {
  const random = seeded(seed);
  // The network's own source: the edits stay the same whatever the timing does to the network.
  const net = new Network(seeded(seed * 7919 + 17));
  const api = client(server.url);
  const user = await signUp(api);
  const session: Session = { authToken: user.token, email: user.email, isAuthenticated: true, stripeCustomerId: null, subscribed: false, birthYear: 1985 };
  let unauthorized = 0;
  const transport = (): ApiTransport =>
    net.wrap(createHttpTransport({ baseUrl: server.url, getToken: () => session.authToken, onUnauthorized: () => (unauthorized += 1), timeoutMs: 10_000 }));

  // Records that exist before the tabs go offline, so offline edits reach server ids too.
  let tags = 0;
  const tag = () => `${seed}-${(tags += 1)}`;
  for (const name of COLLECTION_NAMES) {
    for (let i = 0; i < 3; i++) {
      const made = await api('POST', COLLECTIONS[name].path, { token: user.token, body: { [COLLECTIONS[name].record]: VALUES[name](random, tag()) } });
      expect(made.status).toBe(201);
    }
  }
  expect((await api('POST', SINGLES.housing.path, { token: user.token, body: { housing: housingValues(random) } })).status).toBe(201);
  if (random.chance(0.5)) expect((await api('POST', SINGLES.debtPlan.path, { token: user.token, body: { debt_plan: debtPlanValues(random) } })).status).toBe(201);
  if (random.chance(0.5)) {
    expect((await api('POST', SINGLES.retirementPlan.path, { token: user.token, body: { retirement_plan: retirementPlanValues(random) } })).status).toBe(201);
  }

  const dbName = `chaos-${seed}-${randomUUID()}`;
  const opened: Tab[] = [];
  const openTab = (label: string): Tab => {
    const db = openMirror(dbName);
    const tabTransport = transport();
    const outbox = createOutbox({ db, transport: tabTransport, isPaused: () => false });
    const mutations = createMutations({ db, outbox, isOnline: () => net.online });
    const tab = { label, db, outbox, mutations, sync: createSync({ db, transport: tabTransport, getSession: () => session }) };
    opened.push(tab);
    return tab;
  };

  try {
    net.online = true;
    let tabA = openTab('A');
    const tabB = openTab('B');
    expect(await tabA.sync.pullAll()).toBe(true);
    const model = new Model(COLLECTION_NAMES);
    for (const name of COLLECTION_NAMES) for (const row of await tabA.db[name].toArray()) model.seed(name, row);
    for (const name of SINGLE_NAMES) model.singles.set(name, content((await tabA.db.singles.get(name))?.record ?? null));
    net.online = false;

    /* ---- 2. offline edits -------------------------------------------------------------- */

    const create = async (tab: Tab, name: CollectionName, fields: Fields, refused: boolean) => {
      const record = queued(await tab.mutations.create(name, fields));
      model.create(name, record?.id ?? 0, { [COLLECTIONS[name].record]: fields }, fields, refused);
    };
    const newRecord = (r: Random) => {
      const name = r.pick(COLLECTION_NAMES);
      const refused = r.chance(0.05);
      return { name, refused, fields: { ...VALUES[name](r, tag()), ...(refused ? INVALID[name] : {}) } };
    };

    const edit = async (tab: Tab) => {
      const roll = random.next();
      const filled = COLLECTION_NAMES.filter((name) => model.table(name).size > 0);
      if (roll < 0.3 || filled.length === 0) {
        const { name, refused, fields } = newRecord(random);
        await create(tab, name, fields, refused);
      } else if (roll < 0.62) {
        const name = random.pick(filled);
        const id = random.pick([...model.table(name).keys()]);
        const refused = random.chance(0.05);
        const patch = refused ? INVALID[name] : patchOf(random, name, tag());
        queued(await tab.mutations.update(name, id, patch));
        model.update(name, id, { [COLLECTIONS[name].record]: patch }, patch, refused);
      } else if (roll < 0.77) {
        const name = random.pick(filled);
        const id = random.pick([...model.table(name).keys()]);
        queued(await tab.mutations.remove(name, id));
        model.remove(name, id);
      } else if (roll < 0.95) {
        const name = random.pick(SINGLE_NAMES);
        const current = model.singles.get(name) ?? null;
        const partial = current !== null && random.chance(0.5);
        let fields: Fields;
        if (name === 'housing') fields = partial ? housingPatch(random) : housingValues(random);
        else if (name === 'retirementPlan') fields = partial ? retirementPlanPatch(random) : retirementPlanValues(random);
        else if (name === 'assumptions') fields = partial ? { retirement_tax_rate: random.int(0, 3000) / 100 } : assumptionsValues(random);
        else fields = partial && current?.plan_type !== 'none' ? { extra_payment: debtPlanValues(random).extra_payment ?? 0 } : debtPlanValues(random);
        queued(await tab.mutations.saveSingle(name, fields));
        model.saveSingle(name, fields);
      } else {
        queued(await tab.mutations.deleteSingle('retirementPlan'));
        model.deleteSingle('retirementPlan');
      }
    };

    const expectMirrorShowsEveryEdit = async (db: MirrorDb) => {
      const shown = await mirrorState(db);
      for (const name of COLLECTION_NAMES) {
        expect(shown.collections[name], name).toEqual(Object.fromEntries([...model.table(name)].map(([id, record]) => [id, record.shown])));
      }
      for (const name of SINGLE_NAMES) expect(shown.singles[name], name).toEqual(model.singles.get(name) ?? null);
    };

    while (model.edits < EDITS) {
      if (model.edits >= EDITS / 2 && opened.length === 2) {
        // Reload tab A: its connection goes, a new one (new outbox, new mutations) comes.
        tabA.outbox.close();
        tabA.db.close();
        tabA = openTab('A after reload');
        expect(await tabA.outbox.pendingCount()).toBe(model.edits);
        await expectMirrorShowsEveryEdit(tabA.db);
      }
      if (model.edits <= EDITS - 2 && random.chance(0.1)) {
        // Both tabs create at the same moment: their temporary ids must not collide.
        const [first, second] = [newRecord(random), newRecord(random)];
        model.group = model.edits;
        await Promise.all([create(tabA, first.name, first.fields, first.refused), create(tabB, second.name, second.fields, second.refused)]);
        model.group = null;
      } else {
        await edit(random.chance(0.5) ? tabA : tabB);
      }
    }
    expect(model.edits).toBe(EDITS);
    expect(await tabB.outbox.pendingCount()).toBe(EDITS);
    await expectMirrorShowsEveryEdit(tabB.db);
    expect(net.stats.writesSent).toBe(0);
    // The outbox holds the edits' requests in the order they were made (the log's order).
    const queuedRequests = (await tabB.db.outbox.orderBy('seq').toArray()).map((entry) => toRequest(entry.mutation));
    expect(sortedWithinGroups(queuedRequests, model.log)).toEqual(sortedWithinGroups(model.log, model.log));

    /* ---- 3. online: pull and flush from both tabs, a flapping link, a killed server ----- */

    const killAt = random.int(Math.floor(model.edits * 0.1), Math.floor(model.edits * 0.5));
    let restart: Promise<void> | null = null;
    let restartError: unknown = null;
    net.onWrite = (count) => {
      if (count !== killAt) return;
      // Killed mid-flush, started again; then the tab pulls, as it does when its channel reconnects.
      restart = server
        .restart(KILL_SIGNAL)
        .then(() => tabB.sync.pullAll())
        .then(
          () => undefined,
          (error: unknown) => void (restartError = error),
        );
    };
    net.dropRate = 0.1;
    net.loseRate = 0.1;
    net.jitterMs = 40;
    net.online = true;

    let flushing = true;
    const deadline = Date.now() + 90_000;
    const drain = async (tab: Tab) => {
      while (flushing && (await tab.outbox.pendingCount()) > 0) {
        if (Date.now() > deadline) throw new Error(`tab ${tab.label}: the outbox did not drain in time (${JSON.stringify(net.stats)})\n${server.logs()}`);
        // As the data layer's retry loop does, with its backoff shortened by fastSleep.
        let result = await tab.outbox.flush();
        for (let round = 1; result.stopped === 'network' && round < 10; round += 1) {
          await fastSleep(result.retryInMs ?? 0);
          result = await tab.outbox.flush();
        }
        expect(['drained', 'network'], tab.label).toContain(result.stopped);
      }
    };
    // Every reconnect of the live channel pulls again; on a flapping link that is all the time.
    const keepPulling = async () => {
      while (flushing) await tabB.sync.pullAll();
    };
    const work = [tabA.sync.pullAll(), tabB.sync.pullAll(), drain(tabA), drain(tabB)];
    const pulling = keepPulling();
    try {
      await Promise.all(work);
    } finally {
      // Nothing may still be running when the tabs close, whatever failed.
      flushing = false;
      await Promise.allSettled([...work, pulling]);
      await restart;
      net.onWrite = null;
    }
    expect(restart, 'the server was killed during the flush').not.toBeNull();
    expect(restartError).toBeNull();
    expect(server.crashes, 'the server never died by itself').toEqual([]);
    net.dropRate = 0;
    net.loseRate = 0;
    net.jitterMs = 0;

    /* ---- 4. what the server and the mirrors hold ---------------------------------------- */

    expect(unauthorized).toBe(0);
    expect(net.stats.answersLost, 'some answers were lost').toBeGreaterThan(0);
    const failed = await tabB.db.outbox.where('status').equals('failed').sortBy('seq');
    const canonical = (items: readonly { method: string; body?: unknown }[]) => items.map((item) => JSON.stringify([item.method, item.body])).sort();
    expect(canonical(failed.map((entry) => toRequest(entry.mutation)))).toEqual(canonical(model.failures));
    // The user reads the errors and dismisses them: nothing is left.
    for (const entry of failed) expect(await tabA.outbox.dismiss(entry.uuid)).toBe(true);
    expect(await tabA.db.outbox.count()).toBe(0);
    // Nobody else wrote: no edit may be reported as overwriting someone's change.
    expect(await tabA.db.conflicts.toArray()).toEqual([]);

    const onServer = await serverState(api, user.token);

    // The flush alone brought the mirror to the server's state …
    expectSameState(await mirrorState(tabA.db), onServer, 'the tabs’ mirror after the flush');
    // … a pull keeps it there, and a fresh mirror gets the same.
    expect(await tabB.sync.pullAll()).toBe(true);
    expectSameState(await mirrorState(tabB.db), onServer, 'the tabs’ mirror after a pull');
    const fresh = openMirror(`chaos-fresh-${randomUUID()}`);
    try {
      const plain = createHttpTransport({ baseUrl: server.url, getToken: () => session.authToken, onUnauthorized: () => (unauthorized += 1) });
      expect(await createSync({ db: fresh, transport: plain, getSession: () => session }).pullAll()).toBe(true);
      expectSameState(await mirrorState(fresh), onServer, 'a fresh mirror');
    } finally {
      fresh.close();
      await Dexie.delete(fresh.name);
    }

    // The edit log, in outbox order, with temporary ids as the server numbered them.
    const resolve = (name: CollectionName, id: number) => {
      if (id > 0) return id;
      const viaA = tabA.outbox.resolveId(name, id);
      const viaB = tabB.outbox.resolveId(name, id);
      if (viaA !== id && viaB !== id) expect(viaA, `${name} ${id} became one record`).toBe(viaB);
      return viaA !== id ? viaA : viaB;
    };
    const expected: State = { collections: {}, singles: {} };
    for (const name of COLLECTION_NAMES) {
      const rows: Record<number, Fields | null> = {};
      for (const [id, record] of model.table(name)) {
        if (!record.kept) continue;
        const serverId = resolve(name, id);
        expect(serverId, `${name} ${id} has a server id`).toBeGreaterThan(0);
        expect(rows[serverId], `${name} ${serverId} is one record`).toBeUndefined();
        rows[serverId] = record.kept;
      }
      expected.collections[name] = rows;
      expect(Object.keys(onServer.collections[name] ?? {}).length, `${name}: no create applied twice`).toBe(Object.keys(rows).length);
    }
    for (const name of SINGLE_NAMES) expected.singles[name] = model.singles.get(name) ?? null;
    expectSameState(onServer, expected, 'the server against the edit log');
  } finally {
    for (const tab of opened) {
      tab.outbox.close();
      tab.db.close();
    }
    await Dexie.delete(dbName);
  }
}

describe('the outbox under chaos: two offline tabs, a reload, a flapping link and a killed server', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: every edit lands once, and the mirrors equal the server`, () => scenario(seed), 100_000);
  }
});
