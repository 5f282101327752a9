import { describe, expect, it } from 'vitest';
import { cashInterest, cashMonthInterest, grossWithdrawal, grownAmount, netOfTax, planYear, runsIn, todaysDollars } from './assumptions.ts';
import { cents } from './money.ts';

// Every expected figure below is worked by hand from the formulas of
// docs/projection-rules.md#plan-assumptions, in the comment beside it.

describe('planYear', () => {
  it('counts whole plan years from month 1', () => {
    expect([1, 12, 13, 24, 25, 121].map(planYear)).toEqual([0, 0, 1, 1, 2, 10]);
  });
});

describe('grownAmount (roundHalfUp(base × (1 + r/100)^k))', () => {
  it('holds through the first plan year and steps once a year', () => {
    expect(grownAmount(cents(100_000), 3, 1)).toBe(100_000);
    expect(grownAmount(cents(100_000), 3, 12)).toBe(100_000);
    expect(grownAmount(cents(100_000), 3, 13)).toBe(103_000); // 100 000 × 1.03
    expect(grownAmount(cents(100_000), 3, 24)).toBe(103_000);
    expect(grownAmount(cents(100_000), 3, 25)).toBe(106_090); // × 1.0609
    expect(grownAmount(cents(100_000), 3, 37)).toBe(109_273); // × 1.092727 = 109 272.7
  });

  it('grows a salary in month 13 and rounds a tie up, exactly', () => {
    expect(grownAmount(cents(250_000), 4, 13)).toBe(260_000); // 2 500.00 × 1.04
    // 12 345 × 1.025 = 12 653.625 exactly: half a cent rounds up (a double product says …624999).
    expect(grownAmount(cents(12_345), 2.5, 13)).toBe(12_654);
  });

  it('applies a COLA to Social Security and a fall to a home', () => {
    expect(grownAmount(cents(200_000), 2.8, 25)).toBe(211_357); // 200 000 × 1.028² = 200 000 × 1.056784 = 211 356.8
    expect(grownAmount(cents(30_000_000), -10, 13)).toBe(27_000_000); // 300 000.00 × 0.9
  });

  it('is the base itself at rate 0 (the neutral rule)', () => {
    expect(grownAmount(cents(123_457), 0, 600)).toBe(123_457);
  });
});

describe('cashInterest (roundHalfUp(max(0, balance) × r / 100 / 12))', () => {
  it('earns on a positive balance only', () => {
    expect(cashInterest(cents(1_000_000), 4.5)).toBe(3_750); // 1 000 000 × 0.045 / 12
    expect(cashInterest(cents(33_333), 5)).toBe(139); // 33 333 × 5 / 1200 = 138.8875
    expect(cashInterest(cents(-50_000), 4.5)).toBe(0);
    expect(cashInterest(cents(1_000_000), 0)).toBe(0);
  });
});

describe('grossWithdrawal (roundHalfUp(net / (1 − t/100)))', () => {
  it('grosses a net need up by the tax rate', () => {
    expect(grossWithdrawal(cents(100_000), 22)).toBe(128_205); // 100 000 / 0.78 = 128 205.128…
    expect(grossWithdrawal(cents(3), 40)).toBe(5); // 3 / 0.6 = 5
    expect(grossWithdrawal(cents(1), 60)).toBe(3); // 1 / 0.4 = 2.5, half up
    expect(grossWithdrawal(cents(100_000), 0)).toBe(100_000);
  });
});

describe('todaysDollars (roundHalfUp(amount / (1 + i/100)^k))', () => {
  it('deflates by the plan years passed', () => {
    expect(todaysDollars(cents(106_090), 3, 25)).toBe(100_000); // 106 090 / 1.0609
    expect(todaysDollars(cents(100_000), 3, 13)).toBe(97_087); // 100 000 / 1.03 = 97 087.378…
    expect(todaysDollars(cents(100_000), 3, 12)).toBe(100_000);
    expect(todaysDollars(cents(-100_000), 3, 13)).toBe(-97_087);
  });
});

describe('runsIn (an end month counts, the month after does not)', () => {
  it('bounds a line item by its end month', () => {
    expect(runsIn('2027-06', '2027-06')).toBe(true);
    expect(runsIn('2027-06', '2027-07')).toBe(false);
    expect(runsIn(null, '2090-01')).toBe(true);
  });
});

describe('cashMonthInterest (cash interest, or the overdraft rate on a negative balance)', () => {
  it('charges the overdraft rate as negative interest, rounded half away from zero', () => {
    expect(cashMonthInterest(cents(-200_000), 4, 18)).toBe(-3_000); // −(200 000 × 18 / 1200)
    expect(cashMonthInterest(cents(-201_500), 4, 18)).toBe(-3_023); // −3 022.5 → −3 023
    expect(cashMonthInterest(cents(-200_000), 4, 0)).toBe(0); // no overdraft rate: free, as without one
  });

  it('earns the cash rate on a balance of 0 or more', () => {
    expect(cashMonthInterest(cents(1_000_000), 4.5, 18)).toBe(3_750); // 1 000 000 × 4.5 / 1200
    expect(cashMonthInterest(cents(0), 4.5, 18)).toBe(0);
  });
});

describe('netOfTax (floor(gross × (1 − t/100)))', () => {
  it('rounds what a capped withdrawal delivers down to the cent', () => {
    expect(netOfTax(cents(100_001), 22)).toBe(78_000); // 78 000.78
    expect(netOfTax(cents(100_000), 22)).toBe(78_000); // exact
    expect(netOfTax(cents(12_345), 22.5)).toBe(9_567); // 12 345 × 0.775 = 9 567.375
    expect(netOfTax(cents(12_345), 0)).toBe(12_345);
  });
});
