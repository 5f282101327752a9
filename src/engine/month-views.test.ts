import { describe, expect, it } from 'vitest';
import { cents } from './money.ts';
import { addMonths, monthKey, type MonthKey } from './months.ts';
import {
  actualBalanceOf,
  balanceInsights,
  balanceTone,
  incomeExpensesAndOther,
  isEditableMonth,
  monthActual,
  monthsInRange,
  retirementExpenses,
} from './month-views.ts';
import type { ContributionMonth, IncomeMonth, RetirementMonth } from './types.ts';
import { projectDebts } from './debts.ts';

const m = (text: string) => text as MonthKey;

function contribution(month: string, displayBalance: number, inputEndBalance: number | null = null): ContributionMonth {
  return {
    month: m(month),
    contributions: cents(0),
    totalContributions: cents(0),
    interestEarned: cents(0),
    balance: cents(displayBalance),
    displayBalance: cents(displayBalance),
    inputEndBalance: inputEndBalance === null ? null : cents(inputEndBalance),
    withdrawals: cents(0),
  };
}

function retirement(month: string, displayBalance: number, inputBalance: number | null = null, fields: Partial<RetirementMonth> = {}): RetirementMonth {
  return {
    month: m(month),
    balance: cents(displayBalance),
    displayBalance: cents(displayBalance),
    inputBalance: inputBalance === null ? null : cents(inputBalance),
    contributions: cents(0),
    totalContributions: cents(0),
    withdrawals: cents(0),
    interestEarned: cents(0),
    socialSecurityIncome: cents(0),
    housing: cents(0),
    debts: cents(0),
    monthlyExpenses: cents(0),
    otherExpenses: cents(0),
    ...fields,
  };
}

describe('monthsInRange', () => {
  const rows = Array.from({ length: 6 }, (_, i) => ({ month: addMonths(monthKey(2026, 1), i), n: i }));

  it('hides the months before the current month for Current & Future', () => {
    expect(monthsInRange(rows, 'current-and-future', m('2026-03')).map((r) => r.month)).toEqual(['2026-03', '2026-04', '2026-05', '2026-06']);
  });

  it('shows every row for All Months, in order and by identity', () => {
    expect(monthsInRange(rows, 'all', m('2026-03'))).toBe(rows);
  });

  it('compares by year as well as month', () => {
    const across = [{ month: m('2025-12') }, { month: m('2026-01') }, { month: m('2027-01') }];
    expect(monthsInRange(across, 'current-and-future', m('2026-01')).map((r) => r.month)).toEqual(['2026-01', '2027-01']);
    expect(monthsInRange(across, 'current-and-future', m('2027-02'))).toEqual([]);
  });
});

describe('isEditableMonth', () => {
  it('allows the current month and earlier ones, by year and month', () => {
    expect(isEditableMonth(m('2026-03'), m('2026-03'))).toBe(true);
    expect(isEditableMonth(m('2026-02'), m('2026-03'))).toBe(true);
    expect(isEditableMonth(m('2025-12'), m('2026-01'))).toBe(true);
    expect(isEditableMonth(m('2026-04'), m('2026-03'))).toBe(false);
    expect(isEditableMonth(m('2027-01'), m('2026-12'))).toBe(false);
  });
});

describe('balanceTone', () => {
  it('is positive at 0 and above, negative below', () => {
    expect(balanceTone(cents(0))).toBe('positive');
    expect(balanceTone(cents(1))).toBe('positive');
    expect(balanceTone(cents(-1))).toBe('negative');
    expect(balanceTone(cents(-123_456_78))).toBe('negative');
  });
});

describe('expense columns', () => {
  it('adds one-time expenses to the recurring ones in cents', () => {
    const income: IncomeMonth = {
      month: m('2026-01'),
      netIncome: cents(500_000),
      retirementContributions: cents(0),
      housing: cents(0),
      expenses: cents(120_000),
      other: cents(35_050),
      debts: cents(0),
      endBalance: cents(0),
      inputEndBalance: null,
    };
    expect(incomeExpensesAndOther(income)).toBe(155_050);
    expect(retirementExpenses(retirement('2050-01', 0, null, { monthlyExpenses: cents(99_999), otherExpenses: cents(1) }))).toBe(100_000);
  });
});

describe('balanceInsights', () => {
  it('averages the last 3 and 6 display balances, half-up, and counts the actuals', () => {
    // Display balances 1.00 … 7.00 and one of 0.01: last 3 = (6.00 + 7.00 + 0.01) / 3 = 4.336… → 4.34.
    const rows = [100, 200, 300, 400, 500, 600, 700, 1].map((b, i) => contribution(addMonths(monthKey(2026, 1), i), b, i === 2 ? b : null));
    expect(balanceInsights(rows)).toEqual({
      months: 8,
      actualMonths: 1,
      averageBalanceLast3: 434,
      // (3.00 + 4.00 + 5.00 + 6.00 + 7.00 + 0.01) / 6 = 4.168… → 4.17
      averageBalanceLast6: 417,
      trend: 'Declining',
    });
  });

  it('leaves out the averages below 3 and 6 rows', () => {
    const five = [1, 2, 3, 4, 5].map((b, i) => retirement(addMonths(monthKey(2040, 1), i), b * 100));
    expect(balanceInsights(five)).toMatchObject({ averageBalanceLast3: 400, averageBalanceLast6: null, trend: 'Growing' });
    expect(balanceInsights(five.slice(0, 2))).toMatchObject({ averageBalanceLast3: null, averageBalanceLast6: null, months: 2 });
  });

  it('is Stable with fewer than 2 rows and Declining when unchanged', () => {
    expect(balanceInsights([retirement('2040-01', 500)]).trend).toBe('Stable');
    expect(balanceInsights([]).trend).toBe('Stable');
    expect(balanceInsights([retirement('2040-01', 500), retirement('2040-02', 500)]).trend).toBe('Declining');
  });

  it('reads the actual of either table', () => {
    expect(actualBalanceOf(contribution('2026-01', 5, 5))).toBe(5);
    expect(actualBalanceOf(retirement('2026-01', 5, 7))).toBe(7);
    expect(actualBalanceOf(retirement('2026-01', 5))).toBeNull();
  });
});

describe('monthActual', () => {
  it('a debt row: adjustment = actual − computed end balance, so opening − principal + adjustment = shown', () => {
    // 1 000.00 at 12 %, 100.00 a month: m1 interest 10.00, principal 90.00, computes 910.00.
    // The user says 800.00 → adjustment 800 − 910 = −110.00. m2 opens on 800: interest 8.00,
    // principal 92.00, computes 708.00 with no actual → adjustment 0.
    const debt = { id: 1, name: 'Card', originalAmount: cents(100000), remainingAmount: cents(100000), apr: 12, monthlyPayment: cents(10000), creationOrder: 1 };
    const rows = projectDebts([debt], null, { planStart: m('2026-01'), actuals: [{ debtId: 1, month: m('2026-01'), remaining: cents(80000) }] }).debts[0]?.months ?? [];
    expect(monthActual(rows[0]!)).toEqual({ isActual: true, adjustment: -11000 });
    expect(100000 - rows[0]!.principalPaid + monthActual(rows[0]!).adjustment).toBe(80000);
    expect(rows[1]).toMatchObject({ interestPaid: 800, principalPaid: 9200, remainingAmount: 70800 });
    expect(monthActual(rows[1]!)).toEqual({ isActual: false, adjustment: 0 });
  });

  it('account rows of either table: shown − computed balance', () => {
    // Computed 22 128.00, actual 22 400.00 → +272.00; without an actual → 0.
    expect(monthActual({ ...contribution('2026-11', 2240000, 2240000), balance: cents(2212800) })).toEqual({ isActual: true, adjustment: 27200 });
    expect(monthActual({ ...retirement('2026-11', 2240000, 2240000), balance: cents(2212800) })).toEqual({ isActual: true, adjustment: 27200 });
    expect(monthActual(retirement('2026-12', 2250000))).toEqual({ isActual: false, adjustment: 0 });
    // A total row has no input of its own but carries its accounts' adjustments: −50.00 + 272.00.
    expect(monthActual({ ...retirement('2026-11', 5000000), balance: cents(4977800) })).toEqual({ isActual: false, adjustment: 22200 });
  });

  it('an income row: actual end balance − computed end balance', () => {
    const row: IncomeMonth = {
      month: m('2026-11'), netIncome: cents(500000), retirementContributions: cents(0), housing: cents(100000), expenses: cents(50000), other: cents(0), debts: cents(10000),
      endBalance: cents(340000), inputEndBalance: cents(300050),
    };
    // 3 000.50 − 3 400.00 = −399.50
    expect(monthActual(row)).toEqual({ isActual: true, adjustment: -39950 });
    expect(monthActual({ ...row, inputEndBalance: null })).toEqual({ isActual: false, adjustment: 0 });
  });
});
