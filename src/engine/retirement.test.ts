import { describe, expect, it } from 'vitest';
import type { Cents } from './money.ts';
import { cents } from './money.ts';
import type { MonthKey } from './months.ts';
import { monthKey } from './months.ts';
import type { RetirementOptions } from './retirement.ts';
import { livingNeed, projectRetirement, proportionalShares, socialSecurityIn, splitWithdrawal } from './retirement.ts';
import type { RetirementAccountInput, RetirementPlanInput, RetirementTotalMonth } from './types.ts';

const start: MonthKey = monthKey(2030, 1);
const c = (values: readonly number[]): Cents[] => values.map((v) => cents(v));

function account(id: number, startingBalance: number, extra: Partial<RetirementAccountInput> = {}): RetirementAccountInput {
  return {
    id,
    name: `Account ${id}`,
    contributionAmount: cents(0),
    employerContributionAmount: cents(0),
    startingBalance: cents(startingBalance),
    expectedReturnRate: 0,
    contributionCycle: 'monthly',
    nextDepositDate: '2030-01-01',
    ...extra,
  };
}

const plan: RetirementPlanInput = {
  retirementDate: '2030-03-15',
  interestRate: 0,
  socialSecurityIncome: cents(6000),
  socialSecurityStartDate: '2030-06-01',
  yearsOfRetirement: 1,
};

/** Two contribution months (2030-01, 2030-02), then 4 living months with rent 100.00 and nothing else. */
function options(extra: Partial<RetirementOptions> = {}): RetirementOptions {
  return {
    planStart: start,
    plan,
    retirementMonth: monthKey(2030, 3),
    preMonths: 2,
    livingMonths: 4,
    housing: c([10000, 10000, 10000, 10000, 10000, 10000]),
    debts: c([0, 0, 0, 0, 0, 0]),
    otherExpenses: c([0, 0, 0, 0, 0, 0]),
    monthlyExpenses: c([0, 0, 0, 0, 0, 0]),
    contributionActuals: [],
    retirementActuals: [],
    ...extra,
  };
}

const shortfalls = (rows: readonly RetirementTotalMonth[]): Cents[] => rows.map((r) => r.shortfall);

describe('livingNeed', () => {
  it('is housing + debts + monthly + one-time expenses − Social Security', () => {
    const costs = { housing: cents(150000), debts: cents(20000), monthlyExpenses: cents(100000), otherExpenses: cents(5000), socialSecurityIncome: cents(200000) };
    expect(livingNeed(costs)).toBe(75000);
  });

  it('is never below 0', () => {
    expect(livingNeed({ housing: cents(100), debts: cents(0), monthlyExpenses: cents(0), otherExpenses: cents(0), socialSecurityIncome: cents(300000) })).toBe(0);
  });

  it('adds an overdraft to repay', () => {
    // 1 500.00 + 1 000.00 + 800.00 owed − 2 000.00 = 1 300.00.
    expect(livingNeed({ housing: cents(150000), debts: cents(0), monthlyExpenses: cents(100000), otherExpenses: cents(0), socialSecurityIncome: cents(200000), overdraftRepayment: cents(80000) })).toBe(130000);
  });
});

describe('socialSecurityIn', () => {
  it('starts in the month of the start date', () => {
    expect(socialSecurityIn(plan, monthKey(2030, 5))).toBe(0);
    expect(socialSecurityIn(plan, monthKey(2030, 6))).toBe(6000);
    expect(socialSecurityIn(plan, monthKey(2045, 1))).toBe(6000);
  });
});

describe('proportionalShares', () => {
  it('shares any amount in proportion, with no cap, the leftover cents to the largest weights first', () => {
    // 100.00 over 1.00 and 2.00: floor(10 000 × 100 / 300) = 3 333, floor(10 000 × 200 / 300) = 6 666,
    // and the leftover cent to the larger.
    expect(proportionalShares(10_000 as Cents, [100 as Cents, 200 as Cents])).toEqual([3_333, 6_667]);
    // Equal weights: ties go to the earlier; an empty weight gets nothing.
    expect(proportionalShares(100 as Cents, [0 as Cents, 3 as Cents, 3 as Cents, 3 as Cents])).toEqual([0, 34, 33, 33]);
  });
});

describe('splitWithdrawal', () => {
  it('shares in proportion, rounds each share down and gives leftover cents to the largest first', () => {
    // 100.00 from 200.00 and 100.00: 66.666… → 66.66 and 33.33, one cent left → the larger.
    expect(splitWithdrawal(cents(10000), c([20000, 10000]))).toEqual([6667, 3333]);
    // 5¢ from [1, 3, 2]: floors [0, 2, 1], 2 cents left → 3 then 2.
    expect(splitWithdrawal(cents(5), c([1, 3, 2]))).toEqual([0, 3, 2]);
  });

  it('breaks ties between equal balances by account order', () => {
    expect(splitWithdrawal(cents(2), c([100, 100, 100]))).toEqual([1, 1, 0]);
  });

  it('sums to the amount exactly and never takes more than an account holds', () => {
    const available = c([1, 999, 0, 333, 12345]);
    for (const amount of [0, 1, 7, 500, 13677, 13678]) {
      const shares = splitWithdrawal(cents(amount), available);
      expect(shares.reduce((s, v) => s + v, 0)).toBe(amount);
      shares.forEach((share, i) => expect(share).toBeLessThanOrEqual(available[i] ?? 0));
    }
  });

  it('takes nothing when nothing is asked or nothing is held, and refuses to overdraw', () => {
    expect(splitWithdrawal(cents(0), c([10, 20]))).toEqual([0, 0]);
    expect(splitWithdrawal(cents(0), c([0, 0]))).toEqual([0, 0]);
    expect(() => splitWithdrawal(cents(31), c([10, 20]))).toThrow(RangeError);
  });
});

describe('projectRetirement', () => {
  const accounts = [account(1, 20000), account(2, 10000)];

  it('starts with the contribution rows, with no withdrawals or household figures', () => {
    const result = projectRetirement(accounts, options());
    const rows = result.accounts[0]?.months ?? [];
    expect(rows.slice(0, 2).map((r) => r.month)).toEqual(['2030-01', '2030-02']);
    expect(rows[0]).toEqual({
      month: '2030-01',
      balance: 20000,
      displayBalance: 20000,
      inputBalance: null,
      contributions: 0,
      totalContributions: 0,
      withdrawals: 0,
      interestEarned: 0,
      socialSecurityIncome: 0,
      housing: 0,
      debts: 0,
      monthlyExpenses: 0,
      otherExpenses: 0,
    });
  });

  it('withdraws the need in proportion until the money runs out, then reports the shortfall', () => {
    const result = projectRetirement(accounts, options());
    const [first, second] = result.accounts.map((a) => a.months.slice(2));
    // Mar: [200, 100] → [66.67, 33.33]; Apr: [133.33, 66.67] → [66.67, 33.33] (6 666.5 and 3 333.5 round down,
    // the cent goes to the larger); May: [66.66, 33.34] pays 100.00 exactly; Jun: nothing left.
    expect(first?.map((r) => r.withdrawals)).toEqual([6667, 6667, 6666, 0]);
    expect(second?.map((r) => r.withdrawals)).toEqual([3333, 3333, 3334, 0]);
    expect(first?.map((r) => r.balance)).toEqual([13333, 6666, 0, 0]);
    expect(second?.map((r) => r.balance)).toEqual([6667, 3334, 0, 0]);
    // Jun: need 100.00 − Social Security 60.00 = 40.00, all of it unmet.
    expect(shortfalls(result.total)).toEqual([0, 0, 0, 0, 0, 4000]);
    expect(result.total.map((r) => r.withdrawals)).toEqual([0, 0, 10000, 10000, 10000, 0]);
  });

  it('total rows carry the household figures once, not once per account', () => {
    const result = projectRetirement(accounts, options());
    expect(result.total[5]).toEqual({
      month: '2030-06',
      balance: 0,
      displayBalance: 0,
      inputBalance: null,
      contributions: 0,
      totalContributions: 0,
      withdrawals: 0,
      interestEarned: 0,
      socialSecurityIncome: 6000,
      housing: 10000,
      debts: 0,
      monthlyExpenses: 0,
      otherExpenses: 0,
      shortfall: 4000,
    });
    // Each account's living row repeats the month's household figures.
    expect(result.accounts[1]?.months[5]).toMatchObject({ socialSecurityIncome: 6000, housing: 10000 });
  });

  it('every outflow counts in the need: debts, monthly and one-time expenses', () => {
    const result = projectRetirement([account(1, 1000000)], options({
      debts: c([0, 0, 2500, 0, 0, 0]),
      otherExpenses: c([0, 0, 0, 700, 0, 0]),
      monthlyExpenses: c([300, 300, 300, 300, 300, 300]),
    }));
    // Mar 100.00 + 25.00 + 3.00; Apr 100.00 + 7.00 + 3.00; May 103.00; Jun 103.00 − 60.00.
    expect(result.total.slice(2).map((r) => r.withdrawals)).toEqual([12800, 11000, 10300, 4300]);
    expect(result.total[2]).toMatchObject({ debts: 2500, monthlyExpenses: 300, otherExpenses: 0 });
    expect(result.total[3]).toMatchObject({ otherExpenses: 700 });
  });

  it('earns the plan rate on the opening balance before withdrawing', () => {
    // 1 000.00 at 12 % (the plan's, not the account's 50 %): Mar interest 10.00, withdraw 100.00 → 910.00;
    // Apr interest 9.10 → 819.10.
    const result = projectRetirement([account(1, 100000, { expectedReturnRate: 50 })], options({ plan: { ...plan, interestRate: 12 }, preMonths: 0 }));
    const rows = result.accounts[0]?.months ?? [];
    expect(rows.map((r) => r.interestEarned).slice(0, 2)).toEqual([1000, 910]);
    expect(rows.map((r) => r.balance).slice(0, 2)).toEqual([91000, 81910]);
  });

  it('a balance actual replaces that account’s closing balance and re-anchors the split', () => {
    const result = projectRetirement(accounts, options({ retirementActuals: [{ accountId: 1, month: monthKey(2030, 3), balance: cents(30000) }] }));
    const [first, second] = result.accounts.map((a) => a.months);
    expect(first?.[2]).toMatchObject({ balance: 13333, displayBalance: 30000, inputBalance: 30000 });
    // Apr: [300.00, 66.67]: floor(10 000 × 30 000 / 36 667) = 8 181, floor(… 6 667 …) = 1 818, cent → the larger.
    expect(first?.[3]?.withdrawals).toBe(8182);
    expect(second?.[3]?.withdrawals).toBe(1818);
    expect(result.total[2]).toMatchObject({ balance: 20000, displayBalance: 36667 });
  });

  it('Social Security starting before retirement counts from the first living month', () => {
    const result = projectRetirement(accounts, options({ plan: { ...plan, socialSecurityStartDate: '2029-01-01' } }));
    expect(result.total.map((r) => r.socialSecurityIncome)).toEqual([0, 0, 6000, 6000, 6000, 6000]);
    expect(result.total[2]?.withdrawals).toBe(4000);
  });

  it('in the contribution phase a retirement actual wins over a contribution actual of the same month', () => {
    const result = projectRetirement(accounts, options({
      contributionActuals: [
        { accountId: 1, month: monthKey(2030, 1), endBalance: cents(25000) },
        { accountId: 2, month: monthKey(2030, 1), endBalance: cents(11000) },
      ],
      retirementActuals: [{ accountId: 1, month: monthKey(2030, 1), balance: cents(40000) }],
    }));
    expect(result.accounts[0]?.months[0]).toMatchObject({ balance: 20000, displayBalance: 40000, inputBalance: 40000 });
    expect(result.accounts[1]?.months[0]).toMatchObject({ displayBalance: 11000, inputBalance: 11000 });
    // Living opens on 400.00 and 110.00.
    expect(result.accounts[0]?.months[2]?.withdrawals).toBe(7844);
    expect(result.accounts[1]?.months[2]?.withdrawals).toBe(2156);
  });

  it('carries total contributions into the living months', () => {
    const saver = account(1, 0, { contributionAmount: cents(1000), employerContributionAmount: cents(500) });
    const rows = projectRetirement([saver], options({ housing: c([0, 0, 0, 0, 0, 0]) })).accounts[0]?.months ?? [];
    expect(rows.map((r) => r.contributions)).toEqual([1500, 1500, 0, 0, 0, 0]);
    expect(rows.map((r) => r.totalContributions)).toEqual([1500, 3000, 3000, 3000, 3000, 3000]);
    expect(rows.map((r) => r.balance)).toEqual([1500, 3000, 3000, 3000, 3000, 3000]);
  });

  it('without contribution rows the living phase opens on the starting balances', () => {
    const result = projectRetirement(accounts, options({ preMonths: 0, livingMonths: 1 }));
    expect(result.accounts[0]?.months).toHaveLength(1);
    expect(result.accounts[0]?.months[0]).toMatchObject({ month: '2030-01', withdrawals: 6667, balance: 13333 });
  });

  it('no accounts give no total rows', () => {
    expect(projectRetirement([], options())).toEqual({ accounts: [], total: [] });
  });
});
