import { describe, expect, it } from 'vitest';
import { marketHistory, mixedRealReturns } from './history.ts';
import { BOND_VOLATILITY, mixVolatility, recommendedVolatility, STOCK_BOND_CORRELATION, STOCK_VOLATILITY } from './volatility.ts';

/** Calendar years of monthly returns compounded: (1 + r₁) × … × (1 + r₁₂) − 1, from the first January. */
const yearly = (monthly: ArrayLike<number>): number[] => {
  const years: number[] = [];
  for (let start = 0; start + 12 <= monthly.length; start += 12) {
    let growth = 1;
    for (let m = 0; m < 12; m += 1) growth *= 1 + monthly[start + m]!;
    years.push(growth - 1);
  }
  return years;
};
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** The sample standard deviation (n − 1). */
const deviation = (xs: readonly number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((sum, x) => sum + (x - m) ** 2, 0) / (xs.length - 1));
};
const correlation = (xs: readonly number[], ys: readonly number[]) => {
  const [mx, my] = [mean(xs), mean(ys)];
  let [sxy, sxx, syy] = [0, 0, 0];
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
};

describe('the volatility constants', () => {
  const history = marketHistory();
  const stocks = yearly(history.stockReal);
  const bonds = yearly(history.bondReal);

  it('are the 1871–2023 history’s yearly real returns, to their printed digits', () => {
    expect(deviation(stocks) * 100).toBeCloseTo(STOCK_VOLATILITY, 2);
    expect(deviation(bonds) * 100).toBeCloseTo(BOND_VOLATILITY, 2);
    expect(correlation(stocks, bonds)).toBeCloseTo(STOCK_BOND_CORRELATION, 3);
  });

  it('give within half a point what each monthly-rebalanced mix of the history swung', () => {
    for (const share of [0, 20, 40, 60, 80, 100]) {
      const swung = deviation(yearly(mixedRealReturns(history, share))) * 100;
      expect(Math.abs(mixVolatility(share) - swung), `${share} % in stocks swung ${swung.toFixed(2)} %`).toBeLessThanOrEqual(0.5);
    }
  });
});

describe('recommendedVolatility', () => {
  it('falls with the stock share: all stocks 18 %, 60/40 12 %, all bonds 9 %', () => {
    // By hand at 60 %: 0.36 × 319.34 + 0.16 × 80.64 + 0.48 × 0.188 × 17.87 × 8.98 = 114.96 + 12.90 + 14.48 = 142.34; √ = 11.93.
    expect([100, 80, 60, 40, 20, 0].map(recommendedVolatility)).toEqual([18, 15, 12, 10, 9, 9]);
  });
});
