/**
 * The user's data is the user's (docs/api.md#export-and-import, #deleting-an-account), end to end
 * (real server, production build, Chromium): on a desktop a subscriber exports the account online
 * and offline, and the two files are the server's document byte for byte except `exported_at`; on
 * a 390 px phone a second account imports that file (replace, after a confirmation that names what
 * goes), its records equal the first account's and reach the phone's mirror over the live channel;
 * then it deletes itself with its password, the device forgets it, and the server no longer knows
 * its token.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, PASSWORD, apiCall, channelConfirmed, apiSignUp, expectNoAxeViolations, goOffline, onPhone, shoot, signedInPage, startApp, subscribeUser, uniqueEmail, unexpectedErrors, switchColorScheme } from './harness.ts';
import { planStart } from './pages.ts';

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.close());

const thisYear = Number(planStart.slice(0, 4));
const TIMEOUT = { timeout: 20_000 };
const PHONE_390 = onPhone({ width: 390, height: 844 });

type Row = Record<string, unknown>;
type Doc = Record<string, unknown> & { actuals: Record<string, Row[]> };

/** A subscriber with a record of every kind and an actual balance in each table. */
async function household(): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('owner');
  const token = await apiSignUp(app, email);
  const post = (apiPath: string, body: object) => apiCall(app, token, 'POST', apiPath, body);
  await post('/api/v1/incomes', { income: { name: 'Salary', pay_cycle: 'biweekly', next_pay_date: `${planStart}-05`, gross_pay: 4200, net_pay: 3100.15 } });
  await post('/api/v1/housing', { housing: { housing_type: 'Rent', total_monthly_payment: 1800 } });
  await post('/api/v1/monthly_expenses', { monthly_expense: { name: 'Groceries, "organic"', amount: 900.5, due_day: 1 } });
  await post('/api/v1/other_expenses', { other_expense: { month: `${thisYear + 1}-06`, description: 'Trip', amount: 2400 } });
  await post('/api/v1/debts', { debt: { name: 'Visa', creditor: 'Chase', original_amount: 9000, remaining_amount: 7400, apr: 24.99, monthly_payment: 250, original_term: 60, due_day: 5 } });
  await post('/api/v1/debts', { debt: { name: 'Car', creditor: 'Ally', original_amount: 20000, remaining_amount: 12000, apr: 4.5, monthly_payment: 420, original_term: 60, due_day: 12 } });
  await post('/api/v1/debt_plan', { debt_plan: { plan_type: 'avalanche', extra_payment: 50 } });
  await post('/api/v1/retirement_accounts', {
    retirement_account: { name: '401(k)', account_type: 'traditional_401k', contribution_amount: 300, employer_match: 50, employer_contribution_amount: 150, starting_balance: 42000, expected_return_rate: 7, contribution_cycle: 'biweekly', next_deposit_date: `${planStart}-12` },
  });
  await post('/api/v1/retirement_plan', {
    retirement_plan: { retirement_date: `${thisYear + 22}-01-01`, interest_rate: 5, social_security_income: 2100, social_security_start_date: `${thisYear + 24}-01-01`, years_of_retirement: 30 },
  });
  await post('/api/v1/assumptions', { assumptions: { inflation_rate: 2.5, cash_balance: 6000 } });
  await post('/api/v1/baselines', { baseline: { name: 'Plan at start', snapshot: { months: [{ month: planStart, cash: 6000, debts: 19400, savings: 42000, contributions: 0, returns: 0 }] } } });
  subscribeUser(app, email);
  // This month's actual balances: cash, the Visa, the 401(k).
  const get = (apiPath: string) => apiCall(app, token, 'GET', apiPath) as Promise<Record<string, any>>;
  const thisMonth = (rows: Row[]) => rows.find((row) => row.month === planStart)!.id as number;
  await apiCall(app, token, 'PUT', `/api/v1/income_months/${thisMonth((await get('/api/v1/income_months')).income_months)}`, { income_month: { input_end_balance: -250.75 } });
  const visa = (await get('/api/v1/debt_months')).debts.find((d: Row) => d.name === 'Visa');
  await apiCall(app, token, 'PUT', `/api/v1/debt_months/${thisMonth(visa.debt_months)}`, { debt_month: { input_remaining_balance: 7300.4 } });
  const account = (await get('/api/v1/retirement_months')).retirement_accounts[0];
  await apiCall(app, token, 'PUT', `/api/v1/retirement_months/${thisMonth(account.retirement_months)}`, { retirement_month: { balance: 43000 } });
  return { email, token };
}

/** The server's export, as the text it sends. */
async function serverExport(token: string): Promise<string> {
  const response = await fetch(`${app.url}/api/v1/export`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return response.text();
}

/** The document's text with `exported_at` blanked: what must match byte for byte. */
const withoutStamp = (text: string) => text.replace(/"exported_at":"[^"]*"/, '"exported_at":""');

/**
 * The document as an import reproduces it: ids replaced by each record's place in its list (new
 * ids are given in the file's order), actuals naming their entity by that place, `updated_at`
 * (the import's clock), `user` and `exported_at` left out; `created_at` stays (the file's).
 */
function portable(doc: Doc): unknown {
  const out: Record<string, unknown> = {};
  const place = (list: string, id: unknown) => (doc[list] as Row[]).findIndex((row) => row.id === id);
  for (const [key, value] of Object.entries(doc)) {
    if (key === 'user' || key === 'exported_at' || key === 'actuals') continue;
    const strip = ({ id: _id, updated_at: _updated, ...rest }: Row) => rest;
    out[key] = Array.isArray(value) ? (value as Row[]).map(strip) : value && typeof value === 'object' ? strip(value as Row) : value;
  }
  out.actuals = {
    income_months: doc.actuals.income_months,
    debt_months: doc.actuals.debt_months!.map(({ debt_id, ...rest }) => ({ debt: place('debts', debt_id), ...rest })),
    retirement_months: doc.actuals.retirement_months!.map(({ retirement_account_id, ...rest }) => ({ account: place('retirement_accounts', retirement_account_id), ...rest })),
  };
  return out;
}

/** What the page's mirror (IndexedDB 'runway') holds: rows per store, and whether every fetch has finished. */
function mirrorState(page: Page): Promise<{ counts: Record<string, number>; synced: boolean; actuals: number }> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const notYet = { counts: {}, synced: false, actuals: 0 };
        // Not before the app has made its mirror (it comes with the page's data layer, loaded after
        // the page's own script): opening it first would make an empty one the app must upgrade.
        void indexedDB.databases().then((databases) => {
          if (!databases.some((database) => database.name === 'runway')) return resolve(notYet);
          const open = indexedDB.open('runway');
          open.onerror = () => resolve(notYet);
          open.onsuccess = () => {
            const db = open.result;
            const names = [...db.objectStoreNames];
            const tx = db.transaction(names, 'readonly');
            const all: Record<string, unknown[]> = {};
            for (const name of names) {
              const request = tx.objectStore(name).getAll();
              request.onsuccess = () => (all[name] = request.result);
            }
            tx.oncomplete = () => {
              db.close();
              const status = (all.syncStatus ?? []) as { loading: boolean; lastFetched: number | null }[];
              const months = JSON.stringify((all.months ?? []).map((row) => (row as { body: unknown }).body));
              const actuals = (months.match(/"input_(end_balance|remaining_balance|balance)":-?\d/g) ?? []).length;
              resolve({
                counts: Object.fromEntries(Object.entries(all).map(([name, rows]) => [name, rows.length])),
                // Flags, profile, six collections, four singles and, for a subscriber, four month tables.
                synced: status.length === 16 && status.every((s) => !s.loading && s.lastFetched !== null),
                actuals,
              });
            };
          };
        });
      }),
  );
}

/** Clicks a button that saves a file and answers the file's text and name. */
async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()]);
  const saved = path.join(tmpdir(), `runway-e2e-${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(saved);
  return { name: file.suggestedFilename(), text: readFileSync(saved, 'utf8') };
}

async function darkMode(page: Page) {
  await switchColorScheme(page, 'dark');
}

describe('Your data', () => {
  let desktop: BrowserContext;
  let phone: BrowserContext;
  let phonePage: Page & { errors: string[] };
  let exportFile = '';
  let exported = '';
  let owner = { email: '', token: '' };

  afterAll(async () => {
    await desktop?.close().catch(() => {});
    await phone?.close().catch(() => {});
  });

  it("on a desktop: the export made online and the one made offline are the server's document, byte for byte but for exported_at", async () => {
    owner = await household();
    desktop = await app.newContext();
    const { page } = await signedInPage(app, desktop, owner.email, '/profile', { token: owner.token, subscribed: true });
    await expect.poll(async () => (await mirrorState(page)).synced, TIMEOUT).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Your data' }).isVisible(), TIMEOUT).toBe(true);

    const online = await download(page, 'Export (JSON)');
    expect(online.name).toMatch(/^runway-export-\d{4}-\d{2}-\d{2}\.json$/);
    expect(await page.getByTestId('export-outcome').innerText()).toBe(`Saved ${online.name}, from the server.`);
    const server = await serverExport(owner.token);
    expect(withoutStamp(online.text)).toBe(withoutStamp(server));
    const doc = JSON.parse(online.text) as Doc;
    // Every kind is in it, and the three actuals.
    expect(doc.debts).toHaveLength(2);
    expect(doc.baselines).toHaveLength(1);
    expect(doc.assumptions).toMatchObject({ inflation_rate: 2.5, cash_balance: 6000 });
    expect(doc.actuals).toEqual({
      income_months: [{ month: planStart, input_end_balance: -250.75 }],
      debt_months: [{ debt_id: (doc.debts as Row[]).find((d) => d.name === 'Visa')!.id, month: planStart, input_remaining_balance: 7300.4 }],
      retirement_months: [{ retirement_account_id: (doc.retirement_accounts as Row[])[0]!.id, month: planStart, balance: 43000 }],
      // No check-in of a mortgage balance or a home value.
      mortgage_months: [],
      home_months: [],
    });

    await shoot(page, 'data-ownership-profile-desktop');
    await expectNoAxeViolations(page);

    // Offline: the same document, made on the device from its mirror.
    await goOffline(desktop, page);
    await expect.poll(() => page.getByTestId('import-offline').isVisible(), TIMEOUT).toBe(true);
    const offline = await download(page, 'Export (JSON)');
    expect(await page.getByTestId('export-outcome').innerText()).toBe(`Saved ${offline.name}, from this device's copy (offline).`);
    expect(withoutStamp(offline.text)).toBe(withoutStamp(online.text));
    expect(JSON.parse(offline.text).exported_at).not.toBe(doc.exported_at);

    // A month table as a spreadsheet, offline too.
    await page.getByLabel('Spreadsheet (CSV)').selectOption('debtMonths');
    const csv = await download(page, 'Download CSV');
    expect(csv.name).toMatch(/^runway-debt-progress-whole-dollars-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.text.split('\r\n')[0]).toBe('\uFEFFDebt,Month,Total Payment,Principal,Interest,End Balance,% Paid,Adjustment');
    expect(csv.text).toContain(`Visa,${planStart},`);
    expect(await page.getByTestId('delete-offline').innerText()).toBe('Deleting your account needs a connection: it happens on the server.');
    await darkMode(page);
    await shoot(page, 'data-ownership-profile-desktop-offline-dark');
    await desktop.setOffline(false);

    // Back online, the delete dialog (dark), then Cancel: nothing is sent.
    await expect.poll(() => page.getByRole('button', { name: 'Delete my account…' }).isEnabled(), TIMEOUT).toBe(true);
    await page.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect.poll(() => dialog.isVisible(), TIMEOUT).toBe(true);
    await expectNoAxeViolations(page);
    await shoot(page, 'data-ownership-delete-dialog-desktop-dark');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible(), TIMEOUT).toBe(false);
    expect((await fetch(`${app.url}/api/v1/profile`, { headers: { authorization: `Bearer ${owner.token}` } })).status).toBe(200);
    expect(unexpectedErrors(page)).toEqual([]);

    exported = online.text;
    exportFile = path.join(tmpdir(), `runway-e2e-import-${Date.now()}.json`);
    writeFileSync(exportFile, online.text);
  });

  it('on a 390 px phone: a second account imports the file after the replace confirmation, and its records equal the first account’s', async () => {
    expect(exportFile).not.toBe('');
    const email = uniqueEmail('importer');
    const token = await apiSignUp(app, email);
    await apiCall(app, token, 'POST', '/api/v1/debts', { debt: { name: 'Old loan', creditor: 'Bank', original_amount: 1000, remaining_amount: 500, apr: 5, monthly_payment: 50, original_term: 24, due_day: 3 } });
    await apiCall(app, token, 'POST', '/api/v1/monthly_expenses', { monthly_expense: { name: 'Gym', amount: 40, due_day: 2 } });
    subscribeUser(app, email);
    phone = await app.newContext(PHONE_390);
    // The page signedInPage opens, listened to before it loads.
    const confirmed = channelConfirmed(phone.pages()[0] ?? (await phone.newPage()));
    const { page } = await signedInPage(app, phone, email, '/profile', { token, subscribed: true });
    phonePage = page;
    await confirmed;
    await expect.poll(async () => (await mirrorState(page)).synced, TIMEOUT).toBe(true);

    await page.locator('input[type="file"]').setInputFiles(exportFile);
    await expect.poll(() => page.getByTestId('import-file-holds').innerText().catch(() => ''), TIMEOUT).toBe(
      'The file holds: Income sources 1, Debts 2, Monthly expenses 1, One-time expenses 1, Retirement accounts 1, Saved baselines 1, Housing 1, Debt plan 1, Retirement plan 1, Plan assumptions 1, Actual balances (check-ins) 3.',
    );
    await shoot(page, 'data-ownership-import-phone');

    // From here on, what reaches the mirror comes from the one Pull message the import sends over
    // the live channel, which makes the device pull: count the pulls.
    const pulls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && /\/api\/v1\/(debts|incomes|income_months)$/.test(new URL(request.url()).pathname)) pulls.push(request.url());
    });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace your data?' });
    await expect.poll(() => dialog.isVisible(), TIMEOUT).toBe(true);
    const rows = await dialog.getByRole('table', { name: 'What is replaced' }).locator('tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
    expect(rows).toEqual([
      ['Kind', 'Now', 'In file'],
      ['Income sources', '0', '1'],
      ['Debts', '1', '2'],
      ['Monthly expenses', '1', '1'],
      ['One-time expenses', '0', '1'],
      ['Retirement accounts', '0', '1'],
      ['Saved baselines', '0', '1'],
      ['Housing', '0', '1'],
      ['Debt plan', '0', '1'],
      ['Retirement plan', '0', '1'],
      ['Plan assumptions', '0', '1'],
      ['Actual balances (check-ins)', '0', '3'],
    ]);
    await expectNoAxeViolations(page);
    await shoot(page, 'data-ownership-replace-confirm-phone');
    await dialog.getByRole('button', { name: 'Replace my data' }).click();

    await expect.poll(() => page.getByTestId('import-result').innerText().catch(() => ''), TIMEOUT).toContain('Replaced: Debts 1, Monthly expenses 1.');
    await shoot(page, 'data-ownership-imported-phone');

    // The server holds the first account's records and actuals, under new ids.
    const imported = JSON.parse(await serverExport(token)) as Doc;
    expect(portable(imported)).toEqual(portable(JSON.parse(exported) as Doc));
    expect(imported.user).toMatchObject({ email });

    // The phone's mirror got it all through the Pull message's pull (once per resource, not one
    // frame per record), month tables with the actuals included: offline it exports the same document.
    await expect.poll(async () => (await mirrorState(page)).counts.debts, TIMEOUT).toBe(2);
    await expect.poll(async () => (await mirrorState(page)).actuals, TIMEOUT).toBeGreaterThanOrEqual(4);
    await expect.poll(() => new Set(pulls.map((url) => new URL(url).pathname)).size, TIMEOUT).toBe(3);
    await goOffline(phone, page);
    const offline = await download(page, 'Export (JSON)');
    expect(withoutStamp(offline.text)).toBe(withoutStamp(await serverExport(token)));
    await phone.setOffline(false);
    expect(unexpectedErrors(page)).toEqual([]);
  });

  it('on the phone: merging the same file again counts every record as already here, and skipping them doubles nothing', async () => {
    const page = phonePage;
    const token = (await page.evaluate(() => localStorage.getItem('authToken')))!;
    const before = JSON.parse(await serverExport(token)) as Doc;
    await page.locator('input[type="file"]').setInputFiles(exportFile);
    await expect.poll(() => page.getByTestId('import-file-holds').count(), TIMEOUT).toBe(1);
    await page.getByRole('radio', { name: /Add to my data/ }).check();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Some records are already here' });
    await expect.poll(() => dialog.isVisible(), TIMEOUT).toBe(true);
    expect(await dialog.getByTestId('merge-look-alikes').innerText()).toBe(
      `7 of the records in ${path.basename(exportFile)} look the same as ones you already have (same kind, same fields): Income sources 1, Debts 2, Monthly expenses 1, One-time expenses 1, Retirement accounts 1, Saved baselines 1. Adding them would list each twice.`,
    );
    await expectNoAxeViolations(page);
    await shoot(page, 'data-ownership-merge-confirm-phone');
    await dialog.getByRole('button', { name: 'Skip the ones already here' }).click();
    await expect.poll(() => page.getByTestId('import-result').count(), TIMEOUT).toBe(1);
    // The same question in the dark scheme, then left unanswered.
    await darkMode(page);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => dialog.isVisible(), TIMEOUT).toBe(true);
    await expectNoAxeViolations(page);
    await shoot(page, 'data-ownership-merge-confirm-phone-dark');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count(), TIMEOUT).toBe(0);
    await switchColorScheme(page, 'light');
    // Every list holds what it held: nothing was doubled.
    const after = JSON.parse(await serverExport(token)) as Doc;
    for (const key of ['incomes', 'debts', 'monthly_expenses', 'other_expenses', 'retirement_accounts', 'baselines'] as const) {
      expect((after[key] as unknown[]).length, key).toBe((before[key] as unknown[]).length);
    }
    expect(unexpectedErrors(page)).toEqual([]);
  });

  it('on the phone: that account deletes itself with its password; the device forgets it and the server no longer knows it', async () => {
    const page = phonePage;
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const email = await page.evaluate(() => localStorage.getItem('email'));
    expect(token).toBeTruthy();
    await expect.poll(() => page.getByRole('button', { name: 'Delete my account…' }).isEnabled(), TIMEOUT).toBe(true);
    await page.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect.poll(() => dialog.isVisible(), TIMEOUT).toBe(true);
    expect(await dialog.innerText()).toContain('This cannot be undone.');
    expect(await dialog.getByRole('button', { name: 'Export my data first' }).isVisible()).toBe(true);

    // A wrong password is said under its field, and nothing is erased.
    await dialog.getByLabel('Current Password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await expect.poll(() => dialog.getByText('Current password is incorrect').isVisible(), TIMEOUT).toBe(true);
    expect((await fetch(`${app.url}/api/v1/profile`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    await expectNoAxeViolations(page);
    await shoot(page, 'data-ownership-delete-dialog-phone');

    await dialog.getByLabel('Current Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname, TIMEOUT).toBe('/');
    await expect.poll(() => page.getByText('Your account has been deleted.').isVisible(), TIMEOUT).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Start For Free' }).isVisible(), TIMEOUT).toBe(true);
    await shoot(page, 'data-ownership-deleted-home-phone');

    // The server: the token is dead and the password signs nobody in.
    expect((await fetch(`${app.url}/api/v1/profile`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    const signIn = await fetch(`${app.url}/users/sign_in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: { email, password: PASSWORD } }) });
    expect(signIn.status).toBe(401);
    // The device: no session, and nothing of the account in the mirror (the flags are fetched again for the sign-in screen).
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    const { counts } = await mirrorState(page);
    expect(Object.entries(counts).filter(([name, n]) => n > 0 && name !== 'featureFlags' && name !== 'syncStatus')).toEqual([]);
    expect(unexpectedErrors(page)).toEqual([]);
  });
});
