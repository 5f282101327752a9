/**
 * What a balance on the dashboard is, in words short enough for a phone: a debt's or account's
 * balance this month from the month tables (current-balances.ts) or, without a row, the amount on
 * the record; and what a total of them is made of. Sums are in integer cents (engine sumCents).
 */
import { sumCents, ZERO, type Cents } from '../../engine/money.ts';
import { wireCents } from '../ui/money.ts';
import type { MonthBalance, TodayBalances } from './current-balances.ts';

/** A balance as shown: from the month tables (`balance`), else the record's own amount. */
export interface ShownBalance {
  /** Null when neither the tables nor the record have a readable amount. */
  readonly amount: Cents | null;
  readonly balance: MonthBalance | null;
}

/** The balance of record `id` this month, else `recordAmount` (dollars on the wire). */
export function shownBalance(id: number, recordAmount: unknown, balances: TodayBalances | null): ShownBalance {
  const balance = balances?.byId.get(id) ?? null;
  return { amount: balance ? balance.amount : wireCents(recordAmount), balance };
}

/** 'actual as of 2026-11', 'projected for 2026-11', 'paid off in 2026-06'. */
export function balanceNote(balance: MonthBalance): string {
  switch (balance.source) {
    case 'actual':
      return `actual as of ${balance.month}`;
    case 'projected':
      return `projected for ${balance.month}`;
    case 'paid-off':
      return `paid off in ${balance.month}`;
  }
}

/**
 * The line under one balance: what it is, or `recordWord` ('as entered', 'starting balance') for
 * a record the tables have no row for. No line while the tables are not there: the screen is
 * then as it always was.
 */
export function rowNote(shown: ShownBalance, balances: TodayBalances | null, recordWord: string): string | null {
  if (balances === null) return null;
  return shown.balance ? balanceNote(shown.balance) : recordWord;
}

/** The sum of the balances shown, in cents (an unreadable one counts as none). */
export function shownTotal(shown: readonly ShownBalance[]): Cents {
  return sumCents(shown.map((s) => s.amount ?? ZERO));
}

/**
 * The line under a total of balances of `month`:
 *   all actual                → 'actual as of 2026-11'
 *   all projected             → 'projected for 2026-11'
 *   some of each              → 'actual + projected, 2026-11'
 *   nothing owed this month   → 'as of 2026-11'   (every debt paid off)
 * Balances that come from the records (no row for the month) are counted after it:
 * 'projected for 2026-11; 1 as entered'. Paid-off debts add 0 and say nothing of the month.
 * Null while the tables are not there, or when every balance is a record's.
 */
export function totalNote(shown: readonly ShownBalance[], balances: TodayBalances | null, recordWord: string): string | null {
  if (balances === null) return null;
  const fromRecords = shown.filter((s) => s.balance === null).length;
  if (fromRecords === shown.length) return null;
  const sources = new Set(shown.flatMap((s) => (s.balance && s.balance.source !== 'paid-off' ? [s.balance.source] : [])));
  const { month } = balances;
  const base = sources.size === 2 ? `actual + projected, ${month}` : sources.has('actual') ? `actual as of ${month}` : sources.has('projected') ? `projected for ${month}` : `as of ${month}`;
  return fromRecords === 0 ? base : `${base}; ${fromRecords} ${recordWord}`;
}

