/**
 * The browser tests' world: the real server (its own process, a fresh DATA_DIR, the production
 * build) and Debian's Chromium driven by playwright-core. Screenshots go to test-results/e2e/ and
 * are kept as artifacts.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { ServerProcess } from '../server/server-process.ts';
import { e2eDist } from './global-setup.ts';
import { inputFromServer } from './server-input.ts';
import type { ProjectionInput } from '../../src/engine/types.ts';
import { STORAGE_KEYS } from '../../src/client/data/session/session.ts';
import { SW_MESSAGE } from '../../sw/protocol.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SHOT_DIR = path.join(repoRoot, 'test-results', 'e2e');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The window every context opens with unless told otherwise. */
export const DESKTOP = { width: 1280, height: 900 };
/** The phone the screens are checked and shot at (375 px wide). */
export const PHONE = { width: 375, height: 740 };

export interface ContextOptions {
  viewport?: { width: number; height: number };
  isMobile?: boolean;
  /** Another browser's user agent (the iOS install hint). */
  userAgent?: string;
  /** False: a browser that runs no script at all, inline ones included. */
  javaScriptEnabled?: boolean;
}

export interface App {
  server: ServerProcess;
  url: string;
  /** A fresh browser profile (its own IndexedDB and local storage). */
  newContext(options?: ContextOptions): Promise<BrowserContext>;
  close(): Promise<void>;
}

export async function startApp(env: Record<string, string> = {}): Promise<App> {
  const server = await ServerProcess.start({ env: { STATIC_DIR: e2eDist(repoRoot), ...env } });
  const contexts: { context: BrowserContext; dir: string }[] = [];
  return {
    server,
    url: server.url,
    async newContext(options = {}) {
      const dir = mkdtempSync(path.join(tmpdir(), 'runway-chromium-'));
      const context = await chromium.launchPersistentContext(dir, {
        executablePath: CHROMIUM,
        args: CHROMIUM_ARGS,
        viewport: options.viewport ?? DESKTOP,
        isMobile: options.isMobile ?? false,
        hasTouch: options.isMobile ?? false,
        baseURL: server.url,
        ...(options.userAgent ? { userAgent: options.userAgent } : {}),
        ...(options.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
      });
      contexts.push({ context, dir });
      return context;
    },
    async close() {
      for (const { context, dir } of contexts) {
        await context.close().catch(() => {});
        rmSync(dir, { recursive: true, force: true });
      }
      await server.stop();
    },
  };
}

/** How long `goOffline` waits for an active service worker (`navigator.serviceWorker.ready`). */
const WORKER_READY_MS = 15_000;
/**
 * How long, from its start, `goOffline` waits for the signed-in app's files to be cached: room for
 * the page's first request and a retry after its 15 s backoff, and well under the tests' 60 s, so
 * a stall fails here with its figures rather than as the test's bare time-out.
 */
const APP_CACHED_MS = 40_000;

/**
 * Takes the browser offline once the service worker is installed and active and, when someone is
 * signed in, has cached the signed-in app's files (which the page asks for after an idle moment:
 * sw/sw.ts): "after one online visit" means that visit is over. A test that cut the network while
 * the worker's first registration was still fetching sw.js would see the browser's own console
 * error for that fetch ("An unknown error occurred when fetching the script"): the app retries on
 * the next load, but the test is about offline edits, not a lost first install. Each wait has its
 * limit, and a stall throws naming the step and, for the cache, the last figures the worker gave.
 */
export async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  const started = Date.now();
  const ready = await page.evaluate(
    (ms) =>
      'serviceWorker' in navigator
        ? Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))])
        : true,
    WORKER_READY_MS,
  );
  if (!ready) throw new Error(`goOffline: no active service worker after ${WORKER_READY_MS / 1000} s (navigator.serviceWorker.ready did not resolve)`);
  if (await page.evaluate((key) => localStorage.getItem(key) === 'true' && 'serviceWorker' in navigator, STORAGE_KEYS.isAuthenticated)) {
    let last = await appCacheAnswer(page);
    while (!('cached' in last && last.total > 0 && last.cached === last.total)) {
      if (Date.now() - started > APP_CACHED_MS) {
        const figures = 'cached' in last ? `${last.cached}/${last.total} files cached` : last.none;
        throw new Error(`goOffline: the signed-in app's files were not all cached ${APP_CACHED_MS / 1000} s after goOffline began; the worker's last answer: ${figures}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
      last = await appCacheAnswer(page);
    }
  }
  await context.setOffline(true);
}

/** The worker's answer about the signed-in app's files (sw/protocol.ts APP_CACHE_STATUS). */
export async function appCacheStatus(page: Page): Promise<{ cached: number; total: number }> {
  const answer = await appCacheAnswer(page);
  // No worker in charge of the page yet, or no answer: nothing cached, ask again.
  return 'cached' in answer ? { cached: answer.cached, total: answer.total } : { cached: 0, total: 0 };
}

/** `appCacheStatus`, saying why when there is no answer. */
function appCacheAnswer(page: Page): Promise<{ cached: number; total: number } | { none: string }> {
  return page.evaluate(
    (type) =>
      new Promise<{ cached: number; total: number } | { none: string }>((resolve) => {
        const worker = navigator.serviceWorker.controller;
        if (!worker) return resolve({ none: 'no worker controls the page' });
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => {
          const { cached, total } = event.data as { cached: number; total: number };
          resolve({ cached, total });
        };
        setTimeout(() => resolve({ none: 'no answer within 2 s' }), 2_000);
        worker.postMessage({ type }, [channel.port2]);
      }),
    SW_MESSAGE.appCacheStatus,
  );
}

/**
 * Switches the colour scheme as a person would: the top bar's switch on a wide screen, the Account
 * menu's on a phone (where the bar keeps one row); then waits until the page shows the scheme.
 */
export async function switchColorScheme(page: Page, to: 'light' | 'dark'): Promise<void> {
  const name = `Switch to ${to} mode`;
  const button = page.getByRole('button', { name });
  if (await button.isVisible()) {
    await button.click();
  } else {
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('menuitem', { name }).click();
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
  }
  await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(to);
}

/** Context options for a phone: its viewport (PHONE unless told), touch and the mobile viewport meta. */
export function onPhone(viewport = PHONE): ContextOptions {
  return { viewport, isMobile: true };
}

/** `page` with the uncaught errors and console errors it logs from now on collected in `errors`. */
export function recordErrors(page: Page): Page & { errors: string[] } {
  const recorded = Object.assign(page, { errors: [] as string[] });
  page.on('pageerror', (error) => recorded.errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') recorded.errors.push(`console: ${message.text()}`);
  });
  return recorded;
}

/** A page that fails the test on any uncaught error or console error it logs. */
export async function openPage(context: BrowserContext, url = '/'): Promise<Page & { errors: string[] }> {
  const page = recordErrors(context.pages()[0] ?? (await context.newPage()));
  await page.goto(url);
  return page;
}

/**
 * A full-page screenshot, for the eye. Chromium's full-page capture has been seen to hang once in
 * CI (no frame for 30 s on the prerendered home page, which tests after it had shown and which
 * never hangs on a rerun; a known class of capture hang, microsoft/playwright#28995): after 20 s
 * the page's viewport is taken instead, and the test goes on to what it asserts.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SHOT_DIR, { recursive: true });
  const file = path.join(SHOT_DIR, `${name}.png`);
  try {
    await page.screenshot({ path: file, fullPage: true, timeout: 20_000 });
  } catch (error) {
    if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
    console.warn(`${name}: the full-page capture timed out; taking the viewport`);
    await page.screenshot({ path: file, timeout: 20_000 });
  }
  return file;
}

/** The whole page from its top: the sticky header would otherwise sit over the middle of a full-page shot. */
export async function shoot(page: Page, name: string): Promise<string> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return screenshot(page, name);
}

/**
 * The page's errors less Chromium's own console line for each 4xx/5xx answer ("Failed to load
 * resource"), which some tests cause on purpose; those are not the page's errors.
 */
export function unexpectedErrors(page: { errors: string[] }): string[] {
  return page.errors.filter((line) => !line.includes('Failed to load resource'));
}

/**
 * Resolves once the page's live channel has confirmed its UpdatesChannel subscription. Call it
 * before the page loads: it listens for the socket the page opens.
 */
export function channelConfirmed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.includes('"confirm_subscription"')) resolve();
      });
    });
  });
}

let axeSource: string | null = null;

/** Runs axe-core in the page; answers every violation above 'minor' (moderate, serious, critical). */
export async function axeViolations(page: Page): Promise<{ id: string; impact: string; help: string; targets: string[] }[]> {
  if (axeSource === null) axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return results.violations
    .filter((v) => v.impact !== 'minor')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const PASSWORD = 'correct horse battery';

/** Signs up through the API (fast path for tests that are not about sign-up) and answers the token. */
export async function apiSignUp(app: App, email: string, password = PASSWORD, birthYear = 1985): Promise<string> {
  const response = await fetch(`${app.url}/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: { email, password, password_confirmation: password, birth_year: birthYear } }),
  });
  const body = (await response.json()) as { status: { data: { token: string } } };
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(body)}`);
  return body.status.data.token;
}

/** Fills the sign-up form with a valid account (terms accepted) and presses Sign Up. */
export async function submitSignUpForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByLabel('Birth Year').fill('1988');
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

/** Signs in through the login screen and waits for the dashboard. */
export async function loginThroughUi(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard', { timeout: 15_000 });
}

/** The server's copy of a collection, read with the user's token. */
export async function serverList(app: App, token: string, path: string): Promise<unknown> {
  const response = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return response.json();
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}

/** Calls the real server's API with a user's token; any answer but 2xx throws. Answers the JSON body (null for 204). */
export async function apiCall(app: App, token: string, method: string, apiPath: string, body?: object): Promise<unknown> {
  const response = await fetch(`${app.url}${apiPath}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

/** Marks a user subscribed through the admin command (`npm run subscribe -- EMAIL on`), as support would. */
export function subscribeUser(app: App, email: string): void {
  const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/subscribe.ts', email, 'on'], {
    cwd: repoRoot,
    env: { ...process.env, ...app.server.environment },
    encoding: 'utf8',
  });
  if (cli.status !== 0) throw new Error(`subscribe failed: ${cli.stderr}`);
}

export interface SessionKeys {
  token: string;
  email: string;
  subscribed?: boolean;
  /** Other keys to set too (e.g. dashboardTab). */
  extra?: Record<string, string>;
}

/** Writes into the page's origin the session keys the app reads at start (docs/product.md#states-and-transitions). */
export async function writeSession(page: Page, keys: SessionKeys): Promise<void> {
  const entries: [string, string][] = [
    ['authToken', keys.token],
    ['email', keys.email],
    ['userEmail', keys.email],
    ['isAuthenticated', 'true'],
    ...(keys.subscribed === undefined ? [] : [['subscribed', String(keys.subscribed)] as [string, string]]),
    ...Object.entries(keys.extra ?? {}),
  ];
  await page.evaluate((pairs) => {
    for (const [key, value] of pairs) localStorage.setItem(key, value);
  }, entries);
}

/**
 * Starts a page signed in by writing the session keys the app reads at start, for tests that are
 * not about the login screen: a new user as `email`, or an existing one when `token` is given.
 */
export async function signedInPage(
  app: App,
  context: BrowserContext,
  email = uniqueEmail(),
  path = '/dashboard',
  options: { token?: string; subscribed?: boolean } = {},
): Promise<{ page: Page & { errors: string[] }; token: string; email: string }> {
  const token = options.token ?? (await apiSignUp(app, email));
  const page = await openPage(context, '/privacy-policy');
  await writeSession(page, { token, email, ...(options.subscribed === undefined ? {} : { subscribed: options.subscribed }) });
  await page.goto(path);
  return { page, token, email };
}

/**
 * Moves users' sign-up moments (the plan start, month 1 of their month tables) into the past, for
 * tests that check in a month or more apart. The server is stopped while tests/e2e/backdate-sign-up.ts
 * writes `users.created_at` through the project's database module (PGlite lets one process open
 * its folder; a restart also drops the sessions and tables the server cached), then started again
 * on the same port and data. Call it while no page is open.
 */
export async function backdateSignUp(app: App, users: readonly { email: string; createdAt: Date }[]): Promise<void> {
  await app.server.stop();
  try {
    for (const { email, createdAt } of users) {
      const cli = spawnSync(process.execPath, ['--import', 'tsx', 'tests/e2e/backdate-sign-up.ts', email, createdAt.toISOString()], {
        cwd: repoRoot,
        env: { ...process.env, ...app.server.environment },
        encoding: 'utf8',
      });
      if (cli.status !== 0) throw new Error(`backdating failed: ${cli.stderr}`);
    }
  } finally {
    await app.server.boot();
  }
}

/** The engine's input from what the server holds for `token`'s user, as the device builds it (server-input.ts). */
export function serverInput(app: App, token: string): Promise<ProjectionInput> {
  return inputFromServer((apiPath) => apiCall(app, token, 'GET', apiPath) as Promise<Record<string, any>>);
}
