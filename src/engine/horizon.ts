/**
 * How many months each table runs (docs/projection-rules.md#months-cycles-and-rounding).
 *
 * Month 1 is the plan start month. Income and contribution tables run from month 1 to the month
 * before the retirement month, or 360 months without a retirement plan. The retirement table adds
 * the living months: from the retirement month for years_of_retirement × 12 months.
 *
 * No table runs past MAX_PROJECTION_MONTHS (100 years) from month 1. The cap keeps a debt whose
 * payment never gets ahead of its interest, or a far-off retirement date, from producing an
 * unbounded table; a projection that hits it says so (`truncated`).
 */
import type { MonthKey } from './months.ts';
import { monthOfDate, monthsBetween } from './months.ts';
import type { RetirementPlanInput } from './types.ts';

/** The longest any table runs, in months from month 1 (100 years). */
export const MAX_PROJECTION_MONTHS = 1200;

/** The most years of retirement a plan may hold (the retirement plan form's bound). */
export const YEARS_OF_RETIREMENT_MAX = 100;

/**
 * The largest balance the engine projects, in cents ($1 trillion). A debt growing past it (its
 * payment never catches its interest) stops there, reported as truncated; an account or a
 * mortgage balance is held at it. Without a bound, 1 200 months of compounding (50 % a year is a
 * valid return rate) would leave the range where integers are exact.
 */
export const MAX_BALANCE = 100_000_000_000_000;

/** Income and contribution months without a retirement plan (30 years). */
export const DEFAULT_HORIZON_MONTHS = 360;

export interface Horizon {
  /** The month of retirement_date, or null without a plan. */
  readonly retirementMonth: MonthKey | null;
  /** Rows of the income and contribution tables (and the contribution phase of the retirement table). */
  readonly preMonths: number;
  /** Living rows of the retirement table, following the preMonths rows. */
  readonly livingMonths: number;
  /** True when the cap cut either phase short. */
  readonly truncated: boolean;
}

/**
 * The table lengths for a plan start and an optional retirement plan:
 *   without a plan: preMonths = min(360, cap), livingMonths = 0
 *   with a plan:    R = monthsBetween(planStart, retirement month)
 *                   preMonths = clamp(R, 0, cap)
 *                   livingMonths = clamp(R + years × 12, 0, cap) − preMonths   (never below 0)
 * A retirement month at or before the plan start gives no contribution rows; the living phase then
 * starts at month 1 and keeps its end (retirement month + years × 12), so an already-retired user
 * sees the rest of their retirement, and nothing when it ended before month 1.
 * Example: plan start 2026-01, retirement 2026-04-15, 1 year → preMonths 3, livingMonths 12.
 */
export function projectionHorizon(
  planStart: MonthKey,
  plan: RetirementPlanInput | null,
  cap: number = MAX_PROJECTION_MONTHS,
): Horizon {
  if (plan === null) {
    return { retirementMonth: null, preMonths: Math.min(DEFAULT_HORIZON_MONTHS, cap), livingMonths: 0, truncated: DEFAULT_HORIZON_MONTHS > cap };
  }
  const retirementMonth = monthOfDate(plan.retirementDate);
  const toRetirement = monthsBetween(planStart, retirementMonth);
  const toEnd = toRetirement + Math.max(0, Math.trunc(plan.yearsOfRetirement)) * 12;
  const preMonths = clamp(toRetirement, 0, cap);
  const livingEnd = clamp(toEnd, 0, cap);
  return {
    retirementMonth,
    preMonths,
    livingMonths: Math.max(0, livingEnd - preMonths),
    truncated: toRetirement > cap || toEnd > cap,
  };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}
