import { describe, expect, it } from 'vitest';
import { actualFor, actualIn, actualsBetween, actualsOf, indexActuals } from './actuals.ts';
import { cents } from './money.ts';
import { monthKey } from './months.ts';

describe('indexActuals and actualFor', () => {
  const entries = [
    { id: 1, month: monthKey(2026, 1), value: cents(100) },
    { id: 2, month: monthKey(2026, 1), value: cents(200) },
    { id: 1, month: monthKey(2026, 1), value: cents(300) },
  ];
  const index = indexActuals(entries, (e) => e.id, (e) => e.month, (e) => e.value);

  it('finds the actual of an (entity, month); the later of two entries wins', () => {
    expect(actualFor(index, 1, monthKey(2026, 1))).toBe(300);
    expect(actualFor(index, 2, monthKey(2026, 1))).toBe(200);
  });

  it('answers null for another month or entity', () => {
    expect(actualFor(index, 1, monthKey(2026, 2))).toBeNull();
    expect(actualFor(index, 3, monthKey(2026, 1))).toBeNull();
  });

  it('keeps an actual of 0 (it is a value, not a missing one)', () => {
    const zero = indexActuals([{ month: monthKey(2026, 1) }], () => 5, (e) => e.month, () => cents(0));
    expect(actualFor(zero, 5, monthKey(2026, 1))).toBe(0);
  });
});

describe('actualsOf', () => {
  it('gives one entity\'s actuals by month, empty for an entity without any', () => {
    const index = indexActuals(
      [
        { id: 1, month: monthKey(2026, 1), value: cents(100) },
        { id: 1, month: monthKey(2026, 2), value: cents(200) },
      ],
      (e) => e.id,
      (e) => e.month,
      (e) => e.value,
    );
    expect([...actualsOf(index, 1)]).toEqual([
      ['2026-01', 100],
      ['2026-02', 200],
    ]);
    expect(actualsOf(index, 2).size).toBe(0);
    expect(actualIn(actualsOf(index, 1), monthKey(2026, 2))).toBe(200);
    expect(actualIn(actualsOf(index, 1), monthKey(2026, 3))).toBeNull();
    expect(actualIn(actualsOf(index, 2), monthKey(2026, 1))).toBeNull();
  });
});

describe('actualsBetween', () => {
  it('keeps the months from first through last, inclusive', () => {
    const items = ['2025-12', '2026-01', '2026-06', '2026-07', '2027-01'].map((m) => ({ month: monthKey(Number(m.slice(0, 4)), Number(m.slice(5))) }));
    expect(actualsBetween(items, monthKey(2026, 1), monthKey(2026, 6)).map((i) => i.month)).toEqual(['2026-01', '2026-06']);
  });
});
