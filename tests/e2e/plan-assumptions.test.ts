/**
 * The Plan assumptions card end to end (real server, production build, Chromium): the plain
 * notice while none are set, one click for the recommended values (also offline, sent once when
 * back online), at phone and desktop widths.
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, apiCall, expectNoAxeViolations, goOffline, onPhone, screenshot, signedInPage, startApp } from './harness.ts';

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
    await expect.poll(() => assumptionsOf(token)).toMatchObject({ inflation_rate: 2.5, retirement_tax_rate: 12, spend_cash_in_retirement: true, cash_balance: null });
    await expect.poll(() => page.getByText('pending sync').count()).toBe(0);
    await screenshot(page, 'plan-assumptions-phone-set');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
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
      await page.getByRole('button', { name: 'Switch to dark mode' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
      await expectNoAxeViolations(page);
      await screenshot(page, 'plan-assumptions-desktop-dark');
    } finally {
      await desktop.close();
    }
  });
});
