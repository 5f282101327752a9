import { describe, expect, it } from 'vitest';
import { looseRecord } from '../../test-support/wire.testing.ts';
import { dueDayOf, expenseSummary, sortByDueDay } from './monthly-expenses.ts';

const expense = (fields: Parameters<typeof looseRecord>[1]) => looseRecord('monthlyExpenses', fields);

describe('monthly expense helpers', () => {
  it('reads the due day as due_day or dueDay', () => {
    expect(dueDayOf(expense({ id: 1, due_day: 7 }))).toBe(7);
    expect(dueDayOf(expense({ id: 1, dueDay: '12' }))).toBe(12);
    expect(dueDayOf(expense({ id: 1 }))).toBeNull();
    expect(dueDayOf(expense({ id: 1, due_day: '' }))).toBeNull();
  });

  it('sorts by due day, missing days last, ties by id', () => {
    const rows = [
      { id: 4, due_day: 15 },
      { id: 1 },
      { id: 3, dueDay: 2 },
      { id: 2, due_day: 15 },
    ].map(expense);
    expect(sortByDueDay(rows).map((row) => row.id)).toEqual([3, 2, 4, 1]);
  });

  it('sums wire dollars as cents', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floats; in cents it is 30.
    expect(expenseSummary([expense({ id: 1, amount: 0.1 }), expense({ id: 2, amount: 0.2 })])).toEqual({ total: 30, average: 15, count: 2 });
  });
});
