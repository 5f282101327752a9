/**
 * The installable offline app end to end (real server, production build, Chromium):
 * - the service worker controls the page after the first load, Chrome finds the app installable,
 *   and API calls never go through the worker (a page.route fake still answers them);
 * - a visitor's visit precaches the shell only; once signed in, after an idle moment, the worker
 *   caches every file of the signed-in app;
 * - offline, a reload of /, /dashboard and /analytics renders from the cache and the mirror;
 * - an edit made offline is still pending after an offline reload, and reaches the server exactly
 *   once when the network comes back;
 * - a new build deployed while a page is open shows the update prompt, and Reload runs it;
 * - the Install button (where the browser offers installation), the iOS install hint and the
 *   profile's storage line, with screenshots on a desktop and at 375 px.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CACHE } from '../../sw/protocol.ts';
import { e2eDist } from './global-setup.ts';
import { apiCall, apiSignUp, appCacheStatus, DESKTOP, onPhone, openPage, PHONE, recordErrors, screenshot, startApp, subscribeUser, uniqueEmail, unexpectedErrors, writeSession, type App } from './harness.ts';
import { debtRows, debtsOnServer, planStart } from './pages.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

/** Signs a page in by writing the session keys the app reads at start (docs/product.md#states-and-transitions). */
async function signIn(page: Page, token: string, email: string, subscribed = false) {
  await page.goto('/privacy-policy');
  await writeSession(page, { token, email, subscribed, extra: { dashboardTab: 'debts' } });
}

/** Every URL path in the page's caches (the worker's precache and the signed-in app's cache). */
async function cachedPaths(page: Page): Promise<string[]> {
  return (await page.evaluate(`caches.keys().then(async (names) => {
    const urls = [];
    for (const name of names) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  })`)) as string[];
}

/** The signed-in app's chunks a signed-out visit must not download, and a signed-in one must cache. */
const APP_CHUNKS = [/^\/assets\/cable-.*\.js$/, /^\/assets\/provisional-.*\.js$/, /^\/assets\/analytics-.*\.js$/, /^\/assets\/data-layer-.*\.js$/, /^\/icons\/icon-192\.png$/];

/** Waits until a service worker controls the page and is active. */
async function controlled(page: Page) {
  await expect.poll(() => page.evaluate('navigator.serviceWorker.controller !== null'), { timeout: 30_000 }).toBe(true);
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
}

describe('offline', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => app?.close());

  it('is controlled by the worker after the first load, installable, and reloads /, /dashboard and /analytics offline', async () => {
    const email = uniqueEmail('pwa');
    const token = await apiSignUp(app, email);
    await apiCall(app, token, 'POST', '/api/v1/debts', { debt: { name: 'Visa', creditor: 'Chase', original_amount: 5000, remaining_amount: 3200.55, apr: 19.99, monthly_payment: 150, original_term: 48, due_day: 20 } });
    await apiCall(app, token, 'POST', '/api/v1/incomes', { income: { name: 'Salary', pay_cycle: 'monthly', next_pay_date: `${planStart}-05`, gross_pay: 5000, net_pay: 3800 } });
    subscribeUser(app, email);

    const context = await app.newContext();
    const page = await openPage(context, '/');
    // The first load installs the worker, which takes control without a reload.
    await controlled(page);

    // A visitor's visit precaches the shell only: the pages, the stylesheet, the manifest and the
    // visitor's scripts; none of the signed-in app's files, and no app cache.
    const visitorCache = await cachedPaths(page);
    for (const file of ['/index.html', '/login.html', '/signup.html', '/privacy-policy.html', '/terms-of-service.html', '/app.html', '/manifest.webmanifest']) {
      expect({ file, cached: visitorCache.includes(file) }).toEqual({ file, cached: true });
    }
    expect(visitorCache.some((url) => url.endsWith('.css'))).toBe(true);
    for (const chunk of APP_CHUNKS) expect({ chunk: String(chunk), cached: visitorCache.some((url) => chunk.test(url)) }).toEqual({ chunk: String(chunk), cached: false });
    expect(await page.evaluate((name) => caches.has(name), APP_CACHE)).toBe(false);

    // Chrome's own installability check (what decides whether it offers to install).
    const cdp = await context.newCDPSession(page);
    expect(await cdp.send('Page.getInstallabilityErrors')).toEqual({ installabilityErrors: [] });
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toBe(`${app.url}/manifest.webmanifest`);
    // A CDP session left attached would undo the offline emulation of later documents.
    await cdp.detach();
    // The shell is cached and the worker has long been in charge (the checks above took round trips
    // of their own), but a visitor is not told that Runway works offline: none of the signed-in
    // app's tabs would open.
    expect(await page.getByRole('status', { name: 'Ready offline' }).count()).toBe(0);

    // Online once, signed in and subscribed, so the mirror holds the records and the month tables.
    await signIn(page, token, email, true);
    await page.goto('/dashboard');
    await expect.poll(() => debtRows(page).first().innerText(), { timeout: 20_000 }).toContain('Visa');
    // Signed in, the worker caches the app's files once the screen is drawn and the page idle; then,
    // and only then, the page says it works offline.
    await expect.poll(() => page.getByRole('status', { name: 'Ready offline' }).innerText(), { timeout: 30_000 }).toContain('Runway is ready to work offline.');
    const cachedWhenTold = await appCacheStatus(page);
    expect(cachedWhenTold.total).toBeGreaterThan(0);
    expect(cachedWhenTold.cached).toBe(cachedWhenTold.total);
    await screenshot(page, 'pwa-offline-ready');
    await page.goto('/analytics');
    await page.getByRole('tab', { name: 'Income Future', exact: true }).click();
    const incomeRow = page.getByRole('table', { name: 'Income months', exact: true }).locator('tbody tr').first();
    await expect.poll(() => incomeRow.innerText(), { timeout: 20_000 }).toContain(planStart);

    // API calls bypass the worker: the browser (and so page.route) still sees them.
    const faked: string[] = [];
    await context.route('**/api/v1/debts', async (route) => {
      faked.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ debts: [{ id: 999, name: 'From page.route', creditor: 'Fake', original_amount: 1, remaining_amount: 1, apr: 1, monthly_payment: 1, original_term: 1, due_day: 1 }] }) });
    });
    const apiResponse = page.waitForResponse((response) => response.url().endsWith('/api/v1/debts'));
    await page.goto('/dashboard');
    expect((await apiResponse).fromServiceWorker()).toBe(false);
    await expect.poll(() => debtRows(page).first().innerText()).toContain('From page.route');
    expect(faked.length).toBeGreaterThan(0);
    await context.unroute('**/api/v1/debts');
    await page.reload();
    await expect.poll(() => debtRows(page).first().innerText(), { timeout: 20_000 }).toContain('Visa');

    // Signed in, after the first screen and an idle moment, the page asks the worker for the
    // signed-in app's files: every one of them, the lazily loaded chunks too (the ActionCable
    // client and the offline month recompute load only after the page has started).
    await expect.poll(async () => { const status = await appCacheStatus(page); return status.total > 0 && status.cached === status.total; }, { timeout: 60_000 }).toBe(true);
    const precached = await cachedPaths(page);
    for (const chunk of APP_CHUNKS) {
      expect({ chunk: String(chunk), precached: precached.some((url) => chunk.test(url)) }).toEqual({ chunk: String(chunk), precached: true });
    }
    expect(precached.filter((url) => url.startsWith('/api/') || url.startsWith('/payments/'))).toEqual([]);

    const failed: string[] = [];
    page.on('requestfailed', (request) => {
      // Offline, API calls and the live channel fail by design; the page and its code never may.
      // A script still loading when this test moves to the next page is cancelled by that
      // navigation (net::ERR_ABORTED, whether served or not); one the worker cannot serve fails
      // with another error.
      const error = request.failure()?.errorText;
      if (error === 'net::ERR_ABORTED' && !request.isNavigationRequest()) return;
      if (request.isNavigationRequest() || ['script', 'stylesheet', 'document'].includes(request.resourceType())) failed.push(`${request.url()} ${error}`);
    });
    await context.setOffline(true);
    expect(await page.evaluate('navigator.onLine')).toBe(false);
    const checks: [string, () => Promise<unknown>][] = [
      ['/', async () => expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Plan your money from today to the end of retirement')],
      ['/dashboard', async () => expect.poll(() => debtRows(page).first().innerText()).toContain('Visa')],
      [
        '/analytics',
        async () => {
          await page.getByRole('tab', { name: 'Income Future', exact: true }).click();
          await expect.poll(() => incomeRow.innerText()).toContain(planStart);
        },
      ],
    ];
    for (const [url, shows] of checks) {
      const response = await page.goto(url);
      expect({ url, status: response?.status(), fromServiceWorker: response?.fromServiceWorker() }).toEqual({ url, status: 200, fromServiceWorker: true });
      await shows();
      await expect.poll(() => page.getByTestId('sync-indicator').innerText()).toContain('Offline');
      await page.reload();
      await shows();
      await expect.poll(() => page.getByTestId('sync-indicator').innerText()).toContain('Offline');
      await screenshot(page, `pwa-offline${url === '/' ? '-home' : url.replace('/', '-')}`);
    }
    expect(failed).toEqual([]);
    // Chromium's own line for each request the offline device could not send is not the page's error:
    // this Chromium reports a document loaded offline from the worker as online, so the app finds out by asking.
    expect(unexpectedErrors(page)).toEqual([]);
    await context.setOffline(false);
    await context.close();
  });

  it('keeps an edit made offline across an offline reload, and sends it exactly once when back online', async () => {
    const email = uniqueEmail('pwa-edit');
    const token = await apiSignUp(app, email);
    const context = await app.newContext();
    const page = await openPage(context, '/privacy-policy');
    await signIn(page, token, email);
    await page.goto('/dashboard');
    await controlled(page);
    await expect.poll(() => page.getByText('No debts found').isVisible(), { timeout: 20_000 }).toBe(true);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v1/debts')) posts.push(request.headers()['idempotency-key'] ?? '');
    });

    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('sync-indicator').innerText()).toContain('Offline');
    await page.getByRole('button', { name: 'Add Debt' }).click();
    const dialog = page.getByRole('dialog');
    const values = { 'Debt Name': 'Offline loan', Creditor: 'Bank', 'Original Amount': '900', 'Remaining Amount': '800', APR: '6', 'Monthly Payment': '50', 'Original Term': '24', 'Due Day': '9' };
    for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label, { exact: false }).fill(value);
    await page.getByRole('button', { name: 'Create Debt' }).click();
    await expect.poll(() => debtRows(page).first().innerText()).toContain('pending sync');

    // Still offline: the page comes from the worker, the edit from the mirror's outbox.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect.poll(() => debtRows(page).first().innerText(), { timeout: 20_000 }).toContain('Offline loan');
    expect(await debtRows(page).first().innerText()).toContain('pending sync');
    await expect.poll(() => page.getByTestId('sync-indicator').innerText()).toBe('Offline · 1 pending');
    await screenshot(page, 'pwa-offline-edit-after-reload');
    expect(await debtsOnServer(app, token)).toEqual([]);
    expect(posts).toEqual([]);

    await context.setOffline(false);
    await expect.poll(() => debtRows(page).first().innerText(), { timeout: 20_000 }).not.toContain('pending sync');
    await expect.poll(() => page.getByTestId('sync-indicator').innerText()).toBe('Synced');
    expect((await debtsOnServer(app, token)).map((debt) => debt.name)).toEqual(['Offline loan']);
    // Every send of it carried the same Idempotency-Key (the 'online' event and the worker's
    // background sync may both have asked for a flush).
    expect(new Set(posts).size).toBe(1);
    // Chromium's own line for each request the offline device could not send is not the page's error:
    // this Chromium reports a document loaded offline from the worker as online, so the app finds out by asking.
    expect(unexpectedErrors(page)).toEqual([]);
    await context.close();
  });
});

describe('update', () => {
  let app: App;
  let live: string;
  let next: string;
  const version = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
  const nextVersion = `${version}+e2e-next`;

  beforeAll(async () => {
    // The deployed site is a copy, so the deploy below does not touch the build other files use.
    live = mkdtempSync(path.join(tmpdir(), 'runway-live-'));
    cpSync(e2eDist(repoRoot), live, { recursive: true });
    next = mkdtempSync(path.join(tmpdir(), 'runway-next-'));
    execFileSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', next, '--emptyOutDir'], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', RUNWAY_VERSION: nextVersion },
    });
    app = await startApp({ STATIC_DIR: live });
  });
  afterAll(async () => {
    await app?.close();
    for (const dir of [live, next]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows the prompt when a new build is deployed while pages are open; Reload runs the new build in each', async () => {
    const email = uniqueEmail('pwa-update');
    const token = await apiSignUp(app, email);
    const context = await app.newContext();
    const page = await openPage(context, '/privacy-policy');
    await signIn(page, token, email);
    await page.goto('/profile');
    await controlled(page);
    await expect.poll(() => page.getByTestId('app-version').innerText()).toBe(`Runway ${version}`);
    const entry = () => page.evaluate('document.querySelector("script[type=module][src]").getAttribute("src")');
    const oldEntry = await entry();
    // A second tab of the same app, open on the dashboard.
    const other = await context.newPage();
    const otherErrors: string[] = [];
    other.on('pageerror', (error) => otherErrors.push(error.message));
    await other.goto('/dashboard');
    await controlled(other);
    await expect.poll(() => other.getByText('No debts found').isVisible(), { timeout: 20_000 }).toBe(true);

    // Deploy: the new build replaces the old one and the server restarts (same port and data).
    for (const file of readdirSync(live)) rmSync(path.join(live, file), { recursive: true, force: true });
    cpSync(next, live, { recursive: true });
    await app.server.restart('SIGTERM');
    expect(await page.getByRole('status', { name: 'Update available' }).count()).toBe(0);

    // The page looks for a new version when it becomes visible again (and hourly, and on 'online').
    await page.evaluate('document.dispatchEvent(new Event("visibilitychange"))');
    const prompt = page.getByRole('status', { name: 'Update available' });
    await expect.poll(() => prompt.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await prompt.innerText()).toContain('A new version is available');
    // Until the user chooses, the old version keeps running.
    expect(await page.getByTestId('app-version').innerText()).toBe(`Runway ${version}`);
    await screenshot(page, 'pwa-update-prompt');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'phone-pwa-update-prompt');
    await page.setViewportSize(DESKTOP);

    // The other tab sees it too; its user says Later.
    await other.evaluate('document.dispatchEvent(new Event("visibilitychange"))');
    const otherPrompt = other.getByRole('status', { name: 'Update available' });
    await expect.poll(() => otherPrompt.isVisible(), { timeout: 30_000 }).toBe(true);
    await otherPrompt.getByRole('button', { name: 'Later' }).click();
    expect(await otherPrompt.count()).toBe(0);

    // The new version activates, then the page reloads into it: room for a busy CI machine.
    await Promise.all([page.waitForEvent('load', { timeout: 60_000 }), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await expect.poll(() => page.getByTestId('app-version').innerText(), { timeout: 20_000 }).toBe(`Runway ${nextVersion}`);
    expect(await entry()).not.toBe(oldEntry);
    expect(await page.getByRole('status', { name: 'Update available' }).count()).toBe(0);
    await controlled(page);
    // The server was down during the deploy: a reconnect of the live channel in that moment is
    // refused (Chromium logs it), as it would be for any user. Anything else is the page's error.
    const refusedWhileDown = /^console: WebSocket connection to '[^']*\/cable\?token=[^']*' failed: .*ERR_CONNECTION_REFUSED$/;
    expect(page.errors.filter((line) => !refusedWhileDown.test(line))).toEqual([]);

    // The new version now controls the other tab, whose old code lost its files: it asks again,
    // Later or not, and was not reloaded under its user's hands.
    await expect.poll(() => otherPrompt.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await other.evaluate('document.querySelector("script[type=module][src]").getAttribute("src")')).toBe(oldEntry);
    await Promise.all([other.waitForEvent('load', { timeout: 60_000 }), otherPrompt.getByRole('button', { name: 'Reload' }).click()]);
    await expect.poll(() => other.evaluate('document.querySelector("script[type=module][src]").getAttribute("src")'), { timeout: 20_000 }).not.toBe(oldEntry);
    await expect.poll(() => other.getByText('No debts found').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await otherPrompt.count()).toBe(0);
    expect(otherErrors).toEqual([]);
    await context.close();
  });
});

describe('install and storage', () => {
  let app: App;
  let contexts: BrowserContext[] = [];
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    contexts = [];
    await app?.close();
  });

  it('on iOS Safari shows how to add the app to the home screen, until dismissed', async () => {
    const context = await app.newContext({ ...onPhone(), userAgent: IPHONE_SAFARI });
    contexts.push(context);
    const page = await openPage(context, '/');
    const hint = page.getByRole('status', { name: 'How to install' });
    await expect.poll(() => hint.innerText()).toContain('Install Runway: tap the Share button, then “Add to Home Screen”.');
    await screenshot(page, 'phone-pwa-ios-install-hint');
    await hint.getByRole('button', { name: 'Not now' }).click();
    expect(await hint.count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('status', { name: 'How to install' }).count()).toBe(0);
  });

  it('shows an Install button when the browser offers installation, and opens its prompt', async () => {
    const context = await app.newContext();
    contexts.push(context);
    const page = await openPage(context, '/');
    // Chromium's own offer (beforeinstallprompt): it comes once the manifest and the page qualify.
    const install = page.getByRole('button', { name: 'Install', exact: true });
    await install.waitFor({ timeout: 30_000 });
    await screenshot(page, 'pwa-install-button');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'phone-pwa-install-button');
    await page.setViewportSize(DESKTOP);
    await install.click();
    // The browser's prompt is shown once per offer; the button goes until the next offer.
    await expect.poll(() => install.count()).toBe(0);
    expect(page.errors).toEqual([]);
  });

  it("keeps an install offer the browser made before the app's script ran", async () => {
    const context = await app.newContext();
    contexts.push(context);
    // Chromium's own offers are set aside, so the only one is the test's.
    await context.addInitScript(`window.addEventListener('beforeinstallprompt', (event) => {
      if (!event.fromTest) { event.preventDefault(); event.stopImmediatePropagation(); }
    });`);
    // The app's scripts wait until the offer has come.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    const page = recordErrors(await context.newPage());
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const offer = await page.evaluate(`(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        fromTest: true,
        prompt: () => { window.promptShown = true; return Promise.resolve(); },
        userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
      });
      window.dispatchEvent(offer);
      const heading = document.querySelector('h1');
      return { prevented: offer.defaultPrevented, drawn: heading !== null, hydrated: Object.keys(heading ?? {}).some((key) => key.startsWith('__reactFiber')) };
    })()`);
    // Before any script of the app ran, the boot script stopped Chrome's own infobar.
    expect(offer).toEqual({ prevented: true, drawn: true, hydrated: false });
    release();
    const install = page.getByRole('button', { name: 'Install', exact: true });
    await install.waitFor({ timeout: 30_000 });
    await install.click();
    await expect.poll(() => page.evaluate('window.promptShown === true')).toBe(true);
    await expect.poll(() => install.count()).toBe(0);
    expect(page.errors).toEqual([]);
  });

  it("asks for persistent storage after login and shows the browser's answer on the profile", async () => {
    const email = uniqueEmail('pwa-storage');
    await apiSignUp(app, email);
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await app.newContext({ viewport, isMobile: viewport === PHONE });
      contexts.push(context);
      const page = await openPage(context, '/login');
      await page.evaluate('window.__persistCalls = 0; const persist = navigator.storage.persist.bind(navigator.storage); navigator.storage.persist = () => { window.__persistCalls += 1; return persist(); };');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL('**/dashboard', { timeout: 15_000 });
      await expect.poll(() => page.evaluate('window.__persistCalls')).toBe(1);
      const granted = await page.evaluate('navigator.storage.persisted()');
      // A client-side visit to the profile keeps the page (and its counter).
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await page.waitForURL('**/profile');
      const line = page.getByTestId('storage-status');
      await expect.poll(() => line.innerText()).toContain(granted ? 'Persistent: this browser will not clear' : 'Best effort: this browser may clear');
      await screenshot(page, `${viewport === PHONE ? 'phone-' : ''}pwa-profile-storage`);
      if (!granted) {
        // Once the browser grants it (here by permission; in Chrome by engagement or install), asking again says so.
        const cdp = await context.newCDPSession(page);
        await cdp.send('Browser.grantPermissions', { origin: app.url, permissions: ['durableStorage'] });
        await line.getByRole('button', { name: 'Ask to keep data on this device' }).click();
        await expect.poll(() => line.innerText()).toContain('Persistent: this browser will not clear');
        await screenshot(page, `${viewport === PHONE ? 'phone-' : ''}pwa-profile-storage-persistent`);
      }
      expect(page.errors).toEqual([]);
    }
  });
});
