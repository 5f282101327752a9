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
import { addMonths, monthsBetween } from './months.ts';
import { project } from './project.ts';
import type { Household } from './households.testing.ts';
import { households, money } from './households.testing.ts';
import type { DebtInput, Projection, ProjectionActuals, ProjectionInput } from './types.ts';

const RUNS = 60;
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
