import { describe, expect, it } from 'vitest';
import { monthKey } from '../../../engine/months.ts';
import { looseRecord } from '../../test-support/wire.testing.ts';
import { monthFields, splitByMonth } from './other-expenses.ts';

describe('splitByMonth', () => {
  const rows = [
    { id: 1, month: '2026-03' },
    { id: 2, month: '2026-02' },
    { id: 3, month: '2027-01' },
    { id: 4, month: '2025-12' },
    { id: 5, month: '2026-03' },
  ].map((fields) => looseRecord('otherExpenses', fields));

  it('keeps this month and later in current (ascending) and earlier months in past (descending)', () => {
    const split = splitByMonth(rows, monthKey(2026, 3));
    expect(split.current.map((row) => row.id)).toEqual([1, 5, 3]);
    expect(split.past.map((row) => row.id)).toEqual([2, 4]);
  });

  it('moves a month to past only once the current month is later', () => {
    expect(splitByMonth(rows, monthKey(2026, 2)).past.map((row) => row.id)).toEqual([4]);
    expect(splitByMonth(rows, monthKey(2027, 2)).current).toEqual([]);
  });
});

describe('monthFields', () => {
  it('splits a stored month into the form inputs', () => {
    expect(monthFields('2026-03')).toEqual({ year: '2026', month: '3' });
    expect(monthFields('2026-12')).toEqual({ year: '2026', month: '12' });
    expect(monthFields(null)).toEqual({ year: '', month: '' });
  });
});
