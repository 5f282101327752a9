import { describe, expect, it } from 'vitest';
import type { IncomeOptions } from './income.ts';
import { employeeContributionsIn, monthlyNetIncome, projectIncome, surplusAccountOf, surplusTransfer } from './income.ts';
import { NEUTRAL_ASSUMPTIONS } from './assumptions.ts';
import type { Cents } from './money.ts';
import { cents } from './money.ts';
import { monthKey } from './months.ts';
import type { RetirementAccountInput } from './types.ts';

const c = (values: readonly number[]): Cents[] => values.map((v) => cents(v));

const saver: RetirementAccountInput = {
  id: 7,
  name: '401k',
  contributionAmount: cents(10000),
  employerContributionAmount: cents(5000),
  startingBalance: cents(0),
  expectedReturnRate: 5,
  contributionCycle: 'monthly',
  nextDepositDate: '2026-02-01',
};

function options(extra: Partial<IncomeOptions> = {}): IncomeOptions {
  return {
    planStart: monthKey(2026, 1),
    today: monthKey(2026, 1),
    months: 4,
    retirementMonth: monthKey(2026, 4),
    incomes: [{ id: 1, payCycle: 'weekly', netPay: cents(100000) }],
    accounts: [saver],
    housing: c([150000, 150000, 150000, 150000]),
    debts: c([30000, 30000, 12000, 0]),
    otherExpenses: c([0, 50000, 0, 0]),
    monthlyExpenses: c([100000, 100000, 100000, 100000]),
    actuals: [],
    ...extra,
  };
}

describe('monthlyNetIncome', () => {
  it('sums each source’s monthly equivalent, each rounded on its own', () => {
    expect(
      monthlyNetIncome([
        { id: 1, payCycle: 'weekly', netPay: cents(100000) },
        { id: 2, payCycle: 'biweekly', netPay: cents(150000) },
      ]),
    ).toBe(433333 + 325000);
    // 0.03 biweekly twice: 7¢ + 7¢ (one rounding of 0.06 biweekly would give 13¢).
    expect(
      monthlyNetIncome([
        { id: 1, payCycle: 'biweekly', netPay: cents(3) },
        { id: 2, payCycle: 'biweekly', netPay: cents(3) },
      ]),
    ).toBe(14);
    expect(monthlyNetIncome([])).toBe(0);
  });
});

describe('employeeContributionsIn', () => {
  it('counts the employee’s part only, inside the contribution window', () => {
    expect(employeeContributionsIn([saver], monthKey(2026, 1), monthKey(2026, 4))).toBe(0);
    expect(employeeContributionsIn([saver], monthKey(2026, 2), monthKey(2026, 4))).toBe(10000);
    expect(employeeContributionsIn([saver], monthKey(2026, 4), monthKey(2026, 4))).toBe(0);
  });
});

describe('projectIncome', () => {
  // Net 4 333.33 a month; housing 1 500.00; expenses 1 000.00; 100.00 retirement from Feb;
  // 500.00 one-time in Feb; debts 300.00, 300.00, 120.00, 0.
  //   m1: 0 + 4 333.33 − 1 500 − 1 000 − 300 = 1 533.33
  //   m2: 1 533.33 + 4 333.33 − 100 − 1 500 − 1 000 − 500 − 300 = 2 466.66
  //   m3: 2 466.66 + 4 333.33 − 100 − 1 500 − 1 000 − 120 = 4 079.99
  it('runs the end balance from 0 with every line of the month', () => {
    const rows = projectIncome(options()).slice(0, 3);
    expect(rows).toEqual([
      { month: '2026-01', netIncome: 433333, retirementContributions: 0, housing: 150000, expenses: 100000, other: 0, debts: 30000, endBalance: 153333, inputEndBalance: null },
      { month: '2026-02', netIncome: 433333, retirementContributions: 10000, housing: 150000, expenses: 100000, other: 50000, debts: 30000, endBalance: 246666, inputEndBalance: null },
      { month: '2026-03', netIncome: 433333, retirementContributions: 10000, housing: 150000, expenses: 100000, other: 0, debts: 12000, endBalance: 407999, inputEndBalance: null },
    ]);
  });

  it('an actual end balance replaces the computed one and later months continue from it (negatives allowed)', () => {
    const rows = projectIncome(options({ actuals: [{ month: monthKey(2026, 2), endBalance: cents(-5000) }] }));
    expect(rows[1]).toMatchObject({ endBalance: 246666, inputEndBalance: -5000 });
    // m3: −50.00 + 4 333.33 − 100 − 1 500 − 1 000 − 120 = 1 563.33
    expect(rows[2]).toMatchObject({ endBalance: 156333, inputEndBalance: null });
  });

  it('goes negative when outflows exceed income', () => {
    const rows = projectIncome(options({ incomes: [], accounts: [], months: 2 }));
    expect(rows.map((r) => r.endBalance)).toEqual([-280000, -610000]);
  });

  // The largest valid weekly pay, 99 999 999 999.99 = 9 999 999 999 999¢ a week:
  //   a month = 9 999 999 999 999 × 52 / 12 = 519 999 999 999 948 / 12 = 43 333 333 333 329¢ exactly
  //   m1 43 333 333 333 329, m2 86 666 666 666 658, m3 129 999 999 999 987 → held at $1 trillion.
  // Unbounded, 360 months would pass 2^53¢ (month 208) and the cents could no longer be exact.
  it('holds the running balance at ±$1 trillion, so the largest pay over 360 months stays exact', () => {
    const rich = projectIncome(options({ incomes: [{ id: 1, payCycle: 'weekly', netPay: cents(9_999_999_999_999) }], accounts: [], housing: [], debts: [], otherExpenses: [], monthlyExpenses: [], months: 360 }));
    expect(rich.slice(0, 4).map((r) => r.endBalance)).toEqual([43_333_333_333_329, 86_666_666_666_658, 100_000_000_000_000, 100_000_000_000_000]);
    expect(rich.at(-1)?.endBalance).toBe(100_000_000_000_000);
    // Spending with no income goes down to −$1 trillion and no further.
    const broke = projectIncome(options({ incomes: [], accounts: [], housing: [], debts: [], otherExpenses: [], monthlyExpenses: c([4_000_000_000_000_000, 4_000_000_000_000_000, 4_000_000_000_000_000]), months: 3 }));
    expect(broke.map((r) => r.endBalance)).toEqual([-100_000_000_000_000, -100_000_000_000_000, -100_000_000_000_000]);
  });

  it('has as many rows as asked', () => {
    expect(projectIncome(options({ months: 0 }))).toEqual([]);
    expect(projectIncome(options())).toHaveLength(4);
  });
});

describe('surplusTransfer (roundHalfUp(max(0, min(c, E)) × share / 100))', () => {
  it('moves a share of the month\'s own change, no more than the end balance', () => {
    expect(surplusTransfer(cents(150_000), cents(2_000_000), 80)).toBe(120_000); // 1 500.00 × 0.8
    expect(surplusTransfer(cents(150_000), cents(60_000), 100)).toBe(60_000); // after an overdraft of 900.00
    expect(surplusTransfer(cents(-5_000), cents(2_000_000), 100)).toBe(0);
    expect(surplusTransfer(cents(150_000), cents(-1), 100)).toBe(0);
    expect(surplusTransfer(cents(333), cents(10_000), 50)).toBe(167); // 166.5 → 167
    expect(surplusTransfer(cents(12_345), cents(100_000), 33.3)).toBe(4_111); // 4 110.885 → 4 111
  });
});

describe('surplusAccountOf', () => {
  const accounts: RetirementAccountInput[] = [
    { ...saver, id: 3, accountType: 'roth_ira' },
    { ...saver, id: 4, accountType: 'taxable' },
  ];
  it('names a taxable account of the input, else none', () => {
    expect([4, 3, 9, null].map((surplusAccountId) => surplusAccountOf(accounts, { ...NEUTRAL_ASSUMPTIONS, surplusAccountId }))).toEqual([4, null, null, null]);
    expect(surplusAccountOf(accounts, null)).toBe(null);
  });
});
