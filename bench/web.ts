/**
 * `npm run bench:web`: the web app's weight, its first paints from the local mirror, and Lighthouse.
 * Every page is opened at a phone's viewport (390×844, touch, the mobile viewport meta).
 *
 * 1. Builds the production app (unless E2E_SKIP_BUILD=1 says E2E_DIST holds a fresh one) and serves
 *    it from the real server (PGlite, fresh DATA_DIR).
 * 2. Initial JavaScript: loads `/` (a visitor), `/dashboard` and `/analytics` (signed in) in
 *    Chromium and sums the gzip size of every script the page fetched before it went quiet. Target
 *    for `/`: under 150 kB.
 * 3. Dashboard from the mirror: a user with 25 debts (and the other collections) opens the
 *    dashboard once so the mirror fills, then reloads it with 4× CPU throttling; the time from
 *    navigation start until the Debts table's rows are on screen is measured in the page. Target:
 *    under 1.5 s (median of 5 reloads).
 * 4. Analytics from the mirror: a subscriber with a heavy household (25 debts, 10 incomes, 8
 *    retirement accounts, a debt plan, a retirement plan; month tables of 900+ rows) opens
 *    `/analytics` once, so the mirror fills and the service worker installs. Then, with 4× CPU
 *    throttling, each run is a cold first open in a new tab (browser caches cleared; the worker
 *    answers from its precache): the time from navigation start until the Overview's figures
 *    (Net Worth Now) are on screen. Target: under 1.5 s (median of 5).
 * 5. Lighthouse Performance (12.x, its mobile preset: simulated slow 4G and a 4× slower CPU, at the
 *    same 390×844 screen), median of 3 runs each: `/` as a first visit (storage cleared, no
 *    service worker yet) and `/analytics` signed in, warm (worker and mirror filled). Targets: `/`
 *    at least 99 with its first paint under 1.2 s, `/analytics` at least 95. `/dashboard` signed
 *    in, warm, is printed beside them (one run).
 * 6. A visitor's first visit to `/` (3 runs, each in a new browser profile, 4× CPU throttling):
 *    the first paint and the largest one as the page reports them, and everything that crossed
 *    the network until it was quiet for 3 s — the page, its scripts and styles, the service
 *    worker and what it precaches — counted by a proxy in front of the server: bytes as sent
 *    (compressed), requests, and when the last answer ended. Targets: first paint under 600 ms,
 *    under 250 KiB and under 40 requests.
 *
 * The machine's speed is printed first (the engine benchmark's `project()` median, as
 * `npm run bench:engine` measures it), since these figures scale with it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { lighthouseBrowser, type LighthouseRun } from '../tests/e2e/lighthouse-runner.ts';
import { ServerProcess } from '../tests/server/server-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// E2E_DIST builds elsewhere than dist/ (as the browser tests do), so a run beside them is safe;
// E2E_SKIP_BUILD=1 measures the build already there.
const dist = path.resolve(root, process.env.E2E_DIST ?? 'dist');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PASSWORD = 'correct horse battery';
/** A phone's screen (iPhone 12 to 15): where the flows run, Lighthouse's included. */
const PHONE = { width: 390, height: 844, deviceScaleFactor: 3 };
const RUNS = 5;
const LIGHTHOUSE_RUNS = 3;

const TARGETS = { homeJs: 150_000, dashboardMs: 1500, analyticsMs: 1500, lighthouse: 95, lighthouseHome: 99, lighthouseHomeFcpMs: 1200, visitFcpMs: 600, visitBytes: 250 * 1024, visitRequests: 40 };
const VISIT_RUNS = 3;
/** The network is quiet after a visit once nothing has crossed it for this long. */
const QUIET_MS = 3000;

async function api(base: string, method: string, route: string, token: string | null, body?: unknown): Promise<any> {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

/** A user with 25 debts, 10 incomes and 10 monthly expenses; answers the token. */
async function household(base: string, email: string): Promise<string> {
  const signUp = await api(base, 'POST', '/users', null, { user: { email, password: PASSWORD, password_confirmation: PASSWORD, birth_year: 1985 } });
  const token: string = signUp.status.data.token;
  for (let i = 0; i < 25; i++) {
    await api(base, 'POST', '/api/v1/debts', token, {
      debt: { name: `Debt ${i + 1}`, creditor: `Bank ${i % 5}`, original_amount: 5000 + i * 100, remaining_amount: 4000 + i * 90, apr: 5 + (i % 20), monthly_payment: 200 + i, original_term: 60, due_day: 1 + (i % 28) },
    });
  }
  for (let i = 0; i < 10; i++) {
    await api(base, 'POST', '/api/v1/incomes', token, { income: { name: `Job ${i}`, pay_cycle: 'biweekly', next_pay_date: '2026-12-04', gross_pay: 3000 + i, net_pay: 2200 + i } });
    await api(base, 'POST', '/api/v1/monthly_expenses', token, { monthly_expense: { name: `Bill ${i}`, amount: 50 + i, due_day: 1 + i } });
  }
  return token;
}

/**
 * The household above and what the analytics project: housing, one-time expenses, a debt plan, 8
 * retirement accounts and a retirement plan 46 years on lasting 30 (month tables of 900+ rows).
 * Subscribed through the admin command, as tests/e2e/harness.ts `subscribeUser` does.
 */
async function heavyHousehold(server: ServerProcess, email: string): Promise<string> {
  const base = server.url;
  const token = await household(base, email);
  const now = new Date();
  const month = (ahead: number) => {
    const index = now.getUTCFullYear() * 12 + now.getUTCMonth() + ahead;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  };
  const retirementYear = now.getUTCFullYear() + 46;
  await api(base, 'POST', '/api/v1/housing', token, { housing: { housing_type: 'Rent', total_monthly_payment: 1450 } });
  for (let i = 0; i < 12; i++) await api(base, 'POST', '/api/v1/other_expenses', token, { other_expense: { month: month(1 + i * 2), description: `One-off ${i + 1}`, amount: 100 + i * 25 } });
  await api(base, 'POST', '/api/v1/debt_plan', token, { debt_plan: { plan_type: 'avalanche', extra_payment: 300 } });
  const cycles = ['weekly', 'biweekly', 'semimonthly', 'monthly'];
  for (let i = 0; i < 8; i++) {
    await api(base, 'POST', '/api/v1/retirement_accounts', token, {
      retirement_account: {
        name: `Account ${i + 1}`,
        account_type: 'traditional_401k',
        contribution_amount: 100 + i * 20,
        employer_match: 50,
        employer_contribution_amount: 50 + i * 10,
        starting_balance: 5000 + i * 2500,
        expected_return_rate: 5 + (i % 4),
        contribution_cycle: cycles[i % 4],
        next_deposit_date: `${month(1)}-15`,
      },
    });
  }
  await api(base, 'POST', '/api/v1/retirement_plan', token, {
    retirement_plan: { retirement_date: `${retirementYear}-01-01`, interest_rate: 4, social_security_income: 2100, social_security_start_date: `${retirementYear + 2}-01-01`, years_of_retirement: 30 },
  });
  const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/subscribe.ts', email, 'on'], { cwd: root, env: { ...process.env, ...server.environment }, encoding: 'utf8' });
  if (cli.status !== 0) throw new Error(`subscribe failed: ${cli.stderr}`);
  return token;
}

async function signIn(page: Page, email: string, token: string, subscribed = false) {
  await page.goto('/privacy-policy');
  await page.evaluate(
    ([t, e, s]) => {
      localStorage.setItem('authToken', t);
      localStorage.setItem('email', e);
      localStorage.setItem('userEmail', e);
      localStorage.setItem('isAuthenticated', 'true');
      localStorage.setItem('dashboardTab', 'debts');
      localStorage.setItem('analyticsTab', 'overview');
      if (s === 'true') localStorage.setItem('subscribed', 'true');
    },
    [token, email, String(subscribed)] as const,
  );
}

/** The Overview's first figure, once the projection is on screen. */
const OVERVIEW_FIGURE = '[data-testid="figure-Net Worth Now"]';

/** Opens /analytics until the Overview and the month tables are in the mirror and the service worker is active. */
async function warmAnalytics(page: Page) {
  await page.goto('/analytics');
  await page.locator(OVERVIEW_FIGURE).waitFor({ timeout: 60_000 });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // The month tables (900+ rows) are pulled after the records: wait until the Overview reads them.
  await page.waitForFunction(() => !document.body.textContent?.includes('Your month tables have not loaded'), undefined, { timeout: 60_000 });
}

function phoneContext(profile: string, baseURL: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
    baseURL,
    viewport: { width: PHONE.width, height: PHONE.height },
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
}

/** gzip bytes of every script fetched while `load` runs and the network settles. */
async function initialJs(context: BrowserContext, url: string, before?: (page: Page) => Promise<void>): Promise<{ total: number; files: [string, number][] }> {
  const page = await context.newPage();
  if (before) await before(page);
  const scripts = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const href = response.url();
    if (!href.endsWith('.js') || response.status() !== 200) return;
    // A script that arrives as the page closes is not counted (the page was quiet before it).
    pending.push(response.body().then((body) => void scripts.set(new URL(href).pathname, gzipSync(body, { level: 9 }).length), () => {}));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  for (let read = 0; read < pending.length; read = pending.length) await Promise.all(pending);
  await page.close();
  const files = [...scripts.entries()].sort((a, b) => b[1] - a[1]);
  return { total: files.reduce((sum, [, size]) => sum + size, 0), files };
}

/**
 * Times, in the page, from navigation start until `selector` is in the document, over `runs` loads
 * of `url` under 4× CPU throttling. `fresh` opens each run in a new tab with the browser's caches
 * cleared (the service worker's precache stays, as on a phone that installed the app).
 */
async function timeToSelector(context: BrowserContext, url: string, selector: string, runs: number, fresh: boolean): Promise<number[]> {
  // A string, not a function: tsx would wrap a named function in a helper the page lacks.
  const probe = `
    new MutationObserver(() => {
      if (window.__visibleAt === undefined && document.querySelector(${JSON.stringify(selector)})) window.__visibleAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  `;
  const times: number[] = [];
  let page: Page | null = null;
  for (let i = 0; i < runs; i++) {
    if (!page || fresh) {
      await page?.close();
      page = await context.newPage();
      await page.addInitScript(probe);
    }
    const cdp = await context.newCDPSession(page);
    if (fresh) await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { __visibleAt?: number }).__visibleAt !== undefined, undefined, { timeout: 30_000 });
    times.push(await page.evaluate(() => (window as unknown as { __visibleAt: number }).__visibleAt));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
  await page?.close();
  return times;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const met = (ok: boolean) => (ok ? 'met' : 'NOT MET');
const ms = (value: number | undefined) => (value === undefined ? '—' : `${Math.round(value)} ms`);
const timing = (times: number[]) => `median ${Math.round(median(times))} ms (min ${Math.round(Math.min(...times))}, max ${Math.round(Math.max(...times))})`;
const metrics = (run: LighthouseRun) =>
  `FCP ${ms(run.metrics['first-contentful-paint ms'])}, LCP ${ms(run.metrics['largest-contentful-paint ms'])}, TBT ${ms(run.metrics['total-blocking-time ms'])}, CLS ${(run.metrics['cumulative-layout-shift'] ?? 0).toFixed(3)}, SI ${ms(run.metrics['speed-index ms'])}`;

/** The run with the median Performance score of several. */
function medianRun(runs: LighthouseRun[]): LighthouseRun {
  return [...runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0))[Math.floor(runs.length / 2)] as LighthouseRun;
}

/** The engine benchmark's `project()` median on this machine now (bench/engine.ts). */
function engineFigure(): string {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/engine.ts'], { cwd: root, encoding: 'utf8' });
  return out.match(/project\(\):\s+(median [\d.]+ ms)/)?.[1] ?? 'unknown';
}

/**
 * A proxy in front of the server that counts what crosses it: requests, bytes as sent (headers
 * and compressed bodies) and when the last answer ended.
 */
async function countingProxy(target: string): Promise<{ url: string; reset(): void; counts(): { requests: number; bytes: number; lastEnd: number; paths: string[] }; close(): Promise<void> }> {
  const upstream = new URL(target);
  let requests = 0;
  let bytes = 0;
  let lastEnd = 0;
  let paths: string[] = [];
  const server: Server = createServer((req, res) => {
    requests++;
    paths.push(req.url ?? '');
    const forward = httpRequest({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } }, (answer) => {
      bytes += Object.entries(answer.headers).reduce((sum, [name, value]) => sum + name.length + String(value).length + 4, 16);
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      answer.on('end', () => {
        lastEnd = Date.now();
      });
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reset() {
      requests = 0;
      bytes = 0;
      lastEnd = 0;
      paths = [];
    },
    counts: () => ({ requests, bytes, lastEnd, paths }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Visit {
  fcp: number;
  lcp: number;
  bytes: number;
  requests: number;
  idleMs: number;
}

/** A visitor's first visit to `/`, VISIT_RUNS times, each in a new profile (item 6 above). */
async function firstVisits(server: ServerProcess): Promise<Visit[]> {
  const proxy = await countingProxy(server.url);
  const visits: Visit[] = [];
  try {
    for (let i = 0; i < VISIT_RUNS; i++) {
      const profile = mkdtempSync(path.join(tmpdir(), 'runway-bench-visit-'));
      const context = await phoneContext(profile, proxy.url);
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        await page.addInitScript(`
          window.__paints = {};
          new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') window.__paints.fcp = entry.startTime; }).observe({ type: 'paint', buffered: true });
          new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__paints.lcp = entry.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
        `);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        proxy.reset();
        const started = Date.now();
        await page.goto('/');
        // Quiet: nothing has crossed the proxy for QUIET_MS (the worker registers after load and an
        // idle moment, then precaches).
        for (let seen = -1; ; ) {
          await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
          const { requests } = proxy.counts();
          if (requests === seen) break;
          seen = requests;
        }
        const paints = await page.evaluate(() => (window as unknown as { __paints: { fcp?: number; lcp?: number } }).__paints);
        const { requests, bytes, lastEnd } = proxy.counts();
        visits.push({ fcp: paints.fcp ?? NaN, lcp: paints.lcp ?? NaN, bytes, requests, idleMs: lastEnd - started });
      } finally {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      }
    }
  } finally {
    await proxy.close();
  }
  return visits;
}

/** Lighthouse's Performance score, mobile preset at the phone's screen: `/` as a first visit, `/analytics` and `/dashboard` signed in and warm. */
async function lighthousePerformance(server: ServerProcess, analytics: { email: string; token: string }): Promise<string[]> {
  const version = (JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
  const browser = await lighthouseBrowser(server.url);
  const options = { categories: ['performance' as const], screen: PHONE };
  try {
    const home: LighthouseRun[] = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) home.push(await browser.run('/', options));
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
    await signIn(page, analytics.email, analytics.token, true);
    await warmAnalytics(page);
    await page.goto('/dashboard');
    await page.locator('table[aria-label="Debts"] tbody tr').nth(24).waitFor({ timeout: 30_000 });
    await page.close();
    const warm: LighthouseRun[] = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) warm.push(await browser.run('/analytics', { ...options, keepStorage: true }));
    const dashboard = await browser.run('/dashboard', { ...options, keepStorage: true });
    const lines = [`Lighthouse ${version} Performance, mobile preset (simulated slow 4G, 4× CPU slowdown), ${PHONE.width}×${PHONE.height} screen:`];
    const homeRun = medianRun(home);
    const homeScore = homeRun.scores.performance ?? 0;
    const homeFcp = homeRun.metrics['first-contentful-paint ms'] ?? Infinity;
    lines.push(
      `  / (first visit)          ${homeScore}   runs ${home.map((run) => run.scores.performance).join(', ')}   ${metrics(homeRun)}   target ≥ ${TARGETS.lighthouseHome} and FCP < ${TARGETS.lighthouseHomeFcpMs} ms: ${met(homeScore >= TARGETS.lighthouseHome && homeFcp < TARGETS.lighthouseHomeFcpMs)}`,
    );
    const warmRun = medianRun(warm);
    const warmScore = warmRun.scores.performance ?? 0;
    lines.push(`  /analytics (signed in)   ${warmScore}   runs ${warm.map((run) => run.scores.performance).join(', ')}   warm: worker and mirror filled   ${metrics(warmRun)}   target ≥ ${TARGETS.lighthouse}: ${met(warmScore >= TARGETS.lighthouse)}`);
    lines.push(`  /dashboard (signed in)   ${dashboard.scores.performance}   warm   ${metrics(dashboard)}`);
    return lines;
  } finally {
    await browser.close();
  }
}

async function main() {
  const started = Date.now();
  console.log(`bench:web on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
  // The machine's speed and how busy it is, beside every run's figures.
  const machine = `Machine: bench:engine project() ${engineFigure()}; load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`;
  console.log(machine);
  if (process.env.E2E_SKIP_BUILD !== '1') {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }
  const server = await ServerProcess.start({ env: { STATIC_DIR: dist } });
  const profiles: string[] = [];
  const contexts: BrowserContext[] = [];
  const newContext = async () => {
    const profile = mkdtempSync(path.join(tmpdir(), 'runway-bench-web-'));
    profiles.push(profile);
    const context = await phoneContext(profile, server.url);
    contexts.push(context);
    return context;
  };
  const lines: string[] = [];
  const print = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  try {
    const stamp = Date.now();
    const user = { email: `bench-${stamp}@example.com`, token: '' };
    user.token = await household(server.url, user.email);
    const subscriber = { email: `bench-analytics-${stamp}@example.com`, token: '' };
    subscriber.token = await heavyHousehold(server, subscriber.email);

    let context = await newContext();
    const home = await initialJs(context, '/');
    const dashboard = await initialJs(context, '/dashboard', (page) => signIn(page, user.email, user.token));
    await context.close();
    context = await newContext();
    const analyticsJs = await initialJs(context, '/analytics', (page) => signIn(page, subscriber.email, subscriber.token, true));
    await context.close();
    print('Initial JavaScript (gzip -9 of each script fetched on first load):');
    print(`  /                        ${String(home.files.length).padStart(2)} scripts   ${kb(home.total).padStart(8)}   target < ${kb(TARGETS.homeJs)}: ${met(home.total < TARGETS.homeJs)}`);
    print(`  /dashboard (signed in)   ${String(dashboard.files.length).padStart(2)} scripts   ${kb(dashboard.total).padStart(8)}`);
    print(`  /analytics (subscriber)  ${String(analyticsJs.files.length).padStart(2)} scripts   ${kb(analyticsJs.total).padStart(8)}`);
    print(`  largest on /: ${home.files.slice(0, 4).map(([file, size]) => `${path.basename(file)} ${kb(size)}`).join(', ')}`);

    context = await newContext();
    const page = await context.newPage();
    await signIn(page, user.email, user.token);
    // The first visit fills the mirror from the server.
    await page.goto('/dashboard');
    await page.locator('table[aria-label="Debts"] tbody tr').nth(24).waitFor({ timeout: 30_000 });
    await page.close();
    const dashboardTimes = await timeToSelector(context, '/dashboard', 'table[aria-label="Debts"] tbody tr', RUNS, false);
    await context.close();
    print(`Dashboard (Debts tab, 25 debts) visible from the mirror, 4× CPU throttling (${RUNS} reloads):`);
    print(`  ${timing(dashboardTimes)}   target < ${TARGETS.dashboardMs} ms: ${met(median(dashboardTimes) < TARGETS.dashboardMs)}`);

    context = await newContext();
    const first = await context.newPage();
    await signIn(first, subscriber.email, subscriber.token, true);
    await warmAnalytics(first);
    await first.close();
    const analyticsTimes = await timeToSelector(context, '/analytics', OVERVIEW_FIGURE, RUNS, true);
    await context.close();
    print(`Analytics Overview figures from the mirror, cold open, worker installed, 4× CPU throttling (${RUNS} runs):`);
    print(`  ${timing(analyticsTimes)}   target < ${TARGETS.analyticsMs} ms: ${met(median(analyticsTimes) < TARGETS.analyticsMs)}`);

    const visits = await firstVisits(server);
    const visit = (pick: (run: Visit) => number) => median(visits.map(pick));
    print(`A visitor's first visit to / (${VISIT_RUNS} runs, new profile each, 4× CPU throttling; everything through a counting proxy until quiet for ${QUIET_MS / 1000} s):`);
    for (const run of visits) print(`  FCP ${ms(run.fcp)}, LCP ${ms(run.lcp)}, ${(run.bytes / 1024).toFixed(1)} KiB in ${run.requests} requests, network idle at ${ms(run.idleMs)}`);
    print(
      `  median FCP ${ms(visit((run) => run.fcp))} (target < ${TARGETS.visitFcpMs} ms: ${met(visit((run) => run.fcp) < TARGETS.visitFcpMs)}), ${(visit((run) => run.bytes) / 1024).toFixed(1)} KiB (target < ${TARGETS.visitBytes / 1024} KiB: ${met(Math.max(...visits.map((run) => run.bytes)) < TARGETS.visitBytes)}), ${visit((run) => run.requests)} requests (target < ${TARGETS.visitRequests}: ${met(Math.max(...visits.map((run) => run.requests)) < TARGETS.visitRequests)})`,
    );

    for (const line of await lighthousePerformance(server, subscriber)) print(line);
  } finally {
    for (const context of contexts) await context.close().catch(() => {});
    for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
    await server.stop();
  }
  console.log(`\nSummary (${Math.round((Date.now() - started) / 1000)} s):\n${machine}; after the run ${loadavg()[0]?.toFixed(2)}\n${lines.join('\n')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
