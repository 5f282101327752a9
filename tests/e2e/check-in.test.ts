/**
 * The monthly check-in end to end (real server, production build, Chromium): a subscriber enters
 * this month's real balances for cash, a card and a Roth IRA in one Save, and every screen then
 * shows the same figures — Debt Progress and both retirement tabs mark them Actual with what they
 * moved, the dashboard shows them as of this month, and Progress Tracking compares them with the
 * plan kept at the check-in. On a phone the same check-in is made offline, survives a reload, and
 * lands exactly once when the connection returns. A household with a mortgage also checks in its
 * mortgage balance and its home's value, and the Overview's net worth counts them.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, SHOT_DIR, apiCall, apiSignUp, expectNoAxeViolations, goOffline, onPhone, screenshot, signedInPage, startApp, subscribeUser, uniqueEmail, switchColorScheme } from './harness.ts';
import { monthCells, planStart } from './pages.ts';

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.close());

const thisYear = Number(planStart.slice(0, 4));

/**
 * Pay 5,000.00 a month, rent 1,500.00; a Visa owing 6,200.00 at 24 % paying 200.00 (month 1
 * interest 6,200 × 0.24 / 12 = 124.00, so it computes 6,124.00); a Roth IRA of 20,000.00 at 6 %
 * taking 500.00 a month (month 1 interest 100.00, computes 20,600.00).
 */
async function household(): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('checkin');
  const token = await apiSignUp(app, email);
  const post = (apiPath: string, body: object) => apiCall(app, token, 'POST', apiPath, body);
  await post('/api/v1/incomes', { income: { name: 'Salary', pay_cycle: 'monthly', next_pay_date: `${planStart}-01`, gross_pay: 7000, net_pay: 5000 } });
  await post('/api/v1/housing', { housing: { housing_type: 'Rent', total_monthly_payment: 1500 } });
  await post('/api/v1/debts', { debt: { name: 'Visa', creditor: 'Chase', original_amount: 8000, remaining_amount: 6200, apr: 24, monthly_payment: 200, original_term: 60, due_day: 5 } });
  await post('/api/v1/retirement_accounts', {
    retirement_account: { name: 'Roth IRA', account_type: 'roth_ira', contribution_amount: 500, employer_match: 0, employer_contribution_amount: 0, starting_balance: 20000, expected_return_rate: 6, contribution_cycle: 'monthly', next_deposit_date: `${planStart}-15` },
  });
  await post('/api/v1/retirement_plan', {
    retirement_plan: { retirement_date: `${thisYear + 25}-01-01`, interest_rate: 5, social_security_income: 2000, social_security_start_date: `${thisYear + 27}-01-01`, years_of_retirement: 30 },
  });
  subscribeUser(app, email);
  return { email, token };
}

type Row = Record<string, unknown>;
const get = async <T>(token: string, apiPath: string) => (await apiCall(app, token, 'GET', apiPath)) as T;
const visaRow = async (token: string) => (await get<{ debts: { debt_months: Row[] }[] }>(token, '/api/v1/debt_months')).debts[0]!.debt_months.find((r) => r.month === planStart);
const rothRow = async (token: string, table: 'retirement' | 'contribution') =>
  (await get<{ retirement_accounts: Record<string, Row[]>[] }>(token, `/api/v1/${table}_months`)).retirement_accounts[0]![`${table}_months`]!.find((r) => r.month === planStart);
const cashRow = async (token: string) => (await get<{ income_months: Row[] }>(token, '/api/v1/income_months')).income_months.find((r) => r.month === planStart);
const baselines = async (token: string) => (await get<{ baselines: Row[] }>(token, '/api/v1/baselines')).baselines;

async function fillCheckIn(page: Page) {
  await expect.poll(() => page.getByLabel('Visa').count(), { timeout: 20_000 }).toBe(1);
  await page.getByLabel('Cash on hand').fill('3000');
  await page.getByLabel('Visa').fill('6050');
  await page.getByLabel('Roth IRA').fill('22400');
}

/** What the server must hold after the check-in, once: the three actuals and one baseline. */
async function expectLanded(token: string) {
  await expect.poll(() => visaRow(token), { timeout: 20_000 }).toMatchObject({ input_remaining_balance: 6050, display_end_balance: 6050, remaining_amount: 6124, is_actual: true, adjustment: -74 });
  await expect.poll(() => rothRow(token, 'retirement'), { timeout: 20_000 }).toMatchObject({ input_balance: 22400, display_balance: 22400, balance: 20600, is_actual: true, adjustment: 1800 });
  expect(await rothRow(token, 'contribution')).toMatchObject({ input_end_balance: 22400, display_balance: 22400, is_actual: true, adjustment: 1800 });
  await expect.poll(() => cashRow(token), { timeout: 20_000 }).toMatchObject({ input_end_balance: 3000, is_actual: true });
  // Exactly one of each: the outbox is empty by now, so nothing more can arrive.
  expect((await baselines(token)).map((b) => b.name)).toEqual([`Check-in ${planStart}`]);
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect.poll(() => page.getByRole('tab', { name, exact: true, selected: true }).count()).toBe(1);
}

describe('Monthly check-in', () => {
  it('on a desktop: one Save sets cash, a debt and an account, and every screen shows the same figures', async () => {
    const desktop = await app.newContext();
    try {
      const { email, token } = await household();
      const { page } = await signedInPage(app, desktop, email, '/check-in', { token, subscribed: true });
      await fillCheckIn(page);
      await expectNoAxeViolations(page);
      await screenshot(page, 'check-in-desktop');
      await page.getByRole('button', { name: 'Save check-in' }).click();
      await expect.poll(() => page.getByText(`Checked in for ${planStart}`).count(), { timeout: 20_000 }).toBe(1);
      await expectLanded(token);
      await expect.poll(() => page.getByRole('list', { name: 'What changed' }).innerText(), { timeout: 20_000 }).toContain('Net worth this month');
      await screenshot(page, 'check-in-desktop-done');

      await page.getByRole('link', { name: 'See your projections' }).click();
      await openTab(page, 'Debt Progress');
      await page.getByRole('tab', { name: 'Visa', exact: true }).click();
      // The card's row: marked Actual, 6,050 shown, and what the actual moved: 6,050 − 6,124 = −74.
      await expect.poll(() => monthCells(page, 'Debt months, Visa', planStart), { timeout: 20_000 }).toEqual([`${planStart}\nActual`, '$200', '$76', '$124', '$6,050', '24.38%', '-$74', 'Edit']);
      await screenshot(page, 'check-in-debt-progress-desktop');
      await openTab(page, 'Retirement Contributions');
      await expect.poll(() => page.getByText('$22,400').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await openTab(page, 'Retirement Living');
      // This month is before retirement: Current & Future starts at retirement, All Months shows it.
      await page.getByText('All Months', { exact: true }).click();
      await expect.poll(() => page.getByText('$22,400').count(), { timeout: 20_000 }).toBeGreaterThan(0);

      await openTab(page, 'Overview');
      const progress = page.getByRole('region', { name: 'Progress Tracking' });
      await expect.poll(() => progress.getByRole('table', { name: `Gap in ${planStart}, by cause` }).count(), { timeout: 20_000 }).toBe(1);
      // Against the plan kept at the check-in: cash 3,000 vs the planned month, Visa 74 less owed,
      // the IRA 1,800 more. The accounts' 1,800 is returns (no extra contribution).
      expect(await progress.getByRole('table', { name: `Gap in ${planStart}, by cause` }).innerText()).toContain('+$1,800');
      await progress.scrollIntoViewIfNeeded();
      await screenshot(page, 'check-in-progress-desktop');

      // The dashboard shows the same balances, as of this month.
      await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
      await expect.poll(() => page.getByRole('group', { name: 'Financial Health' }).innerText(), { timeout: 20_000 }).toContain('Cash covers');
      await expect.poll(() => page.getByText(`Checked in for ${planStart}`).count()).toBe(1);
      await screenshot(page, 'check-in-dashboard-overview-desktop');
      await openTab(page, 'Debts');
      const debts = page.getByRole('table', { name: 'Debts' });
      await expect.poll(() => debts.innerText(), { timeout: 20_000 }).toContain('$6,050.00');
      expect(await debts.innerText()).toContain(`actual as of ${planStart}`);
      await screenshot(page, 'check-in-dashboard-debts-desktop');
      await openTab(page, 'Retirement Accounts');
      await expect.poll(() => page.getByText('$22,400.00').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    } finally {
      await desktop.close();
    }
  });

  it('on a phone: made offline, kept through a reload, and sent exactly once when back online', async () => {
    const phone = await app.newContext(onPhone({ width: 390, height: 844 }));
    try {
      const { email, token } = await household();
      const { page } = await signedInPage(app, phone, email, '/analytics', { token, subscribed: true });
      // The tables reach the device while online; then the connection goes.
      await openTab(page, 'Debt Progress');
      await expect.poll(() => page.getByRole('tab', { name: 'Visa', exact: true }).count(), { timeout: 20_000 }).toBe(1);
      await page.goto('/check-in');
      await expect.poll(() => page.getByLabel('Visa').count(), { timeout: 20_000 }).toBe(1);
      await goOffline(phone, page);
      await fillCheckIn(page);
      await page.getByRole('button', { name: 'Save check-in' }).click();
      await expect.poll(() => page.getByText('Check-in saved on this device').count(), { timeout: 20_000 }).toBe(1);
      await screenshot(page, 'check-in-phone-offline');
      expect((await visaRow(token))?.input_remaining_balance).toBeNull();

      // Offline, a reload keeps the queued balances: the form shows them as the user's own.
      await page.reload();
      await expect.poll(() => page.getByLabel('Visa').inputValue(), { timeout: 20_000 }).toBe('6050.00');
      await expect.poll(() => page.getByText(`Your balance for ${planStart}: $6,050.00`).count()).toBe(1);

      await phone.setOffline(false);
      await expectLanded(token);
      await expect.poll(() => page.getByText('pending sync').count(), { timeout: 20_000 }).toBe(0);
      await screenshot(page, 'check-in-phone-online');

      // Every screen agrees, at phone width.
      await page.goto('/dashboard');
      await expect.poll(() => page.getByText(`Checked in for ${planStart}`).count(), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => page.getByRole('group', { name: 'Active Debts' }).innerText()).toContain('$6,050.00 total balance');
      await screenshot(page, 'check-in-dashboard-phone');
      await openTab(page, 'Debts');
      await expect.poll(() => page.getByRole('table', { name: 'Debts' }).innerText(), { timeout: 20_000 }).toContain(`actual as of ${planStart}`);
      await screenshot(page, 'check-in-dashboard-debts-phone');
      await page.goto('/analytics');
      await openTab(page, 'Debt Progress');
      await page.getByRole('tab', { name: 'Visa', exact: true }).click();
      // On a phone the balance column moves next to Edit, where both stay pinned in view.
      await expect.poll(() => monthCells(page, 'Debt months, Visa', planStart).then((cells) => cells.slice(1)), { timeout: 20_000 }).toEqual(['$200', '$76', '$124', '24.38%', '-$74', '$6,050', 'Edit']);
      await screenshot(page, 'check-in-debt-progress-phone');
      await openTab(page, 'Overview');
      const progress = page.getByRole('region', { name: 'Progress Tracking' });
      await expect.poll(() => progress.getByRole('table', { name: `Gap in ${planStart}, by cause` }).innerText(), { timeout: 20_000 }).toContain('+$1,800');
      await progress.screenshot({ path: path.join(SHOT_DIR, 'check-in-progress-phone.png') });
      await page.goto('/check-in');
      await expect.poll(() => page.getByLabel('Visa').count(), { timeout: 20_000 }).toBe(1);
      await switchColorScheme(page, 'dark');
      await expectNoAxeViolations(page);
      await screenshot(page, 'check-in-phone-dark');
    } finally {
      await phone.close();
    }
  });

  it('on a phone: a mortgage household checks in its mortgage balance and home value, and the Overview counts them', async () => {
    const phone = await app.newContext(onPhone({ width: 390, height: 844 }));
    try {
      const email = uniqueEmail('checkin-home');
      const token = await apiSignUp(app, email);
      const post = (apiPath: string, body: object) => apiCall(app, token, 'POST', apiPath, body);
      await post('/api/v1/incomes', { income: { name: 'Salary', pay_cycle: 'monthly', next_pay_date: `${planStart}-01`, gross_pay: 7000, net_pay: 5000 } });
      await post('/api/v1/housing', {
        housing: { housing_type: 'Mortgage', total_monthly_payment: 1800, original_purchase_price: 300000, down_payment: 60000, interest_rate: 6.5, term: 30, open_date: '2020-06-01', current_balance: 200000, escrow_payment: 300 },
      });
      subscribeUser(app, email);
      const { page } = await signedInPage(app, phone, email, '/check-in', { token, subscribed: true });
      // No home value is known yet: the field is empty and says what entering one does.
      await expect.poll(() => page.getByLabel('Mortgage balance').inputValue(), { timeout: 20_000 }).toMatch(/^\d+\.\d\d$/);
      expect(await page.getByLabel('Home value').inputValue()).toBe('');
      await expect.poll(() => page.getByText('Not counted yet:', { exact: false }).count()).toBe(1);
      await page.getByLabel('Mortgage balance').fill('195000');
      await page.getByLabel('Home value').fill('410000');
      await expectNoAxeViolations(page);
      await screenshot(page, 'check-in-home-phone');
      await page.getByRole('button', { name: 'Save check-in' }).click();
      await expect.poll(() => cashRow(token), { timeout: 20_000 }).toMatchObject({ input_mortgage_balance: 195000, input_home_value: 410000, is_actual: true });
      await expect.poll(() => page.getByRole('list', { name: 'What changed' }).innerText(), { timeout: 20_000 }).toContain('Net worth this month');

      // The Overview's net worth now: this month's cash, as checked in, + the home − the mortgage.
      const cash = Number((await cashRow(token))!.input_end_balance);
      const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(Math.round(cash) + 410000 - 195000);
      await page.goto('/analytics');
      await openTab(page, 'Overview');
      await expect.poll(() => page.getByTestId('figure-Net Worth Now').innerText(), { timeout: 20_000 }).toBe(whole);
      await screenshot(page, 'check-in-home-overview-phone');
      await page.goto('/check-in');
      await expect.poll(() => page.getByLabel('Home value').inputValue(), { timeout: 20_000 }).toBe('410000.00');
      await switchColorScheme(page, 'dark');
      await screenshot(page, 'check-in-home-phone-dark');
    } finally {
      await phone.close();
    }
  });
});
