/* eslint-disable no-restricted-globals, no-restricted-syntax -- Intl is the oracle these formatters are held to. */
import { describe, expect, it } from 'vitest';
import { cents, formatCents } from './money.ts';
import { uniforms } from './random.ts';
import { compactDollarsText, countText, decimalText, groupThousands, longDateText, wholeDollarsText } from './format.ts';

// The oracle: what the app printed with Intl before these functions replaced it.
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const WHOLE_USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
// Chromium printed the former compact formatter (maximumFractionDigits: 1 only) without a
// trailing zero ('$1K'); Node's ICU pads it ('$1.0K') unless the minimum is named, as here.
const COMPACT = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 });
const decimal = (min: number, max: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max });

/** Integer cents over every magnitude a household's figures reach, both signs, with the rounding edges. */
function centsSample(): number[] {
  const random = uniforms(34, 0); // seeded: a failure names a value that fails again
  const values = [0, 1, -1, 49, 50, 51, -49, -50, -51, 99, 100, 101, 149, 150, -150, 99_950, 99_949, 100_000_000, -123_456_789];
  for (let i = 0; i < 4000; i++) {
    const magnitude = 10 ** Math.floor(random() * 16);
    // + 0: a negative zero is no amount (the tests below print it by hand).
    const value = Math.floor(random() * magnitude) * (random() < 0.3 ? -1 : 1) + 0;
    values.push(value, value - (value % 100) + 50, value - (value % 100) - 50);
  }
  return values;
}

/** Doubles as the charts' axes and the rates get them: fractions, halves at each digit, huge and tiny. */
function doubleSample(): number[] {
  const random = uniforms(35, 0);
  const values = [0, 0.5, -0.5, 0.04, -0.04, 0.05, -0.05, 1.005, 1.015, 1.025, 0.125, 12, 12.34, 999.5, 999.94, 999.95, 999.96, 1000, 1049, 1050, 1051, 9_999.95, 99_949, 99_950, 999_949, 999_950, 999_999, 1e6, 1.25e6, 1.35e6, 1e9, 999_950_000, 1.5e12, 1e15, 2.5e15, 1e16, 1e21, 1e-7, 123_456.789];
  for (let i = 0; i < 4000; i++) {
    const magnitude = 10 ** (Math.floor(random() * 20) - 4);
    const value = random() * magnitude * (random() < 0.3 ? -1 : 1);
    values.push(value, Number(value.toFixed(2)), Number(value.toFixed(1)) + 0.05, Math.round(value) + 0.5);
  }
  return values;
}

describe('groupThousands and countText', () => {
  it('groups by threes from the right', () => {
    expect(['', '1', '12', '123', '1234', '12345', '123456', '1234567'].map(groupThousands)).toEqual(['', '1', '12', '123', '1,234', '12,345', '123,456', '1,234,567']);
  });

  it('prints a count as toLocaleString does', () => {
    for (const n of centsSample()) expect(countText(n)).toBe(n.toLocaleString('en-US'));
  });

  it('refuses what is not a whole count', () => {
    expect(() => countText(1.5)).toThrow(RangeError);
    expect(() => countText(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatCents and wholeDollarsText', () => {
  it('print what Intl prints for dollars and cents', () => {
    for (const value of centsSample()) expect(formatCents(cents(value))).toBe(USD.format(value / 100));
  });

  it('print what Intl prints for whole dollars, rounding half away from zero', () => {
    for (const value of centsSample()) expect(wholeDollarsText(cents(value))).toBe(WHOLE_USD.format(value / 100));
    // By hand: 1,234.50 → 1,235; -1,234.49 → -1,234; -0.40 keeps its sign.
    expect([123_450, -123_449, -40, 50, -50].map((value) => wholeDollarsText(cents(value)))).toEqual(['$1,235', '-$1,234', '-$0', '$1', '-$1']);
  });

  it('print no sign for zero cents, negative zero included', () => {
    expect([0, -0].map((value) => formatCents(cents(value)))).toEqual(['$0.00', '$0.00']);
    expect([0, -0].map((value) => wholeDollarsText(cents(value)))).toEqual(['$0', '$0']);
  });

  it('stay exact past what a double of dollars holds', () => {
    // 9,007,199,254,740,991¢: as a double of dollars, 90,071,992,547,409.91 is stored as ….90.
    expect(formatCents(cents(Number.MAX_SAFE_INTEGER))).toBe('$90,071,992,547,409.91');
    expect(wholeDollarsText(cents(-Number.MAX_SAFE_INTEGER))).toBe('-$90,071,992,547,410');
  });
});

describe('decimalText', () => {
  for (const [min, max] of [
    [2, 2],
    [0, 4],
    [0, 0],
    [1, 3],
  ] as const) {
    it(`prints what Intl prints with ${min} to ${max} fraction digits`, () => {
      const oracle = decimal(min, max);
      for (const value of doubleSample()) expect(decimalText(value, min, max), String(value)).toBe(oracle.format(value));
    });
  }

  it('rounds the shortest decimal text, half away from zero', () => {
    expect(decimalText(1.005, 2, 2)).toBe('1.01');
    expect(decimalText(-0.005, 2, 2)).toBe('-0.01');
    expect(decimalText(1234.565, 2, 2)).toBe('1,234.57');
    expect(decimalText(18.5, 0, 4)).toBe('18.5');
    expect(decimalText(1e-7, 0, 4)).toBe('0');
  });

  it('prints a number that is not finite as Intl does, rather than failing the screen', () => {
    const oracle = decimal(2, 2);
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(decimalText(value, 2, 2)).toBe(oracle.format(value));
    expect([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY].map((value) => decimalText(value, 0, 4))).toEqual(['NaN', '∞', '-∞']);
  });
});

describe('compactDollarsText', () => {
  it('prints what Intl prints in compact notation', () => {
    for (const value of doubleSample()) expect(compactDollarsText(value), String(value)).toBe(COMPACT.format(value));
  });

  it('takes the unit of the rounded figure', () => {
    // 999,950 = 999.95K → 1,000K → 1M; 99,950 = 99.95K → 100K.
    expect([999_950, 99_950, 999.95, 12_345, -1_250_000, 0, 1000, 999.5].map(compactDollarsText)).toEqual(['$1M', '$100K', '$1K', '$12.3K', '-$1.3M', '$0', '$1K', '$999.5']);
  });

  it('prints a number that is not finite as Intl does', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(compactDollarsText(value)).toBe(COMPACT.format(value));
  });
});

describe('longDateText', () => {
  it('prints every day of four years as Intl prints it', () => {
    const oracle = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    for (let time = Date.UTC(2019, 0, 1); time < Date.UTC(2023, 0, 1); time += 86_400_000) {
      const day = new Date(time);
      expect(longDateText(day.toISOString().slice(0, 10))).toBe(oracle.format(day));
    }
  });

  it('reads only the date a timestamp starts with, and answers null without one', () => {
    expect(longDateText('2020-06-01T23:30:00-05:00')).toBe('June 1, 2020');
    expect(['', 'June 1, 2020', '2020-13-01', '2020-06-00', '2020-6-1'].map(longDateText)).toEqual([null, null, null, null, null]);
  });
});
