import { describe, expect, it } from 'vitest';
import { housingLine, mortgageBalances, principalAndInterest } from './housing.ts';
import { cents } from './money.ts';
import type { HousingInput } from './types.ts';

function mortgage(currentBalance: number, interestRate: number, total: number, escrow: number): HousingInput {
  return {
    housingType: 'Mortgage',
    totalMonthlyPayment: cents(total),
    interestRate,
    currentBalance: cents(currentBalance),
    escrowPayment: cents(escrow),
  };
}

describe('housingLine', () => {
  it('Rent and Own pay total_monthly_payment every month', () => {
    expect(housingLine({ housingType: 'Rent', totalMonthlyPayment: cents(150000) }, 3)).toEqual([150000, 150000, 150000]);
    expect(housingLine({ housingType: 'Own', totalMonthlyPayment: cents(30000) }, 2)).toEqual([30000, 30000]);
  });

  it('no housing record is 0 every month', () => {
    expect(housingLine(null, 3)).toEqual([0, 0, 0]);
  });

  it('a mortgage at 0 % pays P&I + escrow until paid off, then escrow only', () => {
    // 1 000.00 balance, P&I = 600.00 − 100.00 = 500.00: two payments, then escrow.
    expect(housingLine(mortgage(100000, 0, 60000, 10000), 4)).toEqual([60000, 60000, 10000, 10000]);
  });

  it('a mortgage with interest: the payoff month pays exactly balance + interest, plus escrow', () => {
    // 1 000.00 at 12 %, P&I 500.00, escrow 100.00:
    // m1 interest 10.00 → 510.00 left; m2 interest 5.10 → 15.10 left; m3 interest 0.151 → 0.15, pays 15.25.
    expect(housingLine(mortgage(100000, 12, 60000, 10000), 5)).toEqual([60000, 60000, 11525, 10000, 10000]);
  });

  it('a mortgage already paid off is escrow only from month 1', () => {
    expect(housingLine(mortgage(0, 5, 200000, 40000), 2)).toEqual([40000, 40000]);
  });

  it('a mortgage whose P&I never covers the interest keeps paying the full payment', () => {
    // 100 000.00 at 12 %: interest 1 000.00 a month, P&I only 900.00.
    expect(housingLine(mortgage(10000000, 12, 100000, 10000), 3)).toEqual([100000, 100000, 100000]);
  });
});

describe('a plan started after the 1st (typed balances)', () => {
  it('charges no housing in month 1, and the mortgage amortises from month 2 on its typed balance', () => {
    // 1 000.00 at 0 %, P&I 500.00, escrow 100.00: on the 1st [600, 600, 100]; from the 15th
    // month 1 is 0 and the loan runs a month later.
    expect(housingLine(mortgage(100000, 0, 60000, 10000), 4, 0, 1)).toEqual([60000, 60000, 10000, 10000]);
    expect(housingLine(mortgage(100000, 0, 60000, 10000), 4, 0, 15)).toEqual([0, 60000, 60000, 10000]);
    expect(mortgageBalances(mortgage(100000, 0, 60000, 10000), 3, 1)).toEqual([50000, 0, 0]);
    expect(mortgageBalances(mortgage(100000, 0, 60000, 10000), 3, 15)).toEqual([100000, 50000, 0]);
    // With interest: 200 000.00 at 6 %, P&I 1 600.00: month 2 interest 1 000.00 on the typed balance.
    expect(mortgageBalances(mortgage(20_000_000, 6, 200_000, 40_000), 2, 2)).toEqual([20_000_000, 19_940_000]);
    // Rent: month 1 is 0, then the payment (grown by plan year as before).
    expect(housingLine({ housingType: 'Rent', totalMonthlyPayment: cents(150000) }, 3, 3, 31)).toEqual([0, 150000, 150000]);
  });
});

describe('principalAndInterest', () => {
  it('is total − escrow, never below 0', () => {
    expect(principalAndInterest(cents(200000), cents(40000))).toBe(160000);
    expect(principalAndInterest(cents(20000), cents(40000))).toBe(0);
  });
});
