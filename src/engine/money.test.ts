import { describe, expect, it } from 'vitest';
import { cents, divFloor, divRoundHalfUp, maxCents, minCents, mulDivRoundHalfUp, roundHalfUp, sumCents } from './money.ts';

describe('roundHalfUp', () => {
  it('rounds halves away from zero on both sides (Math.round would give −2 for −2.5)', () => {
    expect(roundHalfUp(2.5)).toBe(3);
    expect(roundHalfUp(-2.5)).toBe(-3);
    expect(roundHalfUp(-2.4)).toBe(-2);
    expect(roundHalfUp(2.4999)).toBe(2);
  });

  it('absorbs float noise just below a half', () => {
    expect(roundHalfUp(3249.9999999999995)).toBe(3250);
  });
});

describe('divRoundHalfUp', () => {
  it('rounds exact halves away from zero, whatever the signs', () => {
    expect(divRoundHalfUp(5n, 2n)).toBe(3);
    expect(divRoundHalfUp(-5n, 2n)).toBe(-3);
    expect(divRoundHalfUp(5n, -2n)).toBe(-3);
    expect(divRoundHalfUp(-5n, -2n)).toBe(3);
  });

  it('rounds below a half toward zero and above away from it', () => {
    expect(divRoundHalfUp(7n, 3n)).toBe(2);
    expect(divRoundHalfUp(8n, 3n)).toBe(3);
    expect(divRoundHalfUp(-7n, 3n)).toBe(-2);
    expect(divRoundHalfUp(-8n, 3n)).toBe(-3);
  });

  it('stays exact beyond float precision: (2^53 + 1) / 2 is 2^52 + 1 after rounding up', () => {
    expect(divRoundHalfUp(2n ** 53n + 1n, 2n)).toBe(2 ** 52 + 1);
  });

  it('refuses a zero denominator', () => {
    expect(() => divRoundHalfUp(1n, 0n)).toThrow(RangeError);
  });
});

describe('divFloor', () => {
  it('rounds toward −∞', () => {
    expect(divFloor(7n, 2n)).toBe(3);
    expect(divFloor(-7n, 2n)).toBe(-4);
    expect(divFloor(7n, -2n)).toBe(-4);
    expect(divFloor(6n, 3n)).toBe(2);
    expect(divFloor(-6n, 3n)).toBe(-2);
  });
});

describe('mulDivRoundHalfUp', () => {
  it('multiplies before dividing, then rounds once', () => {
    // 1 000.00 × 52 / 12 = 433 333.33… → 433 333
    expect(mulDivRoundHalfUp(cents(100000), 52n, 12n)).toBe(433333);
    // 3¢ × 26 / 12 = 6.5 → 7, and −3¢ → −7
    expect(mulDivRoundHalfUp(cents(3), 26n, 12n)).toBe(7);
    expect(mulDivRoundHalfUp(cents(-3), 26n, 12n)).toBe(-7);
  });
});

describe('sumCents, minCents, maxCents', () => {
  it('add and compare integer cents', () => {
    expect(sumCents([cents(1), cents(-5), cents(10)])).toBe(6);
    expect(sumCents([])).toBe(0);
    expect(minCents(cents(3), cents(-4))).toBe(-4);
    expect(maxCents(cents(3), cents(-4))).toBe(3);
  });
});
