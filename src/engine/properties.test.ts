/**
 * Property tests of the projection over random households (fast-check).
 *
 * A household has 0–5 debts, a random plan (or none) and extra payment, 0–3 accounts, incomes,
 * housing of every kind, monthly and one-time expenses, an optional retirement plan (retirement
 * from 2 years before the plan start to 40 years after, lasting 1–40 years) and optional actuals
 * of every kind. In `covered` households every debt's minimum covers the interest on its opening
 * balance (so it is paid off alone within 30 years); in `anyDebts` some minimums fall short and
 * those debts may never be paid off. Debt actuals never exceed the debt's opening balance.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { debtTotals } from './insights.ts';
import type { Cents } from './money.ts';
import { cents, maxCents, minCents } from './money.ts';
import type { MonthKey } from './months.ts';
import { addMonths, monthKey, monthsBetween } from './months.ts';
import { project } from './project.ts';
import { monthlyInterest } from './rates.ts';
import type { DebtInput, DebtPlanType, HousingInput, Projection, ProjectionActuals, ProjectionInput } from './types.ts';

const RUNS = 60;
const CYCLE = fc.constantFrom('weekly', 'biweekly', 'semimonthly', 'monthly' as const);
/** Percent rates as typed: a few common ones (so ties happen), else any 0.01 step in the range. */
const rate = (max: number): fc.Arbitrary<number> =>
  fc.oneof(fc.constantFrom(0, 5, 12, 24.99).filter((r) => r <= max), fc.integer({ min: 0, max: max * 100 }).map((n) => n / 100));
const money = (max: number): fc.Arbitrary<Cents> => fc.integer({ min: 0, max }).map((n) => cents(n));
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

interface Household {
  readonly input: ProjectionInput;
}

/** Random households; with `covering`, every debt's minimum covers its interest (see debtArbitrary). */
function households(covering: boolean): fc.Arbitrary<Household> {
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

/** Every debt's minimum covers its interest. */
const covered = households(true);
/** Some minimums fall short of the interest: such a debt may grow until MAX_BALANCE stops it. */
const anyDebts = households(false);

const noActuals: ProjectionActuals = { debt: [], contribution: [], retirement: [], income: [] };
const withoutActuals = (h: Household): ProjectionInput => ({ ...h.input, actuals: noActuals });
const withoutDebtActuals = (h: Household): ProjectionInput => ({ ...h.input, actuals: { ...h.input.actuals, debt: [] } });
const options = { numRuns: RUNS };

/** A debt's payoff as a month index (Infinity when never paid off within the projection). */
function payoffIndex(planStart: MonthKey, payoff: MonthKey | null, truncated: boolean): number {
  if (truncated) return Number.POSITIVE_INFINITY;
  return payoff === null ? -1 : monthsBetween(planStart, payoff);
}

/** The projection as JSON without the fields that echo the actuals (the "input" columns). */
function computed(projection: Projection): string {
  return JSON.stringify(projection, (key, value: unknown) =>
    key === 'inputRemainingBalance' || key === 'inputEndBalance' || key === 'inputBalance' ? undefined : value,
  );
}

/** Asserts two projections compute the same, showing where they first differ (a deep equal of thousands of rows is slow). */
function expectSameComputed(actual: Projection, expected: Projection): void {
  const [a, b] = [computed(actual), computed(expected)];
  if (a === b) return;
  let at = 0;
  while (a[at] === b[at]) at += 1;
  expect(a.slice(Math.max(0, at - 120), at + 120)).toBe(b.slice(Math.max(0, at - 120), at + 120));
}

/**
 * Collects broken expectations of one example and asserts once: an `expect` per row is slow over
 * thousands of rows. The first few problems are shown.
 */
class Problems {
  private readonly found: string[] = [];

  check(ok: boolean, describe: () => string): void {
    if (!ok && this.found.length < 5) this.found.push(describe());
  }

  assertNone(): void {
    expect(this.found).toEqual([]);
  }
}

/** Month rows are consecutive months from the plan start. */
function consecutive(problems: Problems, table: string, rows: readonly { month: MonthKey }[], planStart: MonthKey): void {
  rows.forEach((row, i) => problems.check(row.month === addMonths(planStart, i), () => `${table}[${i}] is ${row.month}`));
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

describe('projection properties over random households', () => {
  it('balances never go below 0: debts, accounts, withdrawals and shortfalls', () => {
    fc.assert(
      fc.property(anyDebts, (h) => {
        const p = project(h.input);
        const problems = new Problems();
        for (const row of [...p.debts.flatMap((d) => d.months), ...p.debtTotal]) {
          problems.check(row.remainingAmount >= 0 && row.displayEndBalance >= 0, () => `debt ${row.month}: ${row.remainingAmount}, ${row.displayEndBalance}`);
        }
        for (const row of [...p.contributions.flatMap((a) => a.months), ...p.contributionTotal]) {
          problems.check(row.balance >= 0 && row.displayBalance >= 0, () => `contribution ${row.month}: ${row.balance}, ${row.displayBalance}`);
        }
        for (const row of [...p.retirement.flatMap((a) => a.months), ...p.retirementTotal]) {
          problems.check(row.balance >= 0 && row.displayBalance >= 0 && row.withdrawals >= 0, () => `retirement ${row.month}: ${row.balance}, ${row.displayBalance}, ${row.withdrawals}`);
        }
        for (const row of p.retirementTotal) problems.check(row.shortfall >= 0, () => `shortfall ${row.month}: ${row.shortfall}`);
        problems.assertNone();
      }),
      options,
    );
  });

  it('each debt month: payment = principal + interest; a paid-off debt repaid exactly its opening balance', () => {
    fc.assert(
      fc.property(covered, (h) => {
        const input = withoutDebtActuals(h);
        const p = project(input);
        const problems = new Problems();
        p.debts.forEach((projection, i) => {
          const debt = input.debts[i]!;
          for (const row of projection.months) {
            problems.check(row.payment === row.principalPaid + row.interestPaid, () => `debt ${debt.id} ${row.month}: ${row.payment} ≠ ${row.principalPaid} + ${row.interestPaid}`);
          }
          // Minimums cover the interest, so every debt is paid off, and its principal sums to what was owed.
          problems.check(!projection.truncated, () => `debt ${debt.id} truncated`);
          const principal = debtTotals(projection.months).principalPaid;
          problems.check(principal === debt.remainingAmount, () => `debt ${debt.id}: Σ principal ${principal} ≠ ${debt.remainingAmount}`);
          const last = projection.months.at(-1);
          problems.check(debt.remainingAmount > 0 ? last?.displayEndBalance === 0 && projection.payoffMonth === last.month : last === undefined, () => `debt ${debt.id}: last row ${JSON.stringify(last)}`);
        });
        for (const row of p.debtTotal) {
          problems.check(row.payment === row.principalPaid + row.interestPaid, () => `total ${row.month}: ${row.payment} ≠ ${row.principalPaid} + ${row.interestPaid}`);
        }
        problems.assertNone();
      }),
      options,
    );
  });

  it('debt payments never exceed the plan budget, and a plan spends all of it while debts owe more', () => {
    fc.assert(
      fc.property(anyDebts, (h) => {
        const { input } = h;
        const p = project(input);
        const problems = new Problems();
        const planType = input.debtPlan?.planType ?? 'none';
        const minimum = (d: DebtInput): Cents => maxCents(cents(0), d.monthlyPayment);
        const allMinimums = input.debts.reduce((sum, d) => sum + minimum(d), 0);
        const budget = allMinimums + maxCents(cents(0), input.debtPlan?.extraPayment ?? cents(0));
        p.debtTotal.forEach((total, index) => {
          // Rows present this month, with what each debt owed at its end (opening + interest).
          const present = p.debts.flatMap((d, i) => {
            const row = d.months[index];
            return row === undefined ? [] : [{ row, debt: input.debts[i]!, due: row.payment + row.remainingAmount }];
          });
          if (planType === 'none') {
            const openMinimums = present.reduce((sum, x) => sum + minimum(x.debt), 0);
            problems.check(total.payment <= openMinimums, () => `${total.month}: ${total.payment} > Σ open minimums ${openMinimums}`);
            for (const x of present) {
              problems.check(x.row.payment === minCents(minimum(x.debt), cents(x.due)), () => `${total.month} debt ${x.debt.id}: paid ${x.row.payment}`);
            }
          } else {
            const owed = present.reduce((sum, x) => sum + x.due, 0);
            problems.check(total.payment <= budget, () => `${total.month}: ${total.payment} > budget ${budget}`);
            problems.check(total.payment === Math.min(budget, owed), () => `${total.month}: ${total.payment} ≠ min(${budget}, ${owed})`);
          }
        });
        problems.assertNone();
      }),
      options,
    );
  });

  it('with an extra payment, snowball and avalanche pay every debt off no later than none, with no more interest', () => {
    fc.assert(
      fc.property(covered, money(200_000).filter((x) => x > 0), (h, extra) => {
        const input = h.input;
        const none = project({ ...input, debtPlan: { planType: 'none', extraPayment: extra } });
        const noneInterest = debtTotals(none.debtTotal).interestPaid;
        const problems = new Problems();
        for (const planType of ['snowball', 'avalanche'] as const) {
          const plan = project({ ...input, debtPlan: { planType, extraPayment: extra } });
          plan.debts.forEach((d, i) => {
            const base = none.debts[i]!;
            const [later, earlier] = [payoffIndex(input.planStart, d.payoffMonth, d.truncated), payoffIndex(input.planStart, base.payoffMonth, base.truncated)];
            problems.check(later <= earlier, () => `${planType} debt ${d.id}: paid off at ${later}, none at ${earlier}`);
          });
          const interest = debtTotals(plan.debtTotal).interestPaid;
          problems.check(interest <= noneInterest, () => `${planType}: interest ${interest} > none ${noneInterest}`);
        }
        problems.assertNone();
      }),
      options,
    );
  });

  it('month by month a plan leaves no debt owing more, or charged more interest, than none: even minimums short of the interest', () => {
    // Over the months both have a row. Totals are not comparable here: a debt that none lets grow
    // past MAX_BALANCE stops early, while a plan that slows its growth keeps it (and its interest)
    // running for more months.
    fc.assert(
      fc.property(anyDebts, money(200_000), fc.constantFrom('snowball' as const, 'avalanche' as const), (h, extra, planType) => {
        const { input } = h;
        const none = project({ ...input, debtPlan: { planType: 'none', extraPayment: extra } });
        const plan = project({ ...input, debtPlan: { planType, extraPayment: extra } });
        const problems = new Problems();
        plan.debts.forEach((d, i) => {
          const base = none.debts[i]!;
          const later = payoffIndex(input.planStart, d.payoffMonth, d.truncated);
          const earlier = payoffIndex(input.planStart, base.payoffMonth, base.truncated);
          problems.check(later <= earlier, () => `debt ${d.id}: paid off at ${later}, none at ${earlier}`);
          const common = Math.min(d.months.length, base.months.length);
          for (let index = 0; index < common; index += 1) {
            const [ours, theirs] = [d.months[index]!, base.months[index]!];
            problems.check(
              ours.displayEndBalance <= theirs.displayEndBalance && ours.interestPaid <= theirs.interestPaid,
              () => `debt ${d.id} ${ours.month}: owes ${ours.displayEndBalance} (none ${theirs.displayEndBalance}), interest ${ours.interestPaid} (none ${theirs.interestPaid})`,
            );
          }
        });
        problems.assertNone();
      }),
      options,
    );
  });

  it('an actual equal to the computed value changes nothing', () => {
    type Kind = 'debt' | 'contribution' | 'retirement' | 'income';
    fc.assert(
      fc.property(anyDebts, fc.constantFrom<Kind>('debt', 'contribution', 'retirement', 'income'), fc.nat(), (h, kind, n) => {
        const { input } = h;
        const base = project(input);
        const editable = (month: MonthKey): boolean => month >= input.planStart && month <= input.today;
        const candidates = <T extends { month: MonthKey }>(entities: readonly { id: number; months: readonly T[] }[]) =>
          entities.flatMap((e) => e.months.filter((r) => editable(r.month)).map((row) => ({ id: e.id, row })));
        let actuals: ProjectionActuals;
        let retirementMayMove = false;
        if (kind === 'debt') {
          const all = candidates(base.debts);
          const chosen = all[n % Math.max(1, all.length)];
          if (chosen === undefined) return;
          actuals = { ...input.actuals, debt: [...input.actuals.debt, { debtId: chosen.id, month: chosen.row.month, remaining: chosen.row.displayEndBalance }] };
        } else if (kind === 'contribution') {
          const all = candidates(base.contributions);
          const chosen = all[n % Math.max(1, all.length)];
          if (chosen === undefined) return;
          const value = chosen.row.displayBalance;
          actuals = { ...input.actuals, contribution: [...input.actuals.contribution, { accountId: chosen.id, month: chosen.row.month, endBalance: value }] };
          // The retirement table re-anchors on contribution actuals too, and after one of its own
          // `balance` actuals its computed balance can differ from the contributions table's: there
          // the new actual is a change. Unless that month has its own actual, which wins.
          const retirementRow = base.retirement.find((a) => a.id === chosen.id)?.months.find((r) => r.month === chosen.row.month);
          retirementMayMove = retirementRow !== undefined && retirementRow.inputBalance === null && retirementRow.displayBalance !== value;
        } else if (kind === 'retirement') {
          const all = candidates(base.retirement);
          const chosen = all[n % Math.max(1, all.length)];
          if (chosen === undefined) return;
          actuals = { ...input.actuals, retirement: [...input.actuals.retirement, { accountId: chosen.id, month: chosen.row.month, balance: chosen.row.displayBalance }] };
        } else {
          const all = base.income.filter((r) => editable(r.month));
          const chosen = all[n % Math.max(1, all.length)];
          if (chosen === undefined) return;
          actuals = { ...input.actuals, income: [...input.actuals.income, { month: chosen.month, endBalance: chosen.inputEndBalance ?? chosen.endBalance }] };
        }
        const again = project({ ...input, actuals });
        if (retirementMayMove) {
          expectSameComputed({ ...again, retirement: [], retirementTotal: [] }, { ...base, retirement: [], retirementTotal: [] });
        } else {
          expectSameComputed(again, base);
        }
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('identical input gives identical output, and the input is left untouched', () => {
    fc.assert(
      fc.property(anyDebts, (h) => {
        const copy = structuredClone(h.input);
        const first = project(deepFreeze(h.input));
        expect(project(copy)).toStrictEqual(first);
        // fast-check builds records without a prototype; structuredClone gives them one.
        expect(copy).toEqual(h.input);
      }),
      options,
    );
  });

  it('the tables agree: consecutive months, income ← debts and employee contributions, living need = withdrawals + shortfall', () => {
    fc.assert(
      fc.property(anyDebts, (h) => {
        // Without employer money the income table's retirement column is the contributions total's.
        const input = { ...h.input, retirementAccounts: h.input.retirementAccounts.map((a) => ({ ...a, employerContributionAmount: cents(0) })) };
        const p = project(input);
        const problems = new Problems();
        const { planStart } = input;
        for (const d of p.debts) consecutive(problems, `debt ${d.id}`, d.months, planStart);
        consecutive(problems, 'debtTotal', p.debtTotal, planStart);
        for (const a of [...p.contributions, ...p.retirement]) consecutive(problems, `account ${a.id}`, a.months, planStart);
        consecutive(problems, 'contributionTotal', p.contributionTotal, planStart);
        consecutive(problems, 'retirementTotal', p.retirementTotal, planStart);
        consecutive(problems, 'income', p.income, planStart);
        p.income.forEach((row, i) => {
          problems.check(row.debts === (p.debtTotal[i]?.payment ?? 0), () => `income ${row.month}: debts ${row.debts}`);
          problems.check(row.retirementContributions === (p.contributionTotal[i]?.contributions ?? 0), () => `income ${row.month}: retirement ${row.retirementContributions}`);
        });
        const living = p.retirementTotal.slice(p.contributionTotal.length);
        for (const row of living) {
          const need = Math.max(0, row.housing + row.debts + row.monthlyExpenses + row.otherExpenses - row.socialSecurityIncome);
          problems.check(row.withdrawals + row.shortfall === need, () => `${row.month}: ${row.withdrawals} + ${row.shortfall} ≠ need ${need}`);
          problems.check(row.debts === (p.debtTotal.find((d) => d.month === row.month)?.payment ?? 0), () => `${row.month}: living debts ${row.debts}`);
        }
        problems.assertNone();
      }),
      options,
    );
  });

  it('without actuals the income end balance is the running sum of net income − every outflow', () => {
    fc.assert(
      fc.property(anyDebts, (h) => {
        const p = project(withoutActuals(h));
        const problems = new Problems();
        let previous = 0;
        for (const row of p.income) {
          previous += row.netIncome - row.retirementContributions - row.housing - row.expenses - row.other - row.debts;
          problems.check(row.endBalance === previous, () => `${row.month}: ${row.endBalance} ≠ ${previous}`);
        }
        problems.assertNone();
      }),
      options,
    );
  });
});
