import { describe, expect, it } from 'vitest';
import { cents } from '../../../../engine/money.ts';
import { monthKey } from '../../../../engine/months.ts';
import { project } from '../../../../engine/project.ts';
import type { ProjectionInput } from '../../../../engine/types.ts';
import { applyWhatIf, planOutcome } from '../../../../engine/what-if.ts';
import { compute } from './compute.ts';
import { netWorthLines } from './figures.ts';

// Pay 5 000.00, rent 1 500.00, expenses 1 000.00 (cash grows 2 500.00 a month at no interest); an
// IRA of 1 000 000.00 at 0 %; retiring 2036-01-01 for 25 years, the need (2 500.00 a month before
// Social Security in 2038) paid from the IRA at 0 %.
const input: ProjectionInput = {
  today: monthKey(2026, 11),
  planStart: monthKey(2026, 11),
  incomes: [{ id: 1, payCycle: 'monthly', netPay: cents(500_000) }],
  debts: [],
  debtPlan: null,
  housing: { housingType: 'Rent', totalMonthlyPayment: cents(150_000) },
  monthlyExpenses: [{ id: 1, amount: cents(100_000) }],
  otherExpenses: [],
  retirementAccounts: [{ id: 1, name: 'IRA', contributionAmount: cents(0), employerContributionAmount: cents(0), startingBalance: cents(100_000_000), expectedReturnRate: 0, contributionCycle: 'monthly', nextDepositDate: '2026-11-01' }],
  retirementPlan: { retirementDate: '2036-01-01', interestRate: 0, socialSecurityIncome: cents(150_000), socialSecurityStartDate: '2038-01-01', yearsOfRetirement: 25 },
  actuals: { debt: [], contribution: [], retirement: [], income: [] },
};
const outcomeOf = (plan: ProjectionInput) => planOutcome(plan, project(plan), 1985);

describe('netWorthLines', () => {
  it('with retirement five years earlier, reads each column in the month its line names', () => {
    const saved = outcomeOf(input);
    const changed = outcomeOf(applyWhatIf(input, { retirementDate: '2031-01-01' }));
    // Cash grows 2 500.00 a month from 2026-11: 50 months to 2030-12 (125 000.00), 110 to 2035-12
    // (275 000.00), beside the IRA's 1 000 000.00. Retired from 2031-01, the what-if earns nothing
    // more and pays 60 months × 2 500.00 from the IRA by 2035-12: 125 000 + 850 000 = 975 000.00
    // (without plan assumptions cash is not spent in retirement).
    expect(netWorthLines(saved, changed)).toEqual([
      { label: 'Net worth in 2030-12 (the what-if retires)', saved: '$1,125,000', changed: '$1,125,000', testId: 'net-worth' },
      { label: 'Net worth in 2035-12 (the saved plan retires)', saved: '$1,275,000', changed: '$975,000', testId: 'net-worth-saved-retirement' },
    ]);
  });

  it('is one line when both plans retire in the same month', () => {
    const saved = outcomeOf(input);
    const changed = outcomeOf(applyWhatIf(input, { spendingChange: -10 }));
    // 100.00 less spent a month: 2 600.00 × 110 = 286 000.00, beside the IRA.
    expect(netWorthLines(saved, changed)).toEqual([{ label: 'Net worth at retirement (2035-12)', saved: '$1,275,000', changed: '$1,286,000', testId: 'net-worth' }]);
  });

  it("gets both months from the worker's answer, which keeps them beside each December", async () => {
    // Retiring 2031-06-01: the what-if's last working month is 2031-05, 55 months in: 137 500.00 of
    // cash beside the IRA in the saved plan too.
    const answer = await compute({ kind: 'whatIf', input, changes: { retirementDate: '2031-06-01' }, birthYear: 1985 });
    expect(netWorthLines(answer!.saved, answer!.changed)[0]).toEqual({ label: 'Net worth in 2031-05 (the what-if retires)', saved: '$1,137,500', changed: '$1,137,500', testId: 'net-worth' });
  });
});
