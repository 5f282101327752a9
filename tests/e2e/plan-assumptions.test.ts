/**
 * The Plan assumptions card end to end (real server, production build, Chromium): the plain
 * notice while none are set, one click for the recommended values (also offline, sent once when
 * back online), at phone and desktop widths. Then the plan they shape: the Overview's end figure
 * falls from the nominal one, Today's dollars divides it by inflation, an ended expense and a
 * contribution deducted from pay show in Income Future — and the same edits made offline show
 * the figures the server sends after sync.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, apiCall, apiSignUp, expectNoAxeViolations, goOffline, onPhone, screenshot, signedInPage, startApp, subscribeUser, uniqueEmail, switchColorScheme } from './harness.ts';
import { MONTHS } from '../../src/shared/resources.ts';
import { monthCells, planStart, planStartDay } from './pages.ts';

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.close());

const assumptionsOf = async (token: string) => ((await apiCall(app, token, 'GET', '/api/v1/assumptions')) as { assumptions: Record<string, unknown> | null }).assumptions;

describe('Plan assumptions card', () => {
  let context: BrowserContext;
  afterAll(async () => context?.close());

  it('on a phone: says what the figures leave out, then takes the recommended values offline and sends them once', async () => {
    context = await app.newContext(onPhone());
    const { page, token } = await signedInPage(app, context);
    await page.getByRole('tab', { name: 'Retirement Plan', exact: true }).click();
    await expect.poll(() => page.getByText('Without plan assumptions, projections are in future (nominal) dollars').isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'plan-assumptions-phone');

    await goOffline(context, page);
    await page.getByRole('button', { name: 'Use recommended' }).click();
    await expect.poll(() => page.getByTestId('assumption-inflation_rate').innerText()).toBe('2.5% a year');
    await expect.poll(() => page.getByText('pending sync').count()).toBeGreaterThan(0);
    expect(await assumptionsOf(token)).toBeNull();

    await context.setOffline(false);
    await expect.poll(() => assumptionsOf(token)).toMatchObject({ inflation_rate: 2.5, retirement_tax_rate: 12, spend_cash_in_retirement: true, withdrawal_order: 'tax_aware', cash_balance: null, filing_status: null });
    await expect.poll(() => page.getByText('pending sync').count()).toBe(0);
    await screenshot(page, 'plan-assumptions-phone-set');
    await switchColorScheme(page, 'dark');
    await screenshot(page, 'plan-assumptions-phone-dark');
  });

  it('on a desktop: sets a value by hand, refused out of range with the rule\'s message', async () => {
    const desktop = await app.newContext();
    try {
      const { page, token } = await signedInPage(app, desktop);
      await page.getByRole('tab', { name: 'Retirement Plan', exact: true }).click();
      await page.getByRole('button', { name: 'Edit plan assumptions' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Inflation (% a year)').fill('25');
      await dialog.getByRole('button', { name: 'Save assumptions' }).click();
      await expect.poll(() => dialog.getByText('Inflation rate must be between 0 and 20').isVisible()).toBe(true);
      await screenshot(page, 'plan-assumptions-form');
      await dialog.getByLabel('Inflation (% a year)').fill('3');
      await dialog.getByLabel('Cash today').fill('12500');
      await dialog.getByRole('button', { name: 'Save assumptions' }).click();
      await expect.poll(() => assumptionsOf(token)).toMatchObject({ inflation_rate: 3, cash_balance: 12500 });
      await expect.poll(() => page.getByTestId('assumption-cash_balance').innerText()).toBe('$12,500.00');
      await screenshot(page, 'plan-assumptions-desktop');
      await switchColorScheme(page, 'dark');
      await expectNoAxeViolations(page);
      await screenshot(page, 'plan-assumptions-desktop-dark');
    } finally {
      await desktop.close();
    }
  });
});

const pad = (n: number) => String(n).padStart(2, '0');
const monthPlus = (count: number) => {
  const [year, month] = planStart.split('-').map(Number) as [number, number];
  const index = year * 12 + month - 1 + count;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
};
const thisYear = Number(planStart.slice(0, 4));
const WHOLE = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
/** Whole dollars of an amount in cents, as the analytics screens print it. */
const wholeOfCents = (cents: bigint) => WHOLE.format(Number(cents) / 100);
const centsOf = (dollars: unknown) => BigInt(Math.round(Number(dollars) * 100));
const dollarsIn = (text: string) => Number(text.replace(/[$,]/g, ''));

/** The cards' recommended values (recommendations.ts), sent for the second household. */
const RECOMMENDED = { inflation_rate: 2.5, salary_growth_rate: 3, social_security_cola: 2.5, cash_interest_rate: 3, home_appreciation_rate: 3, retirement_tax_rate: 12, spend_cash_in_retirement: true, withdrawal_order: 'tax_aware' };

/** A subscriber: pay 5,000.00 a month, rent 1,500.00, daycare 900.00, groceries 600.00, a 401(k) taking 500.00 a month. */
async function household(): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('plan');
  const token = await apiSignUp(app, email);
  const post = (apiPath: string, body: object) => apiCall(app, token, 'POST', apiPath, body);
  await post('/api/v1/incomes', { income: { name: 'Salary', pay_cycle: 'monthly', next_pay_date: `${planStart}-01`, gross_pay: 7000, net_pay: 5000 } });
  await post('/api/v1/housing', { housing: { housing_type: 'Rent', total_monthly_payment: 1500 } });
  await post('/api/v1/monthly_expenses', { monthly_expense: { name: 'Daycare', amount: 900, due_day: 1 } });
  await post('/api/v1/monthly_expenses', { monthly_expense: { name: 'Groceries', amount: 600, due_day: 3 } });
  await post('/api/v1/retirement_accounts', {
    retirement_account: { name: 'Work 401k', account_type: 'traditional_401k', contribution_amount: 500, employer_match: 0, employer_contribution_amount: 0, starting_balance: 20000, expected_return_rate: 7, contribution_cycle: 'monthly', next_deposit_date: `${planStart}-15` },
  });
  await post('/api/v1/retirement_plan', {
    retirement_plan: { retirement_date: `${thisYear + 25}-01-01`, interest_rate: 5, social_security_income: 2000, social_security_start_date: `${thisYear + 27}-01-01`, years_of_retirement: 30 },
  });
  subscribeUser(app, email);
  return { email, token };
}

const INCOME = 'Income months';
const endFigure = (page: Page) => page.getByTestId('figure-At the End').innerText();

async function openAnalyticsTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect.poll(() => page.getByRole('tab', { name, exact: true, selected: true }).count()).toBe(1);
}

/** On the dashboard: the Daycare ends after next month, and the 401(k) is marked as taken from pay. */
async function endDaycareAndDeduct401k(page: Page, shot: string) {
  await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
  await openAnalyticsTab(page, 'Monthly Expenses');
  await page.getByRole('button', { name: 'Edit Daycare' }).click();
  const expense = page.getByRole('dialog');
  await expense.getByLabel('End Month', { exact: false }).fill(monthPlus(1));
  await expense.getByRole('button', { name: 'Update Expense' }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  await openAnalyticsTab(page, 'Retirement Accounts');
  await page.getByRole('button', { name: 'Edit Work 401k' }).click();
  const account = page.getByRole('dialog');
  await account.getByRole('checkbox', { name: 'Deducted from my paycheck' }).check();
  await screenshot(page, shot);
  await account.getByRole('button', { name: 'Update Account' }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  await page.getByRole('link', { name: 'Analytics', exact: true }).first().click();
  await openAnalyticsTab(page, 'Income Future');
}

/**
 * Waits until the page's mirror holds the server's month tables as the server now has them, none
 * recomputed on the device: after an edit the Overview's figures change until they are there.
 */
async function mirrorHasServerTables(page: Page, token: string) {
  const mirrorRows = `new Promise((resolve, reject) => {
    const open = indexedDB.open('runway');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const all = open.result.transaction('months').objectStore('months').getAll();
      all.onsuccess = () => { open.result.close(); resolve(all.result); };
      all.onerror = () => reject(all.error);
    };
  })`;
  await expect
    .poll(
      async () => {
        const rows = (await page.evaluate(mirrorRows)) as { name: string; body: unknown; provisional: boolean }[];
        for (const [name, { path }] of Object.entries(MONTHS)) {
          const row = rows.find((candidate) => candidate.name === name);
          if (!row || row.provisional || JSON.stringify(row.body) !== JSON.stringify(await apiCall(app, token, 'GET', path))) return `${name} differs`;
        }
        return 'the server’s';
      },
      { timeout: 30_000 },
    )
    .toBe('the server’s');
}

/** The first four Income Future rows' cells. */
const firstRows = (page: Page) => Promise.all([0, 1, 2, 3].map((i) => monthCells(page, INCOME, monthPlus(i))));

describe('A plan with assumptions', () => {
  it('recomputes the end figure, shows it in today\'s dollars below the nominal one, and shows an ended expense and a deducted 401(k)', async () => {
    const desktop = await app.newContext();
    try {
      const { email, token } = await household();
      const { page } = await signedInPage(app, desktop, email, '/analytics', { token, subscribed: true });
      await expect.poll(() => endFigure(page), { timeout: 20_000 }).toMatch(/^\$/);
      const nominal = await endFigure(page);
      await page.getByRole('button', { name: 'Use recommended' }).click();
      await expect.poll(() => assumptionsOf(token), { timeout: 20_000 }).toMatchObject(RECOMMENDED);
      await expect.poll(() => endFigure(page), { timeout: 20_000 }).not.toBe(nominal);

      // The end figure, worked from the server's own tables: the last living month's cash left plus
      // the accounts' balance (no debts, no home), in that month's dollars, then ÷ 1.025^k with k
      // the plan year of that month: cents × 40^k / 41^k, rounded half up.
      const tables = (await apiCall(app, token, 'GET', '/api/v1/retirement_months')) as { total: Record<string, unknown>[] };
      const last = tables.total.at(-1)!;
      const endCents = centsOf(last.cash_balance ?? 0) + centsOf(last.display_balance);
      await expect.poll(() => endFigure(page)).toBe(wholeOfCents(endCents));
      const [y, m] = String(last.month).split('-').map(Number) as [number, number];
      const n = (y * 12 + m) - (thisYear * 12 + Number(planStart.slice(5, 7))) + 1;
      const k = BigInt(Math.floor((n - 1) / 12));
      const scaled = endCents * 40n ** k;
      const divisor = 41n ** k;
      const today = (2n * scaled + divisor) / (2n * divisor);
      await page.getByTestId('dollars-switch').getByText("Today's dollars", { exact: true }).click();
      await expect.poll(() => endFigure(page)).toBe(wholeOfCents(today));
      // Decades of 3 % raises and cash earning 3 % grow the nominal figure; in today's dollars the
      // same plan ends below what the nominal, untaxed projection announced.
      expect(dollarsIn(await endFigure(page))).toBeLessThan(dollarsIn(nominal));
      await screenshot(page, 'plan-todays-dollars-overview');

      // Income Future in today's dollars: month 13's expenses grew 2.5 % (900 → 922.50, 600 →
      // 615.00) and shrink back to 1,500; in future dollars they are 1,537.50 → $1,538.
      await openAnalyticsTab(page, 'Income Future');
      await expect.poll(() => monthCells(page, INCOME, monthPlus(12)).then((c) => c[5]), { timeout: 20_000 }).toBe('$1,500');
      await page.getByTestId('dollars-switch').getByText('Future dollars', { exact: true }).click();
      await expect.poll(() => monthCells(page, INCOME, monthPlus(12)).then((c) => c[5])).toBe('$1,538');
      // Month 1: pay 5,000, cash interest on 0 is 0, the 401(k)'s 500; rent 1,500 and the daycare
      // (due the 1st) 900 and groceries (due the 3rd) 600 only when not yet due on the sign-up day.
      const rent = planStartDay > 1 ? 0 : 1500;
      const bills = (1 < planStartDay ? 0 : 900) + (3 < planStartDay ? 0 : 600);
      const month1 = [planStart, '$5,000', '$0', '$500', WHOLE.format(rent), WHOLE.format(bills), '$0', WHOLE.format(5000 - 500 - rent - bills), 'Edit'];
      expect(await monthCells(page, INCOME, planStart)).toEqual(month1);

      await endDaycareAndDeduct401k(page, 'plan-account-form-desktop');
      // The daycare is paid through next month; the 500 is already out of the 5,000 entered.
      await expect.poll(() => monthCells(page, INCOME, monthPlus(2)).then((c) => [c[3], c[5]]), { timeout: 20_000 }).toEqual(['$0', '$600']);
      expect((await monthCells(page, INCOME, monthPlus(1)))[5]).toBe('$1,500');
      const rows = (await apiCall(app, token, 'GET', '/api/v1/income_months')) as { income_months: Record<string, unknown>[] };
      expect(rows.income_months[2]).toMatchObject({ month: monthPlus(2), retirement_contributions: 0, expenses: 600 });
      await screenshot(page, 'plan-income-future-desktop');

      // A home value puts the home in net worth: 350,000.00 now, 3 % more each plan year. Read
      // once the edits above have reached the tables on the page, from a page drawn from them.
      await mirrorHasServerTables(page, token);
      await page.reload();
      await openAnalyticsTab(page, 'Overview');
      const before = await page.getByTestId('figure-Net Worth Now').innerText();
      await page.getByRole('button', { name: 'Edit plan assumptions' }).click();
      await page.getByRole('dialog').getByLabel('Home value').fill('350000');
      await page.getByRole('dialog').getByRole('button', { name: 'Save assumptions' }).click();
      await expect.poll(() => page.getByText('Cash from your income table, your retirement and taxable accounts, your home and what you owe, month by month.').isVisible(), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      // Read again, as before, from a page drawn once the server's tables for the new assumptions
      // are in the mirror (a figure read while they were still arriving was off by 3,000 in CI).
      await mirrorHasServerTables(page, token);
      await page.reload();
      await openAnalyticsTab(page, 'Overview');
      expect(dollarsIn(await page.getByTestId('figure-Net Worth Now').innerText()) - dollarsIn(before)).toBe(350_000);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'plan-home-overview');
    } finally {
      await desktop.close();
    }
  });

  it('on a phone, offline: the same edits show the figures the server sends after sync', async () => {
    const phone = await app.newContext(onPhone({ width: 390, height: 844 }));
    try {
      const { email, token } = await household();
      await apiCall(app, token, 'POST', '/api/v1/assumptions', { assumptions: RECOMMENDED });
      const { page } = await signedInPage(app, phone, email, '/analytics', { token, subscribed: true });
      await openAnalyticsTab(page, 'Income Future');
      await expect.poll(() => monthCells(page, INCOME, planStart).then((c) => c[3]), { timeout: 20_000 }).toBe('$500');

      await goOffline(phone, page);
      await endDaycareAndDeduct401k(page, 'plan-account-form-phone');
      await expect.poll(() => page.getByTestId('provisional-mark').count(), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => monthCells(page, INCOME, monthPlus(2)).then((c) => [c[3], c[5]])).toEqual(['$0', '$600']);
      const offline = await firstRows(page);
      await screenshot(page, 'plan-income-future-phone-offline');

      await phone.setOffline(false);
      await expect.poll(async () => ((await apiCall(app, token, 'GET', '/api/v1/retirement_accounts')) as { retirement_accounts: { payroll_deducted: boolean }[] }).retirement_accounts[0]?.payroll_deducted, { timeout: 20_000 }).toBe(true);
      await expect.poll(() => page.getByTestId('provisional-mark').count(), { timeout: 20_000 }).toBe(0);
      const server = (await apiCall(app, token, 'GET', '/api/v1/income_months')) as { income_months: Record<string, unknown>[] };
      expect(server.income_months[2]).toMatchObject({ expenses: 600, retirement_contributions: 0 });
      // The server's tables after both edits reach the page (each replayed edit sends its own).
      const serverEnd = WHOLE.format(Number(server.income_months[3]?.end_balance));
      await expect.poll(() => monthCells(page, INCOME, monthPlus(3)).then((c) => c.at(-2)), { timeout: 20_000 }).toBe(serverEnd);
      // What the device computed offline is what the server computed.
      expect(offline[3]?.at(-2)).toBe(serverEnd);
      expect(await firstRows(page)).toEqual(offline);
      await screenshot(page, 'plan-income-future-phone');
    } finally {
      await phone.close();
    }
  });
});
