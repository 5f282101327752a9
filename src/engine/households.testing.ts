/**
 * Random households for property tests (fast-check), shared by the projection's and the risk
 * figures' properties.
 *
 * A household has 0–5 debts, a random plan (or none) and extra payment, 0–3 accounts, incomes,
 * housing of every kind, monthly and one-time expenses, an optional retirement plan (retirement
 * from 2 years before the plan start to 40 years after, lasting 1–40 years) and optional actuals
 * of every kind. With `covering`, every debt's minimum covers the interest on its opening
 * balance (so it is paid off alone within 30 years); without, some minimums fall short and those
 * debts may never be paid off. Debt actuals never exceed the debt's opening balance.
 */
import fc from 'fast-check';
import type { Cents } from './money.ts';
import { cents } from './money.ts';
import type { MonthKey } from './months.ts';
import { addMonths, monthKey } from './months.ts';
import { monthlyInterest } from './rates.ts';
import type { DebtInput, DebtPlanType, HousingInput, ProjectionActuals, ProjectionInput } from './types.ts';

const CYCLE = fc.constantFrom('weekly', 'biweekly', 'semimonthly', 'monthly' as const);
/** Percent rates as typed: a few common ones (so ties happen), else any 0.01 step in the range. */
const rate = (max: number): fc.Arbitrary<number> =>
  fc.oneof(fc.constantFrom(0, 5, 12, 24.99).filter((r) => r <= max), fc.integer({ min: 0, max: max * 100 }).map((n) => n / 100));
export const money = (max: number): fc.Arbitrary<Cents> => fc.integer({ min: 0, max }).map((n) => cents(n));
const date = (planStart: MonthKey, from: number, to: number): fc.Arbitrary<string> =>
  fc.integer({ min: from, max: to }).map((offset) => `${addMonths(planStart, offset)}-15`);

/**
 * A debt. With `covering`, its minimum covers the interest on the opening balance and so (interest
 * being monotone in the balance) every month's: paid off alone within `term` months. Without,
 * half the debts pay at most their first month's interest and may never be paid off.
 */
function debtArbitrary(id: number, covering: boolean): fc.Arbitrary<DebtInput> {
  return fc
    .record({
      remaining: fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 9, arbitrary: fc.integer({ min: 1, max: 5_000_000 }) }),
      apr: rate(100),
      above: fc.integer({ min: 0, max: 1_000_000 }),
      // Months the minimum's principal part alone would take to repay the opening balance.
      term: fc.integer({ min: 1, max: 360 }),
      // Without `covering`: the share (percent) of the first month's interest a short minimum pays.
      short: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
      creationOrder: fc.integer({ min: 0, max: 3 }),
    })
    .map(({ remaining, apr, above, term, short, creationOrder }) => {
      const interest = monthlyInterest(cents(remaining), apr);
      const minimum = !covering && short !== null ? Math.floor((interest * short) / 100) : interest + Math.ceil(remaining / term) + (remaining === 0 ? 0 : 1);
      return {
        id,
        name: `Debt ${id}`,
        originalAmount: cents(remaining + above),
        remainingAmount: cents(remaining),
        apr,
        monthlyPayment: cents(minimum),
        creationOrder,
      };
    });
}

const housingArbitrary: fc.Arbitrary<HousingInput | null> = fc.oneof(
  fc.constant(null),
  fc.record({ housingType: fc.constantFrom('Rent' as const, 'Own' as const), totalMonthlyPayment: money(500_000) }),
  fc.record({
    housingType: fc.constant('Mortgage' as const),
    totalMonthlyPayment: money(500_000),
    interestRate: rate(10),
    currentBalance: money(60_000_000),
    escrowPayment: money(100_000),
  }),
);

export interface Household {
  readonly input: ProjectionInput;
}

/** Random households; with `covering`, every debt's minimum covers its interest (see debtArbitrary). */
export function households(covering: boolean): fc.Arbitrary<Household> {
  return fc
    .record({
      year: fc.integer({ min: 2000, max: 2050 }),
      month: fc.integer({ min: 1, max: 12 }),
      todayOffset: fc.integer({ min: -3, max: 120 }),
      debtCount: fc.integer({ min: 0, max: 5 }),
      accountCount: fc.integer({ min: 0, max: 3 }),
    })
    .chain(({ year, month, todayOffset, debtCount, accountCount }) => {
      const planStart = monthKey(year, month);
      const debts = fc.tuple(...Array.from({ length: debtCount }, (_, i) => debtArbitrary(i + 1, covering)));
      const accounts = fc.tuple(
        ...Array.from({ length: accountCount }, (_, i) =>
          fc.record({
            id: fc.constant(i + 1),
            name: fc.constant(`Account ${i + 1}`),
            contributionAmount: money(200_000),
            employerContributionAmount: money(100_000),
            startingBalance: money(10_000_000),
            expectedReturnRate: rate(50),
            contributionCycle: CYCLE,
            nextDepositDate: date(planStart, -24, 60),
          }),
        ),
      );
      return fc
        .record({
          debts,
          accounts,
          debtPlan: fc.option(
            fc.record({ planType: fc.constantFrom<DebtPlanType>('none', 'snowball', 'avalanche'), extraPayment: fc.oneof(fc.constant(cents(0)), money(200_000)) }),
            { nil: null },
          ),
          incomes: fc.array(fc.record({ payCycle: CYCLE, netPay: money(500_000) }), { maxLength: 3 }),
          housing: housingArbitrary,
          monthlyExpenses: fc.array(money(200_000), { maxLength: 4 }),
          otherExpenses: fc.array(fc.record({ offset: fc.integer({ min: -12, max: 960 }), amount: money(3_000_000) }), { maxLength: 6 }),
          retirementPlan: fc.option(
            fc.record({
              retirementDate: date(planStart, -24, 480),
              interestRate: rate(10),
              socialSecurityIncome: money(400_000),
              socialSecurityStartDate: date(planStart, -24, 600),
              yearsOfRetirement: fc.integer({ min: 1, max: 40 }),
            }),
            { nil: null },
          ),
          actuals: fc.record({
            debt: fc.array(fc.record({ entity: fc.nat(), offset: fc.integer({ min: -2, max: 48 }), share: fc.integer({ min: 0, max: 100 }) }), { maxLength: 4 }),
            contribution: fc.array(fc.record({ entity: fc.nat(), offset: fc.integer({ min: -2, max: 48 }), value: money(20_000_000) }), { maxLength: 3 }),
            retirement: fc.array(fc.record({ entity: fc.nat(), offset: fc.integer({ min: -2, max: 48 }), value: money(20_000_000) }), { maxLength: 3 }),
            income: fc.array(fc.record({ offset: fc.integer({ min: -2, max: 48 }), value: fc.integer({ min: -5_000_000, max: 5_000_000 }).map((n) => cents(n)) }), { maxLength: 3 }),
          }),
        })
        .map((parts): Household => {
          const pick = <T,>(items: readonly T[], n: number): T | undefined => items[n % Math.max(1, items.length)];
          const actuals: ProjectionActuals = {
            // A share (0–100 %) of the debt's opening balance: never above it.
            debt: parts.actuals.debt.flatMap((a) => {
              const debt = pick(parts.debts, a.entity);
              if (debt === undefined) return [];
              return [{ debtId: debt.id, month: addMonths(planStart, a.offset), remaining: cents(Math.floor((debt.remainingAmount * a.share) / 100)) }];
            }),
            contribution: parts.actuals.contribution.flatMap((a) => {
              const account = pick(parts.accounts, a.entity);
              return account === undefined ? [] : [{ accountId: account.id, month: addMonths(planStart, a.offset), endBalance: a.value }];
            }),
            retirement: parts.actuals.retirement.flatMap((a) => {
              const account = pick(parts.accounts, a.entity);
              return account === undefined ? [] : [{ accountId: account.id, month: addMonths(planStart, a.offset), balance: a.value }];
            }),
            income: parts.actuals.income.map((a) => ({ month: addMonths(planStart, a.offset), endBalance: a.value })),
          };
          return {
            input: {
              today: addMonths(planStart, todayOffset),
              planStart,
              incomes: parts.incomes.map((income, i) => ({ id: i + 1, ...income })),
              debts: parts.debts,
              debtPlan: parts.debtPlan,
              housing: parts.housing,
              monthlyExpenses: parts.monthlyExpenses.map((amount, i) => ({ id: i + 1, amount })),
              otherExpenses: parts.otherExpenses.map((e, i) => ({ id: i + 1, month: addMonths(planStart, e.offset), amount: e.amount })),
              retirementAccounts: parts.accounts,
              retirementPlan: parts.retirementPlan,
              actuals,
            },
          };
        });
    });
}

