/**
 * The layout a person meets on a phone, checked against a desktop (real server, production build,
 * Chromium): at 390×844 and 1366×900, in the light and the dark scheme,
 * - the header is one row, and on a phone the main links sit in a bar along the bottom;
 * - the page never scrolls sideways;
 * - the dashboard's first and last tabs, and each analytics tab with a month table, are chosen and
 *   shown fully in view in their strip;
 * - each month table shows its month, its balance column (End Balance or Balance) and the Edit
 *   action of its rows inside the screen, without scrolling the table sideways;
 * - analytics' Overview and What if, home, the check-in, the profile and a legal page fit the
 *   width with the same header;
 * - axe finds nothing above minor on any of these screens.
 * Every screen is shot to test-results/e2e/layout-*.png (the analytics ones as the screen shows
 * the table).
 */
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, SHOT_DIR, apiCall, apiSignUp, axeViolations, onPhone, shoot, signedInPage, startApp, subscribeUser, switchColorScheme, uniqueEmail } from './harness.ts';
import { planStart } from './pages.ts';

const PHONE_390 = { width: 390, height: 844 };
const WIDE = { width: 1366, height: 900 };

const now = new Date();
const retirementYear = now.getUTCFullYear() + 30;

// Actual balances are kept per debt and per account: their tables carry the Edit action.
const ANALYTICS_TABS = [
  { name: 'Income Future', table: 'Income months', balance: 'End Balance' },
  { name: 'Debt Progress', entity: 'Visa', table: 'Debt months, Visa', balance: 'End Balance' },
  { name: 'Retirement Contributions', entity: 'Roth IRA', table: 'Contribution months, Roth IRA', balance: 'Balance' },
  // Under Current & Future it starts at retirement, decades ahead: no month there is editable yet.
  { name: 'Retirement Living', table: 'Retirement months, All Accounts', balance: 'Balance', noEdit: true },
] as const;

let app: App;
let email: string;
let token: string;

beforeAll(async () => {
  app = await startApp();
  email = uniqueEmail('layout');
  token = await apiSignUp(app, email);
  await apiCall(app, token, 'POST', '/api/v1/incomes', { income: { name: 'Salary', pay_cycle: 'monthly', next_pay_date: `${planStart}-25`, gross_pay: 5200, net_pay: 3900 } });
  await apiCall(app, token, 'POST', '/api/v1/housing', { housing: { housing_type: 'Rent', total_monthly_payment: 1300 } });
  await apiCall(app, token, 'POST', '/api/v1/monthly_expenses', { monthly_expense: { name: 'Daycare', amount: 1450, due_day: 1, end_month: `${now.getUTCFullYear() + 4}-08` } });
  await apiCall(app, token, 'POST', '/api/v1/debts', { debt: { name: 'Visa', creditor: 'Chase', original_amount: 4000, remaining_amount: 2500, apr: 21.5, monthly_payment: 140, original_term: 36, due_day: 12 } });
  await apiCall(app, token, 'POST', '/api/v1/retirement_accounts', {
    retirement_account: { name: 'Roth IRA', account_type: 'roth_ira', contribution_amount: 300, employer_match: 0, employer_contribution_amount: 0, starting_balance: 9000, expected_return_rate: 6, contribution_cycle: 'monthly', next_deposit_date: `${planStart}-20` },
  });
  await apiCall(app, token, 'POST', '/api/v1/retirement_plan', {
    retirement_plan: { retirement_date: `${retirementYear}-01-01`, interest_rate: 4, social_security_income: 1900, social_security_start_date: `${retirementYear + 2}-01-01`, years_of_retirement: 25 },
  });
  subscribeUser(app, email);
});
afterAll(async () => app?.close());

/** Horizontal extent of a box against the viewport's width. */
async function insideScreen(locator: Locator, width: number): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= width + 0.5;
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

/** Every visible control of the header shares one row: their vertical middles agree. */
async function expectOneRowHeader(page: Page) {
  const rows = await page.evaluate(() => {
    const header = document.querySelector('header')!;
    const items = [...header.querySelectorAll<HTMLElement>('a, button')].filter((element) => element.offsetParent !== null && element.closest('nav[aria-label="Main"]') === null);
    return { height: header.getBoundingClientRect().height, middles: items.map((element) => Math.round(element.getBoundingClientRect().top + element.getBoundingClientRect().height / 2)) };
  });
  expect(rows.height).toBeLessThanOrEqual(64);
  expect(Math.max(...rows.middles) - Math.min(...rows.middles)).toBeLessThanOrEqual(4);
}

/** The main links: in the header on a wide screen, in a bar along the bottom on a phone; each 44 px high at least there. */
async function expectMainLinks(page: Page, phone: boolean, viewport: { width: number; height: number }) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const box = (await nav.boundingBox())!;
  if (phone) {
    expect(Math.round(box.y + box.height)).toBe(viewport.height);
    expect(box.width).toBe(viewport.width);
    for (const name of ['Home', 'Dashboard', 'Analytics']) expect((await nav.getByRole('link', { name }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  } else {
    expect(box.y).toBeLessThan(64);
  }
}

/** The selected tab of a strip lies wholly inside the strip's visible part and inside the screen. */
async function expectSelectedTabInView(page: Page, strip: string, tab: string, width: number) {
  const list = page.getByRole('tablist', { name: strip });
  const selected = list.getByRole('tab', { name: tab, exact: true, selected: true });
  await expect.poll(() => selected.count()).toBe(1);
  await page.waitForTimeout(400); // the strip's smooth scroll
  const [listBox, tabBox] = [(await list.boundingBox())!, (await selected.boundingBox())!];
  expect(tabBox.x).toBeGreaterThanOrEqual(listBox.x - 0.5);
  expect(tabBox.x + tabBox.width).toBeLessThanOrEqual(listBox.x + listBox.width + 0.5);
  expect(await insideScreen(selected, width)).toBe(true);
}

async function expectNoAxe(page: Page) {
  await page.mouse.move(0, 0);
  expect(await axeViolations(page)).toEqual([]);
}

/** The dashboard's list tabs, each with a row to reach. */
const LIST_TABS = [
  { tab: 'Income', table: 'Income sources', row: 'Salary' },
  { tab: 'Debts', table: 'Debts', row: 'Visa' },
  { tab: 'Monthly Expenses', table: 'Monthly expenses', row: 'Daycare' },
  { tab: 'Retirement Accounts', table: 'Retirement accounts', row: 'Roth IRA' },
] as const;

describe.each([
  { device: 'phone', viewport: PHONE_390 },
  { device: 'desktop', viewport: WIDE },
])('layout on a $device ($viewport.width×$viewport.height)', ({ device, viewport }) => {
  const phone = device === 'phone';
  let context: BrowserContext;
  beforeAll(async () => {
    context = await app.newContext(phone ? onPhone(viewport) : { viewport });
  });
  afterAll(async () => context?.close());

  it("every list row's Edit and Delete are on screen without scrolling the table sideways, and a tap opens them", async () => {
    const { page } = await signedInPage(app, context, email, '/dashboard', { token, subscribed: true });
    const strip = page.getByRole('tablist', { name: 'Dashboard sections' });
    for (const list of LIST_TABS) {
      await strip.getByRole('tab', { name: list.tab, exact: true }).click();
      const table = page.getByRole('table', { name: list.table, exact: true });
      const edit = table.getByRole('button', { name: `Edit ${list.row}`, exact: true });
      const remove = table.getByRole('button', { name: `Delete ${list.row}`, exact: true });
      await expect.poll(() => edit.count(), { timeout: 20_000 }).toBe(1);
      await table.evaluate((element) => window.scrollTo(0, window.scrollY + element.getBoundingClientRect().top - 120));
      expect([await insideScreen(edit, viewport.width), await insideScreen(remove, viewport.width)], list.tab).toEqual([true, true]);
      await expectNoSidewaysScroll(page);
      if (list.tab === 'Monthly Expenses') {
        // The end month the plan uses is in the list.
        expect(await table.getByRole('row', { name: new RegExp(list.row) }).innerText()).toContain(`${now.getUTCFullYear() + 4}-08`);
        await page.screenshot({ path: path.join(SHOT_DIR, `layout-list-${device}.png`) });
      }
      // A tap on Edit opens the record's form; Delete asks first.
      await (phone ? edit.tap() : edit.click());
      await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await (phone ? remove.tap() : remove.click());
      await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    }
  });

  it.each(['light', 'dark'] as const)('in the %s scheme: one-row header, reachable tabs, month tables with their balance and Edit in view', async (scheme) => {
    const { page } = await signedInPage(app, context, email, '/dashboard', { token, subscribed: true });
    // The dashboard opens on the tab chosen last (the previous scheme's run ended on the last one).
    await page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab', { name: 'Overview' }).click();
    if (scheme === 'dark') await switchColorScheme(page, 'dark');
    const name = (screen: string) => `layout-${screen}-${device}-${scheme}`;

    // Dashboard: the first tab, then the last.
    await expectOneRowHeader(page);
    await expectMainLinks(page, phone, viewport);
    await expectNoSidewaysScroll(page);
    await expectSelectedTabInView(page, 'Dashboard sections', 'Overview', viewport.width);
    await expectNoAxe(page);
    await shoot(page, name('dashboard-first'));
    await page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab', { name: 'Retirement Plan' }).click();
    await expectSelectedTabInView(page, 'Dashboard sections', 'Retirement Plan', viewport.width);
    await expectNoSidewaysScroll(page);
    await expectNoAxe(page);
    await shoot(page, name('dashboard-last'));

    // Analytics: each tab with a month table.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('tablist', { name: 'Analytics sections' }).waitFor();
    await expectOneRowHeader(page);
    for (const tab of ANALYTICS_TABS) {
      await page.getByRole('tablist', { name: 'Analytics sections' }).getByRole('tab', { name: tab.name, exact: true }).click();
      await expectSelectedTabInView(page, 'Analytics sections', tab.name, viewport.width);
      if ('entity' in tab) await page.getByRole('tab', { name: tab.entity, exact: true }).click();
      const table = page.getByRole('table', { name: tab.table, exact: true });
      const header = table.getByRole('columnheader', { name: tab.balance, exact: true });
      const month = table.getByRole('columnheader', { name: 'Month', exact: true });
      const edit = table.getByRole('button', { name: /^Edit \d{4}-\d{2}$/ }).first();
      await expect.poll(() => table.getByRole('row').count(), { timeout: 20_000 }).toBeGreaterThan(2);
      // Bring the table's top rows on screen by scrolling the page only, never the table.
      await table.evaluate((element) => window.scrollTo(0, window.scrollY + element.getBoundingClientRect().top - 120));
      expect([await insideScreen(month, viewport.width), await insideScreen(header, viewport.width)]).toEqual([true, true]);
      if ('noEdit' in tab) {
        expect(await edit.count()).toBe(0);
      } else {
        expect(await insideScreen(edit, viewport.width)).toBe(true);
        // Edit is a comfortable target on a phone.
        if (phone) expect((await edit.boundingBox())!.height).toBeGreaterThanOrEqual(28);
      }
      await expectNoSidewaysScroll(page);
      await expectNoAxe(page);
      // What the screen shows at the table (a phone's page holds every month: a full-page shot would be metres long).
      await page.screenshot({ path: path.join(SHOT_DIR, `${name(`analytics-${tab.name.toLowerCase().replace(/ /g, '-')}`)}.png`) });
    }

    // Analytics' other tabs, then the other screens a signed-in person reaches.
    for (const tab of ['Overview', 'What if']) {
      await page.getByRole('tablist', { name: 'Analytics sections' }).getByRole('tab', { name: tab, exact: true }).click();
      await expectSelectedTabInView(page, 'Analytics sections', tab, viewport.width);
      await page.getByRole('tabpanel').getByRole('heading').first().waitFor();
      await expectNoSidewaysScroll(page);
      await expectNoAxe(page);
    }
    for (const route of ['/', '/check-in', '/profile', '/privacy-policy']) {
      await page.goto(route);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expectOneRowHeader(page);
      await expectMainLinks(page, phone, viewport);
      await expectNoSidewaysScroll(page);
      await expectNoAxe(page);
      await shoot(page, name(route === '/' ? 'home' : route.slice(1)));
    }
    expect(page.errors).toEqual([]);
    if (scheme === 'dark') await switchColorScheme(page, 'light');
  }, 180_000);
});
