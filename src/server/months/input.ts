/**
 * Gathers a user's records and stored actual values into the engine's one plain input, through
 * the shared wire mapping (src/shared/months/input.ts) the client uses offline too.
 */
import { asc, eq } from 'drizzle-orm';
import type { Cents } from '../../engine/money.ts';
import { monthOfDate, type MonthKey } from '../../engine/months.ts';
import type { ProjectionActuals, ProjectionInput } from '../../engine/index.ts';
import { projectionInput } from '../../shared/months/input.ts';
import type { Db } from '../db/client.ts';
import { toWire } from '../db/records.ts';
import { assumptions, debtPlans, debts, housings, incomes, monthlyExpenses, monthOverrides, otherExpenses, retirementAccounts, retirementPlans, users } from '../db/schema.ts';

export { MONTH_KINDS, type MonthKind } from '../../shared/months/tables.ts';

type Wire = Record<string, unknown> & { id: number };

/**
 * The input carries the user's birth year (users.birth_year, the profile's), read here with the
 * records rather than taken from the signed-in user: inside a write's transaction (http/write.ts) it
 * is the year that write just set, so a profile change recomputes the tables with the new one.
 *
 * @param planStart month 1 of every table: the month the user signed up
 * @param today the current month; actual values after it are kept but not applied
 * @param planStartDay the day of the month the user signed up (UTC): month 1's bills due before it
 *   are in the balances typed at sign-up (docs/projection-rules.md#typed-balances-are-todays)
 */
export async function loadProjectionInput(db: Db, userId: number, planStart: MonthKey, today: MonthKey, planStartDay?: number | null): Promise<ProjectionInput> {
  const [incomeRows, debtRows, [plan], [housing], expenseRows, otherRows, accountRows, [retirementPlan], overrides, [assumed], [user]] = await Promise.all([
    db.select().from(incomes).where(eq(incomes.userId, userId)).orderBy(asc(incomes.id)),
    db.select().from(debts).where(eq(debts.userId, userId)).orderBy(asc(debts.id)),
    db.select().from(debtPlans).where(eq(debtPlans.userId, userId)),
    db.select().from(housings).where(eq(housings.userId, userId)),
    db.select().from(monthlyExpenses).where(eq(monthlyExpenses.userId, userId)).orderBy(asc(monthlyExpenses.id)),
    db.select().from(otherExpenses).where(eq(otherExpenses.userId, userId)).orderBy(asc(otherExpenses.id)),
    db.select().from(retirementAccounts).where(eq(retirementAccounts.userId, userId)).orderBy(asc(retirementAccounts.id)),
    db.select().from(retirementPlans).where(eq(retirementPlans.userId, userId)),
    db.select().from(monthOverrides).where(eq(monthOverrides.userId, userId)),
    db.select().from(assumptions).where(eq(assumptions.userId, userId)),
    db.select({ birthYear: users.birthYear }).from(users).where(eq(users.id, userId)),
  ]);
  const wire = (name: Parameters<typeof toWire>[0], row: object | undefined): Wire | null => (row ? (toWire(name, row as Record<string, unknown>) as Wire) : null);
  const list = (name: Parameters<typeof toWire>[0], rows: object[]): Wire[] => rows.map((row) => toWire(name, row as Record<string, unknown>) as Wire);

  const actuals: { [K in keyof ProjectionActuals]-?: NonNullable<ProjectionActuals[K]>[number][] } = { debt: [], contribution: [], retirement: [], income: [], mortgage: [], home: [] };
  for (const o of overrides) {
    const month = o.month as MonthKey;
    const value = o.valueCents as Cents;
    if (o.kind === 'debt') actuals.debt.push({ debtId: o.entityId, month, remaining: value });
    else if (o.kind === 'contribution') actuals.contribution.push({ accountId: o.entityId, month, endBalance: value });
    else if (o.kind === 'retirement') actuals.retirement.push({ accountId: o.entityId, month, balance: value });
    else if (o.kind === 'income') actuals.income.push({ month, endBalance: value });
    else if (o.kind === 'mortgage') actuals.mortgage.push({ month, balance: value });
    else if (o.kind === 'home') actuals.home.push({ month, value });
  }

  return projectionInput(
    {
      incomes: list('income', incomeRows),
      debts: list('debt', debtRows),
      debtPlan: wire('debt_plan', plan),
      housing: wire('housing', housing),
      monthlyExpenses: list('monthly_expense', expenseRows),
      otherExpenses: list('other_expense', otherRows),
      retirementAccounts: list('retirement_account', accountRows),
      retirementPlan: wire('retirement_plan', retirementPlan),
      assumptions: wire('assumptions', assumed),
    },
    actuals,
    planStart,
    today,
    planStartDay,
    user?.birthYear ?? null,
  );
}

/** The month a date (or timestamp) falls in, UTC. */
export function monthOfInstant(instant: Date): MonthKey {
  return monthOfDate(instant.toISOString());
}
