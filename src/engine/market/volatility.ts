/**
 * How much a mix of stocks and bonds swings in a year, for the `return_volatility` a planner would
 * start from given the `stock_share` (docs/projection-rules.md#monte-carlo). Kept apart from the
 * market history itself so the screens that show it do not load the history: the three constants
 * are that history's, and market/volatility.test.ts computes them again from it.
 *
 * From the real total returns of 1871–2023 (history.ts, Robert Shiller's data), compounded into
 * calendar years: the S&P 500's yearly real returns have a standard deviation of 17.87 %, the
 * 10-year Treasury's of 8.98 %, and the two a correlation of 0.188.
 */

/** The S&P 500's yearly real-return standard deviation, 1871–2023, in % a year. */
export const STOCK_VOLATILITY = 17.87;
/** The 10-year Treasury's, in % a year. */
export const BOND_VOLATILITY = 8.98;
/** The correlation of their yearly real returns. */
export const STOCK_BOND_CORRELATION = 0.188;

/**
 * The yearly standard deviation of a mix with s = stockSharePercent / 100 in stocks, the rest in
 * bonds (held to 0–100 %):
 *   σ = √(s² σs² + (1 − s)² σb² + 2 s (1 − s) ρ σs σb)
 * Units: % in, % a year out. Example: 60 % → √(0.36 × 17.87² + 0.16 × 8.98² + 0.48 × 0.188 ×
 * 17.87 × 8.98) = √(114.96 + 12.90 + 14.48) = 11.93.
 */
export function mixVolatility(stockSharePercent: number): number {
  const s = Math.min(100, Math.max(0, stockSharePercent)) / 100;
  return Math.sqrt(s * s * STOCK_VOLATILITY ** 2 + (1 - s) ** 2 * BOND_VOLATILITY ** 2 + 2 * s * (1 - s) * STOCK_BOND_CORRELATION * STOCK_VOLATILITY * BOND_VOLATILITY);
}

/** mixVolatility rounded half up to a whole percent, the value to start from. Example: 60 % → 12; 100 % → 18; 0 % → 9. */
export function recommendedVolatility(stockSharePercent: number): number {
  return Math.round(mixVolatility(stockSharePercent));
}
