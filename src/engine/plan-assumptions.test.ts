import { describe, expect, it } from 'vitest';
import { NEUTRAL_ASSUMPTIONS, type PlanAssumptions } from './assumptions.ts';
import { cents } from './money.ts';
import { monthKey } from './months.ts';
import { project } from './project.ts';
import type { ProjectionInput, RetirementAccountInput } from './types.ts';

// Plan assumptions (docs/projection-rules.md#plan-assumptions) applied through `project`. Every
// expected figure is worked by hand in the comments.

const account = (id: number, contribution: number, payrollDeducted: boolean): RetirementAccountInput => ({
  id,
  name: `Account ${id}`,
  contributionAmount: cents(contribution),
  employerContributionAmount: cents(0),
  startingBalance: cents(0),
  expectedReturnRate: 0,
  contributionCycle: 'monthly',
  nextDepositDate: '2026-01-01',
  payrollDeducted,
});

/**
 * Pay 5 000.00 a month; rent 1 500.00; expenses 1 000.00 until 2026-06 and 200.00 for good; a
 * 401(k) taking 500.00 out of pay before the net (payroll deducted) and an IRA paid 100.00 from
 * the net; no debts, no retirement plan (so 360 months).
 */
const household: ProjectionInput = {
  today: monthKey(2026, 1),
  planStart: monthKey(2026, 1),
  incomes: [{ id: 1, payCycle: 'monthly', netPay: cents(500_000) }],
  debts: [],
  debtPlan: null,
  housing: { housingType: 'Rent', totalMonthlyPayment: cents(150_000) },
  monthlyExpenses: [
    { id: 1, amount: cents(100_000), endMonth: monthKey(2026, 6) },
    { id: 2, amount: cents(20_000) },
  ],
  otherExpenses: [],
  retirementAccounts: [account(1, 50_000, true), account(2, 10_000, false)],
  retirementPlan: null,
  actuals: { debt: [], contribution: [], retirement: [], income: [] },
};

const assumptions: PlanAssumptions = {
  ...NEUTRAL_ASSUMPTIONS,
  inflationRate: 3,
  salaryGrowthRate: 4,
  cashBalance: cents(1_000_000),
  cashInterestRate: 6,
};

describe('project with plan assumptions', () => {
  const rows = project({ ...household, assumptions }).income;

  it('opens on the cash balance, earns interest first, and subtracts only contributions not taken from pay', () => {
    // Month 1: interest 1 000 000 × 6 / 1200 = 5 000; retirement 10 000 (the IRA; the 401(k) is deducted);
    //   expenses 100 000 + 20 000 = 120 000; end 1 000 000 + 5 000 + 500 000 − 10 000 − 150 000 − 120 000 = 1 225 000.
    // Month 2: interest 1 225 000 × 0.005 = 6 125; end 1 225 000 + 6 125 + 220 000 = 1 451 125.
    expect(rows.slice(0, 2)).toEqual([
      { month: '2026-01', netIncome: 500_000, retirementContributions: 10_000, housing: 150_000, expenses: 120_000, other: 0, debts: 0, endBalance: 1_225_000, inputEndBalance: null, interestEarned: 5_000, saved: 0 },
      { month: '2026-02', netIncome: 500_000, retirementContributions: 10_000, housing: 150_000, expenses: 120_000, other: 0, debts: 0, endBalance: 1_451_125, inputEndBalance: null, interestEarned: 6_125, saved: 0 },
    ]);
  });

  it('ends an expense after its end month', () => {
    expect(rows.map((r) => r.expenses).slice(4, 8)).toEqual([120_000, 120_000, 20_000, 20_000]);
  });

  it('grows pay by salary growth and prices by inflation once a plan year', () => {
    // Month 12 still plan year 0; month 13: pay 500 000 × 1.04 = 520 000, rent 150 000 × 1.03 = 154 500,
    // the lasting expense 20 000 × 1.03 = 20 600; month 25: pay × 1.0816 = 540 800, rent × 1.0609 = 159 135.
    expect(rows[11]).toMatchObject({ month: '2026-12', netIncome: 500_000, housing: 150_000, expenses: 20_000 });
    expect(rows[12]).toMatchObject({ month: '2027-01', netIncome: 520_000, housing: 154_500, expenses: 20_600 });
    expect(rows[24]).toMatchObject({ month: '2028-01', netIncome: 540_800, housing: 159_135, expenses: 21_218 });
  });

  it('counts an income through its end month, and from today only from its next pay month', () => {
    const timed = project({
      ...household,
      incomes: [
        { id: 1, payCycle: 'monthly', netPay: cents(300_000), endMonth: monthKey(2026, 2) },
        { id: 2, payCycle: 'monthly', netPay: cents(400_000), nextPayMonth: monthKey(2026, 2) },
      ],
    }).income;
    // Today is 2026-01: source 2's next pay is in February, so January has only source 1's 3 000.00;
    // February both (3 000 + 4 000); March only source 2, source 1 having ended in February.
    expect(timed.slice(0, 3).map((r) => r.netIncome)).toEqual([300_000, 700_000, 400_000]);
  });

  it('keeps the pay of months before today when the next pay lies ahead', () => {
    // Plan start 2026-01, today 2026-03, next pay 2026-04: January and February were paid,
    // March is not, April is again.
    const later = project({
      ...household,
      today: monthKey(2026, 3),
      incomes: [{ id: 1, payCycle: 'monthly', netPay: cents(250_000), nextPayMonth: monthKey(2026, 4) }],
    }).income;
    expect(later.slice(0, 4).map((r) => r.netIncome)).toEqual([250_000, 250_000, 0, 250_000]);
  });

  it('grows Social Security by its COLA from plan year 2 on', () => {
    // Retirement 2026-12 (month 12) for one year; Social Security 2 000.00 from 2026-12 at 2.5 %:
    // month 12 200 000, month 13 (2027-01) 200 000 × 1.025 = 205 000.
    const retired = project({
      ...household,
      retirementPlan: { retirementDate: '2026-12-01', interestRate: 0, socialSecurityIncome: cents(200_000), socialSecurityStartDate: '2026-12-01', yearsOfRetirement: 1 },
      assumptions: { ...NEUTRAL_ASSUMPTIONS, socialSecurityCola: 2.5 },
    }).retirementTotal;
    expect(retired.filter((r) => r.month === '2026-12' || r.month === '2027-01').map((r) => r.socialSecurityIncome)).toEqual([200_000, 205_000]);
  });

  it('inflates a mortgage\'s escrow but not its principal and interest', () => {
    // P&I 1 000.00 on a 0 % loan of 50 000.00 never pays off within 13 months; escrow 300.00 grows to 309.00.
    const owned = project({
      ...household,
      housing: { housingType: 'Mortgage', totalMonthlyPayment: cents(130_000), interestRate: 0, currentBalance: cents(5_000_000), escrowPayment: cents(30_000) },
      assumptions,
    }).income;
    expect([owned[0]?.housing, owned[12]?.housing]).toEqual([130_000, 130_900]);
  });
});

describe('the neutral rule', () => {
  it('without assumptions or new fields the tables follow the base rules, byte for byte', () => {
    const plain: ProjectionInput = {
      ...household,
      monthlyExpenses: [{ id: 1, amount: cents(100_000) }, { id: 2, amount: cents(20_000) }],
      retirementAccounts: household.retirementAccounts.map(({ payrollDeducted: _ignored, ...rest }) => rest),
    };
    const neutral = project(plain);
    // The base rules by hand: every month 500 000 − 60 000 (both accounts) − 150 000 − 120 000 =
    // 170 000 more.
    expect(neutral.income.slice(0, 3).map((r) => r.endBalance)).toEqual([170_000, 340_000, 510_000]);
    expect(neutral.income.every((r) => !('interestEarned' in r))).toBe(true);
  });

  it('a record of neutral assumptions changes no figure, and only adds the interest and saved columns', () => {
    const plain = project({ ...household, retirementAccounts: household.retirementAccounts.map((a) => ({ ...a, payrollDeducted: false })) });
    const withRecord = project({ ...household, retirementAccounts: household.retirementAccounts.map((a) => ({ ...a, payrollDeducted: false })), assumptions: NEUTRAL_ASSUMPTIONS });
    expect(withRecord.income.map(({ interestEarned, saved, ...row }) => [interestEarned, saved, row])).toEqual(plain.income.map((row) => [0, 0, row]));
    expect(withRecord.retirementTotal).toEqual(plain.retirementTotal);
  });
});

describe('retirement with plan assumptions', () => {
  /**
   * Month 1 (2026-01) before retirement, then a year of living from 2026-02 at a 0 % plan rate:
   * rent 1 000.00 is the whole need (Social Security starts long after). No pay: cash 2 500.00
   * pays month 1's rent and enters retirement at 1 500.00.
   */
  const retiree = (accounts: RetirementAccountInput[], extra: Partial<PlanAssumptions>) =>
    project({
      ...household,
      incomes: [],
      monthlyExpenses: [],
      housing: { housingType: 'Rent', totalMonthlyPayment: cents(100_000) },
      retirementAccounts: accounts,
      retirementPlan: { retirementDate: '2026-02-01', interestRate: 0, socialSecurityIncome: cents(0), socialSecurityStartDate: '2090-01-01', yearsOfRetirement: 1 },
      assumptions: { ...NEUTRAL_ASSUMPTIONS, cashBalance: cents(250_000), ...extra },
    });
  const holding = (id: number, balance: number, accountType: string): RetirementAccountInput => ({ ...account(id, 0, false), startingBalance: cents(balance), accountType });

  it('spends cash first, then grosses traditional withdrawals up by the tax rate', () => {
    const total = retiree([holding(1, 1_000_000, 'traditional_401k')], { spendCashInRetirement: true, retirementTaxRate: 20 }).retirementTotal;
    // 2026-02: cash 150 000 pays 100 000 (50 000 left); nothing withdrawn.
    // 2026-03: cash pays its last 50 000; the net 50 000 left is 50 000 / 0.8 = 62 500 gross, 12 500 tax.
    // 2026-04: 100 000 net → 125 000 gross, 25 000 tax; balance 1 000 000 − 62 500 − 125 000 = 812 500.
    expect(total.slice(1, 4).map((r) => [r.month, r.cashWithdrawals, r.cashBalance, r.withdrawals, r.taxes, r.balance, r.shortfall])).toEqual([
      ['2026-02', 100_000, 50_000, 0, 0, 1_000_000, 0],
      ['2026-03', 50_000, 0, 62_500, 12_500, 937_500, 0],
      ['2026-04', 0, 0, 125_000, 25_000, 812_500, 0],
    ]);
    // Before retirement the cash is the income table's: no cash columns on that row.
    expect(total[0]).not.toHaveProperty('cashBalance');
  });

  it('taxes only the traditional account\'s share', () => {
    const total = retiree([holding(1, 600_000, 'traditional_ira'), holding(2, 400_000, 'roth_ira')], { retirementTaxRate: 20 });
    // Need 100 000 shared 60 000 / 40 000 by balance; the traditional 60 000 → 75 000 gross, 15 000 tax.
    expect(total.retirement.map((a) => [a.months[1]?.withdrawals, a.months[1]?.taxes])).toEqual([
      [75_000, 15_000],
      [40_000, 0],
    ]);
    expect(total.retirementTotal[1]).toMatchObject({ withdrawals: 115_000, taxes: 15_000, shortfall: 0 });
  });

  it('caps a grossed-up withdrawal at the balance and counts the net it could not pay as shortfall', () => {
    // Cash 1 000.00 pays month 1's rent and enters retirement at 0, so nothing covers what the account cannot.
    const total = retiree([holding(1, 100_000, 'traditional_401k')], { retirementTaxRate: 20, cashBalance: cents(100_000) }).retirementTotal;
    // 100 000 net would need 125 000; the account holds 100 000: it pays 100 000 gross, 20 000 tax,
    // 80 000 net, so 20 000 of the need goes unmet; the next month it has nothing.
    expect(total.slice(1, 3).map((r) => [r.withdrawals, r.taxes, r.balance, r.shortfall])).toEqual([
      [100_000, 20_000, 0, 20_000],
      [0, 0, 0, 100_000],
    ]);
  });
});
