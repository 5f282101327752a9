import { describe, expect, it } from 'vitest';
import { NEUTRAL_ASSUMPTIONS } from './assumptions.ts';
import { cents, type Cents } from './money.ts';
import { monthKey } from './months.ts';
import { project } from './project.ts';
import { payLivingNeed, withdrawalGroups } from './retirement.ts';
import type { ProjectionInput, RetirementAccountInput } from './types.ts';

// The tax-aware withdrawal order (docs/projection-rules.md#the-tax-aware-order): taxable accounts,
// then traditional, then Roth, each group in proportion to its balances; figures worked by hand.
// That Monte Carlo and the history replay pay in the same order is risk.test.ts's property.

const $ = (dollars: number) => cents(Math.round(dollars * 100));

describe('withdrawalGroups', () => {
  it('puts taxable first, traditional second, Roth and untyped last; none under proportional', () => {
    const accounts = [{ accountType: 'roth_ira' }, { accountType: 'taxable' }, { accountType: 'traditional_401k' }, { accountType: 'traditional_ira' }, {}];
    expect(withdrawalGroups(accounts, 'tax_aware')).toEqual([2, 0, 1, 1, 2]);
    expect(withdrawalGroups(accounts, 'proportional')).toBeNull();
  });
});

describe('payLivingNeed in the tax-aware order', () => {
  // A taxable, a traditional and a Roth account holding 100.00 each.
  const held = [$(100), $(100), $(100)];
  const preTax = [false, true, false];
  const groups = [0, 1, 2];

  it('drains each group before the next', () => {
    // 150.00 with no tax: the taxable account pays 100.00, the traditional the other 50.00.
    expect(payLivingNeed($(150), held, preTax, 0, null, groups)).toMatchObject({ gross: [$(100), $(50), 0], shortfall: 0 });
    // Proportional: 50.00 from each.
    expect(payLivingNeed($(150), held, preTax, 0, null, null)).toMatchObject({ gross: [$(50), $(50), $(50)] });
  });

  it('passes what a taxed group cannot deliver on to the Roth', () => {
    // 250.00 at 20 %: taxable 100.00; the traditional would need 150 / 0.8 = 187.50, holds 100.00 and
    // delivers 80.00 (20.00 of tax); the Roth pays the 70.00 left.
    expect(payLivingNeed($(250), held, preTax, 20, null, groups)).toEqual({ gross: [$(100), $(100), $(70)], taxes: [0, $(20), 0], cashWithdrawals: 0, cashBalance: 0, shortfall: 0, cashInterest: 0 });
  });
});

describe('a plan in the tax-aware order', () => {
  const account = (id: number, accountType: string): RetirementAccountInput => ({
    id,
    name: accountType,
    contributionAmount: $(0),
    employerContributionAmount: $(0),
    startingBalance: $(1_000),
    expectedReturnRate: 0,
    contributionCycle: 'monthly',
    nextDepositDate: '2026-01-01',
    accountType,
  });
  // One working month that breaks even, then 600.00 of expenses a month at 0 %, no tax, no cash.
  const input: ProjectionInput = {
    today: monthKey(2026, 1),
    planStart: monthKey(2026, 1),
    incomes: [{ id: 1, payCycle: 'monthly', netPay: $(600) }],
    debts: [],
    debtPlan: null,
    housing: null,
    monthlyExpenses: [{ id: 1, amount: $(600) }],
    otherExpenses: [],
    retirementAccounts: [account(1, 'roth_ira'), account(2, 'traditional_401k'), account(3, 'taxable')],
    retirementPlan: { retirementDate: '2026-02-01', interestRate: 0, socialSecurityIncome: $(0), socialSecurityStartDate: '2040-01-01', yearsOfRetirement: 1 },
    actuals: { debt: [], contribution: [], retirement: [], income: [] },
    assumptions: { ...NEUTRAL_ASSUMPTIONS, withdrawalOrder: 'tax_aware' },
  };

  it('drains the taxable account, then the traditional one, then the Roth', () => {
    const projection = project(input);
    const withdrawals = (id: number) => projection.retirement.find((a) => a.id === id)!.months.slice(1, 6).map((m) => m.withdrawals as Cents);
    // Living months 2026-02 … 2026-06, 600.00 each, 3,000.00 in all:
    //   taxable      600, 400,   0,   0,   0
    //   traditional    0, 200, 600, 200,   0
    //   Roth           0,   0,   0, 400, 600
    expect(withdrawals(3)).toEqual([$(600), $(400), 0, 0, 0]);
    expect(withdrawals(2)).toEqual([0, $(200), $(600), $(200), 0]);
    expect(withdrawals(1)).toEqual([0, 0, 0, $(400), $(600)]);
    // Proportional, for contrast: 200.00 from each, every month.
    const proportional = project({ ...input, assumptions: NEUTRAL_ASSUMPTIONS });
    expect(proportional.retirement.map((a) => a.months[1]!.withdrawals)).toEqual([$(200), $(200), $(200)]);
  });
});
