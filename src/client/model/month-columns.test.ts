import { describe, expect, it } from 'vitest';
import { cents } from '../../engine/money.ts';
import { monthKey } from '../../engine/months.ts';
import { livingHeaders } from './month-columns.ts';
import type { RetirementRow } from './month-wire.ts';

const row = (extra: Partial<RetirementRow>): RetirementRow => ({
  month: monthKey(2048, 1),
  balance: cents(0),
  displayBalance: cents(0),
  inputBalance: null,
  contributions: cents(0),
  totalContributions: cents(0),
  withdrawals: cents(0),
  interestEarned: cents(0),
  socialSecurityIncome: cents(0),
  housing: cents(0),
  debts: cents(0),
  monthlyExpenses: cents(0),
  otherExpenses: cents(0),
  ...extra,
});

describe('livingHeaders', () => {
  it('shows Conversion after Withdrawals only while some row converts', () => {
    const converting = [row({ taxes: cents(0), conversion: cents(0) }), row({ taxes: cents(0), conversion: cents(-1_000_000) })];
    expect(livingHeaders(converting)).toEqual(['Social Security Income', 'Housing', 'Debts', 'Expenses', 'Withdrawals', 'Conversion', 'Taxes', 'Interest Earned', 'Balance']);
    // Bracket mode without a conversion: every row carries 0, and the column would be zeros.
    expect(livingHeaders([row({ taxes: cents(0), conversion: cents(0) })])).not.toContain('Conversion');
  });
});
