import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UpdateMessage } from '../../../shared/cable.ts';
import { openMirror, type MirrorDb } from '../mirror/db.ts';
import { applyUpdate, pullRequested } from './updates.ts';

let db: MirrorDb;
const warnings: unknown[] = [];
const log = { warn: (message: string, detail?: unknown) => warnings.push([message, detail]) };

beforeEach(async () => {
  db = openMirror(`updates-${randomUUID()}`);
  await db.open();
  warnings.length = 0;
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const debt = { id: 7, name: 'Visa', creditor: 'Chase', remaining_amount: 4200.25, apr: 24.99 };
const apply = (message: unknown) => applyUpdate(db, message as UpdateMessage, log);

describe('collection records', () => {
  it('created adds the record, and sets it when it exists', async () => {
    expect(await apply({ type: 'Debt', action: 'created', data: debt })).toBe('applied');
    expect(await db.debts.get(7)).toEqual(debt);
    await apply({ type: 'Debt', action: 'created', data: { id: 7, name: 'Amex' } });
    expect(await db.debts.get(7)).toEqual({ id: 7, name: 'Amex' });
  });

  it('updated merges into the stored record, and adds it when missing', async () => {
    await db.debts.put(debt);
    await apply({ type: 'Debt', action: 'updated', data: { id: 7, name: 'Renamed' } });
    expect(await db.debts.get(7)).toEqual({ ...debt, name: 'Renamed' });
    await apply({ type: 'Income', action: 'updated', data: { id: 3, name: 'Job' } });
    expect(await db.incomes.get(3)).toEqual({ id: 3, name: 'Job' });
  });

  it('deleted removes the record', async () => {
    await db.debts.put(debt);
    await apply({ type: 'Debt', action: 'deleted', data: { id: 7 } });
    expect(await db.debts.get(7)).toBeUndefined();
  });

  it('ignores a delete without an id for other expenses and retirement accounts, silently', async () => {
    await db.otherExpenses.put({ id: 1, description: 'Tyres' });
    await db.retirementAccounts.put({ id: 2, name: '401k' });
    expect(await apply({ type: 'OtherExpense', action: 'deleted', data: {} })).toBe('ignored');
    expect(await apply({ type: 'RetirementAccount', action: 'deleted', data: null })).toBe('ignored');
    expect(await db.otherExpenses.count()).toBe(1);
    expect(await db.retirementAccounts.count()).toBe(1);
    expect(warnings).toEqual([]);
  });

  it('logs and ignores unknown types and actions', async () => {
    expect(await apply({ type: 'Yacht', action: 'created', data: { id: 1 } })).toBe('ignored');
    expect(await apply({ type: 'Debt', action: 'exploded', data: debt })).toBe('ignored');
    expect(await db.debts.count()).toBe(0);
    expect(warnings).toHaveLength(2);
  });
});

describe('single records', () => {
  it('created sets, updated merges, deleted clears', async () => {
    await apply({ type: 'Housing', action: 'created', data: { id: 1, housing_type: 'Rent', total_monthly_payment: 1800 } });
    expect((await db.singles.get('housing'))?.record).toEqual({ id: 1, housing_type: 'Rent', total_monthly_payment: 1800 });
    await apply({ type: 'Housing', action: 'updated', data: { id: 1, total_monthly_payment: 1900 } });
    expect((await db.singles.get('housing'))?.record).toEqual({ id: 1, housing_type: 'Rent', total_monthly_payment: 1900 });
    await apply({ type: 'RetirementPlan', action: 'created', data: { id: 4, years_of_retirement: 30 } });
    await apply({ type: 'RetirementPlan', action: 'deleted', data: { id: 4 } });
    expect((await db.singles.get('retirementPlan'))?.record).toBeNull();
    await apply({ type: 'DebtPlan', action: 'created', data: { id: 2, plan_type: 'avalanche', extra_payment: 200 } });
    expect((await db.singles.get('debtPlan'))?.record).toMatchObject({ plan_type: 'avalanche' });
  });
});

describe('month tables', () => {
  const table = { income_months: [{ id: 1, month: '2026-11' }] };

  it('replace the whole table on created only', async () => {
    await apply({ type: 'IncomeMonth', action: 'created', data: table });
    expect((await db.months.get('incomeMonths'))?.body).toEqual(table);
    expect(await apply({ type: 'IncomeMonth', action: 'updated', data: { income_months: [] } })).toBe('ignored');
    expect(await apply({ type: 'RetirementMonth', action: 'deleted', data: {} })).toBe('ignored');
    expect((await db.months.get('incomeMonths'))?.body).toEqual(table);
    expect(await db.months.get('retirementMonths')).toBeUndefined();
  });

  it('debt months replace regardless of action', async () => {
    for (const action of ['created', 'updated', 'deleted']) {
      const body = { debts: [], total: [{ id: 9, month: action }] };
      expect(await apply({ type: 'DebtMonth', action, data: body })).toBe('applied');
      expect((await db.months.get('debtMonths'))?.body).toEqual(body);
    }
  });
});

describe('pullRequested', () => {
  it('is true for a Pull message only: the data layer pulls for it, the mirror is not touched here', async () => {
    expect(pullRequested({ type: 'Pull', action: 'updated', data: { reason: 'import' } })).toBe(true);
    expect(pullRequested({ type: 'Debt', action: 'created', data: debt })).toBe(false);
    expect(pullRequested({ type: 'Subscription', action: 'updated', data: null })).toBe(false);
  });
});
