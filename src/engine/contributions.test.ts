import { describe, expect, it } from 'vitest';
import { contributesIn, inDepositWindow, monthlyContribution, projectContributions } from './contributions.ts';
import { cents } from './money.ts';
import type { MonthKey } from './months.ts';
import { monthKey } from './months.ts';
import type { ContributionActual, RetirementAccountInput } from './types.ts';

const start: MonthKey = monthKey(2026, 1);

function account(id: number, extra: Partial<RetirementAccountInput> = {}): RetirementAccountInput {
  return {
    id,
    name: `Account ${id}`,
    contributionAmount: cents(10000),
    employerContributionAmount: cents(5000),
    startingBalance: cents(100000),
    expectedReturnRate: 12,
    contributionCycle: 'monthly',
    nextDepositDate: '2026-02-10',
    ...extra,
  };
}

function run(accounts: readonly RetirementAccountInput[], actuals: readonly ContributionActual[] = [], months = 4) {
  return projectContributions(accounts, { planStart: start, months, retirementMonth: monthKey(2026, 5), actuals });
}

describe('monthlyContribution', () => {
  it('rounds the employee and employer amounts separately', () => {
    // 0.03 biweekly = 6.5¢ → 7¢ each, so 14¢ (one combined rounding would give 13¢).
    expect(monthlyContribution(account(1, { contributionAmount: cents(3), employerContributionAmount: cents(3), contributionCycle: 'biweekly' }))).toEqual({
      employee: 7,
      employer: 7,
    });
    expect(monthlyContribution(account(1, { contributionCycle: 'biweekly' }))).toEqual({ employee: 21667, employer: 10833 });
  });
});

describe('contributesIn', () => {
  const a = account(1);
  it('runs from the month of next_deposit_date through the month before retirement', () => {
    expect(contributesIn(a, monthKey(2026, 1), monthKey(2026, 5))).toBe(false);
    expect(contributesIn(a, monthKey(2026, 2), monthKey(2026, 5))).toBe(true);
    expect(contributesIn(a, monthKey(2026, 4), monthKey(2026, 5))).toBe(true);
    expect(contributesIn(a, monthKey(2026, 5), monthKey(2026, 5))).toBe(false);
    expect(contributesIn(a, monthKey(2090, 5), null)).toBe(true);
  });
});

describe('projectContributions', () => {
  // 1 000.00 at 12 %, 100.00 + 50.00 monthly from 2026-02, retirement 2026-05:
  //   m1 interest 10.00, no deposit → 1 010.00
  //   m2 interest 10.10 + 150.00 → 1 170.10
  //   m3 interest 11.701 → 11.70 + 150.00 → 1 331.80
  //   m4 interest 13.318 → 13.32 + 150.00 → 1 495.12
  it('accrues interest on the opening balance, then adds the month’s contributions', () => {
    const rows = run([account(1)]).accounts[0]?.months ?? [];
    expect(rows).toEqual([
      { month: '2026-01', contributions: 0, totalContributions: 0, interestEarned: 1000, balance: 101000, displayBalance: 101000, inputEndBalance: null, withdrawals: 0 },
      { month: '2026-02', contributions: 15000, totalContributions: 15000, interestEarned: 1010, balance: 117010, displayBalance: 117010, inputEndBalance: null, withdrawals: 0 },
      { month: '2026-03', contributions: 15000, totalContributions: 30000, interestEarned: 1170, balance: 133180, displayBalance: 133180, inputEndBalance: null, withdrawals: 0 },
      { month: '2026-04', contributions: 15000, totalContributions: 45000, interestEarned: 1332, balance: 149512, displayBalance: 149512, inputEndBalance: null, withdrawals: 0 },
    ]);
  });

  it('an actual end balance replaces the closing balance and re-anchors later months', () => {
    const rows = run([account(1)], [{ accountId: 1, month: monthKey(2026, 3), endBalance: cents(130000) }]).accounts[0]?.months ?? [];
    expect(rows[2]).toMatchObject({ balance: 133180, displayBalance: 130000, inputEndBalance: 130000 });
    // m4 interest on 1 300.00 = 13.00 → 1 300 + 13 + 150 = 1 463.00
    expect(rows[3]).toMatchObject({ interestEarned: 1300, balance: 146300, displayBalance: 146300, inputEndBalance: null });
    // The contributions are not changed by an actual.
    expect(rows[3]?.totalContributions).toBe(45000);
  });

  it('a next deposit date before the plan start contributes from month 1', () => {
    const rows = run([account(1, { nextDepositDate: '2020-06-01', expectedReturnRate: 0 })]).accounts[0]?.months ?? [];
    expect(rows.map((r) => r.contributions)).toEqual([15000, 15000, 15000, 15000]);
    expect(rows.map((r) => r.balance)).toEqual([115000, 130000, 145000, 160000]);
  });

  it('rate 0 earns nothing', () => {
    const rows = run([account(1, { expectedReturnRate: 0 })]).accounts[0]?.months ?? [];
    expect(rows.map((r) => r.interestEarned)).toEqual([0, 0, 0, 0]);
  });

  it('the total sums the accounts month by month with no input balance', () => {
    const result = run(
      [account(1), account(2, { startingBalance: cents(0), contributionAmount: cents(1000), employerContributionAmount: cents(0), expectedReturnRate: 0 })],
      [{ accountId: 2, month: monthKey(2026, 2), endBalance: cents(5000) }],
    );
    expect(result.total.map((r) => r.contributions)).toEqual([0, 16000, 16000, 16000]);
    expect(result.total.map((r) => r.totalContributions)).toEqual([0, 16000, 32000, 48000]);
    expect(result.total[1]).toMatchObject({ balance: 117010 + 1000, displayBalance: 117010 + 5000, inputEndBalance: null });
    expect(result.total[3]?.displayBalance).toBe(149512 + 7000);
  });

  it('no accounts give no total rows; zero months give empty tables', () => {
    expect(run([]).total).toEqual([]);
    expect(run([account(1)], [], 0)).toEqual({ accounts: [{ id: 1, name: 'Account 1', months: [] }], total: [] });
  });
});

describe('inDepositWindow', () => {
  it('is contributesIn with the deposit month already read', () => {
    const retirement = monthKey(2026, 5);
    for (const month of [monthKey(2026, 1), monthKey(2026, 2), monthKey(2026, 4), monthKey(2026, 5)]) {
      expect(inDepositWindow(month, monthKey(2026, 2), retirement)).toBe(contributesIn(account(1), month, retirement));
    }
    expect(inDepositWindow(monthKey(2090, 1), monthKey(2026, 2), null)).toBe(true);
  });
});

describe('surplus deposits', () => {
  it('join the surplus account\'s contributions after its interest, and no other account\'s', () => {
    // Account 1 (1 000.00 at 12 %, 150.00 a month from February) receives 200.00 in month 1 and 50.00
    // in month 2. Month 1: interest 100 000 × 0.01 = 1 000; closing 100 000 + 1 000 + 20 000 = 121 000.
    // Month 2: interest 1 210; contributions 15 000 + 5 000; closing 121 000 + 1 210 + 20 000 = 142 210.
    const result = projectContributions([account(1), account(2)], {
      planStart: start,
      months: 2,
      retirementMonth: monthKey(2026, 5),
      actuals: [],
      surplus: { accountId: 1, amounts: [cents(20_000), cents(5_000)] },
    });
    expect(result.accounts[0]?.months.map((r) => [r.interestEarned, r.contributions, r.totalContributions, r.balance])).toEqual([
      [1_000, 20_000, 20_000, 121_000],
      [1_210, 20_000, 40_000, 142_210],
    ]);
    expect(result.accounts[1]?.months.map((r) => r.contributions)).toEqual([0, 15_000]);
  });
});
