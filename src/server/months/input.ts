/**
 * Gathers a user's records and overrides into the engine's one plain input.
 */
import { asc, eq } from 'drizzle-orm';
import type { Cents } from '../../engine/money.ts';
import { monthOfDate, type MonthKey } from '../../engine/months.ts';
import type { Cycle, HousingInput, ProjectionActuals, ProjectionInput } from '../../engine/index.ts';
import type { Db } from '../db/client.ts';
import { debtPlans, debts, housings, incomes, monthlyExpenses, monthOverrides, otherExpenses, retirementAccounts, retirementPlans } from '../db/schema.ts';

export const MONTH_KINDS = ['income', 'debt', 'retirement', 'contribution'] as const;
export type MonthKind = (typeof MONTH_KINDS)[number];

const money = (value: number | null | undefined): Cents => (value ?? 0) as Cents;

function housingInput(row: typeof housings.$inferSelect | undefined): HousingInput | null {
  if (!row) return null;
  if (row.housingType === 'Mortgage') {
    return {
      housingType: 'Mortgage',
      totalMonthlyPayment: money(row.totalMonthlyPaymentCents),
      interestRate: Number(row.interestRate ?? 0),
      currentBalance: money(row.currentBalanceCents),
      escrowPayment: money(row.escrowPaymentCents),
    };
  }
  return { housingType: row.housingType === 'Own' ? 'Own' : 'Rent', totalMonthlyPayment: money(row.totalMonthlyPaymentCents) };
}

/**
 * @param planStart month 1 of every table: the month the user signed up
 * @param today the current month; overrides after it are kept but not applied
 */
export async function loadProjectionInput(db: Db, userId: number, planStart: MonthKey, today: MonthKey): Promise<ProjectionInput> {
  const mine = <T extends { userId: unknown }>(table: T) => eq((table as unknown as typeof incomes).userId, userId);
  const [incomeRows, debtRows, [plan], [housing], expenseRows, otherRows, accountRows, [retirementPlan], overrides] = await Promise.all([
    db.select().from(incomes).where(mine(incomes)).orderBy(asc(incomes.id)),
    db.select().from(debts).where(mine(debts)).orderBy(asc(debts.id)),
    db.select().from(debtPlans).where(mine(debtPlans)),
    db.select().from(housings).where(mine(housings)),
    db.select().from(monthlyExpenses).where(mine(monthlyExpenses)).orderBy(asc(monthlyExpenses.id)),
    db.select().from(otherExpenses).where(mine(otherExpenses)).orderBy(asc(otherExpenses.id)),
    db.select().from(retirementAccounts).where(mine(retirementAccounts)).orderBy(asc(retirementAccounts.id)),
    db.select().from(retirementPlans).where(mine(retirementPlans)),
    db.select().from(monthOverrides).where(eq(monthOverrides.userId, userId)),
  ]);

  const actuals: { [K in keyof ProjectionActuals]: ProjectionActuals[K][number][] } = { debt: [], contribution: [], retirement: [], income: [] };
  for (const o of overrides) {
    const month = o.month as MonthKey;
    const value = money(o.valueCents);
    if (o.kind === 'debt') actuals.debt.push({ debtId: o.entityId, month, remaining: value });
    else if (o.kind === 'contribution') actuals.contribution.push({ accountId: o.entityId, month, endBalance: value });
    else if (o.kind === 'retirement') actuals.retirement.push({ accountId: o.entityId, month, balance: value });
    else if (o.kind === 'income') actuals.income.push({ month, endBalance: value });
  }

  return {
    today,
    planStart,
    incomes: incomeRows.map((r) => ({ id: r.id, payCycle: r.payCycle as Cycle, netPay: money(r.netPayCents) })),
    debts: debtRows.map((r) => ({
      id: r.id,
      name: r.name,
      originalAmount: money(r.originalAmountCents),
      remainingAmount: money(r.remainingAmountCents),
      apr: Number(r.apr),
      monthlyPayment: money(r.monthlyPaymentCents),
      creationOrder: r.id,
    })),
    debtPlan: plan ? { planType: plan.planType as 'none' | 'snowball' | 'avalanche', extraPayment: money(plan.extraPaymentCents) } : null,
    housing: housingInput(housing),
    monthlyExpenses: expenseRows.map((r) => ({ id: r.id, amount: money(r.amountCents) })),
    otherExpenses: otherRows.map((r) => ({ id: r.id, month: r.month as MonthKey, amount: money(r.amountCents) })),
    retirementAccounts: accountRows.map((r) => ({
      id: r.id,
      name: r.name,
      contributionAmount: money(r.contributionAmountCents),
      employerContributionAmount: money(r.employerContributionAmountCents),
      startingBalance: money(r.startingBalanceCents),
      expectedReturnRate: Number(r.expectedReturnRate),
      contributionCycle: r.contributionCycle as Cycle,
      nextDepositDate: r.nextDepositDate,
    })),
    retirementPlan: retirementPlan
      ? {
          retirementDate: retirementPlan.retirementDate,
          interestRate: Number(retirementPlan.interestRate),
          socialSecurityIncome: money(retirementPlan.socialSecurityIncomeCents),
          socialSecurityStartDate: retirementPlan.socialSecurityStartDate,
          yearsOfRetirement: retirementPlan.yearsOfRetirement,
        }
      : null,
    actuals,
  };
}

/** The month a date (or timestamp) falls in, UTC. */
export function monthOfInstant(instant: Date): MonthKey {
  return monthOfDate(instant.toISOString());
}
