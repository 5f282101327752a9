import { describe, expect, it } from 'vitest';
import { cashCover, debtFreeFigure, financialHealth, moneyLasts, savingsRate } from './health.ts';
import { parseCents, type Cents } from './money.ts';
import { monthKey, type MonthKey } from './months.ts';
import { project } from './project.ts';
import type { IncomeMonth, ProjectionInput, RetirementAccountInput } from './types.ts';

/** Dollars → cents through text, as the app reads amounts. */
const c = (dollars: number): Cents => parseCents(dollars) as Cents;
const m = (text: string): MonthKey => text as MonthKey;

const account: RetirementAccountInput = {
  id: 1,
  name: '401k',
  contributionAmount: c(500),
  employerContributionAmount: c(250),
  startingBalance: c(0),
  expectedReturnRate: 0,
  contributionCycle: 'monthly',
  nextDepositDate: '2026-01-01',
};

/**
 * A household worked by hand:
 * - month 1 is 2026-01, today 2026-03; net pay 5 000.00 a month;
 * - an account at 0 % taking 500.00 from pay and 250.00 from the employer each month;
 * - rent 1 500.00, expenses 1 200.00, a 9 000.00 debt at 0 % paying 300.00 (30 payments: 2026-01
 *   … 2028-06);
 * - retiring 2030-01-01 for 1 year at 0 %, no Social Security.
 * Each month cash grows by 5 000 − 500 − 1 500 − 1 200 − 300 = 1 500.00.
 * The account holds 48 × 750.00 = 36 000.00 at retirement; living needs 1 500 + 1 200 = 2 700.00
 * a month, 32 400.00 for the year: the money lasts, with 3 600.00 left.
 */
const household: ProjectionInput = {
  today: monthKey(2026, 3),
  planStart: monthKey(2026, 1),
  incomes: [{ id: 1, payCycle: 'monthly', netPay: c(5000) }],
  debts: [{ id: 1, name: 'Car', originalAmount: c(9000), remainingAmount: c(9000), apr: 0, monthlyPayment: c(300), creationOrder: 1 }],
  debtPlan: null,
  housing: { housingType: 'Rent', totalMonthlyPayment: c(1500) },
  monthlyExpenses: [{ id: 1, amount: c(1200) }],
  otherExpenses: [],
  retirementAccounts: [account],
  retirementPlan: { retirementDate: '2030-01-01', interestRate: 0, socialSecurityIncome: c(0), socialSecurityStartDate: '2030-01-01', yearsOfRetirement: 1 },
  actuals: { debt: [], contribution: [], retirement: [], income: [] },
};

const healthOf = (input: ProjectionInput, birthYear: number | null = 1970) => financialHealth(project(input), input.today, birthYear);

describe('financialHealth', () => {
  it('reads the four figures of the current month', () => {
    expect(healthOf(household)).toEqual({
      today: '2026-03',
      debtFree: { status: 'debt-free', month: '2028-06', why: 'All debts paid off in 2028-06 under your plan.' },
      // Cash after 3 months: 3 × 1 500.00 = 4 500.00 over 1 500 + 1 200 + 300 = 3 000.00 → 1.5 months.
      cashCover: { tenths: 15, cash: 450_000, outgoings: 300_000, why: "Your cash of $4,500.00 covers 1.5 months of this month's outgoings of $3,000.00." },
      // 750 + 1 500 = 2 250.00 over 5 000 + 750 − 500 = 5 250.00 = 42.857… % → 4 286 bp.
      savingsRate: {
        basisPoints: 4286,
        savings: 225_000,
        contributions: 75_000,
        leftover: 150_000,
        netIncome: 500_000,
        income: 525_000,
        why: 'You save $2,250.00 of the $5,250.00 coming in this month (42.86%): $750.00 into retirement accounts and $1,500.00 left in cash.',
      },
      // Born 1970: 60 in 2030.
      moneyLasts: { lasts: true, runsOut: null, age: 60, through: '2030-12', why: 'Your savings cover every month of retirement through 2030-12 (age 60).' },
    });
  });

  it('says so when today has no income row (retired, or before the plan)', () => {
    const retired = healthOf({ ...household, today: monthKey(2030, 2) });
    const why = 'The plan has no income month for 2030-02: the income table runs 2026-01 to 2029-12.';
    expect(retired.cashCover).toEqual({ tenths: null, cash: null, outgoings: null, why });
    expect(retired.savingsRate).toEqual({ basisPoints: null, savings: null, contributions: null, leftover: null, netIncome: null, income: null, why });
    // The other two figures do not depend on today's row.
    expect(retired.debtFree.month).toBe('2028-06');
    expect(retired.moneyLasts.lasts).toBe(true);
    expect(healthOf({ ...household, today: monthKey(2025, 12) }).cashCover.why).toBe('The plan has no income month for 2025-12: the income table runs 2026-01 to 2029-12.');
  });

  it('says so when there is no income table at all', () => {
    // Retired before the plan start: no income rows.
    const health = healthOf({ ...household, retirementPlan: { ...household.retirementPlan!, retirementDate: '2025-06-01' } });
    expect(health.cashCover.why).toBe('The plan has no income months, so there is nothing to read for 2026-03.');
  });
});

describe('debtFreeFigure', () => {
  it('gives the last payoff month, in the past tense once it has passed', () => {
    const projection = project(household);
    expect(debtFreeFigure(projection, m('2026-03'))).toEqual({ status: 'debt-free', month: '2028-06', why: 'All debts paid off in 2028-06 under your plan.' });
    expect(debtFreeFigure(projection, m('2028-06')).why).toBe('All debts paid off in 2028-06 under your plan.');
    expect(debtFreeFigure(projection, m('2028-07')).why).toBe('All debts were paid off in 2028-06.');
  });

  it('takes the latest of several payoffs', () => {
    // A second debt of 1 000.00 paying 100.00: 10 payments, off in 2026-10; the car still ends 2028-06.
    const two = project({ ...household, debts: [...household.debts, { id: 2, name: 'Card', originalAmount: c(1000), remainingAmount: c(1000), apr: 0, monthlyPayment: c(100), creationOrder: 2 }] });
    expect(debtFreeFigure(two, m('2026-03')).month).toBe('2028-06');
  });

  it('with no debts: "You have no debts."', () => {
    expect(debtFreeFigure(project({ ...household, debts: [] }), m('2026-03'))).toEqual({ status: 'no-debts', month: null, why: 'You have no debts.' });
    // A debt owing nothing at month 1 is no debt.
    const paid = project({ ...household, debts: [{ ...household.debts[0]!, remainingAmount: c(0) }] });
    expect(debtFreeFigure(paid, m('2026-03')).status).toBe('no-debts');
  });

  it('never: a payment below the interest', () => {
    // 1 000.00 at 24 %: 20.00 of interest a month against a 10.00 payment; the debt only grows.
    const growing = project({ ...household, debts: [{ ...household.debts[0]!, remainingAmount: c(1000), apr: 24, monthlyPayment: c(10) }] });
    expect(debtFreeFigure(growing, m('2026-03'))).toEqual({
      status: 'never',
      month: null,
      why: 'At least one debt is never paid off under your plan: it is still owed when the projection stops.',
    });
  });
});

/** An income row with every column 0 but those given. */
function incomeRow(fields: Partial<IncomeMonth>): IncomeMonth {
  return { month: m('2026-03'), netIncome: c(0), retirementContributions: c(0), housing: c(0), expenses: c(0), other: c(0), debts: c(0), endBalance: c(0), inputEndBalance: null, ...fields };
}

describe('cashCover', () => {
  it('cash 10 000.00 over outgoings 3 000.00: 3.3 months', () => {
    // 1 000 000 × 10 / 300 000 = 33.33… → 33.
    const withActual = healthOf({ ...household, actuals: { ...household.actuals, income: [{ month: monthKey(2026, 3), endBalance: c(10000) }] } });
    expect(withActual.cashCover).toEqual({ tenths: 33, cash: 1_000_000, outgoings: 300_000, why: "Your cash of $10,000.00 covers 3.3 months of this month's outgoings of $3,000.00." });
  });

  it('rounds half-up: 10 050.00 over 3 000.00 is 33.5 tenths → 34', () => {
    expect(cashCover(incomeRow({ endBalance: c(10050), housing: c(1000), expenses: c(1000), other: c(500), debts: c(500) })).tenths).toBe(34);
    // One cent less: 10 049.99 × 10 / 3 000 = 33.4997 → 33.
    expect(cashCover(incomeRow({ endBalance: c(10049.99), housing: c(3000) })).tenths).toBe(33);
  });

  it('counts housing, expenses, other and debts, not retirement contributions', () => {
    // 600.00 over 100 + 200 + 300 + 400 = 1 000.00 → 6 tenths; the 5 000.00 contribution is not an outgoing.
    const figure = cashCover(incomeRow({ endBalance: c(600), retirementContributions: c(5000), housing: c(100), expenses: c(200), other: c(300), debts: c(400) }));
    expect([figure.tenths, figure.outgoings]).toEqual([6, 100_000]);
  });

  it('uses the actual end balance over the computed one', () => {
    expect(cashCover(incomeRow({ endBalance: c(100), inputEndBalance: c(2000), housing: c(1000) })).tenths).toBe(20);
  });

  it('no cash: 0 months', () => {
    expect(cashCover(incomeRow({ endBalance: c(-50), housing: c(1000) }))).toEqual({
      tenths: 0,
      cash: -5000,
      outgoings: 100_000,
      why: "You have no cash at the end of 2026-03 (-$50.00), so it covers none of the month's outgoings of $1,000.00.",
    });
    expect(cashCover(incomeRow({ endBalance: c(0), housing: c(1000) })).tenths).toBe(0);
  });

  it('no outgoings: no cover to give', () => {
    expect(cashCover(incomeRow({ endBalance: c(500) }))).toEqual({ tenths: null, cash: 50_000, outgoings: 0, why: 'Nothing goes out in 2026-03, so there are no outgoings for cash to cover.' });
  });
});

describe('savingsRate', () => {
  it('is the same whether the employee contribution is payroll-deducted or not', () => {
    // Net pay entered after the 500.00: 4 500.00, and the income table takes nothing more.
    // Leftover 4 500 − 0 − 3 000 = 1 500.00; savings 2 250.00; income 4 500 + 750 − 0 = 5 250.00 → 4 286 bp.
    const deducted = healthOf({ ...household, incomes: [{ id: 1, payCycle: 'monthly', netPay: c(4500) }], retirementAccounts: [{ ...account, payrollDeducted: true }] });
    expect(deducted.savingsRate).toMatchObject({ basisPoints: 4286, savings: 225_000, contributions: 75_000, leftover: 150_000, netIncome: 450_000, income: 525_000 });
    expect(deducted.cashCover.cash).toBe(c(4500));
  });

  it('without employer or payroll-deducted contributions, divides by net income', () => {
    // 200.00 employee only: leftover 5 000 − 200 − 3 000 = 1 800.00; savings 2 000.00 / 5 000.00 = 40.00 %.
    const plain = healthOf({ ...household, retirementAccounts: [{ ...account, contributionAmount: c(200), employerContributionAmount: c(0) }] });
    expect(plain.savingsRate).toMatchObject({ basisPoints: 4000, savings: 200_000, income: 500_000 });
  });

  it('rounds half-up to the basis point', () => {
    // Net 8 000.00, no accounts, expenses 6 999.60: leftover 1 000.40; 100 040 × 10 000 / 800 000 = 1 250.5 → 1 251.
    const figure = healthOf({ ...household, incomes: [{ id: 1, payCycle: 'monthly', netPay: c(8000) }], retirementAccounts: [], housing: null, debts: [], monthlyExpenses: [{ id: 1, amount: c(6999.6) }] }).savingsRate;
    expect(figure).toMatchObject({ basisPoints: 1251, savings: 100_040, contributions: 0, leftover: 100_040, income: 800_000 });
    expect(figure.why).toBe('You save $1,000.40 of the $8,000.00 coming in this month (12.51%): $0.00 into retirement accounts and $1,000.40 left in cash.');
  });

  it('floors the leftover at 0 when the month spends more than it earns', () => {
    // Net 3 000.00, contribution 200.00, expenses 3 500.00: 3 000 − 200 − 3 500 < 0 → leftover 0;
    // savings 200.00 / 3 000.00 = 6.666… % → 667 bp.
    const over = savingsRate(incomeRow({ netIncome: c(3000), retirementContributions: c(200), expenses: c(3500) }), c(200));
    expect(over).toMatchObject({ basisPoints: 667, savings: 20_000, leftover: 0, income: 300_000 });
  });

  it('counts a surplus transfer once, as a contribution', () => {
    // Net 1 000.00, expenses 400.00, 450.00 of the 600.00 moved to the surplus account (in the
    // contribution total's 450.00): leftover 600 − 450 = 150.00; savings 450 + 150 = 600.00;
    // income 1 000 + (450 − 0 − 450) = 1 000.00 → 6 000 bp.
    expect(savingsRate(incomeRow({ netIncome: c(1000), expenses: c(400), saved: c(450) }), c(450))).toMatchObject({ basisPoints: 6000, savings: 60_000, leftover: 15_000, income: 100_000 });
  });

  it('leaves cash interest out of the leftover', () => {
    // Leftover is 1 000 − 400 = 600.00 whatever the 50.00 of interest: 6 000 bp.
    expect(savingsRate(incomeRow({ netIncome: c(1000), expenses: c(400), interestEarned: c(50) }), c(0)).basisPoints).toBe(6000);
  });

  it('no net income: no rate', () => {
    const none = healthOf({ ...household, incomes: [] }).savingsRate;
    expect(none.basisPoints).toBeNull();
    expect(none.income).toBeNull();
    expect(none.why).toBe('No net income in 2026-03, so there is no savings rate.');
    expect(savingsRate(incomeRow({ netIncome: c(-10) }), c(0)).basisPoints).toBeNull();
  });
});

describe('moneyLasts', () => {
  it('runs out: the first month with a shortfall, and the age then', () => {
    // Expenses 3 000.00: living needs 4 500.00 a month; 36 000.00 pays 2030-01 … 2030-08 exactly,
    // and 2030-09 finds nothing.
    const short = project({ ...household, monthlyExpenses: [{ id: 1, amount: c(3000) }] });
    expect(moneyLasts(short, 1970)).toEqual({ lasts: false, runsOut: '2030-09', age: 60, through: '2030-12', why: 'Your savings run short in 2030-09, at age 60; the plan runs through 2030-12.' });
    expect(moneyLasts(short, null)).toEqual({ lasts: false, runsOut: '2030-09', age: null, through: '2030-12', why: 'Your savings run short in 2030-09; the plan runs through 2030-12.' });
  });

  it('lasts: the age at the end of the table', () => {
    expect(moneyLasts(project(household), 1975)).toMatchObject({ lasts: true, age: 55, through: '2030-12' });
    expect(moneyLasts(project(household), null).why).toBe('Your savings cover every month of retirement through 2030-12.');
  });

  it('without a retirement table nothing is known', () => {
    const expected = { lasts: null, runsOut: null, age: null, through: null, why: 'There is no retirement table yet: add a retirement plan and an account to see how long your savings last.' };
    expect(moneyLasts(project({ ...household, retirementPlan: null }), 1970)).toEqual(expected);
    expect(moneyLasts(project({ ...household, retirementAccounts: [] }), 1970)).toEqual(expected);
  });
});
