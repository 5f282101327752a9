/**
 * The Retirement Accounts tab's labels, order and cards (docs/product.md#screens-and-routes,
 * #constants-and-limits). Contributions are monthly equivalents computed by the engine in integer
 * cents (weekly × 52/12, biweekly × 26/12, semimonthly × 2, monthly × 1, each rounded half up
 * once); the cards sum those cents.
 */
import { monthlyContribution, type MonthlyContribution } from '../../../engine/contributions.ts';
import { CYCLES, type Cycle } from '../../../engine/cycles.ts';
import { cents, ZERO, type Cents } from '../../../engine/money.ts';
import type { WireRecordOf } from '../../../shared/resources.ts';
import type { AccountType, PayCycle } from '../../../shared/records.ts';
import { wireCents } from '../../ui/money.ts';
import { shownBalance, shownTotal, totalNote } from '../balance-notes.ts';
import type { TodayBalances } from '../current-balances.ts';

type Account = WireRecordOf<'retirementAccounts'>;

export const ACCOUNT_TYPE_LABELS: Readonly<Record<AccountType, string>> = {
  traditional_401k: 'Traditional 401(k)',
  roth_401k: 'Roth 401(k)',
  traditional_ira: 'Traditional IRA',
  roth_ira: 'Roth IRA',
  taxable: 'Taxable (brokerage)',
};

export const CYCLE_LABELS: Readonly<Record<PayCycle, string>> = {
  weekly: 'Weekly',
  biweekly: 'Biweekly',
  semimonthly: 'Semimonthly',
  monthly: 'Monthly',
};

const isCycle = (value: unknown): value is Cycle => CYCLES.some((cycle) => cycle === value);

/** A label for a stored enum value; an unknown value is shown as it came. */
export function labelOf<K extends string>(labels: Readonly<Record<K, string>>, value: unknown): string {
  if (typeof value !== 'string' || value === '') return '—';
  return (labels as Record<string, string>)[value] ?? value;
}

/** The date part of a date that may arrive as an ISO timestamp (docs/product.md#entities). */
export function datePart(value: unknown): string {
  return typeof value === 'string' && value !== '' ? value.slice(0, 10) : '—';
}

/**
 * The account's employee and employer contributions per month. A cycle the app does not know is
 * read as monthly, so its amount still counts once rather than vanishing from the totals.
 */
export function accountMonthly(account: Account): MonthlyContribution {
  const cycle = isCycle(account.contribution_cycle) ? account.contribution_cycle : 'monthly';
  return monthlyContribution({
    id: account.id,
    name: account.name,
    contributionAmount: wireCents(account.contribution_amount) ?? ZERO,
    employerContributionAmount: wireCents(account.employer_contribution_amount) ?? ZERO,
    startingBalance: wireCents(account.starting_balance) ?? ZERO,
    expectedReturnRate: account.expected_return_rate,
    contributionCycle: cycle,
    nextDepositDate: account.next_deposit_date,
  });
}

const combined = (monthly: MonthlyContribution): Cents => cents(monthly.employee + monthly.employer);

/** Combined (employee + employer) monthly contribution, largest first; ties by id. */
export function sortByContribution(accounts: readonly Account[]): Account[] {
  const keyed = accounts.map((account) => ({ account, monthly: combined(accountMonthly(account)) }));
  keyed.sort((a, b) => b.monthly - a.monthly || a.account.id - b.account.id);
  return keyed.map(({ account }) => account);
}

export interface RetirementSummary {
  /** The employee's contributions, per month. */
  contributions: Cents;
  /** The employer's contributions, per month. */
  employer: Cents;
  /** Contributions plus employer contributions, as monthly equivalents. */
  total: Cents;
}

export function retirementSummary(accounts: readonly Account[]): RetirementSummary {
  let contributions = 0;
  let employer = 0;
  for (const account of accounts) {
    const monthly = accountMonthly(account);
    contributions += monthly.employee;
    employer += monthly.employer;
  }
  return { contributions: cents(contributions), employer: cents(employer), total: cents(contributions + employer) };
}

/**
 * The accounts' balances this month (docs/projection-rules.md#actuals-and-check-ins): each
 * account's from the month tables, or its starting balance when they have no row for it; the note
 * says what the total is made of.
 */
export function balanceSummary(accounts: readonly Account[], balances: TodayBalances): { total: Cents; note: string | null } {
  const shown = accounts.map((account) => shownBalance(account.id, account.starting_balance, balances));
  return { total: shownTotal(shown), note: totalNote(shown, balances, 'at starting balance') };
}
