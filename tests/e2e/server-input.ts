/**
 * The engine's input from what the server holds, built as the device builds it from its mirror
 * (src/client/data/provisional.ts): an end-to-end test compares the page's figures with the engine
 * run in Node on it.
 */
import { localMonth } from '../../src/engine/months.ts';
import type { ProjectionInput } from '../../src/engine/types.ts';
import { actualsFromTables, birthYearOf, planStartDayOf, planStartOf, projectionInput } from '../../src/shared/months/input.ts';
import { apiCall, type App } from './harness.ts';

export async function serverInput(app: App, token: string): Promise<ProjectionInput> {
  const get = (apiPath: string) => apiCall(app, token, 'GET', apiPath) as Promise<Record<string, any>>;
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
    planStartOf(bodies)!,
    localMonth(new Date()),
    // The plan starts on the UTC day of sign-up, which the device reads from the profile's user, with the birth year.
    planStartDayOf((JSON.parse(profile!.user) as { created_at: string }).created_at),
    birthYearOf(JSON.parse(profile!.user)),
  );
}
