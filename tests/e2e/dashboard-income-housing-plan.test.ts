/**
 * The Income, Housing and Debt Plan tabs in Chromium against the real server: each round trip
 * through the UI shows on screen AND lands on the server; refused input shows the rule's message
 * and sends nothing; axe finds no serious violations with data and with a modal open; and the
 * tabs fit a 375 px phone.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, screenshot, serverList, signedInPage, startApp, type App } from './harness.ts';

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.close());

// Two shared cores: the first render of a tab and a round trip can take a while.
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000, interval: 100 });

/** Every write the page sends to the API, as 'METHOD /path'. */
function recordWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && request.method() !== 'GET') writes.push(`${request.method()} ${url.pathname}`);
  });
  return writes;
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await eventually(() => page.getByRole('heading', { level: 2, name, exact: true }).isVisible()).toBe(true);
}

/** axe on the page at rest: the pointer is moved off the button it last clicked first. */
async function axeAtRest(page: Page) {
  await page.mouse.move(0, 0);
  expect(await axeViolations(page)).toEqual([]);
}

const dialogClosed = (page: Page) => eventually(() => page.getByRole('dialog').count()).toBe(0);

/** The page does not scroll sideways at a phone's width (tables scroll inside their container). */
async function fitsPhone(page: Page, name: string) {
  await page.setViewportSize({ width: 375, height: 740 });
  await eventually(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, `${name}-mobile`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

function localDate(offsetDays: number): string {
  const day = new Date();
  day.setDate(day.getDate() + offsetDays);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

describe('dashboard: Income, Housing and Debt Plan tabs', () => {
  it('Income: validates, adds, sorts by monthly gross, edits and deletes', async () => {
    const context = await app.newContext();
    const { page, token } = await signedInPage(app, context);
    const writes = recordWrites(page);
    await openTab(page, 'Income');
    await eventually(() => page.getByText('No income sources found').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Add Income' }).click();
    const dialog = page.getByRole('dialog');
    await eventually(() => dialog.getByRole('heading', { name: 'Add New Income' }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Create Income' }).click();
    for (const message of ['Income source name is required', 'Pay cycle is required', 'Next pay date is required', 'Gross pay is required', 'Net pay is required', 'Please fix the errors above']) {
      await eventually(() => dialog.getByText(message).isVisible()).toBe(true);
    }
    await dialog.getByLabel('Name').fill('Salary');
    await dialog.getByLabel('Pay Cycle').selectOption('biweekly');
    await dialog.getByLabel('Next Pay Date').fill('2026-03-06');
    await dialog.getByLabel('Gross Pay').fill('2000');
    await dialog.getByLabel('Net Pay').fill('2500');
    await dialog.getByRole('button', { name: 'Create Income' }).click();
    await eventually(() => dialog.getByText('Net pay cannot exceed gross pay').isVisible()).toBe(true);
    await screenshot(page, 'dashboard-income-form');
    expect(writes).toEqual([]);

    await dialog.getByLabel('Net Pay').fill('1500');
    await eventually(() => dialog.getByText('Net pay cannot exceed gross pay').count()).toBe(0);
    await axeAtRest(page);
    await dialog.getByRole('button', { name: 'Create Income' }).click();
    await dialogClosed(page);
    const table = page.getByRole('table', { name: 'Income sources' });
    await eventually(() => table.getByRole('row', { name: /Salary/ }).textContent()).toContain('$2,000.00');
    // 2,000 × 26 / 12 = 4,333.33 a month.
    await eventually(() => page.getByTestId('card-Total Gross Income').textContent()).toBe('$4,333.33');

    await page.getByRole('button', { name: 'Add Income' }).click();
    await dialog.getByLabel('Name').fill('Rental');
    await dialog.getByLabel('Pay Cycle').selectOption('monthly');
    await dialog.getByLabel('Next Pay Date').fill('2026-03-01');
    await dialog.getByLabel('Gross Pay').fill('4500');
    await dialog.getByLabel('Net Pay').fill('4000');
    await dialog.getByRole('button', { name: 'Create Income' }).click();
    await dialogClosed(page);
    // By monthly gross: Rental's 4,500.00 before Salary's 4,333.33 (2,000 biweekly).
    await eventually(async () => (await table.getByRole('row').allTextContents()).slice(1).map((row) => row.split('$')[0])).toEqual(['RentalMonthly', 'SalaryBiweekly']);
    // 4,333.33 + 4,500.00 gross; 3,250.00 + 4,000.00 net.
    await eventually(() => page.getByTestId('card-Total Gross Income').textContent()).toBe('$8,833.33');
    expect(await page.getByTestId('card-Total Net Income').textContent()).toBe('$7,250.00');
    expect(await page.getByTestId('card-Total Taxes and Deductions').textContent()).toBe('$1,583.33');

    await page.getByRole('button', { name: 'Edit Salary' }).click();
    await eventually(() => dialog.getByRole('heading', { name: 'Edit Income' }).isVisible()).toBe(true);
    await dialog.getByLabel('Pay Cycle').selectOption('weekly');
    await dialog.getByLabel('Net Pay').fill('1450.50');
    await dialog.getByRole('button', { name: 'Update Income' }).click();
    await dialogClosed(page);
    // Weekly now: 2,000 × 52 / 12 = 8,666.67, first in the table.
    await eventually(async () => (await table.getByRole('row').nth(1).textContent()) ?? '').toContain('SalaryWeekly$2,000.00$1,450.50');
    await eventually(async () => {
      const { incomes } = (await serverList(app, token, '/api/v1/incomes')) as { incomes: Record<string, unknown>[] };
      return incomes.map(({ name, pay_cycle, next_pay_date, gross_pay, net_pay }) => ({ name, pay_cycle, next_pay_date, gross_pay, net_pay })).sort((a, b) => String(a.name).localeCompare(String(b.name)));
    }).toEqual([
      { name: 'Rental', pay_cycle: 'monthly', next_pay_date: '2026-03-01', gross_pay: 4500, net_pay: 4000 },
      { name: 'Salary', pay_cycle: 'weekly', next_pay_date: '2026-03-06', gross_pay: 2000, net_pay: 1450.5 },
    ]);
    await axeAtRest(page);
    await screenshot(page, 'dashboard-income');
    await fitsPhone(page, 'dashboard-income');

    await page.getByRole('button', { name: 'Delete Rental' }).click();
    await eventually(() => page.getByText('Are you sure you want to delete "Rental"? This action cannot be undone.').isVisible()).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await dialogClosed(page);
    await eventually(() => table.getByRole('row', { name: /Rental/ }).count()).toBe(0);
    await eventually(async () => ((await serverList(app, token, '/api/v1/incomes')) as { incomes: { name: string }[] }).incomes.map((i) => i.name)).toEqual(['Salary']);
    expect(page.errors).toEqual([]);
  });

  it('Housing: validates, adds Rent, then edits it into a Mortgage', async () => {
    const context = await app.newContext();
    const { page, token } = await signedInPage(app, context);
    const writes = recordWrites(page);
    await openTab(page, 'Housing');
    await eventually(() => page.getByText('No housing information found').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Add Housing' }).click();
    const dialog = page.getByRole('dialog');
    await eventually(() => dialog.getByRole('heading', { name: 'Add New Housing' }).isVisible()).toBe(true);
    expect(await dialog.getByLabel('Housing Type').inputValue()).toBe('Rent');
    expect(await dialog.getByLabel('Original Purchase Price').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Add Housing' }).click();
    await eventually(() => dialog.getByText('Total monthly payment is required').isVisible()).toBe(true);
    await dialog.getByLabel('Total Monthly Payment').fill('0');
    await dialog.getByRole('button', { name: 'Add Housing' }).click();
    await eventually(() => dialog.getByText('Total monthly payment must be greater than 0').isVisible()).toBe(true);
    expect(writes).toEqual([]);

    await dialog.getByLabel('Total Monthly Payment').fill('1500');
    await axeAtRest(page);
    await dialog.getByRole('button', { name: 'Add Housing' }).click();
    await dialogClosed(page);
    await eventually(() => page.getByRole('heading', { name: 'Housing Details' }).isVisible()).toBe(true);
    await eventually(() => page.getByLabel('Housing details', { exact: true }).textContent()).toBe('Housing TypeRentTotal Monthly Payment$1,500.00');
    expect(writes).toEqual(['POST /api/v1/housing']);
    await eventually(async () => ((await serverList(app, token, '/api/v1/housing')) as { housing: Record<string, unknown> }).housing).toMatchObject({
      housing_type: 'Rent',
      total_monthly_payment: 1500,
      original_purchase_price: null,
    });

    await page.getByRole('button', { name: 'Edit housing' }).click();
    await eventually(() => dialog.getByRole('heading', { name: 'Edit Housing' }).isVisible()).toBe(true);
    await dialog.getByLabel('Housing Type').selectOption('Mortgage');
    await dialog.getByRole('button', { name: 'Update Housing' }).click();
    for (const message of ['Original purchase price is required', 'Down payment is required', 'Interest rate is required', 'Term is required', 'Escrow payment is required', 'Open date is required', 'Current balance is required']) {
      await eventually(() => dialog.getByText(message).isVisible()).toBe(true);
    }
    expect(await dialog.getByLabel('Term').getAttribute('placeholder')).toBe('30');
    await dialog.getByLabel('Total Monthly Payment').fill('1200');
    await dialog.getByLabel('Original Purchase Price').fill('300000');
    await dialog.getByLabel('Down Payment').fill('60000');
    await dialog.getByLabel('Interest Rate').fill('6');
    await dialog.getByLabel('Term').fill('30');
    await dialog.getByLabel('Escrow Payment').fill('300');
    await dialog.getByLabel('Open Date').fill(localDate(1));
    await dialog.getByLabel('Current Balance').fill('250000');
    await dialog.getByRole('button', { name: 'Update Housing' }).click();
    await eventually(() => dialog.getByText('Open date cannot be in the future').isVisible()).toBe(true);
    await eventually(() => dialog.getByText('Current balance cannot exceed original loan amount').isVisible()).toBe(true);
    await dialog.getByLabel('Open Date').fill('2020-06-15');
    await dialog.getByLabel('Current Balance').fill('200000');
    await dialog.getByRole('button', { name: 'Update Housing' }).click();
    // 200,000 × 6 % / 12 = 1,000.00 of interest; 1,200 − 300 of escrow leaves 900.
    await eventually(() => dialog.getByText('Total monthly payment is not high enough to cover monthly interest of $1,000.00').isVisible()).toBe(true);
    await screenshot(page, 'dashboard-housing-form');
    expect(writes).toEqual(['POST /api/v1/housing']);

    await dialog.getByLabel('Total Monthly Payment').fill('1800');
    await axeAtRest(page);
    await dialog.getByRole('button', { name: 'Update Housing' }).click();
    await dialogClosed(page);
    await eventually(() => page.getByLabel('Housing details', { exact: true }).textContent()).toBe(
      'Housing TypeMortgageTotal Monthly Payment$1,800.00Original Purchase Price$300,000.00Down Payment$60,000.00Interest Rate6%Term30 yearsEscrow Payment$300.00Open DateJune 15, 2020Current Balance$200,000.00',
    );
    await eventually(async () => ((await serverList(app, token, '/api/v1/housing')) as { housing: Record<string, unknown> }).housing).toMatchObject({
      housing_type: 'Mortgage',
      total_monthly_payment: 1800,
      original_purchase_price: 300000,
      down_payment: 60000,
      interest_rate: 6,
      term: 30,
      escrow_payment: 300,
      open_date: '2020-06-15',
      current_balance: 200000,
    });
    expect(writes).toEqual(['POST /api/v1/housing', 'PUT /api/v1/housing']);
    await axeAtRest(page);
    await screenshot(page, 'dashboard-housing');
    await fitsPhone(page, 'dashboard-housing');

    // The mortgage form on a phone: inside the screen, every field reachable.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('button', { name: 'Edit housing' }).click();
    await eventually(() => dialog.getByLabel('Escrow Payment').isVisible()).toBe(true);
    const box = await dialog.boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await axeAtRest(page);
    await screenshot(page, 'dashboard-housing-form-mobile');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialogClosed(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(page.errors).toEqual([]);
  });

  it('Debt Plan: validates, creates a plan, then edits it to none', async () => {
    const context = await app.newContext();
    const { page, token } = await signedInPage(app, context);
    const writes = recordWrites(page);
    await openTab(page, 'Debt Plan');
    await eventually(() => page.getByText('No debt plan found').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Create Debt Plan' }).click();
    const dialog = page.getByRole('dialog');
    await eventually(() => dialog.getByLabel('Plan Type').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Create Debt Plan' }).click();
    await eventually(() => dialog.getByText('Plan type is required').isVisible()).toBe(true);
    await dialog.getByLabel('Plan Type').selectOption('snowball');
    await dialog.getByLabel('Extra Payment').fill('-5');
    await dialog.getByRole('button', { name: 'Create Debt Plan' }).click();
    await eventually(() => dialog.getByText('Please enter a valid amount').isVisible()).toBe(true);
    await screenshot(page, 'dashboard-debt-plan-form');
    expect(writes).toEqual([]);

    await dialog.getByLabel('Extra Payment').fill('200');
    await axeAtRest(page);
    await dialog.getByRole('button', { name: 'Create Debt Plan' }).click();
    await dialogClosed(page);
    await eventually(() => page.getByLabel('Debt plan', { exact: true }).textContent()).toBe('Plan TypeSnowballPay off smallest debts firstExtra Payment$200.00');
    await eventually(async () => ((await serverList(app, token, '/api/v1/debt_plan')) as { debtPlan: Record<string, unknown> }).debtPlan).toMatchObject({ plan_type: 'snowball', extra_payment: 200 });
    await axeAtRest(page);
    await screenshot(page, 'dashboard-debt-plan');
    await fitsPhone(page, 'dashboard-debt-plan');

    await page.getByRole('button', { name: 'Edit debt plan' }).click();
    await eventually(() => dialog.getByRole('heading', { name: 'Edit Debt Plan' }).isVisible()).toBe(true);
    expect(await dialog.getByLabel('Extra Payment').inputValue()).toBe('200.00');
    await dialog.getByLabel('Plan Type').selectOption('none');
    expect(await dialog.getByLabel('Extra Payment').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Update Debt Plan' }).click();
    await dialogClosed(page);
    await eventually(() => page.getByLabel('Debt plan', { exact: true }).textContent()).toBe('Plan TypeNoneNo specific strategyExtra Payment$0.00');
    await eventually(async () => ((await serverList(app, token, '/api/v1/debt_plan')) as { debtPlan: Record<string, unknown> }).debtPlan).toMatchObject({ plan_type: 'none', extra_payment: 0 });
    expect(writes).toEqual(['POST /api/v1/debt_plan', 'PUT /api/v1/debt_plan']);
    expect(page.errors).toEqual([]);
  });
});
