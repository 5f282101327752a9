import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiResult } from '../data/api.ts';
import { openMirror, type MirrorDb } from '../data/mirror/db.ts';
import { createMutations } from '../data/outbox/mutations.ts';
import { createOutbox, type Outbox } from '../data/outbox/outbox.ts';
import { createTestServer } from '../data/test-server.testing.ts';
import { newRecord, saveCollectionRecord } from './save-record.ts';

const opened: { db: MirrorDb; outbox: Outbox }[] = [];

function setup() {
  const db = openMirror(`save-record-test-${crypto.randomUUID()}`);
  const server = createTestServer();
  const outbox = createOutbox({ db, transport: server.transport, isPaused: () => false });
  const mutations = createMutations({ db, outbox, isOnline: () => true });
  opened.push({ db, outbox });
  const fresh = newRecord();
  // The form for a new monthly expense: the validated value has its amount in cents.
  const save = (name: string, cents: number) => saveCollectionRecord(mutations, 'monthlyExpenses', null, { name, amount: cents, due_day: 3 }, fresh);
  const onServer = () => [...(server.collections.get('/api/v1/monthly_expenses')?.values() ?? [])];
  const sent = () => server.transport.requests.map((r) => `${r.method} ${r.path} ${r.idempotencyKey === fresh.key ? 'form key' : 'other key'}`);
  return { db, server, save, onServer, sent, fresh };
}

afterEach(async () => {
  for (const { db, outbox } of opened.splice(0)) {
    outbox.close();
    await db.delete();
  }
});

const SERVER_ERROR: ApiResult = { ok: false, kind: 'http', status: 500, message: 'Something went wrong on our side. Please try again.', errors: null };
const BAD_GATEWAY: ApiResult = { ok: false, kind: 'http', status: 502, message: null, errors: null };

describe('saveCollectionRecord, a new record saved again after a failed create', () => {
  it('after a 502 that came once the server committed, a changed save leaves one record, with the new values', async () => {
    const { db, server, save, onServer, sent } = setup();
    server.intercept = () => ({ afterWrite: BAD_GATEWAY });
    expect(await save('Phone', 12000)).toMatchObject({ status: 'failed', maybeApplied: true });
    expect(onServer()).toEqual([{ id: 100, name: 'Phone', amount: 120, due_day: 3 }]);

    server.intercept = null;
    expect(await save('Phone', 13000)).toEqual({ status: 'done', record: { id: 100, name: 'Phone', amount: 130, due_day: 3 } });

    expect(onServer()).toEqual([{ id: 100, name: 'Phone', amount: 130, due_day: 3 }]);
    // The original under its key (answered from what the server stored), then an update of it.
    expect(sent()).toEqual(['POST /api/v1/monthly_expenses form key', 'POST /api/v1/monthly_expenses form key', 'PUT /api/v1/monthly_expenses/100 other key']);
    expect(await db.monthlyExpenses.toArray()).toEqual([{ id: 100, name: 'Phone', amount: 130, due_day: 3 }]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('after a plain 500 (nothing committed), a changed save leaves one record, with the new values', async () => {
    const { server, save, onServer } = setup();
    server.intercept = () => SERVER_ERROR;
    expect(await save('Phone', 12000)).toEqual({ status: 'failed', message: 'Something went wrong on our side. Please try again.', errors: null, maybeApplied: true });
    expect(onServer()).toEqual([]);

    server.intercept = null;
    expect(await save('Phone', 13000)).toMatchObject({ status: 'done', record: { name: 'Phone', amount: 130 } });

    expect(onServer()).toEqual([{ id: 100, name: 'Phone', amount: 130, due_day: 3 }]);
  });

  it('saved unchanged, goes once more under the same key, answered from what the server stored', async () => {
    const { server, save, onServer, sent } = setup();
    server.intercept = () => ({ afterWrite: BAD_GATEWAY });
    await save('Phone', 12000);

    server.intercept = null;
    expect(await save('Phone', 12000)).toEqual({ status: 'done', record: { id: 100, name: 'Phone', amount: 120, due_day: 3 } });

    expect(sent()).toEqual(['POST /api/v1/monthly_expenses form key', 'POST /api/v1/monthly_expenses form key']);
    expect(server.writes).toHaveLength(1);
    expect(onServer()).toHaveLength(1);
  });

  it('when the original is refused on its resend, sends the new values as a create under a new key', async () => {
    const { server, save, onServer, sent } = setup();
    server.intercept = () => SERVER_ERROR;
    await save('Phone', 12000);

    const refused: ApiResult = { ok: false, kind: 'http', status: 422, message: 'Amount is too large', errors: { amount: ['Amount is too large'] } };
    server.intercept = (request) => ((request.body as { monthly_expense: { amount: number } }).monthly_expense.amount === 120 ? refused : undefined);
    expect(await save('Phone', 13000)).toMatchObject({ status: 'done', record: { amount: 130 } });

    // The original twice under the old key, then the new values under the form's new one.
    const [first, resent, created] = server.transport.requests.map((r) => r.idempotencyKey);
    expect(sent()).toEqual(['POST /api/v1/monthly_expenses other key', 'POST /api/v1/monthly_expenses other key', 'POST /api/v1/monthly_expenses form key']);
    expect(resent).toBe(first);
    expect(created).not.toBe(first);
    expect(onServer()).toEqual([{ id: 100, name: 'Phone', amount: 130, due_day: 3 }]);
  });

  it('when the original fails again with a 5xx, shows that failure and sends nothing more', async () => {
    const { server, save, onServer, fresh } = setup();
    server.intercept = () => SERVER_ERROR;
    await save('Phone', 12000);
    const key = fresh.key;

    expect(await save('Phone', 13000)).toEqual({ status: 'failed', message: 'Something went wrong on our side. Please try again.', errors: null, maybeApplied: true });
    expect(server.transport.requests.map((r) => (r.body as { monthly_expense: { amount: number } }).monthly_expense.amount)).toEqual([120, 120]);
    expect(onServer()).toEqual([]);

    // The next save still starts from the original under its key.
    server.intercept = null;
    expect(await save('Phone', 14000)).toMatchObject({ status: 'done', record: { amount: 140 } });
    expect(fresh.key).toBe(key);
    expect(onServer()).toEqual([{ id: 100, name: 'Phone', amount: 140, due_day: 3 }]);
  });
});
