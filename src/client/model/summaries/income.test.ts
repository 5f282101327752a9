import { describe, expect, it } from 'vitest';
import { looseRecord } from '../../test-support/wire.testing.ts';
import { consulting, rental, salary, sideGig } from '../../test-support/income-fixtures.testing.ts';
import { incomeSummary, monthlyPay, sortByMonthlyGross } from './income.ts';

describe('monthlyPay', () => {
  it('turns each cycle into its monthly equivalent in cents', () => {
    expect(monthlyPay(sideGig, 'gross_pay')).toBe(476_667);
    expect(monthlyPay(rental, 'gross_pay')).toBe(450_000);
    expect(monthlyPay(salary, 'gross_pay')).toBe(433_333);
    expect(monthlyPay(consulting, 'net_pay')).toBe(340_050);
  });

  it('answers null for a record without a readable cycle or amount', () => {
    expect(monthlyPay(looseRecord('incomes', { ...salary, pay_cycle: 'yearly' }), 'gross_pay')).toBeNull();
    expect(monthlyPay(looseRecord('incomes', { ...salary, gross_pay: null }), 'gross_pay')).toBeNull();
  });
});

describe('sortByMonthlyGross', () => {
  it('puts the largest monthly-equivalent gross first, not the largest pay', () => {
    // By pay per cycle the order would be Rental, Consulting, Salary, Side gig.
    expect(sortByMonthlyGross([salary, rental, sideGig, consulting]).map((i) => i.name)).toEqual(['Side gig', 'Rental', 'Salary', 'Consulting']);
  });

  it('breaks ties by id and puts unreadable records last', () => {
    // 1,000 weekly and 2,000 biweekly are both 4,333.33 a month.
    const weekly = { ...salary, id: 9, name: 'Weekly', pay_cycle: 'weekly' as const, gross_pay: 1000 };
    const broken = looseRecord('incomes', { ...salary, id: 0, name: 'Broken', pay_cycle: '' });
    expect(sortByMonthlyGross([weekly, broken, salary]).map((i) => i.name)).toEqual(['Salary', 'Weekly', 'Broken']);
  });

  it('does not reorder its input', () => {
    const input = [salary, sideGig];
    sortByMonthlyGross(input);
    expect(input.map((i) => i.name)).toEqual(['Salary', 'Side gig']);
  });
});

describe('incomeSummary', () => {
  it('sums monthly equivalents in cents; deductions are gross less net', () => {
    // Gross 4,766.67 + 4,500.00 + 4,333.33 + 4,201.00 = 17,801.00
    // Net   3,900.00 + 4,000.00 + 3,250.00 + 3,400.50 = 14,550.50; deductions 3,250.50
    expect(incomeSummary([salary, rental, sideGig, consulting])).toEqual({ totalGross: 1_780_100, totalNet: 1_455_050, totalDeductions: 325_050 });
  });

  it('is zero with no incomes', () => {
    expect(incomeSummary([])).toEqual({ totalGross: 0, totalNet: 0, totalDeductions: 0 });
  });
});
