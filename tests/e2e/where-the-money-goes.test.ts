/**
 * Where the money goes, end to end (real server, production build, Chromium): a two-earner
 * household of about $17,500 a month net with a mortgage, a car loan, two cards, daycare ending in
 * 2030, a 401(k), a Roth IRA and a brokerage account (docs/projection-rules.md#where-the-money-goes,
 * docs/product.md#where-the-money-goes).
 *
 * - On a desktop: with the recommended assumptions only, the plan keeps idle cash and the Overview
 *   says so; once Other spending, a retirement budget and the surplus account are set through the
 *   Plan assumptions form, the sentence goes and the peak net worth falls to a figure a household
 *   like this can reach. Every net worth on the Overview (now, peak, end, in future and in today's
 *   dollars) and the milestones are worked here from the server's own month tables, with the
 *   mortgage amortised and the home grown by hand. The What if tab's success shares are printed.
 * - On a phone: a user whose plan started two months ago checks in last month (API) and this month
 *   (the /check-in page); the Overview offers to set Other spending to what the check-ins measured,
 *   and accepting it offline shows provisional tables that equal the server's once back online,
 *   with exactly one write of the assumptions.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type App,
  apiCall,
  apiSignUp,
  backdateSignUp,
  expectNoAxeViolations,
  goOffline,
  onPhone,
  screenshot,
  signedInPage,
  startApp,
  subscribeUser,
  switchColorScheme,
  uniqueEmail,
  unexpectedErrors,
} from './harness.ts';
import { monthCells, planStart } from './pages.ts';

let app: App;

// ---- Months ----------------------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');
const monthIndex = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return year * 12 + m - 1;
};
const addMonths = (month: string, count: number) => {
  const index = monthIndex(month) + count;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
};
/** The current month (UTC, as the server and the browser here count it). */
const today = planStart;
const thisYear = Number(today.slice(0, 4));
const BIRTH_YEAR = 1985; // apiSignUp's

// ---- Money, exactly as the rules round it -----------------------------------------------------------

const WHOLE = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Whole dollars of cents, as the analytics screens print them. */
const wholeOf = (cents: number) => WHOLE.format(cents / 100);
/** Dollars and cents, as the Overview's sentences print them. */
const usdOf = (cents: number) => USD.format(cents / 100);
const centsOf = (dollars: unknown) => Math.round(Number(dollars) * 100);
/** n / d rounded half away from zero, exactly (d > 0). */
const divHalfAway = (n: bigint, d: bigint): bigint => {
  const q = (2n * (n < 0n ? -n : n) + d) / (2n * d);
  return n < 0n ? -q : q;
};
/** A yearly percent as the exact fraction (base + r) / base, percents having at most 4 decimals. */
const RATE_BASE = 1_000_000n;
const rateStep = (percent: number) => RATE_BASE + BigInt(Math.round(percent * 10_000));
/** round(amount × (1 + r/100)^k): an amount grown k plan years. */
const grown = (cents: number, percent: number, k: number) => Number(divHalfAway(BigInt(cents) * rateStep(percent) ** BigInt(k), RATE_BASE ** BigInt(k)));
/** round(amount / (1 + r/100)^k): today's dollars of an amount of plan year k. */
const deflated = (cents: number, percent: number, k: number) => Number(divHalfAway(BigInt(cents) * RATE_BASE ** BigInt(k), rateStep(percent) ** BigInt(k)));
/** One month's interest, balance × rate / 1200 rounded half away from zero. */
const monthInterest = (cents: number, percent: number) => Number(divHalfAway(BigInt(cents) * BigInt(Math.round(percent * 10_000)), 1_200n * 10_000n));

// ---- The household ----------------------------------------------------------------------------------

/** The cards' recommended values (recommendations.ts), but for the withdrawal order, which stays proportional here. */
const RECOMMENDED = { inflation_rate: 2.5, salary_growth_rate: 3, social_security_cola: 2.5, cash_interest_rate: 3, home_appreciation_rate: 3, retirement_tax_rate: 12, spend_cash_in_retirement: true };
/** What only the household can say: its cash, its home, how its savings are invested, and the card rate it would pay. */
const OWN = { cash_balance: 28_000, home_value: 705_000, return_volatility: 15, stock_share: 60, overdraft_interest_rate: 22 };
const OTHER_SPENDING = 4_500;
const RETIREMENT_BUDGET = 9_000;
const SURPLUS_SHARE = 80;

/** The next pay dates and the accounts' next deposit, as the household types them. */
interface PayDates {
  alex: string;
  sam: string;
  deposit: string;
}
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const signUpDay = new Date();
/**
 * A household signing up today types its next pay dates: Alex is paid in a week, Sam on the 15th
 * or the last day of the month; the 401(k) is deposited with Alex's pay, the IRA on the 1st.
 */
const TODAYS_DATES: PayDates = {
  alex: isoDay(new Date(signUpDay.getTime() + 7 * 86_400_000)),
  sam: signUpDay.getUTCDate() <= 15 ? `${today}-15` : isoDay(new Date(Date.UTC(signUpDay.getUTCFullYear(), signUpDay.getUTCMonth() + 1, 0))),
  deposit: `${addMonths(today, 1)}-01`,
};

/**
 * Alex (biweekly, net 4,300.00 → 9,316.67 a month) and Sam (semimonthly, net 4,100.00 → 8,200.00):
 * 17,516.67 a month net. A mortgage of 486,500.00 at 6.25 % (P&I 3,152.45 + escrow 780.00), a car
 * loan and two cards under avalanche with 250.00 extra, daycare 2,150.00 to 2030-08, groceries,
 * utilities and insurance; a 401(k) taken from pay (900.00 biweekly, the employer adds 450.00), a
 * Roth IRA of 583.00 a month from cash, a brokerage account; retiring at 62 on 30 years.
 */
async function household(prefix: string, assumptions: Record<string, unknown>, dates: PayDates): Promise<{ email: string; token: string; brokerageId: number }> {
  const email = uniqueEmail(prefix);
  const token = await apiSignUp(app, email);
  const post = (apiPath: string, body: object) => apiCall(app, token, 'POST', apiPath, body) as Promise<Record<string, any>>;
  await post('/api/v1/incomes', { income: { name: 'Alex salary', pay_cycle: 'biweekly', next_pay_date: dates.alex, gross_pay: 6350, net_pay: 4300 } });
  await post('/api/v1/incomes', { income: { name: 'Sam salary', pay_cycle: 'semimonthly', next_pay_date: dates.sam, gross_pay: 5900, net_pay: 4100 } });
  await post('/api/v1/housing', {
    housing: { housing_type: 'Mortgage', total_monthly_payment: 3932.45, original_purchase_price: 640_000, down_payment: 128_000, interest_rate: 6.25, term: 30, open_date: '2022-09-01', current_balance: 486_500, escrow_payment: 780 },
  });
  await post('/api/v1/debts', { debt: { name: 'Car loan', creditor: 'Ally', original_amount: 38_000, remaining_amount: 24_650, apr: 6.49, monthly_payment: 745, original_term: 60, due_day: 12 } });
  await post('/api/v1/debts', { debt: { name: 'Visa', creditor: 'Chase', original_amount: 12_000, remaining_amount: 7_820, apr: 24.99, monthly_payment: 235, original_term: 60, due_day: 5 } });
  await post('/api/v1/debts', { debt: { name: 'Amex', creditor: 'American Express', original_amount: 5_000, remaining_amount: 2_940, apr: 21.49, monthly_payment: 95, original_term: 48, due_day: 22 } });
  await post('/api/v1/debt_plan', { debt_plan: { plan_type: 'avalanche', extra_payment: 250 } });
  await post('/api/v1/monthly_expenses', { monthly_expense: { name: 'Daycare', amount: 2150, due_day: 1, end_month: '2030-08' } });
  await post('/api/v1/monthly_expenses', { monthly_expense: { name: 'Groceries', amount: 1250, due_day: 3 } });
  await post('/api/v1/monthly_expenses', { monthly_expense: { name: 'Insurance', amount: 310, due_day: 10 } });
  await post('/api/v1/monthly_expenses', { monthly_expense: { name: 'Utilities', amount: 460, due_day: 18 } });
  const account = (fields: Record<string, unknown>) =>
    post('/api/v1/retirement_accounts', { retirement_account: { employer_match: 0, employer_contribution_amount: 0, expected_return_rate: 7, contribution_cycle: 'monthly', next_deposit_date: dates.deposit, payroll_deducted: false, ...fields } });
  await account({ name: 'Alex 401(k)', account_type: 'traditional_401k', contribution_amount: 900, employer_match: 50, employer_contribution_amount: 450, starting_balance: 186_000, contribution_cycle: 'biweekly', next_deposit_date: dates.alex, payroll_deducted: true });
  await account({ name: 'Roth IRA', account_type: 'roth_ira', contribution_amount: 583, starting_balance: 41_500 });
  const brokerage = await account({ name: 'Brokerage', account_type: 'taxable', contribution_amount: 0, starting_balance: 24_000, expected_return_rate: 6.5 });
  await post('/api/v1/retirement_plan', {
    retirement_plan: { retirement_date: `${RETIREMENT_MONTH}-01`, interest_rate: 4, social_security_income: 3900, social_security_start_date: `${thisYear + 24}-07-01`, years_of_retirement: 30 },
  });
  await post('/api/v1/assumptions', { assumptions });
  subscribeUser(app, email);
  return { email, token, brokerageId: Number(brokerage.retirement_account.id) };
}

// ---- The server's tables, and the net worth they make -----------------------------------------------

const get = (token: string, apiPath: string) => apiCall(app, token, 'GET', apiPath) as Promise<Record<string, any>>;
const assumptionsOf = async (token: string) => (await get(token, '/api/v1/assumptions')).assumptions as Record<string, any> | null;
const incomeRows = async (token: string) => (await get(token, '/api/v1/income_months')).income_months as Record<string, any>[];

interface Point {
  month: string;
  /** Plan year k of the month (⌊(n − 1) / 12⌋). */
  k: number;
  netWorth: number;
}

/**
 * The net-worth timeline worked from what the server answers (docs/projection-rules.md#one-net-worth):
 * for every month from the plan start to the last month of any table,
 *   cash      the income row's shown end balance (the actual when given), carried forward, and in a
 *             living month the retirement total row's cash_balance
 *   savings   the retirement total row's display_balance (carried forward)
 *   debts     the debt total row's display_end_balance (carried forward; 0 after the last payoff)
 *   home      home_value × 1.03^k, rounded half up (from a check-in's home value, when an income
 *             row carries one, grown in the same plan-year steps from its month)
 *   mortgage  current_balance amortised by hand at the mortgage's rate with P&I = total − escrow;
 *             not amortised in month 1 when the plan started after the 1st (its payment was made);
 *             a check-in's mortgage balance on an income row replaces that month's
 *   net worth = cash + savings + home − mortgage − debts
 * plus the milestones the Overview lists.
 */
async function serverTimeline(token: string) {
  const [income, debt, retirement, assumptionsBody, housingBody, profile] = await Promise.all(
    ['/api/v1/income_months', '/api/v1/debt_months', '/api/v1/retirement_months', '/api/v1/assumptions', '/api/v1/housing', '/api/v1/profile'].map((p) => get(token, p)),
  );
  const rows = income!.income_months as Record<string, any>[];
  const debtTotal = debt!.total as Record<string, any>[];
  const retirementTotal = retirement!.total as Record<string, any>[];
  const assumptions = assumptionsBody!.assumptions as Record<string, any>;
  const housing = housingBody!.housing as Record<string, any>;
  const startDay = new Date((JSON.parse(profile!.user) as { created_at: string }).created_at).getUTCDate();
  const start = rows[0]!.month as string;
  const last = [rows, debtTotal, retirementTotal].map((table) => table.at(-1)?.month as string).sort().at(-1)!;
  const count = monthIndex(last) - monthIndex(start) + 1;

  const carried = (table: Record<string, any>[], value: (row: Record<string, any>) => number) => {
    const byMonth = new Map(table.map((row) => [row.month as string, value(row)]));
    let current = 0;
    return (month: string) => (current = byMonth.get(month) ?? current);
  };
  const cashAt = carried(rows, (row) => centsOf(row.input_end_balance ?? row.end_balance));
  const livingCash = new Map(retirementTotal.filter((row) => row.cash_balance !== undefined).map((row) => [row.month as string, centsOf(row.cash_balance)]));
  const savingsAt = carried(retirementTotal, (row) => centsOf(row.display_balance));
  const debtsAt = carried(debtTotal, (row) => centsOf(row.display_end_balance));
  let homeAnchor = { k: 0, value: centsOf(assumptions.home_value) };
  const rowOf = new Map(rows.map((row) => [row.month as string, row]));
  const offered = Math.max(0, centsOf(housing.total_monthly_payment) - centsOf(housing.escrow_payment));
  let mortgage = centsOf(housing.current_balance);

  const points: Point[] = [];
  for (let index = 0; index < count; index += 1) {
    const month = addMonths(start, index);
    const k = Math.floor(index / 12);
    if (mortgage > 0 && !(index === 0 && startDay > 1)) {
      const due = mortgage + monthInterest(mortgage, Number(housing.interest_rate));
      mortgage = due - Math.min(offered, due);
    }
    const row = rowOf.get(month);
    if (row?.input_mortgage_balance !== undefined && month <= today) mortgage = Math.max(0, centsOf(row.input_mortgage_balance));
    if (row?.input_home_value !== undefined && month <= today) homeAnchor = { k, value: centsOf(row.input_home_value) };
    const fromIncome = cashAt(month);
    const cash = livingCash.get(month) ?? fromIncome;
    const home = grown(homeAnchor.value, Number(assumptions.home_appreciation_rate), k - homeAnchor.k);
    points.push({ month, k, netWorth: cash + savingsAt(month) + home - mortgage - debtsAt(month) });
  }
  const debts = debt!.debts as { payoff_month: string | null; truncated: boolean }[];
  const debtFree = debts.some((d) => d.truncated) ? null : debts.map((d) => d.payoff_month ?? '').sort().at(-1) || null;
  const runsOut = (retirementTotal.find((row) => Number(row.shortfall) > 0)?.month as string | undefined) ?? null;
  return { points, rows, debtFree, runsOut, inflation: Number(assumptions.inflation_rate) };
}

/** The first of the highest (the Overview's peak). */
const peakOf = (points: readonly Point[]) => points.reduce((best, point) => (point.netWorth > best.netWorth ? point : best));
/** The points in today's dollars: each month's net worth ÷ 1.025^k, rounded half up. */
const inTodaysDollars = (points: readonly Point[], inflation: number) => points.map((p) => ({ ...p, netWorth: deflated(p.netWorth, inflation, p.k) }));
const withAge = (month: string) => `${month} (age ${Number(month.slice(0, 4)) - BIRTH_YEAR})`;

/**
 * The Overview's idle-cash sentence the server's income rows call for (learning.ts idleCash): the
 * first working month from today whose kept cash, net income − retirement − housing − expenses −
 * other − debts − saved, is more than half its net income; none while a surplus account is named.
 * A sign-up month that began after the 1st is not judged: its earlier bills are left out of it.
 */
function idleSentence(rows: readonly Record<string, any>[], surplusNamed: boolean): string | null {
  if (surplusNamed) return null;
  const from = rows[0]?.month === today && signUpDay.getUTCDate() > 1 ? addMonths(today, 1) : today;
  for (const row of rows) {
    const net = centsOf(row.net_income);
    if (row.month < from || net <= 0) continue;
    const kept = net - ['retirement_contributions', 'housing', 'expenses', 'other', 'debts', 'saved'].reduce((sum, key) => sum + centsOf(row[key] ?? 0), 0);
    if (2 * kept > net) {
      return `From ${row.month} your plan keeps ${usdOf(kept)} of your ${usdOf(net)} monthly net pay as cash, more than half: if you really spend it, set Other spending; if you save it, invest the surplus in a taxable account.`;
    }
  }
  return null;
}

/** The retirement month (retirement_date's). */
const RETIREMENT_MONTH = `${thisYear + 21}-07`;

/**
 * The most the desktop household could hold in `month`, in today's dollars, however the plan
 * invests it. What it has today — cash and the three accounts, 279,500.00, and the home at its own
 * 3 % a year (its mortgage, the debts and every tax left out) — plus what it could put aside in each
 * working month: all the pay (17,516.67 net, plus the 401(k)'s 900.00 biweekly taken from it and
 * the employer's 450.00: 2,925.00 a month), raised 3 % a year against 2.5 % inflation, less only
 * what the records say must be paid: groceries, insurance and utilities (2,020.00), other spending
 * (4,500.00) and the escrow (780.00), all growing with prices; the mortgage's fixed P&I (3,152.45,
 * paid past retirement), shrinking in today's dollars; the daycare (2,150.00) through 2030-08 — and
 * nothing at all in the sign-up month, whose bills may be paid already. Everything is grown at
 * 4.5 % a year above inflation, more than the best account's 7 % less 2.5 % (4.39 %) and far more
 * than cash's 3 %; after retirement nothing is added (its budget alone, 9,000.00, is more than
 * Social Security's 3,900.00). Last, × 1.025: today's dollars divide by whole plan years of
 * inflation, so late in a plan year a figure still holds up to a year's inflation.
 * The plan that keeps its pay as idle cash peaks decades later, above this bound.
 */
function peakBound(month: string): number {
  const months = monthIndex(month) - monthIndex(today);
  const working = Math.min(months, monthIndex(RETIREMENT_MONTH) - monthIndex(today));
  const daycareMonths = monthIndex('2030-08') - monthIndex(today) + 1;
  const step = 1.045 ** (1 / 12);
  const realRaise = 1.03 / 1.025;
  const pay = 17_516.67 + ((900 + 450) * 26) / 12;
  let bound = (OWN.cash_balance + 186_000 + 41_500 + 24_000) * step ** months + OWN.home_value * realRaise ** (months / 12);
  for (let m = 0; m < working; m += 1) {
    const year = Math.floor(m / 12);
    const mustPay = m === 0 ? 0 : 2_020 + OTHER_SPENDING + 780 + 3_152.45 / 1.025 ** year + (m < daycareMonths ? 2_150 : 0);
    bound += (pay * realRaise ** year - mustPay) * step ** (months - m);
  }
  return bound * 1.025;
}

// ---- The screens ------------------------------------------------------------------------------------

const figure = (page: Page, label: string) => page.getByTestId(`figure-${label}`).innerText().catch(() => '');
const figures = async (page: Page) => ({ now: await figure(page, 'Net Worth Now'), peak: await figure(page, 'Peak Net Worth'), end: await figure(page, 'At the End') });
const dollarsIn = (text: string) => Number(text.replace(/[$,]/g, ''));

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect.poll(() => page.getByRole('tab', { name, exact: true, selected: true }).count()).toBe(1);
}

/**
 * A full-page shot as a person would see the page scrolled through: each chart is drawn once it
 * comes near the screen (ChartSlot), so every placeholder is scrolled to and drawn first; the
 * one-time "ready to work offline" notice, which floats over the content, is dismissed; then the
 * page from its top (the sticky bars would otherwise sit over the middle of the shot).
 */
async function shootWhole(page: Page, name: string) {
  const placeholders = page.getByTestId('chart-placeholder');
  for (let left = await placeholders.count(); left > 0; left = await placeholders.count()) {
    await placeholders.first().scrollIntoViewIfNeeded();
    await expect.poll(() => placeholders.count(), { timeout: 20_000 }).toBeLessThan(left);
  }
  const notice = page.getByRole('status', { name: 'Ready offline' });
  if ((await notice.count()) > 0) {
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => notice.count()).toBe(0);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** Waits until the Overview shows the figures the server's tables make, and answers them. */
async function expectOverviewFromServer(page: Page, token: string, dollars: 'future' | 'today') {
  const timeline = await serverTimeline(token);
  const points = dollars === 'today' ? inTodaysDollars(timeline.points, timeline.inflation) : timeline.points;
  const now = points.find((p) => p.month === today)!;
  const peak = peakOf(points);
  const end = points.at(-1)!;
  const expected = { now: wholeOf(now.netWorth), peak: wholeOf(peak.netWorth), end: wholeOf(end.netWorth) };
  await expect.poll(() => figures(page), { timeout: 30_000 }).toEqual(expected);
  // The details under the figures: the month and the age then (the age once the device has read
  // the birth year from its copy of the profile, a moment after the tab opens).
  const text = (locator: Locator) => locator.innerText().catch(() => '');
  await expect.poll(() => text(page.getByRole('group', { name: 'Peak Net Worth' })), { timeout: 20_000 }).toContain(withAge(peak.month));
  expect(await text(page.getByRole('group', { name: 'At the End' }))).toContain(withAge(end.month));
  // The milestones, from the debt table's payoff months and the retirement table's shortfall.
  expect(await text(page.getByTestId('milestone-debtFree'))).toContain(timeline.debtFree ? withAge(timeline.debtFree) : 'Not within the projection');
  expect(await text(page.getByTestId('milestone-moneyRunsOut'))).toContain(timeline.runsOut ? withAge(timeline.runsOut) : `Never: your savings last through ${withAge(end.month)}`);
  return { ...timeline, peak, expected };
}

// ---- The tests --------------------------------------------------------------------------------------

let desktopUser: Awaited<ReturnType<typeof household>>;
let phoneUser: Awaited<ReturnType<typeof household>>;
/** The phone user's plan started two months ago (the 8th, mid-afternoon UTC). */
const phoneStart = addMonths(today, -2);

beforeAll(async () => {
  app = await startApp();
  // The desktop user starts with the recommended assumptions only, and sets the rest on screen.
  desktopUser = await household('wmg-desktop', { ...RECOMMENDED, ...OWN }, TODAYS_DATES);
  // The phone user typed everything at sign-up, two months ago (pay and deposits running since),
  // and names no surplus account, so the measure worked below is cash and debts alone (what a
  // check-in month would have invested is taken off it: learning.test.ts).
  phoneUser = await household(
    'wmg-phone',
    { ...RECOMMENDED, ...OWN, other_spending: OTHER_SPENDING, retirement_spending: RETIREMENT_BUDGET },
    { alex: `${phoneStart}-12`, sam: `${phoneStart}-15`, deposit: `${phoneStart}-12` },
  );
  await backdateSignUp(app, [{ email: phoneUser.email, createdAt: new Date(`${phoneStart}-08T15:00:00.000Z`) }]);
}, 300_000);
afterAll(async () => app?.close());

describe('Where the money goes', () => {
  it('on a desktop: idle cash is named, then spent and invested; every net worth is the server tables\' and the peak is one this household can reach', async () => {
    const desktop = await app.newContext();
    try {
      const { email, token, brokerageId } = desktopUser;
      const { page } = await signedInPage(app, desktop, email, '/analytics', { token, subscribed: true });

      // Recommended assumptions only: the net pay no list claims piles up as cash.
      const before = await expectOverviewFromServer(page, token, 'future');
      const idleBefore = idleSentence(before.rows, false);
      // There is always one: once the daycare ends (2030-08) and the debts are paid, well over half
      // the pay is left each month (and on a late sign-up day, the sign-up month itself, whose
      // bills were paid before the plan started).
      expect(idleBefore).not.toBeNull();
      await expect.poll(() => page.getByTestId('idle-cash').innerText(), { timeout: 20_000 }).toContain(idleBefore!);
      await page.getByTestId('dollars-switch').getByText("Today's dollars", { exact: true }).click();
      const idleToday = await expectOverviewFromServer(page, token, 'today');

      // Other spending, the retirement budget and 80 % of the surplus to the brokerage, through the form.
      await page.getByRole('button', { name: 'Edit plan assumptions' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel("Other spending ($ a month, today's dollars)").fill(String(OTHER_SPENDING));
      await dialog.getByLabel("Retirement budget ($ a month, today's dollars)").fill(String(RETIREMENT_BUDGET));
      await dialog.getByLabel('Invest the surplus').selectOption({ label: 'Brokerage' });
      await dialog.getByLabel('Share of the surplus (%)').fill(String(SURPLUS_SHARE));
      await dialog.getByRole('button', { name: 'Save assumptions' }).click();
      await expect.poll(() => assumptionsOf(token), { timeout: 20_000 }).toMatchObject({
        ...RECOMMENDED,
        ...OWN,
        other_spending: OTHER_SPENDING,
        retirement_spending: RETIREMENT_BUDGET,
        surplus_account_id: brokerageId,
        surplus_share: SURPLUS_SHARE,
      });
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

      const after = await expectOverviewFromServer(page, token, 'today');
      // The surplus moves every working month from the plan start: the server's income rows say so.
      expect(after.rows.filter((row) => centsOf(row.saved) > 0).length).toBeGreaterThan(12);
      expect(idleSentence(after.rows, true)).toBeNull();
      await expect.poll(() => page.getByTestId('idle-cash').count()).toBe(0);

      // A sane peak: below what this household could hold at best (peakBound), and reached around
      // retirement, whose budget then spends it; the idle plan's money grew on for decades after.
      const bound = peakBound(after.peak.month);
      const peakToday = dollarsIn(after.expected.peak);
      expect(peakToday).toBeLessThan(bound);
      const yearsAfterRetiring = (point: Point) => (monthIndex(point.month) - monthIndex(RETIREMENT_MONTH)) / 12;
      expect(yearsAfterRetiring(after.peak)).toBeLessThan(2);
      expect(yearsAfterRetiring(idleToday.peak)).toBeGreaterThan(25);
      // Spending the other 4,500.00 a month leaves less at the peak than the idle plan announced,
      // whose peak no household like this one reaches.
      expect(peakToday).toBeLessThan(dollarsIn(idleToday.expected.peak));
      expect(dollarsIn(idleToday.expected.peak)).toBeGreaterThan(bound);

      await expectNoAxeViolations(page);
      await shootWhole(page, 'where-the-money-goes-desktop');
      await switchColorScheme(page, 'dark');
      await expectNoAxeViolations(page);
      await shootWhole(page, 'where-the-money-goes-desktop-dark');

      // The odds, as the What if tab computes them on the device for this plan.
      await openTab(page, 'What if');
      const headline = (id: string) => page.getByTestId(id).innerText().catch(() => '');
      await expect.poll(() => headline('monte-carlo-headline'), { timeout: 120_000 }).toMatch(/chance your money lasts through retirement/);
      await expect.poll(() => headline('history-headline'), { timeout: 120_000 }).toMatch(/of historical starts never ran short/);
      await expect.poll(() => page.getByTestId('risk-progress').count(), { timeout: 120_000 }).toBe(0);
      const monteCarlo = await headline('monte-carlo-headline');
      const history = await headline('history-headline');
      await shootWhole(page, 'where-the-money-goes-desktop-what-if-dark');
      expect(unexpectedErrors(page)).toEqual([]);
      console.log(
        [
          `where the money goes, desktop household (plan start ${today}):`,
          `  recommended assumptions only: peak net worth ${before.expected.peak} (${withAge(before.peak.month)}) in future dollars, ${idleToday.expected.peak} in today's dollars; idle cash: ${idleBefore}`,
          `  with other spending ${usdOf(OTHER_SPENDING * 100)}, retirement budget ${usdOf(RETIREMENT_BUDGET * 100)}, ${SURPLUS_SHARE}% of the surplus to the brokerage:`,
          `    net worth now ${after.expected.now}, peak ${after.expected.peak} (${withAge(after.peak.month)}; the bound: ${wholeOf(Math.round(bound * 100))}), at the end ${after.expected.end} (today's dollars); debt free ${after.debtFree}; money runs out ${after.runsOut ?? 'never'}`,
          `  What if: ${monteCarlo}; ${history}`,
        ].join('\n'),
      );
    } finally {
      await desktop.close();
    }
  }, 420_000);

  it('on a phone: two check-ins a month apart measure the spending, the offer sets Other spending once (offline), and the device\'s tables are the server\'s', async () => {
    const phone: BrowserContext = await app.newContext(onPhone({ width: 390, height: 844 }));
    try {
      const { email, token } = phoneUser;
      const lastMonth = addMonths(today, -1);

      // The plan started two months ago: the tables open on that month.
      const opened = await incomeRows(token);
      expect(opened[0]!.month).toBe(phoneStart);
      // Check-in 1, last month: cash came out 1,180.00 below the plan (whole dollars, as typed).
      const lastRow = opened.find((row) => row.month === lastMonth)!;
      const firstActual = Math.floor(Number(lastRow.end_balance)) - 1180;
      await apiCall(app, token, 'PUT', `/api/v1/income_months/${lastRow.id}`, { income_month: { input_end_balance: firstActual } });

      // Check-in 2, this month, on the /check-in page: everything as projected but cash, 2,650.00 lower.
      const { page } = await signedInPage(app, phone, email, '/check-in', { token, subscribed: true });
      const planned = centsOf((await incomeRows(token)).find((row) => row.month === today)!.end_balance);
      const plannedNetWorth = (await serverTimeline(token)).points.find((p) => p.month === today)!.netWorth;
      const cash = page.getByLabel('Cash on hand');
      await expect.poll(() => page.getByText(`Projected for ${today}: ${usdOf(planned)}`).count(), { timeout: 30_000 }).toBe(1);
      const typed = planned - 265_000;
      await cash.fill((typed / 100).toFixed(2));
      await screenshot(page, 'where-the-money-goes-phone-check-in');
      await page.getByRole('button', { name: 'Save check-in' }).click();
      await expect.poll(() => page.getByText(`Checked in for ${today}`).count(), { timeout: 30_000 }).toBe(1);
      await expect.poll(async () => (await incomeRows(token)).find((row) => row.month === today)?.input_end_balance, { timeout: 30_000 }).toBe(typed / 100);
      // What moved, in the one net worth: the server's before and after, to the cent (only cash moved).
      const checkedInNetWorth = (await serverTimeline(token)).points.find((p) => p.month === today)!.netWorth;
      expect(checkedInNetWorth).toBe(plannedNetWorth - 265_000);
      await expect.poll(() => page.getByRole('list', { name: 'What changed' }).innerText().catch(() => ''), { timeout: 20_000 }).toContain(
        `Net worth this month: ${usdOf(plannedNetWorth)} → ${usdOf(checkedInNetWorth)}.`,
      );
      await shootWhole(page, 'where-the-money-goes-phone-checked-in');

      // What the two check-ins measure (learning.ts), from the server's tables: this month's cash
      // below the plan made from last month's, less what the debts moved (nothing: they were
      // confirmed as projected), over one month.
      const rows = await incomeRows(token);
      const debtMonths = (await get(token, '/api/v1/debt_months')).debts as { debt_months: Record<string, any>[] }[];
      const checkIns = rows.filter((row) => row.input_end_balance !== null);
      expect(checkIns.map((row) => row.month)).toEqual([lastMonth, today]);
      const thisRow = checkIns[1]!;
      const debtGap = debtMonths
        .flatMap((d) => d.debt_months.filter((r) => r.month === today && r.input_remaining_balance !== null))
        .reduce((sum, r) => sum + centsOf(r.input_remaining_balance) - centsOf(r.remaining_amount), 0);
      const overspent = -(centsOf(thisRow.input_end_balance) - centsOf(thisRow.end_balance) - debtGap);
      expect(debtGap).toBe(0);
      expect(overspent).toBe(265_000);
      // Above $50 a month and above 5 % of the month's net income (17,516.67 → 875.83).
      expect(overspent * 100).toBeGreaterThan(5 * centsOf(thisRow.net_income));
      const target = OTHER_SPENDING * 100 + overspent;

      // The Overview offers it, on top of the 4,500.00 already set, and its figures are the server's.
      await page.getByRole('link', { name: 'Analytics', exact: true }).first().click();
      await openTab(page, 'Overview');
      const offer = page.getByTestId('spending-offer');
      await expect.poll(() => offer.innerText().catch(() => ''), { timeout: 30_000 }).toContain(
        `Your check-ins say you spend about ${usdOf(overspent)} a month more than your plan counts. Set Other spending to ${usdOf(target)} (now ${usdOf(OTHER_SPENDING * 100)})?`,
      );
      expect(await offer.innerText()).toContain(`From your check-ins of ${lastMonth} to ${today}`);
      const checkedIn = await expectOverviewFromServer(page, token, 'future');
      await shootWhole(page, 'where-the-money-goes-phone-offer');

      // Accepted offline: one write of other_spending when back online, and the tables the device
      // made meanwhile (provisional) are the server's.
      await goOffline(phone, page);
      await page.getByRole('button', { name: `Set Other spending to ${usdOf(target)}` }).click();
      // Measured against the plan that now counts it, the check-ins show nothing more to add.
      await expect.poll(() => page.getByTestId('spending-offer').count(), { timeout: 20_000 }).toBe(0);
      expect((await assumptionsOf(token))!.other_spending).toBe(OTHER_SPENDING);
      await openTab(page, 'Income Future');
      await expect.poll(() => page.getByTestId('provisional-mark').count(), { timeout: 20_000 }).toBe(1);
      const nextRows = () => Promise.all([0, 1, 2, 3].map((i) => monthCells(page, 'Income months', addMonths(today, i))));
      const offline = await nextRows();
      // Next month (month 4 of the plan, prices not yet grown): the list's 4,170.00 and 7,150.00 of other spending.
      expect(offline[1]![5]).toBe(WHOLE.format(4170 + target / 100));
      await shootWhole(page, 'where-the-money-goes-phone-income-offline');

      const writes: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/assumptions') && request.method() !== 'GET') writes.push(request.method());
      });
      await phone.setOffline(false);
      await expect.poll(async () => (await assumptionsOf(token))?.other_spending, { timeout: 30_000 }).toBe(target / 100);
      await expect.poll(() => page.getByTestId('provisional-mark').count(), { timeout: 30_000 }).toBe(0);
      await expect.poll(() => page.getByText('pending sync').count(), { timeout: 30_000 }).toBe(0);
      const server = await incomeRows(token);
      const serverEnd = (month: string) => WHOLE.format(Number(server.find((row) => row.month === month)!.end_balance));
      await expect.poll(() => monthCells(page, 'Income months', addMonths(today, 3)).then((c) => c.at(-2)), { timeout: 30_000 }).toBe(serverEnd(addMonths(today, 3)));
      expect(offline.map((c) => c.at(-2))).toEqual([0, 1, 2, 3].map((i) => (i === 0 ? WHOLE.format(typed / 100) : serverEnd(addMonths(today, i)))));
      expect(await nextRows()).toEqual(offline);
      expect(writes).toEqual(['PUT']);

      // The Overview after the change: the server's figures, no offer, at phone width, light and dark.
      await openTab(page, 'Overview');
      const accepted = await expectOverviewFromServer(page, token, 'future');
      await expect.poll(() => page.getByTestId('spending-offer').count()).toBe(0);
      await expectNoAxeViolations(page);
      await shootWhole(page, 'where-the-money-goes-phone');
      await switchColorScheme(page, 'dark');
      await expectNoAxeViolations(page);
      await shootWhole(page, 'where-the-money-goes-phone-dark');
      expect(unexpectedErrors(page)).toEqual([]);
      console.log(
        [
          `where the money goes, phone household (plan start ${phoneStart}, check-ins ${lastMonth} and ${today}):`,
          `  measured other spending ${usdOf(overspent)} a month; offered and saved: Other spending ${usdOf(target)} (was ${usdOf(OTHER_SPENDING * 100)})`,
          `  after the check-ins: net worth now ${checkedIn.expected.now}, peak ${checkedIn.expected.peak}, at the end ${checkedIn.expected.end} (future dollars)`,
          `  after accepting: net worth now ${accepted.expected.now}, peak ${accepted.expected.peak}, at the end ${accepted.expected.end}`,
        ].join('\n'),
      );
    } finally {
      await phone.close();
    }
  }, 420_000);
});
