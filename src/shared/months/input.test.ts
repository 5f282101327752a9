import { describe, expect, it } from 'vitest';
import type { MonthKey } from '../../engine/months.ts';
import { actualsFromTables, birthYearOf, planFromTables, planStartDayOf, planStartOf, projectionInput, tableActuals } from './input.ts';

const none = { debt: [], contribution: [], retirement: [], income: [] };
const household = {
  incomes: [],
  debts: [{ id: 2, name: 'Card', original_amount: 900, remaining_amount: 800, apr: 20, monthly_payment: 50, due_day: 12 }],
  debtPlan: null,
  housing: null,
  monthlyExpenses: [
    { id: 1, amount: 100, due_day: 28 },
    { id: 3, amount: 5, due_day: '3' },
  ],
  otherExpenses: [],
  retirementAccounts: [],
  retirementPlan: null,
};

describe('the plan start day on the wire', () => {
  it('is the UTC day of the sign-up instant', () => {
    expect(planStartDayOf('2026-03-15T23:30:00.000Z')).toBe(15);
    // 23:30 in New York on the 15th is the 16th in UTC, as the server counts it.
    expect(planStartDayOf('2026-03-15T23:30:00-04:00')).toBe(16);
    expect(planStartDayOf(new Date('2026-11-01T00:00:00Z'))).toBe(1);
    expect(planStartDayOf('not a date')).toBeNull();
    expect(planStartDayOf(undefined)).toBeNull();
    expect(planStartDayOf(1_700_000_000_000)).toBeNull();
  });

  it('joins the engine input with the due days of debts and monthly expenses', () => {
    const input = projectionInput(household, none, '2026-03' as MonthKey, '2026-03' as MonthKey, 15);
    expect(input.planStartDay).toBe(15);
    expect(input.debts.map((d) => d.dueDay)).toEqual([12]);
    // A due day that is not a whole number 1–31 is none.
    expect(input.monthlyExpenses.map((e) => e.dueDay)).toEqual([28, undefined]);
    expect('planStartDay' in projectionInput(household, none, '2026-03' as MonthKey, '2026-03' as MonthKey)).toBe(false);
    expect('planStartDay' in projectionInput(household, none, '2026-03' as MonthKey, '2026-03' as MonthKey, null)).toBe(false);
  });
});

describe('the birth year on the wire', () => {
  it("joins the engine input as the user's, and is absent without one", () => {
    expect(projectionInput(household, none, '2026-03' as MonthKey, '2026-03' as MonthKey, 15, 1961).birthYear).toBe(1961);
    expect('birthYear' in projectionInput(household, none, '2026-03' as MonthKey, '2026-03' as MonthKey)).toBe(false);
    expect('birthYear' in projectionInput(household, none, '2026-03' as MonthKey, '2026-03' as MonthKey, 15, null)).toBe(false);
  });

  it("is read from the profile's user", () => {
    expect(birthYearOf({ id: 1, email: 'a@b.co', birth_year: 1985, created_at: '2026-03-15T00:00:00.000Z' })).toBe(1985);
    expect(birthYearOf({ birth_year: '1985' })).toBeNull();
    expect(birthYearOf({ birth_year: 1985.5 })).toBeNull();
    expect(birthYearOf({})).toBeNull();
    expect(birthYearOf(null)).toBeNull();
    expect(birthYearOf(undefined)).toBeNull();
  });
});

describe('tableActuals and planFromTables', () => {
  const none = { debt: [], contribution: [], retirement: [], income: [], mortgage: [], home: [] };
  const contribution = {
    retirement_accounts: [{ id: 3, contribution_months: [{ month: '2026-01', input_end_balance: 10500.25 }, { month: '2026-02', input_end_balance: null }] }],
    total: [{ month: '2026-01' }],
  };
  const retirement = {
    retirement_accounts: [{ id: 4, retirement_months: [{ month: '2055-01', input_balance: '0.07' }] }],
    total: [{ month: '2026-04' }],
  };

  it("reads each table's first month and given values in cents", () => {
    expect(tableActuals('contribution', contribution)).toEqual({ first: '2026-01', actuals: { ...none, contribution: [{ accountId: 3, month: '2026-01', endBalance: 1050025 }] } });
    expect(tableActuals('retirement', retirement)).toEqual({ first: '2026-04', actuals: { ...none, retirement: [{ accountId: 4, month: '2055-01', balance: 7 }] } });
    // No body, no rows, or a first month that is not one: nothing.
    expect(tableActuals('debt', null)).toEqual({ first: null, actuals: none });
    expect(tableActuals('income', { income_months: [] })).toEqual({ first: null, actuals: none });
    expect(tableActuals('debt', { debts: [], total: [{ month: '2026-13' }] })).toEqual({ first: null, actuals: none });
  });

  it('starts the plan at the earliest first month and keeps every table’s values', () => {
    const plan = planFromTables({ retirement: tableActuals('retirement', retirement), contribution: tableActuals('contribution', contribution), income: null });
    expect(plan).toEqual({
      start: '2026-01',
      actuals: { ...none, contribution: [{ accountId: 3, month: '2026-01', endBalance: 1050025 }], retirement: [{ accountId: 4, month: '2055-01', balance: 7 }] },
    });
    expect(planFromTables({})).toEqual({ start: null, actuals: none });
    // Read from the bodies whole, as before there were parts.
    expect(planStartOf({ contribution, retirement })).toBe('2026-01');
    expect(planStartOf({ income: { income_months: [{ month: 'soon' }] } })).toBeNull();
    expect(actualsFromTables({ contribution, retirement, debt: { debts: [{ id: 8, debt_months: [{ month: '2026-02', input_remaining_balance: 12 }] }] } })).toEqual({
      ...none,
      debt: [{ debtId: 8, month: '2026-02', remaining: 1200 }],
      contribution: [{ accountId: 3, month: '2026-01', endBalance: 1050025 }],
      retirement: [{ accountId: 4, month: '2055-01', balance: 7 }],
    });
  });

  it('reads what it can of a body of another shape, without an error', () => {
    expect(tableActuals('debt', { debts: [null, { id: 2, debt_months: 'none' }, { id: 3, debt_months: [null, { month: '2026-05', input_remaining_balance: 5 }] }], total: {} })).toEqual({
      first: null,
      actuals: { ...none, debt: [{ debtId: 3, month: '2026-05', remaining: 500 }] },
    });
    expect(tableActuals('income', { income_months: { month: '2026-01' } })).toEqual({ first: null, actuals: none });
  });
});
