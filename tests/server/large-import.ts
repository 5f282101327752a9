/**
 * Large import documents (docs/api.md#export-and-import) for the ceiling tests and
 * `npm run bench:import`: `records` records in all, the four single records among them, the rest
 * spread over every collection as `mix` says, and `actuals` actual balances spread over the income
 * table and the file's debts and accounts. Every record is valid whatever today is (dates within
 * the years the rules allow), and the same arguments always give the same document.
 */
import { monthKey } from '../../src/engine/months.ts';

export interface LargeImportOptions {
  /** Records in all, the 4 singles included (at least 4). */
  records: number;
  /**
   * `spread` (the default): 2 % incomes, 3 % debts, 25 % monthly expenses, 2 % accounts, 1 %
   * baselines; `household`: 5 incomes, 19 debts, 29 monthly expenses, 7 accounts, 1 % baselines
   * (a household's plan with years of one-time expenses). The rest are one-time expenses.
   */
  mix?: 'spread' | 'household';
  /** Actual balances in all (income, debt and retirement lists together). */
  actuals?: number;
  /** The year the actuals end in (they run back month by month from its January); default 2025. */
  actualsUntil?: number;
}

/** Shares of the collection records, in document order; other expenses take what is left. */
const SHARES = {
  spread: { incomes: 0.02, debts: 0.03, monthly_expenses: 0.25, retirement_accounts: 0.02, baselines: 0.01 },
  household: { incomes: 0.0003, debts: 0.001, monthly_expenses: 0.0015, retirement_accounts: 0.0004, baselines: 0.01 },
} as const;
const CREATED = '2025-01-02T03:04:05.000Z';

/** The collection counts of a document of `records` records (singles excluded). */
export function largeImportCounts(records: number, mix: 'spread' | 'household' = 'spread'): Record<string, number> {
  const collection = records - 4;
  if (collection < 0) throw new Error('A large import document holds at least the 4 singles');
  const counts: Record<string, number> = {};
  let used = 0;
  for (const [key, share] of Object.entries(SHARES[mix])) {
    counts[key] = Math.min(collection - used, Math.max(1, Math.floor(collection * share)));
    used += counts[key];
  }
  counts.other_expenses = collection - used;
  return counts;
}

export function largeImportDocument({ records, mix = 'spread', actuals = 0, actualsUntil = 2025 }: LargeImportOptions) {
  const counts = largeImportCounts(records, mix);
  const n = (key: string) => counts[key] ?? 0;
  const stamp = { created_at: CREATED, updated_at: CREATED };
  const month = (index: number) => monthKey(2027 + Math.floor(index / 12) % 40, (index % 12) + 1);
  const document = {
    format: 'runway-export',
    version: 1,
    incomes: Array.from({ length: n('incomes') }, (_, i) => ({ id: i + 1, name: `Income ${i + 1}`, pay_cycle: 'monthly', next_pay_date: '2027-01-15', gross_pay: 3000 + (i % 100), net_pay: 2400, end_month: null, ...stamp })),
    debts: Array.from({ length: n('debts') }, (_, i) => ({
      id: i + 1,
      name: `Debt ${i + 1}`,
      creditor: 'Bank',
      original_amount: 5000,
      remaining_amount: 4000 + (i % 500),
      apr: 5 + (i % 20),
      monthly_payment: 150,
      original_term: 60,
      due_day: (i % 28) + 1,
      ...stamp,
    })),
    monthly_expenses: Array.from({ length: n('monthly_expenses') }, (_, i) => ({ id: i + 1, name: `Expense ${i + 1}`, amount: 10 + (i % 300), due_day: (i % 28) + 1, end_month: null, ...stamp })),
    other_expenses: Array.from({ length: n('other_expenses') }, (_, i) => ({ id: i + 1, month: month(i), description: `One-time expense ${i + 1}`, amount: (2000 + (i % 1000)) / 100, ...stamp })),
    retirement_accounts: Array.from({ length: n('retirement_accounts') }, (_, i) => ({
      id: i + 1,
      name: `Account ${i + 1}`,
      account_type: 'traditional_401k',
      contribution_amount: 100,
      employer_match: 50,
      employer_contribution_amount: 50,
      starting_balance: 10000 + i,
      expected_return_rate: 6,
      contribution_cycle: 'monthly',
      next_deposit_date: '2027-01-01',
      payroll_deducted: false,
      ...stamp,
    })),
    baselines: Array.from({ length: n('baselines') }, (_, i) => ({
      id: i + 1,
      name: `Plan ${i + 1}`,
      snapshot: { months: [{ month: '2025-01', cash: 1000 + i, debts: 5000, savings: 20000, contributions: 500, returns: 10 }] },
      ...stamp,
    })),
    housing: { housing_type: 'Rent', total_monthly_payment: 1800, ...stamp },
    debt_plan: { plan_type: 'avalanche', extra_payment: 200, ...stamp },
    retirement_plan: { retirement_date: '2050-01-01', interest_rate: 5, social_security_income: 2100, social_security_start_date: '2052-06-01', monthly_expenses: 3000, years_of_retirement: 30, ...stamp },
    assumptions: { inflation_rate: 2.5, salary_growth_rate: 3, social_security_cola: 2.5, cash_balance: 12000, cash_interest_rate: 4, retirement_tax_rate: 12, spend_cash_in_retirement: true, ...stamp },
    actuals: largeActuals(actuals, actualsUntil, n('debts'), n('retirement_accounts')),
  };
  return document;
}

/**
 * `total` actuals: a third on the income table, a third on debts, a third on accounts, each list
 * walking back one month at a time from January of `until` and moving to the next debt or account
 * when it reaches 1900 (so no two name the same entity and month).
 */
function largeActuals(total: number, until: number, debts: number, accounts: number) {
  const span = (until - 1900) * 12 + 1;
  const back = (index: number) => {
    const months = index % span;
    return monthKey(until - Math.ceil(months / 12), ((12 - (months % 12)) % 12) + 1);
  };
  const income = Math.min(span, Math.floor(total / 3));
  const debt = Math.min(debts * span, Math.floor((total - income) / 2));
  const retirement = total - income - debt;
  if (retirement > accounts * span) throw new Error(`${total} actuals do not fit on ${debts} debts and ${accounts} accounts`);
  return {
    income_months: Array.from({ length: income }, (_, i) => ({ month: back(i), input_end_balance: 1000 + (i % 100) })),
    debt_months: Array.from({ length: debt }, (_, i) => ({ debt_id: Math.floor(i / span) + 1, month: back(i), input_remaining_balance: 3000 + (i % 100) })),
    retirement_months: Array.from({ length: retirement }, (_, i) => ({ retirement_account_id: Math.floor(i / span) + 1, month: back(i), balance: 9000 + (i % 100) })),
  };
}
