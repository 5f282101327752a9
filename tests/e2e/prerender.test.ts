/**
 * The visitor's pages drawn before any script (scripts/prerender-plugin.ts, real server, production
 * build, Chromium):
 * - with JavaScript disabled, `/` shows its heading, Start For Free and Login, styled, and the
 *   sign-in form and the legal pages show theirs;
 * - with JavaScript, the app hydrates the same markup: no console error (a hydration mismatch is
 *   one), no layout shift, the heading and buttons where they were;
 * - someone signed in never sees a visitor's content: while the app's script has not run, the
 *   prerendered page is hidden, and the app then draws the signed-in page;
 * - the chosen colour scheme applies before any script of the app's has run.
 */
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_CLASS } from '../../src/shared/page-boot.ts';
import { apiSignUp, DESKTOP, onPhone, openPage, recordErrors, screenshot, startApp, uniqueEmail, unexpectedErrors, writeSession, type App } from './harness.ts';

const PHONE_390 = { width: 390, height: 844 };
const HEADING = 'Plan your money from today to the end of retirement';

/**
 * Holds the app's entry script (and with `stylesheet`, the full stylesheet) until `release()`:
 * what a slow phone shows before they have come.
 */
async function holdEntryScript(page: Page, { stylesheet = false } = {}): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(stylesheet ? /\/assets\/(index-[^/]+\.js|style-[^/]+\.css)$/ : /\/assets\/index-[^/]+\.js$/, async (route: Route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/** True once React has hydrated or rendered `selector`'s element. */
const hydrated = (page: Page, selector: string) => page.evaluate((css) => Object.keys(document.querySelector(css) ?? {}).some((key) => key.startsWith('__reactFiber')), selector);

/** The boxes of the landing page's heading and buttons. */
async function landmarks(page: Page) {
  return {
    heading: await page.getByRole('heading', { level: 1 }).boundingBox(),
    start: await page.getByRole('link', { name: 'Start For Free' }).boundingBox(),
    login: await page.getByRole('link', { name: 'Login', exact: true }).boundingBox(),
  };
}

describe('prerendered pages', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => app?.close());

  it('shows the landing page, the sign-in form and the legal pages with JavaScript disabled', async () => {
    const context: BrowserContext = await app.newContext({ ...onPhone(PHONE_390), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(HEADING);
    for (const name of ['Start For Free', 'Login']) {
      const link = page.getByRole('link', { name, exact: true });
      expect(await link.isVisible()).toBe(true);
    }
    // Styled: the primary button has its filled background, not a bare link.
    const background = await page.getByRole('link', { name: 'Start For Free' }).evaluate((link) => getComputedStyle(link).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    await screenshot(page, 'prerender-no-script-phone');

    // The forms are drawn, and inert until the app can take their input (ui/use-hydrated.ts).
    await page.goto('/login');
    expect(await page.locator('form[aria-label="Login"][inert] input[type="email"]').isVisible()).toBe(true);
    expect(await page.locator('form[aria-label="Login"] button[type="submit"]').innerText()).toBe('Login');
    await page.goto('/signup');
    expect(await page.locator('form[aria-label="Sign Up"][inert] input[type="email"]').isVisible()).toBe(true);
    await page.goto('/privacy-policy');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Privacy Policy');
    await page.goto('/terms-of-service');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Terms of Service');
    await context.close();
  });

  for (const [label, viewport] of [
    ['phone', PHONE_390],
    ['desktop', DESKTOP],
  ] as const) {
    it(`hydrates the landing page without an error or a layout shift (${label})`, async () => {
      const context = await app.newContext(label === 'phone' ? onPhone(viewport) : { viewport });
      const page = recordErrors(context.pages()[0] ?? (await context.newPage()));
      await page.addInitScript(`
        window.__shifts = 0;
        new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifts += entry.value; }).observe({ type: 'layout-shift', buffered: true });
      `);
      const { release } = await holdEntryScript(page);
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      // Drawn before the script: the heading and both buttons, where the app will keep them.
      const before = await landmarks(page);
      expect(before.heading).not.toBeNull();
      expect(before.start).not.toBeNull();
      expect(await hydrated(page, 'h1')).toBe(false);
      await screenshot(page, `prerender-before-script-${label}`);
      release();
      await expect.poll(() => hydrated(page, 'h1'), { timeout: 30_000 }).toBe(true);
      // The page works: a button hydrated is a link the router follows.
      expect(await landmarks(page)).toEqual(before);
      await screenshot(page, `prerender-hydrated-${label}`);
      expect(await page.evaluate(() => (window as unknown as { __shifts: number }).__shifts)).toBe(0);
      await page.getByRole('link', { name: 'Login', exact: true }).click();
      await expect.poll(() => page.evaluate(() => location.pathname)).toBe('/login');
      await expect.poll(() => page.getByRole('textbox', { name: 'Email' }).isVisible(), { timeout: 30_000 }).toBe(true);
      expect(page.errors).toEqual([]);
      await context.close();
    });
  }

  it('never shows a visitor’s landing page to someone signed in', async () => {
    const email = uniqueEmail('prerender');
    const token = await apiSignUp(app, email);
    const context = await app.newContext(onPhone(PHONE_390));
    const first = await openPage(context, '/privacy-policy');
    await writeSession(first, { token, email });
    const page = await context.newPage();
    const { release } = await holdEntryScript(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    // Before the app's script has run, the visitor's markup is there but hidden.
    expect(await page.evaluate((name) => document.documentElement.classList.contains(name), SIGNED_IN_CLASS)).toBe(true);
    // (Hidden, it is out of the accessibility tree: found by its address instead of its role.)
    const start = page.locator('#root a[href="/signup"]', { hasText: 'Start For Free' });
    expect(await start.evaluate((link) => getComputedStyle(link).visibility)).toBe('hidden');
    expect(await start.isVisible()).toBe(false);
    release();
    await expect.poll(() => page.getByRole('link', { name: 'Go to Dashboard' }).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await start.count()).toBe(0);
    await screenshot(page, 'prerender-signed-in-phone');
    await context.close();
  });

  it('draws the chosen dark scheme before any script of the app has run', async () => {
    const context = await app.newContext(onPhone(PHONE_390));
    const first = await openPage(context, '/privacy-policy');
    await first.evaluate(() => localStorage.setItem('runway-color-scheme', 'dark'));
    const page = recordErrors(await context.newPage());
    const { release } = await holdEntryScript(page, { stylesheet: true });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
    // Mantine's dark body (#242424) and text, from the page's own inline styles: the stylesheet has
    // not come yet.
    expect(await page.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href !== null && !sheet.disabled && sheet.media.mediaText !== 'print').length)).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe('rgb(201, 201, 201)');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(36, 36, 36)');
    await screenshot(page, 'prerender-before-script-phone-dark');
    release();
    await expect.poll(() => hydrated(page, 'h1'), { timeout: 30_000 }).toBe(true);
    // The boot script linked the full stylesheet where the page named it, ahead of the theme's styles.
    await expect
      .poll(() => page.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href?.includes('/assets/style-') && !sheet.disabled && sheet.media.mediaText === '').length), { timeout: 30_000 })
      .toBe(1);
    expect(await page.evaluate(() => document.querySelector('meta[name="runway-stylesheet"]')?.previousElementSibling?.getAttribute('rel'))).toBe('stylesheet');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(36, 36, 36)');
    // Hydrated without a mismatch (the scheme switch starts as the build drew it), then shows the choice.
    await expect.poll(() => page.locator('button[aria-label="Switch to light mode"]').count()).toBe(1);
    expect(unexpectedErrors(page)).toEqual([]);
    await context.close();
  });
});
