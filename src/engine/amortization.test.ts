import { describe, expect, it } from 'vitest';
// Published expected values (numpy-financial, lmammino/financial); sources in test-vectors/README.md.
import vectors from './test-vectors/finance.json';
import type { When } from './amortization.ts';
import { amortizationStep, applyPayment, fv, ipmt, nper, pmt, ppmt } from './amortization.ts';
import type { Cents } from './money.ts';
import { cents, parseCents } from './money.ts';

/** The published values carry 6–16 significant digits: compare to a relative 1e-7. */
function expectClose(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-7 * Math.max(1, Math.abs(expected)));
}

function dollars(value: number): Cents {
  const parsed = parseCents(value);
  if (parsed === null) throw new Error(`bad amount ${value}`);
  return parsed;
}

const when = (entry: { when?: string }): When => (entry.when === 'begin' ? 'begin' : 'end');

describe('pmt', () => {
  it.each(vectors.pmt)('pmt($rate, $nper, $pv) = $expected', (v) => {
    expectClose(pmt(v.rate, v.nper, v.pv), v.expected);
  });

  it('rate 0 spreads pv and fv evenly', () => {
    expect(pmt(0, 10, 1000, 500)).toBe(-150);
  });

  it("'begin' pays one period earlier, so each payment is smaller by a factor 1 + r", () => {
    expectClose(pmt(0.01, 12, 1000, 0, 'begin'), pmt(0.01, 12, 1000) / 1.01);
  });
});

describe('nper', () => {
  it.each(vectors.nper)('nper($rate, $pmt, $pv, $fv) = $expected', (v) => {
    expectClose(nper(v.rate, v.pmt, v.pv, v.fv, when(v)), v.expected);
  });
});

describe('fv', () => {
  it.each(vectors.fv)('fv($rate, $nper, $pmt, $pv) = $expected', (v) => {
    expectClose(fv(v.rate, v.nper, v.pmt, v.pv, when(v)), v.expected);
  });

  it('fv and pmt agree: paying pmt for nper periods leaves nothing of pv', () => {
    expectClose(fv(0.005, 120, pmt(0.005, 120, 10000), 10000), 0);
  });
});

describe('ipmt and ppmt', () => {
  it.each(vectors.ipmt)('ipmt at rate $rate over $nper periods', (v) => {
    v.per.forEach((per, index) => expectClose(ipmt(v.rate, per, v.nper, v.pv), v.expected[index] ?? Number.NaN));
  });

  it.each(vectors.ppmt)('ppmt at rate $rate over $nper periods', (v) => {
    v.per.forEach((per, index) => expectClose(ppmt(v.rate, per, v.nper, v.pv), v.expected[index] ?? Number.NaN));
  });

  it('ipmt + ppmt = pmt in every period', () => {
    for (let per = 1; per <= 24; per += 1) {
      expectClose(ipmt(0.01, per, 24, 2000) + ppmt(0.01, per, 24, 2000), pmt(0.01, 24, 2000));
    }
  });

  it("'begin' has no interest in the first period and divides by 1 + r afterwards", () => {
    expect(ipmt(0.01, 1, 24, 2000, 0, 'begin')).toBe(0);
    const total = pmt(0.01, 24, 2000, 0, 'begin');
    expectClose(ipmt(0.01, 2, 24, 2000, 0, 'begin'), (fv(0.01, 1, total, 2000, 'begin') * 0.01) / 1.01);
  });

  it('rate 0 has no interest, so every payment is principal', () => {
    expect(Math.abs(ipmt(0, 3, 10, 1000))).toBe(0);
    expect(ppmt(0, 3, 10, 1000)).toBe(-100);
  });

  it('a period outside 1…nper has no payment', () => {
    expect(ipmt(0.01, 0, 24, 2000)).toBeNaN();
    expect(ipmt(0.01, 25, 24, 2000)).toBeNaN();
  });
});

describe('amortizationStep (integer cents)', () => {
  const loan = vectors.amortization_cents.loan;
  const expected = vectors.amortization_cents.expected;

  it('matches the published 30-year schedule month by month', () => {
    const payment = dollars(loan.monthly_payment);
    let balance = dollars(loan.balance);
    const steps = [];
    while (balance > 0 && steps.length < 1000) {
      const step = amortizationStep(balance, loan.apr, payment);
      steps.push(step);
      balance = step.balance;
    }
    const [first, second] = steps;
    expect(first).toEqual({
      interest: dollars(expected.month_1.interest),
      principal: dollars(expected.month_1.principal),
      payment,
      balance: dollars(expected.month_1.balance),
    });
    expect(second?.interest).toBe(dollars(expected.month_2.interest));
    expect(steps).toHaveLength(expected.payoff_month);
    expect(steps.at(-1)?.payment).toBe(dollars(expected.final_payment));
    expect(steps.reduce((sum, step) => sum + step.interest, 0)).toBe(dollars(expected.total_interest));
  });

  it('the payoff month pays exactly balance + interest and ends at 0', () => {
    // 121.27 dollars at 12 %: interest 12 127¢ × 1 % = 121.27¢ → 121¢, so it pays 12 248¢.
    expect(amortizationStep(cents(12127), 12, cents(30000))).toEqual({
      interest: cents(121),
      payment: cents(12248),
      principal: cents(12127),
      balance: cents(0),
    });
  });

  it('a payment of exactly balance + interest pays off; one cent less leaves one cent', () => {
    expect(amortizationStep(cents(10000), 12, cents(10100)).balance).toBe(0);
    expect(amortizationStep(cents(10000), 12, cents(10099)).balance).toBe(1);
  });

  it('rate 0 is all principal', () => {
    expect(amortizationStep(cents(50000), 0, cents(20000))).toEqual({
      interest: cents(0),
      payment: cents(20000),
      principal: cents(20000),
      balance: cents(30000),
    });
  });

  it('a payment below the interest grows the balance (negative principal)', () => {
    // 1 000.00 at 24 %: interest 20.00; paying 10.00 adds 10.00.
    expect(amortizationStep(cents(100000), 24, cents(1000))).toEqual({
      interest: cents(2000),
      payment: cents(1000),
      principal: cents(-1000),
      balance: cents(101000),
    });
  });

  it('interest rounds half up: 12.00 at 6.5 % is 6.5¢ → 7¢', () => {
    expect(amortizationStep(cents(1200), 6.5, cents(0)).interest).toBe(7);
  });

  it('a zero balance stays zero and pays nothing', () => {
    expect(amortizationStep(cents(0), 20, cents(5000))).toEqual({
      interest: cents(0),
      payment: cents(0),
      principal: cents(0),
      balance: cents(0),
    });
  });
});

describe('applyPayment', () => {
  it('is the amortization step with the interest given', () => {
    expect(applyPayment(cents(20_000_000), cents(108_333), cents(126_414))).toEqual(amortizationStep(cents(20_000_000), 6.5, cents(126_414)));
    // The payoff month pays exactly balance + interest, never more.
    expect(applyPayment(cents(1000), cents(10), cents(5000))).toEqual({ interest: 10, payment: 1010, principal: 1000, balance: 0 });
    // A payment short of the interest: principal is negative and the balance grows.
    expect(applyPayment(cents(1000), cents(20), cents(10))).toEqual({ interest: 20, payment: 10, principal: -10, balance: 1010 });
  });
});
