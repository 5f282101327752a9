import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NEUTRAL_ASSUMPTIONS, type PlanAssumptions } from './assumptions.ts';
import { households } from './households.testing.ts';
import { marketHistory, mixedRealReturns } from './market/history.ts';
import { cents, parseCents, type Cents } from './money.ts';
import { addMonths, monthKey, type MonthKey } from './months.ts';
import { planScenario, project } from './project.ts';
import { mix32, normals, uniforms } from './random.ts';
import { projectRetirement } from './retirement.ts';
import type { ReturnPath } from './returns.ts';
import {
  fanChart,
  historyOutcomes,
  historyPath,
  historyStartCount,
  historySummary,
  monteCarloSummary,
  type PathOutcome,
  lasted,
  monteCarloOutcomes,
  monteCarloPath,
  nearestRank,
  replayPath,
  riskPlan,
  rateBasisPoints,
  realReturnBasisPoints,
  shareBasisPoints,
  type RiskPlan,
} from './risk.ts';
import { projectionTimeline } from './timeline.ts';
import type { ProjectionInput } from './types.ts';

const c = (dollars: number): Cents => parseCents(dollars) as Cents;

/**
 * A household with every kind of account and assumptions: two accounts at 6 % and 8 % (one
 * traditional 401(k), taxed at 20 % in retirement), contributions until 2046, living 2046–2075 at
 * 6 % with Social Security from 2048, cash spent first in retirement, 2.5 % inflation, and an
 * actual balance in the past.
 */
const household: ProjectionInput = {
  today: monthKey(2026, 11),
  planStart: monthKey(2026, 1),
  incomes: [{ id: 1, payCycle: 'biweekly', netPay: c(3100) }],
  debts: [{ id: 1, name: 'Visa', originalAmount: c(8000), remainingAmount: c(6500), apr: 24.99, monthlyPayment: c(250), creationOrder: 1 }],
  debtPlan: { planType: 'avalanche', extraPayment: c(100) },
  housing: { housingType: 'Rent', totalMonthlyPayment: c(1800) },
  monthlyExpenses: [{ id: 1, amount: c(1400) }],
  otherExpenses: [{ id: 1, month: monthKey(2030, 6), amount: c(12000) }],
  retirementAccounts: [
    { id: 1, name: '401(k)', contributionAmount: c(400), employerContributionAmount: c(200), startingBalance: c(48000), expectedReturnRate: 8, contributionCycle: 'biweekly', nextDepositDate: '2026-01-09', accountType: 'traditional_401k' },
    { id: 2, name: 'Roth IRA', contributionAmount: c(500), employerContributionAmount: c(0), startingBalance: c(12000), expectedReturnRate: 6, contributionCycle: 'monthly', nextDepositDate: '2026-02-01', accountType: 'roth_ira' },
  ],
  retirementPlan: { retirementDate: '2046-01-01', interestRate: 6, socialSecurityIncome: c(2200), socialSecurityStartDate: '2048-01-01', yearsOfRetirement: 30 },
  actuals: { debt: [], contribution: [{ accountId: 2, month: monthKey(2026, 6), endBalance: c(15250) }], retirement: [], income: [] },
  assumptions: { ...NEUTRAL_ASSUMPTIONS, inflationRate: 2.5, cashBalance: c(9000), cashInterestRate: 3, retirementTaxRate: 20, spendCashInRetirement: true },
};

/** The deterministic plan's savings at each sample: the retirement total's display balance + timeline cash. */
function deterministicSavings(input: ProjectionInput, plan: RiskPlan): number[] {
  const projection = project(input);
  const points = projectionTimeline(input, projection).points;
  return plan.samples.map((index) => (projection.retirementTotal[index]?.displayBalance ?? 0) + (points[index]?.cash ?? 0));
}

function firstShortfall(input: ProjectionInput): number {
  return project(input).retirementTotal.findIndex((row) => row.shortfall > 0);
}

describe('seeded random numbers', () => {
  it('repeat for the same seed and stream, and differ between streams', () => {
    const first = uniforms(42, 7);
    const again = uniforms(42, 7);
    const other = uniforms(42, 8);
    const a = Array.from({ length: 50 }, () => first());
    expect(Array.from({ length: 50 }, () => again())).toEqual(a);
    expect(Array.from({ length: 50 }, () => other())).not.toEqual(a);
    expect(a.every((u) => u >= 0 && u < 1)).toBe(true);
  });

  it('mixes a seed with the splitmix32 finaliser', () => {
    // By hand: z = 1; z = (z ^ z>>>16) × 0x85ebca6b = 0x85ebca6b; z ^= z>>>13; × 0xc2b2ae35 (mod 2³²); z ^= z>>>16.
    let z = 1;
    z = Number((BigInt(z ^ (z >>> 16)) * 0x85ebca6bn) % 2n ** 32n);
    z = Number((BigInt((z ^ (z >>> 13)) >>> 0) * 0xc2b2ae35n) % 2n ** 32n);
    z = (z ^ (z >>> 16)) >>> 0;
    expect(mix32(1)).toBe(z);
    expect(mix32(0)).toBe(0);
  });

  it('draws standard normals: mean 0 and variance 1 over 200 000 draws', () => {
    const draw = normals(2026, 0);
    let sum = 0;
    let squares = 0;
    const n = 200_000;
    for (let i = 0; i < n; i += 1) {
      const z = draw();
      sum += z;
      squares += z * z;
    }
    // Standard errors: 1/√n ≈ 0.0022 for the mean, √(2/n) ≈ 0.0032 for the variance.
    expect(Math.abs(sum / n)).toBeLessThan(0.01);
    expect(Math.abs(squares / n - 1)).toBeLessThan(0.015);
  });
});

describe('Monte Carlo paths', () => {
  const plan = riskPlan(household);

  it('start the month after today and sample each December and the last month', () => {
    expect(plan.from).toBe(11);
    expect(plan.span).toBe(20 * 12 + 30 * 12);
    expect(plan.samples[0]).toBe(11);
    expect(plan.samples[1]).toBe(23); // 2026-12 is the first path month itself; the next December is 2027-12
    expect(plan.samples.at(-1)).toBe(plan.span - 1);
  });

  it('at volatility 0 every path is the deterministic plan to the cent', () => {
    const expected = deterministicSavings(household, plan);
    for (const outcome of monteCarloOutcomes(plan, { seed: 9, volatility: 0, first: 0, count: 5 })) {
      expect(Array.from(outcome.savings)).toEqual(expected);
      expect(outcome.runsOut).toBe(firstShortfall(household));
    }
    const { projection, retirement } = planScenario(household);
    const full = projectRetirement(retirement!.accounts, { ...retirement!.options, returns: monteCarloPath(plan, 9, 3, 0) });
    expect(full.accounts).toEqual(projection.retirement);
    expect(full.total).toEqual(projection.retirementTotal);
  });

  it('are reproducible and do not depend on how the run is cut into chunks', () => {
    const whole = monteCarloOutcomes(plan, { seed: 77, volatility: 15, first: 0, count: 40 });
    const halves = [...monteCarloOutcomes(plan, { seed: 77, volatility: 15, first: 0, count: 25 }), ...monteCarloOutcomes(plan, { seed: 77, volatility: 15, first: 25, count: 15 })];
    expect(halves).toEqual(whole);
    expect(monteCarloOutcomes(plan, { seed: 78, volatility: 15, first: 0, count: 40 })).not.toEqual(whole);
  });

  it('draw log-normal monthly returns whose mean is the fixed rate and whose spread is the volatility', () => {
    // The excess at rate p is (1 + p/1200)(g − 1), so every cell of a month shares g.
    const sigma = 0.15 / Math.sqrt(12);
    let logs = 0;
    let logSquares = 0;
    let gross = 0;
    let n = 0;
    for (let p = 0; p < 200; p += 1) {
      const path = monteCarloPath(plan, 5, p, 15);
      for (let index = plan.from; index < plan.span; index += 1) {
        const g8 = 1 + path.excess(index, 8) / (1 + 8 / 1200);
        const g6 = 1 + path.excess(index, 6) / (1 + 6 / 1200);
        expect(g6).toBeCloseTo(g8, 12);
        logs += Math.log(g8);
        logSquares += Math.log(g8) ** 2;
        gross += (1 + 8 / 1200) * g8;
        n += 1;
      }
    }
    const mean = logs / n;
    // ln g ~ N(−σ²/2, σ²): over ~120 000 draws the sample moments sit within a few standard errors.
    expect(mean).toBeCloseTo((-sigma * sigma) / 2, 3);
    expect(Math.sqrt(logSquares / n - mean * mean)).toBeCloseTo(sigma, 3);
    // E[(1 + m) g] = 1 + m: the path's mean return is the account's expected return.
    expect(gross / n).toBeCloseTo(1 + 8 / 1200, 3);
  });

  it('replay the retirement table exactly as projectRetirement does, on random households and paths', () => {
    const assumptions = fc.option(
      fc.record({
        inflationRate: fc.integer({ min: 0, max: 600 }).map((n) => n / 100),
        cashBalance: fc.integer({ min: 0, max: 5_000_000 }).map((n) => cents(n)),
        cashInterestRate: fc.integer({ min: 0, max: 500 }).map((n) => n / 100),
        retirementTaxRate: fc.integer({ min: 0, max: 40 }),
        spendCashInRetirement: fc.boolean(),
        // Where the money goes: overdrafts to repay, budgets, surplus transfers (docs/projection-rules.md#where-the-money-goes).
        otherSpending: fc.integer({ min: 0, max: 600_000 }).map((n) => cents(n)),
        retirementSpending: fc.option(fc.integer({ min: 0, max: 800_000 }).map((n) => cents(n)), { nil: null }),
        surplusAccountId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
        surplusShare: fc.integer({ min: 0, max: 100 }),
        overdraftInterestRate: fc.integer({ min: 0, max: 4000 }).map((n) => n / 100),
        // The tax-aware order (docs/projection-rules.md#the-tax-aware-order): the same order on every path.
        withdrawalOrder: fc.constantFrom('proportional' as const, 'tax_aware' as const),
        // Taxes in retirement (docs/projection-rules.md#taxes-in-the-projection): brackets, state tax and conversions on every path.
        filingStatus: fc.option(fc.constantFrom('single' as const, 'married_joint' as const, 'head_of_household' as const), { nil: null }),
        stateTaxRate: fc.integer({ min: 0, max: 1500 }).map((n) => n / 100),
        rothConversion: fc.integer({ min: 0, max: 5_000_000 }).map((n) => cents(n)),
      }),
      { nil: null },
    );
    const types = ['traditional_401k', 'roth_ira', 'taxable', 'traditional_ira'];
    fc.assert(
      fc.property(households(true), assumptions, fc.nat(3), fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 0, max: 40 }), fc.option(fc.integer({ min: 1935, max: 2005 }), { nil: null }), (h, a, typeShift, seed, volatility, birthYear) => {
        const input: ProjectionInput = {
          ...h.input,
          birthYear,
          retirementAccounts: h.input.retirementAccounts.map((account, i) => ({ ...account, accountType: types[(i + typeShift) % types.length] })),
          assumptions: a === null ? null : ({ ...NEUTRAL_ASSUMPTIONS, ...a } as PlanAssumptions),
        };
        const plan = riskPlan(input);
        if (plan.scenario === null) return;
        const path = monteCarloPath(plan, seed, 0, volatility);
        const full = projectRetirement(plan.scenario.accounts, { ...plan.scenario.options, returns: path }).total;
        const points = projectionTimeline(input, plan.projection).points;
        const outcome = replayPath(plan, path);
        // Living cash is the path's own (it pays what the accounts cannot), else the timeline's.
        expect(Array.from(outcome.savings)).toEqual(plan.samples.map((index) => (full[index]?.displayBalance ?? 0) + (full[index]?.cashBalance ?? points[index]?.cash ?? points.at(-1)?.cash ?? 0)));
        expect(outcome.runsOut).toBe(full.findIndex((row) => row.shortfall > 0));
      }),
      { numRuns: 60 },
    );
    // 60 households of up to 780 months each: about 2 s alone, several times that while CI runs other layers beside it.
  }, 30_000);
});

describe('the history replay', () => {
  it('of a constant-return series equals the deterministic projection', () => {
    // Every account and the plan at 6 %, no inflation: a series of 0.5 % a month is the fixed plan.
    const flat: ProjectionInput = {
      ...household,
      retirementAccounts: household.retirementAccounts.map((a) => ({ ...a, expectedReturnRate: 6 })),
      assumptions: { ...household.assumptions!, inflationRate: 0 },
    };
    const plan = riskPlan(flat);
    const series = new Float64Array(plan.span - plan.from + 4).fill(0.005);
    expect(historyStartCount(plan, series.length)).toBe(5);
    const expected = deterministicSavings(flat, plan);
    for (const outcome of historyOutcomes(plan, series, 0, 5)) {
      expect(Array.from(outcome.savings)).toEqual(expected);
      expect(outcome.runsOut).toBe(firstShortfall(flat));
    }
  });

  it('adds the plan’s inflation in the tables’ yearly steps: (1 + real) × 1.025 in a month that opens a plan year', () => {
    const plan = riskPlan(household);
    // from = 11: month 12 (index 11) is in plan year 0 with month 11; month 13 (index 12) opens plan year 1.
    const path: ReturnPath = historyPath(plan, [0.01, -0.02, 0.003], 0);
    expect(path.excess(11, 6)).toBeCloseTo(0.01 - 0.005, 15);
    expect(path.excess(12, 8)).toBeCloseTo(0.98 * 1.025 - 1 - 8 / 1200, 15);
    expect(path.excess(13, 6)).toBeCloseTo(0.003 - 0.005, 15);
  });

  it('gives a plan whose amounts all follow inflation the same success share and worst start at 0 % and 3 %', () => {
    // Everything the plan spends or receives grows with inflation: rent and expenses by
    // inflation_rate, Social Security by a COLA equal to it; no debts, contributions, one-time
    // expenses or cash, which stay in the dollars they were entered in. Retired at the plan start
    // with today before it, so every month is a history month and the accounts' stated rates
    // (nominal, of the tables) never enter the replay: it earns history's real returns.
    const indexed = (inflation: number): ProjectionInput => ({
      today: monthKey(1999, 12),
      planStart: monthKey(2000, 1),
      incomes: [],
      debts: [],
      debtPlan: null,
      housing: { housingType: 'Rent', totalMonthlyPayment: c(1500) },
      monthlyExpenses: [{ id: 1, amount: c(4000) }],
      otherExpenses: [],
      retirementAccounts: [
        { id: 1, name: '401(k)', contributionAmount: c(0), employerContributionAmount: c(0), startingBalance: c(600_000), expectedReturnRate: 7, contributionCycle: 'monthly', nextDepositDate: '2000-01-01', accountType: 'traditional_401k' },
        { id: 2, name: 'Roth IRA', contributionAmount: c(0), employerContributionAmount: c(0), startingBalance: c(300_000), expectedReturnRate: 7, contributionCycle: 'monthly', nextDepositDate: '2000-01-01', accountType: 'roth_ira' },
      ],
      retirementPlan: { retirementDate: '2000-01-01', interestRate: 5, socialSecurityIncome: c(1500), socialSecurityStartDate: '2000-01-01', yearsOfRetirement: 30 },
      actuals: { debt: [], contribution: [], retirement: [], income: [] },
      assumptions: { ...NEUTRAL_ASSUMPTIONS, inflationRate: inflation, socialSecurityCola: inflation, retirementTaxRate: 15 },
    });
    const history = marketHistory();
    const returns = mixedRealReturns(history, 60);
    const summaryAt = (inflation: number) => {
      const plan = riskPlan(indexed(inflation));
      expect(plan.from).toBe(0);
      const starts = historyStartCount(plan, returns.length);
      return historySummary(plan, historyOutcomes(plan, returns, 0, starts), history.months, 60, returns);
    };
    const level = summaryAt(0);
    const rising = summaryAt(3);
    // A plan that neither always nor never lasts, so the share can move.
    expect(level.successBasisPoints).toBeGreaterThan(5000);
    expect(level.successBasisPoints).toBeLessThan(10_000);
    expect(rising.starts).toHaveLength(level.starts.length);
    expect(rising.successBasisPoints).toBe(level.successBasisPoints);
    expect(rising.lasted).toBe(level.lasted);
    expect(rising.worst?.start.start).toBe(level.worst?.start.start);
    expect(rising.worst?.start.runsOut).toBe(level.worst?.start.runsOut);
    expect(rising.starts.map((s) => s.runsOut)).toEqual(level.starts.map((s) => s.runsOut));
    // In today's dollars the two replays differ only by cent roundings (of grown amounts, interest
    // and tax), never by a drift: within $20 at the end of 30 years on every start.
    rising.starts.forEach((s, i) => expect(Math.abs(s.endSavings - level.starts[i]!.endSavings)).toBeLessThanOrEqual(2000));
    // Two replays of every start month since 1871: a few seconds alone, more beside other layers.
  }, 60_000);

  it('passes the 4 % rule in the share of start months the Trinity study and Bengen report', () => {
    // $1,000,000, 75 % stocks, $40,000 a year in today's dollars (3,333.33 a month), 30 years,
    // retiring at once; real returns, so no inflation assumption (the spending stays level in
    // today's dollars, as the rule's rises with inflation do).
    const input: ProjectionInput = {
      today: monthKey(1999, 12),
      planStart: monthKey(2000, 1),
      incomes: [],
      debts: [],
      debtPlan: null,
      housing: null,
      monthlyExpenses: [{ id: 1, amount: c(3333.33) }],
      otherExpenses: [],
      retirementAccounts: [
        { id: 1, name: 'Portfolio', contributionAmount: c(0), employerContributionAmount: c(0), startingBalance: c(1_000_000), expectedReturnRate: 0, contributionCycle: 'monthly', nextDepositDate: '2000-01-01' },
      ],
      retirementPlan: { retirementDate: '2000-01-01', interestRate: 0, socialSecurityIncome: c(0), socialSecurityStartDate: '2100-01-01', yearsOfRetirement: 30 },
      actuals: { debt: [], contribution: [], retirement: [], income: [] },
    };
    const plan = riskPlan(input);
    expect(plan.from).toBe(0);
    const history = marketHistory();
    const returns = mixedRealReturns(history, 75);
    const starts = historyStartCount(plan, returns.length);
    // 1,829 monthly returns, 360 per path: start months 1871-02 … 1993-07.
    expect(starts).toBe(1470);
    const outcomes = historyOutcomes(plan, returns, 0, starts);
    // 1,441 of 1,470 start months (98.03 %) never ran short. Trinity (1998) reports 98 % for
    // 75/25 at 4 % over 30 years (start years 1926–1995, annual data) and Bengen 100 % for
    // 50–75 % stocks (1926–1976). The figure differs a little because this replay starts in every
    // month since 1871, withdraws monthly and rebalances monthly, and uses Shiller's monthly
    // averages and a bond built from the 10-year yield rather than Ibbotson's series.
    expect(shareBasisPoints(lasted(outcomes), starts)).toBe(9803);
    expect(lasted(outcomes)).toBe(1441);
    // The failures are the start months Bengen's and Trinity's worst cases come from: the late 1960s.
    const failed = outcomes.flatMap((o, s) => (o.runsOut >= 0 ? [history.months[s]!] : []));
    expect(failed.some((month) => month.startsWith('1966') || month.startsWith('1968') || month.startsWith('1969'))).toBe(true);
  });
});

describe('summaries', () => {
  it('take percentiles by nearest rank', () => {
    const sorted = Float64Array.from({ length: 1000 }, (_, i) => i + 1);
    expect(nearestRank(sorted, 10)).toBe(100);
    expect(nearestRank(sorted, 50)).toBe(500);
    expect(nearestRank(sorted, 90)).toBe(900);
    expect(nearestRank([7, 8, 9], 10)).toBe(7);
    expect(nearestRank([7, 8, 9], 90)).toBe(9);
  });

  it('state shares in basis points, rounded half up', () => {
    expect(shareBasisPoints(1441, 1470)).toBe(9803); // 98.027…
    expect(shareBasisPoints(1, 8)).toBe(1250);
    expect(shareBasisPoints(1, 3)).toBe(3333);
    expect(shareBasisPoints(2, 3)).toBe(6667);
    expect(shareBasisPoints(0, 0)).toBe(0);
  });

  it('give the fan chart in today’s dollars', () => {
    const plan = riskPlan(household);
    const outcomes = monteCarloOutcomes(plan, { seed: 1, volatility: 15, first: 0, count: 101 });
    const fan = fanChart(plan, outcomes);
    expect(fan).toHaveLength(plan.samples.length);
    const i = plan.samples.length - 1;
    const index = plan.samples[i]!;
    const column = outcomes.map((o) => o.savings[i]!).sort((x, y) => x - y);
    // p10 of 101 is the ⌈10.1⌉ = 11th smallest; deflated by 1.025^k, k = floor(index / 12), half up.
    const k = Math.floor(index / 12);
    const deflate = (v: number): number => {
      const num = BigInt(v) * 1000n ** BigInt(k);
      const den = 1025n ** BigInt(k);
      return Number((2n * num + den) / (2n * den));
    };
    expect(fan[i]).toEqual({ month: plan.projection.retirementTotal[index]!.month, p10: deflate(column[10]!), p50: deflate(column[50]!), p90: deflate(column[90]!) });
    expect(fan.every((p) => p.p10 <= p.p50 && p.p50 <= p.p90)).toBe(true);
  });

  it('name the worst history start, the share that lasted and the notable years', () => {
    const plan = riskPlan(household);
    const n = plan.samples.length;
    const outcome = (end: number, runsOut: number): PathOutcome => ({ savings: Float64Array.from({ length: n }, (_, i) => (i === n - 1 ? end : 100)), runsOut });
    // Four starts: two last, one runs short in month index 500, one in 450 (the worst).
    const outcomes = [outcome(5_000_00, -1), outcome(1_00, 500), outcome(9_000_00, -1), outcome(7_00, 450)];
    const months = Array.from({ length: 4 }, (_, i) => addMonths(monthKey(1928, 12), i)) as MonthKey[];
    // livingFrom − from = 240 − 11 = 229 months after the start: 1928-12 + 229 = 1948-01.
    const allMonths = [...months, ...Array.from({ length: 240 }, (_, i) => addMonths(monthKey(1929, 4), i))];
    // Every month +0.5 % after inflation: 1.005^12 − 1 = 0.0616778 a year → 617 basis points.
    const summary = historySummary(plan, outcomes, allMonths, 60, new Float64Array(allMonths.length).fill(0.005));
    expect(summary.market).toEqual({ realBasisPoints: 617, from: '1928-12', to: allMonths.at(-1) });
    expect(summary.lasted).toBe(2);
    expect(summary.successBasisPoints).toBe(5000);
    expect(summary.worst?.start.start).toBe('1929-03');
    expect(summary.worst?.start.runsOut).toBe(addMonths(monthKey(2026, 1), 450));
    expect(summary.starts[0]?.retirement).toBe(addMonths(monthKey(1929, 4), 229 - 4));
    expect(summary.worst?.path).toHaveLength(n);
    // End savings in today's dollars: 500 000¢ in month index span − 1 at 2.5 %, k = floor((span − 1) / 12).
    const k = Math.floor((plan.span - 1) / 12);
    expect(summary.starts[0]?.endSavings).toBe(Number((2n * 500_000n * 1000n ** BigInt(k) + 1025n ** BigInt(k)) / (2n * 1025n ** BigInt(k))));
  });

  it('state a yearly rate after inflation in basis points, half away from zero', () => {
    // (1 + 6.75 %) / (1 + 3 %) − 1 = 1.0675 / 1.03 − 1 = 0.0364077… → 364.08 → 364.
    expect(realReturnBasisPoints(6.75, 3)).toBe(364);
    // 7 % with 2.5 %: 1.07 / 1.025 − 1 = 0.0439024… → 439.
    expect(realReturnBasisPoints(7, 2.5)).toBe(439);
    // 2 % with 3 %: 1.02 / 1.03 − 1 = −0.0097087… → −97.09 → −97.
    expect(realReturnBasisPoints(2, 3)).toBe(-97);
    expect(realReturnBasisPoints(5, 0)).toBe(500);
    expect(realReturnBasisPoints(3, 3)).toBe(0);
    expect(rateBasisPoints(0.00125)).toBe(13);
    expect(rateBasisPoints(-0.00125)).toBe(-13);
    expect(rateBasisPoints(0.001249)).toBe(12);
  });

  it('summarise a Monte Carlo run with its seed and the typical month money runs out', () => {
    const plan = riskPlan(household);
    const n = plan.samples.length;
    const outcomes: PathOutcome[] = [300, -1, 310, 320, -1].map((runsOut) => ({ savings: new Float64Array(n), runsOut }));
    const summary = monteCarloSummary(plan, outcomes, { seed: 12345, volatility: 15 });
    expect(summary).toMatchObject({ seed: 12345, paths: 5, volatility: 15, lasted: 2, successBasisPoints: 4000 });
    // Runs-out indices 300, 310, 320: the median by nearest rank is the 2nd, 310 → 2026-01 + 310 months.
    expect(summary.typicalRunsOut).toBe('2051-11');
  });
});
