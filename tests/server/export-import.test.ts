/**
 * Export and import (docs/api.md#export-and-import) over real HTTP: `GET /api/v1/export` and
 * `POST /api/v1/import` (src/server/http/routes/data.ts).
 * The export's shape and that it holds the signed-in user's data only; import in replace and merge
 * mode with ids remapped and actuals following their debt or account; all or nothing on a bad record;
 * an Idempotency-Key writing once; a later version refused; a file over 5 MB; the round trip
 * export → delete everything → import giving the same records, actuals and month tables; and the
 * import reaching every open device live as one message telling it to pull. The server's clock is fixed at 2026-11-21T12:00:00Z, so
 * every user's plan starts in 2026-11.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthKey } from '../../src/engine/months.ts';
import { monthRowId } from '../../src/shared/months/ids.ts';
import { listen, type Listener } from './cable-client.ts';
import { client, errorBody, ISO_TIMESTAMP, NOT_SIGNED_IN, outcome, signUp, startServer, subscribeAs, VALID, type Api, type TestServer, type TestUser } from './harness.ts';

const ADMIN = 'export-import-admin-secret';
const NOW = '2026-11-21T12:00:00.000Z';
const NOVEMBER = monthKey(2026, 11);

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

const COLLECTION_PATHS = {
  incomes: '/api/v1/incomes',
  debts: '/api/v1/debts',
  monthly_expenses: '/api/v1/monthly_expenses',
  other_expenses: '/api/v1/other_expenses',
  retirement_accounts: '/api/v1/retirement_accounts',
  baselines: '/api/v1/baselines',
} as const;
const SINGLE_PATHS = { housing: ['/api/v1/housing', 'housing'], debt_plan: ['/api/v1/debt_plan', 'debtPlan'], retirement_plan: ['/api/v1/retirement_plan', 'retirement_plan'], assumptions: ['/api/v1/assumptions', 'assumptions'] } as const;
const MONTH_PATHS = ['/api/v1/income_months', '/api/v1/debt_months', '/api/v1/retirement_months', '/api/v1/contribution_months'] as const;
const DOCUMENT_KEYS = ['format', 'version', 'exported_at', 'user', ...Object.keys(COLLECTION_PATHS), ...Object.keys(SINGLE_PATHS), 'actuals'];

async function create(user: TestUser, path: string, key: string, body: unknown): Promise<any> {
  const response = await api('POST', path, { token: user.token, body: { [key]: body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body[key];
}

async function putActual(user: TestUser, path: string, key: string, entityId: number, body: unknown): Promise<void> {
  const response = await api('PUT', `${path}/${monthRowId(entityId, NOVEMBER)}`, { token: user.token, body: { [key]: body } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** A brokerage account, and the assumptions that send the surplus to it. */
const BROKERAGE = { ...VALID.retirement_account, name: 'Brokerage', account_type: 'taxable', employer_match: 0, employer_contribution_amount: 0, contribution_amount: 0, starting_balance: 2500 };
const WHERE_THE_MONEY_GOES = { other_spending: 350.25, retirement_spending: 4200, surplus_share: 75, overdraft_interest_rate: 22.5 };
/** The tax assumptions of bracket mode (docs/projection-rules.md#a-years-tax). */
const TAXES = { filing_status: 'married_joint', state_tax_rate: 4.75, roth_conversion: 15000, withdrawal_order: 'tax_aware' };

/**
 * A subscriber's whole household: one of every record, two debts, an IRA and a taxable account
 * that the assumptions name as the surplus account, and an actual balance of each kind in 2026-11
 * (the account's is stored for both of its tables, and exported once).
 */
async function household(user: TestUser) {
  await subscribeAs(api, ADMIN, user.email);
  await create(user, COLLECTION_PATHS.incomes, 'income', { name: 'Job', pay_cycle: 'monthly', next_pay_date: '2026-11-30', gross_pay: 6000, net_pay: 5000, end_month: null });
  // $1,000 at 12 % paying $100: November's interest is $10, so a $900 actual is allowed.
  const card = await create(user, COLLECTION_PATHS.debts, 'debt', { name: 'Card', creditor: 'Bank', original_amount: 1000, remaining_amount: 1000, apr: 12, monthly_payment: 100, original_term: 12, due_day: 5 });
  const car = await create(user, COLLECTION_PATHS.debts, 'debt', VALID.debt);
  await create(user, COLLECTION_PATHS.monthly_expenses, 'monthly_expense', { name: 'Food', amount: 500, due_day: 1, end_month: '2030-12' });
  await create(user, COLLECTION_PATHS.other_expenses, 'other_expense', { month: '2026-12', description: 'Gifts', amount: 300 });
  const ira = await create(user, COLLECTION_PATHS.retirement_accounts, 'retirement_account', { ...VALID.retirement_account, name: 'IRA', payroll_deducted: true });
  const brokerage = await create(user, COLLECTION_PATHS.retirement_accounts, 'retirement_account', BROKERAGE);
  await create(user, COLLECTION_PATHS.baselines, 'baseline', VALID.baseline);
  await create(user, SINGLE_PATHS.housing[0], 'housing', VALID.mortgage);
  await create(user, SINGLE_PATHS.debt_plan[0], 'debt_plan', VALID.debt_plan);
  await create(user, SINGLE_PATHS.retirement_plan[0], 'retirement_plan', VALID.retirement_plan);
  await create(user, SINGLE_PATHS.assumptions[0], 'assumptions', { ...VALID.assumptions, ...WHERE_THE_MONEY_GOES, ...TAXES, surplus_account_id: brokerage.id });
  await putActual(user, '/api/v1/income_months', 'income_month', 0, { input_end_balance: 1500.25 });
  // A check-in's mortgage balance and home value ride on the same income month row.
  await putActual(user, '/api/v1/income_months', 'income_month', 0, { input_mortgage_balance: 195000.5, input_home_value: 412000 });
  await putActual(user, '/api/v1/debt_months', 'debt_month', card.id, { input_remaining_balance: 900 });
  await putActual(user, '/api/v1/retirement_months', 'retirement_month', ira.id, { balance: 10500 });
  return { card, car, ira, brokerage };
}

/** Every count of a summary: one per collection, single and list of actuals. */
function counts(values: Partial<Record<string, number>>): Record<string, number> {
  const keys = [...Object.keys(COLLECTION_PATHS), ...Object.keys(SINGLE_PATHS), 'income_months', 'debt_months', 'retirement_months', 'mortgage_months', 'home_months'];
  return Object.fromEntries(keys.map((key) => [key, values[key] ?? 0]));
}
const HOUSEHOLD = counts({ incomes: 1, debts: 2, monthly_expenses: 1, other_expenses: 1, retirement_accounts: 2, baselines: 1, housing: 1, debt_plan: 1, retirement_plan: 1, assumptions: 1, income_months: 1, debt_months: 1, retirement_months: 1, mortgage_months: 1, home_months: 1 });

async function exportOf(user: TestUser): Promise<any> {
  const response = await api('GET', '/api/v1/export', { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

function importAs(user: TestUser, body: unknown, options: { query?: string; headers?: Record<string, string> } = {}) {
  return api('POST', `/api/v1/import${options.query ?? ''}`, { token: user.token, body, headers: options.headers });
}

/** The user's records as REST answers them, per document key. */
async function restRecords(user: TestUser): Promise<Record<string, unknown>> {
  const records: Record<string, unknown> = {};
  for (const [key, path] of Object.entries(COLLECTION_PATHS)) records[key] = (await api('GET', path, { token: user.token })).body[key];
  for (const [key, [path, getKey]] of Object.entries(SINGLE_PATHS)) records[key] = (await api('GET', path, { token: user.token })).body[getKey];
  return records;
}

async function monthTables(user: TestUser): Promise<unknown[]> {
  return Promise.all(MONTH_PATHS.map(async (path) => (await api('GET', path, { token: user.token })).body));
}

/** A value with every `id` key removed, at any depth. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'id').map(([key, inner]) => [key, withoutIds(inner)]));
}

/**
 * What `source`'s records and actuals become when imported into an empty account: the same, in the
 * same order, under the ids `after` shows (each new one different), `updated_at` the import's
 * clock, actuals moved to their record's new id.
 */
function expectImported(source: any, after: any): void {
  const idMap: Record<string, Map<number, number>> = {};
  for (const key of Object.keys(COLLECTION_PATHS)) {
    expect(after[key].length, key).toBe(source[key].length);
    idMap[key] = new Map(source[key].map((record: any, index: number) => [record.id, after[key][index].id]));
    for (const [from, to] of idMap[key]!) expect(to, `${key} ${from} got a new id`).not.toBe(from);
    expect(after[key]).toEqual(source[key].map((record: any, index: number) => ({ ...record, id: after[key][index].id, updated_at: NOW })));
  }
  // The assumptions' surplus account follows its account to its new id.
  const references = (key: string, record: any) =>
    key === 'assumptions' && record.surplus_account_id !== null ? { surplus_account_id: idMap.retirement_accounts!.get(record.surplus_account_id) } : {};
  for (const key of Object.keys(SINGLE_PATHS)) {
    expect(after[key], key).toEqual(source[key] === null ? null : { ...source[key], id: expect.any(Number), updated_at: NOW, ...references(key, source[key]) });
  }
  expect(after.actuals).toEqual({
    income_months: source.actuals.income_months,
    debt_months: source.actuals.debt_months.map((a: any) => ({ ...a, debt_id: idMap.debts!.get(a.debt_id) })),
    retirement_months: source.actuals.retirement_months.map((a: any) => ({ ...a, retirement_account_id: idMap.retirement_accounts!.get(a.retirement_account_id) })),
    mortgage_months: source.actuals.mortgage_months,
    home_months: source.actuals.home_months,
  });
}

describe('GET /api/v1/export', () => {
  it('answers the version-1 document: the REST bodies of every record, the user, and the actuals once each', async () => {
    const user = await signUp(api);
    const { card, ira } = await household(user);
    const response = await api('GET', '/api/v1/export', { token: user.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="runway-export-2026-11-21.json"');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const document = response.body;
    expect(Object.keys(document)).toEqual(DOCUMENT_KEYS);
    expect(document).toEqual({
      format: 'runway-export',
      version: 1,
      exported_at: NOW,
      user: { email: user.email, birth_year: 1985 },
      ...(await restRecords(user)),
      actuals: {
        income_months: [{ month: '2026-11', input_end_balance: 1500.25 }],
        debt_months: [{ debt_id: card.id, month: '2026-11', input_remaining_balance: 900 }],
        retirement_months: [{ retirement_account_id: ira.id, month: '2026-11', balance: 10500 }],
        mortgage_months: [{ month: '2026-11', input_mortgage_balance: 195000.5 }],
        home_months: [{ month: '2026-11', input_home_value: 412000 }],
      },
    });
    expect(document.debts.map((d: any) => d.name)).toEqual(['Card', 'Visa']);
    expect(document.retirement_accounts[0]).toMatchObject({ name: 'IRA', payroll_deducted: true, created_at: NOW, updated_at: expect.stringMatching(ISO_TIMESTAMP) });
    // Every field of a record, null ones too, as REST answers it.
    expect(document.incomes[0]).toEqual({ id: expect.any(Number), name: 'Job', pay_cycle: 'monthly', next_pay_date: '2026-11-30', gross_pay: 6000, net_pay: 5000, end_month: null, created_at: NOW, updated_at: expect.stringMatching(ISO_TIMESTAMP) });
  });

  it('holds the signed-in user’s data only', async () => {
    const owner = await signUp(api);
    await household(owner);
    const stranger = await signUp(api);
    await create(stranger, COLLECTION_PATHS.debts, 'debt', { ...VALID.debt, name: 'Stranger loan' });
    const theirs = await exportOf(stranger);
    expect(theirs.user.email).toBe(stranger.email);
    expect(theirs.debts.map((d: any) => d.name)).toEqual(['Stranger loan']);
    for (const key of [...Object.keys(COLLECTION_PATHS).filter((k) => k !== 'debts')]) expect(theirs[key], key).toEqual([]);
    for (const key of Object.keys(SINGLE_PATHS)) expect(theirs[key], key).toBeNull();
    expect(theirs.actuals).toEqual({ income_months: [], debt_months: [], retirement_months: [], mortgage_months: [], home_months: [] });
    const mine = await exportOf(owner);
    expect(mine.debts.map((d: any) => d.name)).toEqual(['Card', 'Visa']);
    expect(JSON.stringify(mine)).not.toContain('Stranger loan');
  });

  it('answers 401 without a token, and for import before reading the body', async () => {
    expect(outcome(await api('GET', '/api/v1/export'))).toEqual({ status: 401, body: errorBody(NOT_SIGNED_IN) });
    expect(outcome(await api('POST', '/api/v1/import', { body: { document: { format: 'runway-export', version: 1 } } }))).toEqual({ status: 401, body: errorBody(NOT_SIGNED_IN) });
  });
});

describe('POST /api/v1/import', () => {
  let source: TestUser;
  let file: any;
  beforeAll(async () => {
    source = await signUp(api);
    await household(source);
    file = await exportOf(source);
  });

  /** A second user who already keeps a debt with an actual, rent, and an income actual for 2026-11. */
  async function existingUser(): Promise<{ user: TestUser; loan: any }> {
    const user = await signUp(api);
    await subscribeAs(api, ADMIN, user.email);
    const loan = await create(user, COLLECTION_PATHS.debts, 'debt', { ...VALID.debt, name: 'Old loan' });
    await create(user, SINGLE_PATHS.housing[0], 'housing', VALID.housing);
    await create(user, COLLECTION_PATHS.baselines, 'baseline', { ...VALID.baseline, name: 'Old plan' });
    await putActual(user, '/api/v1/income_months', 'income_month', 0, { input_end_balance: 42 });
    await putActual(user, '/api/v1/debt_months', 'debt_month', loan.id, { input_remaining_balance: 4000 });
    return { user, loan };
  }

  it('replace (the default): everything the user had is gone, the file’s records stand under new ids, actuals on them', async () => {
    const { user } = await existingUser();
    const response = await importAs(user, { document: file });
    expect(outcome(response)).toEqual({
      status: 200,
      body: { import: { mode: 'replace', created: HOUSEHOLD, deleted: counts({ debts: 1, housing: 1, baselines: 1, income_months: 1, debt_months: 1 }) } },
    });
    const after = await exportOf(user);
    expect(after.user.email).toBe(user.email);
    expectImported(file, after);
    // The restored baseline still says when it was saved.
    expect(after.baselines[0].created_at).toBe(file.baselines[0].created_at);
    // And the user's lists are those records.
    const rest = await restRecords(user);
    for (const key of [...Object.keys(COLLECTION_PATHS), ...Object.keys(SINGLE_PATHS)]) expect(rest[key], key).toEqual(after[key]);
  });

  it('merge: the file’s records join the user’s, its singles replace theirs, its income actual takes the month’s place', async () => {
    const { user, loan } = await existingUser();
    const before = await exportOf(user);
    const response = await importAs(user, { mode: 'merge', document: file });
    expect(outcome(response)).toEqual({ status: 200, body: { import: { mode: 'merge', created: HOUSEHOLD, deleted: counts({ housing: 1 }) } } });
    const after = await exportOf(user);
    expect(after.debts.map((d: any) => d.name)).toEqual(['Old loan', 'Card', 'Visa']);
    expect(after.debts[0]).toEqual(before.debts[0]);
    expect(after.baselines.map((b: any) => b.name)).toEqual(['Old plan', 'November plan']);
    expect(after.housing).toEqual({ ...file.housing, id: expect.any(Number), updated_at: NOW });
    const card = after.debts[1];
    const [ira, brokerage] = after.retirement_accounts;
    // The file's assumptions name the file's brokerage account, now under its new id.
    expect(brokerage).toMatchObject({ name: 'Brokerage', account_type: 'taxable' });
    expect(after.assumptions).toEqual({ ...file.assumptions, id: expect.any(Number), surplus_account_id: brokerage.id, updated_at: NOW });
    expect(after.actuals).toEqual({
      income_months: [{ month: '2026-11', input_end_balance: 1500.25 }],
      debt_months: [
        { debt_id: loan.id, month: '2026-11', input_remaining_balance: 4000 },
        { debt_id: card.id, month: '2026-11', input_remaining_balance: 900 },
      ],
      retirement_months: [{ retirement_account_id: ira.id, month: '2026-11', balance: 10500 }],
      mortgage_months: [{ month: '2026-11', input_mortgage_balance: 195000.5 }],
      home_months: [{ month: '2026-11', input_home_value: 412000 }],
    });
    // The account's actual shows in both of its tables, under its new id.
    const contribution = (await api('GET', '/api/v1/contribution_months', { token: user.token })).body;
    expect(contribution.retirement_accounts.map((a: any) => [a.id, a.contribution_months[0].input_end_balance])).toEqual([
      [ira.id, 10500],
      [brokerage.id, null],
    ]);
  });

  it('merge keeps a single the file does not have', async () => {
    const { user } = await existingUser();
    const housing = (await exportOf(user)).housing;
    const response = await importAs(user, { mode: 'merge', document: { ...file, housing: null } }, {});
    expect(response.body.import.deleted).toEqual(counts({}));
    expect((await exportOf(user)).housing).toEqual(housing);
  });

  it('merge keeps the user’s own surplus account when the file has no assumptions, and takes the file’s when it has', async () => {
    const user = await signUp(api);
    const own = await create(user, COLLECTION_PATHS.retirement_accounts, 'retirement_account', { ...BROKERAGE, name: 'My brokerage' });
    const mine = await create(user, SINGLE_PATHS.assumptions[0], 'assumptions', { surplus_account_id: own.id });
    expect((await importAs(user, { mode: 'merge', document: { ...file, assumptions: null } })).status).toBe(200);
    let after = await exportOf(user);
    expect(after.assumptions).toEqual(mine);
    expect(after.retirement_accounts.map((a: any) => a.name)).toEqual(['My brokerage', 'IRA', 'Brokerage']);

    expect((await importAs(user, { mode: 'merge', document: file })).status).toBe(200);
    after = await exportOf(user);
    // The file's brokerage, imported a second time: the last account.
    const imported = after.retirement_accounts.at(-1);
    expect(imported).toMatchObject({ name: 'Brokerage', account_type: 'taxable' });
    expect(after.assumptions.surplus_account_id).toBe(imported.id);
  });

  it('refuses a file whose surplus account is not one of its taxable accounts, at assumptions.surplus_account_id, and writes nothing', async () => {
    const { user } = await existingUser();
    const before = await exportOf(user);
    const ira = file.retirement_accounts.find((a: any) => a.account_type !== 'taxable');
    const message = 'Surplus account must be one of your taxable accounts';
    const refusal = { status: 422, body: errorBody(`assumptions.surplus_account_id: ${message}`, { 'assumptions.surplus_account_id': [message] }) };
    // The file's IRA; an id no account of the file has; a taxable account the file lacks (taxable accounts of the account importing do not count).
    const own = await create(user, COLLECTION_PATHS.retirement_accounts, 'retirement_account', BROKERAGE);
    const beforeOwn = await exportOf(user);
    for (const id of [ira.id, 424242, own.id]) {
      const bad = { ...file, assumptions: { ...file.assumptions, surplus_account_id: id } };
      expect(outcome(await importAs(user, { document: bad })), `replace ${id}`).toEqual(refusal);
      expect(outcome(await importAs(user, { mode: 'merge', document: bad })), `merge ${id}`).toEqual(refusal);
    }
    expect(await exportOf(user)).toEqual(beforeOwn);
    expect(beforeOwn.debts).toEqual(before.debts);
  });

  it('moves each actual to its record’s new id, whatever ids the file uses', async () => {
    const user = await signUp(api);
    await subscribeAs(api, ADMIN, user.email);
    const debt = (name: string, id: number) => ({ ...VALID.debt, id, name });
    const document = {
      format: 'runway-export',
      version: 1,
      debts: [debt('Later', 900), debt('Earlier', 5)],
      actuals: {
        debt_months: [
          { debt_id: 900, month: '2026-11', input_remaining_balance: 4000 },
          { debt_id: 5, month: '2026-11', input_remaining_balance: 3000 },
        ],
      },
    };
    expect((await importAs(user, { document })).status).toBe(200);
    const debts = (await api('GET', '/api/v1/debt_months', { token: user.token })).body.debts;
    // In the order the file lists them (not by the file's ids), each with its own actual.
    expect(debts.map((d: any) => [d.name, d.debt_months[0].input_remaining_balance])).toEqual([
      ['Later', 4000],
      ['Earlier', 3000],
    ]);
    expect(debts[0].id).toBeLessThan(debts[1].id);
    expect(debts.map((d: any) => d.id)).not.toContain(900);
    expect(debts[0].debt_months[0].id).toBe(monthRowId(debts[0].id, NOVEMBER));
  });

  it('points the surplus account at its account’s new id, whatever id the file gives it (an offline one is negative)', async () => {
    const user = await signUp(api);
    const document = {
      format: 'runway-export',
      version: 1,
      retirement_accounts: [
        { ...BROKERAGE, id: 3, name: 'Old brokerage' },
        { ...BROKERAGE, id: -2, name: 'Made offline' },
      ],
      assumptions: { surplus_account_id: -2, surplus_share: 40 },
    };
    expect((await importAs(user, { document })).status).toBe(200);
    const after = await exportOf(user);
    const [old, offline] = after.retirement_accounts;
    expect([old.name, offline.name]).toEqual(['Old brokerage', 'Made offline']);
    expect(offline.id).toBeGreaterThan(0);
    expect(after.assumptions).toMatchObject({ surplus_account_id: offline.id, surplus_share: 40 });
  });

  it('answers 422 with the path of a bad record and writes nothing', async () => {
    const { user } = await existingUser();
    const before = await exportOf(user);
    const bad = structuredClone(file);
    bad.debts[1].apr = 150;
    bad.actuals.debt_months.push({ debt_id: 424242, month: '2026-10', input_remaining_balance: 1 });
    const message = 'Please enter a valid APR between 0 and 100';
    expect(outcome(await importAs(user, { document: bad }))).toEqual({
      status: 422,
      body: errorBody(`debts[1].apr: ${message}`, { 'debts[1].apr': [message], 'actuals.debt_months[1].debt_id': ['No debt in this file has id 424242'] }),
    });
    // The clock is fixed: an unchanged account exports the very same document.
    expect(await exportOf(user)).toEqual(before);
  });

  it('refuses a file from a later version, another format, and a mode it does not know', async () => {
    const user = await signUp(api);
    const newer = 'This file was exported by a newer version of Runway (version 2); this version reads version 1.';
    expect(outcome(await importAs(user, { document: { ...file, version: 2 } }))).toEqual({ status: 422, body: errorBody(newer, { version: [newer] }) });
    const notOurs = 'This is not a Runway export file: "format" must be "runway-export"';
    expect(outcome(await importAs(user, { document: { ...file, format: 'ynab' } }))).toEqual({ status: 422, body: errorBody(notOurs, { format: [notOurs] }) });
    const badMode = 'Mode must be "replace" or "merge"';
    expect(outcome(await importAs(user, { mode: 'append', document: file }))).toEqual({ status: 422, body: errorBody(badMode, { mode: [badMode] }) });
    const disagree = 'The mode in the body and the mode in the query string differ';
    expect(outcome(await importAs(user, { mode: 'replace', document: file }, { query: '?mode=merge' }))).toEqual({ status: 422, body: errorBody(disagree, { mode: [disagree] }) });
    const notAnObject = 'The request body must be a Runway export document, or {"mode": …, "document": …}';
    expect(outcome(await importAs(user, ['a list']))).toEqual({ status: 422, body: errorBody(notAnObject, { document: [notAnObject] }) });
    expect((await exportOf(user)).debts).toEqual([]);
  });

  it('takes the export file itself as the body, with the mode in the query string', async () => {
    const { user } = await existingUser();
    const response = await importAs(user, file, { query: '?mode=merge' });
    expect(response.status).toBe(200);
    expect(response.body.import.mode).toBe('merge');
    expect((await exportOf(user)).debts.map((d: any) => d.name)).toEqual(['Old loan', 'Card', 'Visa']);
  });

  it('writes once for the same Idempotency-Key, and answers the replay with the same bytes', async () => {
    const { user } = await existingUser();
    const send = () =>
      fetch(`${server.url}/api/v1/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', 'idempotency-key': 'import-1' },
        body: JSON.stringify({ mode: 'merge', document: file }),
      });
    const first = await send();
    const second = await send();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.text()).toBe(await first.text());
    const after = await exportOf(user);
    expect(after.debts.map((d: any) => d.name)).toEqual(['Old loan', 'Card', 'Visa']);
    expect(after.actuals.debt_months).toHaveLength(2);
  });

  it('imports a file of more than 5 MB, and refuses a body over the route’s 10 MB limit with 413', async () => {
    const user = await signUp(api);
    await subscribeAs(api, ADMIN, user.email);
    // 6,000 one-time expenses, 40 baselines of 1,000 months, one debt with 600 months of actuals.
    const big = {
      format: 'runway-export',
      version: 1,
      other_expenses: Array.from({ length: 6000 }, (_, i) => ({
        id: i + 1,
        month: monthKey(2027 + Math.floor(i / 120), (i % 12) + 1),
        description: `One-time expense number ${i + 1} with a longer description`,
        amount: (1000 + (i % 1000)) / 100,
        created_at: '2026-01-02T03:04:05.000Z',
        updated_at: '2026-01-02T03:04:05.000Z',
      })),
      baselines: Array.from({ length: 40 }, (_, b) => ({
        id: b + 1,
        name: `Plan ${b + 1}`,
        snapshot: {
          months: Array.from({ length: 1000 }, (_, m) => ({ month: monthKey(2026 + Math.floor((10 + m) / 12), ((10 + m) % 12) + 1), cash: (123456 + m * 100) / 100, debts: 99999.99, savings: 250000.5 + m, contributions: 1500, returns: -12.34 })),
        },
      })),
      debts: [{ ...VALID.debt, id: 1, remaining_amount: 1000 }],
      actuals: {
        debt_months: Array.from({ length: 600 }, (_, m) => ({ debt_id: 1, month: monthKey(1976 + Math.floor((m + 11) / 12), ((m + 11) % 12) + 1), input_remaining_balance: 1000 - m })),
      },
    };
    const raw = JSON.stringify({ document: big });
    expect(raw.length).toBeGreaterThan(5 * 1024 * 1024);
    const response = await api('POST', '/api/v1/import', { token: user.token, raw });
    expect(outcome(response)).toEqual({ status: 200, body: { import: { mode: 'replace', created: counts({ other_expenses: 6000, baselines: 40, debts: 1, debt_months: 600 }), deleted: counts({}) } } });
    const after = await exportOf(user);
    expect(after.other_expenses).toHaveLength(6000);
    expect(after.other_expenses[5999]).toMatchObject({ description: 'One-time expense number 6000 with a longer description', amount: 19.99, month: '2076-12', created_at: '2026-01-02T03:04:05.000Z' });
    expect(after.baselines[39].snapshot).toEqual(big.baselines[39]!.snapshot);
    expect(after.actuals.debt_months[0]).toEqual({ debt_id: after.debts[0].id, month: '1976-12', input_remaining_balance: 1000 });
    expect(after.actuals.debt_months[599]).toEqual({ debt_id: after.debts[0].id, month: '2026-11', input_remaining_balance: 401 });

    const tooBig = JSON.stringify({ document: { format: 'runway-export', version: 1 }, padding: 'x'.repeat(10 * 1024 * 1024) });
    expect(outcome(await api('POST', '/api/v1/import', { token: user.token, raw: tooBig }))).toEqual({ status: 413, body: errorBody('Request body is too large (limit 10 MB)') });
    // Every other route keeps its 1 MB limit.
    const overOne = JSON.stringify({ debt: VALID.debt, padding: 'x'.repeat(1024 * 1024) });
    expect(outcome(await api('POST', '/api/v1/debts', { token: user.token, raw: overOne }))).toEqual({ status: 413, body: errorBody('Request body is too large (limit 1 MB)') });
  });
});

describe('the round trip', () => {
  it('export → delete everything → import gives the same records, actuals and month tables', async () => {
    const user = await signUp(api);
    await household(user);
    const exported = await exportOf(user);
    const tables = await monthTables(user);

    // Everything the API can delete: every collection record (its actuals go with it), the
    // retirement plan, the assumptions and the income actual. Housing and the debt plan have no DELETE.
    for (const [key, path] of Object.entries(COLLECTION_PATHS)) {
      for (const record of exported[key]) expect((await api('DELETE', `${path}/${record.id}`, { token: user.token })).status, key).toBe(204);
    }
    for (const path of [SINGLE_PATHS.retirement_plan[0], SINGLE_PATHS.assumptions[0], `/api/v1/income_months/${monthRowId(0, NOVEMBER)}`]) {
      expect((await api('DELETE', path, { token: user.token })).status, path).toBe(204);
    }
    // The check-in's mortgage balance and home value are cleared with null on their row.
    const cleared = await api('PUT', `/api/v1/income_months/${monthRowId(0, NOVEMBER)}`, { token: user.token, body: { income_month: { input_mortgage_balance: null, input_home_value: null } } });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    const emptied = await exportOf(user);
    for (const key of Object.keys(COLLECTION_PATHS)) expect(emptied[key], key).toEqual([]);
    expect(emptied.actuals).toEqual({ income_months: [], debt_months: [], retirement_months: [], mortgage_months: [], home_months: [] });

    const response = await importAs(user, { document: exported });
    expect(response.body.import).toEqual({ mode: 'replace', created: HOUSEHOLD, deleted: counts({ housing: 1, debt_plan: 1 }) });
    const restored = await exportOf(user);
    expectImported(exported, restored);

    const after = await monthTables(user);
    expect(after.map(withoutIds)).toEqual(tables.map(withoutIds));
    // The tables name the new debts and accounts, and their rows carry those ids.
    const [, debtMonths, retirementMonths] = after as any[];
    expect(debtMonths.debts.map((d: any) => d.id)).toEqual(restored.debts.map((d: any) => d.id));
    expect(retirementMonths.retirement_accounts.map((a: any) => a.id)).toEqual(restored.retirement_accounts.map((a: any) => a.id));
    expect(debtMonths.debts[0].debt_months[0]).toMatchObject({ id: monthRowId(restored.debts[0].id, NOVEMBER), input_remaining_balance: 900, is_actual: true });

    // A second export of what was imported is the same file again, ids and updated_at aside.
    const again = await importAs(user, { document: restored });
    expect(again.body.import.created).toEqual(HOUSEHOLD);
    expectImported(restored, await exportOf(user));
  });

  it('an empty document in replace mode erases every record, baseline and actual', async () => {
    const user = await signUp(api);
    await household(user);
    const response = await importAs(user, { document: { format: 'runway-export', version: 1 } });
    expect(response.body.import).toEqual({ mode: 'replace', created: counts({}), deleted: HOUSEHOLD });
    const emptied = await exportOf(user);
    for (const key of Object.keys(COLLECTION_PATHS)) expect(emptied[key], key).toEqual([]);
    for (const key of Object.keys(SINGLE_PATHS)) expect(emptied[key], key).toBeNull();
    expect(emptied.actuals).toEqual({ income_months: [], debt_months: [], retirement_months: [], mortgage_months: [], home_months: [] });
  });
});

describe('live updates', () => {
  it('every open device receives one Pull message for an import, whatever the file holds', async () => {
    const { user, file } = await (async () => {
      const owner = await signUp(api);
      await household(owner);
      const exported = await exportOf(owner);
      const target = await signUp(api);
      await subscribeAs(api, ADMIN, target.email);
      await create(target, COLLECTION_PATHS.debts, 'debt', { ...VALID.debt, name: 'Old loan' });
      return { user: target, file: exported };
    })();
    const devices = [listen(server.url, user.token, user.email), listen(server.url, user.token, user.email)];
    listeners.push(...devices);
    await Promise.all(devices.map((device) => device.confirmed));

    expect((await importAs(user, { document: file })).status).toBe(200);
    // A write after it: its message follows every message of the import (commit order).
    await create(user, COLLECTION_PATHS.baselines, 'baseline', { ...VALID.baseline, name: 'Marker' });
    for (const device of devices) {
      await device.waitFor((m) => m.type === 'Baseline' && m.data.name === 'Marker');
      // Deletions, new records and month tables are not sent one by one: the device pulls them.
      expect(device.received.map((m) => `${m.type}:${m.action}`)).toEqual(['Pull:updated', 'Baseline:created']);
      expect(device.received[0]).toEqual({ type: 'Pull', action: 'updated', data: { reason: 'import' } });
    }
  });
});
