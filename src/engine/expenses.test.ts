import { describe, expect, it } from 'vitest';
import { monthlyExpenseTotal, oneTimeExpensesByMonth } from './expenses.ts';
import { cents } from './money.ts';
import { monthKey } from './months.ts';

describe('monthlyExpenseTotal', () => {
  it('sums every monthly expense', () => {
    expect(monthlyExpenseTotal([{ id: 1, amount: cents(120000) }, { id: 2, amount: cents(8050) }])).toBe(128050);
    expect(monthlyExpenseTotal([])).toBe(0);
  });
});

describe('oneTimeExpensesByMonth', () => {
  it('places each expense in its month and sums a month’s expenses', () => {
    const line = oneTimeExpensesByMonth(
      [
        { id: 1, month: monthKey(2026, 3), amount: cents(50000) },
        { id: 2, month: monthKey(2026, 3), amount: cents(1) },
        { id: 3, month: monthKey(2026, 1), amount: cents(700) },
      ],
      monthKey(2026, 1),
      4,
    );
    expect(line).toEqual([700, 0, 50001, 0]);
  });

  it('drops expenses before month 1 or after the last month', () => {
    const line = oneTimeExpensesByMonth(
      [
        { id: 1, month: monthKey(2025, 12), amount: cents(100) },
        { id: 2, month: monthKey(2026, 4), amount: cents(200) },
      ],
      monthKey(2026, 1),
      3,
    );
    expect(line).toEqual([0, 0, 0]);
  });
});
