import { describe, expect, it } from 'vitest';
import { parseCents, type Cents } from './money.ts';
import { monthKey } from './months.ts';
import { project } from './project.ts';
import { projectionTimeline, timelineMilestones } from './timeline.ts';
import { NEUTRAL_ASSUMPTIONS } from './assumptions.ts';
import type { ProjectionInput } from './types.ts';

/** Dollars → cents through text, as the app reads amounts. */
const c = (dollars: number): Cents => parseCents(dollars) as Cents;

/**
 * A small household, every figure below worked by hand:
 * - month 1 is 2026-01; net pay 1 000.00 a month; monthly expenses 300.00;
 * - one debt of 250.00 at 0 % paying 100.00: 150.00, 50.00, then 50.00 pays it off in 2026-03;
 * - one account of 1 000.00 at 0 % with 100.00 a month (employee) from 2026-01;
 * - retiring 2026-07-01 for 1 year at 0 %, Social Security 150.00 from 2026-09-15.
 */
const household: ProjectionInput = {
  today: monthKey(2026, 1),
  planStart: monthKey(2026, 1),
  incomes: [{ id: 1, payCycle: 'monthly', netPay: c(1000) }],
  debts: [{ id: 1, name: 'Card', originalAmount: c(250), remainingAmount: c(250), apr: 0, monthlyPayment: c(100), creationOrder: 1 }],
  debtPlan: null,
  housing: null,
  monthlyExpenses: [{ id: 1, amount: c(300) }],
  otherExpenses: [],
  retirementAccounts: [
    {
      id: 1,
      name: '401k',
      contributionAmount: c(100),
      employerContributionAmount: c(0),
      startingBalance: c(1000),
      expectedReturnRate: 0,
      contributionCycle: 'monthly',
      nextDepositDate: '2026-01-01',
    },
  ],
  retirementPlan: { retirementDate: '2026-07-01', interestRate: 0, socialSecurityIncome: c(150), socialSecurityStartDate: '2026-09-15', yearsOfRetirement: 1 },
  actuals: { debt: [], contribution: [], retirement: [], income: [] },
};

const timelineOf = (input: ProjectionInput) => projectionTimeline(input, project(input));
const row = (p: { month: string; cash: number; retirement: number; debt: number; netWorth: number }) => [p.month, p.cash, p.retirement, p.debt, p.netWorth];

describe('projectionTimeline', () => {
  const timeline = timelineOf(household);

  it('runs from month 1 to the end of retirement living, one point a month', () => {
    // 6 months before retirement (2026-01 … 2026-06) + 12 living months (2026-07 … 2027-06).
    expect(timeline.points).toHaveLength(18);
    expect(timeline.points[0]?.month).toBe('2026-01');
    expect(timeline.points.at(-1)?.month).toBe('2027-06');
  });

  it('adds cash and retirement and takes off debt, month by month', () => {
    // Cash: + 1 000 − 100 contribution − 300 expenses − debt payment (100, 100, 50, 0 …):
    //   500, 1 000, 1 550, 2 150, 2 750, 3 350; then carried (nothing spends it in retirement).
    // Accounts: 1 100 … 1 600 before retirement; then need = 300 (300 − 150 from 2026-09):
    //   1 300, 1 000, 850, 700, 550, 400, 250, 100, 0 (2027-03 needs 150, only 100 is left), 0 …
    // Debt: 150, 50, 0.
    expect(timeline.points.map(row)).toEqual([
      ['2026-01', c(500), c(1100), c(150), c(1450)],
      ['2026-02', c(1000), c(1200), c(50), c(2150)],
      ['2026-03', c(1550), c(1300), 0, c(2850)],
      ['2026-04', c(2150), c(1400), 0, c(3550)],
      ['2026-05', c(2750), c(1500), 0, c(4250)],
      ['2026-06', c(3350), c(1600), 0, c(4950)],
      ['2026-07', c(3350), c(1300), 0, c(4650)],
      ['2026-08', c(3350), c(1000), 0, c(4350)],
      ['2026-09', c(3350), c(850), 0, c(4200)],
      ['2026-10', c(3350), c(700), 0, c(4050)],
      ['2026-11', c(3350), c(550), 0, c(3900)],
      ['2026-12', c(3350), c(400), 0, c(3750)],
      ['2027-01', c(3350), c(250), 0, c(3600)],
      ['2027-02', c(3350), c(100), 0, c(3450)],
      ['2027-03', c(3350), 0, 0, c(3350)],
      ['2027-04', c(3350), 0, 0, c(3350)],
      ['2027-05', c(3350), 0, 0, c(3350)],
      ['2027-06', c(3350), 0, 0, c(3350)],
    ]);
    for (const p of timeline.points) expect(p.netWorth).toBe(p.cash + p.retirement - p.debt);
  });

  it('marks the debt-free, retirement, Social Security and money-runs-out months', () => {
    expect(timeline.milestones).toEqual({
      debtFree: { month: '2026-03', never: false },
      retirement: '2026-07',
      socialSecurityStart: '2026-09',
      // 2027-03: the accounts hold 100.00 against a need of 150.00.
      moneyRunsOut: '2027-03',
    });
  });

  it('gives the first point, each December and the last point as the yearly view, and the peak', () => {
    expect(timeline.yearly.map((p) => [p.month, p.netWorth])).toEqual([
      ['2026-01', c(1450)],
      ['2026-12', c(3750)],
      ['2027-06', c(3350)],
    ]);
    expect(timeline.peak).toMatchObject({ month: '2026-06', netWorth: c(4950) });
    expect(timeline.current).toMatchObject({ month: '2026-01', netWorth: c(1450) });
    expect(timelineOf({ ...household, today: monthKey(2030, 1) }).current).toBeNull();
    expect(timeline.truncated).toBe(false);
  });

  it('pays off a debt with interest in month N: debt-free month N', () => {
    // 250.00 at 12 %: 2.50 interest → 152.50; 1.53 → 54.03; 0.54 → pays 54.57, off in month 3.
    const withInterest = timelineOf({ ...household, debts: [{ ...household.debts[0]!, apr: 12 }] });
    expect(withInterest.milestones.debtFree).toEqual({ month: '2026-03', never: false });
    expect(withInterest.points.slice(0, 3).map((p) => p.debt)).toEqual([c(152.5), c(54.03), 0]);
    // Cash pays 100, 100, 54.57: 500.00, 1 000.00, 1 545.43.
    expect(withInterest.points.slice(0, 3).map((p) => p.cash)).toEqual([c(500), c(1000), c(1545.43)]);
  });

  it('money lasts: no money-runs-out month', () => {
    // Social Security of 300.00 covers the whole need from 2026-09: 1 300, 1 000, then 1 000 to the end.
    const lasting = timelineOf({ ...household, retirementPlan: { ...household.retirementPlan!, socialSecurityIncome: c(300) } });
    expect(lasting.milestones.moneyRunsOut).toBeNull();
    expect(lasting.points.at(-1)).toMatchObject({ retirement: c(1000), netWorth: c(4350) });
  });

  it('uses the user\'s actual end balance for cash and carries it forward', () => {
    const actual = timelineOf({ ...household, today: monthKey(2026, 2), actuals: { ...household.actuals, income: [{ month: monthKey(2026, 2), endBalance: c(5000) }] } });
    // 2026-02 shows 5 000.00; 2026-03 continues from it: 5 000 + 1 000 − 100 − 300 − 50 = 5 550.
    expect(actual.points.slice(0, 3).map((p) => p.cash)).toEqual([c(500), c(5000), c(5550)]);
  });

  it('without a retirement plan: 360 months, accounts from the contribution table, no retirement markers', () => {
    const noPlan = timelineOf({ ...household, retirementPlan: null });
    expect(noPlan.points).toHaveLength(360);
    expect(noPlan.points.at(-1)?.month).toBe('2055-12');
    // The account: 1 000 + 360 × 100.
    expect(noPlan.points.at(-1)?.retirement).toBe(c(37000));
    expect(noPlan.milestones).toEqual({ debtFree: { month: '2026-03', never: false }, retirement: null, socialSecurityStart: null, moneyRunsOut: null });
  });

  it('with no debts there is no debt-free month and the debt line is 0', () => {
    const noDebts = timelineOf({ ...household, debts: [] });
    expect(noDebts.milestones.debtFree).toEqual({ month: null, never: false });
    expect(noDebts.points.every((p) => p.debt === 0)).toBe(true);
  });

  it('a debt whose payment never covers its interest is never paid off', () => {
    const never = timelineOf({ ...household, debts: [{ ...household.debts[0]!, apr: 100, remainingAmount: c(100000), monthlyPayment: c(10) }] });
    expect(never.milestones.debtFree).toEqual({ month: null, never: true });
    expect(never.truncated).toBe(true);
  });

  it('with nothing to project the line is flat at 0', () => {
    const empty = timelineOf({ ...household, incomes: [], debts: [], monthlyExpenses: [], retirementAccounts: [], retirementPlan: null });
    // The income table still runs 360 months of zeros: a flat line at 0.
    expect(empty.points.every((p) => p.netWorth === 0)).toBe(true);
    expect(empty.peak?.month).toBe('2026-01');
  });
});

describe('timelineMilestones: Social Security', () => {
  const milestonesWith = (plan: Partial<NonNullable<ProjectionInput['retirementPlan']>>) => {
    const input = { ...household, retirementPlan: { ...household.retirementPlan!, ...plan } };
    return timelineMilestones(input, project(input));
  };

  it('a start before retirement counts from the retirement month', () => {
    expect(milestonesWith({ socialSecurityStartDate: '2026-02-01' }).socialSecurityStart).toBe('2026-07');
  });

  it('no Social Security income, or a start after retirement living ends: none', () => {
    expect(milestonesWith({ socialSecurityIncome: c(0) }).socialSecurityStart).toBeNull();
    // Living runs 2026-07 … 2027-06.
    expect(milestonesWith({ socialSecurityStartDate: '2027-07-01' }).socialSecurityStart).toBeNull();
    expect(milestonesWith({ socialSecurityStartDate: '2027-06-01' }).socialSecurityStart).toBe('2027-06');
  });
});

describe('projectionTimeline with plan assumptions', () => {
  it('spends cash first in retirement: the points follow the total rows\' cash balance', () => {
    const input: ProjectionInput = { ...household, assumptions: { ...NEUTRAL_ASSUMPTIONS, spendCashInRetirement: true } };
    const points = timelineOf(input).points;
    // Cash enters retirement at 3 350.00 and pays the whole need: 300.00 in 2026-07 and 08, then
    // 150.00 a month once Social Security pays 150.00 (from 2026-09); the accounts stay at 1 600.00.
    expect(points.slice(5).map((p) => [p.month, p.cash, p.retirement])).toEqual([
      ['2026-06', c(3350), c(1600)],
      ['2026-07', c(3050), c(1600)],
      ['2026-08', c(2750), c(1600)],
      ['2026-09', c(2600), c(1600)],
      ['2026-10', c(2450), c(1600)],
      ['2026-11', c(2300), c(1600)],
      ['2026-12', c(2150), c(1600)],
      ['2027-01', c(2000), c(1600)],
      ['2027-02', c(1850), c(1600)],
      ['2027-03', c(1700), c(1600)],
      ['2027-04', c(1550), c(1600)],
      ['2027-05', c(1400), c(1600)],
      ['2027-06', c(1250), c(1600)],
    ]);
    expect(points.at(-1)?.netWorth).toBe(c(2850));
  });

  it('counts the home, grown by its appreciation, and the mortgage it pays for', () => {
    // Home 300 000.00 at 5 % a year: months 1–12 300 000.00, month 13 (2027-01) 315 000.00.
    // Mortgage 1 000.00 at 0 %, P&I 500.00 (600.00 − 100.00 escrow): 500.00 after month 1, then 0.
    const input: ProjectionInput = {
      ...household,
      housing: { housingType: 'Mortgage', totalMonthlyPayment: c(600), interestRate: 0, currentBalance: c(1000), escrowPayment: c(100) },
      assumptions: { ...NEUTRAL_ASSUMPTIONS, homeValue: c(300_000), homeAppreciationRate: 5 },
    };
    const points = timelineOf(input).points;
    expect(points.slice(0, 3).map((p) => [p.month, p.home, p.mortgage])).toEqual([
      ['2026-01', c(300_000), c(500)],
      ['2026-02', c(300_000), 0],
      ['2026-03', c(300_000), 0],
    ]);
    expect([points[11]?.home, points[12]?.home]).toEqual([c(300_000), c(315_000)]);
    for (const p of points) expect(p.netWorth).toBe(p.cash + p.retirement + (p.home ?? 0) - (p.mortgage ?? 0) - p.debt);
    // 2026-01: cash 1 000 − 100 − 300 − 100 (card) − 600 (housing) = −100.00; accounts 1 100.00;
    // home 300 000.00; mortgage 500.00; card 150.00 → 300 350.00.
    expect(points[0]?.netWorth).toBe(c(300_350));
  });

  it('without a home value counts neither the home nor the mortgage', () => {
    const input: ProjectionInput = {
      ...household,
      housing: { housingType: 'Mortgage', totalMonthlyPayment: c(600), interestRate: 0, currentBalance: c(1000), escrowPayment: c(100) },
      assumptions: NEUTRAL_ASSUMPTIONS,
    };
    const first = timelineOf(input).points[0];
    expect(first && 'home' in first).toBe(false);
    expect(first?.netWorth).toBe(c(-100 + 1100 - 150));
  });
});
