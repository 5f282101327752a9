import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../api.ts';
import { openMirror, type MirrorDb, type WireRecord } from '../mirror/db.ts';
import { createMutations } from './mutations.ts';
import { createOutbox, type Outbox } from './outbox.ts';
import { createTestServer } from '../test-server.testing.ts';
import { toRequest } from './mutation.ts';
import { withLookupKeys } from '../sync/pending.ts';

const opened: { db: MirrorDb; outbox: Outbox }[] = [];

function setup({ online = true } = {}) {
  const db = openMirror(`mutations-test-${crypto.randomUUID()}`);
  const server = createTestServer();
  let isOnline = online;
  const outbox = createOutbox({ db, transport: server.transport, isPaused: () => false });
  const mutations = createMutations({ db, outbox, isOnline: () => isOnline });
  opened.push({ db, outbox });
  return { db, server, outbox, mutations, setOnline: (value: boolean) => (isOnline = value) };
}

afterEach(async () => {
  for (const { db, outbox } of opened.splice(0)) {
    outbox.close();
    await db.delete();
  }
  vi.restoreAllMocks();
});

const expense = (name: string) => ({ name, amount: 120, due_day: 3 });

describe('online', () => {
  it('resolves with the server record, which replaces the optimistic one', async () => {
    const { db, server, mutations } = setup();

    const result = await mutations.create('monthlyExpenses', expense('Phone'));

    expect(result).toEqual({ status: 'done', record: { id: 100, name: 'Phone', amount: 120, due_day: 3 } });
    expect(server.seen()).toEqual(['POST /api/v1/monthly_expenses']);
    expect(server.transport.requests[0]?.body).toEqual({ monthly_expense: { name: 'Phone', amount: 120, due_day: 3 } });
    expect(await db.monthlyExpenses.toArray()).toEqual([{ id: 100, name: 'Phone', amount: 120, due_day: 3 }]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('resolves failed with the server message and field errors, rolled back, so the form can stay open', async () => {
    const { db, server, mutations } = setup();
    server.collections.get('/api/v1/monthly_expenses')?.set(4, { id: 4, ...expense('Phone') });
    await db.monthlyExpenses.put({ id: 4, ...expense('Phone') });

    const result = await mutations.update('monthlyExpenses', 4, { name: '' });

    expect(result).toEqual({ status: 'failed', message: 'Name is required', errors: { name: ['Name is required'] } });
    expect(await db.monthlyExpenses.get(4)).toEqual({ id: 4, ...expense('Phone') });
    // Handed to the form, the refusal is not kept in the outbox as well.
    expect(await db.outbox.count()).toBe(0);
  });

  it('resolves queued when the connection drops, keeping the edit', async () => {
    const { db, server, mutations } = setup();
    server.intercept = () => ({ ok: false, kind: 'network', message: 'Failed to fetch' });

    const result = await mutations.create('monthlyExpenses', expense('Phone'));

    expect(result).toEqual({ status: 'queued', record: { id: -1, ...expense('Phone') } });
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ status: 'pending', attempts: 1 })]);
    expect(await db.monthlyExpenses.get(-1)).toBeDefined();
  });

  it('resolves queued, keeping the edit, when the mirror closes before the answer is read', async () => {
    const { db, server, mutations } = setup();
    const name = db.name;
    // The app shuts down (the mirror closes) while the request is on its way.
    server.intercept = () => {
      db.close();
      return undefined;
    };

    const result = await mutations.create('monthlyExpenses', expense('Phone'));

    expect(result).toEqual({ status: 'queued', record: { id: -1, ...expense('Phone') } });
    const reopened = openMirror(name);
    try {
      expect(await reopened.outbox.toArray()).toEqual([expect.objectContaining({ mutation: expect.objectContaining({ kind: 'collection', op: 'create' }), status: 'pending' })]);
    } finally {
      reopened.close();
    }
  });

  it('updates a record by the temporary id a form still holds after its create went through', async () => {
    const { db, server, mutations, setOnline } = setup({ online: false });
    const created = await mutations.create('monthlyExpenses', expense('Phone'));
    setOnline(true);
    await mutations.create('incomes', { name: 'Salary' });

    const result = await mutations.update('monthlyExpenses', (created as { record: WireRecord }).record.id, { amount: 99 });

    expect(result).toEqual({ status: 'done', record: { id: 100, ...expense('Phone'), amount: 99 } });
    expect(server.seen()).toEqual(['POST /api/v1/monthly_expenses', 'POST /api/v1/incomes', 'PUT /api/v1/monthly_expenses/100']);
    expect(await db.monthlyExpenses.toArray()).toEqual([{ id: 100, ...expense('Phone'), amount: 99 }]);
  });

  it('saves a single record with POST when the mirror has none, then PUT; deletes the retirement plan', async () => {
    const { db, server, mutations } = setup();

    const created = await mutations.saveSingle('debtPlan', { plan_type: 'snowball', extra_payment: 100 });
    const updated = await mutations.saveSingle('debtPlan', { extra_payment: 150 });

    expect(server.seen()).toEqual(['POST /api/v1/debt_plan', 'PUT /api/v1/debt_plan']);
    expect(created).toEqual({ status: 'done', record: { id: 100, plan_type: 'snowball', extra_payment: 100 } });
    expect(updated).toEqual({ status: 'done', record: { id: 100, plan_type: 'snowball', extra_payment: 150 } });
    expect((await db.singles.get('debtPlan'))?.record).toEqual({ id: 100, plan_type: 'snowball', extra_payment: 150 });

    await mutations.saveSingle('retirementPlan', { retirement_date: '2050-01-01', interest_rate: 4 });
    expect(await mutations.deleteSingle('retirementPlan')).toEqual({ status: 'done', record: null });
    expect(server.seen().at(-1)).toBe('DELETE /api/v1/retirement_plan');
    expect((await db.singles.get('retirementPlan'))?.record).toBeNull();
  });

  it('sends a month edit and answers with the recomputed row; a refusal uses the failure wording', async () => {
    const { server, mutations } = setup();

    expect(await mutations.editMonth('incomeMonths', 24311, { input_end_balance: 1200 })).toEqual({ status: 'done', record: { id: 24311, input_end_balance: 1200 } });
    expect(server.transport.requests[0]).toMatchObject({ method: 'PUT', path: '/api/v1/income_months/24311', body: { income_month: { input_end_balance: 1200 } } });

    const refused = await mutations.editMonth('incomeMonths', 24311, { input_end_balance: 'abc' });
    expect(refused).toMatchObject({ status: 'failed', message: 'Failed to update income month. Please try again.', errors: { input_end_balance: ['Must be a number'] } });
  });
});

describe('online, a server error or a timeout', () => {
  const SERVER_ERROR: ApiResult = { ok: false, kind: 'http', status: 500, message: 'Something went wrong on our side. Please try again.', errors: null };
  const BAD_GATEWAY: ApiResult = { ok: false, kind: 'http', status: 502, message: null, errors: null };
  const TIMEOUT: ApiResult = { ok: false, kind: 'network', message: 'The server did not answer in time', timedOut: true };

  it('fails a create with the server message first, rolled back and out of the outbox', async () => {
    const { db, server, mutations, outbox } = setup();
    server.intercept = () => SERVER_ERROR;

    const result = await mutations.create('monthlyExpenses', expense('Phone'));

    expect(result).toEqual({ status: 'failed', message: 'Something went wrong on our side. Please try again.', errors: null, maybeApplied: true });
    expect(await db.monthlyExpenses.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    // Nothing is left to replay behind the user's back.
    server.intercept = null;
    expect(await outbox.flush()).toMatchObject({ applied: 0, stopped: 'drained' });
    expect(server.writes).toEqual([]);
  });

  it('fails an update, a delete, a single record and a month edit with the failure wording, each rolled back', async () => {
    const { db, server, mutations } = setup();
    for (const id of [4, 5]) server.collections.get('/api/v1/monthly_expenses')?.set(id, { id, ...expense(`E${id}`) });
    await db.monthlyExpenses.bulkPut([
      { id: 4, ...expense('E4') },
      { id: 5, ...expense('E5') },
    ]);
    await db.singles.put({ name: 'housing', record: { id: 9, housing_type: 'Rent', total_monthly_payment: 1500 } });
    const months = { income_months: [{ id: 24311, end_balance: 10 }] };
    await db.months.put({ name: 'incomeMonths', body: months, provisional: false });
    server.intercept = (request) => (request.method === 'GET' ? undefined : BAD_GATEWAY);

    expect(await mutations.update('monthlyExpenses', 4, { amount: 130 })).toEqual({ status: 'failed', message: 'Failed to update monthly expense. Please try again.', errors: null, maybeApplied: true });
    expect(await mutations.remove('monthlyExpenses', 5)).toEqual({ status: 'failed', message: 'Failed to delete monthly expense. Please try again.', errors: null, maybeApplied: true });
    expect(await mutations.saveSingle('housing', { total_monthly_payment: 1600 })).toEqual({ status: 'failed', message: 'Failed to update housing record. Please try again.', errors: null, maybeApplied: true });
    expect(await mutations.editMonth('incomeMonths', 24311, { input_end_balance: 20 })).toEqual({ status: 'failed', message: 'Failed to update income month. Please try again.', errors: null, maybeApplied: true });

    expect(await db.monthlyExpenses.toArray()).toEqual([
      { id: 4, ...expense('E4') },
      { id: 5, ...expense('E5') },
    ]);
    expect((await db.singles.get('housing'))?.record).toEqual({ id: 9, housing_type: 'Rent', total_monthly_payment: 1500 });
    expect(await db.months.get('incomeMonths')).toEqual({ name: 'incomeMonths', body: months, provisional: false, actualsToken: expect.any(String) });
    expect(await db.outbox.count()).toBe(0);
  });

  it('fails an update with the server message first when the 500 carries one', async () => {
    const { db, server, mutations } = setup();
    server.collections.get('/api/v1/monthly_expenses')?.set(4, { id: 4, ...expense('Phone') });
    await db.monthlyExpenses.put({ id: 4, ...expense('Phone') });
    server.intercept = () => SERVER_ERROR;

    expect(await mutations.update('monthlyExpenses', 4, { amount: 130 })).toEqual({ status: 'failed', message: 'Something went wrong on our side. Please try again.', errors: null, maybeApplied: true });
    expect(await db.monthlyExpenses.get(4)).toEqual({ id: 4, ...expense('Phone') });
  });

  it('fails on a timeout with the default wording, rolled back and out of the outbox', async () => {
    const { db, server, mutations } = setup();
    server.collections.get('/api/v1/monthly_expenses')?.set(4, { id: 4, ...expense('Phone') });
    await db.monthlyExpenses.put({ id: 4, ...expense('Phone') });
    server.intercept = () => TIMEOUT;

    expect(await mutations.update('monthlyExpenses', 4, { amount: 130 })).toEqual({ status: 'failed', message: 'Failed to update monthly expense. Please try again.', errors: null, maybeApplied: true });
    expect(await mutations.create('debts', { name: 'Visa' })).toEqual({ status: 'failed', message: 'Failed to create debt. Please try again.', errors: null, maybeApplied: true });

    expect(await db.monthlyExpenses.toArray()).toEqual([{ id: 4, ...expense('Phone') }]);
    expect(await db.debts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('queues when no answer comes at all (the connection dropped), as offline', async () => {
    const { db, server, mutations } = setup();
    server.collections.get('/api/v1/monthly_expenses')?.set(4, { id: 4, ...expense('Phone') });
    await db.monthlyExpenses.put({ id: 4, ...expense('Phone') });
    server.intercept = () => ({ ok: false, kind: 'network', message: 'Failed to fetch' });

    expect(await mutations.remove('monthlyExpenses', 4)).toEqual({ status: 'queued', record: null });
    expect(await db.monthlyExpenses.count()).toBe(0);
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ mutation: expect.objectContaining({ op: 'delete' }), status: 'pending', attempts: 1 })]);
  });

  it('treats a 503 (the server cannot reach its database) as offline: the form gets queued, and the edit lands once', async () => {
    const { db, server, mutations, outbox } = setup();
    const UNAVAILABLE: ApiResult = { ok: false, kind: 'http', status: 503, message: 'Runway is briefly unavailable. Your changes are kept; please try again in a moment.', errors: null };
    server.intercept = () => UNAVAILABLE;

    const result = await mutations.create('debts', { name: 'Visa' });
    expect(result).toMatchObject({ status: 'queued', record: { name: 'Visa' } });
    // Kept on screen and in the outbox, never rolled back.
    expect((await db.debts.toArray()).map((d) => d.name)).toEqual(['Visa']);
    expect((await db.outbox.toArray()).map((e) => [e.status, e.attempts])).toEqual([['pending', 1]]);

    server.intercept = null;
    expect(await outbox.flush()).toMatchObject({ applied: 1, stopped: 'drained' });
    expect([...(server.collections.get('/api/v1/debts')?.values() ?? [])].map((d) => d.name)).toEqual(['Visa']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps retrying an edit queued offline through a 5xx; one made online behind it waits its turn', async () => {
    const { db, server, mutations, outbox, setOnline } = setup({ online: false });
    await mutations.create('debts', { name: 'Offline' });
    setOnline(true);
    server.intercept = (request) => (request.method === 'GET' ? undefined : SERVER_ERROR);

    // The offline edit goes first and gets the 500: with no form waiting for it, it stays queued.
    expect(await mutations.create('debts', { name: 'Online' })).toMatchObject({ status: 'queued' });
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => [e.status, e.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
    ]);

    server.intercept = null;
    expect(await outbox.flush()).toMatchObject({ applied: 2, stopped: 'drained' });
    expect([...(server.collections.get('/api/v1/debts')?.values() ?? [])].map((d) => d.name)).toEqual(['Offline', 'Online']);
  });

  it('lets a retry under the same key be answered from what the server stored, never a second create', async () => {
    const { db, server, mutations } = setup();
    // The proxy answers 502 after the server committed the create.
    server.intercept = () => ({ afterWrite: BAD_GATEWAY });
    const key = crypto.randomUUID();

    expect(await mutations.create('debts', { name: 'Visa' }, { key })).toMatchObject({ status: 'failed' });
    expect(await db.debts.count()).toBe(0);

    server.intercept = null;
    expect(await mutations.create('debts', { name: 'Visa' }, { key })).toEqual({ status: 'done', record: { id: 100, name: 'Visa' } });
    expect(server.transport.requests.map((r) => r.idempotencyKey)).toEqual([key, key]);
    expect(server.writes).toHaveLength(1);
    expect(await db.debts.toArray()).toEqual([{ id: 100, name: 'Visa' }]);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('offline', () => {
  it('resolves queued at once with the optimistic record, sending nothing', async () => {
    const { db, server, mutations } = setup({ online: false });

    const result = await mutations.create('monthlyExpenses', expense('Phone'));

    expect(result).toEqual({ status: 'queued', record: { id: -1, ...expense('Phone') } });
    expect(server.transport.requests).toEqual([]);
    expect(await db.monthlyExpenses.toArray()).toEqual([{ id: -1, ...expense('Phone') }]);
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({
        mutation: { kind: 'collection', op: 'create', table: 'monthlyExpenses', id: -1, fields: expense('Phone') },
        status: 'pending',
        attempts: 0,
        before: null,
      }),
    ]);
  });

  it('keeps the before-image of updates and deletes for rollback', async () => {
    const { db, mutations } = setup({ online: false });
    await db.monthlyExpenses.bulkPut([
      { id: 4, ...expense('Phone') },
      { id: 5, ...expense('Gym') },
    ]);

    await mutations.update('monthlyExpenses', 4, { amount: 130 });
    await mutations.remove('monthlyExpenses', 5);

    expect(await db.monthlyExpenses.toArray()).toEqual([{ id: 4, ...expense('Phone'), amount: 130 }]);
    const [update, remove] = await db.outbox.orderBy('seq').toArray();
    expect(update).toMatchObject({ mutation: { kind: 'collection', op: 'update', table: 'monthlyExpenses', id: 4, fields: { amount: 130 } }, before: { id: 4, ...expense('Phone') } });
    expect(remove).toMatchObject({ mutation: { kind: 'collection', op: 'delete', table: 'monthlyExpenses', id: 5, fields: null }, before: { id: 5, ...expense('Gym') } });
    expect(toRequest(update!.mutation)).toEqual({ method: 'PUT', path: '/api/v1/monthly_expenses/4', body: { monthly_expense: { amount: 130 } } });
    expect(toRequest(remove!.mutation)).toEqual({ method: 'DELETE', path: '/api/v1/monthly_expenses/5' });
  });

  it('hands out temporary ids that are unique across tables and never reused in a session', async () => {
    const { db, mutations, outbox, setOnline } = setup({ online: false });
    const ids: number[] = [];
    const idOf = (result: Awaited<ReturnType<typeof mutations.create>>) => (result as { record: WireRecord }).record.id;
    ids.push(idOf(await mutations.create('debts', { name: 'A' })));
    ids.push(idOf(await mutations.create('incomes', { name: 'B' })));
    setOnline(true);
    await outbox.flush();
    setOnline(false);
    ids.push(idOf(await mutations.create('debts', { name: 'C' })));

    expect(ids).toEqual([-1, -2, -3]);
    expect((await db.debts.toArray()).map((d) => d.id).sort((a, b) => a - b)).toEqual([-3, 100]);
  });

  it('does not queue a month edit of a row that has no server id yet', async () => {
    const { db, mutations } = setup({ online: false });
    expect(await mutations.editMonth('debtMonths', -131000, { input_remaining_balance: 1 })).toMatchObject({ status: 'failed' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('leaves the stored month tables alone until the server recomputes them', async () => {
    const { db, mutations } = setup({ online: false });
    const body = { income_months: [{ id: 24311, end_balance: 10 }] };
    await db.months.put({ name: 'incomeMonths', body, provisional: false });

    expect(await mutations.editMonth('incomeMonths', 24311, { input_end_balance: 20 })).toEqual({ status: 'queued', record: null });
    expect((await db.months.get('incomeMonths'))?.body).toEqual(body);
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('atomicity', () => {
  it('writes nothing to the mirror when the outbox append fails inside the transaction', async () => {
    const { db, mutations } = setup({ online: false });
    await db.monthlyExpenses.put({ id: 4, ...expense('Phone') });
    const taken = crypto.randomUUID();
    await db.outbox.add(withLookupKeys({ uuid: taken, mutation: { kind: 'month', table: 'incomeMonths', rowId: 1, fields: {} }, before: null, attempts: 0, status: 'failed', createdAt: 0 }));
    // Every new entry gets the UUID already in the outbox: the unique index refuses the add.
    vi.spyOn(crypto, 'randomUUID').mockReturnValue(taken as ReturnType<typeof crypto.randomUUID>);

    await expect(mutations.create('monthlyExpenses', expense('Gym'))).rejects.toThrow();
    await expect(mutations.update('monthlyExpenses', 4, { amount: 1 })).rejects.toThrow();
    await expect(mutations.remove('monthlyExpenses', 4)).rejects.toThrow();
    await expect(mutations.saveSingle('housing', { housing_type: 'Rent' })).rejects.toThrow();

    expect(await db.monthlyExpenses.toArray()).toEqual([{ id: 4, ...expense('Phone') }]);
    expect(await db.singles.get('housing')).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);
  });
});
