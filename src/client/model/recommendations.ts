/**
 * What each plan assumption (docs/projection-rules.md#plan-assumptions) changes, in the user's
 * words, and the value a planner would start from with where it comes from. The user confirms a
 * recommendation with one click; a value that depends on the household (cash, the home) has none.
 */
import { cents, centsToDollars, ZERO, type Cents } from '../../engine/money.ts';
import type { MonthKey } from '../../engine/months.ts';
import { BOND_VOLATILITY, mixVolatility, recommendedVolatility, STOCK_VOLATILITY } from '../../engine/market/volatility.ts';
import { DEFAULT_STOCK_SHARE } from '../../engine/risk.ts';
import { FILING_STATUS_LABELS, FILING_STATUSES } from '../../engine/federal-tax.ts';
import type { AssumptionsInput } from '../../shared/records.ts';
import { formatCentsUsd, sumWire, wireCents } from '../ui/money.ts';

export type AssumptionField = keyof AssumptionsInput;

export interface AssumptionInfo {
  field: AssumptionField;
  label: string;
  /** money: dollars today, once; monthly: dollars a month and yearly: dollars a year, in today's dollars. */
  /** percent: % a year; share: % of something, said by `per` (of each withdrawal, in stocks). */
  /** choice: one of `choices`, by its wire value. */
  kind: 'percent' | 'share' | 'money' | 'monthly' | 'yearly' | 'boolean' | 'choice';
  /** For a choice: the wire values and how each reads. */
  choices?: readonly { readonly value: string; readonly label: string }[];
  /** For a share: what it is a share of, e.g. 'of each withdrawal'. */
  per?: string;
  /** What it changes in the projections. */
  changes: string;
  /** The wire value a planner would start from, or null when only the user can say. */
  recommended: number | boolean | string | null;
  /** Where the recommendation comes from; with none, why there is none (or null: nothing to say). */
  source: string | null;
}

/**
 * The assumptions the projections use, in the order the card lists them. Return volatility and the
 * stock share, which only the risk screens use, are listed last (RISK).
 */
export const ASSUMPTIONS: readonly AssumptionInfo[] = [
  {
    field: 'inflation_rate',
    label: 'Inflation',
    kind: 'percent',
    changes: 'Grows monthly expenses, rent and a mortgage’s escrow once a year.',
    recommended: 2.5,
    source: 'US consumer prices (CPI-U, Bureau of Labor Statistics) rose about 3 % a year over the last century and 2.5 % over the last 30 years; the Federal Reserve aims for 2 %.',
  },
  {
    field: 'salary_growth_rate',
    label: 'Pay growth',
    kind: 'percent',
    changes: 'Grows every income’s net pay once a year.',
    recommended: 3,
    source: 'The Social Security Administration’s national average wage index has grown about 3–4 % a year; 3 % keeps pay level with inflation plus a little.',
  },
  {
    field: 'social_security_cola',
    label: 'Social Security raise (COLA)',
    kind: 'percent',
    changes: "Grows Social Security once a year from today: the amount on your retirement plan is in today's dollars, as your Social Security statement gives it.",
    recommended: 2.5,
    source: 'The yearly cost-of-living adjustment follows consumer prices (CPI-W); it has averaged about 2.5 % a year since 2000 (Social Security Administration).',
  },
  {
    field: 'cash_balance',
    label: 'Cash today',
    kind: 'money',
    changes: 'Starts the Income table’s balance from the cash you have instead of $0.',
    recommended: null,
    source: null,
  },
  {
    field: 'cash_interest_rate',
    label: 'Interest on cash',
    kind: 'percent',
    changes: 'Adds a month’s interest on a positive cash balance.',
    recommended: 3,
    source: 'Three-month US Treasury bills have paid roughly 3 % a year over the long run (Federal Reserve, H.15 rates); many savings accounts pay less.',
  },
  {
    field: 'home_value',
    label: 'Home value',
    kind: 'money',
    changes: 'Counts your home in net worth, with the mortgage still owed on it.',
    recommended: null,
    source: null,
  },
  {
    field: 'home_appreciation_rate',
    label: 'Home price growth',
    kind: 'percent',
    changes: 'Grows the home’s value once a year in the net-worth timeline.',
    recommended: 3,
    source: 'US home prices rose about 4 % a year since 1991 with inflation near 2.5 % (FHFA House Price Index, BLS); 3 % assumes a little above inflation.',
  },
  {
    field: 'retirement_tax_rate',
    label: 'Tax on traditional withdrawals',
    kind: 'share',
    per: 'of each withdrawal',
    changes: 'Withdraws more from traditional 401(k)s and IRAs so the need is paid after tax; Roth money is untaxed.',
    recommended: 12,
    source: 'Most retirees’ taxable income falls in the 10–12 % federal brackets (IRS); add your state’s rate.',
  },
  {
    field: 'spend_cash_in_retirement',
    label: 'Spend cash in retirement',
    kind: 'boolean',
    changes: 'Pays retirement’s costs from cash first, before the retirement accounts.',
    recommended: true,
    source: 'Cash left unspent at the end of a plan is money the plan never counted.',
  },
];

/**
 * Where the money goes (docs/projection-rules.md#where-the-money-goes): the spending no list
 * names, retirement's budget and the cost of negative cash. The surplus account and its share are
 * a pair with rows of their own (AssumptionsCard's SurplusRow).
 */
export const MONEY_GOES: readonly AssumptionInfo[] = [
  {
    field: 'other_spending',
    label: 'Other spending',
    kind: 'monthly',
    changes:
      'Everything your lists don’t name — groceries beyond the list, clothes, gifts, holidays, coffee — as one more monthly expense in today’s dollars, growing with inflation. Example: $600 a month for the food and clothes your list leaves out.',
    // Measured from the user's check-ins when they give one (recommendationFor).
    recommended: null,
    source: null,
  },
  {
    field: 'retirement_spending',
    label: 'Retirement budget',
    kind: 'monthly',
    changes:
      'What you will spend a month in retirement, in today’s dollars, in place of your monthly expenses and other spending; housing, debts and one-time expenses still count. Not set: your list carries on into retirement.',
    recommended: null,
    source: null,
  },
  {
    field: 'overdraft_interest_rate',
    label: 'Overdraft interest rate',
    kind: 'percent',
    changes: 'Charged each month on negative cash, as a card or an overdraft would: a negative Interest Earned in the Income table. Not set: being short costs nothing.',
    recommended: 22,
    source: 'Credit-card accounts that pay interest were charged about 21–23 % a year in 2023–2025 (Federal Reserve, G.19 Consumer Credit).',
  },
];

/** The surplus pair: which taxable account, and what share of each working month's surplus. */
export const SURPLUS_ACCOUNT_LABEL = 'Invest the surplus';
export const SURPLUS_SHARE_LABEL = 'Share of the surplus';
export const SURPLUS_CHANGES =
  'Moves the cash a working month leaves over — after every expense, contribution and debt payment — into one of your taxable accounts, where it earns that account’s return. Not set: it stays cash, earning the cash rate.';
/** Said where the surplus is chosen while the user has no taxable account. */
export const NO_TAXABLE_ACCOUNT =
  'You have no taxable account. Add one on the Dashboard under Retirement Accounts, with the type “Taxable (brokerage)”, to invest the surplus.';

/**
 * How the risk screens see the savings (docs/projection-rules.md#monte-carlo, #history): what
 * share is in stocks, and how much a year's return swings. The volatility a planner would start
 * from follows the stock share (engine market/volatility.ts): a 60/40 mix swings less than stocks.
 */
export const RISK_HEADING = 'Your savings in the markets';
export const RISK: readonly AssumptionInfo[] = [
  {
    field: 'stock_share',
    label: 'Stocks in your savings',
    kind: 'share',
    per: 'in stocks',
    changes: 'What “What if history repeats?” replays: this share in the S&P 500, the rest in 10-year Treasury bonds, rebalanced every month.',
    recommended: DEFAULT_STOCK_SHARE,
    source: 'A balanced mix, and the share the history replay uses when none is set.',
  },
  {
    field: 'return_volatility',
    label: 'Return volatility',
    kind: 'percent',
    changes: 'How far “How likely is my plan to last?” lets each year’s return swing around your accounts’ expected returns.',
    // From the stock share (recommendationFor).
    recommended: null,
    source: null,
  },
];

/**
 * Taxes (docs/projection-rules.md#the-tax-aware-order, #a-years-tax, #the-next-dollar-and-the-irs):
 * which accounts pay retirement first, and the filing status that switches retirement's tax from
 * the flat retirement_tax_rate to each year's federal brackets, with the two fields only the
 * brackets read: the state rate and the yearly Roth conversion. The filing status and the state
 * rate are the household's own: no recommendation.
 */
export const TAXES_HEADING = 'Taxes';
export const TAXES: readonly AssumptionInfo[] = [
  {
    field: 'withdrawal_order',
    label: 'Withdrawal order',
    kind: 'choice',
    choices: [
      { value: 'proportional', label: 'In proportion to balances' },
      { value: 'tax_aware', label: 'Taxable, then traditional, then Roth' },
    ],
    changes:
      'Which accounts pay retirement’s costs: every account in proportion to its balance, or taxable accounts first, then traditional 401(k)s and IRAs, then Roth accounts, so untaxed Roth money grows the longest. Not set: in proportion.',
    recommended: 'tax_aware',
    source: 'The order retirement-income guidance usually starts from: taxable money first, tax-deferred next, tax-free last.',
  },
  {
    field: 'filing_status',
    label: 'Filing status',
    kind: 'choice',
    choices: FILING_STATUSES.map((status) => ({ value: status, label: FILING_STATUS_LABELS[status] })),
    changes:
      'Taxes each year of retirement by the federal brackets (2026’s, grown with inflation) in place of the flat Tax on traditional withdrawals, with State income tax and the Roth conversion below. “Where should the next dollar go?” uses it too, for the tax a pre-tax dollar saves and the Roth IRA income limit. Not set: the flat rate, and the next dollar guesses from your incomes.',
    recommended: null,
    source: null,
  },
  {
    field: 'state_tax_rate',
    label: 'State income tax',
    kind: 'share',
    per: 'of federal taxable income',
    changes: 'In bracket mode (a filing status set), adds this % of your federal taxable income each year as state tax. Not set: no state tax.',
    recommended: null,
    source: 'No single recommendation: states differ, from 0 % in the states without an income tax, such as Florida and Texas, to over 10 % at the top of California’s brackets. Enter your own state’s rate.',
  },
  {
    field: 'roth_conversion',
    label: 'Roth conversion',
    kind: 'yearly',
    changes:
      'Each January of retirement until the year before required minimum distributions, moves this much (grown with inflation) from traditional accounts to Roth accounts; taxed as ordinary income that year. Not set: no conversion.',
    recommended: 0,
    source: 'No conversion until you have compared amounts: the Roth conversion explorer in What if finds the amount that leaves the most after tax.',
  },
];

/** Under the filing status: what the brackets do not model (docs/projection-rules.md#a-years-tax). */
export const TAX_LIMITS =
  'What the brackets leave out: married filing jointly counts the 65+ additional deduction and the senior deduction once (your spouse is not modelled), and the 10 % penalty applies to every traditional withdrawal before 59½, with no rule-of-55 or 72(t) exception.';
/** On the flat rate's row while a filing status is set. */
export const FLAT_RATE_UNUSED = 'Not used: a filing status is set, so each year is taxed by the federal brackets and your state income tax instead (Taxes, below).';
/** On the state rate's and the conversion's rows while no filing status is set. */
export const BRACKETS_ONLY = 'Not used until you choose a filing status: without one, withdrawals are taxed at the flat Tax on traditional withdrawals.';

/** Whether a record's filing status switches retirement's tax to the brackets. */
export const taxesByBrackets = (filingStatus: unknown) => typeof filingStatus === 'string' && filingStatus !== '';

/**
 * The note a tax row carries for the record's filing status: the flat rate is not used with one,
 * the state rate and the conversion are not used without one; undefined for every other row.
 */
export function taxNote(field: AssumptionField, filingStatus: unknown): string | undefined {
  const brackets = taxesByBrackets(filingStatus);
  if (field === 'retirement_tax_rate') return brackets ? FLAT_RATE_UNUSED : undefined;
  if (field === 'state_tax_rate' || field === 'roth_conversion') return brackets ? undefined : BRACKETS_ONLY;
  return undefined;
}

/** Every assumption the card lists as a row of its own, in order. */
export const ALL_ROWS: readonly AssumptionInfo[] = [...ASSUMPTIONS, ...MONEY_GOES, ...TAXES, ...RISK];

/** The stock share a record holds, or the default one: the share the recommended volatility is for. */
function stockShareOf(record: Record<string, unknown> | null | undefined): number {
  const share = Number(record?.stock_share);
  return record?.stock_share !== null && record?.stock_share !== undefined && Number.isFinite(share) ? share : DEFAULT_STOCK_SHARE;
}

/** The volatility the risk screens use: the record's, else the one recommended for its stock share. */
export function volatilityOf(record: Record<string, unknown> | null | undefined): number {
  const own = Number(record?.return_volatility);
  return record?.return_volatility !== null && record?.return_volatility !== undefined && Number.isFinite(own) ? own : recommendedVolatility(stockShareOf(record));
}

/**
 * What the check-ins measured (learned.ts), for the Other spending row: the value to set (what
 * the plan already counts plus the measured extra, in dollars) and where it comes from.
 */
export interface MeasuredSpending {
  /** Cents a month beyond what the plan counts. */
  readonly extra: Cents;
  /** The first and last check-in months the average covers. */
  readonly from: MonthKey;
  readonly to: MonthKey;
}

/**
 * The row's recommendation: its fixed one, or for Other spending the one the check-ins measured:
 * current other spending + the measured extra, e.g. 0 + 212.50 → 212.5 (dollars on the wire).
 */
export function recommendationFor(info: AssumptionInfo, current: unknown, measured: MeasuredSpending | null, record: Record<string, unknown> | null = null): { value: number | boolean | string | null; source: string | null } {
  if (info.field === 'return_volatility') {
    const share = stockShareOf(record);
    return {
      value: recommendedVolatility(share),
      source: `From 1871 to 2023 a mix with ${share} % in stocks swung about ${mixVolatility(share).toFixed(1)} % a year (stocks ${STOCK_VOLATILITY} %, bonds ${BOND_VOLATILITY} %; Robert Shiller's data).`,
    };
  }
  if (info.field !== 'other_spending' || measured === null) return { value: info.recommended, source: info.source };
  const value = centsToDollars(cents((wireCents(current) ?? ZERO) + measured.extra));
  return { value, source: `Your check-ins from ${measured.from} to ${measured.to}: cash came out ${formatCentsUsd(measured.extra)} a month below the plan on average, after debts.` };
}

/** Every recommendation, as one record update: `{ inflation_rate: 2.5, … }`, with the measured other spending when there is one. */
export function recommendedValues(current: Record<string, unknown> | null = null, measured: MeasuredSpending | null = null): Partial<Record<AssumptionField, number | boolean | string>> {
  const values: Partial<Record<AssumptionField, number | boolean | string>> = {};
  for (const info of ALL_ROWS) {
    // The volatility follows the stock share being set with it.
    const { value } = recommendationFor(info, current?.[info.field], measured, { ...current, ...values });
    if (value !== null) values[info.field] = value;
  }
  return values;
}

/**
 * What the user's list comes to a month today, for the Retirement budget's hint: Σ the monthly
 * expenses still running in the retirement month (no end month, or one at or after it; without a
 * retirement plan, those with no end month) + other spending, in cents, and how many expenses end
 * before then. Example: 3 000.00 open-ended and 500.00 ending before retirement, other spending
 * 1 210.00 → 4 210.00, 1 left out.
 */
export function listedSpending(expenses: readonly Record<string, unknown>[], retirementDate: unknown, otherSpending: unknown): { total: Cents; leftOut: number } {
  const retirement = typeof retirementDate === 'string' && /^\d{4}-\d{2}/.test(retirementDate) ? retirementDate.slice(0, 7) : null;
  const runs = (end: unknown) => typeof end !== 'string' || end === '' || (retirement !== null && end >= retirement);
  const running = expenses.filter((expense) => runs(expense.end_month));
  return { total: cents(sumWire(running, 'amount') + (wireCents(otherSpending) ?? ZERO)), leftOut: expenses.length - running.length };
}
