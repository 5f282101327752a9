import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '../api.ts';
import { MemoryTransport } from '../api.testing.ts';
import { openMirror, type MirrorDb, type OutboxEntry, type WireRecord } from '../mirror/db.ts';
import { createMutations } from './mutations.ts';
import { backoffMs, createOutbox, defaultFailureMessage, failureMessage, type Outbox, type OutboxOptions } from './outbox.ts';
import { patchMonthRow } from './month-rows.ts';
import { remapMutation, toRequest } from './mutation.ts';
import { createTestServer, type TestServer } from '../test-server.testing.ts';
import { lookupKeys, withLookupKeys } from '../sync/pending.ts';
import { eventually } from '../../test-support/eventually.testing.ts';

const opened: { db: MirrorDb; outboxes: Outbox[] }[] = [];

function setup(options: Partial<OutboxOptions> & { server?: TestServer; online?: boolean } = {}) {
  const db = openMirror(`outbox-test-${crypto.randomUUID()}`);
  const server = options.server ?? createTestServer();
  let paused = false;
  let online = options.online ?? false;
  const outbox = createOutbox({ db, transport: server.transport, isPaused: () => paused, ...options });
  const mutations = createMutations({ db, outbox, isOnline: () => online });
  opened.push({ db, outboxes: [outbox] });
  return {
    db,
    server,
    outbox,
    mutations,
    setPaused: (value: boolean) => (paused = value),
    setOnline: (value: boolean) => (online = value),
  };
}

afterEach(async () => {
  for (const { db, outboxes } of opened.splice(0)) {
    for (const outbox of outboxes) outbox.close();
    await db.delete();
  }
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const debt = (name: string, extra: Record<string, unknown> = {}) => ({ name, creditor: 'Bank', original_amount: 1000, remaining_amount: 800, apr: 19.99, monthly_payment: 50, original_term: 24, due_day: 5, ...extra });

const entries = (db: MirrorDb) => db.outbox.orderBy('seq').toArray();

describe('accepted edits and temporary ids', () => {
  it('sends a create, an update and a delete made offline as POST, PUT /{realId}, DELETE /{realId}', async () => {
    const { db, server, outbox, mutations } = setup();
    const created = await mutations.create('debts', debt('Visa'));
    expect(created.status).toBe('queued');
    const tempId = (created as { record: WireRecord }).record.id;
    expect(tempId).toBeLessThan(0);
    await mutations.update('debts', tempId, { monthly_payment: 75 });
    await mutations.remove('debts', tempId);
    expect(server.transport.requests).toHaveLength(0);

    const result = await outbox.flush();

    expect(server.seen()).toEqual(['POST /api/v1/debts', 'PUT /api/v1/debts/100', 'DELETE /api/v1/debts/100']);
    expect(result).toEqual({ applied: 3, failed: 0, stopped: 'drained', retryInMs: null });
    expect(server.collections.get('/api/v1/debts')?.size).toBe(0);
    expect(await db.debts.toArray()).toEqual([]);
    expect(await entries(db)).toEqual([]);
  });

  it('replaces the temporary row with the server row and keeps a later pending edit on top of it', async () => {
    const { db, server, outbox, mutations } = setup();
    const created = await mutations.create('debts', debt('Visa'));
    const tempId = (created as { record: WireRecord }).record.id;
    await mutations.update('debts', tempId, { monthly_payment: 75 });
    // The create goes through; the update's answer is lost.
    server.intercept = (request) => (request.method === 'PUT' ? { ok: false, kind: 'network', message: 'offline' } : undefined);

    const result = await outbox.flush();

    expect(result.stopped).toBe('network');
    expect(await db.debts.get(tempId)).toBeUndefined();
    expect(await db.debts.get(100)).toMatchObject({ id: 100, name: 'Visa', monthly_payment: 75 });
    const [update] = await entries(db);
    expect(update).toMatchObject({ mutation: { kind: 'collection', op: 'update', table: 'debts', id: 100 }, attempts: 1, status: 'pending' });
    expect((update?.before as WireRecord).id).toBe(100);
    expect(outbox.resolveId('debts', tempId)).toBe(100);
  });

  it('keeps a later pending save of a single record on top of the server answer to an earlier one', async () => {
    const { db, server, outbox, mutations } = setup();
    await mutations.saveSingle('debtPlan', { plan_type: 'snowball', extra_payment: 100 });
    await mutations.saveSingle('debtPlan', { extra_payment: 250 });
    server.intercept = (request) => (request.method === 'PUT' ? { ok: false, kind: 'network', message: 'offline' } : undefined);

    await outbox.flush();

    expect(server.seen()).toEqual(['POST /api/v1/debt_plan', 'PUT /api/v1/debt_plan']);
    expect((await db.singles.get('debtPlan'))?.record).toEqual({ id: 100, plan_type: 'snowball', extra_payment: 250 });
  });

  it('remapMutation moves the record it names and id fields to the server id, and leaves other mutations alone', () => {
    const entry = {
      mutation: { kind: 'collection', op: 'update', table: 'debts', id: -3, fields: { name: 'x', amount: -3 } },
      before: { id: -3, name: 'y' },
    } as const satisfies Pick<OutboxEntry, 'mutation' | 'before'>;
    const moved = remapMutation(entry.mutation, entry.before, 'debts', -3, 42);
    expect(moved).toEqual({ mutation: { kind: 'collection', op: 'update', table: 'debts', id: 42, fields: { name: 'x', amount: -3 } }, before: { id: 42, name: 'y' } });
    expect(toRequest(moved!.mutation)).toEqual({ method: 'PUT', path: '/api/v1/debts/42', body: { debt: { name: 'x', amount: -3 } } });
    expect(remapMutation({ ...entry.mutation, id: -31 }, null, 'debts', -3, 42)).toBeNull();
    // Another table's record with the same number is another record; its id fields are not.
    expect(remapMutation(entry.mutation, null, 'incomes', -3, 42)).toBeNull();
    expect(remapMutation({ kind: 'collection', op: 'update', table: 'incomes', id: 5, fields: { debt_id: -3 } }, null, 'debts', -3, 42)?.mutation).toMatchObject({ id: 5, fields: { debt_id: 42 } });
  });
});

describe('the lookup keys an entry is indexed by', () => {
  it('name the record and every temporary id the edit mentions, written out by hand', () => {
    expect(lookupKeys({ kind: 'collection', op: 'update', table: 'debts', id: -3, fields: { name: 'x', amount: -3 } }, { id: -3, name: 'y' })).toEqual({
      targetKey: 'collection debts -3',
      // `amount` is no id field: -3 there is an amount.
      tempIds: [-3],
    });
    expect(lookupKeys({ kind: 'collection', op: 'update', table: 'incomes', id: 5, fields: { debt_id: -7, nested: [{ account_id: -9 }] } }, { id: 5 })).toEqual({
      targetKey: 'collection incomes 5',
      tempIds: [-7, -9],
    });
    expect(lookupKeys({ kind: 'single', op: 'upsert', name: 'housing', fields: { total_monthly_payment: 1600 } }, { id: 4 })).toEqual({ targetKey: 'single housing', tempIds: [] });
    expect(lookupKeys({ kind: 'month', table: 'incomeMonths', rowId: 24311, fields: { input_end_balance: -250.5 } }, null)).toEqual({ targetKey: 'months incomeMonths 24311', tempIds: [] });
  });

  it('follow a landed create: the entries that mentioned its temporary id, in any table, now name the server id', async () => {
    const { db, server, outbox, mutations } = setup();
    const created = await mutations.create('debts', debt('Visa'));
    const tempId = (created as { record: WireRecord }).record.id;
    await mutations.update('debts', tempId, { monthly_payment: 75 });
    // An edit elsewhere that carries the temporary id in an id field.
    await db.outbox.add(withLookupKeys({ uuid: crypto.randomUUID(), mutation: { kind: 'collection', op: 'update', table: 'incomes', id: 9, fields: { debt_id: tempId } }, before: null, attempts: 0, status: 'pending', createdAt: 0 }));
    server.intercept = (request) => (request.method === 'PUT' ? { ok: false, kind: 'network', message: 'offline' } : undefined);

    await outbox.flush();

    const [update, other] = await entries(db);
    expect(update).toMatchObject({ mutation: { table: 'debts', id: 100 }, targetKey: 'collection debts 100', tempIds: [] });
    expect(other).toMatchObject({ mutation: { table: 'incomes', id: 9, fields: { debt_id: 100 } }, targetKey: 'collection incomes 9', tempIds: [] });
    expect(await db.outbox.where('tempIds').equals(tempId).count()).toBe(0);
    expect(await db.outbox.where('targetKey').equals('collection debts 100').count()).toBe(1);
  });
});

describe('401', () => {
  it('stops without touching the entry, stays paused, and resumes after the user signs in again', async () => {
    const { db, server, outbox, mutations, setPaused } = setup();
    await mutations.create('debts', debt('Visa'));
    server.intercept = () => ({ ok: false, kind: 'http', status: 401, message: 'Token revoked', errors: null });

    const first = await outbox.flush();
    expect(first.stopped).toBe('unauthorized');
    const [kept] = await entries(db);
    expect(kept).toMatchObject({ status: 'pending', attempts: 0, error: null });
    expect(await db.debts.count()).toBe(1);

    setPaused(true);
    server.intercept = null;
    expect(await outbox.flush()).toMatchObject({ stopped: 'paused', applied: 0 });
    expect(server.transport.requests).toHaveLength(1);
    expect(await outbox.pendingCount()).toBe(1);

    setPaused(false);
    expect(await outbox.flush()).toMatchObject({ stopped: 'drained', applied: 1 });
    expect(await outbox.pendingCount()).toBe(0);
    expect(await db.debts.toArray()).toEqual([expect.objectContaining({ id: 100, name: 'Visa' })]);
  });
});

describe('refused edits', () => {
  it('rolls back a 422, records the server message and goes on with the next entry', async () => {
    const { db, server, outbox, mutations } = setup();
    server.collections.get('/api/v1/debts')?.set(7, { id: 7, ...debt('Visa') });
    await db.debts.put({ id: 7, ...debt('Visa') });
    await mutations.update('debts', 7, { name: '' });
    await mutations.create('incomes', { name: 'Salary', pay_cycle: 'monthly', next_pay_date: '2026-01-01', gross_pay: 5000, net_pay: 4000 });
    expect((await db.debts.get(7))?.name).toBe('');

    const result = await outbox.flush();

    expect(result).toMatchObject({ applied: 1, failed: 1, stopped: 'drained' });
    expect((await db.debts.get(7))?.name).toBe('Visa');
    const [refused, ...rest] = await entries(db);
    expect(rest).toEqual([]);
    expect(refused).toMatchObject({ status: 'failed', error: 'Name is required', errors: { name: ['Name is required'] } });
    expect(await outbox.pendingCount()).toBe(0);
    expect(await db.incomes.toArray()).toEqual([expect.objectContaining({ id: 100, name: 'Salary' })]);
    expect(server.seen()).toEqual(['PUT /api/v1/debts/7', 'POST /api/v1/incomes']);
  });

  it('takes back only the refused fields, keeping a later pending edit of the same record', async () => {
    const { db, server, outbox, mutations } = setup();
    server.collections.get('/api/v1/debts')?.set(7, { id: 7, ...debt('Visa') });
    await db.debts.put({ id: 7, ...debt('Visa') });
    await mutations.update('debts', 7, { name: '' });
    await mutations.update('debts', 7, { monthly_payment: 90 });
    server.intercept = (request) => (request.body && (request.body as { debt: { monthly_payment?: number } }).debt.monthly_payment === 90 ? { ok: false, kind: 'network', message: 'offline' } : undefined);

    await outbox.flush();

    expect(await db.debts.get(7)).toMatchObject({ name: 'Visa', monthly_payment: 90 });
    const [, later] = await entries(db);
    expect(later?.before).toMatchObject({ name: 'Visa', monthly_payment: 50 });
  });

  it('rolls back a refused create, fails the edits that depended on it and drops a delete of it', async () => {
    const { db, outbox, mutations } = setup();
    const created = await mutations.create('debts', debt(''));
    const tempId = (created as { record: WireRecord }).record.id;
    await mutations.update('debts', tempId, { monthly_payment: 60 });
    await mutations.create('debts', debt('Amex'));
    await mutations.remove('debts', tempId);

    const result = await outbox.flush();

    expect(result).toMatchObject({ applied: 1, failed: 2, stopped: 'drained' });
    expect(await db.debts.toArray()).toEqual([expect.objectContaining({ id: 100, name: 'Amex' })]);
    const left = await entries(db);
    expect(left.map((e) => [toRequest(e.mutation).method, e.status])).toEqual([
      ['POST', 'failed'],
      ['PUT', 'failed'],
    ]);
    expect(left[0]?.error).toBe('Name is required');
    expect(left[1]?.error).toBe('Failed to update debt. It was never created: Name is required');
  });

  it('restores a deleted record when the delete is refused, with the failure wording', async () => {
    const { db, server, outbox, mutations } = setup();
    await db.debts.put({ id: 7, ...debt('Visa') });
    await mutations.remove('debts', 7);
    server.intercept = () => ({ ok: false, kind: 'http', status: 403, message: 'Forbidden', errors: null });

    await outbox.flush();

    expect(await db.debts.get(7)).toMatchObject({ id: 7, name: 'Visa' });
    expect((await entries(db))[0]).toMatchObject({ status: 'failed', error: 'Failed to delete debt. Please try again.' });
  });

  it('counts a delete the server no longer has as done, and drops a row an update found gone', async () => {
    const { db, outbox, mutations } = setup();
    await db.debts.bulkPut([
      { id: 7, ...debt('Visa') },
      { id: 8, ...debt('Amex') },
    ]);
    await mutations.remove('debts', 7);
    await mutations.update('debts', 8, { monthly_payment: 1 });

    const result = await outbox.flush();

    expect(result).toMatchObject({ applied: 1, failed: 1 });
    expect(await db.debts.toArray()).toEqual([]);
    expect((await entries(db)).map((e) => [toRequest(e.mutation).method, e.status, e.error])).toEqual([['PUT', 'failed', 'Record not found']]);
  });

  it('restores a single record and uses the default message when the server gives none', async () => {
    const { db, server, outbox, mutations } = setup();
    await db.singles.put({ name: 'housing', record: { id: 3, housing_type: 'Rent', total_monthly_payment: 1200 } });
    await mutations.saveSingle('housing', { total_monthly_payment: 1500 });
    server.intercept = () => ({ ok: false, kind: 'http', status: 400, message: null, errors: null });

    await outbox.flush();

    expect((await db.singles.get('housing'))?.record).toEqual({ id: 3, housing_type: 'Rent', total_monthly_payment: 1200 });
    expect((await entries(db))[0]?.error).toBe('Failed to update housing record. Please try again.');
  });

  it('words failures with the default wording', () => {
    expect(defaultFailureMessage({ kind: 'single', name: 'retirementPlan' }, 'create')).toBe('Failed to create retirement plan');
    expect(defaultFailureMessage({ kind: 'single', name: 'debtPlan' }, 'update')).toBe('Failed to update debt plan. Please try again.');
    expect(failureMessage({ kind: 'month', table: 'incomeMonths', rowId: 1, fields: {} }, { kind: 'months', name: 'incomeMonths', rowId: 1 }, 'Only the current month or earlier can be edited')).toBe(
      'Failed to update income month. Please try again.',
    );
    const create = { kind: 'collection', op: 'create', table: 'monthlyExpenses', id: -1, fields: {} } as const;
    expect(failureMessage(create, { kind: 'collection', table: 'monthlyExpenses', id: -1 }, null)).toBe('Failed to create monthly expense. Please try again.');
    expect(failureMessage(create, { kind: 'collection', table: 'monthlyExpenses', id: -1 }, 'Amount is required')).toBe('Amount is required');
  });
});

describe('retries', () => {
  it('replays a write whose answer was lost with the same key, and the server does not create it twice', async () => {
    const { db, server, outbox, mutations } = setup();
    await mutations.create('debts', debt('Visa'));
    server.intercept = () => 'lose-answer';

    const first = await outbox.flush();
    expect(first).toMatchObject({ stopped: 'network', retryInMs: 1000 });
    expect(server.collections.get('/api/v1/debts')?.size).toBe(1);
    expect((await entries(db))[0]).toMatchObject({ attempts: 1, status: 'pending' });

    server.intercept = null;
    const second = await outbox.flush();

    expect(second).toMatchObject({ stopped: 'drained', applied: 1 });
    const [a, b] = server.transport.requests;
    expect(a?.idempotencyKey).toBeTruthy();
    expect(b?.idempotencyKey).toBe(a?.idempotencyKey);
    expect(server.writes).toHaveLength(1);
    expect(server.collections.get('/api/v1/debts')?.size).toBe(1);
    expect(await db.debts.toArray()).toEqual([expect.objectContaining({ id: 100 })]);
  });

  it('backs off exponentially up to a cap, deterministically', () => {
    expect([0, 1, 2, 3, 4, 6, 7, 50].map(backoffMs)).toEqual([0, 1000, 2000, 4000, 8000, 32000, 60000, 60000]);
  });
});

describe('one flusher at a time', () => {
  /** A transport whose answers wait until released, to hold a flush in flight. */
  function gatedServer() {
    const server = createTestServer();
    const inner = server.transport;
    const gates: (() => void)[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const transport = new MemoryTransport(async (request: ApiRequest) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise<void>((resolve) => gates.push(resolve));
      inFlight -= 1;
      return inner.request(request);
    });
    return { server, transport, gates, maxInFlight: () => maxInFlight };
  }

  const releaseAll = async (gates: (() => void)[], until: () => boolean) => {
    for (let i = 0; i < 200 && !until(); i += 1) {
      gates.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  };

  it('two concurrent flushes send each entry once, in order (in-process lock)', async () => {
    const gated = gatedServer();
    const { db, outbox, mutations } = setup({ transport: gated.transport });
    await mutations.create('debts', debt('A'));
    await mutations.create('debts', debt('B'));

    const both = Promise.all([outbox.flush(), outbox.flush()]);
    let done = false;
    void both.then(() => (done = true));
    await releaseAll(gated.gates, () => done);
    const [first, second] = await both;

    expect(gated.transport.requests.map((r) => r.path)).toEqual(['/api/v1/debts', '/api/v1/debts']);
    expect(gated.maxInFlight()).toBe(1);
    expect(first.applied + second.applied).toBe(2);
    expect((await db.debts.orderBy('id').toArray()).map((d) => [d.id, d.name])).toEqual([
      [100, 'A'],
      [101, 'B'],
    ]);
  });

  it('two outboxes on one database (two tabs) do not flush at once, and an outcome reaches the other tab', async () => {
    const gated = gatedServer();
    const { db, outbox } = setup({ transport: gated.transport });
    const otherTab = createOutbox({ db, transport: gated.transport, isPaused: () => false });
    opened[opened.length - 1]?.outboxes.push(otherTab);
    // No fallback within the test's time: the outcome must come over the BroadcastChannel.
    const mutations = createMutations({ db, outbox: otherTab, isOnline: () => true, settleTimeoutMs: 60_000 });
    await db.debts.put({ id: 7, ...debt('Visa') });
    gated.server.collections.get('/api/v1/debts')?.set(7, { id: 7, ...debt('Visa') });
    await db.outbox.add(withLookupKeys({ uuid: crypto.randomUUID(), mutation: { kind: 'collection', op: 'update', table: 'debts', id: 7, fields: { apr: 5 } }, attempts: 0, status: 'pending', before: { id: 7, ...debt('Visa') }, createdAt: 0 }));

    // The first tab holds the lock and finds the second tab's entry behind its own: it sends it,
    // and the outcome crosses over to the second tab, whose edit is waiting for it.
    const flushing = outbox.flush();
    const edit = mutations.update('debts', 7, { name: 'Visa Gold' });
    await eventually(async () => expect(await db.outbox.count()).toBe(2));
    let settled = false;
    void edit.then(() => (settled = true));
    await releaseAll(gated.gates, () => settled);

    expect(await edit).toEqual({ status: 'done', record: expect.objectContaining({ id: 7, name: 'Visa Gold', apr: 5 }) });
    await flushing;
    expect(gated.maxInFlight()).toBe(1);
    expect(gated.transport.requests).toHaveLength(2);
  });

  it('tells the other tabs which server id a temporary id became', async () => {
    const { db, server, outbox, mutations } = setup();
    const otherTab = createOutbox({ db, transport: server.transport, isPaused: () => false });
    opened[opened.length - 1]?.outboxes.push(otherTab);
    await mutations.create('debts', debt('Visa'));

    await outbox.flush();

    await eventually(() => expect(otherTab.resolveId('debts', -1)).toBe(100));
    expect(otherTab.lowestTempId()).toBe(-1);
  });

  it('takes the Web Lock named runway-outbox when the browser has Web Locks', async () => {
    const names: string[] = [];
    vi.stubGlobal('navigator', { locks: { request: (name: string, callback: () => Promise<unknown>) => (names.push(name), callback()) } });
    const { outbox, mutations } = setup();
    await mutations.create('debts', debt('Visa'));

    expect(await outbox.flush()).toMatchObject({ applied: 1 });
    expect(names).toEqual(['runway-outbox']);
  });
});

describe('month edits', () => {
  it('patches the edited row into the stored table when the server accepts it', async () => {
    const { db, outbox, mutations } = setup();
    await db.months.put({ name: 'debtMonths', body: { debts: [{ id: 1, debt_months: [{ id: 131072 * 1 + 24311, remaining_amount: 500 }] }], total: [] }, provisional: false, stamp: 's1', etag: '"fetched"' });
    await mutations.editMonth('debtMonths', 131072 + 24311, { input_remaining_balance: 450 });
    expect((await db.months.get('debtMonths'))?.body).toMatchObject({ debts: [{ debt_months: [{ remaining_amount: 500 }] }] });

    await outbox.flush();

    expect((await db.months.get('debtMonths'))?.body).toEqual({
      debts: [{ id: 1, debt_months: [{ id: 131072 + 24311, remaining_amount: 500, input_remaining_balance: 450 }] }],
      total: [],
    });
    // The patched table is not the server's answer as fetched any more: no ETag to send back.
    const patched = await db.months.get('debtMonths');
    expect(patched).toMatchObject({ provisional: false, stamp: 's1' });
    expect(patched?.etag).toBeUndefined();
  });

  it('patchMonthRow only looks inside month row arrays', () => {
    const body = { debts: [{ id: 5, name: 'Visa', debt_months: [{ id: 9, x: 1 }] }], total: [{ id: 5, x: 2 }] };
    expect(patchMonthRow(body, { id: 5, x: 3 })).toEqual({ debts: [{ id: 5, name: 'Visa', debt_months: [{ id: 9, x: 1 }] }], total: [{ id: 5, x: 3 }] });
    expect(patchMonthRow(body, { id: 77 })).toBe(body);
  });
});
