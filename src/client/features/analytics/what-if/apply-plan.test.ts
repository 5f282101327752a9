import { describe, expect, it, vi } from 'vitest';
import { cents, type Cents } from '../../../../engine/money.ts';
import { monthKey } from '../../../../engine/months.ts';
import type { ProjectionInput } from '../../../../engine/types.ts';
import { applyWhatIf } from '../../../../engine/what-if.ts';
import { planWrites, rothConversionWrite, sendPlanWrite } from './apply-plan.ts';

const saved: ProjectionInput = {
  today: monthKey(2026, 11),
  planStart: monthKey(2026, 11),
  incomes: [{ id: 3, payCycle: 'monthly', netPay: cents(500_000) }],
  debts: [{ id: 1, name: 'Visa', originalAmount: cents(900_000), remainingAmount: cents(740_000), apr: 24.99, monthlyPayment: cents(25_000), creationOrder: 1 }],
  debtPlan: null,
  housing: null,
  monthlyExpenses: [
    { id: 7, amount: cents(90_000) },
    { id: 8, amount: cents(1_235) },
  ],
  otherExpenses: [],
  retirementAccounts: [
    { id: 4, name: 'Roth IRA', contributionAmount: cents(25_000), employerContributionAmount: cents(0), startingBalance: cents(1_500_000), expectedReturnRate: 6, contributionCycle: 'biweekly', nextDepositDate: '2026-11-15' },
  ],
  retirementPlan: { retirementDate: '2048-01-01', interestRate: 5, socialSecurityIncome: cents(210_000), socialSecurityStartDate: '2050-01-01', yearsOfRetirement: 30 },
  actuals: { debt: [], contribution: [], retirement: [], income: [] },
};
const names = { incomes: new Map([[3, 'Salary']]), expenses: new Map([[7, 'Groceries'], [8, 'Phone']]) };

describe('planWrites', () => {
  it('writes nothing for an unchanged plan', () => {
    expect(planWrites(saved, applyWhatIf(saved, {}), names)).toEqual([]);
  });

  it('turns each change into the record write Apply sends, in wire units', () => {
    const changed = applyWhatIf(saved, {
      extraDebtPayment: cents(10_000),
      retirementDate: '2050-01-01',
      monthlySavings: cents(10_000),
      expectedReturn: 7,
      inflationRate: 2.5,
      spendingChange: -10,
    });
    const writes = planWrites(saved, changed, names);
    // By hand: no debt plan → avalanche with the $100.00; $100.00 a month into a biweekly account
    // is round(10 000 × 12 / 26) = 4 615¢ more a deposit (250.00 → 296.15); expenses × 0.9:
    // 900.00 → 810.00 and 12.35 → 11.115 → 11.12 (half up).
    expect(writes).toEqual([
      { write: { op: 'saveSingle', name: 'debtPlan', fields: { plan_type: 'avalanche', extra_payment: 100 } }, text: 'Debt plan: avalanche, extra payment $100.00 a month' },
      // Two years later, the plan keeps its end: 30 − 2 = 28 years of retirement.
      {
        write: { op: 'saveSingle', name: 'retirementPlan', fields: { retirement_date: '2050-01-01', years_of_retirement: 28, interest_rate: 7 } },
        text: 'Retirement plan: retirement date 2050-01-01, 28 years of retirement, return in retirement 7%',
      },
      {
        write: { op: 'update', collection: 'retirementAccounts', id: 4, fields: { contribution_amount: 296.15, expected_return_rate: 7 } },
        text: 'Roth IRA: contribution $296.15 each biweekly deposit, expected return 7%',
      },
      { write: { op: 'update', collection: 'monthlyExpenses', id: 7, fields: { amount: 810 } }, text: 'Groceries: $810.00 a month' },
      { write: { op: 'update', collection: 'monthlyExpenses', id: 8, fields: { amount: 11.12 } }, text: 'Phone: $11.12 a month' },
      { write: { op: 'saveSingle', name: 'assumptions', fields: { inflation_rate: 2.5 } }, text: 'Plan assumptions: inflation 2.5% a year' },
    ]);
  });

  it('adds to the extra payment of an existing plan and keeps its strategy', () => {
    const withPlan: ProjectionInput = { ...saved, debtPlan: { planType: 'snowball', extraPayment: cents(5_000) } };
    const writes = planWrites(withPlan, applyWhatIf(withPlan, { extraDebtPayment: cents(2_500) as Cents }), names);
    expect(writes.map((w) => w.write)).toEqual([{ op: 'saveSingle', name: 'debtPlan', fields: { plan_type: 'snowball', extra_payment: 75 } }]);
  });

  it('cuts the pay of a payroll-deducted account’s income source', () => {
    const deducted: ProjectionInput = { ...saved, retirementAccounts: saved.retirementAccounts.map((a) => ({ ...a, contributionCycle: 'monthly', payrollDeducted: true })) };
    const writes = planWrites(deducted, applyWhatIf(deducted, { monthlySavings: cents(10_000) }), names);
    expect(writes.map((w) => w.text)).toEqual(['Roth IRA: contribution $350.00 each monthly deposit', 'Salary: net pay $4,900.00 each monthly paycheck']);
  });
});

describe('rothConversionWrite', () => {
  it('writes the yearly amount to the plan assumptions in dollars', () => {
    expect(rothConversionWrite(cents(4_000_000))).toEqual({
      write: { op: 'saveSingle', name: 'assumptions', fields: { roth_conversion: 40000 } },
      text: 'Plan assumptions: Roth conversion $40,000.00 a year',
    });
    expect(rothConversionWrite(cents(0)).write).toEqual({ op: 'saveSingle', name: 'assumptions', fields: { roth_conversion: 0 } });
  });
});

describe('sendPlanWrite', () => {
  it('sends a single record\'s write as a save and a collection\'s as an update', async () => {
    const done = { status: 'done', record: null } as const;
    const mutations = { saveSingle: vi.fn(async () => done), update: vi.fn(async () => done) };
    await sendPlanWrite(mutations, rothConversionWrite(cents(300_000)).write);
    await sendPlanWrite(mutations, { op: 'update', collection: 'monthlyExpenses', id: 7, fields: { amount: 810 } });
    expect(mutations.saveSingle.mock.calls).toEqual([['assumptions', { roth_conversion: 3000 }]]);
    expect(mutations.update.mock.calls).toEqual([['monthlyExpenses', 7, { amount: 810 }]]);
  });
});
