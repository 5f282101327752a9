import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApiRequest, type ApiResult } from '../api.ts';
import { MemoryTransport } from '../api.testing.ts';
import { openMirror, type MirrorDb } from '../mirror/db.ts';
import { SIGNED_OUT, type Session } from '../session/session.ts';
import { createSync } from './sync.ts';
import { withLookupKeys } from './pending.ts';
import { applyUpdate } from '../live/updates.ts';

let db: MirrorDb;
beforeEach(async () => {
  db = openMirror(`sync-${randomUUID()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const signedIn: Session = { authToken: 't', email: 'a@b.co', isAuthenticated: true, stripeCustomerId: null, subscribed: false, birthYear: 1985 };

function server(routes: Record<string, unknown>, failing: Record<string, ApiResult> = {}) {
  return new MemoryTransport((request: ApiRequest): ApiResult => {
    if (failing[request.path]) return failing[request.path]!;
    if (request.path in routes) return { ok: true, status: 200, data: routes[request.path] };
    return { ok: false, kind: 'http', status: 404, message: 'Not found', errors: null };
  });
}

const records = {
  '/api/v1/feature_flags': { feature_flags: [{ name: 'allow_signup', enabled: false }] },
  '/api/v1/profile': { user: JSON.stringify({ id: 1, email: 'a@b.co', birth_year: 1985 }) },
  '/api/v1/incomes': { incomes: [{ id: 1, name: 'Job' }] },
  '/api/v1/debts': { debts: [{ id: 2, name: 'Visa' }, { id: 3, name: 'Loan' }] },
  '/api/v1/monthly_expenses': { monthly_expenses: [] },
  '/api/v1/other_expenses': { other_expenses: [] },
  '/api/v1/retirement_accounts': { retirement_accounts: [] },
  '/api/v1/baselines': { baselines: [] },
  '/api/v1/housing': { housing: { id: 5, housing_type: 'Rent' } },
  '/api/v1/debt_plan': { debtPlan: null },
  '/api/v1/retirement_plan': { retirement_plan: null },
  '/api/v1/assumptions': { assumptions: null },
  '/api/v1/income_months': { income_months: [{ id: 1 }] },
  '/api/v1/debt_months': { debts: [], total: [] },
  '/api/v1/retirement_months': { retirement_accounts: [], total: [] },
  '/api/v1/contribution_months': { retirement_accounts: [], total: [] },
};

describe('the initial load', () => {
  it('fetches only the flags when signed out, without a token', async () => {
    const transport = server(records);
    await createSync({ db, transport, getSession: () => SIGNED_OUT }).pullAll();
    expect(transport.requests).toEqual([{ method: 'GET', path: '/api/v1/feature_flags', anonymous: true }]);
    expect(await db.featureFlags.toArray()).toEqual([{ name: 'allow_signup', enabled: false }]);
  });

  it('fetches every record when signed in, months only when subscribed', async () => {
    const transport = server(records);
    expect(await createSync({ db, transport, getSession: () => signedIn, now: () => 1234 }).pullAll()).toBe(true);
    expect(transport.requests.map((r) => r.path).sort()).toEqual(Object.keys(records).filter((p) => !p.endsWith('_months')).sort());
    expect(await db.debts.toArray()).toEqual(records['/api/v1/debts'].debts);
    expect((await db.singles.get('housing'))?.record).toEqual({ id: 5, housing_type: 'Rent' });
    expect((await db.singles.get('debtPlan'))?.record).toBeNull();
    expect((await db.profile.get('user'))?.value).toEqual({ id: 1, email: 'a@b.co', birth_year: 1985 });
    expect(await db.syncStatus.get('debts')).toEqual({ name: 'debts', loading: false, error: null, lastFetched: 1234 });

    const subscribedTransport = server(records);
    await createSync({ db, transport: subscribedTransport, getSession: () => ({ ...signedIn, subscribed: true }) }).pullAll();
    expect(subscribedTransport.requests.filter((r) => r.path.endsWith('_months'))).toHaveLength(4);
    expect((await db.months.get('debtMonths'))?.body).toEqual({ debts: [], total: [] });
  });

  it('replaces what the server no longer has', async () => {
    await db.debts.bulkPut([{ id: 2, name: 'Old' }, { id: 99, name: 'Gone on the server' }]);
    await createSync({ db, transport: server(records), getSession: () => signedIn }).pullCollection('debts');
    expect(await db.debts.toArray()).toEqual([{ id: 2, name: 'Visa' }, { id: 3, name: 'Loan' }]);
  });

  it('records errors with the server’s message, or the default, and keeps the old data', async () => {
    await db.debts.put({ id: 2, name: 'Kept' });
    const transport = server(records, {
      '/api/v1/debts': { ok: false, kind: 'http', status: 500, message: 'Database is down', errors: null },
      '/api/v1/incomes': { ok: false, kind: 'network', message: 'Failed to fetch' },
    });
    expect(await createSync({ db, transport, getSession: () => signedIn }).pullAll()).toBe(false);
    expect(await db.syncStatus.get('debts')).toMatchObject({ loading: false, error: 'Database is down' });
    expect(await db.syncStatus.get('incomes')).toMatchObject({ loading: false, error: 'Failed to fetch incomes' });
    expect(await db.debts.toArray()).toEqual([{ id: 2, name: 'Kept' }]);
  });
});

describe('a pull racing the outbox', () => {
  /** A list the server read before the edits below committed, answered after the mirror took them. */
  function lateList(path: string, data: unknown, meanwhile: () => Promise<void>) {
    return new MemoryTransport(async (request: ApiRequest): Promise<ApiResult> => {
      if (request.path !== path) return { ok: false, kind: 'http', status: 404, message: 'Not found', errors: null };
      await meanwhile();
      return { ok: true, status: 200, data };
    });
  }

  it('keeps the rows edits accepted while the list was on its way wrote, and takes the rest from the list', async () => {
    await db.debts.bulkPut([
      { id: 2, name: 'Visa', updated_at: 't1' },
      { id: 3, name: 'Loan', updated_at: 't1' },
      { id: 4, name: 'Car', updated_at: 't1' },
      { id: 9, name: 'Gone', updated_at: 't1' },
      { id: -1, name: 'Made offline' },
    ]);
    const create = await db.outbox.add(withLookupKeys({ uuid: 'c', mutation: { kind: 'collection', op: 'create', table: 'debts', id: -1, fields: { name: 'Made offline' } }, attempts: 0, status: 'pending', before: null, createdAt: 0 }));
    const transport = lateList('/api/v1/debts', { debts: [{ id: 2, name: 'Visa', updated_at: 't1' }, { id: 3, name: 'Loan', updated_at: 't1' }, { id: 4, name: 'Car, paid off elsewhere', updated_at: 't3' }] }, async () => {
      // What the outbox does as the server accepts an update of 2, a delete of 3 and the create.
      await db.transaction('rw', db.debts, db.outbox, async () => {
        await db.debts.put({ id: 2, name: 'Visa Gold', updated_at: 't2' });
        await db.debts.delete(3);
        await db.outbox.delete(create);
        await db.debts.delete(-1);
        await db.debts.put({ id: 7, name: 'Made offline', updated_at: 't2' });
      });
    });

    expect(await createSync({ db, transport, getSession: () => signedIn }).pullCollection('debts')).toBe(true);

    expect(await db.debts.toArray()).toEqual([
      { id: 2, name: 'Visa Gold', updated_at: 't2' },
      { id: 4, name: 'Car, paid off elsewhere', updated_at: 't3' },
      { id: 7, name: 'Made offline', updated_at: 't2' },
    ]);
  });

  it('keeps a record deleted offline deleted when the delete is accepted while the list is on its way', async () => {
    await db.debts.put({ id: 2, name: 'Visa', updated_at: 't1' });
    // Deleted offline: gone from the mirror, its entry pending.
    const remove = await db.outbox.add(withLookupKeys({ uuid: 'd', mutation: { kind: 'collection', op: 'delete', table: 'debts', id: 3, fields: null }, attempts: 0, status: 'pending', before: { id: 3, name: 'Loan', updated_at: 't1' }, createdAt: 0 }));
    const transport = lateList('/api/v1/debts', { debts: [{ id: 2, name: 'Visa', updated_at: 't1' }, { id: 3, name: 'Loan', updated_at: 't1' }] }, async () => {
      await db.outbox.delete(remove);
    });

    await createSync({ db, transport, getSession: () => signedIn }).pullCollection('debts');

    expect(await db.debts.toArray()).toEqual([{ id: 2, name: 'Visa', updated_at: 't1' }]);
  });

  it('reports no conflict for a single record deleted and made again offline whose delete is accepted meanwhile', async () => {
    const old = { id: 3, interest_rate: 5, updated_at: 't1' };
    await db.singles.put({ name: 'retirementPlan', record: { id: 0, interest_rate: 6 } });
    const remove = await db.outbox.add(withLookupKeys({ uuid: 'd', mutation: { kind: 'single', op: 'delete', name: 'retirementPlan', fields: null }, attempts: 0, status: 'pending', before: old, createdAt: 0 }));
    await db.outbox.add(withLookupKeys({ uuid: 'c', mutation: { kind: 'single', op: 'replace', name: 'retirementPlan', fields: { interest_rate: 6 } }, attempts: 0, status: 'pending', before: null, createdAt: 0 }));
    const transport = lateList('/api/v1/retirement_plan', { retirement_plan: old }, async () => {
      await db.outbox.delete(remove);
    });

    await createSync({ db, transport, getSession: () => signedIn }).pullSingle('retirementPlan');

    expect((await db.singles.get('retirementPlan'))?.record).toEqual({ id: 0, interest_rate: 6 });
    expect(await db.conflicts.count()).toBe(0);
  });

  it('still lays a local edit made meanwhile over the list', async () => {
    await db.debts.put({ id: 2, name: 'Visa', apr: 20, updated_at: 't1' });
    const transport = lateList('/api/v1/debts', { debts: [{ id: 2, name: 'Visa', apr: 18, updated_at: 't3' }] }, async () => {
      // An offline edit: the mirror and the outbox change, the server version does not.
      await db.transaction('rw', db.debts, db.outbox, async () => {
        await db.debts.put({ id: 2, name: 'Mine', apr: 20, updated_at: 't1' });
        await db.outbox.add(withLookupKeys({ uuid: 'u', mutation: { kind: 'collection', op: 'update', table: 'debts', id: 2, fields: { name: 'Mine' } }, attempts: 0, status: 'pending', before: { id: 2, name: 'Visa', apr: 20, updated_at: 't1' }, createdAt: 0 }));
      });
    });

    await createSync({ db, transport, getSession: () => signedIn }).pullCollection('debts');

    expect(await db.debts.toArray()).toEqual([{ id: 2, name: 'Mine', apr: 18, updated_at: 't3' }]);
  });

  it('keeps a single record an edit accepted while it was on its way wrote', async () => {
    await db.singles.put({ name: 'housing', record: { id: 5, total_monthly_payment: 1500, updated_at: 't1' } });
    const transport = lateList('/api/v1/housing', { housing: { id: 5, total_monthly_payment: 1500, updated_at: 't1' } }, async () => {
      await db.singles.put({ name: 'housing', record: { id: 5, total_monthly_payment: 1600, updated_at: 't2' } });
    });

    await createSync({ db, transport, getSession: () => signedIn }).pullSingle('housing');

    expect((await db.singles.get('housing'))?.record).toEqual({ id: 5, total_monthly_payment: 1600, updated_at: 't2' });
  });

  it('keeps a month table a live update wrote while the fetched one was on its way', async () => {
    const transport = lateList('/api/v1/income_months', { income_months: [{ id: 1, end_balance: 100 }] }, async () => {
      // The live channel brings the table of a later write first.
      await applyUpdate(db, { type: 'IncomeMonth', action: 'created', data: { income_months: [{ id: 1, end_balance: 250 }] } });
    });

    expect(await createSync({ db, transport, getSession: () => signedIn }).pullMonths('incomeMonths')).toBe(true);

    expect((await db.months.get('incomeMonths'))?.body).toEqual({ income_months: [{ id: 1, end_balance: 250 }] });
  });

  it('fetches a month table again when an edit settled while it was on its way, and lays down the newer one', async () => {
    const edit = await db.outbox.add(withLookupKeys({ uuid: 'u', mutation: { kind: 'collection', op: 'update', table: 'retirementAccounts', id: 4, fields: { payroll_deducted: true } }, attempts: 0, status: 'pending', before: null, createdAt: 0 }));
    let answers = 0;
    const transport = new MemoryTransport(async (): Promise<ApiResult> => {
      answers += 1;
      // The first answer was read before the edit committed; the outbox settles it meanwhile.
      if (answers === 1) {
        await db.outbox.delete(edit);
        return { ok: true, status: 200, data: { income_months: [{ id: 1, retirement_contributions: 500 }] } };
      }
      return { ok: true, status: 200, data: { income_months: [{ id: 1, retirement_contributions: 0 }] } };
    });

    expect(await createSync({ db, transport, getSession: () => signedIn }).pullMonths('incomeMonths')).toBe(true);

    expect(answers).toBe(2);
    expect(await db.months.get('incomeMonths')).toMatchObject({ body: { income_months: [{ id: 1, retirement_contributions: 0 }] }, provisional: false });
  });
});

describe('month tables held with an ETag', () => {
  const body = { income_months: [{ id: 1, end_balance: 100 }] };
  const etagServer = (current: { body: unknown; etag: string }) =>
    new MemoryTransport((request): ApiResult => {
      if (request.ifNoneMatch === current.etag) return { ok: true, status: 304, data: null, headers: new Headers({ etag: current.etag }) };
      return { ok: true, status: 200, data: current.body, headers: new Headers({ etag: current.etag }) };
    });

  it('sends the held ETag, and a 304 leaves the row as it was', async () => {
    const transport = etagServer({ body, etag: '"a"' });
    const sync = createSync({ db, transport, getSession: () => signedIn, now: () => 7 });
    expect(await sync.pullMonths('incomeMonths')).toBe(true);
    const held = await db.months.get('incomeMonths');
    expect(held).toMatchObject({ body, provisional: false, etag: '"a"' });

    expect(await sync.pullMonths('incomeMonths')).toBe(true);
    expect(transport.requests.map((r) => r.ifNoneMatch)).toEqual([undefined, '"a"']);
    expect(await db.months.get('incomeMonths')).toEqual(held);
    expect(await db.syncStatus.get('incomeMonths')).toEqual({ name: 'incomeMonths', loading: false, error: null, lastFetched: 7 });
  });

  it('sends none for a provisional table or one a live update wrote, and lays the answer down', async () => {
    const current = { body, etag: '"a"' };
    const transport = etagServer(current);
    const sync = createSync({ db, transport, getSession: () => signedIn });
    await db.months.put({ name: 'incomeMonths', body: { income_months: [{ id: 1, end_balance: 90 }] }, provisional: true, stamp: 's', etag: '"a"' });
    expect(await sync.pullMonths('incomeMonths')).toBe(true);
    expect(await db.months.get('incomeMonths')).toMatchObject({ body, provisional: false, etag: '"a"' });

    await applyUpdate(db, { type: 'IncomeMonth', action: 'created', data: { income_months: [{ id: 1, end_balance: 120 }] } });
    expect((await db.months.get('incomeMonths'))?.etag).toBeUndefined();
    current.body = { income_months: [{ id: 1, end_balance: 120 }] };
    current.etag = '"b"';
    expect(await sync.pullMonths('incomeMonths')).toBe(true);
    expect(transport.requests.map((r) => r.ifNoneMatch)).toEqual([undefined, undefined]);
    expect(await db.months.get('incomeMonths')).toMatchObject({ body: current.body, etag: '"b"' });
  });

  it('fetches again without writing when an edit settled while the 304 was on its way', async () => {
    await db.months.put({ name: 'incomeMonths', body, provisional: false, stamp: 's', etag: '"a"' });
    const edit = await db.outbox.add(withLookupKeys({ uuid: 'u', mutation: { kind: 'collection', op: 'update', table: 'incomes', id: 4, fields: { net_pay: 1 } }, attempts: 0, status: 'pending', before: null, createdAt: 0 }));
    const changed = { income_months: [{ id: 1, end_balance: 101 }] };
    const transport = new MemoryTransport(async (request): Promise<ApiResult> => {
      if (transport.requests.length === 1) {
        await db.outbox.delete(edit);
        return { ok: true, status: 304, data: null, headers: new Headers({ etag: '"a"' }) };
      }
      expect(request.ifNoneMatch).toBe('"a"');
      return { ok: true, status: 200, data: changed, headers: new Headers({ etag: '"c"' }) };
    });
    expect(await createSync({ db, transport, getSession: () => signedIn }).pullMonths('incomeMonths')).toBe(true);
    expect(transport.requests).toHaveLength(2);
    expect(await db.months.get('incomeMonths')).toMatchObject({ body: changed, etag: '"c"' });
  });
});
