import { describe, expect, it } from 'vitest';
import { NEUTRAL_ASSUMPTIONS, type PlanAssumptions } from './assumptions.ts';
import { cents } from './money.ts';
import { monthKey } from './months.ts';
import { homeAt } from './net-worth.ts';
import { project } from './project.ts';
import { projectionTimeline } from './timeline.ts';
import type { ProjectionInput } from './types.ts';

// The home in a check-in (docs/projection-rules.md#the-home-in-a-check-in): a mortgage balance
// and a home value given for a month re-anchor the mortgage's amortization and the home's growth.
// Every expected figure below is worked by hand from the rule's formula.

/**
 * Pay 6 000.00 a month from 2026-01; a mortgage of 100 000.00 at 6 % paying 1 000.00 a month of
 * which 200.00 is escrow (P&I 800.00); nothing else. Today is 2026-03.
 */
const household: ProjectionInput = {
  today: monthKey(2026, 3),
  planStart: monthKey(2026, 1),
  incomes: [{ id: 1, payCycle: 'monthly', netPay: cents(600_000) }],
  debts: [],
  debtPlan: null,
  housing: { housingType: 'Mortgage', totalMonthlyPayment: cents(100_000), interestRate: 6, currentBalance: cents(10_000_000), escrowPayment: cents(20_000) },
  monthlyExpenses: [],
  otherExpenses: [],
  retirementAccounts: [],
  retirementPlan: null,
  actuals: { debt: [], contribution: [], retirement: [], income: [] },
};

const assume = (assumptions: Partial<PlanAssumptions>): PlanAssumptions => ({ ...NEUTRAL_ASSUMPTIONS, ...assumptions });

describe('a mortgage balance from a check-in', () => {
  // Without the check-in: month 1 interest 100 000.00 × 0.5 % = 500.00, principal 300.00 → 99 700.00;
  // month 2 interest 498.50, principal 301.50 → 99 398.50.
  // With 90 000.00 given for 2026-02: month 3 interest = 90 000.00 × 6 % / 12 = 450.00, principal
  // 800.00 − 450.00 = 350.00 → 89 650.00; month 4: interest 448.25, principal 351.75 → 89 298.25.
  const given = { ...household, actuals: { ...household.actuals, mortgage: [{ month: monthKey(2026, 2), balance: cents(9_000_000) }] }, assumptions: assume({ homeValue: cents(40_000_000) }) };

  it('replaces that month-end balance, and the months after amortize from it', () => {
    expect(homeAt(given, monthKey(2026, 1)).mortgage).toBe(9_970_000);
    expect(homeAt(given, monthKey(2026, 2)).mortgage).toBe(9_000_000);
    expect(homeAt(given, monthKey(2026, 3)).mortgage).toBe(8_965_000);
    expect(homeAt(given, monthKey(2026, 4)).mortgage).toBe(8_929_825);
  });

  it('is the mortgage of every net worth: home 400 000.00 − 89 650.00 + cash in month 3', () => {
    const timeline = projectionTimeline(given, project(given));
    const march = timeline.points[2]!;
    // Cash: 3 × (6 000.00 − 1 000.00) = 15 000.00 (the housing line is P&I + escrow every month).
    expect([march.cash, march.home, march.mortgage, march.netWorth]).toEqual([1_500_000, 40_000_000, 8_965_000, 1_500_000 + 40_000_000 - 8_965_000]);
  });

  it('pays off a mortgage given as 0: the months after pay only the escrow', () => {
    const paid = { ...household, actuals: { ...household.actuals, mortgage: [{ month: monthKey(2026, 2), balance: cents(0) }] } };
    const housing = project(paid).income.map((row) => row.housing);
    expect(housing.slice(0, 4)).toEqual([100_000, 100_000, 20_000, 20_000]);
  });

  it('is kept on its income row, and a month after today is not applied', () => {
    const rows = project(given).income;
    expect(rows[1]).toMatchObject({ month: '2026-02', inputMortgageBalance: 9_000_000 });
    expect(rows[0]).not.toHaveProperty('inputMortgageBalance');
    const later = { ...household, actuals: { ...household.actuals, mortgage: [{ month: monthKey(2026, 4), balance: cents(0) }] } };
    expect(project(later).income[3]!.housing).toBe(100_000);
  });
});

describe('a home value from a check-in', () => {
  it('restarts the growth from what the home is worth then, in the same plan-year steps', () => {
    // Home value 300 000.00 at 3 % a year; 320 000.00 given for 2026-06 (month 6), today 2026-06.
    // Months 1–5: 300 000.00 (plan year 1); months 6–12: 320 000.00; month 13 (plan year 2):
    // 320 000.00 × 1.03 = 329 600.00; month 25: 329 600.00 × 1.03 = 339 488.00.
    const input = {
      ...household,
      today: monthKey(2026, 6),
      assumptions: assume({ homeValue: cents(30_000_000), homeAppreciationRate: 3 }),
      actuals: { ...household.actuals, home: [{ month: monthKey(2026, 6), value: cents(32_000_000) }] },
    };
    const at = (year: number, month: number) => homeAt(input, monthKey(year, month)).home;
    expect([at(2026, 5), at(2026, 6), at(2026, 12), at(2027, 1), at(2028, 1)]).toEqual([30_000_000, 32_000_000, 32_000_000, 32_960_000, 33_948_800]);
  });

  it('without plan assumptions, counts the home (and its mortgage) from the first month a value is known', () => {
    // No home value assumed: month 1 counts neither; 250 000.00 given for 2026-02 counts from
    // month 2 with no growth (no appreciation assumed), with the mortgage's 99 398.50.
    const input = { ...household, actuals: { ...household.actuals, home: [{ month: monthKey(2026, 2), value: cents(25_000_000) }] } };
    const points = projectionTimeline(input, project(input)).points;
    expect(points[0]).not.toHaveProperty('home');
    expect([points[1]!.home, points[1]!.mortgage, points[1]!.netWorth]).toEqual([25_000_000, 9_939_850, 1_000_000 + 25_000_000 - 9_939_850]);
    expect(points[40]!.home).toBe(25_000_000);
    expect(homeAt(input, monthKey(2026, 1))).toEqual({ home: null, mortgage: 9_970_000 });
  });
});
