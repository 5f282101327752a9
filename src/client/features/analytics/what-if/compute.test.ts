/**
 * The worker's work without the worker: a long run goes in chunks, reports its progress, and a
 * cancel stops it at the next chunk with no answer — what lets a new question replace the one in
 * flight (risk.worker.ts answers nothing for a cancelled run).
 */
import { describe, expect, it } from 'vitest';
import { cents } from '../../../../engine/money.ts';
import { monthKey } from '../../../../engine/months.ts';
import { monteCarloOutcomes, monteCarloSummary, riskPlan } from '../../../../engine/risk.ts';
import type { ProjectionInput } from '../../../../engine/types.ts';
import { CHUNK, compute } from './compute.ts';

const input: ProjectionInput = {
  today: monthKey(2026, 11),
  planStart: monthKey(2026, 11),
  incomes: [{ id: 1, payCycle: 'monthly', netPay: cents(500_000) }],
  debts: [],
  debtPlan: null,
  housing: { housingType: 'Rent', totalMonthlyPayment: cents(150_000) },
  monthlyExpenses: [{ id: 1, amount: cents(100_000) }],
  otherExpenses: [],
  retirementAccounts: [{ id: 1, name: 'IRA', contributionAmount: cents(50_000), employerContributionAmount: cents(0), startingBalance: cents(2_000_000), expectedReturnRate: 6, contributionCycle: 'monthly', nextDepositDate: '2026-11-01' }],
  retirementPlan: { retirementDate: '2036-01-01', interestRate: 5, socialSecurityIncome: cents(150_000), socialSecurityStartDate: '2038-01-01', yearsOfRetirement: 25 },
  actuals: { debt: [], contribution: [], retirement: [], income: [] },
};

describe('compute', () => {
  it('runs Monte Carlo in chunks, reporting each, and answers what the engine answers in one go', async () => {
    const progress: number[] = [];
    let pauses = 0;
    const answer = await compute(
      { kind: 'monteCarlo', input, seed: 7, paths: 3 * CHUNK + 10, volatility: 15 },
      { progress: (done, total) => progress.push(done / total), pause: async () => void (pauses += 1) },
    );
    expect(progress).toEqual([50, 100, 150, 160].map((done) => done / 160));
    expect(pauses).toBe(3);
    const plan = riskPlan(input);
    expect(answer).toEqual(monteCarloSummary(plan, monteCarloOutcomes(plan, { seed: 7, volatility: 15, first: 0, count: 160 }), { seed: 7, volatility: 15 }));
  });

  it('stops a cancelled run at the next chunk and answers nothing', async () => {
    let cancelled = false;
    const progress: number[] = [];
    const answer = await compute(
      { kind: 'history', input, stockShare: 60 },
      {
        progress: (done) => progress.push(done),
        pause: async () => {
          cancelled = true;
        },
        cancelled: () => cancelled,
      },
    );
    expect(answer).toBeNull();
    // One chunk ran before the cancel was seen; none after.
    expect(progress).toEqual([CHUNK]);
  });
});
