/**
 * The truth of today on the dashboard (docs/projection-rules.md#actuals-and-check-ins): for a
 * subscriber, each debt's and retirement account's balance in the current month as the mirrored
 * month tables show it — the user's actual when there is one, else the projection — with edits
 * still queued laid over their rows, so a check-in made offline shows at once. Without the tables
 * (not fetched yet, the fetch failed, or not a subscriber) a screen shows what it always did: the
 * record's own amount.
 *
 * The tables are read in their stored (nominal) dollars: this month's figure is the one a
 * statement shows, and the dashboard has no today's-dollars switch.
 */
import { useMemo } from 'react';
import type { Cents } from '../../engine/money.ts';
import type { MonthKey } from '../../engine/months.ts';
import type { ContributionMonth, IncomeMonth } from '../../engine/types.ts';
import type { MonthsName } from '../../shared/resources.ts';
import { useMonths, useSession } from '../data/bindings/hooks.ts';
import { useToday } from '../ui/MonthRange.tsx';
import { usePendingMonthEdits } from './use-months-table.ts';
import {
  contributionMonthsFromWire,
  debtMonthsFromWire,
  incomeMonthsFromWire,
  retirementMonthsFromWire,
  type AccountTable,
  type DebtTable,
  type PendingMonthEdits,
  type RetirementRow,
  type WithId,
} from './month-wire.ts';

/** A balance read from a month table. */
export interface MonthBalance {
  readonly amount: Cents;
  /**
   * 'actual': the user gave it for `month`; 'projected': the plan's figure for `month`;
   * 'paid-off': the debt's rows stopped at 0 in `month`, before the current one.
   */
  readonly source: 'actual' | 'projected' | 'paid-off';
  readonly month: MonthKey;
}

/** The balances the tables give for the current month, by record id. */
export interface TodayBalances {
  readonly month: MonthKey;
  /** Records with no entry have no row for the month (e.g. added since the tables were made). */
  readonly byId: ReadonlyMap<number, MonthBalance>;
}

/**
 * Each debt's balance in `month`: the row's shown end balance (the actual when given). A debt whose
 * rows stop before `month` at 0 was paid off then (its rows run to the payoff month). A debt with
 * no row for `month` otherwise has no entry.
 */
export function debtBalancesIn(table: DebtTable, month: MonthKey): Map<number, MonthBalance> {
  const out = new Map<number, MonthBalance>();
  for (const debt of table.debts) {
    const row = debt.months.find((r) => r.month === month);
    if (row) {
      out.set(debt.id, { amount: row.displayEndBalance, source: row.inputRemainingBalance !== null ? 'actual' : 'projected', month });
      continue;
    }
    const last = debt.months.at(-1);
    if (last && last.month < month && last.displayEndBalance === 0) out.set(debt.id, { amount: last.displayEndBalance, source: 'paid-off', month: last.month });
  }
  return out;
}

/** The row of `month` of an account in the contribution table, else in the retirement table (from retirement on). */
function accountRow(id: number, month: MonthKey, contribution: AccountTable<ContributionMonth> | null, retirement: AccountTable<RetirementRow> | null) {
  const saving = contribution?.accounts.find((a) => a.id === id)?.months.find((r) => r.month === month);
  if (saving) return { amount: saving.displayBalance, actual: saving.inputEndBalance !== null };
  const living = retirement?.accounts.find((a) => a.id === id)?.months.find((r) => r.month === month);
  return living ? { amount: living.displayBalance, actual: living.inputBalance !== null } : null;
}

const accountIds = (contribution: AccountTable<ContributionMonth> | null, retirement: AccountTable<RetirementRow> | null) =>
  new Set([...(contribution?.accounts ?? []), ...(retirement?.accounts ?? [])].map((a) => a.id));

/**
 * Each retirement account's balance in `month`. The account's actual is one value shown by both
 * tables (docs/projection-rules.md#actuals-and-check-ins); the contribution table holds the months
 * before retirement and is there without a retirement plan, the retirement table holds the months
 * from retirement on.
 */
export function accountBalancesIn(contribution: AccountTable<ContributionMonth> | null, retirement: AccountTable<RetirementRow> | null, month: MonthKey): Map<number, MonthBalance> {
  const out = new Map<number, MonthBalance>();
  for (const id of accountIds(contribution, retirement)) {
    const row = accountRow(id, month, contribution, retirement);
    if (row) out.set(id, { amount: row.amount, source: row.actual ? 'actual' : 'projected', month });
  }
  return out;
}

export interface CheckInTables {
  readonly income: readonly WithId<IncomeMonth>[] | null;
  readonly debts: DebtTable | null;
  readonly contribution: AccountTable<ContributionMonth> | null;
  readonly retirement: AccountTable<RetirementRow> | null;
}

/**
 * Whether the user has checked in for `month`: every balance a check-in writes — cash (the income
 * row), each debt's and each account's row of the month — has an actual, and there is at least
 * one. Null while the income or debt table is not in the mirror: nothing can be said.
 */
export function checkedInFor(tables: CheckInTables, month: MonthKey): boolean | null {
  if (tables.income === null || tables.debts === null) return null;
  const actuals: boolean[] = [];
  const cash = tables.income.find((r) => r.month === month);
  if (cash) actuals.push(cash.inputEndBalance !== null);
  for (const debt of tables.debts.debts) {
    const row = debt.months.find((r) => r.month === month);
    if (row) actuals.push(row.inputRemainingBalance !== null);
  }
  for (const id of accountIds(tables.contribution, tables.retirement)) {
    const row = accountRow(id, month, tables.contribution, tables.retirement);
    if (row) actuals.push(row.actual);
  }
  return actuals.length > 0 && actuals.every(Boolean);
}

/** A month table as the engine's rows with pending edits laid over; null when not a subscriber or not in the mirror. */
function useTable<T>(name: MonthsName, read: (body: unknown, pending: PendingMonthEdits) => T | null, subscribed: boolean): T | null {
  const { body } = useMonths(name);
  const pending = usePendingMonthEdits(name);
  return useMemo(() => (subscribed ? read(body, pending) : null), [subscribed, read, body, pending]);
}

/** The debts' balances this month; null for a non-subscriber or before the debt table is in the mirror. */
export function useDebtBalances(): TodayBalances | null {
  const { subscribed } = useSession();
  const today = useToday();
  const debts = useTable('debtMonths', debtMonthsFromWire, subscribed);
  return useMemo(() => (debts ? { month: today, byId: debtBalancesIn(debts, today) } : null), [debts, today]);
}

/** The retirement accounts' balances this month; null for a non-subscriber or before either account table is in the mirror. */
export function useAccountBalances(): TodayBalances | null {
  const { subscribed } = useSession();
  const today = useToday();
  const contribution = useTable('contributionMonths', contributionMonthsFromWire, subscribed);
  const retirement = useTable('retirementMonths', retirementMonthsFromWire, subscribed);
  return useMemo(() => (contribution || retirement ? { month: today, byId: accountBalancesIn(contribution, retirement, today) } : null), [contribution, retirement, today]);
}

/** What the dashboard Overview needs: the debts' balances and whether this month is checked in. */
export function useOverviewBalances(): { debts: TodayBalances | null; checkedIn: boolean | null; month: MonthKey } {
  const { subscribed } = useSession();
  const today = useToday();
  const income = useTable('incomeMonths', incomeMonthsFromWire, subscribed);
  const debts = useTable('debtMonths', debtMonthsFromWire, subscribed);
  const contribution = useTable('contributionMonths', contributionMonthsFromWire, subscribed);
  const retirement = useTable('retirementMonths', retirementMonthsFromWire, subscribed);
  return useMemo(
    () => ({
      month: today,
      debts: debts ? { month: today, byId: debtBalancesIn(debts, today) } : null,
      checkedIn: checkedInFor({ income, debts, contribution, retirement }, today),
    }),
    [income, debts, contribution, retirement, today],
  );
}
