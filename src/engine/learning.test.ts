import { describe, expect, it } from 'vitest';
import { NEUTRAL_ASSUMPTIONS } from './assumptions.ts';
import { idleCash, idleCashFrom, investedShareOf, measuredOtherSpending, spendingEvidence } from './learning.ts';
import { cents } from './money.ts';
import { monthKey, type MonthKey } from './months.ts';
import { project } from './project.ts';
import type { DebtMonth, DebtProjection, IncomeMonth, ProjectionInput } from './types.ts';

// The plan learning from check-ins (docs/product.md#the-plan-learns-from-check-ins). Every
// expected figure is worked by hand in the comments, from the rule's formula.

const m = (month: number, year = 2026): MonthKey => monthKey(year, month);

/**
 * Net pay 3 000.00 a month, rent 1 500.00, expenses 1 000.00, a 1 000.00 card at 0 % paying
 * 100.00: cash grows 3 000 − 1 500 − 1 000 − 100 = 400.00 a month from 0; the card falls
 * 100.00 a month (900.00 after month 1, … 500.00 after 2026-05).
 */
const household: ProjectionInput = {
  today: m(6),
  planStart: m(1),
  incomes: [{ id: 1, payCycle: 'monthly', netPay: cents(300_000) }],
  debts: [{ id: 7, name: 'Card', originalAmount: cents(100_000), remainingAmount: cents(100_000), apr: 0, monthlyPayment: cents(10_000), creationOrder: 1 }],
  debtPlan: null,
  housing: { housingType: 'Rent', totalMonthlyPayment: cents(150_000) },
  monthlyExpenses: [{ id: 1, amount: cents(100_000) }],
  otherExpenses: [],
  retirementAccounts: [],
  retirementPlan: null,
  actuals: { debt: [], contribution: [], retirement: [], income: [] },
};

describe('spendingEvidence and measuredOtherSpending through a projection', () => {
  it('has nothing to say before a second check-in', () => {
    const once = project({ ...household, actuals: { ...household.actuals, income: [{ month: m(2), endBalance: cents(50_000) }] } });
    expect(spendingEvidence(once)).toBeNull();
    expect(measuredOtherSpending(once)).toBeNull();
    expect(measuredOtherSpending(project(household))).toBeNull();
  });

  it('measures cash against the plan from the previous check-in, and counts debt run up as spending', () => {
    // Check-ins: 2026-02 cash 500.00, card 800.00 (as planned); 2026-05 cash 1 200.00, card 650.00.
    // From 2026-02 the plan runs 500 + 3 × 400 = 1 700.00 of cash at 2026-05: cash gap 1 200 − 1 700 = −500.00.
    // The card's plan from its 2026-02 actual: 800 − 3 × 100 = 500.00: debt gap 650 − 500 = +150.00.
    // Spending part −500 − 150 = −650.00: overspent 65 000 over monthsBetween(02, 05) = 3 months,
    // 21 666.67 → 21 667 a month; net income 3 × 300 000 = 900 000.
    const projection = project({
      ...household,
      actuals: {
        ...household.actuals,
        income: [
          { month: m(2), endBalance: cents(50_000) },
          { month: m(5), endBalance: cents(120_000) },
        ],
        debt: [
          { debtId: 7, month: m(2), remaining: cents(80_000) },
          { debtId: 7, month: m(5), remaining: cents(65_000) },
        ],
      },
    });
    expect(spendingEvidence(projection)).toEqual({ from: m(2), to: m(5), checkIns: 2, months: 3, overspent: 65_000, netIncome: 900_000, monthly: 21_667 });
    // 65 000 > 5 000 × 3 and 65 000 × 100 > 5 × 900 000: worth naming.
    expect(measuredOtherSpending(projection)).toBe(21_667);
  });

  it('averages every stretch between consecutive check-ins over the whole span', () => {
    // 2026-01 cash 400.00 (as planned); 2026-03 1 000.00 (plan 400 + 2 × 400 = 1 200.00: −200.00);
    // 2026-06 1 900.00 (plan 1 000 + 3 × 400 = 2 200.00: −300.00). No debt check-in.
    // Overspent 200 + 300 = 500.00 over 5 months = 100.00 a month; net income 5 × 3 000.00.
    // 100.00 > 50.00, but 50 000 × 100 = 5 000 000 is not above 5 × 1 500 000 = 7 500 000 (100.00 is 3.3 %).
    const projection = project({
      ...household,
      actuals: {
        ...household.actuals,
        income: [
          { month: m(1), endBalance: cents(40_000) },
          { month: m(3), endBalance: cents(100_000) },
          { month: m(6), endBalance: cents(190_000) },
        ],
      },
    });
    expect(spendingEvidence(projection)).toEqual({ from: m(1), to: m(6), checkIns: 3, months: 5, overspent: 50_000, netIncome: 1_500_000, monthly: 10_000 });
    expect(measuredOtherSpending(projection)).toBeNull();
  });

  it('says nothing when the household spends less than planned', () => {
    // 2026-01 400.00, 2026-02 1 000.00 against a plan of 800.00: 200.00 more cash, overspent −200.00.
    const projection = project({ ...household, actuals: { ...household.actuals, income: [{ month: m(1), endBalance: cents(40_000) }, { month: m(2), endBalance: cents(100_000) }] } });
    expect(spendingEvidence(projection)?.overspent).toBe(-20_000);
    expect(measuredOtherSpending(projection)).toBeNull();
  });
});

/** An income row with only what the rules read set; the rest 0. */
const row = (month: MonthKey, fields: Partial<IncomeMonth>): IncomeMonth => ({
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
});

/** Check-ins in 2026-01 and 2026-02; the second ends `gap` cents below its planned end balance, on `net` cents of net income. */
const stretch = (gap: number, net: number) => ({
  income: [row(m(1), { inputEndBalance: cents(0) }), row(m(2), { netIncome: cents(net), endBalance: cents(gap), inputEndBalance: cents(0) })],
  debts: [] as DebtProjection[],
});

describe('check-ins with a surplus account', () => {
  // Pay 5 000.00, rent 1 500.00, expenses 1 000.00 (no card): a month's change is 2 500.00 and
  // 80 % of it goes to the taxable account 4: 2 000.00 a month, so the plan's cash ends 500.00,
  // 1 000.00, 1 500.00 in months 1–3.
  const investing: ProjectionInput = {
    ...household,
    incomes: [{ id: 1, payCycle: 'monthly', netPay: cents(500_000) }],
    debts: [],
    retirementAccounts: [{ id: 4, name: 'Brokerage', accountType: 'taxable', contributionAmount: cents(0), employerContributionAmount: cents(0), startingBalance: cents(0), expectedReturnRate: 0, contributionCycle: 'monthly', nextDepositDate: '2026-01-01' }],
    assumptions: { ...NEUTRAL_ASSUMPTIONS, surplusAccountId: 4, surplusShare: 80 },
  };
  const checkedIn = (third: number) => project({ ...investing, actuals: { ...investing.actuals, income: [{ month: m(1), endBalance: cents(50_000) }, { month: m(3), endBalance: cents(third) }] } });

  it('does not count the money the plan invests in a check-in month as spending', () => {
    // A month with an actual moves nothing, so 2026-03 computes 1 000.00 + 2 500.00 = 3 500.00
    // before its transfer of min(2 500.00, 3 500.00) × 80 % = 2 000.00. Checked in at the
    // projected 1 500.00: cash gap 1 500 − (3 500 − 2 000) = 0.
    const share = investedShareOf(investing);
    expect(share).toBe(80);
    expect(spendingEvidence(checkedIn(150_000), share)?.overspent).toBe(0);
    expect(measuredOtherSpending(checkedIn(150_000), share)).toBeNull();
    // 300.00 less cash than planned is 300.00 spent over the 2 months.
    expect(spendingEvidence(checkedIn(120_000), share)).toMatchObject({ overspent: 30_000, months: 2, monthly: 15_000 });
  });

  it('has no share to count without a taxable surplus account', () => {
    expect(investedShareOf({ ...investing, assumptions: { ...NEUTRAL_ASSUMPTIONS, surplusAccountId: 9, surplusShare: 80 } })).toBeNull();
    expect(investedShareOf(household)).toBeNull();
  });
});

describe('idleCashFrom', () => {
  it('skips a plan start month that began after the 1st, whose earlier bills are left out of it', () => {
    // Signed up on the 15th, with plan assumptions: 2026-01 leaves out the rent (1 500.00), so it
    // keeps 3 000 − 1 000 − 100 = 1 900.00 > half of 3 000.00; a whole month keeps 400.00.
    const input = { ...household, today: m(1), planStartDay: 15, assumptions: NEUTRAL_ASSUMPTIONS };
    const projection = project(input);
    expect(idleCash(projection, input.assumptions, input.today)?.month).toBe(m(1));
    expect(idleCashFrom(input)).toBe(m(2));
    expect(idleCash(projection, input.assumptions, idleCashFrom(input))).toBeNull();
    // Signed up on the 1st, nothing was left out; later months are judged from today.
    expect(idleCashFrom({ ...input, planStartDay: 1 })).toBe(m(1));
    expect(idleCashFrom({ ...input, today: m(3) })).toBe(m(3));
  });
});

describe('measuredOtherSpending thresholds, on hand-made rows', () => {
  it('needs strictly more than $50 a month', () => {
    // On 100.00 of net income the share test passes (5 000 × 100 > 5 × 10 000): only the floor decides.
    expect(measuredOtherSpending(stretch(5_000, 10_000))).toBeNull();
    expect(measuredOtherSpending(stretch(5_001, 10_000))).toBe(5_001);
  });

  it('needs strictly more than 5 % of net income', () => {
    // 10 000.00 of net income: 5 % is 500.00. 50 000 × 100 = 5 000 000 = 5 × 1 000 000: not above.
    expect(measuredOtherSpending(stretch(50_000, 1_000_000))).toBeNull();
    expect(measuredOtherSpending(stretch(50_001, 1_000_000))).toBe(50_001);
  });

  it('rounds the monthly average half up, once, after both tests on the exact totals', () => {
    // A 2-month stretch whose end is 10 001 short: 5 000.5 a month → 5 001. 10 001 > 5 000 × 2.
    const income = [
      row(m(1), { inputEndBalance: cents(0) }),
      row(m(2), { netIncome: cents(20_000) }),
      row(m(3), { netIncome: cents(20_000), endBalance: cents(10_001), inputEndBalance: cents(0) }),
    ];
    expect(spendingEvidence({ income, debts: [] })).toMatchObject({ months: 2, overspent: 10_001, netIncome: 40_000, monthly: 5_001 });
    expect(measuredOtherSpending({ income, debts: [] })).toBe(5_001);
  });

  it('counts a debt checked in below its plan as cash that went to the debt, not spending', () => {
    // Cash 300.00 short of plan, the card 300.00 lower than planned: spending part −300 − (−300) = 0.
    const income = [row(m(1), { inputEndBalance: cents(0) }), row(m(2), { netIncome: cents(300_000), endBalance: cents(30_000), inputEndBalance: cents(0) })];
    const debtRow = (month: MonthKey, remaining: number, input: number | null): DebtMonth => ({
      month,
      payment: cents(0),
      principalPaid: cents(0),
      interestPaid: cents(0),
      remainingAmount: cents(remaining),
      displayEndBalance: cents(input ?? remaining),
      percentPaid: 0,
      inputRemainingBalance: input === null ? null : cents(input),
    });
    const debts: DebtProjection[] = [{ id: 1, name: 'Card', apr: 0, monthlyPayment: cents(0), payoffMonth: null, truncated: false, months: [debtRow(m(1), 50_000, null), debtRow(m(2), 50_000, 20_000)] }];
    expect(spendingEvidence({ income, debts })?.overspent).toBe(0);
    expect(measuredOtherSpending({ income, debts })).toBeNull();
  });
});

describe('idleCash', () => {
  /** Net 5 000.00, rent 1 500.00, expenses 1 000.00 through 2026-03 then nothing. */
  const saver: ProjectionInput = {
    ...household,
    incomes: [{ id: 1, payCycle: 'monthly', netPay: cents(500_000) }],
    debts: [],
    monthlyExpenses: [{ id: 1, amount: cents(100_000), endMonth: m(3) }],
  };

  it('finds the first working month from the given one that keeps more than half its net income', () => {
    const projection = project(saver);
    // 2026-01…03: kept 5 000 − 1 500 − 1 000 = 2 500.00, exactly half: not more than half.
    // From 2026-04: kept 3 500.00 > 2 500.00.
    expect(idleCash(projection, null, m(1))).toEqual({ month: m(4), kept: 350_000, netIncome: 500_000 });
    expect(idleCash(projection, { ...NEUTRAL_ASSUMPTIONS }, m(6))).toEqual({ month: m(6), kept: 350_000, netIncome: 500_000 });
  });

  it('says nothing once a surplus account is named, or while the list claims the pay', () => {
    expect(idleCash(project(saver), { ...NEUTRAL_ASSUMPTIONS, surplusAccountId: 9 }, m(1))).toBeNull();
    // The household above keeps 400.00 of 3 000.00.
    expect(idleCash(project(household), null, m(1))).toBeNull();
  });

  it('leaves interest out and takes what the month saved out of what it kept', () => {
    // Net 1 000.00, nothing spent: kept 1 000.00 — but 600.00 went to the surplus account: kept 400.00.
    const rows = [row(m(1), { netIncome: cents(100_000), saved: cents(60_000), interestEarned: cents(9_999), endBalance: cents(49_999) }), row(m(2), { netIncome: cents(100_000), saved: cents(40_000) })];
    expect(idleCash({ income: rows }, null, m(1))).toEqual({ month: m(2), kept: 60_000, netIncome: 100_000 });
  });
});
