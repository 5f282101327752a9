/**
 * Contribution limits (docs/projection-rules.md#contribution-limits): warnings, never refusals. A
 * year's planned contributions are checked against the IRS limits of that year:
 * - **deferral**: the employee's contributions to every 401(k) (traditional and Roth) together,
 *   against the elective-deferral limit plus the catch-up from the year the user turns 50 (the
 *   larger catch-up in the years they turn 60 to 63);
 * - **ira**: the contributions to every IRA together, against the IRA limit plus its catch-up
 *   from the year the user turns 50;
 * - **total**: employee + employer contributions to one 401(k), against the §415(c) limit on
 *   annual additions plus the deferral catch-up the user may make (catch-ups are not counted
 *   against §415(c)).
 * The age is the one reached during the calendar year (year − birth year), as the IRS counts it.
 * A year after the last one in the table uses the last year's limits (they usually rise, so this
 * warns early rather than late); a year before the first uses the first.
 *
 * Source: the IRS's yearly announcement of the limits (irs.gov, "COLA increases for dollar
 * limitations on benefits and contributions", 2025 and 2026).
 */
import type { Cents } from './money.ts';
import type { MonthKey } from './months.ts';
import { cents } from './money.ts';

export interface ContributionLimits {
  readonly year: number;
  readonly deferral: Cents;
  /** From the year the user turns 50. */
  readonly catchUp: Cents;
  /** Instead of `catchUp`, in the years the user turns 60, 61, 62 or 63. */
  readonly catchUp60To63: Cents;
  readonly ira: Cents;
  /** The IRA's catch-up, from the year the user turns 50. */
  readonly iraCatchUp: Cents;
  /** §415(c): employee + employer additions to one plan. */
  readonly totalAdditions: Cents;
}

const dollars = (amount: number) => cents(amount * 100);

/** The limits by year, oldest first. */
export const CONTRIBUTION_LIMITS: readonly ContributionLimits[] = [
  { year: 2025, deferral: dollars(23_500), catchUp: dollars(7_500), catchUp60To63: dollars(11_250), ira: dollars(7_000), iraCatchUp: dollars(1_000), totalAdditions: dollars(70_000) },
  { year: 2026, deferral: dollars(24_500), catchUp: dollars(8_000), catchUp60To63: dollars(11_250), ira: dollars(7_500), iraCatchUp: dollars(1_100), totalAdditions: dollars(72_000) },
];

/** The limits that apply in `year` (the nearest year in the table outside it). */
export function limitsFor(year: number): ContributionLimits {
  const first = CONTRIBUTION_LIMITS[0]!;
  let found = first;
  for (const limits of CONTRIBUTION_LIMITS) if (limits.year <= year) found = limits;
  return found;
}

/**
 * The deferral catch-up at an age reached during the year: 0 under 50, the larger one at 60–63,
 * else the standard one. Example (2026): 49 → 0, 50 → 8 000.00, 60 → 11 250.00, 64 → 8 000.00.
 */
export function deferralCatchUp(limits: ContributionLimits, age: number): Cents {
  if (age < 50) return cents(0);
  return age >= 60 && age <= 63 ? limits.catchUp60To63 : limits.catchUp;
}

/** `taxable` (a brokerage account) has no contribution limit: it is in none of the sums below. */
export type AccountKind = 'traditional_401k' | 'roth_401k' | 'traditional_ira' | 'roth_ira' | 'taxable';

/** A 401(k) of either kind; any other text (an IRA, a form's empty choice) is not. */
export const is401k = (kind: string): boolean => kind === 'traditional_401k' || kind === 'roth_401k';

/** One account's planned contributions in one calendar year. */
export interface YearContributions {
  readonly accountId: number;
  readonly accountType: AccountKind;
  readonly employee: Cents;
  readonly employer: Cents;
}

export interface LimitWarning {
  readonly year: number;
  readonly kind: 'deferral' | 'ira' | 'total';
  /** The accounts the warning is about (one for 'total'). */
  readonly accountIds: readonly number[];
  readonly contributed: Cents;
  readonly limit: Cents;
}

/**
 * The warnings of one calendar year, for a user born in `birthYear` (null: no catch-up is
 * assumed, so the limits are the base ones).
 * Example (2026, age 45): 401(k) employee contributions of 26 000.00 → deferral warning against
 * 24 500.00; at age 50 the limit is 32 500.00 and there is none.
 */
export function limitWarnings(year: number, birthYear: number | null, accounts: readonly YearContributions[]): LimitWarning[] {
  const limits = limitsFor(year);
  const age = birthYear === null ? 0 : year - birthYear;
  const catchUp = deferralCatchUp(limits, age);
  const warnings: LimitWarning[] = [];

  const plans = accounts.filter((a) => is401k(a.accountType));
  const deferred = plans.reduce((sum, a) => sum + a.employee, 0);
  const deferralLimit = cents(limits.deferral + catchUp);
  if (deferred > deferralLimit) warnings.push({ year, kind: 'deferral', accountIds: plans.map((a) => a.accountId), contributed: cents(deferred), limit: deferralLimit });

  const iras = accounts.filter((a) => a.accountType === 'traditional_ira' || a.accountType === 'roth_ira');
  const saved = iras.reduce((sum, a) => sum + a.employee, 0);
  const iraLimit = cents(limits.ira + (age >= 50 ? limits.iraCatchUp : 0));
  if (saved > iraLimit) warnings.push({ year, kind: 'ira', accountIds: iras.map((a) => a.accountId), contributed: cents(saved), limit: iraLimit });

  const totalLimit = cents(limits.totalAdditions + catchUp);
  for (const plan of plans) {
    const added = plan.employee + plan.employer;
    if (added > totalLimit) warnings.push({ year, kind: 'total', accountIds: [plan.accountId], contributed: cents(added), limit: totalLimit });
  }
  return warnings;
}

/** Payments a year per cycle: weekly 52, biweekly 26, semimonthly 24, monthly 12. */
export const PAYMENTS_PER_YEAR = { weekly: 52, biweekly: 26, semimonthly: 24, monthly: 12 } as const;

/** An account's contribution plan as the limits see it: per deposit, with when the deposits run. */
export interface PlannedAccount {
  readonly accountId: number;
  readonly accountType: AccountKind;
  /** Employee and employer contribution per deposit. */
  readonly contribution: Cents;
  readonly employerContribution: Cents;
  readonly cycle: keyof typeof PAYMENTS_PER_YEAR;
  /** The first deposit's date, 'YYYY-MM-DD'. */
  readonly firstDeposit: string;
  /** The last month with a deposit (the month before the retirement month); null: none set. */
  readonly lastMonth: MonthKey | null;
}

/**
 * The day number of a proleptic Gregorian date, days since 1970-01-01 (the civil-from-days
 * algorithm: years start in March, so the leap day ends a year). Day 0 of a month is the last day
 * of the month before. Example: (1970, 1, 1) → 0; (2026, 12, 4) → 20 791; (2027, 1, 0) → 20 818.
 */
function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468;
}

/**
 * How many deposits of `cycle` fall in calendar `year`, counted from the first deposit's date and
 * through the end of `lastMonth` (null: no end):
 *   weekly, biweekly  the dates first + 7k or 14k days, k = 0, 1, …
 *   semimonthly       two a month, one in each half (the 1st–15th, the 16th–end), from the half
 *                     the first deposit falls in
 *   monthly           one a month from the first deposit's month
 * Example: biweekly from 2026-12-04 → 2026: 2 (Dec 4 and 18); 2027: 27 (Jan 1, 15, …, Dec 31);
 * semimonthly from 2026-03-20 → 2026: 19 (the second half of March and 9 whole months); monthly
 * from 2026-12-04 with a last month 2027-06 → 2027: 6.
 */
export function depositsInYear(firstDeposit: string, cycle: keyof typeof PAYMENTS_PER_YEAR, year: number, lastMonth: MonthKey | null): number {
  const [fy, fm, fd] = firstDeposit.split('-').map(Number) as [number, number, number];
  const end = lastMonth === null || lastMonth > `${year}-12` ? { y: year, m: 12 } : { y: Number(lastMonth.slice(0, 4)), m: Number(lastMonth.slice(5, 7)) };
  if (end.y < year || fy > year) return 0;
  if (cycle === 'weekly' || cycle === 'biweekly') {
    const step = cycle === 'weekly' ? 7 : 14;
    const first = dayNumber(fy, fm, fd);
    const from = Math.max(first, dayNumber(year, 1, 1));
    // The last day of the end month: day 0 of the month after it.
    const to = end.m === 12 ? dayNumber(end.y + 1, 1, 0) : dayNumber(end.y, end.m + 1, 0);
    if (to < from) return 0;
    return Math.max(0, Math.floor((to - first) / step) - Math.ceil((from - first) / step) + 1);
  }
  // Months (or half months) as one count from year 0: month index y × 12 + m − 1.
  const perMonth = cycle === 'monthly' ? 1 : 2;
  const firstSlot = ((fy * 12 + fm - 1) * perMonth) + (perMonth === 2 && fd > 15 ? 1 : 0);
  const from = Math.max(firstSlot, (year * 12) * perMonth);
  const to = (end.y * 12 + end.m - 1) * perMonth + perMonth - 1;
  return Math.max(0, to - from + 1);
}

/**
 * The first warning of each kind and account set over the years `fromYear` to `toYear`: a year's
 * contribution = per-deposit amount × the deposits that fall in that calendar year
 * (depositsInYear; exact, in cents), so a first or last year counts only its own deposits. Only the
 * first year of a warning is kept (its age says why: a limit falls at 64 when the larger catch-up
 * ends).
 * Example: born 1981, 1 000.00 biweekly to a traditional 401(k) from 2026-01-02 → 26 000.00 in
 * 2026, over 2026's 24 500.00 (age 45): one deferral warning for 2026; from 2026-12-04 instead,
 * 2026 holds 2 deposits (2 000.00) and the warning is for 2027 (27 deposits, 27 000.00).
 */
export function plannedLimitWarnings(accounts: readonly PlannedAccount[], birthYear: number | null, fromYear: number, toYear: number): LimitWarning[] {
  const seen = new Set<string>();
  const first: LimitWarning[] = [];
  for (let year = fromYear; year <= toYear; year += 1) {
    const contributions = accounts.flatMap((a) => {
      const deposits = depositsInYear(a.firstDeposit, a.cycle, year, a.lastMonth);
      return deposits === 0 ? [] : [{ accountId: a.accountId, accountType: a.accountType, employee: cents(a.contribution * deposits), employer: cents(a.employerContribution * deposits) }];
    });
    if (contributions.length === 0) continue;
    for (const warning of limitWarnings(year, birthYear, contributions)) {
      const key = `${warning.kind}:${warning.accountIds.join(',')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      first.push(warning);
    }
  }
  return first;
}
