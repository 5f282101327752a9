/**
 * The engine's input from what the server holds, built as the device builds it from its mirror
 * (src/client/data/mirror/provisional.ts): an end-to-end test (harness.ts serverInput) and bench:risk's
 * app part compare the page's figures with the engine run in Node on it. `get` answers a GET of
 * the API as JSON for the signed-in user. It imports nothing of vitest, so a bench can use it.
 */
import { localMonth } from '../../src/engine/months.ts';
import type { ProjectionInput } from '../../src/engine/types.ts';
import { actualsFromTables, birthYearOf, planStartDayOf, planStartOf, projectionInput } from '../../src/shared/months/input.ts';

export async function inputFromServer(get: (apiPath: string) => Promise<Record<string, any>>): Promise<ProjectionInput> {
  const [profile, incomes, debts, expenses, others, accounts, housing, debtPlan, plan, assumptions, income, debt, contribution, retirement] = await Promise.all(
    [
      '/api/v1/profile',
      '/api/v1/incomes',
      '/api/v1/debts',
      '/api/v1/monthly_expenses',
      '/api/v1/other_expenses',
      '/api/v1/retirement_accounts',
      '/api/v1/housing',
      '/api/v1/debt_plan',
      '/api/v1/retirement_plan',
      '/api/v1/assumptions',
      '/api/v1/income_months',
      '/api/v1/debt_months',
      '/api/v1/contribution_months',
      '/api/v1/retirement_months',
    ].map(get),
  );
  const bodies = { income, debt, contribution, retirement };
  const planStart = planStartOf(bodies);
  if (planStart === null) throw new Error('The server answered no month tables for this user');
  return projectionInput(
    {
      incomes: incomes!.incomes,
      debts: debts!.debts,
      monthlyExpenses: expenses!.monthly_expenses,
      otherExpenses: others!.other_expenses,
      retirementAccounts: accounts!.retirement_accounts,
      housing: housing!.housing,
      // The debt plan's GET key is camelCase, as the web app's calls expect (docs/product.md#calls).
      debtPlan: debtPlan!.debtPlan,
      retirementPlan: plan!.retirement_plan,
      assumptions: assumptions!.assumptions,
    },
    actualsFromTables(bodies),
    planStart,
    localMonth(new Date()),
    // The plan starts on the UTC day of sign-up, which the device reads from the profile's user, with the birth year.
    planStartDayOf((JSON.parse(String(profile!.user)) as { created_at: string }).created_at),
    birthYearOf(JSON.parse(String(profile!.user))),
  );
}
