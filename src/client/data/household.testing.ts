/**
 * Test support: one household as the device's mirror holds it after a sync — its records as REST
 * answers them (every field, stamps, keys in no particular order), the engine's input for them
 * with the actuals the server stores (an account's under both of its tables), and the four month
 * tables as they crossed the network. Shared by the export and CSV tests.
 */
import { cents } from '../../engine/money.ts';
import { monthKey } from '../../engine/months.ts';
import { project } from '../../engine/project.ts';
import type { ProjectionInput } from '../../engine/types.ts';
import { monthTableBody, type MonthKind } from '../../shared/months/tables.ts';
import { MONTHS_OF_KIND } from '../../shared/resources.ts';
import type { MirrorDb } from './mirror/db.ts';

export const stamps = (day: number) => ({ created_at: `2026-01-0${day}T08:00:00.000Z`, updated_at: `2026-02-0${day}T09:30:00.000Z` });

/** Records as REST answers them (every field, stamps), keys in no particular order. */
export const INCOME = { net_pay: 2100.15, name: 'Salary', id: 1, pay_cycle: 'biweekly', next_pay_date: '2026-01-09', gross_pay: 3000, end_month: null, ...stamps(1) };
export const VISA = { id: 7, name: 'Visa', creditor: 'Chase', original_amount: 5000, remaining_amount: 3200.55, apr: 19.99, monthly_payment: 150, original_term: 48, due_day: 5, ...stamps(2) };
export const CAR = { ...stamps(3), id: 8, name: 'Car', creditor: 'Ally', original_amount: 20000, remaining_amount: 12000.1, apr: 4.5, monthly_payment: 420.35, original_term: 60, due_day: 12 };
export const GROCERIES = { id: 3, name: 'Groceries', amount: 600.33, due_day: 1, end_month: '2030-12', ...stamps(4) };
export const TRIP = { id: 4, month: '2026-06', description: 'Trip, "Lisbon"', amount: 350.5, ...stamps(5) };
export const ACCOUNT = {
  id: 5, name: '401k', account_type: 'traditional_401k', contribution_amount: 250, employer_match: 50, employer_contribution_amount: 125,
  starting_balance: 10000.15, expected_return_rate: 7, contribution_cycle: 'semimonthly', next_deposit_date: '2026-01-15', payroll_deducted: false, ...stamps(6),
};
export const BASELINE = { id: 2, name: 'January plan', snapshot: { months: [{ month: '2026-01', cash: 10, debts: 20, savings: 30, contributions: 0, returns: 0 }] }, ...stamps(7) };
export const HOUSING = { id: 11, housing_type: 'Rent', total_monthly_payment: 1450, ...stamps(8) };
export const DEBT_PLAN = { id: 12, plan_type: 'avalanche', extra_payment: 100, ...stamps(9) };

/** The engine's input for those records, with the actuals the server stores (an account's under both its tables). */
const INPUT: ProjectionInput = {
  today: monthKey(2026, 3),
  planStart: monthKey(2026, 1),
  incomes: [{ id: 1, payCycle: 'biweekly', netPay: cents(210_015) }],
  debts: [
    { id: 7, name: 'Visa', originalAmount: cents(500_000), remainingAmount: cents(320_055), apr: 19.99, monthlyPayment: cents(15_000), creationOrder: 7 },
    { id: 8, name: 'Car', originalAmount: cents(2_000_000), remainingAmount: cents(1_200_010), apr: 4.5, monthlyPayment: cents(42_035), creationOrder: 8 },
  ],
  debtPlan: { planType: 'avalanche', extraPayment: cents(10_000) },
  housing: { housingType: 'Rent', totalMonthlyPayment: cents(145_000) },
  monthlyExpenses: [{ id: 3, amount: cents(60_033) }],
  otherExpenses: [{ id: 4, month: monthKey(2026, 6), amount: cents(35_050) }],
  retirementAccounts: [
    { id: 5, name: '401k', contributionAmount: cents(25_000), employerContributionAmount: cents(12_500), startingBalance: cents(1_000_015), expectedReturnRate: 7, contributionCycle: 'semimonthly', nextDepositDate: '2026-01-15' },
  ],
  retirementPlan: { retirementDate: '2028-01-01', interestRate: 4, socialSecurityIncome: cents(180_000), socialSecurityStartDate: '2028-06-01', yearsOfRetirement: 2 },
  actuals: {
    income: [{ month: monthKey(2026, 2), endBalance: cents(-12_345) }],
    debt: [
      { debtId: 8, month: monthKey(2026, 1), remaining: cents(1_190_000) },
      { debtId: 7, month: monthKey(2026, 2), remaining: cents(300_000) },
    ],
    contribution: [{ accountId: 5, month: monthKey(2026, 2), endBalance: cents(1_050_001) }],
    retirement: [{ accountId: 5, month: monthKey(2026, 2), balance: cents(1_050_001) }],
    home: [{ month: monthKey(2026, 2), value: cents(38_000_050) }],
  },
};

/** What the server's export lists for those actuals (docs/api.md#export-and-import), in dollars. */
export const SERVER_ACTUALS = {
  income_months: [{ month: '2026-02', input_end_balance: -123.45 }],
  debt_months: [
    { debt_id: 8, month: '2026-01', input_remaining_balance: 11900 },
    { debt_id: 7, month: '2026-02', input_remaining_balance: 3000 },
  ],
  retirement_months: [{ retirement_account_id: 5, month: '2026-02', balance: 10500.01 }],
  mortgage_months: [],
  home_months: [{ month: '2026-02', input_home_value: 380000.5 }],
};

/** The four tables as they crossed the network (JSON text, dollars). */
export const TABLES = (() => {
  const projection = project(INPUT);
  const body = (kind: MonthKind) => JSON.parse(JSON.stringify(monthTableBody(kind, projection))) as unknown;
  return { income: body('income'), debt: body('debt'), contribution: body('contribution'), retirement: body('retirement') };
})();

/** Writes the household into `db` as a sync would, with the month tables of `kinds`. */
export async function fillMirror(db: MirrorDb, kinds: readonly MonthKind[] = ['income', 'debt', 'contribution', 'retirement']): Promise<void> {
  await db.profile.put({ name: 'user', value: { id: 1, email: 'ann@example.com', birth_year: 1985 } });
  await db.incomes.bulkPut([INCOME]);
  // Stored in another order than the ids: the document orders them.
  await db.debts.bulkPut([CAR, VISA]);
  await db.monthlyExpenses.bulkPut([GROCERIES]);
  await db.otherExpenses.bulkPut([TRIP]);
  await db.retirementAccounts.bulkPut([ACCOUNT]);
  await db.baselines.bulkPut([BASELINE]);
  await db.singles.bulkPut([
    { name: 'housing', record: HOUSING },
    { name: 'debtPlan', record: DEBT_PLAN },
    { name: 'retirementPlan', record: null },
  ]);
  await db.months.bulkPut(kinds.map((kind) => ({ name: MONTHS_OF_KIND[kind], body: TABLES[kind], provisional: false })));
}
