/**
 * The account screens in Chromium against the real server: sign-up, login and logout, the
 * allow_signup switch, the 401 rule, the reset mail's link, password change, the profile, the
 * catch-all redirect, axe on every account and legal screen, and screenshots at desktop and phone
 * widths (test-results/e2e/accounts-*.png).
 */
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignUp, expectNoAxeViolations, loginThroughUi, onPhone, openPage, PASSWORD, screenshot, signedInPage, startApp, submitSignUpForm, uniqueEmail, unexpectedErrors, type App } from './harness.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.close());

const pathname = (page: Page) => new URL(page.url()).pathname;

async function visible(page: Page, text: string) {
  await expect.poll(() => page.getByText(text, { exact: true }).first().isVisible(), { timeout: 15_000 }).toBe(true);
}

async function heading(page: Page, name: string) {
  await expect.poll(() => page.getByRole('heading', { level: 1, name, exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
}

async function setFlag(name: string, state: 'on' | 'off') {
  // The CLI finds the running server through DATA_DIR/server.json and asks it.
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/flags.ts', name, state], { cwd: repoRoot, env: { ...process.env, ...app.server.environment } });
  return stdout;
}

async function signIn(email: string, password: string): Promise<number> {
  const response = await fetch(`${app.url}/users/sign_in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: { email, password } }) });
  return response.status;
}

async function serverBirthYear(token: string): Promise<number> {
  const response = await fetch(`${app.url}/api/v1/profile`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { user: string };
  return (JSON.parse(body.user) as { birth_year: number }).birth_year;
}

/**
 * Opens `url` inside the running app, as its router would after a click. Loading
 * /users/password/edit directly is answered by the server's API 404 (see the test below that
 * loads it directly), so the reset flow itself is proven through the app.
 */
async function openInApp(page: Page, url: string) {
  if (!page.url().startsWith(app.url)) await page.goto('/');
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/** The reset link of the newest mail to `email` in DATA_DIR/mail, as a path of this app. */
async function resetLinkFor(email: string): Promise<string> {
  const dir = path.join(app.server.dataDir, 'mail');
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
        for (const file of files.reverse()) {
          const text = await readFile(path.join(dir, file), 'utf8');
          if (!text.includes(`To: ${email}`)) continue;
          link = /\/users\/password\/edit\?reset_password_token=[^\s]+/.exec(text)?.[0] ?? null;
          if (link) return true;
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return link as unknown as string;
}

describe('accounts', () => {
  it('signs up through the form, says so, and lands on the dashboard', async () => {
    const context = await app.newContext();
    const page = await openPage(context, '/signup');
    await heading(page, 'Sign Up');
    await expectNoAxeViolations(page);
    await screenshot(page, 'accounts-signup');

    await page.getByRole('button', { name: 'Sign Up' }).click();
    await visible(page, 'You must accept the Terms of Service to continue');
    await visible(page, 'Birth year is required');
    await expectNoAxeViolations(page);
    await screenshot(page, 'accounts-signup-errors');

    const email = uniqueEmail('signup');
    await submitSignUpForm(page, email);
    await visible(page, 'Signup successful! Redirecting to dashboard...');
    await screenshot(page, 'accounts-signup-success');
    await page.waitForURL('**/dashboard', { timeout: 15_000 });

    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    expect(token).toBeTruthy();
    expect(await serverBirthYear(token as string)).toBe(1988);
    // Signed in, /signup offers the way back instead of the form.
    await page.goto('/signup');
    await heading(page, 'Already Logged In');
    await expectNoAxeViolations(page);
    await screenshot(page, 'accounts-signup-logged-in');
    expect(unexpectedErrors(page)).toEqual([]);
  });

  it('refuses wrong credentials, signs in with the right ones, and logs out from the Account menu to /', async () => {
    const email = uniqueEmail('login');
    await apiSignUp(app, email);
    const context = await app.newContext();
    const page = await openPage(context, '/login');
    await heading(page, 'Runway');
    await expectNoAxeViolations(page);
    await screenshot(page, 'accounts-login');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Login' }).click();
    await visible(page, 'Invalid Credentials');
    await expectNoAxeViolations(page);
    await screenshot(page, 'accounts-login-invalid');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await visible(page, 'Login successful! Redirecting to dashboard...');
    await page.waitForURL('**/dashboard', { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('email'))).toBe(email);

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/');
    await expect.poll(() => page.getByRole('link', { name: 'Start For Free' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    expect(unexpectedErrors(page)).toEqual([]);
  });

  it('shows Signup Temporarily Unavailable while allow_signup is off', async () => {
    expect(await setFlag('allow_signup', 'off')).toContain('allow_signup is now off');
    try {
      const context = await app.newContext();
      const page = await openPage(context, '/signup');
      await heading(page, 'Signup Temporarily Unavailable');
      await expectNoAxeViolations(page);
      await screenshot(page, 'accounts-signup-unavailable');
      await page.getByRole('link', { name: 'Sign in', exact: true }).click();
      await expect.poll(() => pathname(page)).toBe('/login');
      expect(unexpectedErrors(page)).toEqual([]);
    } finally {
      await setFlag('allow_signup', 'on');
    }
  });

  it('returns to /login when the server no longer accepts the token (401)', async () => {
    const context = await app.newContext();
    const { page } = await signedInPage(app, context, uniqueEmail('expired'), '/profile');
    await expect.poll(() => page.getByLabel('Birth Year').inputValue(), { timeout: 15_000 }).toBe('1985');
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const revoked = await fetch(`${app.url}/users/sign_out`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(revoked.status).toBe(200);

    await page.reload();
    // The reload's first pull may already meet the 401; otherwise the save does.
    if (pathname(page) === '/profile') {
      await page
        .getByLabel('Birth Year')
        .fill('1986', { timeout: 5000 })
        .then(() => page.getByRole('button', { name: 'Update Profile' }).click({ timeout: 5000 }))
        .catch(() => {});
    }
    await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await heading(page, 'Runway');
    expect(unexpectedErrors(page)).toEqual([]);
  });

  it('resets a forgotten password through the mailed link, then logs in with the new one', async () => {
    const email = uniqueEmail('reset');
    await apiSignUp(app, email);
    const context = await app.newContext();
    const page = await openPage(context, '/forgot-password');
    await heading(page, 'Forgot Password');
    await expectNoAxeViolations(page);
    await screenshot(page, 'accounts-forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    // (Other notices, such as the worker's "ready to work offline" once signed in, are statuses too.)
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'If an account exists for that email' }).count(), { timeout: 15_000 }).toBe(1);
    await screenshot(page, 'accounts-forgot-password-sent');
    await page.waitForURL('**/login', { timeout: 15_000 });

    const link = await resetLinkFor(email);
    // Without the token the form says so.
    await openInApp(page, '/users/password/edit');
    await heading(page, 'Reset Password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await visible(page, 'Reset token is required');
    await expectNoAxeViolations(page);

    await openInApp(page, link);
    await heading(page, 'Reset Password');
    await expectNoAxeViolations(page);
    await screenshot(page, 'accounts-reset-password');
    const newPassword = 'a brand new password';
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await visible(page, 'Password reset successful! Redirecting to login...');
    await page.waitForURL('**/login', { timeout: 15_000 });

    // The link works once.
    await openInApp(page, link);
    await heading(page, 'Reset Password');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('New Password', { exact: true }).fill('yet another one');
    await page.getByLabel('Confirm New Password').fill('yet another one');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await visible(page, 'Token has expired. Please request a new password reset link.');
    await screenshot(page, 'accounts-reset-password-expired');

    expect(await signIn(email, PASSWORD)).toBe(401);
    await loginThroughUi(page, email, newPassword);
    expect(unexpectedErrors(page)).toEqual([]);
  });

  // KNOWN SERVER BUG (reported): the server's not-found handler counts every GET under /users as
  // an API call (SERVER_PREFIXES in src/shared/app-paths.ts), so the mail's link answers a JSON 404
  // instead of the app. This test is red until GET /users/password/edit serves index.html.
  it('loading the reset link directly opens the reset page', async () => {
    const response = await fetch(`${app.url}/users/password/edit?reset_password_token=abc`);
    expect(response.headers.get('content-type') ?? '').toContain('text/html');
    const context = await app.newContext();
    const page = await openPage(context, '/users/password/edit?reset_password_token=abc');
    await heading(page, 'Reset Password');
  });

  it('changes the password of a signed-in user', async () => {
    const context = await app.newContext();
    const { page, email } = await signedInPage(app, context, uniqueEmail('change'), '/change-password');
    await heading(page, 'Change Password');
    await expectNoAxeViolations(page);
    await screenshot(page, 'accounts-change-password');

    await page.getByLabel('Current Password').fill('wrong current password');
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm New Password').fill('different');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await visible(page, 'New password must be at least 6 characters long');
    await visible(page, 'Passwords do not match');

    const newPassword = 'changed password 42';
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await visible(page, 'Current password is incorrect');
    await expectNoAxeViolations(page);

    await page.getByLabel('Current Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await visible(page, 'Password changed successfully! Redirecting to dashboard...');
    await page.waitForURL('**/dashboard', { timeout: 15_000 });
    expect(await signIn(email, newPassword)).toBe(200);
    expect(await signIn(email, PASSWORD)).toBe(401);
    expect(unexpectedErrors(page)).toEqual([]);
  });

  it('updates the birth year on the server from the profile', async () => {
    const context = await app.newContext();
    const { page, token, email } = await signedInPage(app, context, uniqueEmail('profile'), '/profile');
    await heading(page, 'Profile');
    await expect.poll(() => page.getByLabel('Birth Year').inputValue(), { timeout: 15_000 }).toBe('1985');
    await expect.poll(() => page.getByTestId('profile-email').textContent()).toBe(email);
    await expectNoAxeViolations(page);
    await screenshot(page, 'accounts-profile');

    await page.getByLabel('Birth Year').fill('1899');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await visible(page, 'Birth year must be greater than 1900');
    await expectNoAxeViolations(page);

    await page.getByLabel('Birth Year').fill('1992');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await visible(page, 'Profile updated successfully!');
    await expectNoAxeViolations(page);
    await screenshot(page, 'accounts-profile-updated');
    expect(await serverBirthYear(token)).toBe(1992);
    await page.reload();
    await expect.poll(() => page.getByLabel('Birth Year').inputValue(), { timeout: 15_000 }).toBe('1992');
    expect(unexpectedErrors(page)).toEqual([]);
  });

  it('signed out: home, legal pages and the login prompts; an unknown path goes to /', async () => {
    const context = await app.newContext();
    const page = await openPage(context, '/');
    await expect.poll(() => page.getByRole('link', { name: 'Start For Free' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await screenshot(page, 'accounts-home');
    await page.getByRole('link', { name: 'Start For Free' }).click();
    await expect.poll(() => pathname(page)).toBe('/signup');

    for (const [url, title, name] of [
      ['/privacy-policy', 'Privacy Policy', 'privacy-policy'],
      ['/terms-of-service', 'Terms of Service', 'terms-of-service'],
    ] as const) {
      await page.goto(url);
      await heading(page, title);
      await visible(page, 'Last updated: 9/2/2025');
      await expectNoAxeViolations(page);
      await screenshot(page, `accounts-${name}`);
    }

    for (const [url, message, name] of [
      ['/change-password', 'You must be logged in to change your password.', 'change-password-logged-out'],
      ['/profile', 'You must be logged in to update your profile.', 'profile-logged-out'],
    ] as const) {
      await page.goto(url);
      await heading(page, 'Authentication Required');
      await visible(page, message);
      await expectNoAxeViolations(page);
      await screenshot(page, `accounts-${name}`);
    }
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await expect.poll(() => pathname(page)).toBe('/login');

    await page.goto('/no/such/page');
    await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/');

    // Field messages stay readable in the dark scheme too.
    await page.evaluate(() => localStorage.setItem('runway-color-scheme', 'dark'));
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await visible(page, 'You must accept the Terms of Service to continue');
    await expectNoAxeViolations(page);
    await screenshot(page, 'accounts-signup-errors-dark');
    expect(unexpectedErrors(page)).toEqual([]);
  });

  it('signed in: home offers the dashboard and reset is not offered', async () => {
    const context = await app.newContext();
    const { page } = await signedInPage(app, context, uniqueEmail('home'), '/');
    await expect.poll(() => page.getByRole('link', { name: 'Go to Dashboard' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('link', { name: 'Start For Free' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'accounts-home-logged-in');

    await openInApp(page, '/users/password/edit?reset_password_token=whatever');
    await heading(page, 'Already Logged In');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect.poll(() => pathname(page)).toBe('/dashboard');
    expect(unexpectedErrors(page)).toEqual([]);
  });

  it('fits a 375 px wide phone without sideways scrolling', async () => {
    const context = await app.newContext(onPhone());
    const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    const page = await openPage(context, '/');
    for (const [url, title, name] of [
      ['/', null, 'home'],
      ['/login', 'Runway', 'login'],
      ['/signup', 'Sign Up', 'signup'],
      ['/forgot-password', 'Forgot Password', 'forgot-password'],
      ['/users/password/edit?reset_password_token=abc', 'Reset Password', 'reset-password'],
      ['/privacy-policy', 'Privacy Policy', 'privacy-policy'],
      ['/terms-of-service', 'Terms of Service', 'terms-of-service'],
    ] as const) {
      if (url.startsWith('/users/')) await openInApp(page, url);
      else await page.goto(url);
      if (title) await heading(page, title);
      else await expect.poll(() => page.getByRole('link', { name: 'Start For Free' }).isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await fits(page), url).toBe(true);
      await screenshot(page, `accounts-phone-${name}`);
    }
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await visible(page, 'You must accept the Terms of Service to continue');
    expect(await fits(page)).toBe(true);
    await screenshot(page, 'accounts-phone-signup-errors');

    const signedIn = await signedInPage(app, context, uniqueEmail('phone'), '/profile');
    await expect.poll(() => signedIn.page.getByLabel('Birth Year').inputValue(), { timeout: 15_000 }).toBe('1985');
    expect(await fits(signedIn.page)).toBe(true);
    await screenshot(signedIn.page, 'accounts-phone-profile');
    await signedIn.page.goto('/change-password');
    await heading(signedIn.page, 'Change Password');
    expect(await fits(signedIn.page)).toBe(true);
    await screenshot(signedIn.page, 'accounts-phone-change-password');
    expect(unexpectedErrors(page)).toEqual([]);
  });
});
