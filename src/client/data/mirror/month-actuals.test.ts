import 'fake-indexeddb/auto';
import Dexie, { liveQuery } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { openMirror, type MirrorDb } from './db.ts';
import { PLAN_TABLE_ACTUALS, planTableActuals } from './month-actuals.ts';
import { dexieStores } from './schema.ts';

const opened: MirrorDb[] = [];

function setup(name = `month-actuals-test-${crypto.randomUUID()}`) {
  const db = openMirror(name);
  opened.push(db);
  return db;
}

/** What the mirror keeps of each table, without the tokens (new at each write). */
async function kept(db: MirrorDb) {
  return (await db.monthActuals.toArray()).map(({ token, ...row }) => {
    expect(token).toEqual(expect.any(String));
    return row;
  });
}

afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

const NONE = { debt: [], contribution: [], retirement: [], income: [], mortgage: [], home: [] };

/** A debt table as the server sends it: two debts, month 1 is 2026-03; one balance given. */
const DEBT_TABLE = {
  debts: [
    {
      id: 7,
      debt_months: [
        { id: 1, month: '2026-03', input_remaining_balance: 4200.1 },
        { id: 2, month: '2026-04', input_remaining_balance: null },
      ],
    },
    { id: 9, debt_months: [{ id: 3, month: '2026-03' }] },
  ],
  total: [{ month: '2026-03' }, { month: '2026-04' }],
};
/** The same debt's balance of April given too. */
const DEBT_TABLE_LATER = {
  ...DEBT_TABLE,
  debts: [{ ...DEBT_TABLE.debts[0], debt_months: [DEBT_TABLE.debts[0]!.debt_months[0], { id: 2, month: '2026-04', input_remaining_balance: 3999.99 }] }, DEBT_TABLE.debts[1]],
};
/** An income table: month 1 is 2026-02, its balance, mortgage and home value given. */
const INCOME_TABLE = {
  income_months: [
    { id: 4, month: '2026-02', input_end_balance: 800, input_mortgage_balance: 250000.5, input_home_value: 410000 },
    { id: 5, month: '2026-03', input_end_balance: null },
  ],
};

// The actuals written out by hand: dollars × 100 in cents.
const DEBT_ACTUALS = { name: 'debtMonths', first: '2026-03', actuals: { ...NONE, debt: [{ debtId: 7, month: '2026-03', remaining: 420010 }] } };
const DEBT_ACTUALS_LATER = {
  name: 'debtMonths',
  first: '2026-03',
  actuals: {
    ...NONE,
    debt: [
      { debtId: 7, month: '2026-03', remaining: 420010 },
      { debtId: 7, month: '2026-04', remaining: 399999 },
    ],
  },
};
const INCOME_ACTUALS = {
  name: 'incomeMonths',
  first: '2026-02',
  actuals: { ...NONE, income: [{ month: '2026-02', endBalance: 80000 }], mortgage: [{ month: '2026-02', balance: 25000050 }], home: [{ month: '2026-02', value: 41000000 }] },
};

describe('the month tables’ actuals in the mirror', () => {
  it('follow every kind of write of the tables', async () => {
    const db = setup();
    await db.months.put({ name: 'debtMonths', body: DEBT_TABLE, provisional: false });
    expect(await kept(db)).toEqual([DEBT_ACTUALS]);
    // Each write gives the table a token, which its actuals carry.
    const token = (await db.months.get('debtMonths'))?.actualsToken;
    expect((await db.monthActuals.get('debtMonths'))?.token).toBe(token);

    await db.months.bulkPut([
      { name: 'debtMonths', body: DEBT_TABLE_LATER, provisional: true },
      { name: 'incomeMonths', body: INCOME_TABLE, provisional: false },
    ]);
    expect(await kept(db)).toEqual([DEBT_ACTUALS_LATER, INCOME_ACTUALS]);
    expect((await db.months.get('debtMonths'))?.actualsToken).not.toBe(token);

    await db.months.update('debtMonths', { body: DEBT_TABLE });
    expect(await kept(db)).toEqual([DEBT_ACTUALS, INCOME_ACTUALS]);

    await db.months.delete('debtMonths');
    expect(await kept(db)).toEqual([INCOME_ACTUALS]);

    await db.months.clear();
    expect(await db.monthActuals.count()).toBe(0);
  });

  it('are written in the same transaction as the table: a failed transaction leaves neither', async () => {
    const db = setup();
    await db.months.put({ name: 'debtMonths', body: DEBT_TABLE, provisional: false });
    await expect(
      db.transaction('rw', [db.months, db.outbox], async () => {
        await db.months.put({ name: 'debtMonths', body: DEBT_TABLE_LATER, provisional: false });
        throw new Error('the write after it failed');
      }),
    ).rejects.toThrow('the write after it failed');
    expect((await db.months.get('debtMonths'))?.body).toEqual(DEBT_TABLE);
    expect(await kept(db)).toEqual([DEBT_ACTUALS]);
  });

  it('are what the plan reads, and a live query of them answers again when a table is written', async () => {
    const db = setup();
    const answers: unknown[] = [];
    const subscription = liveQuery(() => PLAN_TABLE_ACTUALS.query(db)).subscribe((value) => answers.push(value));
    await expect.poll(() => answers.length, { timeout: 10_000 }).toBe(1);
    expect(answers[0]).toEqual({ tables: {}, fetching: [], tokens: {} });
    await db.transaction('rw', [db.months, db.outbox], () => db.months.put({ name: 'incomeMonths', body: INCOME_TABLE, provisional: false }));
    await expect.poll(() => answers.length, { timeout: 10_000 }).toBe(2);
    expect(answers[1]).toEqual({ tables: { income: { first: INCOME_ACTUALS.first, actuals: INCOME_ACTUALS.actuals } }, fetching: [], tokens: { income: expect.any(String) } });
    subscription.unsubscribe();
  });

  it('a table written by a page without the middleware (a version before it, open in another tab) is read from the table', async () => {
    const name = `month-actuals-test-${crypto.randomUUID()}`;
    const db = setup(name);
    await db.months.bulkPut([
      { name: 'debtMonths', body: DEBT_TABLE, provisional: false },
      { name: 'incomeMonths', body: INCOME_TABLE, provisional: false },
    ]);
    // The other page: the same database, its stores, no middleware. It writes the later debt table
    // (no token) and clears the income table: the kept actuals of both are now stale.
    const old = new Dexie(name);
    old.version(5).stores(dexieStores(5));
    await old.table('months').put({ name: 'debtMonths', body: DEBT_TABLE_LATER, provisional: false, stamp: 'x' });
    await old.table('months').delete('incomeMonths');
    old.close();
    const strip = ({ first, actuals }: { first: string; actuals: unknown }) => ({ first, actuals });
    // The other page's write has no token: the plan names none for it.
    expect(await planTableActuals(db)).toEqual({ tables: { debt: strip(DEBT_ACTUALS_LATER) }, fetching: [], tokens: {} });
  });

  it('say which tables not in the mirror are being fetched, read with the tables', async () => {
    const db = setup();
    const status = (name: 'incomeMonths' | 'debtMonths', loading: boolean) => db.syncStatus.put({ name, loading, error: null, lastFetched: loading ? null : 1 });
    const fetching = async () => [...(await planTableActuals(db)).fetching].sort();
    // Never fetched: nothing to wait for.
    expect(await fetching()).toEqual([]);
    await status('incomeMonths', true);
    await status('debtMonths', true);
    expect(await fetching()).toEqual(['debt', 'income']);
    // As the sync ends a fetch: the table is written, then its status says done. In between, the
    // table is there, so it is not waited for.
    await db.months.put({ name: 'incomeMonths', body: INCOME_TABLE, provisional: false });
    expect(await fetching()).toEqual(['debt']);
    await status('incomeMonths', false);
    expect(await fetching()).toEqual(['debt']);
    // A fetch that ended with no table (refused, or failed) is waited for no longer.
    await status('debtMonths', false);
    // Each table's actuals name the write they come from: the table's own token.
    const stamp = (await db.months.get('incomeMonths'))?.actualsToken;
    expect(stamp).toEqual(expect.any(String));
    expect(await planTableActuals(db)).toEqual({ tables: { income: { first: INCOME_ACTUALS.first, actuals: INCOME_ACTUALS.actuals } }, fetching: [], tokens: { income: stamp } });
    // A table being fetched again while the mirror holds it is not waited for either.
    await status('incomeMonths', true);
    expect(await fetching()).toEqual([]);
  });
});
