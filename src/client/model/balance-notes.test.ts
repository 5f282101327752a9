import { describe, expect, it } from 'vitest';
import type { Cents } from '../../engine/money.ts';
import type { MonthKey } from '../../engine/months.ts';
import { balanceNote, rowNote, shownBalance, shownTotal, totalNote, type ShownBalance } from './balance-notes.ts';
import type { MonthBalance, TodayBalances } from './current-balances.ts';

const NOV = '2026-11' as MonthKey;
const at = (amount: number, source: MonthBalance['source'], month = NOV): MonthBalance => ({ amount: amount as Cents, source, month });
const balances = (entries: [number, MonthBalance][]): TodayBalances => ({ month: NOV, byId: new Map(entries) });

describe('shownBalance', () => {
  it("takes the table's balance, else the record's amount read in cents", () => {
    const today = balances([[1, at(295025, 'actual')]]);
    expect(shownBalance(1, 3200.55, today)).toEqual({ amount: 295025, balance: at(295025, 'actual') });
    expect(shownBalance(2, 3200.55, today)).toEqual({ amount: 320055, balance: null });
    expect(shownBalance(2, 3200.55, null)).toEqual({ amount: 320055, balance: null });
    expect(shownBalance(2, undefined, null)).toEqual({ amount: null, balance: null });
  });
});

describe('notes', () => {
  it('say what one balance is', () => {
    expect(balanceNote(at(1, 'actual'))).toBe('actual as of 2026-11');
    expect(balanceNote(at(1, 'projected'))).toBe('projected for 2026-11');
    expect(balanceNote(at(0, 'paid-off', '2026-06' as MonthKey))).toBe('paid off in 2026-06');
    const today = balances([]);
    expect(rowNote({ amount: 5 as Cents, balance: null }, today, 'as entered')).toBe('as entered');
    expect(rowNote({ amount: 5 as Cents, balance: null }, null, 'as entered')).toBeNull();
  });

  it('say what a total is made of, and nothing without the tables', () => {
    const actual: ShownBalance = { amount: 100 as Cents, balance: at(100, 'actual') };
    const projected: ShownBalance = { amount: 200 as Cents, balance: at(200, 'projected') };
    const paidOff: ShownBalance = { amount: 0 as Cents, balance: at(0, 'paid-off', '2026-06' as MonthKey) };
    const record: ShownBalance = { amount: 300 as Cents, balance: null };
    const today = balances([]);
    expect(totalNote([actual, paidOff], today, 'as entered')).toBe('actual as of 2026-11');
    expect(totalNote([projected], today, 'as entered')).toBe('projected for 2026-11');
    expect(totalNote([actual, projected], today, 'as entered')).toBe('actual + projected, 2026-11');
    expect(totalNote([paidOff], today, 'as entered')).toBe('as of 2026-11');
    expect(totalNote([projected, record, record], today, 'as entered')).toBe('projected for 2026-11; 2 as entered');
    expect(totalNote([record], today, 'as entered')).toBeNull();
    expect(totalNote([], today, 'as entered')).toBeNull();
    expect(totalNote([actual], null, 'as entered')).toBeNull();
  });

  it('sums in cents, an unreadable amount counting none', () => {
    expect(shownTotal([{ amount: 10 as Cents, balance: null }, { amount: null, balance: null }, { amount: 295025 as Cents, balance: null }])).toBe(295035);
  });
});
