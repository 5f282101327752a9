import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NEUTRAL_ASSUMPTIONS, type PlanAssumptions } from './assumptions.ts';
import { households } from './households.testing.ts';
import { cents } from './money.ts';
import { monthKey } from './months.ts';
import { project } from './project.ts';
import { payLivingNeed } from './retirement.ts';
import { projectionTimeline } from './timeline.ts';
import type { ProjectionInput, RetirementAccountInput, RetirementTotalMonth } from './types.ts';

// Where the money goes (docs/projection-rules.md#where-the-money-goes), through `project`. Every
// expected figure is worked here from the rule's formula, by hand or with the exact BigInt helper
// below, never with the engine's own rounding helpers. That Monte Carlo and the history replay pay
// each need as the table does is risk.test.ts's property, run with these assumptions too.

/** roundHalfUp(a × n / d) for a ≥ 0, exactly: ⌊(2an + d) / 2d⌋. */
const halfUp = (a: number, n: number, d: number): number => Number((2n * BigInt(a) * BigInt(n) + BigInt(d)) / (2n * BigInt(d)));

const account = (id: number, accountType: string, startingBalance: number, extra: Partial<RetirementAccountInput> = {}): RetirementAccountInput => ({
  id,
  name: `Account ${id}`,
  contributionAmount: cents(0),
  employerContributionAmount: cents(0),
  startingBalance: cents(startingBalance),
  expectedReturnRate: 0,
  contributionCycle: 'monthly',
  nextDepositDate: '2026-01-01',
  accountType,
  ...extra,
});

/** Pay 5 000.00 a month, rent 1 500.00, expenses 1 000.00, from 2026-01; no debts, no plan. */
const household: ProjectionInput = {
  today: monthKey(2026, 1),
  planStart: monthKey(2026, 1),
  incomes: [{ id: 1, payCycle: 'monthly', netPay: cents(500_000) }],
  debts: [],
  debtPlan: null,
  housing: { housingType: 'Rent', totalMonthlyPayment: cents(150_000) },
  monthlyExpenses: [{ id: 1, amount: cents(100_000) }],
  otherExpenses: [],
  retirementAccounts: [],
  retirementPlan: null,
  actuals: { debt: [], contribution: [], retirement: [], income: [] },
};

const plan = (retirementDate: string, yearsOfRetirement = 1) => ({ retirementDate, interestRate: 0, socialSecurityIncome: cents(0), socialSecurityStartDate: '2090-01-01', yearsOfRetirement });
const assume = (assumptions: Partial<PlanAssumptions>): PlanAssumptions => ({ ...NEUTRAL_ASSUMPTIONS, ...assumptions });

describe('other spending', () => {
  // 123.45 a month at 2.5 %, retiring 2027-02: month 13 (2027-01) is still a working month, month 14 a living one.
  const projection = project({
    ...household,
    retirementAccounts: [account(1, 'roth_ira', 100_000_000)],
    retirementPlan: plan('2027-02-01'),
    assumptions: assume({ inflationRate: 2.5, otherSpending: cents(12_345) }),
  });

  it('is one more expense line in working months, grown by inflation once a plan year', () => {
    // Month 1: 100 000 + 12 345. Month 13: expenses 100 000 × 1.025 = 102 500; other 12 345 × 1.025 =
    // 12 653.625 → 12 654 (a tie a double would miss).
    const month13 = halfUp(100_000, 1025, 1000) + halfUp(12_345, 1025, 1000);
    expect(month13).toBe(115_154);
    expect([projection.income[0]?.expenses, projection.income[12]?.expenses]).toEqual([112_345, month13]);
    // End of month 1: 500 000 − 150 000 − 112 345.
    expect(projection.income[0]?.endBalance).toBe(500_000 - 150_000 - 112_345);
  });

  it('counts in the need of a living month', () => {
    const living = projection.retirementTotal[13] as RetirementTotalMonth;
    const rent = halfUp(150_000, 1025, 1000);
    const spending = halfUp(100_000, 1025, 1000) + halfUp(12_345, 1025, 1000);
    expect(living).toMatchObject({ month: '2027-02', monthlyExpenses: spending, housing: rent, need: rent + spending, withdrawals: rent + spending, shortfall: 0 });
  });
});

describe('the surplus', () => {
  // A taxable account holding 10 000.00 at 6 % takes 80 % of each month's surplus; a Roth beside it
  // takes nothing. Cash opens at 2 000.00. Today is 2026-03 and the user typed an overdraft of
  // −1 000.00 as February's actual end balance. Retirement in 2030 so the retirement table exists.
  const input: ProjectionInput = {
    ...household,
    today: monthKey(2026, 3),
    retirementAccounts: [account(3, 'roth_ira', 0), account(4, 'taxable', 1_000_000, { expectedReturnRate: 6 })],
    retirementPlan: plan('2030-01-01'),
    actuals: { ...household.actuals, income: [{ month: monthKey(2026, 2), endBalance: cents(-100_000) }] },
    assumptions: assume({ cashBalance: cents(200_000), surplusAccountId: 4, surplusShare: 80 }),
  };
  const projection = project(input);
  // c = 500 000 − 150 000 − 100 000 = 250 000 every month (no contributions from pay).
  const c = 250_000;

  it('moves min(c, E) × share out of cash, and nothing in a month with an actual end balance', () => {
    // Month 1: E = 200 000 + c = 450 000; transfer 250 000 × 0.8 = 200 000; end 250 000.
    // Month 2: E = 500 000, but the actual replaces it: no transfer, the row keeps E.
    // Month 3: from −100 000, E = 150 000; the surplus first repays the overdraft: min(c, E) × 0.8 = 120 000.
    const month1 = halfUp(Math.min(c, 200_000 + c), 80, 100);
    const month3 = halfUp(Math.min(c, -100_000 + c), 80, 100);
    expect(projection.income.slice(0, 3).map((r) => [r.saved, r.endBalance, r.inputEndBalance, r.retirementContributions])).toEqual([
      [month1, 200_000 + c - month1, null, 0],
      [0, 200_000 + c - month1 + c, -100_000, 0],
      [month3, -100_000 + c - month3, null, 0],
    ]);
  });

  it('enters the taxable account after its interest, as a contribution in both tables', () => {
    // Month 1: interest 1 000 000 × 6 / 1200 = 5 000; closing 1 000 000 + 5 000 + 200 000.
    // Month 2: interest 1 205 000 × 0.005 = 6 025; no transfer. Month 3: 1 211 025 × 0.005 = 6 055.125 → 6 055, + 120 000.
    const b1 = 1_000_000 + halfUp(1_000_000, 6, 1200) + 200_000;
    const b2 = b1 + halfUp(b1, 6, 1200);
    const b3 = b2 + halfUp(b2, 6, 1200) + 120_000;
    const expected = [
      { contributions: 200_000, totalContributions: 200_000, balance: b1 },
      { contributions: 0, totalContributions: 200_000, balance: b2 },
      { contributions: 120_000, totalContributions: 320_000, balance: b3 },
    ];
    const taxable = projection.contributions.find((a) => a.id === 4)!.months.slice(0, 3);
    expect(taxable.map(({ contributions, totalContributions, balance }) => ({ contributions, totalContributions, balance }))).toEqual(expected);
    const inRetirementTable = projection.retirement.find((a) => a.id === 4)!.months.slice(0, 3);
    expect(inRetirementTable.map(({ contributions, totalContributions, balance }) => ({ contributions, totalContributions, balance }))).toEqual(expected);
    expect(projection.contributions.find((a) => a.id === 3)!.months.every((r) => r.contributions === 0)).toBe(true);
  });

  it('moves nothing when the id names a non-taxable account or none of the input', () => {
    for (const surplusAccountId of [3, 9]) {
      const rows = project({ ...input, assumptions: assume({ cashBalance: cents(200_000), surplusAccountId, surplusShare: 80 }) }).income;
      expect(rows.slice(0, 3).map((r) => [r.saved, r.endBalance])).toEqual([
        [0, 200_000 + c],
        [0, 200_000 + 2 * c],
        [0, -100_000 + c],
      ]);
    }
  });
});

describe('the retirement budget', () => {
  it('replaces the monthly expenses and other spending in living months; housing and one-time expenses still count', () => {
    // Retiring 2027-01 (month 13) at 3 %: month 12 still pays the list (100 000 + 50 000 of other
    // spending, plan year 0); month 13 spends the budget 3 000.00 × 1.03, rent 1 500.00 × 1.03 and a
    // one-time 250.00.
    const projection = project({
      ...household,
      otherExpenses: [{ id: 1, month: monthKey(2027, 1), amount: cents(25_000) }],
      retirementAccounts: [account(1, 'roth_ira', 100_000_000)],
      retirementPlan: plan('2027-01-01'),
      assumptions: assume({ inflationRate: 3, otherSpending: cents(50_000), retirementSpending: cents(300_000) }),
    });
    expect(projection.income[11]?.expenses).toBe(150_000);
    const budget = halfUp(300_000, 103, 100);
    const rent = halfUp(150_000, 103, 100);
    expect(projection.retirementTotal[12]).toMatchObject({ month: '2027-01', monthlyExpenses: budget, housing: rent, otherExpenses: 25_000, need: budget + rent + 25_000 });
  });
});

describe('cash in retirement', () => {
  it('earns its interest every living month and, unspent, pays only what the accounts cannot', () => {
    // Retired from month 1 (no income rows): cash 12 000.00 at 6 %, not spent first; rent 1 000.00;
    // one account of 5 000.00 at 0 %. The account pays months 1–5, cash month 6 on.
    const projection = project({
      ...household,
      incomes: [],
      monthlyExpenses: [],
      housing: { housingType: 'Rent', totalMonthlyPayment: cents(100_000) },
      retirementAccounts: [account(1, 'roth_ira', 500_000)],
      retirementPlan: plan('2026-01-15'),
      assumptions: assume({ cashBalance: cents(1_200_000), cashInterestRate: 6 }),
    });
    let cash = 1_200_000;
    let held = 500_000;
    const expected: [number, number, number, number][] = [];
    for (let month = 1; month <= 8; month += 1) {
      cash += halfUp(cash, 6, 1200);
      const fromAccount = Math.min(100_000, held);
      held -= fromAccount;
      const fromCash = 100_000 - fromAccount;
      cash -= fromCash;
      expected.push([fromAccount, fromCash, cash, 0]);
    }
    expect(projection.retirementTotal.slice(0, 8).map((r) => [r.withdrawals, r.cashWithdrawals, r.cashBalance, r.shortfall])).toEqual(expected);
    // Month 1's interest by hand: 1 200 000 × 6 / 1200 = 6 000.
    expect(projection.retirementTotal[0]?.cashBalance).toBe(1_206_000);
  });
});

describe('an overdraft', () => {
  // Pay 1 000.00 against rent 2 000.00 from no cash, at 18 % a year on the overdraft; retiring
  // 2026-04 on one account of 100 000.00 at 0 %.
  const input = (spendCashInRetirement: boolean): ProjectionInput => ({
    ...household,
    incomes: [{ id: 1, payCycle: 'monthly', netPay: cents(100_000) }],
    monthlyExpenses: [],
    housing: { housingType: 'Rent', totalMonthlyPayment: cents(200_000) },
    retirementAccounts: [account(1, 'roth_ira', 10_000_000)],
    retirementPlan: plan('2026-04-01'),
    assumptions: assume({ overdraftInterestRate: 18, spendCashInRetirement }),
  });

  it('costs interest on the negative balance in place of cash interest', () => {
    // Month 1: −100 000. Month 2: −(100 000 × 18 / 1200) = −1 500, end −201 500. Month 3:
    // −(201 500 × 0.015) = −3 022.5 → −3 023 (half away from zero), end −304 523.
    const i2 = -halfUp(100_000, 18, 1200);
    const i3 = -halfUp(201_500, 18, 1200);
    expect(project(input(false)).income.map((r) => [r.interestEarned, r.endBalance])).toEqual([
      [0, -100_000],
      [i2, -100_000 + i2 - 100_000],
      [i3, -201_500 + i3 - 100_000],
    ]);
  });

  for (const spendFirst of [false, true]) {
    it(`is repaid by the first living month's need, and net worth never forgives it (cash spent first: ${spendFirst})`, () => {
      const projection = project(input(spendFirst));
      const owed = 304_523;
      // Month 4: need = rent 200 000 + the overdraft; cash restarts at 0 and earns or costs nothing more.
      expect(projection.retirementTotal.slice(3, 5).map((r) => [r.need, r.withdrawals, r.cashBalance, r.cashWithdrawals, r.shortfall])).toEqual([
        [200_000 + owed, 200_000 + owed, 0, 0, 0],
        [200_000, 200_000, 0, 0, 0],
      ]);
      const points = projectionTimeline(input(spendFirst), projection).points;
      // Month 3: 10 000 000 − 304 523; month 4 only the rent less (the overdraft moved from cash to the account).
      expect(points.slice(2, 4).map((p) => [p.cash, p.netWorth])).toEqual([
        [-owed, 10_000_000 - owed],
        [0, 10_000_000 - owed - 200_000],
      ]);
    });
  }
});

describe('no early shortfall', () => {
  it('takes what a capped traditional account leaves unmet from the Roth before any shortfall', () => {
    // Retired from month 1, rent 170.00, a traditional 401(k) and a Roth IRA holding 100.00 each, 20 % tax.
    // Pass 1: shares 85.00 / 85.00; 85.00 would need 85 / 0.8 = 106.25 gross, more than 100.00: the
    // 401(k) pays 100.00 and delivers ⌊100 × 0.8⌋ = 80.00; the Roth pays 85.00. Pass 2: the 5.00
    // unmet from the Roth (10.00 left). Month 2: the Roth's 10.00 of 170.00; 160.00 short.
    const projection = project({
      ...household,
      incomes: [],
      monthlyExpenses: [],
      housing: { housingType: 'Rent', totalMonthlyPayment: cents(17_000) },
      retirementAccounts: [account(1, 'traditional_401k', 10_000), account(2, 'roth_ira', 10_000)],
      retirementPlan: plan('2026-01-01'),
      assumptions: assume({ retirementTaxRate: 20 }),
    });
    const delivered = Math.floor((10_000 * 80) / 100);
    const unmet = 8_500 - delivered;
    expect(projection.retirement.map((a) => a.months.slice(0, 2).map((r) => [r.withdrawals, r.taxes, r.balance]))).toEqual([
      [
        [10_000, 10_000 - delivered, 0],
        [0, 0, 0],
      ],
      [
        [8_500 + unmet, 0, 10_000 - 8_500 - unmet],
        [10_000 - 8_500 - unmet, 0, 0],
      ],
    ]);
    expect(projection.retirementTotal.slice(0, 2).map((r) => [r.need, r.shortfall])).toEqual([
      [17_000, 0],
      [17_000, 17_000 - (10_000 - 8_500 - unmet)],
    ]);
  });

  it('delivers the floor of a capped gross after tax', () => {
    // 1 000.01 at 22 %: ⌊100 001 × 78 / 100⌋ = ⌊78 000.78⌋ = 78 000; 22 001 of tax.
    const paid = payLivingNeed(cents(200_000), [cents(100_001)], [true], 22, null);
    const delivered = Number((100_001n * 78n) / 100n);
    expect(paid).toEqual({ gross: [100_001], taxes: [100_001 - delivered], cashWithdrawals: 0, cashBalance: 0, shortfall: 200_000 - delivered, cashInterest: 0 });
  });

  it('pays from cash what every account together cannot, when cash is not spent first', () => {
    // Need 500.00, accounts 100.00 and 150.00 (untaxed), cash 1 000.00 at 0 %: accounts 250.00, cash 250.00.
    expect(payLivingNeed(cents(50_000), [cents(10_000), cents(15_000)], [false, false], 0, { balance: cents(100_000), interestRate: 0, spendFirst: false })).toEqual({
      gross: [10_000, 15_000],
      taxes: [0, 0],
      cashWithdrawals: 25_000,
      cashBalance: 75_000,
      shortfall: 0,
      cashInterest: 0,
    });
  });
});

describe('the neutral rule', () => {
  // Retiring 2027-01 with two accounts that last: pay, rent, expenses and a contribution from pay.
  const base: ProjectionInput = {
    ...household,
    retirementAccounts: [account(1, 'traditional_401k', 5_000_000, { contributionAmount: cents(20_000) }), account(2, 'taxable', 3_000_000, { expectedReturnRate: 5 })],
    retirementPlan: { ...plan('2027-01-01', 2), interestRate: 4, socialSecurityIncome: cents(80_000), socialSecurityStartDate: '2027-06-01' },
  };

  it('without a record adds no column', () => {
    const plain = project(base);
    expect(plain.income.some((r) => 'saved' in r || 'interestEarned' in r)).toBe(false);
    expect(plain.retirementTotal.some((r) => 'need' in r || 'cashBalance' in r || 'cashWithdrawals' in r)).toBe(false);
  });

  it('a record with every new field neutral leaves the figures; only the always-on columns appear', () => {
    const plain = project(base);
    const neutral = project({ ...base, assumptions: NEUTRAL_ASSUMPTIONS });
    expect(neutral.income.map(({ interestEarned, saved, ...row }) => [interestEarned, saved, row])).toEqual(plain.income.map((row) => [0, 0, row]));
    expect(neutral.contributions).toEqual(plain.contributions);
    expect(neutral.retirement.map((a) => a.months.map(({ taxes, ...row }) => [taxes, row]))).toEqual(plain.retirement.map((a) => a.months.map((row) => [0, row])));
    const cashAtRetirement = plain.income.at(-1)!.endBalance;
    expect(
      neutral.retirementTotal.map(({ taxes, need, cashBalance, cashWithdrawals, ...row }) => [taxes, need, cashBalance, cashWithdrawals, row]),
    ).toEqual(
      plain.retirementTotal.map((row, index) => {
        const living = index >= 12;
        // The need by hand: housing + expenses − Social Security, never below 0.
        const need = living ? Math.max(0, row.housing + row.debts + row.monthlyExpenses + row.otherExpenses - row.socialSecurityIncome) : 0;
        return [0, need, living ? cashAtRetirement : undefined, living ? 0 : undefined, row];
      }),
    );
  });
});

describe('surplus transfers', () => {
  it('moves every saved cent from cash into the surplus account', () => {
    fc.assert(
      fc.property(households(true), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 2_000_000 }), (h, surplusShare, cashBalance) => {
        const accounts = h.input.retirementAccounts.map((acc, i) => ({ ...acc, accountType: i === 0 ? 'taxable' : 'roth_ira' }));
        const first = accounts[0];
        if (first === undefined) return;
        const base: ProjectionInput = { ...h.input, retirementAccounts: accounts, assumptions: { ...NEUTRAL_ASSUMPTIONS, cashBalance: cents(cashBalance) } };
        const without = project(base);
        const withSurplus = project({ ...base, assumptions: { ...NEUTRAL_ASSUMPTIONS, cashBalance: cents(cashBalance), surplusAccountId: first.id, surplusShare } });
        const deposits = withSurplus.contributions[0]!.months.map((r, i) => r.contributions - (without.contributions[0]!.months[i]?.contributions ?? 0));
        expect(deposits).toEqual(withSurplus.income.map((r) => r.saved));
        // A transfer never exceeds the month's own change nor the cash it leaves: end ≥ 0 whenever it moved.
        for (const row of withSurplus.income) if ((row.saved ?? 0) > 0) expect(row.endBalance).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 40 },
    );
  }, 30_000);
});
