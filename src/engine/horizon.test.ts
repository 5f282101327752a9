import { describe, expect, it } from 'vitest';
import { DEFAULT_HORIZON_MONTHS, MAX_PROJECTION_MONTHS, projectionHorizon } from './horizon.ts';
import { cents } from './money.ts';
import type { MonthKey } from './months.ts';
import { monthKey } from './months.ts';
import type { RetirementPlanInput } from './types.ts';

const start: MonthKey = monthKey(2026, 1);

function plan(retirementDate: string, yearsOfRetirement: number): RetirementPlanInput {
  return {
    retirementDate,
    interestRate: 4,
    socialSecurityIncome: cents(0),
    socialSecurityStartDate: '2060-01-01',
    yearsOfRetirement,
  };
}

describe('projectionHorizon', () => {
  it('runs 360 months without a plan, with no living phase', () => {
    expect(projectionHorizon(start, null)).toEqual({
      retirementMonth: null,
      preMonths: DEFAULT_HORIZON_MONTHS,
      livingMonths: 0,
      truncated: false,
    });
    expect(DEFAULT_HORIZON_MONTHS).toBe(360);
  });

  it('runs to the month before the retirement month, then years × 12 living months', () => {
    expect(projectionHorizon(start, plan('2026-04-15', 1))).toEqual({
      retirementMonth: '2026-04',
      preMonths: 3,
      livingMonths: 12,
      truncated: false,
    });
  });

  it('uses the date part of an ISO timestamp', () => {
    expect(projectionHorizon(start, plan('2027-01-01T00:00:00.000Z', 2)).preMonths).toBe(12);
  });

  it('retirement in the plan start month: no contribution rows, living from month 1', () => {
    expect(projectionHorizon(start, plan('2026-01-31', 1))).toMatchObject({ preMonths: 0, livingMonths: 12 });
  });

  it('retirement before the plan start keeps the end of retirement: only the remaining months', () => {
    // Retired 2025-07; 1 year of retirement ends after 2026-06 → 6 months from 2026-01.
    expect(projectionHorizon(start, plan('2025-07-01', 1))).toMatchObject({ preMonths: 0, livingMonths: 6 });
    // Ended before the plan start: nothing.
    expect(projectionHorizon(start, plan('2020-01-01', 1))).toMatchObject({ preMonths: 0, livingMonths: 0, truncated: false });
  });

  it('caps both phases at MAX_PROJECTION_MONTHS and reports it', () => {
    expect(projectionHorizon(start, plan('2100-01-01', 30))).toEqual({
      retirementMonth: '2100-01',
      preMonths: 888,
      livingMonths: MAX_PROJECTION_MONTHS - 888,
      truncated: true,
    });
    expect(projectionHorizon(start, plan('2200-01-01', 1))).toMatchObject({ preMonths: 1200, livingMonths: 0, truncated: true });
    expect(projectionHorizon(start, null, 100)).toMatchObject({ preMonths: 100, truncated: true });
  });
});
