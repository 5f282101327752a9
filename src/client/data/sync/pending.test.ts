import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openMirror, type MirrorDb, type WireRecord } from '../mirror/db.ts';
import { createMutations } from '../outbox/mutations.ts';
import { createOutbox, type Outbox } from '../outbox/outbox.ts';
import { overlayPending, overlayPendingSingle } from './pending.ts';
import { createTestServer } from '../test-server.testing.ts';

const opened: { db: MirrorDb; outbox: Outbox }[] = [];

function setup() {
  const db = openMirror(`pending-test-${crypto.randomUUID()}`);
  const outbox = createOutbox({ db, transport: createTestServer().transport, isPaused: () => false });
  const mutations = createMutations({ db, outbox, isOnline: () => false });
  opened.push({ db, outbox });
  return { db, mutations };
}

afterEach(async () => {
  for (const { db, outbox } of opened.splice(0)) {
    outbox.close();
    await db.delete();
  }
});

const expense = (id: number, name: string, amount: number): WireRecord => ({ id, name, amount, due_day: 1 });

/** What the sync engine does with a pulled list: overlay, then replace the table, in one transaction. */
async function pull(db: MirrorDb, rows: WireRecord[]) {
  return db.transaction('rw', [db.monthlyExpenses, db.outbox, db.conflicts], async () => {
    const merged = await overlayPending(db, 'monthlyExpenses', rows, { now: () => 1234 });
    await db.monthlyExpenses.clear();
    await db.monthlyExpenses.bulkPut(merged);
    return merged;
  });
}

describe('overlayPending', () => {
  it('keeps pending creates, updates and deletes on top of fresh server rows', async () => {
    const { db, mutations } = setup();
    await db.monthlyExpenses.bulkPut([expense(1, 'Phone', 40), expense(2, 'Gym', 30), expense(3, 'Rent', 900)]);
    await mutations.update('monthlyExpenses', 1, { amount: 45 });
    await mutations.remove('monthlyExpenses', 2);
    await mutations.create('monthlyExpenses', { name: 'Music', amount: 10, due_day: 9 });

    // The server changed Rent elsewhere (no pending edit there) and knows nothing of ours yet.
    const merged = await pull(db, [expense(1, 'Phone', 40), expense(2, 'Gym', 30), expense(3, 'Rent', 950)]);

    expect(merged).toEqual([expense(1, 'Phone', 45), expense(3, 'Rent', 950), { id: -1, name: 'Music', amount: 10, due_day: 9 }]);
    expect(await db.monthlyExpenses.orderBy('id').toArray()).toEqual([{ id: -1, name: 'Music', amount: 10, due_day: 9 }, expense(1, 'Phone', 45), expense(3, 'Rent', 950)]);
    expect(await db.conflicts.count()).toBe(0);
  });

  it('answers the server rows unchanged when nothing is pending', async () => {
    const { db } = setup();
    const rows = [expense(1, 'Phone', 40)];
    expect(await pull(db, rows)).toEqual(rows);
  });

  it('leaves out a record the server deleted while an edit of it was pending', async () => {
    const { db, mutations } = setup();
    await db.monthlyExpenses.put(expense(1, 'Phone', 40));
    await mutations.update('monthlyExpenses', 1, { amount: 45 });

    expect(await pull(db, [])).toEqual([]);
  });

  it('records a conflict when the server changed a field the pending edit overwrites, once', async () => {
    const { db, mutations } = setup();
    await db.monthlyExpenses.put(expense(1, 'Phone', 40));
    await mutations.update('monthlyExpenses', 1, { amount: 45 });

    const merged = await pull(db, [expense(1, 'Phone', 60)]);
    await pull(db, [expense(1, 'Phone', 60)]);

    expect(merged).toEqual([expense(1, 'Phone', 45)]);
    expect(await db.conflicts.toArray()).toEqual([{ id: 1, table: 'monthlyExpenses', recordId: 1, field: 'amount', overwritten: 60, kept: 45, createdAt: 1234 }]);

    await pull(db, [expense(1, 'Phone', 65)]);
    expect((await db.conflicts.toArray()).map((c) => c.overwritten)).toEqual([60, 65]);
  });

  it('records no conflict for the echo of the user’s own edit or a field the user did not touch', async () => {
    const { db, mutations } = setup();
    await db.monthlyExpenses.put(expense(1, 'Phone', 40));
    await mutations.update('monthlyExpenses', 1, { amount: 45 });

    expect(await pull(db, [expense(1, 'Phone', 45)])).toEqual([expense(1, 'Phone', 45)]);
    expect(await pull(db, [expense(1, 'Mobile', 40)])).toEqual([expense(1, 'Mobile', 45)]);
    expect(await db.conflicts.count()).toBe(0);
  });

  it('skips conflict rows when told the data is the answer to the user’s own write', async () => {
    const { db, mutations } = setup();
    await db.monthlyExpenses.put(expense(1, 'Phone', 40));
    await mutations.update('monthlyExpenses', 1, { amount: 45 });

    const merged = await db.transaction('rw', [db.outbox, db.conflicts], () => overlayPending(db, 'monthlyExpenses', [expense(1, 'Phone', 60)], { recordConflicts: false }));

    expect(merged).toEqual([expense(1, 'Phone', 45)]);
    expect(await db.conflicts.count()).toBe(0);
  });
});

describe('overlayPendingSingle', () => {
  const single = (db: MirrorDb, record: WireRecord | null) =>
    db.transaction('rw', [db.singles, db.outbox, db.conflicts], () => overlayPendingSingle(db, 'housing', record, { now: () => 5 }));

  it('lays a pending save over the server record and reports what it overwrites', async () => {
    const { db, mutations } = setup();
    await db.singles.put({ name: 'housing', record: { id: 3, housing_type: 'Rent', total_monthly_payment: 1200 } });
    await mutations.saveSingle('housing', { total_monthly_payment: 1300 });

    expect(await single(db, { id: 3, housing_type: 'Own', total_monthly_payment: 1250 })).toEqual({ id: 3, housing_type: 'Own', total_monthly_payment: 1300 });
    expect(await db.conflicts.toArray()).toEqual([{ id: 1, table: 'housing', recordId: 3, field: 'total_monthly_payment', overwritten: 1250, kept: 1300, createdAt: 5 }]);
  });

  it('keeps a record created offline when the server has none, and a pending delete deleted', async () => {
    const { db, mutations } = setup();
    await mutations.saveSingle('housing', { housing_type: 'Rent', total_monthly_payment: 900 });
    expect(await single(db, null)).toEqual({ id: 0, housing_type: 'Rent', total_monthly_payment: 900 });

    await db.singles.put({ name: 'retirementPlan', record: { id: 4, interest_rate: 4 } });
    await mutations.deleteSingle('retirementPlan');
    const plan = await db.transaction('rw', [db.outbox, db.conflicts], () => overlayPendingSingle(db, 'retirementPlan', { id: 4, interest_rate: 5 }));
    expect(plan).toBeNull();
  });

  it('answers the server record unchanged when nothing is pending for it', async () => {
    const { db, mutations } = setup();
    await mutations.saveSingle('debtPlan', { plan_type: 'none', extra_payment: 0 });
    const record = { id: 3, housing_type: 'Rent', total_monthly_payment: 1200 };
    expect(await single(db, record)).toBe(record);
  });
});
