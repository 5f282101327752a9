import { describe, expect, it } from 'vitest';
import { NEUTRAL_ASSUMPTIONS, type PlanAssumptions } from './assumptions.ts';
import { cents } from './money.ts';
import { monthKey } from './months.ts';
import { exploreRothConversions } from './roth-explorer.ts';
import type { ProjectionInput, RetirementAccountInput } from './types.ts';

// The Roth conversion explorer (docs/projection-rules.md#the-roth-conversion-explorer), checked
// against a plan worked independently below from the 2026 single tables (Rev. Proc. 2025-32) and
// the Uniform Lifetime Table (Pub. 590-B): no spending, no inflation, no returns, cash paying the
// taxes, so each year's income is its conversion or its RMD alone.

const $ = (dollars: number) => cents(Math.round(dollars * 100));

const account = (id: number, accountType: string, dollars: number): RetirementAccountInput => ({
  id,
  name: accountType,
  contributionAmount: $(0),
  employerContributionAmount: $(0),
  startingBalance: $(dollars),
  expectedReturnRate: 0,
  contributionCycle: 'monthly',
  nextDepositDate: '2026-01-01',
  accountType,
});

/** Born 1958 (RMDs from 73, in 2031), retired from January 2026 for 7 years: conversions 2026–2030. */
function plan(assumptions: Partial<PlanAssumptions> = {}, accounts = [account(1, 'traditional_ira', 2_000_000), account(2, 'roth_ira', 0)]): ProjectionInput {
  return {
    today: monthKey(2026, 1),
    planStart: monthKey(2026, 1),
    birthYear: 1958,
    incomes: [],
    debts: [],
    debtPlan: null,
    housing: null,
    monthlyExpenses: [],
    otherExpenses: [],
    retirementAccounts: accounts,
    retirementPlan: { retirementDate: '2026-01-01', interestRate: 0, socialSecurityIncome: $(0), socialSecurityStartDate: '2090-01-01', yearsOfRetirement: 7 },
    actuals: { debt: [], contribution: [], retirement: [], income: [] },
    assumptions: { ...NEUTRAL_ASSUMPTIONS, filingStatus: 'single', cashBalance: $(1_000_000), spendCashInRetirement: true, ...assumptions },
  };
}

// The 2026 single brackets, in cents, and the tax on a year's income written out here.
const TOPS = [12_400, 50_400, 105_700, 201_775, 256_225, 640_600].map((d) => d * 100);
const RATES = [10, 12, 22, 24, 32, 35, 37];
function taxable(income: number, year: number): number {
  // 68 in 2026: the standard deduction, the 65+ addition and, through 2028, the senior deduction.
  let deduction = 1_610_000 + 205_000;
  if (year <= 2028) deduction += Math.max(0, 600_000 - Math.round((Math.max(0, income - 7_500_000) * 6) / 100));
  return Math.max(0, income - deduction);
}
function federal(income: number, year: number): { tax: number; marginal: number } {
  const x = taxable(income, year);
  let hundredths = 0;
  let below = 0;
  let marginal = 0;
  for (let i = 0; i < RATES.length; i += 1) {
    const top = TOPS[i] ?? Infinity;
    const part = Math.min(x, top) - below;
    if (part <= 0) break;
    hundredths += part * RATES[i]!;
    marginal = RATES[i]!;
    below = top;
  }
  return { tax: Math.round(hundredths / 100), marginal };
}

/** The plan for a yearly conversion of `amount` cents: lifetime tax and what is left after tax. */
function byHand(amount: number): { lifetimeTax: number; afterTaxEnd: number } {
  let traditional = 200_000_000;
  let roth = 0;
  let cash = 100_000_000;
  let lifetimeTax = 0;
  let marginal = 0;
  for (let year = 2026; year <= 2032; year += 1) {
    let income: number;
    if (year <= 2030) {
      income = Math.min(amount, traditional);
      traditional -= income;
      roth += income;
    } else {
      // The RMD on 31 December's balance: 26.5 at 73, 25.5 at 74; the excess (all of it) to cash.
      income = Math.round((traditional * 10) / (year === 2031 ? 265 : 255));
      traditional -= income;
      cash += income;
    }
    const owed = federal(income, year);
    lifetimeTax += owed.tax;
    marginal = owed.marginal;
    cash -= owed.tax;
  }
  return { lifetimeTax, afterTaxEnd: traditional + roth + cash - Math.round((traditional * marginal) / 100) };
}

describe('exploreRothConversions', () => {
  it('compares 0 and 20 stepped amounts as a hand-run plan does, and marks the best', () => {
    const explorer = exploreRothConversions(plan());
    if (explorer.status !== 'ready') throw new Error(explorer.reason);
    // 2,000,000 over 5 years = 400,000 a year ÷ 20 → $20,000 steps.
    expect(explorer.step).toBe($(20_000));
    expect([explorer.firstYear, explorer.lastYear]).toEqual([2026, 2030]);
    const expected = Array.from({ length: 21 }, (_, k) => ({ amount: k * 2_000_000, ...byHand(k * 2_000_000) }));
    expect(explorer.options.map(({ amount, lifetimeTax, afterTaxEnd }) => ({ amount, lifetimeTax, afterTaxEnd }))).toEqual(expected);
    // Each amount beside converting nothing, and the conversions stop the year before RMDs.
    expect(explorer.options.map((option) => option.moreThanNone)).toEqual(expected.map((option) => option.afterTaxEnd - expected[0]!.afterTaxEnd));
    expect(explorer.stopsBeforeRmds).toBe(true);
    const best = expected.reduce((b, option, i) => (option.afterTaxEnd > expected[b]!.afterTaxEnd ? i : b), 0);
    expect(explorer.best).toBe(best);
    // Converting nothing leaves the RMDs to be taxed at 22 %: some conversion is worth making here.
    expect(best).toBeGreaterThan(0);
    expect(explorer.options[best]!.converted).toBe(5 * best * $(20_000));
  });

  it('stops with the plan when the plan ends before RMDs begin', () => {
    // Three years (2026–2028): RMDs would begin in 2031, so the last conversion year is the plan's last.
    const short = plan();
    const explorer = exploreRothConversions({ ...short, retirementPlan: { ...short.retirementPlan!, yearsOfRetirement: 3 } });
    expect(explorer).toMatchObject({ status: 'ready', firstYear: 2026, lastYear: 2028, stopsBeforeRmds: false });
  });

  it('says why it cannot compare', () => {
    expect(exploreRothConversions(plan({ filingStatus: null }))).toMatchObject({ status: 'unavailable', reason: expect.stringContaining('filing status') });
    expect(exploreRothConversions(plan({}, [account(1, 'traditional_ira', 100_000)]))).toMatchObject({ status: 'unavailable', reason: expect.stringContaining('no Roth account') });
    expect(exploreRothConversions(plan({}, [account(1, 'roth_ira', 100_000)]))).toMatchObject({ status: 'unavailable', reason: expect.stringContaining('no traditional account') });
    // Born 1953: RMDs from 2026, the first year of retirement.
    expect(exploreRothConversions({ ...plan(), birthYear: 1953 })).toMatchObject({ status: 'unavailable', reason: expect.stringContaining('no year left') });
  });
});
