import { describe, expect, it } from 'vitest';
import { monthlyExpenseLine, monthlyExpenseTotal, oneTimeExpensesByMonth, otherSpendingLine, spendingLine } from './expenses.ts';
import { cents } from './money.ts';
import { monthKey, monthSeries } from './months.ts';

describe('monthlyExpenseTotal', () => {
  it('sums every monthly expense', () => {
    expect(monthlyExpenseTotal([{ id: 1, amount: cents(120000) }, { id: 2, amount: cents(8050) }])).toBe(128050);
    expect(monthlyExpenseTotal([])).toBe(0);
  });
});

describe('monthlyExpenseLine with a plan start day', () => {
  it('leaves out of month 1 the expenses due before the start day, and only month 1', () => {
    // 1 000.00 due the 1st, 50.00 due the 20th, 7.25 with no due day; start on the 15th.
    const expenses = [
      { id: 1, amount: cents(100000), dueDay: 1 },
      { id: 2, amount: cents(5000), dueDay: 20 },
      { id: 3, amount: cents(725) },
    ];
    expect(monthlyExpenseLine(expenses, monthKey(2026, 1), 3, 0, 15)).toEqual([5725, 105725, 105725]);
    // Due on the start day itself: still to pay.
    expect(monthlyExpenseLine(expenses, monthKey(2026, 1), 2, 0, 20)).toEqual([5725, 105725]);
    // With inflation at 10 % and an end month, month 13 grows as before: 110 000 + 5 500 + 797.5 → 798.
    const line = monthlyExpenseLine([...expenses.slice(0, 2), { id: 3, amount: cents(725), endMonth: monthKey(2026, 2) }], monthKey(2026, 1), 13, 10, 15);
    expect([line[0], line[1], line[2], line[12]]).toEqual([5725, 105725, 105000, 115500]);
    // Once a longer series of the same start is known (monthSeries shares it), month 1 still comes alone.
    monthSeries(monthKey(2026, 1), 30);
    expect(monthlyExpenseLine(expenses, monthKey(2026, 1), 3, 10, 15)).toEqual([5725, 105725, 105725]);
    // Start day 1 (the default): nothing left out.
    expect(monthlyExpenseLine(expenses, monthKey(2026, 1), 1)).toEqual([105725]);
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

describe('otherSpendingLine', () => {
  it('grows other spending by inflation once a plan year, rounded half up', () => {
    const line = otherSpendingLine(cents(40_000), 25, 3);
    // 400.00; × 1.03 = 412.00; × 1.0609 = 424.36.
    expect([line[0], line[11], line[12], line[24]]).toEqual([40_000, 40_000, 41_200, 42_436]);
    expect(otherSpendingLine(cents(0), 3, 3)).toEqual([0, 0, 0]);
  });
});

describe('spendingLine', () => {
  it('adds other spending in working months and puts the retirement budget in living months', () => {
    const expenses = [cents(120_000), cents(120_000), cents(123_600)];
    const other = [cents(30_000), cents(30_000), cents(30_900)];
    // Two working months; month 3 lives on 2 000.00 at 3 %: plan year 0, so 200 000.
    expect(spendingLine(expenses, other, 2, cents(200_000), 3)).toEqual([150_000, 150_000, 200_000]);
    // Without a budget the living month keeps its own lines: 123 600 + 30 900.
    expect(spendingLine(expenses, other, 2, null, 3)).toEqual([150_000, 150_000, 154_500]);
  });
});
