import { describe, expect, it } from 'vitest';
import { NEUTRAL_ASSUMPTIONS } from './assumptions.ts';
import { parseCents, type Cents } from './money.ts';
import { monthKey } from './months.ts';
import { project } from './project.ts';
import type { ProjectionInput, RetirementAccountInput } from './types.ts';
import {
  applyWhatIf,
  perCycleAmount,
  placeSavings,
  planOutcome,
  savingsTarget,
  whatIfDebtPlan,
  whatIfErrors,
  whatIfNotes,
  type WhatIfChanges,
} from './what-if.ts';

/** Dollars → cents through text, as the app reads amounts. */
const c = (dollars: number): Cents => parseCents(dollars) as Cents;

const k401: RetirementAccountInput = {
  id: 1,
  name: 'Work 401(k)',
  contributionAmount: c(200),
  employerContributionAmount: c(100),
  startingBalance: c(0),
  expectedReturnRate: 0,
  contributionCycle: 'monthly',
  nextDepositDate: '2026-01-01',
  accountType: 'traditional_401k',
};

/**
 * A household worked by hand:
 * - month 1 is 2026-01 (today); net pay 3 000.00 a month; monthly expenses 1 000.00 and 12.35;
 * - a 401(k) at 0 % taking 200.00 from pay and 100.00 from the employer each month;
 * - a 1 000.00 card at 12 % (1 % a month) paying 100.00, no debt plan;
 * - retiring 2026-07-01 for 1 year at 0 %, no Social Security.
 * Cash grows 3 000 − 200 − 1 012.35 − 100 = 1 687.65 a month. The card without extra money:
 *   interest 10.00, 9.10, 8.19, 7.27, 6.35, 5.41 | 4.46, 3.51, 2.54, 1.57, 0.58 (Σ 58.98),
 *   balances 910.00, 819.10, 727.29, 634.56, 540.91, 446.32 | …, paid off in 2026-11 with 58.98.
 * In 2026-06, the last working month: 6 × 1 687.65 + 6 × 300.00 − 446.32 = 11 479.58.
 */
const household: ProjectionInput = {
  today: monthKey(2026, 1),
  planStart: monthKey(2026, 1),
  incomes: [{ id: 1, payCycle: 'monthly', netPay: c(3000) }],
  debts: [{ id: 1, name: 'Card', originalAmount: c(1000), remainingAmount: c(1000), apr: 12, monthlyPayment: c(100), creationOrder: 1 }],
  debtPlan: null,
  housing: null,
  monthlyExpenses: [
    { id: 1, amount: c(1000) },
    { id: 2, amount: c(12.35) },
  ],
  otherExpenses: [],
  retirementAccounts: [k401],
  retirementPlan: { retirementDate: '2026-07-01', interestRate: 0, socialSecurityIncome: c(0), socialSecurityStartDate: '2026-07-01', yearsOfRetirement: 1 },
  actuals: { debt: [], contribution: [], retirement: [], income: [] },
};

const outcomeOf = (input: ProjectionInput, birthYear: number | null = 1960) => planOutcome(input, project(input), birthYear);

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

describe('applyWhatIf', () => {
  it('changes nothing without changes', () => {
    expect(applyWhatIf(household, {})).toEqual(household);
    expect(applyWhatIf(household, { extraDebtPayment: null, retirementDate: null, monthlySavings: c(0), expectedReturn: null, inflationRate: null, spendingChange: 0 })).toEqual(household);
  });

  it('never changes its input', () => {
    const input = deepFreeze(structuredClone({ ...household, assumptions: { ...NEUTRAL_ASSUMPTIONS, cashBalance: c(500) } }));
    const before = structuredClone(input);
    const all: WhatIfChanges = { extraDebtPayment: c(100), retirementDate: '2030-01-01', monthlySavings: c(50), expectedReturn: 6, inflationRate: 3, spendingChange: -10 };
    const changed = applyWhatIf(input, all);
    expect(input).toEqual(before);
    expect(changed).not.toEqual(before);
  });

  it('adds the extra payment to a snowball or avalanche plan', () => {
    const snowball = applyWhatIf({ ...household, debtPlan: { planType: 'snowball', extraPayment: c(50) } }, { extraDebtPayment: c(100) });
    expect(snowball.debtPlan).toEqual({ planType: 'snowball', extraPayment: c(150) });
  });

  it("applies the extra payment avalanche-style without a plan or under 'none', without the unused stored extra", () => {
    expect(applyWhatIf(household, { extraDebtPayment: c(100) }).debtPlan).toEqual({ planType: 'avalanche', extraPayment: 10_000 });
    expect(applyWhatIf({ ...household, debtPlan: { planType: 'none', extraPayment: c(50) } }, { extraDebtPayment: c(100) }).debtPlan).toEqual({ planType: 'avalanche', extraPayment: 10_000 });
    expect(whatIfDebtPlan(null, c(100))).toEqual({ plan: { planType: 'avalanche', extraPayment: 10_000 }, switched: true });
    expect(whatIfDebtPlan({ planType: 'avalanche', extraPayment: c(25) }, c(100))).toEqual({ plan: { planType: 'avalanche', extraPayment: 12_500 }, switched: false });
  });

  it('moves the retirement date and keeps the plan\'s end: retiring earlier is more years to fund', () => {
    const plan = { ...household.retirementPlan!, retirementDate: '2051-01-01', yearsOfRetirement: 30 };
    const later = { ...household, retirementPlan: plan };
    // 2051 + 30 years ends 2080-12; from 2046 that is 35 years, from 2053-06 it is 28 (ending 2081-05).
    expect(applyWhatIf(later, { retirementDate: '2046-01-01' }).retirementPlan).toEqual({ ...plan, retirementDate: '2046-01-01', yearsOfRetirement: 35 });
    expect(applyWhatIf(later, { retirementDate: '2053-06-01' }).retirementPlan?.yearsOfRetirement).toBe(28);
    // Held to the form's bounds, 1 to 100 years.
    expect(applyWhatIf(later, { retirementDate: '1990-01-01' }).retirementPlan?.yearsOfRetirement).toBe(91);
    expect(applyWhatIf(later, { retirementDate: '2090-01-01' }).retirementPlan?.yearsOfRetirement).toBe(1);
    expect(applyWhatIf({ ...later, retirementPlan: { ...plan, yearsOfRetirement: 90 } }, { retirementDate: '2031-01-01' }).retirementPlan?.yearsOfRetirement).toBe(100);
  });

  it('moves the retirement date, and has nothing to move without a plan', () => {
    expect(applyWhatIf(household, { retirementDate: '2026-04-15' }).retirementPlan?.retirementDate).toBe('2026-04-15');
    const planless = { ...household, retirementPlan: null };
    expect(applyWhatIf(planless, { retirementDate: '2026-04-15' })).toEqual(planless);
    expect(whatIfNotes(planless, { retirementDate: '2026-04-15' })).toEqual(['There is no retirement plan to move: add one to try a retirement date.']);
  });

  it('replaces every account return and the plan rate', () => {
    const ira: RetirementAccountInput = { ...k401, id: 2, name: 'IRA', expectedReturnRate: 7, accountType: 'roth_ira' };
    const changed = applyWhatIf({ ...household, retirementAccounts: [k401, ira] }, { expectedReturn: -2.5 });
    expect(changed.retirementAccounts.map((a) => a.expectedReturnRate)).toEqual([-2.5, -2.5]);
    expect(changed.retirementPlan?.interestRate).toBe(-2.5);
  });

  it('sets inflation, creating neutral assumptions when there are none', () => {
    expect(applyWhatIf(household, { inflationRate: 3 }).assumptions).toEqual({ ...NEUTRAL_ASSUMPTIONS, inflationRate: 3 });
    const withCash = { ...household, assumptions: { ...NEUTRAL_ASSUMPTIONS, cashBalance: c(500), inflationRate: 2 } };
    expect(applyWhatIf(withCash, { inflationRate: 0 }).assumptions).toEqual({ ...NEUTRAL_ASSUMPTIONS, cashBalance: 50_000, inflationRate: 0 });
  });

  it('scales each monthly expense, rounded half-up to the cent on its own', () => {
    // −10 %: 100 000 × 0.9 = 90 000; 1 235 × 0.9 = 1 111.5 → 1 112 (a float product gives 1 111.4999…).
    expect(applyWhatIf(household, { spendingChange: -10 }).monthlyExpenses.map((e) => e.amount)).toEqual([90_000, 1112]);
    // +5 %: 1 235 × 1.05 = 1 296.75 → 1 297; +2.5 %: 1 235 × 1.025 = 1 265.875 → 1 266.
    expect(applyWhatIf(household, { spendingChange: 5 }).monthlyExpenses.map((e) => e.amount)).toEqual([105_000, 1297]);
    expect(applyWhatIf(household, { spendingChange: 2.5 }).monthlyExpenses.map((e) => e.amount)).toEqual([102_500, 1266]);
    expect(applyWhatIf(household, { spendingChange: -100 }).monthlyExpenses.map((e) => e.amount)).toEqual([0, 0]);
    expect(applyWhatIf(household, { spendingChange: 100 }).monthlyExpenses.map((e) => e.amount)).toEqual([200_000, 2470]);
  });

  it('adds monthly savings to the account with the highest expected return, the earlier of equals', () => {
    const low: RetirementAccountInput = { ...k401, id: 5, name: 'Low', expectedReturnRate: 4 };
    const high: RetirementAccountInput = { ...k401, id: 6, name: 'High', expectedReturnRate: 7 };
    const twin: RetirementAccountInput = { ...k401, id: 7, name: 'Twin', expectedReturnRate: 7 };
    expect(savingsTarget({ retirementAccounts: [low, high, twin] })?.id).toBe(6);
    expect(savingsTarget({ retirementAccounts: [] })).toBeNull();
    const changed = applyWhatIf({ ...household, retirementAccounts: [low, high, twin] }, { monthlySavings: c(100) });
    expect(changed.retirementAccounts.map((a) => a.contributionAmount)).toEqual([20_000, 30_000, 20_000]);
    // A named account wins over the rule.
    const named = applyWhatIf({ ...household, retirementAccounts: [low, high, twin] }, { monthlySavings: c(100), savingsAccountId: 5 });
    expect(named.retirementAccounts.map((a) => a.contributionAmount)).toEqual([30_000, 20_000, 20_000]);
    expect(() => applyWhatIf(household, { monthlySavings: c(100), savingsAccountId: 99 })).toThrow(RangeError);
  });

  it("converts monthly savings to the account's cycle", () => {
    // 100.00 a month biweekly: 10 000 × 12 / 26 = 4 615.38 → 4 615 a deposit. The monthly
    // contribution goes from round(10 000 × 26 / 12) = 21 667 to round(14 615 × 26 / 12) =
    // round(31 665.83) = 31 666: 99.99 more, a cent short of the 100.00 asked for.
    const biweekly: RetirementAccountInput = { ...k401, contributionAmount: c(100), contributionCycle: 'biweekly' };
    const { input, placement } = placeSavings({ ...household, retirementAccounts: [biweekly] }, 1, c(100));
    expect(input.retirementAccounts[0]?.contributionAmount).toBe(14_615);
    expect(placement).toEqual({ accountId: 1, accountName: 'Work 401(k)', cycle: 'biweekly', perCycle: 4615, monthly: 9999, payCut: null });
    expect(perCycleAmount(c(100), 'weekly')).toBe(2308); // 10 000 × 12 / 52 = 2 307.69
    expect(perCycleAmount(c(100), 'semimonthly')).toBe(5000);
    expect(perCycleAmount(c(100), 'monthly')).toBe(10_000);
  });

  it('takes savings into a payroll-deducted account out of the largest pay', () => {
    const deducted: RetirementAccountInput = { ...k401, contributionAmount: c(100), contributionCycle: 'biweekly', payrollDeducted: true };
    const incomes = [
      { id: 1, payCycle: 'monthly' as const, netPay: c(1000) },
      { id: 2, payCycle: 'biweekly' as const, netPay: c(2000) },
    ];
    // Rise 99.99 a month (above); the biweekly pay (4 333.33 a month) is the largest:
    // 9 999 × 12 / 26 = 4 614.92 → 46.15 less a paycheck, 2 000.00 → 1 953.85.
    const { input, placement } = placeSavings({ ...household, incomes, retirementAccounts: [deducted] }, 1, c(100));
    expect(input.incomes.map((i) => i.netPay)).toEqual([100_000, 195_385]);
    expect(placement.payCut).toEqual({ incomeId: 2, cycle: 'biweekly', perCycle: 4615 });
  });

  it('throws on changes whatIfErrors refuses', () => {
    expect(() => applyWhatIf(household, { inflationRate: 25 })).toThrow('Inflation must be between 0% and 20% a year');
  });
});

describe('whatIfErrors', () => {
  it('accepts every change in range, and no changes', () => {
    expect(whatIfErrors({})).toEqual({});
    expect(
      whatIfErrors({ extraDebtPayment: c(0), monthlySavings: c(100_000), retirementDate: '2048-02-29', expectedReturn: -10, inflationRate: 20, spendingChange: -100 }),
    ).toEqual({});
    expect(whatIfErrors({ expectedReturn: 20, inflationRate: 0, spendingChange: 100 })).toEqual({});
  });

  it('names each field out of range', () => {
    expect(
      whatIfErrors({
        extraDebtPayment: -1 as Cents,
        monthlySavings: 10_000_001 as Cents,
        expectedReturn: 20.01,
        inflationRate: -0.5,
        spendingChange: -101,
        retirementDate: '2047-02-29',
      }),
    ).toEqual({
      extraDebtPayment: 'Extra debt payment cannot be negative',
      monthlySavings: 'Monthly savings can be at most $100,000.00 a month',
      expectedReturn: 'Expected return must be between -10% and 20% a year',
      inflationRate: 'Inflation must be between 0% and 20% a year',
      spendingChange: 'Spending change must be between -100% and 100%',
      retirementDate: 'Retirement date must be a date like 2045-06-01',
    });
  });

  it('refuses fractions of a cent, non-numbers and malformed dates', () => {
    expect(whatIfErrors({ extraDebtPayment: 10.5 as Cents })).toEqual({ extraDebtPayment: 'Extra debt payment must be a whole number of cents' });
    expect(whatIfErrors({ expectedReturn: Number.NaN })).toEqual({ expectedReturn: 'Expected return must be a number' });
    expect(whatIfErrors({ savingsAccountId: 1.5 })).toEqual({ savingsAccountId: 'Savings account must be one of your accounts' });
    for (const date of ['2045-6-1', '2045-13-01', '2045-04-31', '2045-06', '2045-06-01T00:00:00Z', '']) {
      expect(whatIfErrors({ retirementDate: date })).toEqual({ retirementDate: 'Retirement date must be a date like 2045-06-01' });
    }
  });
});

describe('whatIfNotes', () => {
  it('says when the extra payment switches to avalanche, and when there is no debt to pay', () => {
    expect(whatIfNotes(household, { extraDebtPayment: c(100) })).toEqual([
      "Your debts have no payoff plan, so the extra $100.00 a month goes avalanche-style: highest APR first, each paid-off debt's minimum rolling over to the next.",
    ]);
    expect(whatIfNotes({ ...household, debtPlan: { planType: 'snowball', extraPayment: c(0) } }, { extraDebtPayment: c(100) })).toEqual([]);
    expect(whatIfNotes({ ...household, debts: [] }, { extraDebtPayment: c(100) })).toEqual(['You have no debts, so the extra $100.00 a month has nothing to pay and stays in cash.']);
  });

  it('says where the savings went, and the pay they come out of', () => {
    const deducted: RetirementAccountInput = { ...k401, contributionCycle: 'biweekly', payrollDeducted: true, expectedReturnRate: 6 };
    expect(whatIfNotes({ ...household, retirementAccounts: [deducted] }, { monthlySavings: c(100) })).toEqual([
      'The extra $100.00 a month goes to Work 401(k) (your account with the highest expected return, 6% a year), as $46.15 each biweekly deposit.',
      'Work 401(k) is taken from your pay, so your net pay falls by $100.00 each monthly paycheck.',
    ]);
    expect(whatIfNotes({ ...household, retirementAccounts: [] }, { monthlySavings: c(100) })).toEqual([
      'You have no retirement accounts, so the extra $100.00 a month has nowhere to go: add an account first.',
    ]);
  });

  it('says what inflation and spending leave alone', () => {
    expect(whatIfNotes(household, { inflationRate: 3, spendingChange: -10 })).toEqual([
      'Your plan has no assumptions yet, so everything but inflation stays neutral: no salary growth, no cash interest, no tax on withdrawals.',
      'Every monthly expense changes by -10%; housing, debt payments and one-time expenses stay as they are.',
    ]);
  });
});

describe('planOutcome', () => {
  const saved = outcomeOf(household);

  it('reads the saved plan by hand', () => {
    expect(saved.retirementMonth).toBe('2026-07');
    expect(saved.atRetirementMonth).toBe('2026-06');
    expect(saved.netWorthAtRetirement).toBe(1_147_958);
    // 2026-01: cash 1 687.65 + 401(k) 300.00 − card 910.00.
    expect(saved.netWorth[0]).toEqual({ month: '2026-01', cents: 107_765 });
    // Month 1 to the end of living (2027-06).
    expect(saved.netWorth).toHaveLength(18);
    expect(saved.interestPaid).toBe(5898);
    expect(saved.debtFreeMonth).toBe('2026-11');
    expect(saved.debtFree.status).toBe('debt-free');
    expect(saved.debtPlanType).toBe('none');
    expect(saved.debtExtraPayment).toBe(0);
    // Living: 2026-07 needs 1 012.35 + 100.00 of the 1 800.00 (687.65 left); 2026-08 needs 1 112.35.
    expect(saved.runsOut).toBe('2026-08');
    expect(saved.moneyLastsAge).toBe(66);
    expect(saved.moneyLasts.lasts).toBe(false);
    expect(outcomeOf(household, null).moneyLastsAge).toBeNull();
  });

  it('an extra 100.00 on the card: paid off in 2026-06 with 31.12 of interest', () => {
    // Budget 200.00 under avalanche: interest 10.00, 8.10, 6.18, 4.24, 2.29, 0.31 (Σ 31.12);
    // balances 810.00, 618.10, 424.28, 228.52, 30.81, 0 (2026-06 pays 31.12).
    // Cash: 5 × (3 000 − 200 − 1 012.35 − 200) + (3 000 − 200 − 1 012.35 − 31.12) = 9 694.78;
    // 2026-06: 9 694.78 + 1 800.00 − 0 = 11 494.78, 15.20 above the saved plan (46.32 − 31.12 of interest).
    const changed = outcomeOf(applyWhatIf(household, { extraDebtPayment: c(100) }));
    expect(changed.debtPlanType).toBe('avalanche');
    expect(changed.debtExtraPayment).toBe(10_000);
    expect(changed.interestPaid).toBe(3112);
    expect(changed.debtFreeMonth).toBe('2026-06');
    expect(changed.netWorthAtRetirement).toBe(1_149_478);
  });

  it('an earlier retirement reads net worth in the new last working month', () => {
    // 2026-03: cash 3 × 1 687.65 + 401(k) 900.00 − card 727.29.
    const changed = outcomeOf(applyWhatIf(household, { retirementDate: '2026-04-15' }));
    expect(changed.retirementMonth).toBe('2026-04');
    expect(changed.atRetirementMonth).toBe('2026-03');
    expect(changed.netWorthAtRetirement).toBe(523_566);
  });

  it('spending 10 % less leaves 101.23 more in cash each month', () => {
    // Expenses 900.00 + 11.12: cash 6 × 1 788.88 = 10 733.28; + 1 800.00 − 446.32.
    expect(outcomeOf(applyWhatIf(household, { spendingChange: -10 })).netWorthAtRetirement).toBe(1_208_696);
  });

  it('a 12 % return grows the 401(k) by 1 % a month', () => {
    // 300.00, 603.00, 909.03, 1 218.12 (9.0903 → 9.09), 1 530.30 (12.1812 → 12.18), 1 845.60 (15.303 → 15.30);
    // 10 125.90 + 1 845.60 − 446.32 = 11 525.18.
    expect(outcomeOf(applyWhatIf(household, { expectedReturn: 12 })).netWorthAtRetirement).toBe(1_152_518);
  });

  it('saving 100.00 more at 0 % moves money from cash to the 401(k) and changes no total', () => {
    // Cash 6 × 1 587.65 = 9 525.90, the 401(k) 6 × 400.00 = 2 400.00: 11 479.58 again.
    const changed = applyWhatIf(household, { monthlySavings: c(100) });
    expect(changed.retirementAccounts[0]?.contributionAmount).toBe(30_000);
    expect(outcomeOf(changed).netWorthAtRetirement).toBe(1_147_958);
    // Payroll-deducted: the 200.00 never passed through the 3 000.00, so cash grows 1 887.65 a month
    // (12 679.58 in 2026-06); 100.00 more comes out of the pay (2 900.00): 6 × 1 787.65 + 2 400.00 − 446.32, the same.
    const deducted = { ...household, retirementAccounts: [{ ...k401, payrollDeducted: true }] };
    expect(outcomeOf(deducted).netWorthAtRetirement).toBe(1_267_958);
    const raised = applyWhatIf(deducted, { monthlySavings: c(100) });
    expect(raised.incomes[0]?.netPay).toBe(290_000);
    expect(outcomeOf(raised).netWorthAtRetirement).toBe(1_267_958);
  });

  it("shows net worth in today's dollars at the input's inflation", () => {
    // No plan: 360 income months of 1 000.00 and nothing else. Month 13 (2027-01): 13 000.00 / 1.1
    // = 11 818.18; month 360 (2055-12, plan year 29): 360 000.00 / 1.1^29 = 22 694.187… → 22 694.19.
    const simple: ProjectionInput = { ...household, debts: [], monthlyExpenses: [], retirementAccounts: [], retirementPlan: null, incomes: [{ id: 1, payCycle: 'monthly', netPay: c(1000) }] };
    const outcome = outcomeOf(applyWhatIf(simple, { inflationRate: 10 }));
    expect(outcome.netWorth[11]).toEqual({ month: '2026-12', cents: 1_200_000 });
    expect(outcome.netWorth[12]).toEqual({ month: '2027-01', cents: 1_181_818 });
    expect(outcome.retirementMonth).toBeNull();
    expect(outcome.atRetirementMonth).toBe('2055-12');
    expect(outcome.netWorthAtRetirement).toBe(2_269_419);
    expect(outcome.debtFree.status).toBe('no-debts');
    expect(outcome.interestPaid).toBe(0);
    expect(outcome.moneyLasts.lasts).toBeNull();
  });

  it('counts the home and its mortgage in net worth, as every screen does', () => {
    // Home 250 000.00 at 0 %; a mortgage of 100 000.00 at 0 % paying 1 000.00 (no escrow), so 94 000.00
    // is owed after 2026-06; cash pays 6 × 1 000.00 more than without it: 11 479.58 − 6 000.00 +
    // 250 000.00 − 94 000.00 = 161 479.58.
    const owner: ProjectionInput = {
      ...household,
      housing: { housingType: 'Mortgage', totalMonthlyPayment: c(1000), interestRate: 0, currentBalance: c(100_000), escrowPayment: c(0) },
      assumptions: { ...NEUTRAL_ASSUMPTIONS, homeValue: c(250_000) },
    };
    expect(outcomeOf(owner).netWorthAtRetirement).toBe(c(161_479.58));
  });

  it('has no net worth at retirement when retirement came before the plan start', () => {
    const retired = { ...household, retirementPlan: { ...household.retirementPlan!, retirementDate: '2025-06-01', yearsOfRetirement: 5 } };
    const outcome = outcomeOf(retired);
    expect(outcome.atRetirementMonth).toBeNull();
    expect(outcome.netWorthAtRetirement).toBeNull();
  });
});
