/**
 * Analytics → Overview end to end (real server, production build, Chromium): a subscriber with
 * two debts, income, an account and a retirement plan sees the net-worth chart with its
 * milestones and the debt strategy comparison with the right payoff months; axe passes; the tab on
 * a desktop, on a 375 px phone and in dark mode.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateDebts, type SimDebt } from '../../src/client/features/analytics/overview/debt-simulation.test-support.ts';
import { apiCall, apiSignUp, axeViolations, onPhone, shoot, signedInPage, startApp, subscribeUser, uniqueEmail, type App } from './harness.ts';
import { planStart } from './pages.ts';

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.close());

// Visa 3 000.00 at 24 % paying 150.00, Car 2 000.00 at 6 % paying 100.00; avalanche with 200.00
// extra. Snowball starts on the Car (smaller), avalanche on the Visa (dearer), so the plans differ.
const SIM: SimDebt[] = [
  { name: 'Visa', balance: 300000, apr: 24, min: 15000, order: 1 },
  { name: 'Car', balance: 200000, apr: 6, min: 10000, order: 2 },
];
const expected = {
  none: simulateDebts(SIM, 'none', 0, planStart),
  snowball: simulateDebts(SIM, 'snowball', 20000, planStart),
  avalanche: simulateDebts(SIM, 'avalanche', 20000, planStart),
};
const WHOLE = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** A subscriber with the household above, on /analytics. */
async function householdPage(context: BrowserContext): Promise<Page & { errors: string[]; token: string }> {
  const email = uniqueEmail('overview');
  const token = await apiSignUp(app, email);
  await apiCall(app, token, 'POST', '/api/v1/incomes', { income: { name: 'Salary', pay_cycle: 'monthly', next_pay_date: `${planStart}-28`, gross_pay: 6500, net_pay: 5000 } });
  await apiCall(app, token, 'POST', '/api/v1/debts', { debt: { name: 'Visa', creditor: 'Chase', original_amount: 5000, remaining_amount: 3000, apr: 24, monthly_payment: 150, original_term: 48, due_day: 20 } });
  await apiCall(app, token, 'POST', '/api/v1/debts', { debt: { name: 'Car', creditor: 'Ford', original_amount: 20000, remaining_amount: 2000, apr: 6, monthly_payment: 100, original_term: 60, due_day: 3 } });
  await apiCall(app, token, 'POST', '/api/v1/debt_plan', { debt_plan: { plan_type: 'avalanche', extra_payment: 200 } });
  await apiCall(app, token, 'POST', '/api/v1/monthly_expenses', { monthly_expense: { name: 'Rent', amount: 2500, due_day: 1 } });
  await apiCall(app, token, 'POST', '/api/v1/retirement_accounts', {
    retirement_account: {
      name: 'Work 401k',
      account_type: 'traditional_401k',
      contribution_amount: 500,
      employer_match: 50,
      employer_contribution_amount: 250,
      starting_balance: 20000,
      expected_return_rate: 7,
      contribution_cycle: 'monthly',
      next_deposit_date: `${planStart}-15`,
    },
  });
  await apiCall(app, token, 'POST', '/api/v1/retirement_plan', {
    retirement_plan: { retirement_date: '2055-06-01', interest_rate: 5, social_security_income: 2000, social_security_start_date: '2057-01-15', years_of_retirement: 25 },
  });
  subscribeUser(app, email);
  const { page } = await signedInPage(app, context, email, '/analytics', { token, subscribed: true });
  await page.getByRole('tab', { name: 'Overview', exact: true }).click();
  await expect.poll(() => page.getByRole('tab', { name: 'Overview', exact: true, selected: true }).count()).toBe(1);
  return Object.assign(page, { token });
}

/** The Overview's projections the mirror remembers (model/remembered.ts), read in the page. */
const REMEMBERED = `new Promise((resolve, reject) => {
  const open = indexedDB.open('runway');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const request = open.result.transaction('results').objectStore('results').getAll();
    request.onsuccess = () => { resolve(request.result.filter((entry) => entry.key.startsWith('overview:'))); open.result.close(); };
    request.onerror = () => reject(request.error);
  };
})`;
/** Sets the Net Worth Now of every remembered projection, as no computation would give it. */
const TAMPER = (cents: number) => `new Promise((resolve, reject) => {
  const open = indexedDB.open('runway');
  open.onsuccess = () => {
    const tx = open.result.transaction('results', 'readwrite');
    const store = tx.objectStore('results');
    const all = store.getAll();
    all.onsuccess = () => {
      for (const entry of all.result) if (entry.key.startsWith('overview:')) { entry.value.timeline.current.netWorth = ${cents}; store.put(entry); }
    };
    tx.oncomplete = () => { open.result.close(); resolve(undefined); };
    tx.onerror = () => reject(tx.error);
  };
})`;

async function rentId(token: string): Promise<number> {
  const { monthly_expenses: expenses } = (await apiCall(app, token, 'GET', '/api/v1/monthly_expenses')) as { monthly_expenses: { id: number; name: string }[] };
  return expenses.find((expense) => expense.name === 'Rent')!.id;
}

const comparison = (page: Page) => page.getByRole('table', { name: 'Debt strategy comparison' });
/** The cells of a comparison row after its header: None, Snowball, Avalanche. */
const planCells = (page: Page, row: string) => comparison(page).getByRole('row', { name: new RegExp(`^${row}`) }).getByRole('cell').allInnerTexts();

async function expectNoAxeViolations(page: Page) {
  await page.mouse.move(0, 0);
  expect(await axeViolations(page)).toEqual([]);
}

/** Nothing wider than the window: the page never scrolls sideways, and no table is cut off by its card. */
async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll('[role="tabpanel"] table, [role="tabpanel"] [role="img"]')]
      .filter((el) => {
        const card = el.closest('.mantine-Card-root') ?? document.documentElement;
        return el.getBoundingClientRect().right > card.getBoundingClientRect().right || el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => el.getAttribute('aria-label')),
  );
  expect(overflowing).toEqual([]);
}

describe('Analytics Overview', () => {
  it('shows the net-worth chart with its milestones and the debt strategies with the right payoff months', async () => {
    const context = await app.newContext();
    const page = await householdPage(context);

    await expect.poll(() => comparison(page).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => planCells(page, 'Visa')).toEqual([expected.none.payoffs[0], expected.snowball.payoffs[0], expected.avalanche.payoffs[0]]);
    expect(await planCells(page, 'Car')).toEqual([expected.none.payoffs[1], expected.snowball.payoffs[1], expected.avalanche.payoffs[1]]);
    expect(await planCells(page, 'Total interest')).toEqual([WHOLE.format(expected.none.interest / 100), WHOLE.format(expected.snowball.interest / 100), WHOLE.format(expected.avalanche.interest / 100)]);
    expect(await planCells(page, 'Interest saved vs none')).toEqual([
      '—',
      WHOLE.format((expected.none.interest - expected.snowball.interest) / 100),
      WHOLE.format((expected.none.interest - expected.avalanche.interest) / 100),
    ]);
    expect(expected.snowball.payoffs).not.toEqual(expected.avalanche.payoffs);
    expect(await comparison(page).getByRole('columnheader', { name: 'Avalanche (your plan)' }).count()).toBe(1);

    const chart = page.getByRole('img', { name: /^Net worth timeline/ });
    await expect.poll(() => chart.isVisible()).toBe(true);
    // Four lines, and a marker for debt-free, retirement and Social Security (the money lasts).
    await expect.poll(() => chart.locator('polyline').count()).toBe(4);
    expect(await chart.locator('[data-marker]').evaluateAll((markers) => markers.map((m) => m.textContent))).toEqual(['Debt free', 'Retire', 'Social Security']);
    // The pointer over the chart reads out the four values of the month under it.
    const plot = (await chart.locator('[data-sketch-size]').boundingBox())!;
    await page.mouse.move(plot.x + plot.width / 2, plot.y + plot.height / 2);
    await expect.poll(async () => (await page.getByTestId('chart-readout').innerText()).replace(/\s+/g, ' ')).toMatch(/^\d{4}-\d{2} \(age \d+\) Net worth -?\$[\d,]+ Cash -?\$[\d,]+ Retirement savings \$[\d,]+ Debt \$[\d,]+$/);
    await page.mouse.move(0, 0);
    await expect.poll(() => page.getByTestId('chart-readout').count()).toBe(0);
    const debtFree = [...expected.avalanche.payoffs].sort().at(-1);
    const label = (await chart.getAttribute('aria-label')) ?? '';
    expect(label).toContain(`Debt free: ${debtFree}.`);
    expect(label).toContain('Retirement: 2055-06.');
    expect(label).toContain('Social Security starts: 2057-01.');
    const milestones = page.getByRole('table', { name: 'Milestones' });
    expect((await milestones.getByRole('row').allInnerTexts()).map((text) => text.replace(/\s+/g, ' '))).toEqual([
      // Born 1985 (apiSignUp's): the age reached in each milestone's year. Living runs 25 years
      // from 2055-06, so the last month is 2080-05.
      `Debt free ${debtFree} (age ${Number(debtFree?.slice(0, 4)) - 1985})`,
      'Retirement 2055-06 (age 70)',
      'Social Security starts 2057-01 (age 72)',
      'Money runs out Never: your savings last through 2080-05 (age 95)',
    ]);

    await expectNoAxeViolations(page);
    await shoot(page, 'analytics-overview');
    await page.getByRole('button', { name: 'Show yearly values' }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Net worth by year' }).getByRole('row').count()).toBeGreaterThan(30);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
    await page.getByRole('button', { name: 'Hide yearly values' }).click();
    await expectNoAxeViolations(page);
    await shoot(page, 'analytics-overview-dark');
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    // Explore's Debt button opens the Debt Progress tab.
    await page.getByRole('button', { name: 'Debt', exact: true }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Debt Progress', selected: true }).count()).toBe(1);
    expect(page.errors).toEqual([]);
    await context.close();
  });

  it('opened again with the same data, shows the projection remembered from the last visit; changed data is projected again', async () => {
    const context = await app.newContext();
    const page = await householdPage(context);
    const nowFigure = page.getByTestId('figure-Net Worth Now');
    await expect.poll(() => comparison(page).isVisible(), { timeout: 20_000 }).toBe(true);
    const computed = await nowFigure.innerText();
    // Once on screen, the projection is remembered in the mirror, under the hash of its input (the
    // page may have projected earlier states of the data as it arrived: those are kept too).
    const rememberedFigures = async () => ((await page.evaluate(REMEMBERED)) as { value: { timeline: { current: { netWorth: number } } } }[]).map((entry) => WHOLE.format(Math.round(entry.value.timeline.current.netWorth / 100)));
    await expect.poll(rememberedFigures, { timeout: 20_000 }).toContain(computed);

    // Proof that a reload shows what is remembered rather than computing: a figure changed in the
    // mirror is the one shown.
    await page.evaluate(TAMPER(123456789));
    await page.reload();
    await expect.poll(() => nowFigure.innerText(), { timeout: 20_000 }).toBe('$1,234,568');

    // Other data (a dearer rent, written elsewhere): once the page has it, the figure is computed
    // again, $100 a month lower than the first one, and remembered beside it.
    await apiCall(app, page.token, 'PUT', `/api/v1/monthly_expenses/${await rentId(page.token)}`, { monthly_expense: { amount: 2600 } });
    await page.reload();
    const lower = WHOLE.format(Number(computed.replace(/[$,]/g, '')) - 100);
    await expect.poll(() => nowFigure.innerText(), { timeout: 30_000 }).toBe(lower);
    await expect.poll(rememberedFigures, { timeout: 20_000 }).toContain(lower);
    expect(page.errors).toEqual([]);
    await context.close();
  });

  it('fits a 375 px phone', async () => {
    const context = await app.newContext(onPhone());
    const page = await householdPage(context);
    await expect.poll(() => comparison(page).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByRole('img', { name: /^Net worth timeline/ }).locator('polyline').count()).toBe(4);
    await shoot(page, 'analytics-overview-phone');
    await fitsWidth(page);
    await expectNoAxeViolations(page);
    expect(page.errors).toEqual([]);
    await context.close();
  });
});
