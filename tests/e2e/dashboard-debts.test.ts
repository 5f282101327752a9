/**
 * The Debts tab end to end (real server, production build, Chromium), the dashboard on a phone,
 * the offline form path, tab and colour-scheme persistence, and the sync indicator.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, expectNoAxeViolations, goOffline, onPhone, screenshot, signedInPage, startApp } from './harness.ts';
import { debtRows, debtsOnServer, fillDebt, openDebts } from './pages.ts';

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.close());

/** Records the API writes a page makes. */
function recordWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/') && request.method() !== 'GET') writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  return writes;
}

describe('Debts tab', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await app.newContext();
  });
  afterAll(async () => context?.close());

  it('adds, edits and deletes a debt, with the values on screen and on the server', async () => {
    const { page, token } = await signedInPage(app, context);
    await openDebts(page);
    await expect.poll(() => page.getByText('No debts found').isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Add Debt' }).click();
    await fillDebt(page, {
      'Debt Name': 'Visa',
      Creditor: 'Chase',
      'Original Amount': '5000',
      'Remaining Amount': '3200.55',
      'APR': '19.99',
      'Monthly Payment': '150',
      'Original Term': '36',
      'Due Day': '20',
    });
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-debts-form');
    await page.getByRole('button', { name: 'Create Debt' }).click();
    await expect.poll(() => debtRows(page).count()).toBe(1);
    await expect.poll(() => debtRows(page).first().innerText()).toMatch(/Visa\s+Chase\s+\$3,200\.55\s+\$150\.00\s+19\.99%\s+20/);
    await expect.poll(() => page.getByTestId('card-Total Debt').innerText()).toBe('$3,200.55');
    // The row shows from the mirror at once; the server has it once the outbox has sent it.
    await expect.poll(() => debtsOnServer(app, token)).toMatchObject([{ name: 'Visa', remaining_amount: 3200.55, monthly_payment: 150, apr: 19.99, due_day: 20 }]);

    // A second debt due earlier sorts first.
    await page.getByRole('button', { name: 'Add Debt' }).click();
    await fillDebt(page, { 'Debt Name': 'Car', Creditor: 'Ford', 'Original Amount': '20000', 'Remaining Amount': '12000', 'APR': '4.5', 'Monthly Payment': '420.35', 'Original Term': '60', 'Due Day': '3' });
    await page.getByRole('button', { name: 'Create Debt' }).click();
    await expect.poll(() => debtRows(page).count()).toBe(2);
    await expect.poll(() => debtRows(page).first().locator('td').first().innerText()).toContain('Car');
    // Polled: the live 'created' echo can land before the POST's answer replaces the temporary row,
    // so for a moment the mirror may hold both copies of the new debt.
    await expect.poll(() => page.getByTestId('card-Monthly Minimums').innerText()).toBe('$570.35');

    await page.getByRole('button', { name: 'Edit Visa' }).click();
    const remaining = page.getByRole('dialog').getByLabel('Remaining Amount', { exact: false });
    expect(await remaining.getAttribute('readonly')).not.toBeNull();
    await expect.poll(() => page.getByText('To update the remaining amount, go to Analytics → Debts.').isVisible()).toBe(true);
    await fillDebt(page, { 'Monthly Payment': '175.25' });
    await page.getByRole('button', { name: 'Update Debt' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => debtRows(page).nth(1).innerText()).toContain('$175.25');
    await expect.poll(async () => (await debtsOnServer(app, token)).find((d) => d.name === 'Visa')).toMatchObject({ monthly_payment: 175.25, remaining_amount: 3200.55 });
    await screenshot(page, 'dashboard-debts');

    await page.getByRole('button', { name: 'Delete Car' }).click();
    await expect.poll(() => page.getByText('Are you sure you want to delete "Car"? This action cannot be undone.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => debtRows(page).count()).toBe(1);
    await expect.poll(async () => (await debtsOnServer(app, token)).map((d) => d.name)).toEqual(['Visa']);
    expect(page.errors).toEqual([]);
  });

  it('shows the rule messages for bad input and sends nothing', async () => {
    const { page, token } = await signedInPage(app, context);
    await openDebts(page);
    const writes = recordWrites(page);
    await page.getByRole('button', { name: 'Add Debt' }).click();
    await page.getByRole('button', { name: 'Create Debt' }).click();
    for (const message of ['Debt name is required', 'Creditor name is required', 'Original amount is required', 'Please fix the errors above']) {
      await expect.poll(() => page.getByText(message, { exact: true }).isVisible()).toBe(true);
    }
    await fillDebt(page, { 'Debt Name': 'Loan', Creditor: 'Bank', 'Original Amount': '1000', 'Remaining Amount': '10000', 'APR': '150', 'Monthly Payment': '5', 'Original Term': '500', 'Due Day': '40' });
    await page.getByRole('button', { name: 'Create Debt' }).click();
    for (const message of ['Please enter a valid APR between 0 and 100', 'Original term cannot exceed 40 years', 'Please enter a valid day between 1 and 31']) {
      await expect.poll(() => page.getByText(message, { exact: true }).isVisible()).toBe(true);
    }
    await fillDebt(page, { APR: '12' });
    await page.getByRole('button', { name: 'Create Debt' }).click();
    await expect.poll(() => page.getByText('Monthly payment is not high enough to cover interest due').isVisible()).toBe(true);
    await screenshot(page, 'dashboard-debts-errors');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(writes).toEqual([]);
    expect(await debtsOnServer(app, token)).toEqual([]);
  });

  it('remembers the chosen tab and the colour scheme across a reload', async () => {
    const { page } = await signedInPage(app, context);
    await openDebts(page);
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
    await page.reload();
    await expect.poll(() => page.getByRole('tab', { name: 'Debts', selected: true }).count()).toBe(1);
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
    // The reload's fetch is over: the tab shows the user's (empty) list, not its skeleton.
    await expect.poll(() => page.getByText('No debts found').isVisible()).toBe(true);
    await screenshot(page, 'dashboard-debts-dark');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
  });
});

describe('offline', () => {
  it('closes the form at once, marks the debt pending, and sends it exactly once when back online', async () => {
    const context = await app.newContext();
    const { page, token } = await signedInPage(app, context);
    await openDebts(page);
    await expect.poll(() => page.getByText('No debts found').isVisible()).toBe(true);
    await goOffline(context, page);
    await expect.poll(() => page.getByTestId('sync-indicator').innerText()).toContain('Offline');
    await page.getByRole('button', { name: 'Add Debt' }).click();
    await fillDebt(page, { 'Debt Name': 'Offline loan', Creditor: 'Bank', 'Original Amount': '900', 'Remaining Amount': '800', 'APR': '6', 'Monthly Payment': '50', 'Original Term': '24', 'Due Day': '9' });
    await page.getByRole('button', { name: 'Create Debt' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => debtRows(page).first().innerText()).toContain('pending sync');
    await expect.poll(() => page.getByTestId('sync-indicator').innerText()).toBe('Offline · 1 pending');
    await screenshot(page, 'dashboard-debts-offline');
    expect(await debtsOnServer(app, token)).toEqual([]);
    await context.setOffline(false);
    await expect.poll(() => debtRows(page).first().innerText(), { timeout: 20_000 }).not.toContain('pending sync');
    await expect.poll(() => page.getByTestId('sync-indicator').innerText()).toBe('Synced');
    // Exactly once: the outbox's Idempotency-Key makes a resend harmless.
    expect((await debtsOnServer(app, token)).map((d) => d.name)).toEqual(['Offline loan']);
    await context.close();
  });
});

describe('on a phone (375 × 740)', () => {
  it('fits every dashboard tab without sideways scrolling of the page', async () => {
    const context = await app.newContext(onPhone());
    const { page, token } = await signedInPage(app, context);
    await fetch(`${app.url}/api/v1/debts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ debt: { name: 'Visa', creditor: 'Chase', original_amount: 5000, remaining_amount: 3000, apr: 20, monthly_payment: 150, original_term: 36, due_day: 20 } }),
    });
    await page.reload();
    for (const tab of ['Overview', 'Income', 'Housing', 'Debts', 'Debt Plan', 'Monthly Expenses', 'One-Time Expenses', 'Retirement Accounts', 'Retirement Plan']) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await expect.poll(() => page.getByRole('tab', { name: tab, selected: true }).count()).toBe(1);
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect({ tab, overflow }).toEqual({ tab, overflow: 0 });
      await screenshot(page, `phone-dashboard-${tab.toLowerCase().replace(/[^a-z]+/g, '-')}`);
    }
    await page.getByRole('tab', { name: 'Debts', exact: true }).click();
    await expect.poll(() => debtRows(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Add Debt' }).click();
    const box = await page.getByRole('dialog').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await screenshot(page, 'phone-dashboard-debt-form');
    await expectNoAxeViolations(page);
    expect(page.errors).toEqual([]);
    await context.close();
  });
});
