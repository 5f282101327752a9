/**
 * Every route of the route table (docs/product.md#screens-and-routes) in Chromium, signed out and
 * signed in: what it shows, no page errors, axe finds no violation of moderate impact or worse,
 * and a screenshot of each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPage, screenshot, signedInPage, startApp, unexpectedErrors, type App } from './harness.ts';

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.close());

const ROUTES: { path: string; signedOut: string; signedIn: string }[] = [
  { path: '/', signedOut: 'Start For Free', signedIn: 'Go to Dashboard' },
  { path: '/signup', signedOut: 'Sign Up', signedIn: 'Already Logged In' },
  { path: '/login', signedOut: 'Remember me', signedIn: 'Already Logged In' },
  { path: '/forgot-password', signedOut: 'Email', signedIn: 'Email' },
  { path: '/users/password/edit?reset_password_token=abc', signedOut: 'Confirm', signedIn: 'Already Logged In' },
  { path: '/change-password', signedOut: 'You must be logged in to change your password.', signedIn: 'Current Password' },
  { path: '/profile', signedOut: 'You must be logged in to update your profile.', signedIn: 'Birth Year' },
  { path: '/dashboard', signedOut: 'Please log in to access your financial dashboard.', signedIn: 'Financial Dashboard' },
  { path: '/analytics', signedOut: 'Authentication Required', signedIn: 'Subscribe Now' },
  { path: '/privacy-policy', signedOut: 'Last updated: 9/2/2025', signedIn: 'Last updated: 9/2/2025' },
  { path: '/terms-of-service', signedOut: 'Last updated: 9/2/2025', signedIn: 'Last updated: 9/2/2025' },
  { path: '/subscribe', signedOut: 'Please log in to access the subscription page.', signedIn: 'Most Popular' },
  { path: '/subscribe/monthly', signedOut: 'Please log in to access the subscription page.', signedIn: 'Checkout' },
  { path: '/subscribe/yearly', signedOut: 'Please log in to access the subscription page.', signedIn: 'Checkout' },
];

const shotName = (path: string) => path.replace(/\?.*$/, '').replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'home';

describe('every route', () => {
  it('signed out: shows its content or its login prompt, accessibly', async () => {
    const context = await app.newContext();
    const page = await openPage(context, '/');
    for (const route of ROUTES) {
      await page.goto(route.path);
      await expect.poll(() => page.getByText(route.signedOut, { exact: false }).first().isVisible(), { message: route.path }).toBe(true);
      await expectNoAxeViolations(page);
      await screenshot(page, `route-signed-out-${shotName(route.path)}`);
    }
    expect(page.errors).toEqual([]);
    await context.close();
  });

  it('signed in: the same, with the Account menu of a signed-in user', async () => {
    const context = await app.newContext();
    const { page } = await signedInPage(app, context, undefined, '/');
    for (const route of ROUTES) {
      await page.goto(route.path);
      await expect.poll(() => page.getByText(route.signedIn, { exact: false }).first().isVisible(), { message: route.path }).toBe(true);
      await expectNoAxeViolations(page);
      await screenshot(page, `route-signed-in-${shotName(route.path)}`);
    }
    await page.getByRole('button', { name: 'Account' }).click();
    for (const item of ['Profile', 'Change Password', 'Subscribe', 'Logout']) {
      await expect.poll(() => page.getByRole('menuitem', { name: item }).isVisible(), { message: item }).toBe(true);
    }
    await expectNoAxeViolations(page);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account' }).click();
    for (const item of ['Login', 'Sign Up']) {
      await expect.poll(() => page.getByRole('menuitem', { name: item }).isVisible(), { message: item }).toBe(true);
    }
    // Requests still in flight at Logout are answered 401 (their token was just revoked), and
    // Chromium logs each; those are not the page's errors.
    expect(unexpectedErrors(page)).toEqual([]);
    await context.close();
  });

  it('sends any other path to /', async () => {
    const context = await app.newContext();
    const page = await openPage(context, '/no/such/page');
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});
