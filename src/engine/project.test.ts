import { describe, expect, it } from 'vitest';
import { MAX_BALANCE, MAX_PROJECTION_MONTHS } from './horizon.ts';
import { cents } from './money.ts';
import { monthKey } from './months.ts';
import { project } from './project.ts';
import type { ProjectionInput } from './types.ts';

/**
 * A small household, hand-computed:
 *   pay 3 000.00 monthly; rent 1 000.00; expenses 500.00; one debt 300.00 at 0 %, 100.00 a month;
 *   one account 10 000.00 at 0 %, 200.00 + 100.00 employer monthly from 2026-01;
 *   retirement 2026-03 for 1 year, plan rate 0, Social Security 1 000.00 from 2026-04.
 */
const household: ProjectionInput = {
  today: monthKey(2026, 2),
  planStart: monthKey(2026, 1),
  incomes: [{ id: 1, payCycle: 'monthly', netPay: cents(300000) }],
  debts: [
    { id: 4, name: 'Card', originalAmount: cents(30000), remainingAmount: cents(30000), apr: 0, monthlyPayment: cents(10000), creationOrder: 1 },
  ],
  debtPlan: null,
  housing: { housingType: 'Rent', totalMonthlyPayment: cents(100000) },
  monthlyExpenses: [{ id: 1, amount: cents(50000) }],
  otherExpenses: [],
  retirementAccounts: [
    {
      id: 9,
      name: 'IRA',
      contributionAmount: cents(20000),
      employerContributionAmount: cents(10000),
      startingBalance: cents(1000000),
      expectedReturnRate: 0,
      contributionCycle: 'monthly',
      nextDepositDate: '2026-01-01',
    },
  ],
  retirementPlan: {
    retirementDate: '2026-03-01',
    interestRate: 0,
    socialSecurityIncome: cents(100000),
    socialSecurityStartDate: '2026-04-01',
    yearsOfRetirement: 1,
  },
  actuals: { debt: [], contribution: [], retirement: [], income: [] },
};

describe('project: a hand-computed household', () => {
  const result = project(household);

  it('debts: three payments of 100.00', () => {
    expect(result.debts).toHaveLength(1);
    expect(result.debts[0]).toMatchObject({ id: 4, name: 'Card', apr: 0, monthlyPayment: 10000, payoffMonth: '2026-03', truncated: false });
    expect(result.debtTotal.map((r) => [r.month, r.payment, r.displayEndBalance])).toEqual([
      ['2026-01', 10000, 20000],
      ['2026-02', 10000, 10000],
      ['2026-03', 10000, 0],
    ]);
  });

  it('income: two months before retirement, employee contributions only', () => {
    // 3 000 − 200 − 1 000 − 500 − 100 = 1 200.00 a month.
    expect(result.income.map((r) => [r.month, r.retirementContributions, r.debts, r.endBalance])).toEqual([
      ['2026-01', 20000, 10000, 120000],
      ['2026-02', 20000, 10000, 240000],
    ]);
  });

  it('contributions: two months before retirement, employee + employer', () => {
    expect(result.contributions[0]?.months.map((r) => [r.contributions, r.totalContributions, r.balance])).toEqual([
      [30000, 30000, 1030000],
      [30000, 60000, 1060000],
    ]);
    expect(result.contributionTotal).toEqual(result.contributions[0]?.months);
  });

  it('retirement: the contribution rows, then 12 living months drawing the need', () => {
    const rows = result.retirementTotal;
    expect(rows).toHaveLength(14);
    expect(rows[0]).toMatchObject({ month: '2026-01', balance: 1030000, contributions: 30000, withdrawals: 0, shortfall: 0 });
    // Mar: rent 1 000 + debt 100 + expenses 500 = 1 600.00, no Social Security yet.
    expect(rows[2]).toMatchObject({ month: '2026-03', housing: 100000, debts: 10000, monthlyExpenses: 50000, socialSecurityIncome: 0, withdrawals: 160000, balance: 900000 });
    // Apr on: 1 500.00 − 1 000.00 Social Security = 500.00.
    expect(rows[3]).toMatchObject({ month: '2026-04', debts: 0, socialSecurityIncome: 100000, withdrawals: 50000, balance: 850000 });
    expect(rows.at(-1)).toMatchObject({ month: '2027-02', balance: 350000, displayBalance: 350000, totalContributions: 60000, shortfall: 0 });
    expect(result.retirement[0]?.months).toHaveLength(14);
    expect(result.truncated).toBe(false);
  });
});

describe('project: actuals', () => {
  it('apply from month 1 through today and are ignored outside that window', () => {
    const result = project({
      ...household,
      actuals: {
        debt: [
          { debtId: 4, month: monthKey(2026, 1), remaining: cents(25000) },
          { debtId: 4, month: monthKey(2026, 3), remaining: cents(1) },
        ],
        contribution: [{ accountId: 9, month: monthKey(2025, 12), endBalance: cents(1) }],
        retirement: [{ accountId: 9, month: monthKey(2026, 3), balance: cents(1) }],
        income: [
          { month: monthKey(2026, 2), endBalance: cents(-100) },
          { month: monthKey(2025, 12), endBalance: cents(999999) },
        ],
      },
    });
    // Jan actual 250.00 → Feb 150.00 → Mar 50.00 → Apr pays 50.00; the Mar actual (after today) is ignored.
    expect(result.debtTotal.map((r) => r.payment)).toEqual([10000, 10000, 10000, 5000]);
    expect(result.debts[0]?.months.map((r) => r.inputRemainingBalance)).toEqual([25000, null, null, null]);
    expect(result.contributions[0]?.months.map((r) => r.inputEndBalance)).toEqual([null, null]);
    expect(result.income.map((r) => [r.endBalance, r.inputEndBalance])).toEqual([
      [120000, null],
      [240000, -100],
    ]);
    expect(result.retirement[0]?.months[2]?.inputBalance).toBeNull();
    // The longer debt feeds the retirement need: Apr has 50.00 of debt payments.
    expect(result.retirementTotal[3]).toMatchObject({ debts: 5000, withdrawals: 55000 });
  });

  it('a future month becomes effective once today reaches it', () => {
    const actuals = { ...household.actuals, debt: [{ debtId: 4, month: monthKey(2026, 3), remaining: cents(5000) }] };
    expect(project({ ...household, actuals }).debtTotal).toHaveLength(3);
    expect(project({ ...household, today: monthKey(2026, 3), actuals }).debtTotal.map((r) => r.payment)).toEqual([10000, 10000, 10000, 5000]);
  });
});

describe('project: horizons', () => {
  it('without a retirement plan: 360 income and contribution months and an empty retirement table', () => {
    const result = project({ ...household, retirementPlan: null });
    expect(result.income).toHaveLength(360);
    expect(result.contributions[0]?.months).toHaveLength(360);
    expect(result.income.at(-1)?.month).toBe('2055-12');
    expect(result.retirement).toEqual([{ id: 9, name: 'IRA', months: [] }]);
    expect(result.retirementTotal).toEqual([]);
    // Debt payments stop after the payoff.
    expect(result.income.slice(0, 4).map((r) => r.debts)).toEqual([10000, 10000, 10000, 0]);
  });

  it('a retirement date before the plan start: no income or contribution rows, living from month 1', () => {
    const result = project({ ...household, retirementPlan: { ...household.retirementPlan!, retirementDate: '2025-07-01' } });
    expect(result.income).toEqual([]);
    expect(result.contributions[0]?.months).toEqual([]);
    expect(result.contributionTotal).toEqual([]);
    // Retirement 2025-07 for a year ends after 2026-06: six living months from 2026-01.
    expect(result.retirementTotal.map((r) => r.month)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']);
    expect(result.retirementTotal[0]).toMatchObject({ withdrawals: 160000, balance: 840000, socialSecurityIncome: 0 });
  });

  it('no accounts: no contribution or retirement totals, income still runs', () => {
    const result = project({ ...household, retirementAccounts: [] });
    expect(result.contributionTotal).toEqual([]);
    expect(result.retirementTotal).toEqual([]);
    expect(result.income.map((r) => r.endBalance)).toEqual([140000, 280000]);
  });

  it('a debt that never pays off is cut at the horizon and reported', () => {
    // 100 000.00 at 24 % paying exactly its 2 000.00 interest.
    const result = project({
      ...household,
      debts: [{ ...household.debts[0]!, remainingAmount: cents(10000000), apr: 24, monthlyPayment: cents(200000) }],
    });
    expect(result.truncated).toBe(true);
    expect(result.debts[0]).toMatchObject({ payoffMonth: null, truncated: true });
    expect(result.debtTotal).toHaveLength(MAX_PROJECTION_MONTHS);
    expect(result.retirementTotal.at(-1)?.debts).toBe(200000);
  });

  it('the largest pay: the income balance is held at $1 trillion, and the projection says a limit shaped it', () => {
    // Three sources of 99 999 999 999.99 weekly = 3 × 43 333 333 333 329¢ = 129 999 999 999 987¢ a
    // month: past 100 000 000 000 000¢ in month 1, and held there every month.
    const rich = { ...household.incomes[0]!, payCycle: 'weekly' as const, netPay: cents(9_999_999_999_999) };
    const result = project({ ...household, incomes: [rich, { ...rich, id: 2 }, { ...rich, id: 3 }] });
    expect(result.income.map((r) => r.endBalance)).toEqual([MAX_BALANCE, MAX_BALANCE]);
    expect(result.truncated).toBe(true);
  });

  it('an actual the minimum cannot keep up with: the debt grows to MAX_BALANCE and stops, without throwing', () => {
    // 1.00 owed at 24.99 % paying 1.00, then an actual of 20 000.00 in month 1: the minimum no
    // longer covers the interest. Its percentPaid once overflowed the safe integers (a RangeError).
    const result = project({
      ...household,
      debts: [{ ...household.debts[0]!, originalAmount: cents(100), remainingAmount: cents(100), apr: 24.99, monthlyPayment: cents(100) }],
      actuals: { ...household.actuals, debt: [{ debtId: 4, month: monthKey(2026, 1), remaining: cents(2_000_000) }] },
    });
    expect(result.truncated).toBe(true);
    expect(result.debts[0]).toMatchObject({ payoffMonth: null, truncated: true });
    expect(result.debtTotal.at(-1)?.displayEndBalance).toBeGreaterThan(MAX_BALANCE);
    expect(result.debtTotal.at(-1)?.percentPaid).toBeLessThan(-1e13);
  });

  it('a far horizon at a high return holds balances at MAX_BALANCE instead of overflowing', () => {
    const result = project({
      ...household,
      retirementAccounts: [{ ...household.retirementAccounts[0]!, expectedReturnRate: 50 }],
      retirementPlan: { ...household.retirementPlan!, retirementDate: '2110-01-01', interestRate: 50 },
    });
    expect(result.truncated).toBe(true);
    expect(result.contributionTotal.at(-1)?.balance).toBe(MAX_BALANCE);
    // Living months hold the balance at the bound before withdrawing the month's need.
    const last = result.retirementTotal.at(-1);
    expect((last?.balance ?? 0) + (last?.withdrawals ?? 0)).toBe(MAX_BALANCE);
    expect(last?.withdrawals).toBe(50000);
  });

  it('a balance held at MAX_BALANCE only in retirement living is reported too', () => {
    const result = project({
      ...household,
      retirementAccounts: [{ ...household.retirementAccounts[0]!, startingBalance: cents(MAX_BALANCE - 1000) }],
      retirementPlan: { ...household.retirementPlan!, retirementDate: '2026-01-01', interestRate: 12 },
    });
    expect(result.contributionTotal).toEqual([]);
    expect(result.truncated).toBe(true);
  });

  it('a projection within every limit is not truncated', () => {
    expect(project(household).truncated).toBe(false);
    expect(project({ ...household, retirementPlan: null }).truncated).toBe(false);
  });
});

describe('project: mortgage and plans flow into the other tables', () => {
  it('the housing line (escrow after payoff) feeds income and retirement', () => {
    const result = project({
      ...household,
      housing: { housingType: 'Mortgage', totalMonthlyPayment: cents(60000), interestRate: 0, currentBalance: cents(100000), escrowPayment: cents(10000) },
    });
    expect(result.income.map((r) => r.housing)).toEqual([60000, 60000]);
    expect(result.retirementTotal.slice(2, 4).map((r) => r.housing)).toEqual([10000, 10000]);
  });

  it('debt payments under the plan feed the income table', () => {
    const result = project({
      ...household,
      debts: [
        ...household.debts,
        { id: 5, name: 'Loan', originalAmount: cents(100000), remainingAmount: cents(100000), apr: 0, monthlyPayment: cents(20000), creationOrder: 2 },
      ],
      debtPlan: { planType: 'avalanche', extraPayment: cents(5000) },
    });
    expect(result.income.map((r) => r.debts)).toEqual([35000, 35000]);
    expect(result.debtTotal.map((r) => r.payment)).toEqual([35000, 35000, 35000, 25000]);
  });
});

describe('project: determinism', () => {
  it('identical input gives identical output, also after a JSON round trip of the input', () => {
    const first = project(household);
    expect(project(household)).toStrictEqual(first);
    expect(project(JSON.parse(JSON.stringify(household)) as ProjectionInput)).toStrictEqual(first);
  });

  it('the output is plain JSON', () => {
    const result = project(household);
    expect(JSON.parse(JSON.stringify(result))).toStrictEqual(result);
  });

  it('the numbers do not depend on the order of the debts in the input', () => {
    const debts = [
      { id: 1, name: 'A', originalAmount: cents(50000), remainingAmount: cents(50000), apr: 10, monthlyPayment: cents(5000), creationOrder: 1 },
      { id: 2, name: 'B', originalAmount: cents(50000), remainingAmount: cents(50000), apr: 10, monthlyPayment: cents(7000), creationOrder: 2 },
    ];
    const plan = { planType: 'snowball', extraPayment: cents(3000) } as const;
    const forward = project({ ...household, debts, debtPlan: plan });
    const backward = project({ ...household, debts: [...debts].reverse(), debtPlan: plan });
    expect(backward.debtTotal).toStrictEqual(forward.debtTotal);
    expect([...backward.debts].reverse()).toStrictEqual(forward.debts);
  });
});
