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
 * limitations on benefits and contributions", 2025 and 2026: IRS Notice 2024-80 and Notice
 * 2025-67), which also gives the IRA income limits (IRA_INCOME_LIMITS). The next dollar reads the
 * room left under them (roomPerDeposit; docs/projection-rules.md#the-next-dollar-and-the-irs).
 */
import type { Cents } from './money.ts';
import type { MonthKey } from './months.ts';
import { addMonths, monthOfDate } from './months.ts';
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

/** A traditional or Roth IRA. */
export const isIraKind = (kind: string): boolean => kind === 'traditional_ira' || kind === 'roth_ira';

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

  const iras = accounts.filter((a) => isIraKind(a.accountType));
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

/** Without a retirement plan, the years the limits are checked over (the tables' 360 months). */
export const YEARS_WITHOUT_PLAN = 30;

/**
 * The last month with a deposit: the month before the retirement month, from the plan's
 * retirement_date ('YYYY-MM-DD'); null without one. Example: '2050-01-01' → 2049-12.
 */
export function lastDepositMonth(retirementDate: string | null): MonthKey | null {
  return retirementDate === null ? null : addMonths(monthOfDate(retirementDate), -1);
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

/** A phase-out range of modified AGI, in cents: the full amount at or below `from`, none at or above `to`. */
export interface PhaseOut {
  readonly from: Cents;
  readonly to: Cents;
}

/** The income limits of IRAs for one year, by filing status. */
export interface IraIncomeLimits {
  readonly year: number;
  /** Roth IRA contributions (Pub. 590-A, Worksheet 2-2). */
  readonly roth: Readonly<Record<IraFilingStatus, PhaseOut>>;
  /** The traditional IRA deduction of someone covered by a retirement plan at work (Pub. 590-A, table 1-2). */
  readonly deductionCovered: Readonly<Record<IraFilingStatus, PhaseOut>>;
}

/** The filing statuses the tables hold (married filing separately is not offered). */
export type IraFilingStatus = 'single' | 'married_joint' | 'head_of_household';

const range = (from: number, to: number): PhaseOut => ({ from: dollars(from), to: dollars(to) });

/**
 * The IRA income limits by year, oldest first: IRS Notice 2024-80 (2025) and Notice 2025-67 (2026),
 * the same announcements as CONTRIBUTION_LIMITS. Single and head of household share their ranges.
 */
export const IRA_INCOME_LIMITS: readonly IraIncomeLimits[] = [
  {
    year: 2025,
    roth: { single: range(150_000, 165_000), head_of_household: range(150_000, 165_000), married_joint: range(236_000, 246_000) },
    deductionCovered: { single: range(79_000, 89_000), head_of_household: range(79_000, 89_000), married_joint: range(126_000, 146_000) },
  },
  {
    year: 2026,
    roth: { single: range(153_000, 168_000), head_of_household: range(153_000, 168_000), married_joint: range(242_000, 252_000) },
    deductionCovered: { single: range(81_000, 91_000), head_of_household: range(81_000, 91_000), married_joint: range(129_000, 149_000) },
  },
];

/** The IRA income limits that apply in `year` (the nearest year in the table outside it). */
export function iraIncomeLimitsFor(year: number): IraIncomeLimits {
  let found = IRA_INCOME_LIMITS[0]!;
  for (const limits of IRA_INCOME_LIMITS) if (limits.year <= year) found = limits;
  return found;
}

/**
 * A limit reduced by income in a phase-out range, as IRS Pub. 590-A's worksheets compute it
 * (Worksheet 2-2 for a Roth IRA, 1-2 for a traditional IRA's deduction):
 *   magi ≤ from  → limit;   magi ≥ to → 0;
 *   else limit − limit × (magi − from) / (to − from), rounded UP to the next $10, and at least
 *   $200 (the worksheet's floor for a result above 0).
 * Example (2026 Roth, married filing jointly, 242,000–252,000, limit 7,500.00): magi 247,000.00 →
 * 7,500 × 5,000 / 10,000 = 3,750 off → 3,750.00; magi 251,990.00 → 7.50 → 10.00 → 200.00.
 */
export function phasedOutLimit(limit: Cents, magi: Cents, phaseOut: PhaseOut): Cents {
  if (magi <= phaseOut.from) return limit;
  if (magi >= phaseOut.to) return cents(0);
  // In whole cents: limit × (to − magi) / (to − from), rounded up to a multiple of 1,000¢.
  const kept = BigInt(limit) * BigInt(phaseOut.to - magi);
  const width = BigInt(phaseOut.to - phaseOut.from) * 1_000n;
  const tens = (kept + width - 1n) / width;
  return cents(Math.max(Number(tens) * 1_000, 20_000));
}

/**
 * The most that may still be added to one account's every deposit without breaking a limit in
 * any calendar year from `fromYear` to `toYear`, and the year that sets it:
 *   perDeposit = min over the years with deposits of floor(room_Y ÷ deposits_Y), never below 0
 *   room_Y     = the least of limit − what the plan already puts under it in Y, over:
 *                401(k)  the deferral limit with its catch-up, over every 401(k); §415(c) with
 *                        the catch-up, over this one's employee + employer money
 *                IRA     the IRA limit with its catch-up, over every IRA; for a Roth IRA also
 *                        `iraLimit(Y)` when given (its income-reduced limit, phasedOutLimit),
 *                        over the Roth IRAs
 * deposits_Y counts the account's deposits in Y (depositsInYear), the planned ones as the limit
 * warnings count them, so adding perDeposit leaves plannedLimitWarnings with nothing new.
 * Returns null for a taxable account or when the account has no deposit in those years.
 * Example (2026, age 45): a monthly traditional 401(k) at 2,000.00 from 2026-01 → 24,000.00
 * planned, room 500.00 over 12 deposits → 41.66 a deposit.
 */
export function roomPerDeposit(
  target: PlannedAccount,
  others: readonly PlannedAccount[],
  birthYear: number | null,
  fromYear: number,
  toYear: number,
  iraLimit?: (year: number) => Cents | null,
): AccountRoom | null {
  if (!is401k(target.accountType) && !isIraKind(target.accountType)) return null;
  let tightest: AccountRoom | null = null;
  for (let year = fromYear; year <= toYear; year += 1) {
    const deposits = depositsInYear(target.firstDeposit, target.cycle, year, target.lastMonth);
    if (deposits === 0) continue;
    const inYear = (a: PlannedAccount) => depositsInYear(a.firstDeposit, a.cycle, year, a.lastMonth);
    const limits = limitsFor(year);
    const age = birthYear === null ? 0 : year - birthYear;
    const group = [target, ...others.filter((a) => a.accountId !== target.accountId)].filter((a) => (is401k(target.accountType) ? is401k(a.accountType) : isIraKind(a.accountType)));
    const plannedIn = (accounts: readonly PlannedAccount[]) => cents(accounts.reduce((sum, a) => sum + a.contribution * inYear(a), 0));
    const planned = plannedIn(group);
    const room = (kind: AccountRoom['kind'], limit: Cents, used: Cents): AccountRoom => ({ year, kind, limit, planned: used, deposits, perDeposit: perDepositRoom(limit, used, deposits) });
    const candidates: AccountRoom[] = [];
    if (is401k(target.accountType)) {
      const catchUp = deferralCatchUp(limits, age);
      candidates.push(room('deferral', cents(limits.deferral + catchUp), planned));
      candidates.push(room('total', cents(limits.totalAdditions + catchUp), cents((target.contribution + target.employerContribution) * deposits)));
    } else {
      candidates.push(room('ira', cents(limits.ira + (age >= 50 ? limits.iraCatchUp : 0)), planned));
      // Pub. 590-A Worksheet 2-2: the Roth IRAs together also stay under the income-reduced limit.
      const reduced = target.accountType === 'roth_ira' ? (iraLimit?.(year) ?? null) : null;
      if (reduced !== null) candidates.push(room('roth_income', reduced, plannedIn(group.filter((a) => a.accountType === 'roth_ira'))));
    }
    for (const candidate of candidates) if (tightest === null || candidate.perDeposit < tightest.perDeposit) tightest = candidate;
  }
  return tightest;
}

/** What roomPerDeposit found: the year and limit that leave the least room a deposit. */
export interface AccountRoom {
  readonly year: number;
  /** deferral, ira and total as in LimitWarning; roth_income: a Roth IRA's limit reduced by income. */
  readonly kind: 'deferral' | 'ira' | 'total' | 'roth_income';
  readonly limit: Cents;
  /** What the plan already puts under that limit in that year. */
  readonly planned: Cents;
  /** The account's deposits in that year. */
  readonly deposits: number;
  /** floor((limit − planned) ÷ deposits), at least 0. */
  readonly perDeposit: Cents;
}

function perDepositRoom(limit: Cents, planned: Cents, deposits: number): Cents {
  return cents(Math.max(0, Math.floor((limit - planned) / deposits)));
}
