import { describe, expect, it } from 'vitest';
import { addMonths, localMonth, monthKey, monthsBetween, monthSeries, parseMonthKey } from './months.ts';

describe('month keys', () => {
  it('parse, build and step across years', () => {
    expect(parseMonthKey('2026-13')).toBeNull();
    expect(monthKey(2026, 3)).toBe('2026-03');
    expect(addMonths(monthKey(2026, 11), 3)).toBe('2027-02');
    expect(addMonths(monthKey(2026, 1), -1)).toBe('2025-12');
    expect(monthsBetween(monthKey(2026, 11), monthKey(2027, 2))).toBe(3);
  });
});

describe('localMonth', () => {
  // The Date a screen's clock hands in, on the local calendar (month 0 is January); the engine
  // itself never makes one.
  // eslint-disable-next-line no-restricted-globals -- a test stands in for the clock
  const local = (year: number, monthIndex: number, day: number, hours = 0, minutes = 0) => new Date(year, monthIndex, day, hours, minutes);

  it('is the month on the local calendar, across a year end', () => {
    expect(localMonth(local(2026, 0, 31, 23, 30))).toBe('2026-01');
    expect(localMonth(local(2026, 11, 31, 23, 59))).toBe('2026-12');
    expect(localMonth(local(2027, 0, 1))).toBe('2027-01');
  });
});

describe('monthSeries', () => {
  it('is start, start + 1, … (at least count of them)', () => {
    const start = monthKey(2026, 11);
    expect(monthSeries(start, 3).slice(0, 3)).toEqual(['2026-11', '2026-12', '2027-01']);
    const long = monthSeries(start, 1200);
    expect(long.length).toBeGreaterThanOrEqual(1200);
    for (const index of [0, 1, 13, 599, 1199]) expect(long[index]).toBe(addMonths(start, index));
  });

  it('shares one array per start and grows it on demand', () => {
    const start = monthKey(2031, 5);
    const first = monthSeries(start, 2);
    expect(monthSeries(start, 40)).toBe(first);
    expect(first[39]).toBe('2034-08');
    expect(monthSeries(monthKey(2031, 6), 1)[0]).toBe('2031-06');
  });

  it('refuses months past 9999-12, as addMonths does', () => {
    expect(() => monthSeries(monthKey(9999, 11), 3)).toThrow(RangeError);
  });
});
