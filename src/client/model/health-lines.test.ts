import { describe, expect, it } from 'vitest';
import type { FinancialHealth } from '../../engine/health.ts';
import type { Cents } from '../../engine/money.ts';
import type { MonthKey } from '../../engine/months.ts';
import { basisPointsText, healthLines, tenthsText } from './health-lines.ts';

const m = (text: string) => text as MonthKey;
const c = (n: number) => n as Cents;

const HEALTH: FinancialHealth = {
  today: m('2026-11'),
  debtFree: { status: 'debt-free', month: m('2029-09'), why: 'All debts paid off in 2029-09 under your plan.' },
  cashCover: { tenths: 33, cash: c(1_000_000), outgoings: c(300_000), why: 'cash why' },
  savingsRate: { basisPoints: 4286, savings: c(1), contributions: c(1), leftover: c(1), netIncome: c(1), income: c(1), why: 'saving why' },
  moneyLasts: { lasts: true, runsOut: null, age: 92, through: m('2077-12'), why: 'lasts why' },
};

const texts = (health: FinancialHealth) => healthLines(health).map((line) => line.text);

describe('tenthsText and basisPointsText', () => {
  it('place the point in the digits', () => {
    expect([33, 0, 5, 10, 1234].map(tenthsText)).toEqual(['3.3', '0.0', '0.5', '1.0', '123.4']);
    expect([4286, 1200, 5, 0, 10_000, 123_456].map(basisPointsText)).toEqual(['42.86%', '12.00%', '0.05%', '0.00%', '100.00%', '1234.56%']);
    expect(tenthsText(-15)).toBe('-1.5');
  });
});

describe('healthLines', () => {
  it("words the engine's four figures, each with its why", () => {
    expect(healthLines(HEALTH)).toEqual([
      { key: 'debtFree', text: 'Debt-free: 2029-09', why: 'All debts paid off in 2029-09 under your plan.' },
      { key: 'cashCover', text: 'Cash covers 3.3 months', why: 'cash why' },
      { key: 'savingsRate', text: 'Saving 42.86% of income', why: 'saving why' },
      { key: 'moneyLasts', text: 'Money lasts to age 92', why: 'lasts why' },
    ]);
  });

  it('says when the money runs short, and manages without a birth year', () => {
    expect(texts({ ...HEALTH, moneyLasts: { lasts: false, runsOut: m('2051-03'), age: 66, through: m('2060-12'), why: '' } })[3]).toBe('Money runs short in 2051-03, age 66');
    expect(texts({ ...HEALTH, moneyLasts: { lasts: false, runsOut: m('2051-03'), age: null, through: m('2060-12'), why: '' } })[3]).toBe('Money runs short in 2051-03');
    expect(texts({ ...HEALTH, moneyLasts: { lasts: true, runsOut: null, age: null, through: m('2060-12'), why: '' } })[3]).toBe('Money lasts through 2060-12');
    expect(texts({ ...HEALTH, moneyLasts: { lasts: null, runsOut: null, age: null, through: null, why: '' } })[3]).toBe('Money lasts: no retirement plan yet');
  });

  it('words the other debt states and the figures the engine could not work out', () => {
    const debtFree = (figure: FinancialHealth['debtFree']) => texts({ ...HEALTH, debtFree: figure })[0];
    expect(debtFree({ status: 'debt-free', month: m('2026-06'), why: '' })).toBe('Debt-free since 2026-06');
    expect(debtFree({ status: 'debt-free', month: m('2026-11'), why: '' })).toBe('Debt-free: 2026-11');
    expect(debtFree({ status: 'no-debts', month: null, why: '' })).toBe('Debt-free: no debts');
    expect(debtFree({ status: 'never', month: null, why: '' })).toBe('Debt-free: not on this plan');
    const unknown = texts({
      ...HEALTH,
      cashCover: { tenths: null, cash: null, outgoings: null, why: '' },
      savingsRate: { basisPoints: null, savings: null, contributions: null, leftover: null, netIncome: null, income: null, why: '' },
    });
    expect(unknown.slice(1, 3)).toEqual(['Cash cover: not known', 'Savings rate: not known']);
  });
});
