import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NEUTRAL_ASSUMPTIONS } from './assumptions.ts';
import { households } from './households.testing.ts';
import { compareDebtPlans } from './insights.ts';
import { parseCents, type Cents } from './money.ts';
import { monthKey } from './months.ts';
import { project } from './project.ts';
import { projectionTimeline } from './timeline.ts';
import { paidBeforeStart, planStartDay } from './typed-balances.ts';
import type { ProjectionInput } from './types.ts';

// Typed balances are today's (docs/projection-rules.md#typed-balances-are-todays). Every expected
// figure is worked by hand in the comments, from the balances as typed.

const c = (dollars: number): Cents => parseCents(dollars) as Cents;

/**
 * Signed up on 2026-03-15 (day 15), with plan assumptions: cash 25 000.00 at 2.4 %, a home of
 * 300 000.00; pay 5 000.00 a month; a card (5 000.00 at 24 %, 150.00, due the 10th) and a loan
 * (2 000.00 at 18 %, 100.00, due the 20th) under avalanche with 50.00 extra; a mortgage of
 * 200 000.00 at 6 % paying 2 000.00 with 400.00 escrow; expenses 1 200.00 due the 5th, 300.00 due
 * the 15th and 80.50 due the 28th; a one-time 500.00 in 2026-03; a 401(k) of 10 000.00 at 6 %
 * taking 200.00 a month from its first deposit on 2026-03-20. No retirement plan.
 */
const household: ProjectionInput = {
  today: monthKey(2026, 3),
  planStart: monthKey(2026, 3),
  planStartDay: 15,
  incomes: [{ id: 1, payCycle: 'monthly', netPay: c(5000) }],
  debts: [
    { id: 1, name: 'Card', originalAmount: c(6000), remainingAmount: c(5000), apr: 24, monthlyPayment: c(150), creationOrder: 1, dueDay: 10 },
    { id: 2, name: 'Loan', originalAmount: c(3000), remainingAmount: c(2000), apr: 18, monthlyPayment: c(100), creationOrder: 2, dueDay: 20 },
  ],
  debtPlan: { planType: 'avalanche', extraPayment: c(50) },
  housing: { housingType: 'Mortgage', totalMonthlyPayment: c(2000), interestRate: 6, currentBalance: c(200_000), escrowPayment: c(400) },
  monthlyExpenses: [
    { id: 1, amount: c(1200), dueDay: 5 },
    { id: 2, amount: c(300), dueDay: 15 },
    { id: 3, amount: c(80.5), dueDay: 28 },
  ],
  otherExpenses: [{ id: 1, month: monthKey(2026, 3), amount: c(500) }],
  retirementAccounts: [
    { id: 1, name: '401(k)', contributionAmount: c(200), employerContributionAmount: c(0), startingBalance: c(10_000), expectedReturnRate: 6, contributionCycle: 'monthly', nextDepositDate: '2026-03-20' },
  ],
  retirementPlan: null,
  actuals: { debt: [], contribution: [], retirement: [], income: [] },
  assumptions: { ...NEUTRAL_ASSUMPTIONS, cashBalance: c(25_000), cashInterestRate: 2.4, homeValue: c(300_000) },
};

describe('the plan start day', () => {
  it('counts only with plan assumptions, and only as a day 1–31', () => {
    expect(planStartDay(household)).toBe(15);
    expect(planStartDay({ ...household, assumptions: null })).toBe(1);
    expect(planStartDay({ ...household, planStartDay: undefined })).toBe(1);
    expect(planStartDay({ ...household, planStartDay: 0 })).toBe(1);
    expect(planStartDay({ ...household, planStartDay: 32 })).toBe(1);
    expect(planStartDay({ ...household, planStartDay: 7.5 })).toBe(1);
  });

  it('leaves out bills due strictly before it', () => {
    expect(paidBeforeStart(10, 15)).toBe(true);
    expect(paidBeforeStart(15, 15)).toBe(false);
    expect(paidBeforeStart(20, 15)).toBe(false);
    expect(paidBeforeStart(undefined, 15)).toBe(false);
    expect(paidBeforeStart(1, 1)).toBe(false);
  });
});

describe('month 1 with balances typed on the 15th', () => {
  const projection = project(household);

  it('does not charge the card due on the 10th: no payment, no interest, out of the plan', () => {
    const [card, loan] = projection.debts;
    // Card: opens 2026-04 on 5 000.00 as typed.
    expect(card?.months[0]).toMatchObject({ month: '2026-03', payment: 0, interestPaid: 0, principalPaid: 0, remainingAmount: c(5000) });
    // Loan: interest 2 000 × 18 / 1200 = 30.00; the budget without the card's minimum is
    // 100 + 50 = 150.00, and the extra skips the card (first in avalanche order) for the loan:
    // paid 150.00, principal 120.00, left 2 030 − 150 = 1 880.00.
    expect(loan?.months[0]).toMatchObject({ month: '2026-03', payment: c(150), interestPaid: c(30), principalPaid: c(120), remainingAmount: c(1880) });
    // 2026-04, both charged: budget 150 + 100 + 50 = 300.00. Card interest 5 000 × 2 % = 100.00,
    // minimum 150.00 + the 50.00 extra → 200.00, left 4 900.00. Loan interest 1 880 × 1.5 % =
    // 28.20, minimum 100.00, left 1 808.20.
    expect(card?.months[1]).toMatchObject({ payment: c(200), interestPaid: c(100), remainingAmount: c(4900) });
    expect(loan?.months[1]).toMatchObject({ payment: c(100), interestPaid: c(28.2), remainingAmount: c(1808.2) });
    expect(projection.debtTotal.slice(0, 2).map((r) => r.payment)).toEqual([c(150), c(300)]);
  });

  it('does not charge the housing payment, and the mortgage opens month 2 as typed', () => {
    // 2026-04: interest 200 000 × 0.5 % = 1 000.00, P&I 1 600.00 + escrow 400.00.
    expect(projection.income.slice(0, 2).map((r) => r.housing)).toEqual([0, c(2000)]);
    // Timeline (home counted): 200 000.00 after month 1, then 200 000 + 1 000 − 1 600 = 199 400.00.
    const points = projectionTimeline(household, projection).points;
    expect(points.slice(0, 2).map((p) => p.mortgage)).toEqual([c(200_000), c(199_400)]);
  });

  it('charges only the expenses due on or after the 15th', () => {
    // 300.00 + 80.50 in 2026-03; all three from 2026-04.
    expect(projection.income.slice(0, 2).map((r) => r.expenses)).toEqual([c(380.5), c(1580.5)]);
  });

  it('shows the typed cash plus what came in less what was still to pay', () => {
    // 2026-03: interest 25 000 × 2.4 / 1200 = 50.00 (a full month); + pay 5 000.00 − the 401(k)
    // 200.00 (from its first deposit's month) − expenses 380.50 − the one-time 500.00 − the loan
    // 150.00; housing 0 → 25 000 + 50 + 5 000 − 200 − 380.50 − 500 − 150 = 28 819.50.
    // 2026-04: interest 28 819.50 × 0.2 % = 57.639 → 57.64; + 5 000 − 200 − 2 000 − 1 580.50 − 300
    // = 29 796.64.
    expect(projection.income.slice(0, 2).map((r) => [r.month, r.interestEarned, r.netIncome, r.retirementContributions, r.housing, r.expenses, r.other, r.debts, r.endBalance])).toEqual([
      ['2026-03', c(50), c(5000), c(200), 0, c(380.5), c(500), c(150), c(28_819.5)],
      ['2026-04', c(57.64), c(5000), c(200), c(2000), c(1580.5), 0, c(300), c(29_796.64)],
    ]);
    // The account earns a full month too: 10 000 × 0.5 % = 50.00, + 200.00 → 10 250.00.
    expect(projection.contributionTotal[0]).toMatchObject({ interestEarned: c(50), contributions: c(200), balance: c(10_250) });
  });

  it('compares debt plans on the same month 1 as the Debt Progress table', () => {
    const plans = compareDebtPlans(household);
    const interest = projection.debtTotal.reduce((sum, r) => sum + r.interestPaid, 0);
    expect(plans.avalanche.totalInterest).toBe(interest);
    // Under 'none' the loan pays its 100.00 minimum in month 1 and the card nothing.
    const none = project({ ...household, debtPlan: { planType: 'none', extraPayment: c(50) } });
    expect(none.debtTotal[0]?.payment).toBe(c(100));
    expect(plans.none.totalInterest).toBe(none.debtTotal.reduce((sum, r) => sum + r.interestPaid, 0));
  });
});

describe('what the start day leaves alone', () => {
  it('a plan started on the 1st charges everything in month 1', () => {
    const first = project({ ...household, planStartDay: 1 });
    // Housing 2 000.00; every expense 1 580.50; the card 150.00 + 50.00 extra, the loan 100.00.
    expect(first.income[0]).toMatchObject({ housing: c(2000), expenses: c(1580.5), debts: c(300) });
  });

  it('without plan assumptions the tables are the neutral ones whatever the day', () => {
    const neutral = { ...household, assumptions: null };
    expect(project(neutral)).toEqual(project({ ...neutral, planStartDay: undefined }));
    expect(project(neutral).income[0]).toMatchObject({ housing: c(2000), expenses: c(1580.5), debts: c(300) });
  });

  it('with every debt due before the start day, nothing is paid on debts that month, the extra included', () => {
    const both = project({ ...household, debts: household.debts.map((d) => ({ ...d, dueDay: 3 })) });
    expect(both.debtTotal[0]).toMatchObject({ payment: 0, interestPaid: 0, remainingAmount: c(7000) });
    expect(both.income[0]?.debts).toBe(0);
    // 2026-04 runs the plan from the typed balances: 300.00 as above.
    expect(both.debtTotal[1]?.payment).toBe(c(300));
  });

  it('an actual of month 1 still replaces the balance of a debt left out', () => {
    const checked = project({ ...household, actuals: { ...household.actuals, debt: [{ debtId: 1, month: monthKey(2026, 3), remaining: c(4800) }] } });
    expect(checked.debts[0]?.months[0]).toMatchObject({ payment: 0, remainingAmount: c(5000), displayEndBalance: c(4800) });
  });
});

describe('on random households', () => {
  const day = fc.integer({ min: 1, max: 31 });
  const dueDays = fc.array(day, { minLength: 10, maxLength: 10 });

  it('month 1 leaves out exactly the bills due before the start day, and the plan spends no more than what is left of its budget', () => {
    fc.assert(
      fc.property(households(true), day, dueDays, (h, startDay, dues) => {
        const input: ProjectionInput = {
          ...h.input,
          planStartDay: startDay,
          debts: h.input.debts.map((d, i) => ({ ...d, dueDay: dues[i]! })),
          monthlyExpenses: h.input.monthlyExpenses.map((e, i) => ({ ...e, dueDay: dues[9 - i]! })),
          assumptions: NEUTRAL_ASSUMPTIONS,
        };
        const typed = project(input);
        const charged = project({ ...input, planStartDay: 1 });
        // Starting on the 1st leaves nothing out: the tables of a plan with no start day.
        expect(charged).toEqual(project({ ...input, planStartDay: undefined }));
        const left = (due: number) => due < startDay;
        // Debts left out: no payment, no interest; the balance is the typed one (or the actual).
        input.debts.forEach((d, i) => {
          const first = typed.debts[i]!.months[0];
          if (first === undefined || !left(d.dueDay!)) return;
          expect(first).toMatchObject({ payment: 0, interestPaid: 0, remainingAmount: d.remainingAmount });
        });
        // The rest of the plan's month-1 budget: every minimum not left out, plus the extra.
        const plan = input.debtPlan?.planType ?? 'none';
        const minimums = input.debts.filter((d) => !left(d.dueDay!)).reduce((sum, d) => sum + Math.max(0, d.monthlyPayment), 0);
        const budget = plan === 'none' ? minimums : minimums + Math.max(0, input.debtPlan?.extraPayment ?? 0);
        expect(typed.debtTotal[0]?.payment ?? 0).toBeLessThanOrEqual(budget);
        // Housing: nothing in month 1 after the 1st; the same line a month later for Rent and Own.
        const income = typed.income;
        if (income.length > 0) {
          expect(income[0]!.housing).toBe(startDay > 1 ? 0 : charged.income[0]!.housing);
          const expenses = input.monthlyExpenses.filter((e) => !left(e.dueDay!)).reduce((sum, e) => sum + e.amount, 0);
          expect(income[0]!.expenses).toBe(expenses);
          if (income.length > 1 && input.housing?.housingType !== 'Mortgage') expect(income[1]!.housing).toBe(charged.income[1]!.housing);
        }
        // No debt balance goes below 0.
        for (const d of typed.debts) for (const row of d.months) expect(row.remainingAmount).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 60 },
    );
    // 60 households of up to 1 200 months, three projections each.
  }, 30_000);
});
