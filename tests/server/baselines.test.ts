/**
 * Baselines (docs/api.md#baselines) over real HTTP: `/api/v1/baselines`, a collection whose records
 * hold a name, the server's `created_at` and a snapshot of the plan's totals per month, kept exactly
 * as sent. Create, list, rename, delete; each refusal with its message; one user's baselines never
 * reach another; a snapshot is fixed once saved; and a baseline is no input of the projection, so
 * saving one sends no month table. The server's clock is fixed at 2026-11-21T12:00:00Z.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotError } from '../../src/engine/plan-vs-actual.ts';
import { listen, type Listener } from './cable-client.ts';
import { client, errorBody, ISO_TIMESTAMP, outcome, signUp, startServer, subscribeAs, VALID, type Api, type TestServer, type TestUser } from './harness.ts';

const ADMIN = 'baselines-admin-secret';
const NOW = '2026-11-21T12:00:00.000Z';
const PATH = '/api/v1/baselines';

let server: TestServer;
let api: Api;
const listeners: Listener[] = [];

beforeAll(async () => {
  server = await startServer({ adminSecret: ADMIN, clock: { now: () => new Date(NOW) } });
  api = client(server.url);
});
afterAll(async () => {
  for (const listener of listeners) listener.close();
  await server?.close();
});

/** A snapshot of `count` months from 2026-11, in dollars with cents, negatives where a total can be one. */
function snapshotOf(count: number, start = 0) {
  return {
    months: Array.from({ length: count }, (_, i) => {
      const month = 2026 * 12 + 10 + start + i;
      return {
        month: `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`,
        cash: 1200.5 + i * 100,
        debts: Math.max(0, 4200.25 - i * 150),
        savings: 20000 + i * 512.34,
        contributions: 500 + i * 500,
        returns: i === 0 ? 0 : -12.07 + i * 116.67,
      };
    }),
  };
}

const SNAPSHOT = snapshotOf(3);
const VALID_BASELINE = { name: 'November plan', snapshot: SNAPSHOT };

const create = (user: TestUser, baseline: unknown) => api('POST', PATH, { token: user.token, body: { baseline } });
const rename = (user: TestUser, id: number, baseline: unknown) => api('PUT', `${PATH}/${id}`, { token: user.token, body: { baseline } });
const list = async (user: TestUser): Promise<Record<string, unknown>[]> => {
  const response = await api('GET', PATH, { token: user.token });
  expect(response.status).toBe(200);
  expect(Object.keys(response.body)).toEqual(['baselines']);
  return response.body.baselines;
};

/** The 422 of one field. */
const refused = (field: string, message: string) => ({ status: 422, body: errorBody(message, { [field]: [message] }) });

describe('the collection', () => {
  it('starts empty', async () => {
    const user = await signUp(api);
    expect(outcome(await api('GET', PATH, { token: user.token }))).toEqual({ status: 200, body: { baselines: [] } });
  });

  it('creates (201) with the id, the trimmed name, the server clock as created_at and the snapshot exactly as sent', async () => {
    const user = await signUp(api);
    const created = await create(user, { name: '  November plan  ', snapshot: SNAPSHOT });
    expect(outcome(created)).toEqual({
      status: 201,
      body: { baseline: { id: expect.any(Number), name: 'November plan', snapshot: SNAPSHOT, created_at: NOW, updated_at: expect.stringMatching(ISO_TIMESTAMP) } },
    });
    expect(Object.keys(created.body.baseline).sort()).toEqual(['created_at', 'id', 'name', 'snapshot', 'updated_at']);
    // Key for key, in order, number for number: the same JSON text, on create and on every read.
    expect(JSON.stringify(created.body.baseline.snapshot)).toBe(JSON.stringify(SNAPSHOT));
    expect(JSON.stringify((await list(user))[0]?.snapshot)).toBe(JSON.stringify(SNAPSHOT));
  });

  it('lists, renames (200), deletes (204) and then answers 404, as every collection does', async () => {
    const user = await signUp(api);
    const first = (await create(user, VALID_BASELINE)).body.baseline;
    const second = (await create(user, { name: 'After the raise', snapshot: snapshotOf(2, 5) })).body.baseline;
    expect(first.id).toBeLessThan(second.id);
    expect(await list(user)).toEqual([first, second]);

    const renamed = await rename(user, first.id, { name: ' Plan A ' });
    expect(outcome(renamed)).toEqual({ status: 200, body: { baseline: { ...first, name: 'Plan A', updated_at: expect.stringMatching(ISO_TIMESTAMP) } } });
    expect(renamed.body.baseline.created_at).toBe(NOW);
    expect(await list(user)).toEqual([renamed.body.baseline, second]);

    const deleted = await api('DELETE', `${PATH}/${first.id}`, { token: user.token });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect(await list(user)).toEqual([second]);

    const notFound = { status: 404, body: errorBody('Baseline not found') };
    expect(outcome(await rename(user, first.id, { name: 'Again' }))).toEqual(notFound);
    expect(outcome(await api('DELETE', `${PATH}/${first.id}`, { token: user.token }))).toEqual(notFound);
  });

  it('takes neither id, user_id nor created_at from a body, and ignores unknown fields', async () => {
    const owner = await signUp(api);
    const user = await signUp(api);
    const smuggled = { id: 987654, user_id: owner.id, created_at: '2000-01-01T00:00:00.000Z', updated_at: '2000-01-01T00:00:00.000Z', colour: 'red' };
    const created = await create(user, { ...VALID_BASELINE, ...smuggled });
    expect(created.status).toBe(201);
    const record = created.body.baseline;
    expect(record).toEqual({ id: expect.any(Number), ...VALID_BASELINE, created_at: NOW, updated_at: expect.stringMatching(ISO_TIMESTAMP) });
    expect(record.id).not.toBe(987654);

    const updated = await rename(user, record.id, smuggled);
    expect(outcome(updated)).toEqual({ status: 200, body: { baseline: { ...record, updated_at: expect.stringMatching(ISO_TIMESTAMP) } } });
    expect(await list(user)).toEqual([updated.body.baseline]);
    expect(await list(owner)).toEqual([]);
  });

  it('keeps a 1,500-month snapshot at the largest amounts exactly, well inside the 1 MB body limit', async () => {
    const user = await signUp(api);
    const big = snapshotOf(1500);
    for (const month of big.months) Object.assign(month, { cash: -99999999999.99, debts: 99999999999.99, savings: 99999999999.99, contributions: 99999999999.99, returns: -99999999999.99 });
    const body = JSON.stringify({ baseline: { name: 'Whole life', snapshot: big } });
    expect(body.length).toBeLessThan(400 * 1024);
    const created = await api('POST', PATH, { token: user.token, raw: body });
    expect(created.status).toBe(201);
    expect(JSON.stringify(created.body.baseline.snapshot)).toBe(JSON.stringify(big));
    expect((await list(user))[0]).toEqual(created.body.baseline);
  });

  it('refuses a body over the 1 MB limit with 413, and stores nothing', async () => {
    const user = await signUp(api);
    const raw = JSON.stringify({ baseline: { name: 'Too big', snapshot: SNAPSHOT, padding: 'x'.repeat(1024 * 1024) } });
    expect(outcome(await api('POST', PATH, { token: user.token, raw }))).toEqual({ status: 413, body: errorBody('Request body is too large (limit 1 MB)') });
    expect(await list(user)).toEqual([]);
  });
});

describe('validation', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signUp(api);
  });

  it.each([
    ['missing', { snapshot: SNAPSHOT }],
    ['blank', { name: '   ', snapshot: SNAPSHOT }],
    ['null', { name: null, snapshot: SNAPSHOT }],
  ])('a %s name: "Name is required"', async (_case, baseline) => {
    expect(outcome(await create(user, baseline))).toEqual(refused('name', 'Name is required'));
  });

  it('a name of 100 characters is taken, 101 is refused (counted as a person counts them)', async () => {
    const hundred = `${'😀'.repeat(50)}${'a'.repeat(50)}`;
    expect((await create(user, { name: hundred, snapshot: SNAPSHOT })).body.baseline.name).toBe(hundred);
    expect(outcome(await create(user, { name: `${hundred}b`, snapshot: SNAPSHOT }))).toEqual(refused('name', 'Name is too long (maximum 100 characters)'));
  });

  it('a name that is not text', async () => {
    expect(outcome(await create(user, { name: 42, snapshot: SNAPSHOT }))).toEqual(refused('name', 'Name must be text'));
  });

  it.each([
    ['missing', { name: 'Plan' }],
    ['null', { name: 'Plan', snapshot: null }],
  ])('a %s snapshot: "Snapshot is required"', async (_case, baseline) => {
    expect(outcome(await create(user, baseline))).toEqual(refused('snapshot', 'Snapshot is required'));
  });

  const MALFORMED: [string, unknown][] = [
    ['an array', [SNAPSHOT]],
    ['text', 'November'],
    ['a number', 12],
    ['an object without months', {}],
    ['months that is not a list', { months: 'many' }],
    ['a month that is not YYYY-MM', { months: [{ ...SNAPSHOT.months[0], month: '2026-13' }] }],
    ['an amount with three decimals', { months: [{ ...SNAPSHOT.months[0], cash: 1.005 }] }],
    ['an amount that is text', { months: [{ ...SNAPSHOT.months[0], savings: '12' }] }],
    ['an amount missing', { months: [{ month: '2026-11', cash: 1, debts: 2, savings: 3, contributions: 4 }] }],
    ['a home that is text', { months: [{ ...SNAPSHOT.months[0], home: '350000' }] }],
    ['a mortgage of null', { months: [{ ...SNAPSHOT.months[0], home: 350000, mortgage: null }] }],
    ['months out of order', { months: [SNAPSHOT.months[1], SNAPSHOT.months[0]] }],
    ['longer than 1,500 months', snapshotOf(1501)],
  ];

  it.each(MALFORMED)('a snapshot that is %s: the engine’s own message', async (_case, snapshot) => {
    const message = snapshotError(snapshot);
    expect(message).toEqual(expect.any(String));
    expect(outcome(await create(user, { name: 'Plan', snapshot }))).toEqual(refused('snapshot', message!));
  });

  it('a home and mortgage are kept with each month; a snapshot without them stays without', async () => {
    // The order snapshotToWire writes: the home and mortgage after savings.
    const months = SNAPSHOT.months.map(({ month, cash, debts, savings, contributions, returns }, i) => ({ month, cash, debts, savings, home: 350000 + i * 0.5, mortgage: 199400.25 - i * 600, contributions, returns }));
    const created = await create(user, { name: 'With a home', snapshot: { months } });
    expect(created.status).toBe(201);
    expect(JSON.stringify(created.body.baseline.snapshot)).toBe(JSON.stringify({ months }));
    const old = await create(user, { name: 'Before homes were kept', snapshot: SNAPSHOT });
    expect(JSON.stringify(old.body.baseline.snapshot)).toBe(JSON.stringify(SNAPSHOT));
    for (const id of [created.body.baseline.id, old.body.baseline.id]) expect(await api('DELETE', `${PATH}/${id}`, { token: user.token })).toMatchObject({ status: 204 });
  });

  it('keys a snapshot does not declare are dropped, as undeclared fields are', async () => {
    const sent = { months: SNAPSHOT.months.map((m) => ({ ...m, note: 'x' })), version: 2 };
    const created = await create(user, { name: 'With extras', snapshot: sent });
    expect(created.status).toBe(201);
    expect(created.body.baseline.snapshot).toStrictEqual(SNAPSHOT);
    expect(await api('DELETE', `${PATH}/${created.body.baseline.id}`, { token: user.token })).toMatchObject({ status: 204 });
  });

  it('every field wrong at once: a message for each', async () => {
    const response = await create(user, { name: '', snapshot: {} });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ name: ['Name is required'], snapshot: [snapshotError({})] });
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['baseline as an array', { baseline: [VALID_BASELINE] }],
    ['baseline as text', { baseline: 'November plan' }],
    ['baseline null', { baseline: null }],
  ])('%s: 422 naming the baseline object', async (_case, body) => {
    const response = await api('POST', PATH, { token: user.token, ...(body === undefined ? {} : { body }) });
    expect(outcome(response)).toEqual({ status: 422, body: errorBody('The request body must contain a "baseline" object', { baseline: ['baseline must be an object'] }) });
  });

  it('a body that is not JSON: 400', async () => {
    expect(outcome(await api('POST', PATH, { token: user.token, raw: '{"baseline":' }))).toEqual({ status: 400, body: errorBody('Malformed JSON in request body') });
  });

  it('nothing refused was stored', async () => {
    const names = (await list(user)).map((b) => b.name);
    expect(names).toEqual([`${'😀'.repeat(50)}${'a'.repeat(50)}`]);
  });
});

describe('a saved snapshot is fixed', () => {
  it('a PUT with another snapshot is refused ("Snapshot cannot be changed") and changes nothing, not even the name sent with it', async () => {
    const user = await signUp(api);
    const record = (await create(user, VALID_BASELINE)).body.baseline;
    const changed = await rename(user, record.id, { name: 'Plan B', snapshot: snapshotOf(3, 1) });
    expect(outcome(changed)).toEqual(refused('snapshot', 'Snapshot cannot be changed'));
    // Malformed or not, a different snapshot is a change.
    expect(outcome(await rename(user, record.id, { snapshot: {} }))).toEqual(refused('snapshot', 'Snapshot cannot be changed'));
    expect(outcome(await rename(user, record.id, { snapshot: null }))).toEqual(refused('snapshot', 'Snapshot cannot be changed'));
    expect(await list(user)).toEqual([record]);
  });

  it('the record sent back whole, with only the name edited, is a rename: the same snapshot is no change', async () => {
    const user = await signUp(api);
    const record = (await create(user, VALID_BASELINE)).body.baseline;
    // The keys in another order, as a client that rebuilt the object might send them.
    const reordered = { months: record.snapshot.months.map((m: Record<string, unknown>) => Object.fromEntries(Object.entries(m).reverse())) };
    const response = await rename(user, record.id, { ...record, name: 'Plan B', snapshot: reordered });
    expect(outcome(response)).toEqual({ status: 200, body: { baseline: { ...record, name: 'Plan B', updated_at: expect.stringMatching(ISO_TIMESTAMP) } } });
  });

  it('a rename is validated like a create', async () => {
    const user = await signUp(api);
    const record = (await create(user, VALID_BASELINE)).body.baseline;
    expect(outcome(await rename(user, record.id, { name: '' }))).toEqual(refused('name', 'Name is required'));
    expect(outcome(await rename(user, record.id, { name: 'x'.repeat(101) }))).toEqual(refused('name', 'Name is too long (maximum 100 characters)'));
    expect(await list(user)).toEqual([record]);
  });
});

describe('one user’s baselines', () => {
  it('are never seen, renamed or deleted by another: 404 as for every collection', async () => {
    const alice = await signUp(api);
    const bob = await signUp(api);
    const record = (await create(alice, VALID_BASELINE)).body.baseline;
    const notFound = { status: 404, body: errorBody('Baseline not found') };

    expect(await list(bob)).toEqual([]);
    // No collection has a GET of one record (docs/api.md#collections): not a route, for Alice as for Bob.
    expect(outcome(await api('GET', `${PATH}/${record.id}`, { token: bob.token }))).toEqual({ status: 404, body: errorBody('Not found') });
    expect(outcome(await api('GET', `${PATH}/${record.id}`, { token: alice.token }))).toEqual({ status: 404, body: errorBody('Not found') });
    expect(outcome(await rename(bob, record.id, { name: 'Mine now' }))).toEqual(notFound);
    expect(outcome(await rename(bob, record.id, {}))).toEqual(notFound);
    expect(outcome(await api('DELETE', `${PATH}/${record.id}`, { token: bob.token }))).toEqual(notFound);

    const own = (await create(bob, { name: 'Bob plan', snapshot: snapshotOf(1) })).body.baseline;
    expect(await list(bob)).toEqual([own]);
    expect(await list(alice)).toEqual([record]);
  });

  it('go with their user: removing the user removes them, and nobody else’s', async () => {
    const leaving = await signUp(api);
    const staying = await signUp(api);
    await create(leaving, VALID_BASELINE);
    await create(leaving, { name: 'Second', snapshot: snapshotOf(1) });
    const kept = (await create(staying, VALID_BASELINE)).body.baseline;
    const { db } = server.server.database;
    const count = async (userId: number) => {
      const result = (await db.execute(sql`SELECT count(*)::int AS n FROM baselines WHERE user_id = ${userId}`)) as unknown as { rows: { n: number }[] };
      return result.rows[0]?.n;
    };
    expect(await count(leaving.id)).toBe(2);
    // DELETE /users erases them by name (tests/server/delete-account.test.ts); they also go with the user's row, as every table's do.
    await db.execute(sql`DELETE FROM users WHERE id = ${leaving.id}`);
    expect(await count(leaving.id)).toBe(0);
    expect(await list(staying)).toEqual([kept]);
  });

  it('need a signed-in user', async () => {
    const answers = await Promise.all([api('GET', PATH), api('POST', PATH, { body: { baseline: VALID_BASELINE } }), api('PUT', `${PATH}/1`, { body: { baseline: { name: 'x' } } }), api('DELETE', `${PATH}/1`)]);
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401]);
  });
});

describe('baselines and the projection', () => {
  it('are sent live as "Baseline", and saving, renaming or deleting one sends no month table', async () => {
    const user = await signUp(api);
    await subscribeAs(api, ADMIN, user.email);
    await api('POST', '/api/v1/incomes', { token: user.token, body: { income: VALID.income } });
    const before = (await api('GET', '/api/v1/income_months', { token: user.token })).body;

    const listener = listen(server.url, user.token, user.email);
    listeners.push(listener);
    await listener.confirmed;
    const record = (await create(user, VALID_BASELINE)).body.baseline;
    const renamed = (await rename(user, record.id, { name: 'Plan A' })).body.baseline;
    expect((await api('DELETE', `${PATH}/${record.id}`, { token: user.token })).status).toBe(204);
    // A write that does change the plan, after them: live updates arrive in commit order, so
    // everything the baselines caused has arrived once its messages do.
    await api('POST', '/api/v1/debts', { token: user.token, body: { debt: VALID.debt } });
    await listener.waitFor((m) => m.type === 'IncomeMonth');

    const upToDebt = listener.received.slice(0, listener.received.findIndex((m) => m.type === 'Debt'));
    expect(upToDebt).toEqual([
      { type: 'Baseline', action: 'created', data: record },
      { type: 'Baseline', action: 'updated', data: renamed },
      { type: 'Baseline', action: 'deleted', data: { id: record.id } },
    ]);
    // And the tables are the same as before for all the baselines did.
    await api('DELETE', `/api/v1/debts/${listener.received.find((m) => m.type === 'Debt')!.data.id}`, { token: user.token });
    expect((await api('GET', '/api/v1/income_months', { token: user.token })).body).toEqual(before);
  });
});
