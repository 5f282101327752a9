/**
 * Taxes in retirement end to end (real server, production build, Chromium): a subscriber picks a
 * filing status on the plan assumptions card and Retirement Living shows the taxes of each year,
 * each figure equal to the engine's in Node on the records the server holds; at 390×844 and on a
 * desktop, light and dark.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { project } from '../../src/engine/project.ts';
import { exploreRothConversions } from '../../src/engine/roth-explorer.ts';
import type { RetirementTotalMonth } from '../../src/engine/types.ts';
import { wholeUsd } from '../../src/client/ui/figure-text.ts';
import { rateText } from '../../src/client/model/tax-years.ts';
import { type App, apiCall, apiSignUp, serverInput, expectNoAxeViolations, goOffline, onPhone, screenshot, signedInPage, startApp, subscribeUser, switchColorScheme, uniqueEmail } from './harness.ts';
import { planStart } from './pages.ts';

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.close());

const thisYear = Number(planStart.slice(0, 4));

/**
 * Born 1985 (apiSignUp's): retiring in January of thisYear + 22 for 30 years, so RMDs start within
 * the plan (at 75, in 2060) and conversions have years to run before them.
 */
async function retiree(): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('taxes');
  const token = await apiSignUp(app, email);
  const post = (apiPath: string, body: object) => apiCall(app, token, 'POST', apiPath, body);
  await post('/api/v1/incomes', { income: { name: 'Salary', pay_cycle: 'monthly', next_pay_date: `${planStart}-25`, gross_pay: 9000, net_pay: 6500 } });
  await post('/api/v1/housing', { housing: { housing_type: 'Rent', total_monthly_payment: 2000 } });
  await post('/api/v1/monthly_expenses', { monthly_expense: { name: 'Groceries', amount: 1200, due_day: 1 } });
  await post('/api/v1/retirement_accounts', {
    retirement_account: { name: '401(k)', account_type: 'traditional_401k', contribution_amount: 1200, employer_match: 50, employer_contribution_amount: 600, starting_balance: 180000, expected_return_rate: 7, contribution_cycle: 'monthly', next_deposit_date: `${planStart}-28` },
  });
  await post('/api/v1/retirement_accounts', {
    retirement_account: { name: 'Roth IRA', account_type: 'roth_ira', contribution_amount: 300, employer_match: 0, employer_contribution_amount: 0, starting_balance: 25000, expected_return_rate: 6, contribution_cycle: 'monthly', next_deposit_date: `${planStart}-15` },
  });
  await post('/api/v1/retirement_plan', {
    retirement_plan: { retirement_date: `${thisYear + 22}-01-01`, interest_rate: 5, social_security_income: 2600, social_security_start_date: `${thisYear + 24}-01-01`, years_of_retirement: 30 },
  });
  await post('/api/v1/assumptions', { assumptions: { inflation_rate: 2.5, social_security_cola: 2.5, cash_balance: 8000, cash_interest_rate: 3, retirement_tax_rate: 15, withdrawal_order: 'tax_aware' } });
  subscribeUser(app, email);
  return { email, token };
}

const assumptionsOf = async (token: string) => ((await apiCall(app, token, 'GET', '/api/v1/assumptions')) as { assumptions: Record<string, unknown> }).assumptions;

/** Picks a filing status in the assumptions form and saves it. */
async function chooseFilingStatus(page: Page, label: string): Promise<void> {
  await page.getByRole('tab', { name: 'Retirement Plan', exact: true }).click();
  await page.getByRole('button', { name: 'Edit plan assumptions' }).click();
  const dialog = page.getByRole('dialog');
  // A native select: the phone's own picker.
  await dialog.getByRole('combobox', { name: 'Filing status' }).selectOption({ label });
  await dialog.getByRole('button', { name: 'Save assumptions' }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

/** The closing rows of each tax year, as the table shows them. */
function expectedCells(row: RetirementTotalMonth): string[] {
  return [
    row.month.slice(0, 4),
    wholeUsd(row.yearOrdinaryIncome!),
    wholeUsd(row.yearTaxableSocialSecurity!),
    wholeUsd(row.yearGains!),
    wholeUsd(row.yearDeduction!),
    wholeUsd(row.yearFederalTax!),
    wholeUsd(row.yearStateTax!),
    wholeUsd(row.yearPenalty!),
    rateText(row.yearEffectiveRate!),
    rateText(row.yearMarginalRate!),
    wholeUsd(row.yearRmd!),
    wholeUsd(row.yearConversion!),
  ];
}

const yearRow = (page: Page, year: number) => page.getByRole('table', { name: 'Taxes by year' }).getByRole('row').filter({ has: page.getByRole('rowheader').filter({ hasText: String(year) }) });

async function yearCells(page: Page, year: number): Promise<string[]> {
  const row = yearRow(page, year);
  const cells = await row.locator('th, td').allInnerTexts();
  // The year cell carries its markers ("First RMD", "Higher bracket") after the year.
  return [cells[0]!.split(/\s/)[0]!, ...cells.slice(1)].map((text) => text.trim());
}

describe('Taxes in retirement', () => {
  it('a filing status taxes each year by the brackets; Retirement Living shows the years as the engine has them, at 390×844 and on a desktop', async () => {
    const phone = await app.newContext(onPhone({ width: 390, height: 844 }));
    try {
      const { email, token } = await retiree();
      const { page } = await signedInPage(app, phone, email, '/dashboard', { token, subscribed: true });
      await chooseFilingStatus(page, 'Married filing jointly');
      await expect.poll(() => assumptionsOf(token)).toMatchObject({ filing_status: 'married_joint' });
      // The flat rate's row says it is not used any more.
      await expect.poll(() => page.getByText('Not used: a filing status is set').count()).toBeGreaterThan(0);

      const input = await serverInput(app, token);
      expect(input.assumptions?.filingStatus).toBe('married_joint');
      expect(input.birthYear).toBe(1985);
      const total = project(input).retirementTotal;
      const closing = total.filter((row) => row.yearFederalTax !== undefined);
      // Thirty tax years, the first RMD in 2060 (born 1985: at 75).
      expect(closing.map((row) => Number(row.month.slice(0, 4)))).toEqual(Array.from({ length: 30 }, (_, i) => thisYear + 22 + i));
      const firstRmd = closing.find((row) => (row.yearRmd ?? 0) > 0)!;
      expect(firstRmd.month.slice(0, 4)).toBe('2060');

      await page.goto('/analytics');
      await page.getByRole('tab', { name: 'Retirement Living', exact: true }).click();
      const table = page.getByRole('table', { name: 'Taxes by year' });
      await expect.poll(() => table.count(), { timeout: 30_000 }).toBe(1);
      for (const row of [closing[0]!, closing[1]!, firstRmd, closing.at(-1)!]) {
        const year = Number(row.month.slice(0, 4));
        await expect.poll(() => yearCells(page, year), { timeout: 20_000 }).toEqual(expectedCells(row));
      }
      expect(await yearRow(page, 2060).innerText()).toContain('First RMD');
      // April pays the year before's tax: the month table's Taxes column of the second April.
      const april = total.find((row) => row.month === `${thisYear + 23}-04`)!;
      expect(april.taxes).toBe(closing[0]!.yearFederalTax! + closing[0]!.yearStateTax! + closing[0]!.yearPenalty!);
      const lifetime = closing.reduce((sum, row) => sum + row.yearFederalTax! + row.yearStateTax! + row.yearPenalty!, 0);
      expect(await page.getByTestId('lifetime-tax').innerText()).toContain(`Lifetime tax: ${wholeUsd(lifetime as never)}`);

      await table.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page);
      await screenshot(page, 'taxes-by-year-phone');
      await switchColorScheme(page, 'dark');
      await screenshot(page, 'taxes-by-year-phone-dark');
      await page.setViewportSize({ width: 1280, height: 900 });
      await table.scrollIntoViewIfNeeded();
      await screenshot(page, 'taxes-by-year-desktop-dark');
      await switchColorScheme(page, 'light');
      await screenshot(page, 'taxes-by-year-desktop');
    } finally {
      await phone.close();
    }
  });

  it('the Roth conversion explorer matches Node, and its best amount applied offline gives the tables the server then computes', async () => {
    const phone = await app.newContext(onPhone({ width: 390, height: 844 }));
    try {
      const { email, token } = await retiree();
      await apiCall(app, token, 'PUT', '/api/v1/assumptions', { assumptions: { filing_status: 'married_joint', state_tax_rate: 4.5 } });
      const input = await serverInput(app, token);
      const explorer = exploreRothConversions(input);
      if (explorer.status !== 'ready') throw new Error(explorer.reason);
      const best = explorer.options[explorer.best]!;
      expect(best.amount).toBeGreaterThan(0);
      const dollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`;

      const { page } = await signedInPage(app, phone, email, '/analytics', { token, subscribed: true });
      await page.getByRole('tab', { name: 'What if', exact: true }).click();
      const options = page.getByRole('table', { name: 'Roth conversion amounts compared' });
      await expect.poll(() => options.count(), { timeout: 60_000 }).toBe(1);
      // Every amount's figures are Node's.
      for (const option of explorer.options) {
        const row = page.getByTestId(`roth-option-${option.amount / 100}`);
        await expect.poll(() => row.innerText(), { timeout: 20_000 }).toContain(wholeUsd(option.lifetimeTax));
        expect(await row.innerText()).toContain(wholeUsd(option.afterTaxEnd));
      }
      expect(await page.getByTestId(`roth-option-${best.amount / 100}`).innerText()).toContain('Best');
      await page.getByTestId('roth-explorer').scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page);
      await screenshot(page, 'roth-explorer-phone');

      // Offline: Apply the best amount; the device's own tables take it at once.
      await goOffline(phone, page);
      await page.getByRole('button', { name: `Apply ${dollars(best.amount)} a year` }).click();
      // The device's copy of the plan has it (the card marks it as the plan's); the server does not yet.
      await expect.poll(() => page.getByTestId(`roth-option-${best.amount / 100}`).innerText(), { timeout: 60_000 }).toContain('Your plan');
      expect(((await assumptionsOf(token)) as { roth_conversion: unknown }).roth_conversion).toBeNull();
      const converted = project({ ...input, assumptions: { ...input.assumptions!, rothConversion: best.amount } }).retirementTotal.filter((row) => row.yearFederalTax !== undefined);
      const firstYear = converted[0]!;
      expect(firstYear.yearConversion).toBeGreaterThan(0);
      await page.getByRole('tab', { name: 'Retirement Living', exact: true }).click();
      await expect.poll(() => yearCells(page, Number(firstYear.month.slice(0, 4))), { timeout: 30_000 }).toEqual(expectedCells(firstYear));
      const shown = await Promise.all(converted.slice(0, 3).map((row) => yearCells(page, Number(row.month.slice(0, 4)))));
      await screenshot(page, 'roth-explorer-applied-offline-phone');

      // Online: the edit lands once, and the server's tables are the ones the device showed.
      await phone.setOffline(false);
      await expect.poll(() => assumptionsOf(token), { timeout: 30_000 }).toMatchObject({ roth_conversion: best.amount / 100, filing_status: 'married_joint' });
      await expect.poll(() => page.getByText('pending sync').count(), { timeout: 30_000 }).toBe(0);
      const server = (await apiCall(app, token, 'GET', '/api/v1/retirement_months')) as { total: Record<string, number | string>[] };
      const serverYears = server.total.filter((row) => row.year_federal_tax !== undefined);
      expect(serverYears.slice(0, 3).map((row) => [row.month, row.year_conversion, row.year_federal_tax, row.year_state_tax])).toEqual(
        converted.slice(0, 3).map((row) => [row.month, row.yearConversion! / 100, row.yearFederalTax! / 100, row.yearStateTax! / 100]),
      );
      expect(await Promise.all(converted.slice(0, 3).map((row) => yearCells(page, Number(row.month.slice(0, 4)))))).toEqual(shown);

      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('tab', { name: 'What if', exact: true }).click();
      await expect.poll(() => page.getByTestId(`roth-option-${best.amount / 100}`).innerText(), { timeout: 60_000 }).toContain('Your plan');
      await page.getByTestId('roth-explorer').scrollIntoViewIfNeeded();
      await screenshot(page, 'roth-explorer-desktop');
      await switchColorScheme(page, 'dark');
      await screenshot(page, 'roth-explorer-desktop-dark');
    } finally {
      await phone.close();
    }
  });
});
