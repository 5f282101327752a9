/**
 * Subscriptions in Chromium on the built-in test-mode provider (the server runs without Stripe
 * keys): choose a plan, pay on the provider's test checkout page, come back to the success text
 * with analytics unlocked without logging in again; the cancel path; Manage Subscription's test
 * portal canceling the subscription, which locks analytics again here and, over the live channel,
 * in another open tab; 'Already Subscribed'. axe on every screen, screenshots at desktop and
 * 375 px (test-results/e2e/subscribe-*.png).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelConfirmed, expectNoAxeViolations, onPhone, openPage, screenshot, signedInPage, startApp, uniqueEmail, unexpectedErrors, type App } from './harness.ts';

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.close());

const TIMEOUT = { timeout: 15_000 };

const pathname = (page: Page) => new URL(page.url()).pathname;
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function visible(page: Page, text: string) {
  await expect.poll(() => page.getByText(text, { exact: true }).first().isVisible(), { ...TIMEOUT, message: text }).toBe(true);
}

async function heading(page: Page, name: string) {
  await expect.poll(() => page.getByRole('heading', { level: 1, name, exact: true }).isVisible(), { ...TIMEOUT, message: name }).toBe(true);
}

/** The analytics screen of a subscriber: its h1 is neither the upsell's nor the login prompt's, and no 'Subscribe Now'. */
async function analyticsUnlocked(page: Page) {
  await expect
    .poll(async () => {
      const h1 = page.getByRole('heading', { level: 1 }).first();
      if (!(await h1.isVisible())) return null;
      return h1.textContent();
    }, TIMEOUT)
    .toMatch(/^(?!Unlock Analytics$)(?!Authentication Required$).+/);
  expect(await page.getByText('Subscribe Now', { exact: true }).count()).toBe(0);
}

async function analyticsLocked(page: Page) {
  await expect.poll(() => page.getByRole('link', { name: 'Subscribe Now' }).isVisible(), TIMEOUT).toBe(true);
}

/** From /subscribe through the test checkout to the success page. */
async function subscribeThroughUi(page: Page, plan: 'Monthly' | 'Yearly', shots?: string) {
  await page.goto('/subscribe');
  await heading(page, 'Choose Your Plan');
  await page.getByRole('link', { name: `Choose ${plan}` }).click();
  await expect.poll(() => pathname(page), TIMEOUT).toBe(`/subscribe/${plan.toLowerCase()}`);
  await heading(page, `${plan} Plan`);
  await visible(page, 'Test mode — no card is charged');
  if (shots) {
    await expectNoAxeViolations(page);
    await screenshot(page, `${shots}-checkout-${plan.toLowerCase()}`);
  }
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect.poll(() => pathname(page), TIMEOUT).toMatch(/^\/payments\/test\/checkout\/cs_test_/);
  await visible(page, 'Test mode — no card is charged');
  await visible(page, `${plan} Plan`);
  if (shots) {
    await expectNoAxeViolations(page);
    await screenshot(page, `${shots}-test-checkout`);
  }
  await page.getByRole('button', { name: 'Pay (test mode)' }).click();
  await visible(page, `Subscription to ${plan} Subscription successful!`);
  expect(pathname(page)).toBe(`/subscribe/${plan.toLowerCase()}`);
  expect(new URL(page.url()).searchParams.get('success')).toBe('true');
  expect(new URL(page.url()).searchParams.get('session_id')).toMatch(/^cs_test_/);
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
}

describe('subscribing on the test-mode provider', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await app.newContext();
  });
  afterAll(() => context?.close());

  it('subscribe monthly → success → analytics unlocked without logging in again; then Already Subscribed', async () => {
    const { page } = await signedInPage(app, context, uniqueEmail('monthly'), '/analytics');
    await analyticsLocked(page);

    await page.goto('/subscribe');
    await heading(page, 'Choose Your Plan');
    for (const text of ['Monthly Plan', '$5.99 per month', 'Yearly Plan', '$60.00 per year', 'Most Popular', 'Save $11.88 compared to monthly', 'Frequently Asked Questions']) await visible(page, text);
    await page.getByRole('button', { name: 'Is there a free trial?' }).click();
    await expect.poll(() => page.getByText(/14-day free trial/).first().isVisible(), TIMEOUT).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'subscribe-plans');

    await subscribeThroughUi(page, 'Monthly', 'subscribe');
    await expect.poll(() => page.getByRole('link', { name: 'Log Back In' }).getAttribute('href'), TIMEOUT).toBe('/login');
    // The cleanup helper confirmed the checkout: the session's flag is on at once.
    await expect.poll(() => page.getByRole('link', { name: 'Go to Analytics' }).isVisible(), TIMEOUT).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('subscribed'))).toBe('true');
    await expectNoAxeViolations(page);
    await screenshot(page, 'subscribe-success');

    await page.getByRole('link', { name: 'Go to Analytics' }).click();
    await expect.poll(() => pathname(page), TIMEOUT).toBe('/analytics');
    await analyticsUnlocked(page);
    // Still unlocked after a reload (the flag is stored), and without having logged in again.
    await page.reload();
    await analyticsUnlocked(page);

    await openAccountMenu(page);
    await expect.poll(() => page.getByRole('menuitem', { name: 'Manage Subscription' }).isVisible(), TIMEOUT).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Subscribe', exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');

    for (const url of ['/subscribe', '/subscribe/yearly']) {
      await page.goto(url);
      await heading(page, 'Already Subscribed');
      await expectNoAxeViolations(page);
    }
    await screenshot(page, 'subscribe-already-subscribed');
    await page.getByRole('link', { name: 'Go to Analytics' }).click();
    await expect.poll(() => pathname(page), TIMEOUT).toBe('/analytics');
    expect(unexpectedErrors(page)).toEqual([]);
  });

  it('cancel on the checkout page: the canceled text, back to the plans, nothing bought', async () => {
    const { page } = await signedInPage(app, context, uniqueEmail('cancel'), '/subscribe/yearly');
    await heading(page, 'Yearly Plan');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect.poll(() => pathname(page), TIMEOUT).toMatch(/^\/payments\/test\/checkout\//);
    await visible(page, '$60.00 per year');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();

    await visible(page, "Order canceled -- continue to shop around and checkout when you're ready.");
    expect(pathname(page)).toBe('/subscribe/yearly');
    expect(new URL(page.url()).searchParams.get('canceled')).toBe('true');
    await expectNoAxeViolations(page);
    await screenshot(page, 'subscribe-canceled');
    await page.getByRole('link', { name: 'Back to Plans' }).click();
    await heading(page, 'Choose Your Plan');

    await page.goto('/analytics');
    await analyticsLocked(page);
    expect(unexpectedErrors(page)).toEqual([]);
  });

  it('Manage Subscription → the test portal → cancel: analytics locks here and, live, in another open tab', async () => {
    const email = uniqueEmail('portal');
    const { page } = await signedInPage(app, context, email, '/dashboard');
    await subscribeThroughUi(page, 'Monthly');
    await expect.poll(() => page.getByRole('link', { name: 'Go to Analytics' }).isVisible(), TIMEOUT).toBe(true);

    // Another tab of the same browser, on analytics, with its live channel up.
    const other = (await context.newPage()) as Page & { errors: string[] };
    const confirmed = channelConfirmed(other);
    await other.goto('/analytics');
    await analyticsUnlocked(other);
    await confirmed;

    await page.goto('/dashboard');
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Manage Subscription' }).click();
    await expect.poll(() => pathname(page), TIMEOUT).toMatch(/^\/payments\/test\/portal\/bps_test_/);
    await visible(page, 'Test mode — no card is charged');
    await heading(page, 'Manage your subscription');
    await visible(page, 'Monthly Plan, $5.99 per month');
    await expectNoAxeViolations(page);
    await screenshot(page, 'subscribe-test-portal');

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await visible(page, 'Your subscription is canceled. Analytics is locked until you subscribe again.');
    await expectNoAxeViolations(page);
    await screenshot(page, 'subscribe-test-portal-canceled');

    // The open tab heard it over the live channel, without a reload.
    await analyticsLocked(other);
    expect(await other.evaluate(() => localStorage.getItem('subscribed'))).toBeNull();

    // Back in the app: the plans again, and analytics locked.
    await page.getByRole('link', { name: 'Return to Runway' }).click();
    await heading(page, 'Choose Your Plan');
    await page.goto('/analytics');
    await analyticsLocked(page);
    await openAccountMenu(page);
    await expect.poll(() => page.getByRole('menuitem', { name: 'Subscribe', exact: true }).isVisible(), TIMEOUT).toBe(true);
    await page.keyboard.press('Escape');
    await other.close();
    expect(unexpectedErrors(page)).toEqual([]);
  });

  it('the test pages pass axe in dark mode too', async () => {
    const { page } = await signedInPage(app, context, uniqueEmail('dark'), '/subscribe/monthly');
    await heading(page, 'Monthly Plan');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect.poll(() => pathname(page), TIMEOUT).toMatch(/^\/payments\/test\/checkout\//);
    await page.emulateMedia({ colorScheme: 'dark' });
    await visible(page, 'Pay (test mode)');
    await expectNoAxeViolations(page);
    await screenshot(page, 'subscribe-test-checkout-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });
});

describe('on a phone (375 × 740)', () => {
  it('every subscribe screen and both test pages fit without sideways scrolling', async () => {
    const context = await app.newContext(onPhone());
    const { page } = await signedInPage(app, context, uniqueEmail('phone'), '/subscribe');
    await heading(page, 'Choose Your Plan');
    expect(await fits(page)).toBe(true);
    await screenshot(page, 'subscribe-phone-plans');

    await page.goto('/subscribe/yearly');
    await heading(page, 'Yearly Plan');
    await visible(page, 'Test mode — no card is charged');
    expect(await fits(page)).toBe(true);
    await screenshot(page, 'subscribe-phone-checkout-yearly');

    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect.poll(() => pathname(page), TIMEOUT).toMatch(/^\/payments\/test\/checkout\//);
    await visible(page, 'Pay (test mode)');
    expect(await fits(page)).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'subscribe-phone-test-checkout');

    await page.getByRole('button', { name: 'Pay (test mode)' }).click();
    await visible(page, 'Subscription to Yearly Subscription successful!');
    await expect.poll(() => page.getByRole('link', { name: 'Go to Analytics' }).isVisible(), TIMEOUT).toBe(true);
    expect(await fits(page)).toBe(true);
    await screenshot(page, 'subscribe-phone-success');

    const portal = await fetch(`${app.url}/api/v1/create_portal_session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('authToken'))}` },
      body: '{}',
    });
    const { portal_session: session } = (await portal.json()) as { portal_session: { url: string } };
    await page.goto(session.url);
    await heading(page, 'Manage your subscription');
    expect(await fits(page)).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'subscribe-phone-test-portal');

    await page.goto('/subscribe/monthly?canceled=true');
    await visible(page, "Order canceled -- continue to shop around and checkout when you're ready.");
    expect(await fits(page)).toBe(true);
    await screenshot(page, 'subscribe-phone-canceled');
    expect(unexpectedErrors(page)).toEqual([]);
    await context.close();
  });

  it('a visitor is asked to log in on every subscribe route', async () => {
    const context = await app.newContext(onPhone());
    const page = await openPage(context, '/subscribe');
    for (const url of ['/subscribe', '/subscribe/monthly', '/subscribe/yearly']) {
      await page.goto(url);
      await visible(page, 'Please log in to access the subscription page.');
      expect(await fits(page)).toBe(true);
    }
    await screenshot(page, 'subscribe-phone-signed-out');
    await context.close();
  });
});
