/**
 * 150 years of US market history for the history replay (docs/projection-rules.md#history): monthly
 * returns on the S&P 500 with dividends and on a 10-year Treasury, nominal and after inflation,
 * from Shiller's monthly data (README.md beside this file gives the source, the licence and the
 * formulas).
 *
 * Returns are plain fractions a month (0.01 is +1 % that month), held in Float64Arrays because a
 * replay walks every start month over the same 1,829 numbers.
 */
import type { MonthKey } from '../months.ts';
import { monthsBetween, parseMonthKey } from '../months.ts';
import { SHILLER_MONTHLY_CSV } from './shiller-monthly.ts';

/** One row of the CSV, in the CSV's own units. */
export interface MarketMonth {
  readonly month: MonthKey;
  /** S&P Composite index level, the month's average of daily closes (index points). */
  readonly price: number;
  /** Dividends per index share at an annual rate (index points a year); the month's dividend is a twelfth. */
  readonly dividend: number;
  /** Consumer price index (CPI-U from 1913, Warren–Pearson before); only its ratios matter. */
  readonly cpi: number;
  /** 10-year Treasury yield, % a year (bond-equivalent, semiannual compounding), month's average. */
  readonly yieldPercent: number;
}

/**
 * Monthly returns, one per step between two consecutive CSV months. Index t is the step from
 * `months[t]`'s previous month to `months[t]`: the first is 1871-01 → 1871-02, the last
 * 2023-05 → 2023-06, 1,829 in all. The arrays are shared by every caller: never change them.
 */
export interface MarketHistory {
  /** The month each return is for: the later month of its step ('1871-02' … '2023-06'). */
  readonly months: readonly MonthKey[];
  /** S&P 500 total return (price plus a twelfth of the annual dividend), fraction a month. */
  readonly stockNominal: Float64Array;
  /** 10-year Treasury total return (see bondNominalReturn), fraction a month. */
  readonly bondNominal: Float64Array;
  /** The change in CPI over the step: CPI[t] / CPI[t−1] − 1. */
  readonly inflation: Float64Array;
  /** stockNominal deflated by CPI: (1 + nominal) / (CPI[t] / CPI[t−1]) − 1. */
  readonly stockReal: Float64Array;
  /** bondNominal deflated by CPI, likewise. */
  readonly bondReal: Float64Array;
}

const HEADER = 'month,sp500_price,dividend_annualized,cpi,long_interest_rate_pct';

// A plain decimal, as the file writes every figure. Number() alone would read '' and ' ' as 0.
const DECIMAL = /^\d+(?:\.\d+)?$/;

/**
 * Reads the CSV (the header above, then one line per month, consecutive, oldest first; a final
 * newline is allowed). Throws a RangeError naming the line on anything else: a wrong header, a
 * missing or extra field, a month out of order or skipped, a figure that is not a plain decimal,
 * a price, CPI or yield that is not above 0 (the bond formula divides by the yield).
 * Example: 'month,…\n1871-01,4.44,0.26,12.46,5.32\n' →
 *   [{ month: '1871-01', price: 4.44, dividend: 0.26, cpi: 12.46, yieldPercent: 5.32 }].
 */
export function parseMarketHistory(csv: string): MarketMonth[] {
  const lines = csv.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  if (lines[0] !== HEADER) throw new RangeError(`Market history: line 1 is not the header "${HEADER}"`);
  if (lines.length < 2) throw new RangeError('Market history: no months');
  const rows: MarketMonth[] = [];
  for (let index = 1; index < lines.length; index += 1) {
    const line = lines[index]!;
    const fail = (why: string): never => {
      throw new RangeError(`Market history line ${index + 1} (${JSON.stringify(line)}): ${why}`);
    };
    const fields = line.split(',');
    if (fields.length !== 5) fail(`${fields.length} fields, expected 5`);
    const [monthText, ...figureTexts] = fields as [string, string, string, string, string];
    const month = parseMonthKey(monthText);
    if (month === null) return fail('not a YYYY-MM month');
    const previous = rows[rows.length - 1];
    if (previous !== undefined && monthsBetween(previous.month, month) !== 1) fail(`does not follow ${previous.month}`);
    const [price, dividend, cpi, yieldPercent] = figureTexts.map((text) => (DECIMAL.test(text) ? Number(text) : fail(`"${text}" is not a decimal`))) as [
      number,
      number,
      number,
      number,
    ];
    if (price <= 0 || cpi <= 0 || yieldPercent <= 0) fail('price, CPI and yield must be above 0');
    rows.push({ month, price, dividend, cpi, yieldPercent });
  }
  return rows;
}

/** Years to maturity left on the bond after one month: 10 − 1/12. */
const YEARS_LEFT = 10 - 1 / 12;

/**
 * One month's nominal total return on a 10-year Treasury, as a fraction.
 *
 * A 10-year par bond is bought at the yield y0 (so its coupon is y0 a year, paid semiannually) and
 * sold one month later at the yield y1, with T = 10 − 1/12 years left. Its price per 1 of face is
 * the remaining coupons and principal discounted at y1 with semiannual compounding, counting the
 * n = 2T = 119/6 ≈ 19.83 half-years left as a fractional number of periods (the annuity formula):
 *   v     = (1 + y1/2)^(−n)
 *   price = (y0/2) × (1 − v) / (y1/2) + v  =  (y0/y1)(1 − v) + v
 * and the month also earns a twelfth of the coupon, so
 *   return = price − 1 + y0/12  =  (y0/y1 − 1)(1 − v) + y0/12.
 * The second form is exactly y0/12 when the yield does not move (a par bond stays at par).
 * Units: yields in % a year (as the CSV has them; y = percent / 100 above); answer a fraction of
 * the month's starting value.
 * Example: 4 % → 5 %: v = 1.025^(−19.833) = 0.612788, price = 0.8 × 0.387212 + 0.612788 =
 * 0.922558, return = −0.077442 + 0.003333 = −0.074109 (−7.41 % that month). 5.32 % → 5.32 %:
 * 0.0532 / 12 = +0.443 %.
 * Reference: the constant-maturity repricing Damodaran uses for his annual T-bond returns
 * ("Historical Returns on Stocks, Bonds and Bills"), here done monthly.
 */
export function bondNominalReturn(yieldBeforePercent: number, yieldAfterPercent: number): number {
  const before = yieldBeforePercent / 100;
  const after = yieldAfterPercent / 100;
  const discount = (1 + after / 2) ** (-2 * YEARS_LEFT);
  return (before / after - 1) * (1 - discount) + before / 12;
}

/**
 * The monthly return series of consecutive months (at least two), oldest first; see MarketHistory.
 * For the step into month t (fractions a month):
 *   stockNominal = (P[t] + D[t]/12) / P[t−1] − 1
 *   bondNominal  = bondNominalReturn(y[t−1], y[t])
 *   inflation    = CPI[t] / CPI[t−1] − 1
 *   real         = (1 + nominal) / (CPI[t] / CPI[t−1]) − 1, for stocks and bonds alike.
 * Example: 1871-01 (P 4.44, CPI 12.46) → 1871-02 (P 4.50, D 0.26, CPI 12.84): stockNominal =
 * (4.50 + 0.021667) / 4.44 − 1 = +1.839 %, inflation = +3.050 %, stockReal = −1.175 %.
 */
export function buildMarketHistory(rows: readonly MarketMonth[]): MarketHistory {
  if (rows.length < 2) throw new RangeError('Market history needs at least two months');
  const steps = rows.length - 1;
  const months: MonthKey[] = [];
  const stockNominal = new Float64Array(steps);
  const bondNominal = new Float64Array(steps);
  const inflation = new Float64Array(steps);
  const stockReal = new Float64Array(steps);
  const bondReal = new Float64Array(steps);
  for (let step = 0; step < steps; step += 1) {
    const before = rows[step]!;
    const after = rows[step + 1]!;
    if (monthsBetween(before.month, after.month) !== 1) throw new RangeError(`Market history: ${after.month} does not follow ${before.month}`);
    const priceLevel = after.cpi / before.cpi;
    months.push(after.month);
    stockNominal[step] = (after.price + after.dividend / 12) / before.price - 1;
    bondNominal[step] = bondNominalReturn(before.yieldPercent, after.yieldPercent);
    inflation[step] = priceLevel - 1;
    stockReal[step] = (1 + stockNominal[step]!) / priceLevel - 1;
    bondReal[step] = (1 + bondNominal[step]!) / priceLevel - 1;
  }
  return { months, stockNominal, bondNominal, inflation, stockReal, bondReal };
}

let memo: MarketHistory | undefined;

/**
 * The history of the CSV shipped in shiller-monthly.ts: 1,829 monthly returns, 1871-02 … 2023-06.
 * Parsed on the first call and kept, so a worker pays for it once; the arrays are shared.
 * Example: marketHistory().months[0] → '1871-02'; annualised(marketHistory().stockReal) → 0.0690
 * (6.90 % a year after inflation, dividends reinvested).
 */
export function marketHistory(): MarketHistory {
  memo ??= buildMarketHistory(parseMarketHistory(SHILLER_MONTHLY_CSV));
  return memo;
}

/**
 * The real return each month of a portfolio rebalanced to a fixed stock share every month, as a
 * new array of fractions a month:
 *   mixed[t] = s × stockReal[t] + (1 − s) × bondReal[t],  s = stockSharePercent / 100.
 * Units: stockSharePercent in % (0–100; anything else, or NaN, is a RangeError: the caller
 * validates the assumption first).
 * Example: 60 % in a month with stocks +2 % and bonds −1 % real → 0.6 × 0.02 + 0.4 × (−0.01) =
 * +0.8 %.
 */
export function mixedRealReturns(history: MarketHistory, stockSharePercent: number): Float64Array {
  if (!(stockSharePercent >= 0 && stockSharePercent <= 100)) throw new RangeError(`Stock share is not 0–100 %: ${stockSharePercent}`);
  const stockShare = stockSharePercent / 100;
  const bondShare = 1 - stockShare;
  const { stockReal, bondReal } = history;
  const mixed = new Float64Array(stockReal.length);
  for (let step = 0; step < mixed.length; step += 1) {
    mixed[step] = stockShare * stockReal[step]! + bondShare * bondReal[step]!;
  }
  return mixed;
}
