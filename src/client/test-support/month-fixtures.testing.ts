/**
 * Month tables for the analytics screen tests, in their wire form (dollars, snake_case, the
 * server's row ids), with figures chosen so the cards can be worked out by hand in each test.
 * The screens' "now" in the tests is 2026-03; the plan starts in 2026-01.
 */
import type { ApiRequest, ApiResult } from '../data/api.ts';
import { MONTHS, type MonthsName } from '../../shared/resources.ts';
import { addMonths, monthKey, type MonthKey } from '../../engine/months.ts';
import { monthRowId } from '../../shared/months/ids.ts';

/** 2026-03-01 00:00 local time: the first instant of March. */
export const MARCH_1 = new Date(2026, 2, 1, 0, 0, 0, 0);
/** 2026-02-28 23:59 local time: the last minute of February. */
export const FEB_28_LATE = new Date(2026, 1, 28, 23, 59, 0, 0);

const m = (text: string) => text as MonthKey;

export function incomeRow(entity: number, month: string, fields: Record<string, number | null>) {
  return {
    id: monthRowId(entity, m(month)),
    month,
    net_income: 0,
    retirement_contributions: 0,
    housing: 0,
    expenses: 0,
    other: 0,
    debts: 0,
    end_balance: 0,
    input_end_balance: null,
    ...fields,
  };
}

/**
 * Six income months, 2026-01 … 2026-06. Every month: net 5,000.00; retirement 500.00, housing
 * 1,500.00, expenses 1,000.00, debts 400.00 (3,400.00 of outflows before one-time expenses).
 *   2026-01  other      0.00   end  1,600.00
 *   2026-02  other    250.50   end  2,949.50, actual 3,000.00 (later months continue from it)
 *   2026-03  other      0.00   end  4,600.00
 *   2026-04  other 10,000.00   end −3,800.00
 *   2026-05  other      0.00   end −2,200.00
 *   2026-06  other      0.00   end   −600.00
 */
export const INCOME_BODY = {
  income_months: [
    ['2026-01', 0, 1600, null],
    ['2026-02', 250.5, 2949.5, 3000],
    ['2026-03', 0, 4600, null],
    ['2026-04', 10000, -3800, null],
    ['2026-05', 0, -2200, null],
    ['2026-06', 0, -600, null],
  ].map(([month, other, end, input]) =>
    incomeRow(0, month as string, {
      net_income: 5000,
      retirement_contributions: 500,
      housing: 1500,
      expenses: 1000,
      other: other as number,
      debts: 400,
      end_balance: end as number,
      input_end_balance: input as number | null,
    }),
  ),
};

/** `count` income months from 2026-01, month i ending at i × 100.00 (2031-03 is i = 62). */
export function longIncomeBody(count: number) {
  return {
    income_months: Array.from({ length: count }, (_, i) => incomeRow(0, addMonths(monthKey(2026, 1), i), { net_income: 100, end_balance: i * 100 })),
  };
}

export function debtRow(entity: number, month: string, fields: Record<string, number | null>) {
  return {
    id: monthRowId(entity, m(month)),
    month,
    payment: 0,
    principal_paid: 0,
    interest_paid: 0,
    remaining_amount: 0,
    display_end_balance: 0,
    percent_paid: 0,
    input_remaining_balance: null,
    ...fields,
  };
}

/**
 * Visa (id 7): 24 % APR, 200.00 a month, 1,000.00 original. Its % Paid walks across the colour
 * bands: 24.99 (red), 25.00 (yellow), 49.99 (yellow), 50.00 (green).
 *   month    payment  principal  interest  end balance  % paid
 *   2026-02   200.00     185.00     15.00       750.10   24.99
 *   2026-03   200.00     187.40     12.60       750.00   25.00   (actual 750.00)
 *   2026-04   200.00     185.49     14.51       500.10   49.99
 *   2026-05   200.00     190.50      9.50       500.00   50.00
 * Loan (id 8) has no rows. The total rows are Visa's.
 */
const VISA_ROWS = [
  debtRow(7, '2026-02', { payment: 200, principal_paid: 185, interest_paid: 15, remaining_amount: 750.1, display_end_balance: 750.1, percent_paid: 24.99 }),
  debtRow(7, '2026-03', { payment: 200, principal_paid: 187.4, interest_paid: 12.6, remaining_amount: 760, display_end_balance: 750, percent_paid: 25, input_remaining_balance: 750 }),
  debtRow(7, '2026-04', { payment: 200, principal_paid: 185.49, interest_paid: 14.51, remaining_amount: 500.1, display_end_balance: 500.1, percent_paid: 49.99 }),
  debtRow(7, '2026-05', { payment: 200, principal_paid: 190.5, interest_paid: 9.5, remaining_amount: 500, display_end_balance: 500, percent_paid: 50 }),
];

export const DEBT_BODY = {
  debts: [
    { id: 7, name: 'Visa', apr: 24, monthly_payment: 200, payoff_month: null, truncated: false, debt_months: VISA_ROWS },
    { id: 8, name: 'Loan', apr: 5, monthly_payment: 100, payoff_month: null, truncated: false, debt_months: [] },
  ],
  total: VISA_ROWS.map((row) => ({ ...row, id: monthRowId(0, m(row.month)), input_remaining_balance: null })),
};

export function contributionRow(entity: number, month: string, fields: Record<string, number | null>) {
  return {
    id: monthRowId(entity, m(month)),
    month,
    contributions: 0,
    total_contributions: 0,
    interest_earned: 0,
    balance: 0,
    display_balance: 0,
    input_end_balance: null,
    withdrawals: 0,
    ...fields,
  };
}

/**
 * The 401k (id 5), 2026-01 … 2026-08: 500.00 contributed and 10.25 of interest each month;
 * display balances 1,000.00, 1,510.25, 2,020.50, 2,530.75, 3,041.00, 3,551.25, 4,061.50,
 * 4,571.75 (an actual of 2,020.50 on 2026-03). IRA (id 6) has no rows. The totals are the 401k's.
 */
const K401_ROWS = Array.from({ length: 8 }, (_, i) => {
  const month = addMonths(monthKey(2026, 1), i);
  const balance = (100_000 + i * 51_025) / 100;
  return contributionRow(5, month, { contributions: 500, total_contributions: 500 * (i + 1), interest_earned: 10.25, balance, display_balance: balance, input_end_balance: month === '2026-03' ? balance : null });
});

export const CONTRIBUTION_BODY = {
  retirement_accounts: [
    { id: 5, name: '401k', contribution_months: K401_ROWS },
    { id: 6, name: 'IRA', contribution_months: [] },
  ],
  total: K401_ROWS.map((row) => ({ ...row, id: monthRowId(0, m(row.month)), input_end_balance: null })),
};

export function retirementRow(entity: number, month: string, fields: Record<string, number | null>) {
  return {
    id: monthRowId(entity, m(month)),
    month,
    balance: 0,
    display_balance: 0,
    input_balance: null,
    contributions: 0,
    total_contributions: 0,
    withdrawals: 0,
    interest_earned: 0,
    social_security_income: 0,
    housing: 0,
    debts: 0,
    monthly_expenses: 0,
    other_expenses: 0,
    ...fields,
  };
}

/**
 * The retirement table of the 401k (id 5) with retirement in 2026-05:
 *   2026-01 … 2026-04 contribution months: interest 10.00 each, balances 1,000, 2,000, 3,000, 4,000
 *   2026-05 … 2026-08 living months: Social Security 1,000.00, housing 800.00, debts 100.00,
 *   monthly expenses 1,200.00 and one-time 300.00 (2026-06 only), withdrawals 1,100.00 (1,400.00
 *   in 2026-06), interest 20.00; balances 2,920, 1,540, 460, 0 (an actual of 2,920.00 on 2026-05)
 */
const LIVING_ROWS = [
  ...[1000, 2000, 3000, 4000].map((balance, i) => retirementRow(5, addMonths(monthKey(2026, 1), i), { interest_earned: 10, contributions: 990, balance, display_balance: balance })),
  ...[2920, 1540, 460, 0].map((balance, i) =>
    retirementRow(5, addMonths(monthKey(2026, 5), i), {
      social_security_income: 1000,
      housing: 800,
      debts: 100,
      monthly_expenses: 1200,
      other_expenses: i === 1 ? 300 : 0,
      withdrawals: i === 1 ? 1400 : 1100,
      interest_earned: 20,
      balance,
      display_balance: balance,
      input_balance: i === 0 ? balance : null,
    }),
  ),
];

export const RETIREMENT_BODY = {
  retirement_accounts: [
    { id: 5, name: '401k', retirement_months: LIVING_ROWS },
    { id: 6, name: 'IRA', retirement_months: [] },
  ],
  total: LIVING_ROWS.map((row) => ({ ...row, id: monthRowId(0, m(row.month)), input_balance: null, shortfall: 0 })),
};

export const RETIREMENT_PLAN = { id: 1, retirement_date: '2026-05-15', interest_rate: 4, social_security_income: 1000, social_security_start_date: '2026-05-01', monthly_expenses: 0, years_of_retirement: 1 };

/** Answers the month GETs with these bodies, as the server would. */
export function serveMonths(bodies: Partial<Record<MonthsName, unknown>>) {
  return (request: ApiRequest): ApiResult | undefined => {
    if (request.method !== 'GET') return undefined;
    for (const [name, body] of Object.entries(bodies) as [MonthsName, unknown][]) {
      if (request.path === MONTHS[name].path) return { ok: true, status: 200, data: body };
    }
    return undefined;
  };
}
