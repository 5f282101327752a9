import { describe, expect, it } from 'vitest';
import { cents } from '../../engine/money.ts';
import { DEBT_MONTH_TOO_HIGH, validateContributionMonth, validateDebtMonth, validateIncomeMonth, validateRetirementMonth } from './months.ts';

// A debt of 24 % APR paying $100: interest on $5,000 is exactly $100.
const debt = { apr: 24, monthlyPayment: cents(10_000) };

describe('debt month edits', () => {
  it('requires the remaining balance', () => {
    for (const missing of [undefined, null, '']) {
      expect(validateDebtMonth({ input_remaining_balance: missing }, debt)).toEqual({ ok: false, errors: { input_remaining_balance: ['Remaining balance is required'] } });
    }
  });

  it('refuses text, negatives and wrong types as not a valid positive amount', () => {
    for (const bad of ['abc', -1, '-0.01', {}, [], true]) {
      expect(validateDebtMonth({ input_remaining_balance: bad }, debt)).toEqual({ ok: false, errors: { input_remaining_balance: ['Please enter a valid positive amount'] } });
    }
  });

  it('accepts a balance whose interest the payment covers exactly, and refuses a cent more', () => {
    expect(validateDebtMonth({ input_remaining_balance: 5000 }, debt)).toEqual({ ok: true, value: { input_remaining_balance: 500_000 } });
    expect(validateDebtMonth({ input_remaining_balance: '5000.01' }, debt)).toEqual({ ok: false, errors: { input_remaining_balance: [DEBT_MONTH_TOO_HIGH] } });
  });

  it('accepts zero, and any balance on a debt without interest', () => {
    expect(validateDebtMonth({ input_remaining_balance: 0 }, debt)).toEqual({ ok: true, value: { input_remaining_balance: 0 } });
    expect(validateDebtMonth({ input_remaining_balance: 1_000_000 }, { apr: 0, monthlyPayment: cents(1) })).toEqual({ ok: true, value: { input_remaining_balance: 100_000_000 } });
  });
});

describe('income month edits', () => {
  it('requires the actual end balance', () => {
    expect(validateIncomeMonth({})).toEqual({ ok: false, errors: { input_end_balance: ['Actual End Balance is required'] } });
  });

  it('allows negatives and refuses what is not a number', () => {
    expect(validateIncomeMonth({ input_end_balance: -1234.56 })).toEqual({ ok: true, value: { input_end_balance: -123_456 } });
    expect(validateIncomeMonth({ input_end_balance: 'twelve' })).toEqual({ ok: false, errors: { input_end_balance: ['Please enter a valid amount'] } });
  });
});

describe('contribution month edits', () => {
  it('requires a non-negative amount', () => {
    expect(validateContributionMonth({ input_end_balance: '' })).toEqual({ ok: false, errors: { input_end_balance: ['Actual End Balance is required'] } });
    expect(validateContributionMonth({ input_end_balance: -5 })).toEqual({ ok: false, errors: { input_end_balance: ['Please enter a valid amount'] } });
    expect(validateContributionMonth({ input_end_balance: '25,000.10' })).toEqual({ ok: true, value: { input_end_balance: 2_500_010 } });
  });
});

describe('retirement month edits', () => {
  it('requires a non-negative balance', () => {
    expect(validateRetirementMonth({})).toEqual({ ok: false, errors: { balance: ['Balance is required'] } });
    expect(validateRetirementMonth({ balance: -0.01 })).toEqual({ ok: false, errors: { balance: ['Please enter a valid amount'] } });
    expect(validateRetirementMonth({ balance: 0 })).toEqual({ ok: true, value: { balance: 0 } });
  });
});
