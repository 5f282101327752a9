/**
 * A subscriber's month tables for the dashboard tests, in their wire form (dollars, snake_case,
 * the server's row ids). "Today" is 2026-11; figures are chosen so each test can add them by hand.
 */
import { contributionRow, debtRow, incomeRow } from '../../test-support/month-fixtures.testing.ts';

/** 2026-11-15 12:00 local time. */
export const NOV_15 = new Date(2026, 10, 15, 12, 0, 0);

export const DEBTS = '/api/v1/debts';
export const ACCOUNTS = '/api/v1/retirement_accounts';

export const debtRecord = (id: number, name: string, remaining: number, dueDay: number) => ({
  id,
  name,
  creditor: 'Bank',
  original_amount: 20000,
  remaining_amount: remaining,
  apr: 12,
  monthly_payment: 150,
  original_term: 60,
  due_day: dueDay,
});

const debtEntity = (id: number, name: string, rows: object[]) => ({ id, name, apr: 12, monthly_payment: 150, payoff_month: null, truncated: false, debt_months: rows });

/** Visa (id 1) entered at 3,200.55; its 2026-11 row holds the user's actual 2,950.25 (projected 3,000.00). */
export const VISA = debtRecord(1, 'Visa', 3200.55, 20);
export const VISA_OCTOBER = debtRow(1, '2026-10', { remaining_amount: 3100, display_end_balance: 3100 });
export const VISA_NOVEMBER = debtRow(1, '2026-11', { remaining_amount: 3000, display_end_balance: 2950.25, input_remaining_balance: 2950.25 });
export const VISA_ENTITY = debtEntity(1, 'Visa', [VISA_OCTOBER, VISA_NOVEMBER]);

/** Car (id 2) entered at 12,000.10; projected 11,800.40 in 2026-11. */
export const CAR = debtRecord(2, 'Car', 12000.1, 3);
export const CAR_ENTITY = debtEntity(2, 'Car', [debtRow(2, '2026-11', { remaining_amount: 11800.4, display_end_balance: 11800.4 })]);

/** Loan (id 3) entered at 1,000.00; its rows stop at 0 in 2026-06. */
export const LOAN = debtRecord(3, 'Loan', 1000, 10);
export const LOAN_ENTITY = debtEntity(3, 'Loan', [debtRow(3, '2026-05', { remaining_amount: 150, display_end_balance: 150 }), debtRow(3, '2026-06', { remaining_amount: 0, display_end_balance: 0 })]);

/** Store (id 4) entered at 400.00, added since the tables were made: no rows. */
export const STORE = debtRecord(4, 'Store', 400, 25);

export const debtBody = (...entities: object[]) => ({ debts: entities, total: [] });

/** The cash row of 2026-11: projected 1,465.44, or the user's actual. */
export const incomeBody = (actual: number | null) => ({ income_months: [incomeRow(0, '2026-11', { net_income: 5000, end_balance: 1465.44, input_end_balance: actual })] });

/** A 401k (id 5) worth 12,345.67 by the user's actual in 2026-11, or projected 12,000.00. */
export const contributionBody = (actual: number | null) => ({
  retirement_accounts: [{ id: 5, name: '401k', contribution_months: [contributionRow(5, '2026-11', { balance: 12000, display_balance: actual ?? 12000, input_end_balance: actual })] }],
  total: [],
});
