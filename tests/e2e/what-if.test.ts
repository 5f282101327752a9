/**
 * The What if tab end to end (real server, production build, Chromium): the sandbox, the next
 * dollar, Monte Carlo and the history replay, computed on the device in the risk worker. Each
 * figure on screen is checked against the same engine run in Node on the records the server holds
 * (the same input the device builds from its mirror), so the browser's worker and Node agree to
 * the cent and to the path. A slider recomputes the plan at 4× CPU throttling (the time and the
 * main thread's long tasks are printed; their targets are bench:risk's); Apply reaches the server
 * exactly once; on a phone it all works
 * offline, and a reload shows the last result from the device's cache at once.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyWhatIf, netWorthAt, planOutcome } from '../../src/engine/what-if.ts';
import { project } from '../../src/engine/project.ts';
import { nextDollar, nextDollarTax } from '../../src/engine/next-dollar.ts';
import { formatCents } from '../../src/engine/money.ts';
import type { ProjectionInput } from '../../src/engine/types.ts';
import { basisPointsText } from '../../src/client/model/health-lines.ts';
import { compute } from '../../src/client/features/analytics/what-if/compute.ts';
import { MEDIAN_BELOW } from '../../src/client/features/analytics/what-if/figures.ts';
import { type App, apiCall, apiSignUp, serverInput, expectNoAxeViolations, goOffline, onPhone, screenshot, signedInPage, startApp, subscribeUser, uniqueEmail, switchColorScheme } from './harness.ts';
import { planStart } from './pages.ts';

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.close());

const thisYear = Number(planStart.slice(0, 4));
const SEED = 20261124;

/**
 * A household with a card, two accounts, a plan and the risk assumptions; `deposits` sets the
 * 401(k)'s biweekly and the Roth IRA's monthly contribution (dollars).
 */
async function household(deposits: { k401: number; roth: number } = { k401: 300, roth: 250 }): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('whatif');
  const token = await apiSignUp(app, email);
  const post = (apiPath: string, body: object) => apiCall(app, token, 'POST', apiPath, body);
  await post('/api/v1/incomes', { income: { name: 'Salary', pay_cycle: 'biweekly', next_pay_date: `${planStart}-05`, gross_pay: 4200, net_pay: 3100 } });
  await post('/api/v1/housing', { housing: { housing_type: 'Rent', total_monthly_payment: 1800 } });
  await post('/api/v1/monthly_expenses', { monthly_expense: { name: 'Groceries', amount: 900, due_day: 1 } });
  await post('/api/v1/debts', { debt: { name: 'Visa', creditor: 'Chase', original_amount: 9000, remaining_amount: 7400, apr: 24.99, monthly_payment: 250, original_term: 60, due_day: 5 } });
  await post('/api/v1/debt_plan', { debt_plan: { plan_type: 'avalanche', extra_payment: 50 } });
  await post('/api/v1/retirement_accounts', {
    retirement_account: { name: '401(k)', account_type: 'traditional_401k', contribution_amount: deposits.k401, employer_match: 50, employer_contribution_amount: 150, starting_balance: 42000, expected_return_rate: 7, contribution_cycle: 'biweekly', next_deposit_date: `${planStart}-12` },
  });
  await post('/api/v1/retirement_accounts', {
    retirement_account: { name: 'Roth IRA', account_type: 'roth_ira', contribution_amount: deposits.roth, employer_match: 0, employer_contribution_amount: 0, starting_balance: 15000, expected_return_rate: 6, contribution_cycle: 'monthly', next_deposit_date: `${planStart}-15` },
  });
  await post('/api/v1/retirement_plan', {
    retirement_plan: { retirement_date: `${thisYear + 22}-01-01`, interest_rate: 5, social_security_income: 2100, social_security_start_date: `${thisYear + 24}-01-01`, years_of_retirement: 30 },
  });
  await post('/api/v1/assumptions', { assumptions: { inflation_rate: 2.5, cash_balance: 6000, return_volatility: 15, stock_share: 60 } });
  subscribeUser(app, email);
  return { email, token };
}

async function openWhatIf(page: Page) {
  await page.getByRole('tab', { name: 'What if', exact: true }).click();
  await expect.poll(() => page.getByTestId('what-if-sandbox').count(), { timeout: 20_000 }).toBe(1);
}

const headline = (page: Page, id: string) => page.getByTestId(id).innerText().catch(() => '');

/** The Monte Carlo and history headlines Node computes for `input`. */
async function expectedHeadlines(input: ProjectionInput) {
  const monteCarlo = await compute({ kind: 'monteCarlo', input, seed: SEED, paths: 1000, volatility: 15 });
  const history = await compute({ kind: 'history', input, stockShare: 60 });
  return {
    monteCarlo: `${basisPointsText(monteCarlo!.successBasisPoints)} chance your money lasts through retirement`,
    monteCarloWords: `In ${monteCarlo!.lasted.toLocaleString('en-US')} of 1,000 simulated markets`,
    history: `${basisPointsText(history!.successBasisPoints)} of historical starts never ran short`,
    historyWords: `your savings lasted in ${history!.lasted.toLocaleString('en-US')}`,
    // The accounts expect 7 % and 6 %: a mean of 6.5 %, and 1.065 / 1.025 − 1 = 3.90 % after 2.5 % inflation.
    historyVersus:
      'Why this can differ from the simulated markets above: they grow your savings at your own expected returns, 6.50% a year on average, 3.90% after your 2.5% inflation. ' +
      `This replay earns what 60% in stocks actually earned after inflation, ${basisPointsText(history!.market.realBasisPoints)} a year from 1871 to 2023`,
    historyKinder: history!.market.realBasisPoints > 390,
  };
}

describe('What if', () => {
  it('on a desktop: every figure equals the engine in Node, a slider recomputes the plan at 4× throttling, and Apply lands once', async () => {
    const desktop = await app.newContext();
    try {
      const { email, token } = await household();
      const input = await serverInput(app, token);
      const expected = await expectedHeadlines(input);
      const { page } = await signedInPage(app, desktop, email, '/analytics', { token, subscribed: true });
      await openWhatIf(page);

      // Monte Carlo and history: the worker's answers are Node's, path for path.
      await expect.poll(() => headline(page, 'monte-carlo-headline'), { timeout: 60_000 }).toBe(expected.monteCarlo);
      expect(await page.getByTestId('monte-carlo-words').innerText()).toContain(expected.monteCarloWords);
      expect(await page.getByTestId('monte-carlo-seed').innerText()).toContain(`Seed ${SEED} · 1,000 paths · volatility 15% a year`);
      // Why the middle outcome sits below the saved plan, in one sentence.
      expect(await page.getByTestId('monte-carlo-median').innerText()).toBe(MEDIAN_BELOW);
      expect(await page.getByTestId('monte-carlo').innerText()).toContain('swinging about 15% a year (your return volatility assumption)');
      await expect.poll(() => headline(page, 'history-headline'), { timeout: 60_000 }).toBe(expected.history);
      expect(await page.getByTestId('history-words').innerText()).toContain(expected.historyWords);
      const versus = await page.getByTestId('history-versus').innerText();
      expect(versus).toContain(expected.historyVersus);
      expect(versus).toContain(expected.historyKinder ? 'so it can look kinder' : 'so it can look harsher');

      // The next dollar: the same ranking and figures as Node.
      const options = nextDollar(input, 10_000 as never, 1985);
      await expect.poll(() => page.getByTestId('next-dollar-options').count(), { timeout: 20_000 }).toBe(1);
      const first = options[0]!;
      expect(first.applies).toBe(true);
      expect(await page.getByTestId(`next-dollar-${first.kind}`).innerText()).toContain('#1');
      expect(await page.getByTestId(`next-dollar-${first.kind}`).innerText()).toContain(first.reason);
      // The traditional 401(k) counts the tax it saves: $9,100.00 a month gross less $650.00 pre-tax,
      // single (one income): 101,400 − 16,100 = 85,300.00 taxable, the 22 % bracket.
      const k401 = options.find((option) => option.kind === '401k')!;
      expect(k401.reason).toContain('It goes in before tax, so it costs $100.00 of take-home pay: at your 22% federal tax rate');
      expect(await page.getByTestId('next-dollar-401k').innerText()).toContain(k401.reason);

      // The sandbox: $100 more on the card, at 4× CPU throttling.
      const saved = planOutcome(input, project(input), 1985);
      const changedInput = applyWhatIf(input, { extraDebtPayment: 10_000 as never });
      const changed = planOutcome(changedInput, project(changedInput), 1985);
      const whole = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`;
      await expect.poll(() => page.getByTestId('what-if-interest').innerText(), { timeout: 20_000 }).toContain(whole(saved.interestPaid));
      await screenshot(page, 'what-if-desktop');

      const cdp = await desktop.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.evaluate(() => {
        const w = window as unknown as { longTasks: number[] };
        w.longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.longTasks.push(entry.duration);
        }).observe({ type: 'longtask' });
      });
      const thumb = page.getByRole('slider', { name: 'Extra debt payment' });
      await thumb.focus();
      const timings: number[] = [];
      for (let step = 1; step <= 4; step += 1) {
        // Each key press is $25 more; the figure to wait for is the engine's for that amount.
        const stepInput = applyWhatIf(input, { extraDebtPayment: (2500 * step) as never });
        const stepInterest = whole(planOutcome(stepInput, project(stepInput), 1985).interestPaid);
        const started = await page.evaluate(() => performance.now());
        // The keyboard itself, not a locator: resolving a locator runs the test's own scripts in the page.
        await page.keyboard.press('ArrowRight');
        await page.waitForFunction((text) => document.querySelector('[data-testid="what-if-interest"] td:last-child')?.textContent === text, stepInterest, { polling: 'raf', timeout: 10_000 });
        timings.push((await page.evaluate(() => performance.now())) - started);
      }
      const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
      const roundTrips = await page.evaluate(() => performance.getEntriesByName('risk whatIf').slice(-4).map((m) => `${Math.round(m.duration)} (worker ${Math.round((m as PerformanceMeasure).detail.workerMs)})`));
      console.log(`what-if round trips, page → worker → page: ${roundTrips.join(', ')} ms`);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      console.log(`slider → figures at 4× CPU: ${timings.map((t) => Math.round(t)).join(', ')} ms; long tasks: ${JSON.stringify(longTasks.map(Math.round))}`);
      // The 300 ms and 50 ms targets live in `npm run bench:risk`, which measures this same step on
      // a quiet machine; here the figures are printed for the log, and what is asserted is that every
      // step's figures are the engine's.
      expect(await page.getByTestId('what-if-interest').innerText()).toContain(whole(changed.interestPaid));
      expect(await page.getByTestId('what-if-debt-free').innerText()).toContain(changed.debtFreeMonth ?? 'Not on this plan');
      await screenshot(page, 'what-if-desktop-changed');
      await expectNoAxeViolations(page);

      // Apply: one write of the debt plan reaches the server, with exactly $100 more.
      const writes: Request[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/debt_plan') && request.method() !== 'GET') writes.push(request);
      });
      await page.getByRole('button', { name: 'Apply to my plan' }).click();
      await expect.poll(() => page.getByTestId('apply-list').innerText()).toBe('Debt plan: avalanche, extra payment $150.00 a month');
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await expect.poll(async () => ((await apiCall(app, token, 'GET', '/api/v1/debt_plan')) as any).debtPlan.extra_payment, { timeout: 20_000 }).toBe(150);
      await expect.poll(() => page.getByRole('button', { name: 'Apply to my plan' }).isDisabled(), { timeout: 20_000 }).toBe(true);
      await page.waitForTimeout(500);
      expect(writes).toHaveLength(1);
      // The risk cards run again for the plan as applied, and say what Node says of it.
      const applied = await expectedHeadlines(await serverInput(app, token));
      await expect.poll(() => headline(page, 'monte-carlo-headline'), { timeout: 60_000 }).toBe(applied.monteCarlo);
      await expect.poll(() => headline(page, 'history-headline'), { timeout: 60_000 }).toBe(applied.history);
      await expect.poll(() => page.getByTestId('risk-progress').count(), { timeout: 60_000 }).toBe(0);
      await switchColorScheme(page, 'dark');
      await expectNoAxeViolations(page);
      await screenshot(page, 'what-if-desktop-dark');
    } finally {
      await desktop.close();
    }
  });

  it('the next dollar keeps to the IRS limits and the filing status the user picks, at 390 px and on a desktop', async () => {
    const phone = await app.newContext(onPhone({ width: 390, height: 844 }));
    try {
      // $950.00 biweekly to the 401(k): 26 paydays next year hold 24,700.00, over 24,500.00; $625.00
      // a month to the Roth IRA: 7,500.00 next year, the whole IRA limit. Neither has room.
      const { email, token } = await household({ k401: 950, roth: 625 });
      const input = await serverInput(app, token);
      const { page } = await signedInPage(app, phone, email, '/analytics', { token, subscribed: true });
      await openWhatIf(page);
      await expect.poll(() => page.getByTestId('next-dollar-options').count(), { timeout: 20_000 }).toBe(1);
      const rowText = (kind: string) => page.getByTestId(`next-dollar-${kind}`).innerText();
      for (const status of ['single', 'married_joint'] as const) {
        const options = nextDollar(input, 10_000 as never, 1985, status);
        const k401 = options.find((option) => option.kind === '401k')!;
        const ira = options.find((option) => option.kind === 'ira')!;
        expect([k401.applies, ira.applies]).toEqual([false, false]);
        expect(k401.reason).toMatch(/^401\(k\) is full: \d{4}'s limit for your 401\(k\)s is \$24,500\.00 and your plan already puts \$24,700\.00 in them, so no more fits\.$/);
        expect(ira.reason).toMatch(/^Roth IRA is full: \d{4}'s limit for your IRAs together is \$7,500\.00 and your plan already puts \$7,500\.00 in them, so no more fits\.$/);
        await expect.poll(() => rowText('401k'), { timeout: 20_000 }).toContain(k401.reason);
        expect(await rowText('ira')).toContain(ira.reason);
        // Full accounts are not ranked.
        expect(await rowText('401k')).not.toContain('#');
        // The tax figures, as the engine has them for this status.
        const tax = nextDollarTax(input, status);
        const line = await page.getByTestId('next-dollar-tax').innerText();
        expect(line).toContain(`Your ${tax.year} income is about ${formatCents(tax.income)} (gross pay as entered less ${formatCents(tax.preTax)} into traditional 401(k)s).`);
        expect(line).toContain(`after the ${formatCents(tax.standardDeduction)} standard deduction your last dollar is taxed at ${tax.marginalRate}% federally`);
        if (status === 'single') {
          expect(await page.getByRole('combobox', { name: 'Filing status' }).inputValue()).toBe('Single');
          await page.getByTestId('next-dollar').scrollIntoViewIfNeeded();
          await screenshot(page, 'next-dollar-phone');
          await page.getByRole('combobox', { name: 'Filing status' }).click();
          await page.getByRole('option', { name: 'Married filing jointly' }).click();
          await expect.poll(() => page.getByTestId('next-dollar-tax').innerText()).toContain('Filing as married filing jointly');
        }
      }
      await switchColorScheme(page, 'dark');
      await page.getByTestId('next-dollar').scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page);
      await screenshot(page, 'next-dollar-phone-dark');
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByTestId('next-dollar').scrollIntoViewIfNeeded();
      await screenshot(page, 'next-dollar-desktop-dark');
      await switchColorScheme(page, 'light');
      await screenshot(page, 'next-dollar-desktop');
    } finally {
      await phone.close();
    }
  });

  it('on a phone: works offline, shows the last result after a reload at once, and an offline Apply lands once', async () => {
    const phone = await app.newContext(onPhone({ width: 390, height: 844 }));
    try {
      const { email, token } = await household();
      const input = await serverInput(app, token);
      const expected = await expectedHeadlines(input);
      const { page } = await signedInPage(app, phone, email, '/analytics', { token, subscribed: true });
      await openWhatIf(page);
      await expect.poll(() => headline(page, 'monte-carlo-headline'), { timeout: 60_000 }).toBe(expected.monteCarlo);
      await expect.poll(() => headline(page, 'history-headline'), { timeout: 60_000 }).toBe(expected.history);

      await goOffline(phone, page);
      await page.reload();
      await openWhatIf(page);
      // From the device's cache: the same answers, said to be from earlier.
      await expect.poll(() => headline(page, 'monte-carlo-headline'), { timeout: 20_000 }).toBe(expected.monteCarlo);
      await expect.poll(() => page.getByTestId('monte-carlo').innerText()).toContain('Calculated earlier on this device for the same plan.');
      await page.getByTestId('monte-carlo').scrollIntoViewIfNeeded();
      await screenshot(page, 'what-if-phone-offline');

      // Offline, a new seed runs in the worker: the answer equals Node's for that seed.
      await page.getByRole('button', { name: 'Try another seed' }).click();
      const seed = Number((await page.getByTestId('monte-carlo-seed').innerText()).match(/Seed (\d+)/)![1]);
      expect(seed).not.toBe(SEED);
      const again = await compute({ kind: 'monteCarlo', input, seed, paths: 1000, volatility: 15 });
      await expect.poll(() => headline(page, 'monte-carlo-headline'), { timeout: 60_000 }).toBe(`${basisPointsText(again!.successBasisPoints)} chance your money lasts through retirement`);
      await expect.poll(() => page.getByTestId('monte-carlo').innerText()).toContain('Calculated on this device in');

      // The sandbox offline: retire two years later, apply, and it lands once when back online.
      const slider = page.getByRole('slider', { name: 'Years earlier or later' });
      await slider.focus();
      await slider.press('ArrowRight');
      await slider.press('ArrowRight');
      const later = applyWhatIf(input, { retirementDate: `${thisYear + 24}-01-01` });
      // The plan keeps its end: 30 years from thisYear + 22 is 28 from thisYear + 24.
      expect(later.retirementPlan?.yearsOfRetirement).toBe(28);
      const outcome = planOutcome(later, project(later), 1985);
      const savedOutcome = planOutcome(input, project(input), 1985);
      const whole = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`;
      // Each line reads both plans in the month it names: the what-if's last working month, then the saved plan's.
      const [ours, theirs] = [outcome.atRetirementMonth!, savedOutcome.atRetirementMonth!];
      const cellsOf = async (testId: string) => (await page.getByTestId(testId).locator('th, td').allInnerTexts()).map((text) => text.trim());
      await expect.poll(() => cellsOf('what-if-net-worth'), { timeout: 20_000 }).toEqual([`Net worth in ${ours} (the what-if retires)`, whole(netWorthAt(savedOutcome, ours)!), whole(outcome.netWorthAtRetirement!)]);
      expect(await cellsOf('what-if-net-worth-saved-retirement')).toEqual([`Net worth in ${theirs} (the saved plan retires)`, whole(savedOutcome.netWorthAtRetirement!), whole(netWorthAt(outcome, theirs)!)]);
      await page.getByTestId('what-if-sandbox').scrollIntoViewIfNeeded();
      await screenshot(page, 'what-if-phone-sandbox');
      await page.getByRole('button', { name: 'Apply to my plan' }).click();
      await expect.poll(() => page.getByTestId('apply-list').innerText()).toBe(`Retirement plan: retirement date ${thisYear + 24}-01-01, 28 years of retirement`);
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Apply to my plan' }).isDisabled(), { timeout: 20_000 }).toBe(true);
      expect(((await apiCall(app, token, 'GET', '/api/v1/retirement_plan')) as any).retirement_plan.retirement_date).toBe(`${thisYear + 22}-01-01`);

      const writes: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/retirement_plan') && request.method() !== 'GET') writes.push(request.method());
      });
      await phone.setOffline(false);
      await expect.poll(async () => ((await apiCall(app, token, 'GET', '/api/v1/retirement_plan')) as any).retirement_plan, { timeout: 20_000 }).toMatchObject({ retirement_date: `${thisYear + 24}-01-01`, years_of_retirement: 28 });
      await expect.poll(() => page.getByText('pending sync').count(), { timeout: 20_000 }).toBe(0);
      await page.waitForTimeout(500);
      expect(writes).toHaveLength(1);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'what-if-phone');
      await switchColorScheme(page, 'dark');
      await expectNoAxeViolations(page);
      await screenshot(page, 'what-if-phone-dark');
    } finally {
      await phone.close();
    }
  });
});
