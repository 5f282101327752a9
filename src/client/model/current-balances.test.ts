import { describe, expect, it } from 'vitest';
import type { MonthKey } from '../../engine/months.ts';
import { contributionRow, debtRow, incomeRow, retirementRow } from '../test-support/month-fixtures.testing.ts';
import { contributionMonthsFromWire, debtMonthsFromWire, incomeMonthsFromWire, retirementMonthsFromWire, type PendingMonthEdits } from './month-wire.ts';
import { accountBalancesIn, checkedInFor, debtBalancesIn } from './current-balances.ts';

const NOV = '2026-11' as MonthKey;

const debtEntity = (id: number, rows: object[]) => ({ id, name: `Debt ${id}`, apr: 12, monthly_payment: 100, payoff_month: null, truncated: false, debt_months: rows });
const debts = (entities: object[], pending?: PendingMonthEdits) => {
  const table = debtMonthsFromWire({ debts: entities, total: [] }, pending);
  if (!table) throw new Error('no table');
  return table;
};

const contribution = (accounts: { id: number; rows: object[] }[]) => contributionMonthsFromWire({ retirement_accounts: accounts.map(({ id, rows }) => ({ id, name: `Account ${id}`, contribution_months: rows })), total: [] });
const retirement = (accounts: { id: number; rows: object[] }[]) => retirementMonthsFromWire({ retirement_accounts: accounts.map(({ id, rows }) => ({ id, name: `Account ${id}`, retirement_months: rows })), total: [] });

describe('debtBalancesIn', () => {
  it("takes the month's shown end balance, marking the user's actual", () => {
    const table = debts([
      // The actual 2,950.25 replaced the projected 3,000.00.
      debtEntity(1, [debtRow(1, '2026-10', { display_end_balance: 3100 }), debtRow(1, '2026-11', { remaining_amount: 3000, display_end_balance: 2950.25, input_remaining_balance: 2950.25 })]),
      debtEntity(2, [debtRow(2, '2026-11', { remaining_amount: 11800.4, display_end_balance: 11800.4 })]),
    ]);
    expect(Object.fromEntries(debtBalancesIn(table, NOV))).toEqual({
      1: { amount: 295025, source: 'actual', month: NOV },
      2: { amount: 1180040, source: 'projected', month: NOV },
    });
  });

  it('reads a debt whose rows stopped at 0 before the month as paid off then; a debt with rows still owing, or none, has no entry', () => {
    const table = debts([
      debtEntity(1, [debtRow(1, '2026-05', { display_end_balance: 120 }), debtRow(1, '2026-06', { display_end_balance: 0 })]),
      // Rows that stop owing money (a table cut short) say nothing about today.
      debtEntity(2, [debtRow(2, '2026-06', { display_end_balance: 50 })]),
      debtEntity(3, []),
    ]);
    expect(Object.fromEntries(debtBalancesIn(table, NOV))).toEqual({ 1: { amount: 0, source: 'paid-off', month: '2026-06' } });
  });

  it('shows an edit still queued on this device as the actual at once', () => {
    const row = debtRow(1, '2026-11', { display_end_balance: 3000 });
    const table = debts([debtEntity(1, [row])], new Map([[row.id, { input_remaining_balance: 2000.5 }]]));
    expect(debtBalancesIn(table, NOV).get(1)).toEqual({ amount: 200050, source: 'actual', month: NOV });
  });
});

describe('accountBalancesIn', () => {
  it('takes the contribution row of the month, else the retirement row (from retirement on)', () => {
    const saving = contribution([
      { id: 5, rows: [contributionRow(5, '2026-11', { balance: 12000, display_balance: 12345.67, input_end_balance: 12345.67 })] },
      { id: 6, rows: [contributionRow(6, '2026-11', { balance: 800.1, display_balance: 800.1 })] },
      { id: 7, rows: [contributionRow(7, '2026-10', { balance: 50, display_balance: 50 })] },
    ]);
    const living = retirement([
      { id: 5, rows: [retirementRow(5, '2026-11', { balance: 1, display_balance: 1 })] },
      { id: 7, rows: [retirementRow(7, '2026-11', { balance: 60, display_balance: 61.5, input_balance: 61.5 })] },
      { id: 8, rows: [retirementRow(8, '2026-11', { balance: 70, display_balance: 70 })] },
      { id: 9, rows: [] },
    ]);
    expect(Object.fromEntries(accountBalancesIn(saving, living, NOV))).toEqual({
      5: { amount: 1234567, source: 'actual', month: NOV },
      6: { amount: 80010, source: 'projected', month: NOV },
      7: { amount: 6150, source: 'actual', month: NOV },
      8: { amount: 7000, source: 'projected', month: NOV },
    });
  });

  it('works with either table alone (no retirement plan: no retirement rows)', () => {
    const saving = contribution([{ id: 5, rows: [contributionRow(5, '2026-11', { balance: 10, display_balance: 10 })] }]);
    expect(accountBalancesIn(saving, null, NOV).get(5)?.amount).toBe(1000);
    expect(accountBalancesIn(null, retirement([{ id: 5, rows: [retirementRow(5, '2026-11', { display_balance: 20 })] }]), NOV).get(5)?.amount).toBe(2000);
  });
});

describe('checkedInFor', () => {
  const income = (input: number | null) => incomeMonthsFromWire({ income_months: [incomeRow(0, '2026-10', {}), incomeRow(0, '2026-11', { end_balance: 900, input_end_balance: input })] });
  const oneDebt = (input: number | null) => debts([debtEntity(1, [debtRow(1, '2026-11', { display_end_balance: 100, input_remaining_balance: input })])]);
  const oneAccount = (input: number | null) => contribution([{ id: 5, rows: [contributionRow(5, '2026-11', { display_balance: 100, input_end_balance: input })] }]);

  it('is true when cash, every debt and every account of the month have an actual', () => {
    expect(checkedInFor({ income: income(1000), debts: oneDebt(90), contribution: oneAccount(110), retirement: null }, NOV)).toBe(true);
  });

  it('is false while any of them is projected, or when the month has no rows at all', () => {
    expect(checkedInFor({ income: income(null), debts: oneDebt(90), contribution: oneAccount(110), retirement: null }, NOV)).toBe(false);
    expect(checkedInFor({ income: income(1000), debts: oneDebt(null), contribution: oneAccount(110), retirement: null }, NOV)).toBe(false);
    expect(checkedInFor({ income: income(1000), debts: oneDebt(90), contribution: oneAccount(null), retirement: null }, NOV)).toBe(false);
    expect(checkedInFor({ income: income(1000), debts: oneDebt(90), contribution: oneAccount(110), retirement: null }, '2027-01' as MonthKey)).toBe(false);
  });

  it('cannot tell without the income or the debt table', () => {
    expect(checkedInFor({ income: null, debts: oneDebt(90), contribution: null, retirement: null }, NOV)).toBeNull();
    expect(checkedInFor({ income: income(1000), debts: null, contribution: null, retirement: null }, NOV)).toBeNull();
  });
});
