/**
 * The one entry point: every month table of a user from their records and actuals.
 *
 * Pure: the same input always gives the same output; "today" is a field of the input.
 * Month 1 is `planStart`. Finer points of the rules in docs/projection-rules.md:
 * - Actuals dated before month 1 or after `today` are ignored (a month after today cannot have
 *   been observed; the app only lets users edit the current month or earlier). An actual on a
 *   month with no row (e.g. after a debt's payoff) is ignored.
 * - No debt plan projects as plan 'none'. No housing record is a housing line of 0.
 * - A retirement date at or before the plan start: no income or contribution rows; the living
 *   phase runs from month 1 to its original end (see projectionHorizon).
 * - Without a retirement plan the retirement table is empty (each account with no months, total []),
 *   while income and contributions run 360 months.
 * - With no retirement accounts the contribution and retirement totals are empty.
 * - Every table stops at MAX_PROJECTION_MONTHS and balances are bounded by MAX_BALANCE;
 *   `truncated` reports that a limit shaped the result.
 * - Debts: extra_payment is unused under plan 'none'; a debt owing nothing at month 1 has no rows
 *   but its minimum stays in a plan's budget; percentPaid is rounded half-up to 2 decimals.
 *   Beyond the debt table's last month the debt payments are 0.
 * - Income counts every source from month 1 (next_pay_date does not delay it); contributions
 *   start in the month of next_deposit_date, or month 1 when that date is earlier.
 * - Social Security only enters living months; a start before retirement counts from the first one.
 * - In the retirement table's contribution phase a retirement `balance` actual wins over a
 *   contribution actual of the same month; it does not change the contributions table.
 * - Leftover withdrawal cents with equal balances go to the earlier account in the input.
 * - Plan assumptions (docs/projection-rules.md#plan-assumptions, assumptions.ts) grow pay, prices and
 *   Social Security by plan year, open the income table on the cash balance and let it earn
 *   interest; absent, the tables follow the base rules exactly.
 * - Taxes in retirement (docs/projection-rules.md#taxes-in-the-projection): a filing status in the
 *   plan assumptions taxes living months by the brackets (retirement-tax.ts), with the user's
 *   birth year for ages; without one, the flat retirement tax rate.
 * - Where the money goes (docs/projection-rules.md#where-the-money-goes): other spending joins the
 *   expense line, a retirement budget replaces it in living months; the income table runs first,
 *   so its surplus transfers (`saved`) reach the surplus account's contribution rows in both the
 *   contributions and the retirement table; cash enters retirement as the last income row left
 *   it, an overdraft included.
 */
import { actualsBetween } from './actuals.ts';
import { projectContributions } from './contributions.ts';
import { projectDebts } from './debts.ts';
import { monthlyExpenseLine, oneTimeExpensesByMonth, otherSpendingLine, spendingLine } from './expenses.ts';
import { MAX_BALANCE, projectionHorizon } from './horizon.ts';
import { housingLine, mortgageActuals } from './housing.ts';
import { withHomeActuals } from './net-worth.ts';
import { projectIncome, surplusAccountOf } from './income.ts';
import type { Cents } from './money.ts';
import { ZERO } from './money.ts';
import { projectRetirement } from './retirement.ts';
import type { RetirementOptions, RetirementProjection } from './retirement.ts';
import type { BracketRules } from './retirement-tax.ts';
import { planStartDay } from './typed-balances.ts';
import type { Projection, ProjectionInput, RetirementAccountInput } from './types.ts';

/** Every month table of a user (docs/projection-rules.md). */
export function project(input: ProjectionInput): Projection {
  return planScenario(input).projection;
}

/**
 * The retirement table's inputs as project() built them: projectRetirement(accounts, options)
 * gives its retirement table again, and with `{ ...options, returns }` the same plan under a
 * market path (returns.ts) without recomputing debts, income and expenses, which no return moves.
 */
export interface RetirementScenario {
  readonly accounts: readonly RetirementAccountInput[];
  readonly options: RetirementOptions;
}

/** project() with the retirement table's inputs; `retirement` is null when there is no living phase. */
export function planScenario(input: ProjectionInput): { readonly projection: Projection; readonly retirement: RetirementScenario | null } {
  const { planStart, today } = input;
  const horizon = projectionHorizon(planStart, input.retirementPlan);
  const span = horizon.preMonths + horizon.livingMonths;
  const actuals = {
    debt: actualsBetween(input.actuals.debt, planStart, today),
    contribution: actualsBetween(input.actuals.contribution, planStart, today),
    retirement: actualsBetween(input.actuals.retirement, planStart, today),
    income: actualsBetween(input.actuals.income, planStart, today),
  };

  // Month 1's bills due before the plan start day are in the typed balances (typed-balances.ts).
  const startDay = planStartDay(input);
  const debts = projectDebts(input.debts, input.debtPlan, { planStart, actuals: actuals.debt, startDay });
  const debtPayments: Cents[] = Array.from({ length: span }, (_, index) => debts.payments[index] ?? ZERO);
  const assumptions = input.assumptions ?? null;
  const inflation = assumptions?.inflationRate ?? 0;
  const housing = housingLine(input.housing, span, inflation, startDay, mortgageActuals(input));
  const otherExpenses = oneTimeExpensesByMonth(input.otherExpenses, planStart, span);
  const monthlyExpenses = spendingLine(
    monthlyExpenseLine(input.monthlyExpenses, planStart, span, inflation, startDay),
    otherSpendingLine(assumptions?.otherSpending ?? ZERO, span, inflation),
    horizon.preMonths,
    assumptions?.retirementSpending ?? null,
    inflation,
  );

  // Income first: the surplus account's deposits are its `saved` column.
  const income = projectIncome({
    planStart,
    today,
    months: horizon.preMonths,
    retirementMonth: horizon.retirementMonth,
    incomes: input.incomes,
    accounts: input.retirementAccounts,
    housing,
    debts: debtPayments,
    otherExpenses,
    monthlyExpenses,
    actuals: actuals.income,
    assumptions,
  });
  const surplusAccount = surplusAccountOf(input.retirementAccounts, assumptions);
  const surplus = surplusAccount === null ? null : { accountId: surplusAccount, amounts: income.map((row) => row.saved ?? ZERO) };

  const contributions = projectContributions(input.retirementAccounts, {
    planStart,
    months: horizon.preMonths,
    retirementMonth: horizon.retirementMonth,
    actuals: actuals.contribution,
    surplus,
  });

  // Cash enters retirement as the last income row left it (or as entered, with no such row).
  const lastIncome = income.at(-1);
  const cashAtRetirement = lastIncome ? (lastIncome.inputEndBalance ?? lastIncome.endBalance) : (assumptions?.cashBalance ?? ZERO);
  const brackets: BracketRules | null =
    assumptions?.filingStatus == null
      ? null
      : {
          filingStatus: assumptions.filingStatus,
          stateTaxRate: assumptions.stateTaxRate,
          inflationRate: assumptions.inflationRate,
          rothConversion: assumptions.rothConversion,
          birthYear: input.birthYear ?? null,
        };
  const living = assumptions
    ? {
        retirementTaxRate: assumptions.retirementTaxRate,
        withdrawalOrder: assumptions.withdrawalOrder,
        brackets,
        cash: { opening: cashAtRetirement, interestRate: assumptions.cashInterestRate, spendFirst: assumptions.spendCashInRetirement },
      }
    : null;

  const plan = input.retirementPlan;
  const scenario: RetirementScenario | null =
    plan === null || horizon.retirementMonth === null
      ? null
      : {
          accounts: input.retirementAccounts,
          options: {
            planStart,
            plan,
            retirementMonth: horizon.retirementMonth,
            preMonths: horizon.preMonths,
            livingMonths: horizon.livingMonths,
            housing,
            debts: debtPayments,
            otherExpenses,
            monthlyExpenses,
            socialSecurityCola: assumptions?.socialSecurityCola ?? 0,
            living,
            contributionActuals: actuals.contribution,
            retirementActuals: actuals.retirement,
            surplus,
          },
        };
  const retirement: RetirementProjection =
    scenario === null
      ? { accounts: input.retirementAccounts.map((a) => ({ id: a.id, name: a.name, months: [] })), total: [] }
      : projectRetirement(scenario.accounts, scenario.options);

  const projection: Projection = {
    debts: debts.debts,
    debtTotal: debts.total,
    contributions: contributions.accounts,
    contributionTotal: contributions.total,
    retirement: retirement.accounts,
    retirementTotal: retirement.total,
    income: withHomeActuals(income, input),
    truncated:
      horizon.truncated ||
      debts.debts.some((d) => d.truncated) ||
      // A held balance: before withdrawals (balance + withdrawals) it sat at the bound.
      [...contributions.accounts, ...retirement.accounts].some((a) => a.months.some((r) => r.balance + r.withdrawals >= MAX_BALANCE)) ||
      // A cash balance held at ±MAX_BALANCE (income.ts).
      income.some((r) => Math.abs(r.endBalance) >= MAX_BALANCE),
  };
  return { projection, retirement: scenario };
}
