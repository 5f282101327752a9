import { describe, expect, it } from 'vitest';
import { monthKey } from '../months.ts';
import { annualised } from '../returns.ts';
import { bondNominalReturn, buildMarketHistory, marketHistory, mixedRealReturns, parseMarketHistory } from './history.ts';
import { SHILLER_MONTHLY_CSV } from './shiller-monthly.ts';

// Every expectation is worked out here from the CSV text and the formulas of README.md, not with
// the module's own helpers.

const HEADER = 'month,sp500_price,dividend_annualized,cpi,long_interest_rate_pct';

/** The CSV's rows as [month, price, dividend, cpi, yield %], read with nothing but split. */
const rows = SHILLER_MONTHLY_CSV.trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [month = '', ...figures] = line.split(',');
    return { month, figures: figures.map(Number) as [number, number, number, number] };
  });

function figuresOf(month: string): [number, number, number, number] {
  const row = rows.find((entry) => entry.month === month);
  if (row === undefined) throw new Error(`No ${month} in the CSV`);
  return row.figures;
}

/** The 10-year bond's month written out as a price: coupons c/2 for n half-years at y1/2, principal at the end. */
function bondByHand(yieldBeforePercent: number, yieldAfterPercent: number): number {
  const coupon = yieldBeforePercent / 100;
  const rate = yieldAfterPercent / 100;
  const halfYears = 2 * (10 - 1 / 12);
  const discount = Math.pow(1 + rate / 2, -halfYears);
  const price = ((coupon / 2) * (1 - discount)) / (rate / 2) + discount;
  return price - 1 + coupon / 12;
}

describe('parseMarketHistory', () => {
  it('reads 1,830 consecutive months, 1871-01 … 2023-06', () => {
    const months = parseMarketHistory(SHILLER_MONTHLY_CSV);
    expect(months).toHaveLength(1830);
    expect(months[0]).toEqual({ month: '1871-01', price: 4.44, dividend: 0.26, cpi: 12.46, yieldPercent: 5.32 });
    expect(months[1829]).toEqual({ month: '2023-06', price: 4345.372857142857, dividend: 68.71, cpi: 305.11, yieldPercent: 3.75 });
  });

  it('accepts CRLF line ends and no final newline', () => {
    const months = parseMarketHistory(`${HEADER}\r\n1871-01,4.44,0.26,12.46,5.32\r\n1871-02,4.5,0.26,12.84,5.32`);
    expect(months.map((month) => month.month)).toEqual(['1871-01', '1871-02']);
  });

  it('throws on a wrong header, a malformed row or a gap', () => {
    const good = '1871-01,4.44,0.26,12.46,5.32';
    const parse = (...lines: string[]) => () => parseMarketHistory(`${lines.join('\n')}\n`);
    expect(parse('month,price,dividend,cpi,yield', good)).toThrow(/line 1/);
    expect(parse(HEADER)).toThrow(/no months/);
    expect(parse('')).toThrow(RangeError);
    expect(parse(HEADER, '1871-01,4.44,0.26,12.46')).toThrow(/line 2.*4 fields/);
    expect(parse(HEADER, `${good},1`)).toThrow(/6 fields/);
    expect(parse(HEADER, '1871-13,4.44,0.26,12.46,5.32')).toThrow(/month/);
    expect(parse(HEADER, '1871-1,4.44,0.26,12.46,5.32')).toThrow(/month/);
    expect(parse(HEADER, good, '1871-03,4.5,0.26,12.84,5.32')).toThrow(/line 3.*does not follow 1871-01/);
    expect(parse(HEADER, good, good)).toThrow(/does not follow/);
    expect(parse(HEADER, '1871-01,,0.26,12.46,5.32')).toThrow(/"" is not a decimal/);
    expect(parse(HEADER, '1871-01,4.44,abc,12.46,5.32')).toThrow(/not a decimal/);
    expect(parse(HEADER, '1871-01,4.44,-0.26,12.46,5.32')).toThrow(/not a decimal/);
    expect(parse(HEADER, '1871-01,4.44,0.26, 12.46,5.32')).toThrow(/not a decimal/);
    expect(parse(HEADER, '1871-01,4.44,0.26,12.46,1e1')).toThrow(/not a decimal/);
    expect(parse(HEADER, '1871-01,0,0.26,12.46,5.32')).toThrow(/above 0/);
    expect(parse(HEADER, '1871-01,4.44,0.26,12.46,0.0')).toThrow(/above 0/);
    expect(parse(HEADER, good, '')).toThrow(/line 3/);
  });
});

describe('marketHistory', () => {
  const history = marketHistory();

  it('has 1,829 monthly steps named by their later month, 1871-02 … 2023-06', () => {
    expect(history.months).toHaveLength(1829);
    expect(history.months[0]).toBe('1871-02');
    expect(history.months[1828]).toBe('2023-06');
    for (const series of [history.stockNominal, history.bondNominal, history.inflation, history.stockReal, history.bondReal]) {
      expect(series).toHaveLength(1829);
    }
    expect(marketHistory()).toBe(history); // parsed once
  });

  it('gives the first step by hand from the first two lines (1871-01 → 1871-02)', () => {
    // (4.50 + 0.26/12) / 4.44 = 1.018393…; CPI 12.84 / 12.46 = 1.030498…
    const nominal = (4.5 + 0.26 / 12) / 4.44 - 1;
    expect(nominal).toBeCloseTo(0.0183934, 7);
    expect(history.stockNominal[0]).toBeCloseTo(nominal, 15);
    expect(history.inflation[0]).toBeCloseTo(12.84 / 12.46 - 1, 15);
    // 1.018393 / 1.030498 − 1 = −1.1746 %: prices rose faster than the index that month.
    expect(history.stockReal[0]).toBeCloseTo((4.5 + 0.26 / 12) / 4.44 / (12.84 / 12.46) - 1, 14);
    expect(history.stockReal[0]).toBeCloseTo(-0.011746, 6);
  });

  it('annualises the real stock total return to 6.90 % over all 1,829 steps', () => {
    let growth = 1;
    for (let t = 1; t < rows.length; t += 1) {
      const [price, dividend, cpi] = rows[t]!.figures;
      const [pricePrevious, , cpiPrevious] = rows[t - 1]!.figures;
      growth *= (price + dividend / 12) / pricePrevious / (cpi / cpiPrevious);
    }
    const byHand = growth ** (12 / 1829) - 1; // 0.069029
    expect(byHand).toBeGreaterThan(0.06895);
    expect(byHand).toBeLessThan(0.06905);
    expect(annualised(history.stockReal)).toBeCloseTo(byHand, 12);
  });

  it('pays exactly a month of coupon when the yield does not move (a par bond stays at par)', () => {
    // 1871-01 and 1871-02 are both at 5.32 %.
    expect(history.bondNominal[0]).toBe(0.0532 / 12);
    expect(bondNominalReturn(4, 4)).toBe(0.04 / 12);
    expect(bondNominalReturn(15.32, 15.32)).toBe(0.1532 / 12);
    // Real: the same coupon, deflated by the month's 3.05 % rise in CPI.
    expect(history.bondReal[0]).toBeCloseTo((1 + 0.0532 / 12) / (12.84 / 12.46) - 1, 14);
  });

  it('loses on a yield rise as the price formula says', () => {
    // 4 % → 5 %: v = 1.025^(−119/6) = 0.612788; price = 0.02 × 0.387212 / 0.025 + 0.612788 = 0.922558;
    // return = 0.922558 − 1 + 0.04/12 = −0.074109.
    expect(bondNominalReturn(4, 5)).toBeCloseTo(-0.0741091, 7);
    expect(bondNominalReturn(4, 5)).toBeCloseTo(bondByHand(4, 5), 14);
    // A fall of the same size gains more than the rise loses (convexity): 5 % → 4 %, +8.54 %.
    expect(bondNominalReturn(5, 4)).toBeCloseTo(0.0853676, 7);
    // 2022-08 → 2022-09, 2.90 % → 3.52 %: v = 1.0176^(−19.8333) = 0.707491, price = 0.0145 × 0.292509 / 0.0176
    // + 0.707491 = 0.948479, return = −0.051521 + 0.002417 = −4.910 %; CPI 296.17 → 296.81.
    const step = history.months.indexOf(monthKey(2022, 9));
    const [, , cpiAugust, yieldAugust] = figuresOf('2022-08');
    const [, , cpiSeptember, yieldSeptember] = figuresOf('2022-09');
    expect([yieldAugust, yieldSeptember]).toEqual([2.9, 3.52]);
    expect(history.bondNominal[step]).toBeCloseTo(bondByHand(2.9, 3.52), 14);
    expect(history.bondNominal[step]).toBeCloseTo(-0.049105, 6);
    expect(history.bondReal[step]).toBeCloseTo((1 + bondByHand(2.9, 3.52)) / (cpiSeptember / cpiAugust) - 1, 14);
  });

  /**
   * Damodaran's annual returns on the 10-year US T-bond ("Historical Returns on Stocks, Bonds and
   * Bills", histretSP.xls), in %. He reprices at each year-end's yield once a year; the yields here
   * are monthly averages repriced monthly, so one year can differ by a few points:
   *   year   here     published
   *   1970  +17.53    +16.75
   *   1982  +36.16    +32.81   high yields: a month's coupon compounds, ≈ +1 point on its own
   *   1985  +27.41    +25.71
   *   1994   −7.38     −8.04
   *   2008  +19.31    +20.10
   *   2009   −6.65    −11.12   December averages 2.42 % → 3.59 %, year-end closes ≈ 2.2 % → 3.8 %
   *   2022  −14.92    −17.83   December averages 1.47 % → 3.62 %, year-end closes ≈ 1.5 % → 3.9 %
   * Tolerance 5 points and the same sign: a December average sits up to ≈ 0.25 point of yield away
   * from the 31 December close, which at a duration of about 8 is ≈ 2 points of return at each end
   * of a year, plus the monthly against annual compounding (up to ≈ 3 points when yields are 14 %).
   * The years are ones whose published return is far from 0, so the sign is meaningful.
   */
  const PUBLISHED_BOND_YEARS: ReadonlyArray<readonly [number, number]> = [
    [1970, 16.75],
    [1982, 32.81],
    [1985, 25.71],
    [1994, -8.04],
    [2008, 20.1],
    [2009, -11.12],
    [2022, -17.83],
  ];

  function calendarYear(year: number): number {
    const january = history.months.indexOf(monthKey(year, 1));
    expect(history.months[january + 11]).toBe(`${year}-12`);
    let growth = 1;
    for (let month = 0; month < 12; month += 1) growth *= 1 + history.bondNominal[january + month]!;
    return (growth - 1) * 100;
  }

  it.each(PUBLISHED_BOND_YEARS)('gives a %i bond return near the published %f', (year, published) => {
    const here = calendarYear(year);
    expect(Math.abs(here - published)).toBeLessThan(5);
    expect(Math.sign(here)).toBe(Math.sign(published));
  });

  it('compounds 1928–1989 to within 0.3 points a year of the published series', () => {
    // Damodaran's T-bond returns, %, 1928 … 1989.
    const published = [
      0.84, 4.2, 4.54, -2.56, 8.79, 1.86, 7.96, 4.47, 5.02, 1.38, 4.21, 4.41, 5.4, -2.02, 2.29, 2.49, 2.58, 3.8, 3.13, 0.92, 1.95, 4.66, 0.43, -0.3, 2.27, 4.14,
      3.29, -1.34, -2.26, 6.8, -2.1, -2.65, 11.64, 2.06, 5.69, 1.68, 3.73, 0.72, 2.91, -1.58, 3.27, -5.01, 16.75, 9.79, 2.82, 3.66, 1.99, 3.61, 15.98, 1.29,
      -0.78, 0.67, -2.99, 8.2, 32.81, 3.2, 13.73, 25.71, 24.28, -4.96, 8.22, 17.69,
    ];
    expect(published).toHaveLength(62);
    let publishedGrowth = 1;
    let growth = 1;
    published.forEach((percent, offset) => {
      publishedGrowth *= 1 + percent / 100;
      growth *= 1 + calendarYear(1928 + offset) / 100;
    });
    const publishedRate = publishedGrowth ** (1 / 62) - 1; // 4.38 % a year
    const rate = growth ** (1 / 62) - 1; // 4.61 % a year
    // Over many years a December's smoothing counts once at the end of one year and once, the other
    // way, at the start of the next, so it cancels; what is left is the method: Damodaran's annual
    // repricing applied to these same December yields gives 4.39 %, and a month's coupon
    // reinvested monthly adds ≈ y²·11/24 ≈ 0.1 point a year at 4.5 %, the rest is monthly convexity.
    expect(publishedRate).toBeCloseTo(0.0438, 4);
    expect(Math.abs(rate - publishedRate)).toBeLessThan(0.003);
  });

  it('builds from any consecutive months and refuses fewer than two', () => {
    const two = parseMarketHistory(`${HEADER}\n1871-01,4.44,0.26,12.46,5.32\n1871-02,4.5,0.26,12.84,5.32\n`);
    expect(buildMarketHistory(two).months).toEqual(['1871-02']);
    expect(() => buildMarketHistory(two.slice(0, 1))).toThrow(RangeError);
  });
});

describe('mixedRealReturns (s × stockReal + (1 − s) × bondReal)', () => {
  const history = marketHistory();

  it('is the stocks at 100 % and the bonds at 0 %', () => {
    expect(mixedRealReturns(history, 100)).toEqual(history.stockReal);
    expect(mixedRealReturns(history, 0)).toEqual(history.bondReal);
  });

  it('mixes a month by hand at 60 %', () => {
    const mixed = mixedRealReturns(history, 60);
    const step = history.months.indexOf(monthKey(2008, 10));
    expect(mixed).toHaveLength(1829);
    expect(mixed[step]).toBeCloseTo(0.6 * history.stockReal[step]! + 0.4 * history.bondReal[step]!, 15);
  });

  it('refuses a share outside 0–100', () => {
    expect(() => mixedRealReturns(history, 101)).toThrow(RangeError);
    expect(() => mixedRealReturns(history, -1)).toThrow(RangeError);
    expect(() => mixedRealReturns(history, Number.NaN)).toThrow(RangeError);
  });
});

describe('annualised ((Π (1 + r))^(12/n) − 1)', () => {
  it('compounds monthly returns to a rate a year', () => {
    expect(annualised(new Array<number>(12).fill(0.01))).toBeCloseTo(0.126825, 6); // 1.01^12 − 1
    expect(annualised([0.1, -0.1])).toBeCloseTo(-0.05852, 5); // 0.99^6 − 1
    expect(annualised([0.5, 0.01, 0.01, 0.5], 1, 3)).toBeCloseTo(0.126825, 6); // the two middle months
    expect(annualised([0])).toBe(0);
  });

  it('refuses an empty or out-of-range span', () => {
    expect(() => annualised([])).toThrow(RangeError);
    expect(() => annualised([0.01, 0.02], 1, 1)).toThrow(RangeError);
    expect(() => annualised([0.01, 0.02], 0, 3)).toThrow(RangeError);
    expect(() => annualised([0.01, 0.02], -1, 2)).toThrow(RangeError);
    expect(() => annualised([0.01, 0.02], 0.5, 2)).toThrow(RangeError);
  });
});
