/**
 * Part 3 of `npm run bench:risk` (bench/risk.ts): the real app's own slider step.
 *
 * The production app (NODE_ENV=production vite build into a temp outDir; E2E_DIST and
 * E2E_SKIP_BUILD=1 are honoured as the browser tests honour them) is served by the real server
 * (tests/server/server-process.ts, PGlite in a fresh temp DATA_DIR). A subscriber is made through
 * the REST API with bench/household.ts's heavy household mapped to request bodies (its dates moved
 * so the plan starts this month; its past-month actuals are left out, since a new user's plan has
 * no past months), subscribed by the admin command and signed in as the browser tests sign in.
 *
 * Chromium at 1280×900 opens /analytics → What if and waits until the sandbox shows the saved
 * plan's figures and the Monte Carlo and history headlines equal Node's (so the worker is idle).
 * Then, at 4× CPU throttling of the main thread, the "Extra debt payment" slider is focused and
 * ArrowRight pressed WARM_UP + STEPS times ($25 more each). A step is timed in the page from just
 * before the key press to the frame on which the What if column of "Interest paid on debts" shows
 * the engine's figure for that amount, computed here in Node (applyWhatIf + planOutcome + project
 * on the input built from the server's records, as tests/e2e/what-if.test.ts builds it). Targets:
 * every step under 300 ms (the verdict is on the max; the median's is printed too), and no
 * main-thread task over 50 ms during the timed steps. The page's own `risk whatIf` User Timing
 * measures (page → worker → page, with the worker's own ms) are printed beside them. A missed
 * target is printed, not an exit code; only something that cannot run throws.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { centsToDollars, cents, type Cents } from '../src/engine/money.ts';
import { addMonths, monthsBetween, type MonthKey } from '../src/engine/months.ts';
import { project } from '../src/engine/project.ts';
import { DEFAULT_PATHS } from '../src/engine/risk.ts';
import type { ProjectionInput } from '../src/engine/types.ts';
import { applyWhatIf, planOutcome } from '../src/engine/what-if.ts';
import { wholeUsd } from '../src/client/model/plan-format.ts';
import { basisPointsText } from '../src/client/model/health-lines.ts';
import { compute } from '../src/client/features/analytics/what-if/compute.ts';
import { ServerProcess } from '../tests/server/server-process.ts';
import { inputFromServer } from '../tests/e2e/server-input.ts';
import { heavyHousehold } from './household.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const VIEWPORT = { width: 1280, height: 900 };
const PASSWORD = 'correct horse battery';
const THROTTLE = 4;
const WARM_UP = 1;
const STEPS = 10;
/** The slider's step, in cents ($25, Sandbox.tsx). */
const STEP_CENTS = 2500;
const TARGET_STEP_MS = 300;
/** A step that takes this long is not slow but broken (the figure never became the engine's). */
const STEP_TIMEOUT_MS = 15_000;
const TARGET_LONG_TASK_MS = 50;
/** The seed MonteCarloCard asks first (its FIRST_SEED) and the assumptions' volatility and stock share. */
const SEED = 20261124;
const VOLATILITY = 15;
const STOCK_SHARE = 60;
/** Retirement at this age sets the subscriber's birth year. */
const RETIREMENT_AGE = 67;

const number = (value: number): string => Math.round(value).toLocaleString('en-US');
const ms = (value: number): string => `${number(value)} ms`;
const verdict = (met: boolean): string => (met ? 'met' : 'NOT met');
const load = (): string => `load average ${loadavg()[0]?.toFixed(2) ?? '?'}`;
const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const seconds = (since: number): string => `${((performance.now() - since) / 1000).toFixed(1)} s`;
/** Cents → the wire's dollars (a JSON number; the server parses it through text, back to the same cents). */
const dollars = (amount: Cents): number => centsToDollars(amount);

type Json = Record<string, any>;

async function api(base: string, method: string, route: string, token: string | null, body?: unknown): Promise<any> {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

/** A directory as printed: relative to the repository when inside it. */
const shown = (dir: string): string => (path.relative(root, dir).startsWith('..') ? dir : path.relative(root, dir) || '.');

/** The production build to serve: E2E_DIST (or dist/) as is with E2E_SKIP_BUILD=1, else built into E2E_DIST or `work`. */
function productionBuild(work: string): { readonly dir: string; readonly how: string } {
  const named = process.env.E2E_DIST ? path.resolve(root, process.env.E2E_DIST) : null;
  if (process.env.E2E_SKIP_BUILD === '1') {
    const dir = named ?? path.join(root, 'dist');
    if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`E2E_SKIP_BUILD=1 but ${dir} holds no build (no index.html)`);
    return { dir, how: `the existing build in ${shown(dir)} (E2E_SKIP_BUILD=1)` };
  }
  const dir = named ?? path.join(work, 'dist');
  const started = performance.now();
  try {
    // Quiet unless it fails: the PWA plugin prints its own lines whatever the log level.
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dir, '--emptyOutDir'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // What users get: React's production build, whatever NODE_ENV this process has.
      env: { ...process.env, NODE_ENV: 'production' },
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`The production build failed:\n${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}`, { cause: error });
  }
  return { dir, how: `built in ${seconds(started)}${named ? ` into ${shown(dir)} (E2E_DIST)` : ''}` };
}

/**
 * bench/household.ts's heavy household as REST bodies, its months moved by whole months so its
 * plan starts in `planStart` (the month a new user's plan starts). Fields the engine does not
 * read (names, creditors, terms, due days, gross pay, account types) are filled in plausibly.
 */
function householdBodies(planStart: MonthKey): { readonly bodies: readonly (readonly [string, Json])[]; readonly retirementYear: number; readonly counts: string } {
  const heavy = heavyHousehold();
  const shift = monthsBetween(heavy.planStart, planStart);
  const month = (m: MonthKey): MonthKey => addMonths(m, shift);
  const date = (d: string): string => `${month(d.slice(0, 7) as MonthKey)}${d.slice(7)}`;
  const accountTypes = ['traditional_401k', 'roth_401k', 'traditional_ira', 'roth_ira'] as const;
  const bodies: (readonly [string, Json])[] = [];
  heavy.incomes.forEach((income, i) => {
    const gross = cents(Math.round((income.netPay * 13) / 10));
    bodies.push(['/api/v1/incomes', { income: { name: `Income ${i + 1}`, pay_cycle: income.payCycle, next_pay_date: `${planStart}-${String(1 + ((i * 5) % 28)).padStart(2, '0')}`, gross_pay: dollars(gross), net_pay: dollars(income.netPay) } }]);
  });
  const housing = heavy.housing;
  if (housing?.housingType === 'Mortgage') {
    const year = Number(planStart.slice(0, 4));
    bodies.push([
      '/api/v1/housing',
      {
        housing: {
          housing_type: 'Mortgage',
          total_monthly_payment: dollars(housing.totalMonthlyPayment),
          original_purchase_price: dollars(cents(Math.round(housing.currentBalance * 1.3))),
          down_payment: dollars(cents(Math.round(housing.currentBalance * 0.26))),
          interest_rate: housing.interestRate,
          term: 30,
          open_date: `${year - 4}-06-01`,
          current_balance: dollars(housing.currentBalance),
          escrow_payment: dollars(housing.escrowPayment),
        },
      },
    ]);
  }
  heavy.monthlyExpenses.forEach((expense, i) => bodies.push(['/api/v1/monthly_expenses', { monthly_expense: { name: `Bill ${i + 1}`, amount: dollars(expense.amount), due_day: 1 + (i % 28) } }]));
  heavy.otherExpenses.forEach((expense, i) => bodies.push(['/api/v1/other_expenses', { other_expense: { month: month(expense.month), description: `One-time ${i + 1}`, amount: dollars(expense.amount) } }]));
  heavy.debts.forEach((debt, i) =>
    bodies.push([
      '/api/v1/debts',
      {
        debt: {
          name: debt.name,
          creditor: `Lender ${1 + (i % 6)}`,
          original_amount: dollars(debt.originalAmount),
          remaining_amount: dollars(debt.remainingAmount),
          apr: debt.apr,
          monthly_payment: dollars(debt.monthlyPayment),
          original_term: 60 + ((i * 12) % 300),
          due_day: 1 + (i % 28),
        },
      },
    ]),
  );
  if (heavy.debtPlan) bodies.push(['/api/v1/debt_plan', { debt_plan: { plan_type: heavy.debtPlan.planType, extra_payment: dollars(heavy.debtPlan.extraPayment) } }]);
  heavy.retirementAccounts.forEach((account, i) =>
    bodies.push([
      '/api/v1/retirement_accounts',
      {
        retirement_account: {
          name: account.name,
          account_type: accountTypes[i % accountTypes.length],
          contribution_amount: dollars(account.contributionAmount),
          employer_match: account.employerContributionAmount > 0 ? 50 : 0,
          employer_contribution_amount: dollars(account.employerContributionAmount),
          starting_balance: dollars(account.startingBalance),
          expected_return_rate: account.expectedReturnRate,
          contribution_cycle: account.contributionCycle,
          next_deposit_date: date(account.nextDepositDate),
        },
      },
    ]),
  );
  const plan = heavy.retirementPlan;
  if (!plan) throw new Error('The heavy household has no retirement plan');
  const retirementDate = date(plan.retirementDate);
  bodies.push([
    '/api/v1/retirement_plan',
    {
      retirement_plan: {
        retirement_date: retirementDate,
        interest_rate: plan.interestRate,
        social_security_income: dollars(plan.socialSecurityIncome),
        social_security_start_date: date(plan.socialSecurityStartDate),
        years_of_retirement: plan.yearsOfRetirement,
      },
    },
  ]);
  bodies.push(['/api/v1/assumptions', { assumptions: { inflation_rate: 2.5, cash_balance: 20_000, return_volatility: VOLATILITY, stock_share: STOCK_SHARE } }]);
  const counts =
    `${heavy.debts.length} debts under ${heavy.debtPlan?.planType ?? 'no plan'} + ${wholeUsd(heavy.debtPlan?.extraPayment ?? cents(0))} extra, ${heavy.retirementAccounts.length} accounts, ` +
    `${heavy.incomes.length} incomes, a mortgage, ${heavy.monthlyExpenses.length} monthly + ${heavy.otherExpenses.length} one-time expenses, retirement ${retirementDate} for ${plan.yearsOfRetirement} years, ` +
    `assumptions (inflation 2.5 %, cash $20,000, volatility ${VOLATILITY} %, ${STOCK_SHARE} % stocks)`;
  return { bodies, retirementYear: Number(retirementDate.slice(0, 4)), counts };
}

/** The engine's input from what the server holds, built as the device builds it from its mirror (tests/e2e/server-input.ts). */
function serverInput(base: string, token: string): Promise<ProjectionInput> {
  return inputFromServer((route) => api(base, 'GET', route, token) as Promise<Json>);
}

/** Marks a user subscribed through the admin command (`npm run subscribe -- EMAIL on`), as tests/e2e/harness.ts subscribeUser does. */
function subscribe(server: ServerProcess, email: string): void {
  const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/subscribe.ts', email, 'on'], { cwd: root, env: { ...process.env, ...server.environment }, encoding: 'utf8' });
  if (cli.status !== 0) throw new Error(`subscribe failed: ${cli.stderr}`);
}

/** Signs the page in as tests/e2e/harness.ts signedInPage does: the session keys the app reads at start, then `target`. */
async function signIn(page: Page, email: string, token: string, target: string): Promise<void> {
  await page.goto('/privacy-policy');
  const entries: [string, string][] = [
    ['authToken', token],
    ['email', email],
    ['userEmail', email],
    ['isAuthenticated', 'true'],
    ['subscribed', 'true'],
  ];
  await page.evaluate((pairs) => {
    for (const [key, value] of pairs) localStorage.setItem(key, value);
  }, entries);
  await page.goto(target);
}

/**
 * Waits (polling each frame) until the element's text is `text`; on a timeout says what was there
 * instead. The predicates are functions, not strings: the app's Content-Security-Policy has no
 * 'unsafe-eval', and Playwright polls a string predicate through eval in the page.
 */
async function waitForText(page: Page, selector: string, text: string, timeout: number, what: string): Promise<void> {
  await page.waitForFunction(([css, wanted]) => (document.querySelector(css) as HTMLElement | null)?.innerText === wanted, [selector, text] as const, { polling: 'raf', timeout }).catch(async (error: unknown) => {
    const shown = await page.evaluate((css) => (document.querySelector(css) as HTMLElement | null)?.innerText ?? '(not on the page)', selector);
    throw new Error(`${what} did not show "${text}" within ${ms(timeout)}; the page shows "${shown}" (${String(error).split('\n')[0]})`);
  });
}

interface StepRun {
  /** Each step's ms, warm-up first. */
  readonly steps: readonly number[];
  readonly longTasks: readonly { readonly startMs: number; readonly durationMs: number; readonly step: number }[];
  readonly roundTrips: readonly { readonly durationMs: number; readonly workerMs: number }[];
}

/** The slider loop at THROTTLE× CPU: `expected[k]` is the engine's interest figure after k presses. */
async function sliderSteps(context: BrowserContext, page: Page, expected: readonly string[]): Promise<StepRun> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  try {
    // A string is fine for a one-off evaluate (DevTools runs it, whatever the page's CSP says).
    await page.evaluate(`
      window.__benchLongTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask' });
    `);
    await page.getByRole('slider', { name: 'Extra debt payment' }).focus();
    const bounds: { start: number; end: number }[] = [];
    for (let k = 1; k <= WARM_UP + STEPS; k += 1) {
      const text = expected[k] as string;
      const cell = '[data-testid="what-if-interest"] td:last-child';
      const started = (await page.evaluate('performance.now()')) as number;
      // The keyboard itself, not a locator: resolving a locator runs Playwright's own scripts in the page.
      await page.keyboard.press('ArrowRight');
      const shown = await page
        .waitForFunction(([css, wanted]) => (document.querySelector(css)?.textContent === wanted ? performance.now() : false), [cell, text] as const, { polling: 'raf', timeout: STEP_TIMEOUT_MS })
        .catch(async (error: unknown) => {
          const onScreen = await page.evaluate((css) => document.querySelector(css)?.textContent ?? '(not on the page)', cell);
          throw new Error(`Step ${k} ($${(k * STEP_CENTS) / 100} extra): the interest figure did not become the engine's ${text} within ${ms(STEP_TIMEOUT_MS)}; the page shows ${onScreen} (${String(error).split('\n')[0]})`);
        });
      const ended = (await shown.jsonValue()) as number;
      await shown.dispose();
      bounds.push({ start: started, end: ended });
    }
    // The timed steps run from the first timed press until the reads below: a task the last step
    // leaves behind (a chart drawn after its figure) counts too. Long tasks are reported after they
    // end, so the observer gets a moment first.
    const from = bounds[WARM_UP]?.start ?? 0;
    await page.waitForTimeout(200);
    const tasks = (await page.evaluate('window.__benchLongTasks')) as { start: number; duration: number }[];
    const measures = (await page.evaluate(`performance.getEntriesByName('risk whatIf').map((m) => ({ start: m.startTime, durationMs: m.duration, workerMs: m.detail?.workerMs ?? Number.NaN }))`)) as {
      start: number;
      durationMs: number;
      workerMs: number;
    }[];
    const stepOf = (time: number): number => bounds.findIndex((b, i) => time >= b.start && time < (bounds[i + 1]?.start ?? Number.POSITIVE_INFINITY)) + 1 - WARM_UP;
    return {
      steps: bounds.map((b) => b.end - b.start),
      longTasks: tasks.filter((t) => t.start + t.duration >= from).map((t) => ({ startMs: t.start - from, durationMs: t.duration, step: stepOf(t.start) })),
      roundTrips: measures.filter((m) => m.start >= from).map(({ durationMs, workerMs }) => ({ durationMs, workerMs })),
    };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => {});
  }
}

/** Part 3 of bench:risk: the real app's "Extra debt payment" slider step, at THROTTLE× CPU. */
export async function appSliderRuns(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'runway-bench-risk-app-'));
  let server: ServerProcess | null = null;
  let context: BrowserContext | null = null;
  try {
    const build = productionBuild(work);
    const dataDir = path.join(work, 'data');
    mkdirSync(dataDir, { recursive: true });
    // DATABASE_URL emptied: PGlite in the fresh DATA_DIR, whatever this shell points at.
    server = await ServerProcess.start({ dataDir, env: { STATIC_DIR: build.dir, DATABASE_URL: '' } });

    // The server's month 1 for a new user is the month of sign-up in UTC (tests/e2e/pages.ts planStart).
    const { bodies, retirementYear, counts } = householdBodies(new Date().toISOString().slice(0, 7) as MonthKey);
    const birthYear = retirementYear - RETIREMENT_AGE;
    const email = `bench-risk-${Date.now().toString(36)}@example.com`;
    const filled = performance.now();
    const signUp = await api(server.url, 'POST', '/users', null, { user: { email, password: PASSWORD, password_confirmation: PASSWORD, birth_year: birthYear } });
    const token: string = signUp.status.data.token;
    for (const [route, body] of bodies) await api(server.url, 'POST', route, token, body);
    subscribe(server, email);
    const input = await serverInput(server.url, token);
    const recordsTime = seconds(filled);

    // What the page must show, from the engine in Node on the server's records.
    const saved = planOutcome(input, project(input), birthYear);
    const expected = [wholeUsd(saved.interestPaid)];
    for (let k = 1; k <= WARM_UP + STEPS; k += 1) {
      const changed = applyWhatIf(input, { extraDebtPayment: cents(k * STEP_CENTS) });
      expected.push(wholeUsd(planOutcome(changed, project(changed), birthYear).interestPaid));
      // A step whose figure equals the one before would be "shown" before the press is handled.
      if (expected[k] === expected[k - 1]) throw new Error(`$${(k * STEP_CENTS) / 100} extra leaves the interest at ${expected[k]}: that step could not be timed`);
    }
    const monteCarlo = await compute({ kind: 'monteCarlo', input, seed: SEED, paths: DEFAULT_PATHS, volatility: VOLATILITY });
    const history = await compute({ kind: 'history', input, stockShare: STOCK_SHARE });
    if (monteCarlo === null || history === null) throw new Error('Node answered no Monte Carlo or history replay');

    context = await chromium.launchPersistentContext(path.join(work, 'profile'), { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS, viewport: VIEWPORT, baseURL: server.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('Failed to load resource')) errors.push(`console: ${message.text()}`);
    });
    await signIn(page, email, token, '/analytics');
    await page.getByRole('tab', { name: 'What if', exact: true }).click({ timeout: 30_000 });
    await waitForText(page, '[data-testid="what-if-interest"] td:last-child', expected[0] as string, 60_000, 'The sandbox');
    await waitForText(page, '[data-testid="monte-carlo-headline"]', `${basisPointsText(monteCarlo.successBasisPoints)} chance your money lasts through retirement`, 120_000, 'The Monte Carlo headline');
    await waitForText(page, '[data-testid="history-headline"]', `${basisPointsText(history.successBasisPoints)} of historical starts never ran short`, 120_000, 'The history headline');
    await page.getByTestId('next-dollar-options').waitFor({ timeout: 30_000 });
    // Charts drawn and the worker idle before the clock starts.
    await page.waitForTimeout(1000);

    const { product } = (await (await context.newCDPSession(page)).send('Browser.getVersion')) as { product: string };
    const run = await sliderSteps(context, page, expected);

    const timed = run.steps.slice(WARM_UP);
    // Verdicts on the whole milliseconds printed, so a printed "300 ms" is never called under 300 ms.
    const worst = Math.round(Math.max(...timed));
    const middle = Math.round(median(timed));
    const at = `App ${THROTTLE}× CPU`;
    console.log(
      `\nThe app's own slider step: production build (${build.how}) on the real server (PGlite, fresh DATA_DIR); ` +
        `a subscriber with bench/household.ts's heavy household through the REST API in ${recordsTime} (${counts}; its past-month actuals left out: a new plan starts this month).`,
    );
    console.log(
      `${product}, /analytics → What if at ${VIEWPORT.width}×${VIEWPORT.height}, ${THROTTLE}× CPU throttling of the main thread (the worker runs unthrottled); ` +
        `each step = page.keyboard.press('ArrowRight') on "Extra debt payment" (+$${STEP_CENTS / 100}) → the engine's interest figure on screen (polled each frame); ${load()}:`,
    );
    console.log(
      `${at} · slider → figures, ${STEPS} steps after ${WARM_UP} warm-up (${run.steps.slice(0, WARM_UP).map(ms).join(', ')}): ${timed.map((t) => number(t)).join(', ')} ms; ` +
        `median ${ms(middle)}, max ${ms(worst)} (target: each step under ${ms(TARGET_STEP_MS)}: ${verdict(worst < TARGET_STEP_MS)}; median: ${verdict(middle < TARGET_STEP_MS)})`,
    );
    const trips = run.roundTrips;
    console.log(
      `${at} · the page's own 'risk whatIf' round trips (page → worker → page) during the timed steps: ` +
        (trips.length === 0
          ? 'none recorded'
          : `${trips.map((t) => `${number(t.durationMs)} (worker ${number(t.workerMs)})`).join(', ')} ms; median ${ms(median(trips.map((t) => t.durationMs)))} (worker median ${ms(median(trips.map((t) => t.workerMs)))})`),
    );
    const longest = Math.max(0, ...run.longTasks.map((task) => task.durationMs));
    const listed = run.longTasks.map((task) => `${ms(task.durationMs)} ${task.step < 1 ? 'from the warm-up' : `in step ${task.step}`} at +${ms(task.startMs)}`).join('; ');
    console.log(
      `${at} · main thread during the timed steps: ${run.longTasks.length} long task${run.longTasks.length === 1 ? '' : 's'} (over ${TARGET_LONG_TASK_MS} ms), ` +
        `longest ${run.longTasks.length === 0 ? `none over ${TARGET_LONG_TASK_MS} ms` : ms(longest)} (target: no task over ${ms(TARGET_LONG_TASK_MS)}: ${verdict(longest <= TARGET_LONG_TASK_MS)})` +
        (listed ? `\n  ${listed}` : ''),
    );
    if (errors.length > 0) console.log(`${at} · the page logged ${errors.length} error${errors.length === 1 ? '' : 's'}: ${errors.slice(0, 3).join(' | ')}`);
    console.log(`${at} · after the steps: ${load()}`);
  } finally {
    await context?.close().catch((error: unknown) => console.error('Closing Chromium failed:', error));
    await server?.stop().catch((error: unknown) => console.error('Stopping the server failed:', error));
    rmSync(work, { recursive: true, force: true });
  }
}
