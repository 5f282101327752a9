import { describe, expect, it } from 'vitest';
import { toRequest } from './mutation.ts';
import { fromV1, type OutboxEntryV1 } from './upgrade.ts';

/** Every request shape mirror version 1 queued (its mutations.ts), written out by hand. */
const COLLECTIONS = [
  ['incomes', '/api/v1/incomes', 'income'],
  ['debts', '/api/v1/debts', 'debt'],
  ['monthlyExpenses', '/api/v1/monthly_expenses', 'monthly_expense'],
  ['otherExpenses', '/api/v1/other_expenses', 'other_expense'],
  ['retirementAccounts', '/api/v1/retirement_accounts', 'retirement_account'],
] as const;
const SINGLES = [
  ['housing', '/api/v1/housing', 'housing'],
  ['debtPlan', '/api/v1/debt_plan', 'debt_plan'],
  ['retirementPlan', '/api/v1/retirement_plan', 'retirement_plan'],
] as const;
const MONTHS = [
  ['incomeMonths', '/api/v1/income_months', 'income_month'],
  ['debtMonths', '/api/v1/debt_months', 'debt_month'],
  ['retirementMonths', '/api/v1/retirement_months', 'retirement_month'],
  ['contributionMonths', '/api/v1/contribution_months', 'contribution_month'],
] as const;

const v1 = (fields: Partial<OutboxEntryV1> & Pick<OutboxEntryV1, 'method' | 'path' | 'target'>): OutboxEntryV1 => ({
  seq: 12,
  uuid: 'key-12',
  attempts: 2,
  status: 'pending',
  lastAttemptAt: 1_700_000_000_000,
  createdAt: 1_699_999_000_000,
  ...fields,
});

/** What the version-1 entry sent, as version 1 built it. */
const sent = (entry: OutboxEntryV1) => ({ method: entry.method, path: entry.path, ...(entry.body === undefined ? {} : { body: entry.body }) });

describe('fromV1: every entry version 1 could queue', () => {
  const fields = { name: 'x', amount: 12.5 };
  const before = { id: 7, name: 'old' };
  // Each case: the v1 entry, its mutation, and the lookup keys the outbox indexes it by.
  const cases: [string, OutboxEntryV1, unknown, { targetKey: string; tempIds: number[] }][] = [
    ...COLLECTIONS.flatMap(([table, path, key]): (typeof cases)[number][] => [
      [`${table} create`, v1({ method: 'POST', path, body: { [key]: fields }, target: { table, id: -4 }, before: null }), { kind: 'collection', op: 'create', table, id: -4, fields }, { targetKey: `collection ${table} -4`, tempIds: [-4] }],
      [`${table} update`, v1({ method: 'PUT', path: `${path}/7`, body: { [key]: fields }, target: { table, id: 7 }, before }), { kind: 'collection', op: 'update', table, id: 7, fields }, { targetKey: `collection ${table} 7`, tempIds: [] }],
      [`${table} delete`, v1({ method: 'DELETE', path: `${path}/7`, target: { table, id: 7 }, before }), { kind: 'collection', op: 'delete', table, id: 7, fields: null }, { targetKey: `collection ${table} 7`, tempIds: [] }],
    ]),
    ...SINGLES.flatMap(([name, path, key]): (typeof cases)[number][] => [
      [`${name} POST`, v1({ method: 'POST', path, body: { [key]: fields }, target: { single: name }, before: null }), { kind: 'single', op: 'replace', name, fields }, { targetKey: `single ${name}`, tempIds: [] }],
      [`${name} PUT`, v1({ method: 'PUT', path, body: { [key]: fields }, target: { single: name }, before }), { kind: 'single', op: 'upsert', name, fields }, { targetKey: `single ${name}`, tempIds: [] }],
      [`${name} DELETE`, v1({ method: 'DELETE', path, target: { single: name }, before }), { kind: 'single', op: 'delete', name, fields: null }, { targetKey: `single ${name}`, tempIds: [] }],
    ]),
    ...MONTHS.map(([table, path, key]): (typeof cases)[number] => [
      `${table} edit`,
      v1({ method: 'PUT', path: `${path}/24311`, body: { [key]: { input_end_balance: -250.5 } }, target: null, before: null }),
      { kind: 'month', table, rowId: 24311, fields: { input_end_balance: -250.5 } },
      { targetKey: `months ${table} 24311`, tempIds: [] },
    ]),
  ];

  it.each(cases)('%s keeps its order, key and state, is indexed by its record, and sends the very request version 1 would have', (_name, entry, mutation, keys) => {
    const next = fromV1(entry);
    expect(next).toEqual({
      seq: 12,
      uuid: 'key-12',
      mutation,
      before: entry.before ?? null,
      ...keys,
      attempts: 2,
      status: 'pending',
      error: null,
      errors: null,
      lastAttemptAt: 1_700_000_000_000,
      createdAt: 1_699_999_000_000,
    });
    expect(toRequest(next!.mutation)).toEqual(sent(entry));
  });

  it('covers 5 collections × 3, 3 single records × 3 and 4 month tables', () => {
    expect(cases).toHaveLength(28);
  });

  it('a refused entry stays refused, with its message and field errors, and is never sent again', () => {
    const refused = v1({ method: 'POST', path: '/api/v1/debts', body: { debt: { name: '' } }, target: { table: 'debts', id: -2 }, before: null, status: 'failed', error: 'Name is required', errors: { name: ['Name is required'] } });
    expect(fromV1(refused)).toMatchObject({ status: 'failed', error: 'Name is required', errors: { name: ['Name is required'] }, attempts: 2, mutation: { kind: 'collection', op: 'create', table: 'debts', id: -2 } });
  });

  it('answers null for what version 1 never wrote (no seq, an unknown path or target)', () => {
    expect(fromV1(v1({ method: 'PUT', path: '/api/v1/nope/1', target: null }))).toBeNull();
    expect(fromV1(v1({ method: 'PUT', path: '/api/v1/income_months/abc', body: { income_month: {} }, target: null }))).toBeNull();
    expect(fromV1(v1({ method: 'POST', path: '/api/v1/things', body: {}, target: { single: 'things' } }))).toBeNull();
    const { seq: _seq, ...unsequenced } = v1({ method: 'DELETE', path: '/api/v1/debts/7', target: { table: 'debts', id: 7 } });
    expect(fromV1(unsequenced)).toBeNull();
  });
});
