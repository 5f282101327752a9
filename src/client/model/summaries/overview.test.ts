import { describe, expect, it } from 'vitest';
import { looseRecord } from '../../test-support/wire.testing.ts';
import { overviewSummary } from './overview.ts';

describe('overviewSummary', () => {
  it('counts debts with a balance left as active and sums in cents', () => {
    const debts = [
      { id: 1, remaining_amount: 0.1 },
      { id: 2, remaining_amount: 0.2 },
      { id: 3, remaining_amount: 0 },
    ].map((fields) => looseRecord('debts', fields));
    const expenses = [
      { id: 1, amount: 1200 },
      { id: 2, amount: 45.55 },
    ].map((fields) => looseRecord('monthlyExpenses', fields));
    expect(overviewSummary(debts, expenses)).toEqual({ activeDebts: 2, debtBalance: 30, monthlyExpenses: 124555, expenseCount: 2 });
  });
});
