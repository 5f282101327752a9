/**
 * Honest form failures end to end (real server, production build, Chromium;
 * docs/product.md#states-and-transitions and #error-messages).
 * Online, a save, a delete or a month edit that meets a server error or a timeout says so where
 * the user made it — the modal stays open with what they typed, a delete alerts — and nothing is
 * left queued to be replayed behind their back. Only no answer at all (offline, the connection
 * dropped) queues the edit as "pending sync". A proxy in front of the server is played by
 * Playwright's `context.route()`.
 */
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiSignUp, type App, type ContextOptions, DESKTOP, goOffline, onPhone, shoot, signedInPage, startApp, subscribeUser, uniqueEmail, unexpectedErrors } from './harness.ts';
import { debtRows, debtsOnServer, fillDebt, monthCells, monthRow, openDebts, planStart } from './pages.ts';
import { backoffMs, OUTBOX_LOCK } from '../../src/client/data/outbox/outbox.ts';

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.close());

const VIEWPORTS: { name: string; options: ContextOptions }[] = [
  { name: 'desktop', options: { viewport: DESKTOP } },
  { name: 'phone', options: onPhone({ width: 390, height: 844 }) },
];

const DEBTS = '**/api/v1/debts';
const INCOME = 'Income months';
const SERVER_MESSAGE = 'The database is being upgraded. Please try again in a minute.';


const VISA = { name: 'Visa', creditor: 'Chase', original_amount: 5000, remaining_amount: 3200.55, apr: 19.99, monthly_payment: 150, original_term: 36, due_day: 20 };
const TYPED = { 'Debt Name': 'Visa', Creditor: 'Chase', 'Original Amount': '5000', 'Remaining Amount': '3200.55', APR: '19.99', 'Monthly Payment': '150', 'Original Term': '36', 'Due Day': '20' };

async function typedValues(page: Page): Promise<Record<string, string>> {
  const dialog = page.getByRole('dialog');
  const out: Record<string, string> = {};
  for (const label of Object.keys(TYPED)) out[label] = await dialog.getByLabel(label, { exact: false }).inputValue();
  return out;
}

const syncState = (page: Page) => page.getByTestId('sync-indicator').innerText();

/** The Idempotency-Key of each debt create the page sends. */
function createKeys(page: Page): string[] {
  const keys: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/debts') keys.push(request.headers()['idempotency-key'] ?? '');
  });
  return keys;
}

/**
 * Resolves once every outbox flush the page has started or queued is over. A flusher holds a Web
 * Lock named after OUTBOX_LOCK while it sends and handles the answer (src/client/data/outbox/lock.ts),
 * and asks for it in the same task as whatever started it (an edit, the 'online' event, a retry
 * timer); locks are granted in the order asked, so this page's request is granted after theirs.
 */
function outboxIdle(page: Page): Promise<void> {
  return page.evaluate(async (prefix) => {
    const { held = [], pending = [] } = await navigator.locks.query();
    const names = new Set([...held, ...pending].flatMap((lock) => (lock.name?.startsWith(prefix) ? [lock.name] : [])));
    await Promise.all([...names].map((name) => navigator.locks.request(name, async () => {})));
  }, OUTBOX_LOCK);
}

/** A proxy answering `status` to `method` at `url`, passing everything else on. */
function failing(method: string, status: number, body: string, contentType = 'application/json') {
  return (route: Route) => (route.request().method() === method ? route.fulfill({ status, contentType, body }) : route.fallback());
}

describe.each(VIEWPORTS)('online, a server error ($name)', ({ name, options }) => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await app.newContext(options);
  });
  afterAll(async () => context?.close());

  it('a debt save answering 500 keeps the modal open with the message and the typed values; the same save then goes through once', async () => {
    // Its own browser, whose clock the test moves by hand (a clock stays installed in its context).
    // Installed before the first page loads, so every timer the page sets runs on it: the outbox's
    // retries included (the data layer runs in the page, not in a worker).
    const context = await app.newContext(options);
    await context.clock.install();
    const { page, token } = await signedInPage(app, context);
    await openDebts(page);
    await expect.poll(() => page.getByText('No debts found').isVisible()).toBe(true);
    const keys = createKeys(page);
    const proxy = failing('POST', 500, JSON.stringify({ error: 'Internal Server Error', message: SERVER_MESSAGE }));
    await context.route(DEBTS, proxy);

    await page.getByRole('button', { name: 'Add Debt' }).click();
    await fillDebt(page, TYPED);
    await page.getByRole('button', { name: 'Create Debt' }).click();
    const dialog = page.getByRole('dialog');
    // The server's message first (docs/product.md#error-messages), in the form; the modal stays open.
    await expect.poll(() => dialog.getByRole('alert').innerText()).toBe(SERVER_MESSAGE);
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Create Debt' }).isEnabled()).toBe(true);
    expect(await typedValues(page)).toEqual(TYPED);
    // Nothing on the server, nothing queued, no pending row behind the modal.
    expect(await debtsOnServer(app, token)).toEqual([]);
    expect(await syncState(page)).toBe('Synced');
    expect(await page.getByText('pending sync').count()).toBe(0);
    expect(await debtRows(page).count()).toBe(0);
    await shoot(page, `server-errors-debt-form-500-${name}`);

    // The server is back: the same save, from the same open form, goes through once.
    await context.unroute(DEBTS, proxy);
    await dialog.getByRole('button', { name: 'Create Debt' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => debtRows(page).count()).toBe(1);
    expect(await debtRows(page).first().innerText()).toMatch(/Visa\s+Chase\s+\$3,200\.55\s+\$150\.00\s+19\.99%\s+20/);
    await expect.poll(() => syncState(page)).toBe('Synced');
    expect((await debtsOnServer(app, token)).map((d) => d.name)).toEqual(['Visa']);
    // Both attempts went under one key: had the first been applied, the second would be its replay.
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    // And nothing replays it after: the page's clock moved past the outbox's first backoff (1 s),
    // any flush that woke then over, still two sends, one debt.
    await page.clock.runFor(backoffMs(1));
    await outboxIdle(page);
    expect(keys).toHaveLength(2);
    expect((await debtsOnServer(app, token)).map((d) => d.name)).toEqual(['Visa']);
    expect(unexpectedErrors(page)).toEqual([]);
    await context.close();
  });

  it('a delete answering 500 raises the alert and the row stays', async () => {
    const { page, token } = await signedInPage(app, context);
    await apiCall(app, token, 'POST', '/api/v1/debts', { debt: VISA });
    await page.reload();
    await openDebts(page);
    await expect.poll(() => debtRows(page).count()).toBe(1);
    const proxy = failing('DELETE', 500, JSON.stringify({ message: SERVER_MESSAGE }));
    await context.route(`${DEBTS}/*`, proxy);

    await page.getByRole('button', { name: 'Delete Visa' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    // The alert for a failed debt delete, in the documented words (docs/product.md#error-messages).
    await expect.poll(() => page.getByText('Failed to delete debt. Please try again.').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await debtRows(page).count()).toBe(1);
    expect(await debtRows(page).first().innerText()).not.toContain('pending sync');
    expect(await syncState(page)).toBe('Synced');
    expect((await debtsOnServer(app, token)).map((d) => d.name)).toEqual(['Visa']);
    await shoot(page, `server-errors-delete-500-${name}`);
    await context.unroute(`${DEBTS}/*`, proxy);
    expect(unexpectedErrors(page)).toEqual([]);
  });

  it('a month edit answering 500 shows the message, and the month keeps its value', async () => {
    const { page, token } = await subscriber(context);
    await page.getByRole('tab', { name: 'Income Future', exact: true }).click();
    await expect.poll(() => monthCells(page, INCOME, planStart), { timeout: 20_000 }).toHaveLength(8);
    const before = await monthCells(page, INCOME, planStart);
    const proxy = failing('PUT', 500, JSON.stringify({ message: SERVER_MESSAGE }));
    await context.route('**/api/v1/income_months/*', proxy);

    await monthRow(page, INCOME, planStart).getByRole('button', { name: `Edit ${planStart}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Actual End Balance', { exact: false }).fill('-1234.56');
    await dialog.getByRole('button', { name: 'Update Income Month' }).click();
    // The month edit's own wording (docs/product.md#error-messages); the modal stays open with the
    // value typed.
    await expect.poll(() => dialog.getByRole('alert').innerText()).toBe('Failed to update income month. Please try again.');
    expect(await dialog.getByLabel('Actual End Balance', { exact: false }).inputValue()).toBe('-1234.56');
    expect(await page.getByTestId('provisional-mark').count()).toBe(0);
    expect(await syncState(page)).toBe('Synced');
    await shoot(page, `server-errors-month-edit-500-${name}`);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await monthCells(page, INCOME, planStart)).toEqual(before);
    const months = (await apiCall(app, token, 'GET', '/api/v1/income_months')) as { income_months: { month: string; input_end_balance: number | null }[] };
    expect(months.income_months[0]).toMatchObject({ month: planStart, input_end_balance: null });
    await context.unroute('**/api/v1/income_months/*', proxy);
    expect(unexpectedErrors(page)).toEqual([]);
  });
});

describe('online, a proxy answering after the server committed', () => {
  it('a 502 after the commit: the save says it failed, and the retry is answered from the server, never a second debt', async () => {
    const context = await app.newContext();
    const { page, token } = await signedInPage(app, context);
    await openDebts(page);
    await expect.poll(() => page.getByText('No debts found').isVisible()).toBe(true);
    const keys = createKeys(page);
    const proxy = async (route: Route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      // The request reaches the server, which commits; the proxy loses the answer.
      await route.fetch();
      await route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' });
    };
    await context.route(DEBTS, proxy);

    await page.getByRole('button', { name: 'Add Debt' }).click();
    await fillDebt(page, TYPED);
    await page.getByRole('button', { name: 'Create Debt' }).click();
    const dialog = page.getByRole('dialog');
    // No server message in a proxy's HTML page: the documented default (docs/product.md#error-messages).
    await expect.poll(() => dialog.getByRole('alert').innerText()).toBe('Failed to create debt. Please try again.');
    expect(await typedValues(page)).toEqual(TYPED);
    expect((await debtsOnServer(app, token)).map((d) => d.name)).toEqual(['Visa']);

    await context.unroute(DEBTS, proxy);
    await dialog.getByRole('button', { name: 'Create Debt' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => syncState(page)).toBe('Synced');
    expect(keys).toEqual([keys[0], keys[0]]);
    expect((await debtsOnServer(app, token)).map((d) => d.name)).toEqual(['Visa']);
    await expect.poll(() => debtRows(page).count()).toBe(1);
    expect(unexpectedErrors(page)).toEqual([]);
    await context.close();
  });
});

describe('online, a timeout', () => {
  it('a save with no answer before the client gives up (15 s) shows the failure in the open modal and leaves nothing queued', async () => {
    const context = await app.newContext();
    // The page's timers run on a clock the test moves by hand after the failure (below); until then
    // it keeps real time, so the client's 15 s is 15 s.
    await context.clock.install();
    const { page, token } = await signedInPage(app, context);
    await openDebts(page);
    await expect.poll(() => page.getByText('No debts found').isVisible()).toBe(true);
    const keys = createKeys(page);
    const held: Route[] = [];
    const proxy = (route: Route) => (route.request().method() === 'POST' ? void held.push(route) : route.fallback());
    await context.route(DEBTS, proxy);

    await page.getByRole('button', { name: 'Add Debt' }).click();
    await fillDebt(page, TYPED);
    const sent = Date.now();
    await page.getByRole('button', { name: 'Create Debt' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('alert').count(), { timeout: 25_000 }).toBe(1);
    expect(Date.now() - sent).toBeGreaterThanOrEqual(14_000);
    expect(await dialog.getByRole('alert').innerText()).toBe('Failed to create debt. Please try again.');
    expect(await typedValues(page)).toEqual(TYPED);
    expect(await syncState(page)).toBe('Synced');
    expect(await page.getByText('pending sync').count()).toBe(0);
    await context.unroute(DEBTS, proxy);
    for (const route of held) await route.abort().catch(() => {});
    // A queued entry would be replayed on reconnect or after the outbox's backoff (1 s, 2 s …):
    // reconnect and let its flush end, then move the page's clock past both first steps, each
    // flush they wake ended, before saying nothing was queued.
    await goOffline(context, page);
    await expect.poll(() => syncState(page)).toContain('Offline');
    await context.setOffline(false);
    // Online again in the layer: its 'online' handler has run, and with it the reconnect's flush began.
    await expect.poll(() => syncState(page)).toBe('Synced');
    await outboxIdle(page);
    for (const step of [backoffMs(1), backoffMs(2)]) {
      await page.clock.runFor(step);
      await outboxIdle(page);
    }
    await expect.poll(() => syncState(page)).toBe('Synced');
    expect(await page.getByText('pending sync').count()).toBe(0);
    expect(held).toHaveLength(1);
    expect(keys).toHaveLength(1);
    expect(await debtsOnServer(app, token)).toEqual([]);
    expect(unexpectedErrors(page)).toEqual([]);
    await context.close();
  });
});

describe('no answer at all', () => {
  it('offline: the form closes at once, the debt is pending, and it reaches the server once when back online', async () => {
    const context = await app.newContext();
    const { page, token } = await signedInPage(app, context);
    await openDebts(page);
    await expect.poll(() => page.getByText('No debts found').isVisible()).toBe(true);
    await goOffline(context, page);
    await expect.poll(() => syncState(page)).toContain('Offline');
    await page.getByRole('button', { name: 'Add Debt' }).click();
    await fillDebt(page, TYPED);
    await page.getByRole('button', { name: 'Create Debt' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => debtRows(page).first().innerText()).toContain('pending sync');
    expect(await syncState(page)).toBe('Offline · 1 pending');
    expect(await debtsOnServer(app, token)).toEqual([]);

    await context.setOffline(false);
    await expect.poll(() => debtRows(page).first().innerText(), { timeout: 20_000 }).not.toContain('pending sync');
    await expect.poll(() => syncState(page)).toBe('Synced');
    expect((await debtsOnServer(app, token)).map((d) => d.name)).toEqual(['Visa']);
    expect(unexpectedErrors(page)).toEqual([]);
    await context.close();
  });

  it('online, the connection dropped: the form closes, the debt is pending, and the retry reaches the server once', async () => {
    const context = await app.newContext();
    const { page, token } = await signedInPage(app, context);
    await openDebts(page);
    await expect.poll(() => page.getByText('No debts found').isVisible()).toBe(true);
    const proxy = (route: Route) => (route.request().method() === 'POST' ? route.abort('connectionreset') : route.fallback());
    await context.route(DEBTS, proxy);

    await page.getByRole('button', { name: 'Add Debt' }).click();
    await fillDebt(page, TYPED);
    await page.getByRole('button', { name: 'Create Debt' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => debtRows(page).first().innerText()).toContain('pending sync');
    expect(await debtsOnServer(app, token)).toEqual([]);

    // The outbox retries on its own after the backoff.
    await context.unroute(DEBTS, proxy);
    await expect.poll(() => debtRows(page).first().innerText(), { timeout: 20_000 }).not.toContain('pending sync');
    await expect.poll(() => syncState(page)).toBe('Synced');
    expect((await debtsOnServer(app, token)).map((d) => d.name)).toEqual(['Visa']);
    expect(unexpectedErrors(page)).toEqual([]);
    await context.close();
  });
});

// ---- A subscriber with month tables ------------------------------------------------------------

/** A subscriber with income and housing on the server, so Income Future has its months; on /analytics. */
async function subscriber(context: BrowserContext): Promise<{ page: Page & { errors: string[] }; token: string }> {
  const email = uniqueEmail('errors');
  const token = await apiSignUp(app, email);
  await apiCall(app, token, 'POST', '/api/v1/incomes', { income: { name: 'Salary', pay_cycle: 'monthly', next_pay_date: `${planStart}-05`, gross_pay: 5000, net_pay: 3800 } });
  await apiCall(app, token, 'POST', '/api/v1/housing', { housing: { housing_type: 'Rent', total_monthly_payment: 1450 } });
  subscribeUser(app, email);
  const { page } = await signedInPage(app, context, email, '/analytics', { token, subscribed: true });
  return { page, token };
}
