import { describe, expect, it } from 'vitest';
import { NEUTRAL_ASSUMPTIONS } from './assumptions.ts';
import {
  balanceTrend,
  compareDebtPlans,
  contributionTotals,
  debtFreeMonth,
  debtTotals,
  incomeAverages,
  incomeDisplayEndBalance,
  incomeEndBalances,
  incomeTotalExpenses,
  lastMonthsAverage,
  moneyRunsOutMonth,
  percentPaidBand,
  projectedEndBalanceAt,
  retirementLivingTotals,
} from './insights.ts';
import type { Cents } from './money.ts';
import { cents, divRoundHalfUp } from './money.ts';
import type { MonthKey } from './months.ts';
import { addMonths, monthKey } from './months.ts';
import { project } from './project.ts';
import type {
  ContributionMonth,
  DebtInput,
  DebtMonth,
  DebtProjection,
  IncomeMonth,
  ProjectionInput,
  RetirementMonth,
  RetirementTotalMonth,
} from './types.ts';

const start: MonthKey = monthKey(2026, 1);
const c = (values: readonly number[]): Cents[] => values.map((v) => cents(v));

function incomeRow(month: MonthKey, fields: Partial<IncomeMonth> = {}): IncomeMonth {
  return {
    month,
    netIncome: cents(0),
    retirementContributions: cents(0),
    housing: cents(0),
    expenses: cents(0),
    other: cents(0),
    debts: cents(0),
    endBalance: cents(0),
    inputEndBalance: null,
    ...fields,
  };
}

function retirementRow(month: MonthKey, fields: Partial<RetirementMonth> = {}): RetirementMonth {
  return {
    month,
    balance: cents(0),
    displayBalance: cents(0),
    inputBalance: null,
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

function debtProjection(id: number, payoffMonth: MonthKey | null, truncated = false): DebtProjection {
  return { id, name: `Debt ${id}`, apr: 0, monthlyPayment: cents(100), payoffMonth, truncated, months: [] };
}

describe('projectedEndBalanceAt', () => {
  // Rows 2026-01 … 2045-12 (240 months), each worth its index.
  const rows = Array.from({ length: 240 }, (_, i) => ({ month: addMonths(start, i), value: cents(i) }));

  it('reads the row dated today + years × 12 months', () => {
    expect(projectedEndBalanceAt(rows, monthKey(2026, 3), 5)).toBe(62); // 2031-03 is index 62
    expect(projectedEndBalanceAt(rows, monthKey(2026, 3), 10)).toBe(122);
    expect(projectedEndBalanceAt(rows, start, 0)).toBe(0);
  });

  it('is null (N/A) when no row has that month', () => {
    expect(projectedEndBalanceAt(rows, monthKey(2026, 3), 20)).toBeNull(); // 2046-03 is past the last row
    expect(projectedEndBalanceAt(rows, monthKey(2020, 1), 5)).toBeNull(); // 2025-01 is before month 1
  });

  it('is 0 when there are no rows at all', () => {
    expect(projectedEndBalanceAt([], start, 5)).toBe(0);
  });

  it('income rows show the actual end balance when there is one', () => {
    const income = [
      incomeRow(monthKey(2026, 1), { endBalance: cents(100) }),
      incomeRow(monthKey(2026, 2), { endBalance: cents(200), inputEndBalance: cents(-50) }),
    ];
    expect(incomeDisplayEndBalance(income[1]!)).toBe(-50);
    expect(incomeEndBalances(income)).toEqual([
      { month: '2026-01', value: 100 },
      { month: '2026-02', value: -50 },
    ]);
    expect(projectedEndBalanceAt(incomeEndBalances(income), monthKey(2025, 2), 1)).toBe(-50);
  });
});

describe('lastMonthsAverage', () => {
  it('averages the last 3 or 6 values', () => {
    expect(lastMonthsAverage(c([100, 200, 300, 400]), 3)).toBe(300);
    expect(lastMonthsAverage(c([1, 2, 3, 4, 5, 6, 7]), 6)).toBe(5); // 27 / 6 = 4.5 → 5
  });

  it('rounds half-up (away from zero) once', () => {
    expect(lastMonthsAverage(c([1, 1, 2]), 3)).toBe(1); // 4/3
    expect(lastMonthsAverage(c([1, 2, 2]), 3)).toBe(2); // 5/3
    expect(lastMonthsAverage(c([0, 0, 0, 0, 0, 3]), 6)).toBe(1); // 0.5 → 1
    expect(lastMonthsAverage(c([0, 0, 0, 0, 0, -3]), 6)).toBe(-1); // −0.5 → −1
  });

  it('is null with fewer values than the window', () => {
    expect(lastMonthsAverage(c([1, 2]), 3)).toBeNull();
    expect(lastMonthsAverage(c([1, 2, 3, 4, 5]), 6)).toBeNull();
    expect(lastMonthsAverage([], 3)).toBeNull();
  });
});

describe('balanceTrend', () => {
  it('Growing when the last balance exceeds the first, Declining otherwise', () => {
    expect(balanceTrend(c([100, 50, 101]))).toBe('Growing');
    expect(balanceTrend(c([100, 500, 99]))).toBe('Declining');
    // "Declining otherwise" (docs/product.md#constants-and-limits) includes an unchanged balance.
    expect(balanceTrend(c([100, 100]))).toBe('Declining');
  });

  it('Stable with fewer than 2 values', () => {
    expect(balanceTrend(c([100]))).toBe('Stable');
    expect(balanceTrend([])).toBe('Stable');
  });
});

describe('percentPaidBand', () => {
  it('uses the 50 and 25 thresholds', () => {
    expect([100, 50, 49.99, 25, 24.99, 0, -3].map(percentPaidBand)).toEqual(['high', 'high', 'medium', 'medium', 'low', 'low', 'low']);
  });
});

describe('debtFreeMonth', () => {
  it('is the latest payoff month', () => {
    expect(debtFreeMonth({ debts: [debtProjection(1, monthKey(2029, 11)), debtProjection(2, monthKey(2027, 3))] })).toEqual({
      month: '2029-11',
      never: false,
    });
  });

  it('ignores a debt that owed nothing at month 1; no debt owed → no month', () => {
    expect(debtFreeMonth({ debts: [debtProjection(1, null), debtProjection(2, monthKey(2027, 3))] })).toEqual({ month: '2027-03', never: false });
    expect(debtFreeMonth({ debts: [debtProjection(1, null)] })).toEqual({ month: null, never: false });
    expect(debtFreeMonth({ debts: [] })).toEqual({ month: null, never: false });
  });

  it('flags never when a debt is never paid off', () => {
    expect(debtFreeMonth({ debts: [debtProjection(1, monthKey(2027, 3)), debtProjection(2, null, true)] })).toEqual({ month: null, never: true });
  });
});

describe('moneyRunsOutMonth', () => {
  const row = (month: MonthKey, shortfall: number): RetirementTotalMonth => ({ ...retirementRow(month), shortfall: cents(shortfall) });

  it('is the first month with a shortfall', () => {
    const rows = [row(monthKey(2050, 1), 0), row(monthKey(2050, 2), 0), row(monthKey(2050, 3), 12), row(monthKey(2050, 4), 500)];
    expect(moneyRunsOutMonth({ retirementTotal: rows })).toBe('2050-03');
  });

  it('is null when the money lasts or there is no retirement table', () => {
    expect(moneyRunsOutMonth({ retirementTotal: [row(monthKey(2050, 1), 0)] })).toBeNull();
    expect(moneyRunsOutMonth({ retirementTotal: [] })).toBeNull();
  });
});

describe('debtTotals', () => {
  it('sums payments, interest and principal', () => {
    const rows: DebtMonth[] = [
      { month: monthKey(2026, 1), payment: cents(30000), principalPaid: cents(29000), interestPaid: cents(1000), remainingAmount: cents(71000), displayEndBalance: cents(71000), percentPaid: 29, inputRemainingBalance: null },
      { month: monthKey(2026, 2), payment: cents(30000), principalPaid: cents(29290), interestPaid: cents(710), remainingAmount: cents(41710), displayEndBalance: cents(41710), percentPaid: 58.29, inputRemainingBalance: null },
    ];
    expect(debtTotals(rows)).toEqual({ totalPayments: 60000, interestPaid: 1710, principalPaid: 58290 });
    expect(debtTotals([])).toEqual({ totalPayments: 0, interestPaid: 0, principalPaid: 0 });
  });
});

describe('contributionTotals', () => {
  const row = (contributions: number, interest: number, balance: number, display = balance): ContributionMonth => ({
    month: start,
    contributions: cents(contributions),
    totalContributions: cents(0),
    interestEarned: cents(interest),
    balance: cents(balance),
    displayBalance: cents(display),
    inputEndBalance: display === balance ? null : cents(display),
    withdrawals: cents(0),
  });

  it('sums contributions and interest; the balance at retirement is the last display balance', () => {
    expect(contributionTotals([row(30000, 100, 1030100), row(30000, 150, 1060250, 1000000)])).toEqual({
      totalContributions: 60000,
      totalInterest: 250,
      balanceAtRetirement: 1000000,
    });
  });

  it('is 0 with no rows', () => {
    expect(contributionTotals([])).toEqual({ totalContributions: 0, totalInterest: 0, balanceAtRetirement: 0 });
  });
});

describe('retirementLivingTotals', () => {
  const retirement = monthKey(2026, 3);
  const rows = [
    retirementRow(monthKey(2026, 1), { interestEarned: cents(10), displayBalance: cents(1000) }),
    retirementRow(monthKey(2026, 2), { interestEarned: cents(10), displayBalance: cents(900), inputBalance: cents(900) }),
    retirementRow(monthKey(2026, 3), { interestEarned: cents(9), withdrawals: cents(300), displayBalance: cents(609) }),
    retirementRow(monthKey(2026, 4), { interestEarned: cents(6), withdrawals: cents(300), displayBalance: cents(315) }),
  ];

  it('sums withdrawals and interest; the balance at retirement is the one living opens on', () => {
    expect(retirementLivingTotals(rows, retirement)).toEqual({
      totalWithdrawals: 600,
      totalInterest: 35,
      balanceAtRetirement: 900,
      balanceAtEndOfRetirement: 315,
    });
  });

  it('has no balance at retirement when the rows start in retirement', () => {
    expect(retirementLivingTotals(rows.slice(2), retirement)).toMatchObject({ balanceAtRetirement: null, balanceAtEndOfRetirement: 315 });
    expect(retirementLivingTotals([], retirement)).toEqual({ totalWithdrawals: 0, totalInterest: 0, balanceAtRetirement: null, balanceAtEndOfRetirement: 0 });
  });
});

describe('incomeAverages', () => {
  it('total expenses are every outflow of the end balance formula', () => {
    const row = incomeRow(start, { retirementContributions: cents(1), housing: cents(20), expenses: cents(300), other: cents(4000), debts: cents(50000) });
    expect(incomeTotalExpenses(row)).toBe(54321);
  });

  it('averages each figure from its exact sum, rounded half-up once', () => {
    const rows = [
      incomeRow(monthKey(2026, 1), { netIncome: cents(300000), housing: cents(60000), expenses: cents(40000) }),
      incomeRow(monthKey(2026, 2), { netIncome: cents(300001), housing: cents(60000), expenses: cents(39999), other: cents(1) }),
    ];
    expect(incomeAverages(rows)).toEqual({
      averageNetIncome: 300001, // 300 000.5 → 300 001
      averageTotalExpenses: 100000,
      averageIncomeLessExpenses: 200001, // 200 000.5 → 200 001
    });
  });

  it('agrees with the change of the computed end balance on a projection', () => {
    const { income } = project(household);
    const averages = incomeAverages(income);
    // Without actuals the end balance moves by net − total expenses each month.
    const last = income.at(-1)!;
    expect(averages.averageIncomeLessExpenses).toBe(divRoundHalfUp(BigInt(last.endBalance), BigInt(income.length)));
  });

  it('is 0 with no rows', () => {
    expect(incomeAverages([])).toEqual({ averageNetIncome: 0, averageTotalExpenses: 0, averageIncomeLessExpenses: 0 });
  });
});

function debt(id: number, remaining: number, apr: number, minimum: number): DebtInput {
  return { id, name: `Debt ${id}`, originalAmount: cents(remaining), remainingAmount: cents(remaining), apr, monthlyPayment: cents(minimum), creationOrder: id };
}

const household: ProjectionInput = {
  today: monthKey(2026, 2),
  planStart: start,
  incomes: [{ id: 1, payCycle: 'biweekly', netPay: cents(150000) }],
  // A 100.00 at 12 %, minimum 50.00; B 80.00 at 0 %, minimum 50.00.
  debts: [debt(1, 10000, 12, 5000), debt(2, 8000, 0, 5000)],
  debtPlan: { planType: 'snowball', extraPayment: cents(5000) },
  housing: { housingType: 'Rent', totalMonthlyPayment: cents(100000) },
  monthlyExpenses: [{ id: 1, amount: cents(33333) }],
  otherExpenses: [{ id: 1, month: monthKey(2026, 5), amount: cents(12345) }],
  retirementAccounts: [],
  retirementPlan: null,
  actuals: { debt: [], contribution: [], retirement: [], income: [] },
};

describe('compareDebtPlans', () => {
  // Hand-computed, budget 50 + 50 + extra 50 = 150.00 under the plans:
  //   none:      A m1 1.00 interest → 51.00; m2 0.51 → 1.51; m3 0.0151 → 0.02, pays 1.53 (2026-03).
  //              B 80 → 30 → 0 (2026-02). Interest 1.53, payments 181.53.
  //   avalanche: A first. m1 A pays 50 + 50 → 1.00, B pays 50 → 30.00; m2 A pays 1.01, B 30.00.
  //              Interest 1.01, payments 181.01, all paid 2026-02.
  //   snowball:  B first. m1 B pays 80.00 (off), A gets 50 + 20 = 70 → 31.00; m2 A 0.31 → pays 31.31.
  //              Interest 1.31, payments 181.31.
  const plans = compareDebtPlans(household);

  it('gives each debt\'s payoff month and the debt-free month of every plan', () => {
    expect(plans.none.debts.map((d) => d.payoffMonth)).toEqual(['2026-03', '2026-02']);
    expect(plans.snowball.debts.map((d) => d.payoffMonth)).toEqual(['2026-02', '2026-01']);
    expect(plans.avalanche.debts.map((d) => d.payoffMonth)).toEqual(['2026-02', '2026-02']);
    expect(plans.none.debtFree).toEqual({ month: '2026-03', never: false });
    expect(plans.snowball.debtFree).toEqual({ month: '2026-02', never: false });
  });

  it('gives the total interest and the interest saved against none', () => {
    expect([plans.none, plans.snowball, plans.avalanche].map((p) => [p.planType, p.extraPayment, p.totalInterest, p.totalPayments, p.interestSaved])).toEqual([
      ['none', 0, 153, 18153, 0],
      ['snowball', 5000, 131, 18131, 22],
      ['avalanche', 5000, 101, 18101, 52],
    ]);
  });

  it('the user\'s own plan matches the projection, actuals included', () => {
    const withActual = { ...household, actuals: { ...household.actuals, debt: [{ debtId: 1, month: monthKey(2026, 1), remaining: cents(4000) }] } };
    const projection = project(withActual);
    const compared = compareDebtPlans(withActual).snowball;
    expect(compared.debts.map((d) => d.payoffMonth)).toEqual(projection.debts.map((d) => d.payoffMonth));
    expect(compared.totalInterest).toBe(debtTotals(projection.debtTotal).interestPaid);
  });

  it('in today\'s dollars, sums each month\'s payment divided by its plan year\'s inflation', () => {
    // 1 300.00 at 0 % paying 100.00: 13 payments, months 1–13. At 3 %: months 1–12 count 100.00
    // each, month 13 (plan year 1) 100.00 / 1.03 = 97.087… → 97.09; total 1 297.09.
    const single = { ...household, debts: [debt(1, 130000, 0, 10000)], debtPlan: null, assumptions: { ...NEUTRAL_ASSUMPTIONS, inflationRate: 3 } };
    expect(compareDebtPlans(single).none.totalPayments).toBe(130000);
    expect(compareDebtPlans(single, { todaysDollars: true }).none.totalPayments).toBe(129709);
    expect(compareDebtPlans({ ...single, assumptions: null }, { todaysDollars: true }).none.totalPayments).toBe(130000);
  });

  it('without a debt plan the plans spend no extra payment', () => {
    const none = compareDebtPlans({ ...household, debtPlan: null });
    expect(none.snowball.extraPayment).toBe(0);
    // Budget 100.00: m1 each pays its minimum (A → 51.00, B → 30.00); m2 B pays 30.00 and A takes
    // the 20.00 B's minimum frees, so its 51.51 is paid a month earlier than under none.
    expect(none.snowball.debts.map((d) => d.payoffMonth)).toEqual(['2026-02', '2026-02']);
    expect(none.snowball.totalInterest).toBe(151);
  });

  it('no interest saved when a plan leaves a debt unpaid', () => {
    // A 1 000.00 at 24 % paying 10.00 never gets ahead of its 20.00 of interest on its own.
    const plans = compareDebtPlans({ ...household, debts: [debt(1, 100000, 24, 1000), debt(2, 10000, 0, 10000)], debtPlan: { planType: 'avalanche', extraPayment: cents(20000) } });
    expect(plans.none.debtFree).toEqual({ month: null, never: true });
    expect(plans.none.interestSaved).toBeNull();
    expect(plans.avalanche.debtFree.never).toBe(false);
    expect(plans.avalanche.interestSaved).toBeNull();
  });

  it('no debts: nothing to pay under any plan', () => {
    const plans = compareDebtPlans({ ...household, debts: [] });
    expect(plans.avalanche).toEqual({ planType: 'avalanche', extraPayment: 5000, debts: [], debtFree: { month: null, never: false }, totalInterest: 0, totalPayments: 0, interestSaved: 0 });
  });
});
