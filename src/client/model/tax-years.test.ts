import { describe, expect, it } from 'vitest';
import { cents, ZERO } from '../../engine/money.ts';
import { monthKey } from '../../engine/months.ts';
import type { RetirementRow } from './month-wire.ts';
import { hasTaxYears, rateText, taxYears } from './tax-years.ts';

/** A total row of `year`-`month` with nothing in it but the given figures. */
function row(year: number, month: number, fields: Partial<RetirementRow> = {}): RetirementRow {
  return {
    month: monthKey(year, month),
    balance: ZERO,
    displayBalance: ZERO,
    inputBalance: null,
    contributions: ZERO,
    totalContributions: ZERO,
    withdrawals: ZERO,
    interestEarned: ZERO,
    socialSecurityIncome: ZERO,
    housing: ZERO,
    debts: ZERO,
    monthlyExpenses: ZERO,
    otherExpenses: ZERO,
    ...fields,
  };
}

/** A closing row's figures; the others 0. */
function closing(year: number, month: number, figures: { federal: number; state: number; penalty?: number; marginal: number; effective: number; rmd?: number; conversion?: number }): RetirementRow {
  return row(year, month, {
    taxes: ZERO,
    yearOrdinaryIncome: cents(5_000_000),
    yearTaxableSocialSecurity: cents(1_000_000),
    yearGains: cents(20_000),
    yearDeduction: cents(3_220_000),
    yearFederalTax: cents(figures.federal),
    yearStateTax: cents(figures.state),
    yearPenalty: cents(figures.penalty ?? 0),
    yearEffectiveRate: figures.effective,
    yearMarginalRate: figures.marginal,
    yearRmd: cents(figures.rmd ?? 0),
    yearConversion: cents(figures.conversion ?? 0),
  });
}

describe('taxYears', () => {
  // Retirement from 2031-06 to 2034-03: three Decembers and the last living month close a year.
  const rows: RetirementRow[] = [
    row(2031, 5),
    row(2031, 6, { taxes: ZERO }),
    closing(2031, 12, { federal: 190_040, state: 60_000, marginal: 12, effective: 7.25, conversion: 1_000_000 }),
    row(2032, 4, { taxes: cents(250_040) }),
    closing(2032, 12, { federal: 623_456, state: 150_000, penalty: 25_000, marginal: 22, effective: 10.47 }),
    closing(2033, 12, { federal: 500_000, state: 130_000, marginal: 22, effective: 9.69, rmd: 410_075 }),
    // Lower, then higher again: a second 'Higher bracket', and a second RMD year is not the first.
    closing(2034, 3, { federal: 10_000, state: 0, marginal: 10, effective: 1.5, rmd: 100_000 }),
  ];

  it('takes one year per closing row, in order, with its figures', () => {
    const years = taxYears(rows)?.years ?? [];
    expect(years.map((y) => [y.year, y.month])).toEqual([
      [2031, '2031-12'],
      [2032, '2032-12'],
      [2033, '2033-12'],
      [2034, '2034-03'],
    ]);
    expect(years[1]).toEqual({
      year: 2032,
      month: '2032-12',
      ordinaryIncome: 5_000_000,
      taxableSocialSecurity: 1_000_000,
      gains: 20_000,
      deduction: 3_220_000,
      federalTax: 623_456,
      stateTax: 150_000,
      penalty: 25_000,
      effectiveRate: 10.47,
      marginalRate: 22,
      rmd: 0,
      conversion: 0,
      firstRmd: false,
      higherBracket: true,
    });
    expect(years[0]?.conversion).toBe(1_000_000);
  });

  it('marks the first RMD year and each year whose marginal rate is above the year before', () => {
    const years = taxYears(rows)?.years ?? [];
    // 12 → 22 (higher), 22 → 22 (same), 22 → 10 (lower).
    expect(years.map((y) => y.higherBracket)).toEqual([false, true, false, false]);
    expect(years.map((y) => y.firstRmd)).toEqual([false, false, true, false]);
    const climbing = [closing(2040, 12, { federal: 0, state: 0, marginal: 10, effective: 0 }), closing(2041, 12, { federal: 0, state: 0, marginal: 0, effective: 0 }), closing(2042, 12, { federal: 0, state: 0, marginal: 12, effective: 1 })];
    expect(taxYears(climbing)?.years.map((y) => y.higherBracket)).toEqual([false, false, true]);
  });

  it('sums federal, state and penalty over the years', () => {
    // (1,900.40 + 600) + (6,234.56 + 1,500 + 250) + (5,000 + 1,300) + (100 + 0) = 16,884.96.
    expect(taxYears(rows)?.lifetimeTax).toBe(1_688_496);
  });

  it('is null, and there are no tax years, without closing rows (no filing status)', () => {
    const plain = [row(2031, 6, { taxes: cents(15_000) }), row(2031, 12, { taxes: cents(15_000) })];
    expect(taxYears(plain)).toBeNull();
    expect(hasTaxYears(plain)).toBe(false);
    expect(hasTaxYears(rows)).toBe(true);
    expect(taxYears([])).toBeNull();
  });

  it('counts 0 for a figure a closing row lacks', () => {
    const sparse = taxYears([row(2031, 12, { yearFederalTax: cents(1_000) })]);
    expect(sparse).toEqual({
      years: [
        {
          year: 2031,
          month: '2031-12',
          ordinaryIncome: 0,
          taxableSocialSecurity: 0,
          gains: 0,
          deduction: 0,
          federalTax: 1_000,
          stateTax: 0,
          penalty: 0,
          effectiveRate: 0,
          marginalRate: 0,
          rmd: 0,
          conversion: 0,
          firstRmd: false,
          higherBracket: false,
        },
      ],
      lifetimeTax: 1_000,
    });
  });
});

describe('rateText', () => {
  it('prints a whole bracket as it is and any other rate to 2 decimals', () => {
    expect([8.37, 22, 9.5, 6.7, 0, 37].map(rateText)).toEqual(['8.37%', '22%', '9.50%', '6.70%', '0%', '37%']);
  });
});
