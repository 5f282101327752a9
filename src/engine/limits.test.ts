import { describe, expect, it } from 'vitest';
import { deferralCatchUp, depositsInYear, limitsFor, limitWarnings, phasedOutLimit, plannedLimitWarnings, roomPerDeposit, type PlannedAccount, type YearContributions } from './limits.ts';
import { monthKey, type MonthKey } from './months.ts';
import { cents } from './money.ts';

// The IRS figures (docs/projection-rules.md#contribution-limits), in dollars: 2026 deferral 24 500,
// catch-up 8 000 (11 250 at 60–63), IRA 7 500 + 1 100, §415(c) 72 000; 2025 23 500, 7 500, 11 250,
// 7 000 + 1 000, 70 000.
const $ = (dollars: number) => cents(dollars * 100);
const plan = (accountId: number, employee: number, employer = 0): YearContributions => ({ accountId, accountType: 'traditional_401k', employee: $(employee), employer: $(employer) });
const ira = (accountId: number, employee: number): YearContributions => ({ accountId, accountType: 'roth_ira', employee: $(employee), employer: $(0) });

describe('deferralCatchUp', () => {
  it('starts at 50, is larger at 60–63 and standard again at 64', () => {
    const limits = limitsFor(2026);
    expect([49, 50, 59, 60, 63, 64].map((age) => deferralCatchUp(limits, age))).toEqual([$(0), $(8_000), $(8_000), $(11_250), $(11_250), $(8_000)]);
  });
});

describe('limitWarnings', () => {
  it('warns on 401(k) deferrals past the limit for the age reached in the year', () => {
    // 30 000 across two 401(k)s: over 24 500 at 49, under 32 500 at 50.
    const accounts = [plan(1, 20_000), { ...plan(2, 10_000), accountType: 'roth_401k' as const }];
    expect(limitWarnings(2026, 1977, accounts)).toEqual([{ year: 2026, kind: 'deferral', accountIds: [1, 2], contributed: $(30_000), limit: $(24_500) }]);
    expect(limitWarnings(2026, 1976, accounts)).toEqual([]);
  });

  it('allows 35 750 at 60–63 and 32 500 at 59 and 64', () => {
    const accounts = [plan(1, 35_000)];
    expect(limitWarnings(2026, 1966, accounts)).toEqual([]); // 60
    expect(limitWarnings(2026, 1963, accounts)).toEqual([]); // 63
    expect(limitWarnings(2026, 1967, accounts).map((w) => w.limit)).toEqual([$(32_500)]); // 59
    expect(limitWarnings(2026, 1962, accounts).map((w) => w.limit)).toEqual([$(32_500)]); // 64
  });

  it('warns on IRAs past 7 500, or 8 600 from 50', () => {
    expect(limitWarnings(2026, 1977, [ira(3, 7_600)])).toEqual([{ year: 2026, kind: 'ira', accountIds: [3], contributed: $(7_600), limit: $(7_500) }]);
    expect(limitWarnings(2026, 1976, [ira(3, 7_600)])).toEqual([]);
  });

  it('counts no taxable (brokerage) account against any limit', () => {
    // 100 000 a year into a brokerage account beside an IRA at 7 000: nothing is over.
    const brokerage = { ...ira(5, 100_000), accountType: 'taxable' as const };
    expect(limitWarnings(2026, 1977, [ira(3, 7_000), brokerage])).toEqual([]);
    expect(limitWarnings(2026, 1977, [brokerage])).toEqual([]);
  });

  it('warns when one 401(k)\'s employee and employer money passes §415(c)', () => {
    // 24 000 + 50 000 = 74 000 > 72 000; the deferral itself is within 24 500.
    expect(limitWarnings(2026, 1981, [plan(4, 24_000, 50_000)])).toEqual([{ year: 2026, kind: 'total', accountIds: [4], contributed: $(74_000), limit: $(72_000) }]);
  });

  it('uses each year\'s figures, and the nearest year outside the table', () => {
    expect(limitWarnings(2025, 1990, [plan(1, 24_000)]).map((w) => w.limit)).toEqual([$(23_500)]);
    expect(limitWarnings(2031, 1990, [plan(1, 24_000)])).toEqual([]);
    expect(limitWarnings(2020, 1990, [plan(1, 24_000)]).map((w) => w.limit)).toEqual([$(23_500)]);
  });

  it('assumes no catch-up without a birth year', () => {
    expect(limitWarnings(2026, null, [plan(1, 25_000)]).map((w) => w.limit)).toEqual([$(24_500)]);
  });
});

describe('depositsInYear', () => {
  /**
   * The deposit dates of a weekly or biweekly cycle, enumerated one by one with the platform's own
   * calendar (no arithmetic shortcut, and independent of the engine's day numbers).
   */
  const enumerated = (first: string, days: number, year: number, lastDay: string) => {
    const dates: string[] = [];
    // eslint-disable-next-line no-restricted-globals -- the test's own calendar, not the engine's
    for (let t = Date.parse(`${first}T00:00:00Z`); ; t += days * 86_400_000) {
      // eslint-disable-next-line no-restricted-globals -- as above
      const date = new Date(t).toISOString().slice(0, 10);
      if (date > lastDay || date > `${year}-12-31`) break;
      if (date >= `${year}-01-01`) dates.push(date);
    }
    return dates;
  };

  it('counts the biweekly dates that fall in each calendar year, a 27-deposit year included', () => {
    expect(enumerated('2026-12-04', 14, 2026, '9999-12-31')).toEqual(['2026-12-04', '2026-12-18']);
    expect(depositsInYear('2026-12-04', 'biweekly', 2026, null)).toBe(2);
    // 2027-01-01 + 26 × 14 days = 2027-12-31: 27 paydays.
    expect(enumerated('2026-12-04', 14, 2027, '9999-12-31')).toHaveLength(27);
    expect(depositsInYear('2026-12-04', 'biweekly', 2027, null)).toBe(27);
    for (const year of [2028, 2029, 2030, 2031]) expect(depositsInYear('2026-12-04', 'biweekly', year, null)).toBe(enumerated('2026-12-04', 14, year, '9999-12-31').length);
    expect(depositsInYear('2026-12-04', 'biweekly', 2025, null)).toBe(0);
  });

  it('counts weekly dates up to the end of the last month', () => {
    // Fridays from 2026-01-02 through June: Jan 2 … Jun 26, 26 of them.
    expect(enumerated('2026-01-02', 7, 2026, '2026-06-30')).toHaveLength(26);
    expect(depositsInYear('2026-01-02', 'weekly', 2026, monthKey(2026, 6))).toBe(26);
    expect(depositsInYear('2026-01-02', 'weekly', 2027, monthKey(2026, 6))).toBe(0);
  });

  it('counts semimonthly halves and monthly months from the first deposit', () => {
    // From 2026-03-20: the second half of March, then two in each of April–December: 1 + 18.
    expect(depositsInYear('2026-03-20', 'semimonthly', 2026, null)).toBe(19);
    expect(depositsInYear('2026-03-10', 'semimonthly', 2026, null)).toBe(20);
    expect(depositsInYear('2026-03-10', 'semimonthly', 2027, null)).toBe(24);
    // From 2026-12-04 to a last month of 2027-06: December, then January–June.
    expect(depositsInYear('2026-12-04', 'monthly', 2026, monthKey(2027, 6))).toBe(1);
    expect(depositsInYear('2026-12-04', 'monthly', 2027, monthKey(2027, 6))).toBe(6);
    expect(depositsInYear('2026-12-04', 'monthly', 2028, monthKey(2027, 6))).toBe(0);
  });
});

describe('plannedLimitWarnings', () => {
  const biweekly401k = (contribution: number, firstDeposit: string, lastMonth: MonthKey | null): PlannedAccount => ({
    accountId: 9,
    accountType: 'traditional_401k',
    contribution: $(contribution),
    employerContribution: $(0),
    cycle: 'biweekly',
    firstDeposit,
    lastMonth,
  });

  it('counts a year of deposits exactly and keeps the first year of a warning', () => {
    // From 2026-01-09: Jan 9 + 14k through Dec 25, 26 deposits: 1 000.00 × 26 = 26 000.00. Born
    // 1981: 45 in 2026, over 24 500; the warning repeats each year to 2030 (age 49) but is
    // reported once, for 2026.
    const warnings = plannedLimitWarnings([biweekly401k(1_000, '2026-01-09', null)], 1981, 2026, 2040);
    expect(warnings).toEqual([{ year: 2026, kind: 'deferral', accountIds: [9], contributed: $(26_000), limit: $(24_500) }]);
  });

  it('counts only the deposits of a first year that starts in December', () => {
    // From 2026-12-04: 2026 holds 2 deposits (2 000.00, under the limit); 2027 holds 27 (27 000.00).
    const warnings = plannedLimitWarnings([biweekly401k(1_000, '2026-12-04', null)], 1981, 2026, 2040);
    expect(warnings).toEqual([{ year: 2027, kind: 'deferral', accountIds: [9], contributed: $(27_000), limit: $(24_500) }]);
  });

  it('warns first in the year the larger catch-up ends (age 64)', () => {
    // 1 300.00 × 26 = 33 800.00 (2030 has 26 Fridays from 2026-01-09 on the 14-day cycle: Jan 4 …
    // Dec 20): under 35 750 at 60–63 (2026–2029 for a person born 1966), over 32 500 at 64 in 2030.
    const warnings = plannedLimitWarnings([biweekly401k(1_300, '2026-01-09', null)], 1966, 2026, 2031);
    expect(warnings).toEqual([{ year: 2030, kind: 'deferral', accountIds: [9], contributed: $(33_800), limit: $(32_500) }]);
  });

  it('skips the years an account does not contribute in', () => {
    // Deposits from 2028 to 2029 only; a 2026–2027 check finds nothing, to 2030 finds 2028.
    expect(plannedLimitWarnings([biweekly401k(1_000, '2028-01-07', monthKey(2029, 12))], 1990, 2026, 2027)).toEqual([]);
    expect(plannedLimitWarnings([biweekly401k(1_000, '2028-01-07', monthKey(2029, 12))], 1990, 2026, 2030).map((w) => w.year)).toEqual([2028]);
  });

  it('counts weekly deposits 52 times and semimonthly 24 times in a whole year', () => {
    const weeklyIra: PlannedAccount = { ...biweekly401k(150, '2026-01-02', null), accountType: 'roth_ira', cycle: 'weekly' };
    // 52 Fridays in 2026 (Jan 2 … Dec 25): 150.00 × 52 = 7 800.00 > 7 500.00.
    expect(plannedLimitWarnings([weeklyIra], 1990, 2026, 2026).map((w) => w.contributed)).toEqual([$(7_800)]);
    const semimonthly: PlannedAccount = { ...weeklyIra, cycle: 'semimonthly', contribution: $(312.5) };
    // 312.50 × 24 = 7 500.00: at the limit, not over it.
    expect(plannedLimitWarnings([semimonthly], 1990, 2026, 2026)).toEqual([]);
  });
});

describe('phasedOutLimit (Pub. 590-A Worksheet 2-2)', () => {
  const joint = { from: $(242_000), to: $(252_000) };
  it('keeps the limit below the range, none above it, and rounds up to $10 with a $200 floor inside', () => {
    expect(phasedOutLimit($(7_500), $(242_000), joint)).toBe($(7_500));
    expect(phasedOutLimit($(7_500), $(252_000), joint)).toBe(0);
    // 7,500 × (252,000 − 247,000) / 10,000 = 3,750.00.
    expect(phasedOutLimit($(7_500), $(247_000), joint)).toBe($(3_750));
    // 7,500 × 6,001 / 10,000 = 4,500.75 → 4,510.00 (up to the next $10).
    expect(phasedOutLimit($(7_500), $(245_999), joint)).toBe($(4_510));
    // 7,500 × 10 / 10,000 = 7.50 → 10.00 → the floor, 200.00.
    expect(phasedOutLimit($(7_500), $(251_990), joint)).toBe($(200));
  });
});

describe('roomPerDeposit', () => {
  const planned = (over: Partial<PlannedAccount>): PlannedAccount => ({ accountId: 1, accountType: 'traditional_401k', contribution: $(2_000), employerContribution: $(0), cycle: 'monthly', firstDeposit: '2026-01-01', lastMonth: null, ...over });
  it('leaves the room of the tightest year a deposit, never below 0', () => {
    // 24,500 − 24,000 = 500.00 over 12 deposits: 41.666… → 41.66.
    expect(roomPerDeposit(planned({}), [], 1985, 2026, 2030)).toEqual({ year: 2026, kind: 'deferral', limit: $(24_500), planned: $(24_000), deposits: 12, perDeposit: cents(4_166) });
    // A second 401(k) shares the deferral limit: 24,000 + 6,000 → no room.
    expect(roomPerDeposit(planned({}), [planned({ accountId: 2, contribution: $(500) })], 1985, 2026, 2030)?.perDeposit).toBe(0);
    // §415(c): 1,000 employee + 5,000 employer a month = 72,000.00, the 2026 limit, before the deferral.
    expect(roomPerDeposit(planned({ contribution: $(1_000), employerContribution: $(5_000) }), [], 1985, 2026, 2026)).toMatchObject({ kind: 'total', perDeposit: 0 });
    // A taxable account has no limit; an account with no deposit in the years, no room to give.
    expect(roomPerDeposit(planned({ accountType: 'taxable' }), [], 1985, 2026, 2030)).toBeNull();
    expect(roomPerDeposit(planned({ lastMonth: monthKey(2025, 12) }), [], 1985, 2026, 2030)).toBeNull();
  });

  it('holds a Roth IRA to its income-reduced limit as well as the IRA limit', () => {
    const roth = planned({ accountType: 'roth_ira', contribution: $(100) });
    const traditional = planned({ accountId: 2, accountType: 'traditional_ira', contribution: $(300) });
    // IRA limit: 7,500 − (1,200 + 3,600) = 2,700 → 225.00 a deposit; Roth limit 3,000 − 1,200 = 1,800 → 150.00.
    expect(roomPerDeposit(roth, [traditional], 1985, 2026, 2026, () => $(3_000))).toMatchObject({ kind: 'roth_income', limit: $(3_000), planned: $(1_200), perDeposit: $(150) });
    expect(roomPerDeposit(roth, [traditional], 1985, 2026, 2026, () => $(7_500))).toMatchObject({ kind: 'ira', planned: $(4_800), perDeposit: $(225) });
  });
});
