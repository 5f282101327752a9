import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, screenshot, startApp, type App } from './harness.ts';

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.close());

describe('the app shell', () => {
  it('renders the home page with the chrome', async () => {
    const context = await app.newContext();
    const page = await openPage(context, '/');
    await expect.poll(() => page.getByRole('link', { name: 'Dashboard' }).first().isVisible()).toBe(true);
    await screenshot(page, 'smoke-home');
    await page.goto('/dashboard');
    await expect.poll(() => page.getByText('Please log in to access your financial dashboard.').isVisible()).toBe(true);
    await screenshot(page, 'smoke-dashboard-logged-out');
    expect(page.errors).toEqual([]);
  });
});
