/**
 * Which columns the Income Future and Retirement Living tables show, in order, for the screens and
 * the CSV downloads alike. A bracketed column of docs/product.md#screens-and-routes shows only
 * while some row carries its field: plan assumptions put `interest_earned` (and `saved`, the
 * money moved to the surplus account, docs/projection-rules.md#where-the-money-goes) on income
 * rows, and `taxes`, `need`, `cash_withdrawals` and `cash_balance` on retirement rows; a Roth
 * conversion (docs/projection-rules.md#taxes-in-the-projection) puts a non-zero `conversion` there.
 */
import type { IncomeMonth } from '../../engine/types.ts';
import type { RetirementRow } from './month-wire.ts';

export const INCOME_HEADERS = ['Net Income', 'Interest Earned', 'Retirement', 'Housing', 'Expenses', 'Debts', 'Saved', 'End Balance'] as const;
export type IncomeHeader = (typeof INCOME_HEADERS)[number];

/** The income columns after Month: `['Net Income', 'Retirement', …]`, with the optional ones the rows carry. */
export function incomeHeaders(rows: readonly IncomeMonth[]): IncomeHeader[] {
  const carried: Partial<Record<IncomeHeader, boolean>> = {
    'Interest Earned': rows.some((row) => row.interestEarned !== undefined),
    // Only while money moves to a surplus account: without one the column would be zeros.
    Saved: rows.some((row) => (row.saved ?? 0) > 0),
  };
  return INCOME_HEADERS.filter((header) => carried[header] ?? true);
}

export const LIVING_HEADERS = ['Social Security Income', 'Housing', 'Debts', 'Expenses', 'Need', 'Withdrawals', 'Conversion', 'Taxes', 'Interest Earned', 'Cash Used', 'Cash Left', 'Balance'] as const;
export type LivingHeader = (typeof LIVING_HEADERS)[number];

/** The retirement living columns after Month, with the optional ones the rows carry. */
export function livingHeaders(rows: readonly RetirementRow[]): LivingHeader[] {
  const carried: Partial<Record<LivingHeader, boolean>> = {
    Need: rows.some((row) => row.need !== undefined),
    // Only while the plan converts to Roth (bracket mode): without one the column would be zeros.
    Conversion: rows.some((row) => (row.conversion ?? 0) !== 0),
    Taxes: rows.some((row) => row.taxes !== undefined),
    'Cash Used': rows.some((row) => row.cashWithdrawals !== undefined),
    'Cash Left': rows.some((row) => row.cashBalance !== undefined),
  };
  return LIVING_HEADERS.filter((header) => carried[header] ?? true);
}

/** What each optional income figure is, said above the table while it shows. */
export const INCOME_NOTES: Readonly<Partial<Record<IncomeHeader, string>>> = {
  'Interest Earned': 'Interest Earned: what your cash earned that month at the cash rate (a charge when cash is negative and an overdraft rate is set).',
  Saved: 'Saved: the cash the month left over that moved to your surplus account (Invest the surplus, under Plan assumptions); it is no longer in End Balance.',
};

/** What each optional retirement living figure is, said above the table while it shows. */
export const LIVING_NOTES: Readonly<Partial<Record<LivingHeader, string>>> = {
  Need: 'Need: what the month costs after Social Security — housing, debts, spending, one-time expenses and any taxes or overdraft due — which cash and the accounts pay.',
  Conversion:
    'Conversion: each January, what your Roth conversion moved out of traditional accounts (negative) and into Roth accounts; on All Accounts, the amount converted. It is not a withdrawal: it counts as that year’s income, and its tax is paid the next April.',
  'Cash Used': 'Cash Used: what your cash paid of the month’s need.',
  'Cash Left': 'Cash Left: your cash at the end of the month, after its interest.',
};
