/**
 * The Overview, Monthly Expenses, One-Time Expenses, Retirement Accounts and Retirement Plan tabs
 * end to end (real server, production build, Chromium): add, edit and delete through the UI with
 * the values on screen and on the server, the rule messages with nothing sent, axe on each tab
 * with data and with its form open, and each tab on a desktop and on a 375 px phone.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, screenshot, serverList, signedInPage, startApp, type App } from './harness.ts';

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.close());

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect.poll(() => page.getByRole('tab', { name, exact: true, selected: true }).count()).toBe(1);
}

/** Fills inputs of the open dialog, each found by the start of its label. */
async function fill(page: Page, values: Record<string, string>) {
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(values)) await dialog.getByLabel(new RegExp(`^${escape(label)}`)).fill(value);
}

async function choose(page: Page, values: Record<string, string>) {
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(values)) await dialog.getByLabel(new RegExp(`^${escape(label)}`)).selectOption(value);
}

const rows = (page: Page, table: string) => page.getByRole('table', { name: table }).locator('tbody tr');
const cellTexts = (page: Page, table: string, column: number) => rows(page, table).evaluateAll((trs, i) => trs.map((tr) => tr.children[i]?.textContent?.trim() ?? ''), column);
const card = (page: Page, label: string) => page.getByTestId(`card-${label}`).innerText();
const dialogClosed = (page: Page) => expect.poll(() => page.getByRole('dialog').count()).toBe(0);

/** axe on the page at rest (the pointer moved off what it last clicked). */
async function expectNoAxeViolations(page: Page) {
  await page.mouse.move(0, 0);
  expect(await axeViolations(page)).toEqual([]);
}

/** Records the API writes a page makes. */
function recordWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/') && request.method() !== 'GET') writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  return writes;
}

async function expectMessages(page: Page, messages: readonly string[]) {
  for (const message of messages) await expect.poll(() => page.getByText(message, { exact: true }).first().isVisible()).toBe(true);
}

async function post(token: string, path: string, body: object) {
  const response = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
}

type Stored = Record<string, unknown>;
const listOf = async (token: string, path: string, key: string) => ((await serverList(app, token, path)) as Record<string, Stored[]>)[key] ?? [];
const planOf = async (token: string) => ((await serverList(app, token, '/api/v1/retirement_plan')) as { retirement_plan: Stored | null }).retirement_plan;

// Months far from today on either side, so the Current/Past split never depends on the date the
// test runs on (the boundary itself is proven with an injected clock in OtherExpensesTab.test.tsx).
const THIS_YEAR = new Date().getFullYear();
const NEXT_YEAR = THIS_YEAR + 1;
const LAST_YEAR = THIS_YEAR - 1;

describe('on a desktop', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await app.newContext();
  });
  afterAll(async () => context?.close());

  it('Monthly Expenses: adds, edits and deletes, sorted by due day, with the values on the server', async () => {
    const { page, token } = await signedInPage(app, context);
    const stored = () => listOf(token, '/api/v1/monthly_expenses', 'monthly_expenses');
    await openTab(page, 'Monthly Expenses');
    await expect.poll(() => page.getByText('No monthly expenses found').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Add Expense' }).click();
    await fill(page, { 'Expense Name': 'Phone', Amount: '60.01', 'Due Day': '28' });
    await page.getByRole('button', { name: 'Create Expense' }).click();
    await dialogClosed(page);
    await page.getByRole('button', { name: 'Add Expense' }).click();
    await fill(page, { 'Expense Name': 'Rent', Amount: '1200', 'Due Day': '1' });
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-monthly-expenses-form');
    await page.getByRole('button', { name: 'Create Expense' }).click();
    await dialogClosed(page);
    await expect.poll(() => cellTexts(page, 'Monthly expenses', 0)).toEqual(['Rent', 'Phone']);
    expect(await cellTexts(page, 'Monthly expenses', 2)).toEqual(['Day 1', 'Day 28']);
    expect(await card(page, 'Total Monthly Expenses')).toBe('$1,260.01');
    // 126,001¢ / 2 = 63,000.5¢ → $630.01 (half up).
    expect(await card(page, 'Average Expense')).toBe('$630.01');
    expect(await card(page, 'Number of Expenses')).toBe('2');
    expect(await stored()).toMatchObject([
      { name: 'Phone', amount: 60.01, due_day: 28 },
      { name: 'Rent', amount: 1200, due_day: 1 },
    ]);

    await page.getByRole('button', { name: 'Edit Phone' }).click();
    await fill(page, { Amount: '75.5', 'Due Day': '5' });
    await page.getByRole('button', { name: 'Update Expense' }).click();
    await dialogClosed(page);
    await expect.poll(() => rows(page, 'Monthly expenses').nth(1).innerText()).toMatch(/Phone\s+\$75\.50\s+Day 5/);
    expect((await stored()).find((e) => e.name === 'Phone')).toMatchObject({ amount: 75.5, due_day: 5 });
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-monthly-expenses');

    await page.getByRole('button', { name: 'Delete Rent' }).click();
    await expect.poll(() => page.getByText('Are you sure you want to delete "Rent"? This action cannot be undone.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => cellTexts(page, 'Monthly expenses', 0)).toEqual(['Phone']);
    await expect.poll(async () => (await stored()).map((e) => e.name)).toEqual(['Phone']);
    expect(page.errors).toEqual([]);
  });

  it('One-Time Expenses: splits Current and Past, and adds, edits and deletes with the month as YYYY-MM', async () => {
    const { page, token } = await signedInPage(app, context);
    const stored = () => listOf(token, '/api/v1/other_expenses', 'other_expenses');
    await openTab(page, 'One-Time Expenses');
    await expect.poll(() => page.getByText('No current expenses found').isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Past Expenses' }).click();
    await expect.poll(() => page.getByText('No past expenses. Expenses move here once their month has passed.').isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Current Expenses' }).click();

    await page.getByRole('button', { name: 'Add Expense' }).click();
    await fill(page, { Year: String(NEXT_YEAR), Month: '3', Description: 'New tires', Amount: '612.40' });
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-other-expenses-form');
    await page.getByRole('button', { name: 'Create Expense' }).click();
    await dialogClosed(page);
    await page.getByRole('button', { name: 'Add Expense' }).click();
    await fill(page, { Year: String(NEXT_YEAR), Month: '1', Description: 'Insurance', Amount: '300' });
    await page.getByRole('button', { name: 'Create Expense' }).click();
    await dialogClosed(page);
    await page.getByRole('button', { name: 'Add Expense' }).click();
    await fill(page, { Year: String(LAST_YEAR), Month: '6', Description: 'Dentist', Amount: '150' });
    await page.getByRole('button', { name: 'Create Expense' }).click();
    await dialogClosed(page);

    // Current: this month or later, earliest first.
    await expect.poll(() => cellTexts(page, 'Current expenses', 0)).toEqual(['Insurance', 'New tires']);
    expect(await cellTexts(page, 'Current expenses', 2)).toEqual([`${NEXT_YEAR}-01`, `${NEXT_YEAR}-03`]);
    expect(await card(page, 'Total Expenses')).toBe('2');
    expect(await card(page, 'Total Amount')).toBe('$912.40');
    expect(await card(page, 'Average Amount')).toBe('$456.20');
    expect(await stored()).toMatchObject([
      { month: `${NEXT_YEAR}-03`, description: 'New tires', amount: 612.4 },
      { month: `${NEXT_YEAR}-01`, description: 'Insurance', amount: 300 },
      { month: `${LAST_YEAR}-06`, description: 'Dentist', amount: 150 },
    ]);
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-other-expenses');

    await page.getByRole('tab', { name: 'Past Expenses' }).click();
    await expect.poll(() => cellTexts(page, 'Past expenses', 0)).toEqual(['Dentist']);
    expect(await card(page, 'Total Amount')).toBe('$150.00');

    // Moving the dentist visit to next year moves it to Current.
    await page.getByRole('button', { name: 'Edit Dentist' }).click();
    expect(await page.getByRole('dialog').getByLabel(/^Month/).inputValue()).toBe('6');
    await fill(page, { Year: String(NEXT_YEAR), Month: '2' });
    await page.getByRole('button', { name: 'Update Expense' }).click();
    await dialogClosed(page);
    await expect.poll(() => page.getByText('No past expenses. Expenses move here once their month has passed.').isVisible()).toBe(true);
    expect((await stored()).find((e) => e.description === 'Dentist')).toMatchObject({ month: `${NEXT_YEAR}-02` });
    await page.getByRole('tab', { name: 'Current Expenses' }).click();
    await expect.poll(() => cellTexts(page, 'Current expenses', 0)).toEqual(['Insurance', 'Dentist', 'New tires']);

    await page.getByRole('button', { name: 'Delete Insurance' }).click();
    await expect.poll(() => page.getByText('Are you sure you want to delete "Insurance"? This action cannot be undone.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => cellTexts(page, 'Current expenses', 0)).toEqual(['Dentist', 'New tires']);
    await expect.poll(async () => (await stored()).map((e) => e.description).sort()).toEqual(['Dentist', 'New tires']);
    expect(page.errors).toEqual([]);
  });

  it('Retirement Accounts: adds, edits and deletes, sorted by combined monthly contribution, cards in monthly equivalents', async () => {
    const { page, token } = await signedInPage(app, context);
    const stored = () => listOf(token, '/api/v1/retirement_accounts', 'retirement_accounts');
    await openTab(page, 'Retirement Accounts');
    await expect.poll(() => page.getByText('No retirement accounts found').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Add Retirement Account' }).click();
    await fill(page, {
      'Account Name': 'Work 401k',
      'Contribution Amount': '100',
      'Employer Match': '50',
      'Employer Contribution Amount': '50',
      'Starting Balance': '12000.10',
      'Expected Return Rate': '7.5',
      'Next Deposit Date': `${NEXT_YEAR}-03-13`,
    });
    await choose(page, { 'Account Type': 'traditional_401k', 'Contribution Cycle': 'biweekly' });
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-retirement-accounts-form');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await dialogClosed(page);

    await page.getByRole('button', { name: 'Add Retirement Account' }).click();
    await fill(page, {
      'Account Name': 'Roth IRA',
      'Contribution Amount': '250',
      'Employer Match': '0',
      'Employer Contribution Amount': '0',
      'Starting Balance': '5000',
      'Expected Return Rate': '6',
      'Next Deposit Date': `${NEXT_YEAR}-01-01`,
    });
    await choose(page, { 'Account Type': 'roth_ira', 'Contribution Cycle': 'monthly' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await dialogClosed(page);

    // Work: 100 × 26 / 12 = 216.67 + 50 × 26 / 12 = 108.33 → 325.00 a month; Roth: 250.00.
    await expect.poll(() => cellTexts(page, 'Retirement accounts', 0)).toEqual(['Work 401k', 'Roth IRA']);
    await expect.poll(() => rows(page, 'Retirement accounts').first().innerText()).toMatch(
      new RegExp(`Work 401k\\s+Traditional 401\\(k\\)\\s+\\$100\\.00\\s+\\$50\\.00\\s+50% match\\s+Biweekly\\s+\\$12,000\\.10\\s+7\\.5%\\s+${NEXT_YEAR}-03-13`),
    );
    expect(await card(page, 'Total Contributions')).toBe('$466.67');
    expect(await card(page, 'Employer Contributions')).toBe('$108.33');
    expect(await card(page, 'Total Retirement Value')).toBe('$575.00');
    expect(await stored()).toMatchObject([
      {
        name: 'Work 401k',
        account_type: 'traditional_401k',
        contribution_amount: 100,
        employer_match: 50,
        employer_contribution_amount: 50,
        starting_balance: 12000.1,
        expected_return_rate: 7.5,
        contribution_cycle: 'biweekly',
      },
      { name: 'Roth IRA', account_type: 'roth_ira', contribution_amount: 250, contribution_cycle: 'monthly' },
    ]);

    // Weekly 250 → 250 × 52 / 12 = 1,083.33 a month: the Roth now sorts first.
    await page.getByRole('button', { name: 'Edit Roth IRA' }).click();
    await choose(page, { 'Contribution Cycle': 'weekly' });
    await page.getByRole('button', { name: 'Update Account' }).click();
    await dialogClosed(page);
    await expect.poll(() => cellTexts(page, 'Retirement accounts', 0)).toEqual(['Roth IRA', 'Work 401k']);
    expect(await card(page, 'Total Contributions')).toBe('$1,300.00');
    expect((await stored()).find((a) => a.name === 'Roth IRA')).toMatchObject({ contribution_cycle: 'weekly' });
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-retirement-accounts');

    await page.getByRole('button', { name: 'Delete Work 401k' }).click();
    await expect.poll(() => page.getByText('Are you sure you want to delete "Work 401k"? This action cannot be undone.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => cellTexts(page, 'Retirement accounts', 0)).toEqual(['Roth IRA']);
    await expect.poll(async () => (await stored()).map((a) => a.name)).toEqual(['Roth IRA']);
    expect(page.errors).toEqual([]);
  });

  it('Retirement Plan: creates, edits and deletes the plan behind the confirmation dialog', async () => {
    const { page, token } = await signedInPage(app, context);
    await openTab(page, 'Retirement Plan');
    await expect.poll(() => page.getByText('No retirement plan found').isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Create Retirement Plan' }).click();
    await fill(page, {
      'Retirement Date': '2050-06-01',
      'Expected Interest Rate': '4.5',
      'Expected Social Security Income': '1850.50',
      'Social Security Start Date': '2052-01-15',
      'Expected Years of Retirement': '30',
    });
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-retirement-plan-form');
    await page.getByRole('button', { name: 'Create Plan' }).click();
    await dialogClosed(page);
    await expect.poll(() => page.getByTestId('plan-Expected Social Security Income').innerText()).toBe('$1,850.50 per month');
    expect(await page.getByTestId('plan-Retirement Date').innerText()).toBe('2050-06-01');
    expect(await page.getByTestId('plan-Expected Interest Rate on Savings').innerText()).toBe('4.5%');
    expect(await page.getByTestId('plan-Social Security Start Date').innerText()).toBe('2052-01-15');
    expect(await page.getByTestId('plan-Expected Years of Retirement').innerText()).toBe('30 years');
    expect(await planOf(token)).toMatchObject({
      retirement_date: '2050-06-01',
      interest_rate: 4.5,
      social_security_income: 1850.5,
      social_security_start_date: '2052-01-15',
      years_of_retirement: 30,
    });

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await fill(page, { 'Expected Years of Retirement': '25', 'Expected Interest Rate': '5' });
    await page.getByRole('button', { name: 'Update Plan' }).click();
    await dialogClosed(page);
    await expect.poll(() => page.getByTestId('plan-Expected Years of Retirement').innerText()).toBe('25 years');
    expect(await planOf(token)).toMatchObject({ interest_rate: 5, years_of_retirement: 25, retirement_date: '2050-06-01' });
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-retirement-plan');

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByText('Are you sure you want to delete "Retirement Plan"? This action cannot be undone.').isVisible()).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByText('No retirement plan found').isVisible()).toBe(true);
    await expect.poll(() => planOf(token)).toBeNull();
    expect(page.errors).toEqual([]);
  });

  it('Overview: greets the user, sums the tiles, and switches tabs from the quick actions', async () => {
    const { page, token, email } = await signedInPage(app, context);
    // A new account's first Overview on this device says Welcome; every later one, Welcome back.
    await openTab(page, 'Overview');
    await expect.poll(() => page.getByRole('heading', { name: `Welcome, ${email}!` }).isVisible()).toBe(true);
    await post(token, '/api/v1/debts', { debt: { name: 'Visa', creditor: 'Chase', original_amount: 5000, remaining_amount: 3200.55, apr: 19.99, monthly_payment: 150, original_term: 36, due_day: 20 } });
    await post(token, '/api/v1/debts', { debt: { name: 'Car', creditor: 'Ford', original_amount: 20000, remaining_amount: 12000.1, apr: 4.5, monthly_payment: 420.35, original_term: 60, due_day: 3 } });
    await post(token, '/api/v1/monthly_expenses', { monthly_expense: { name: 'Rent', amount: 1200, due_day: 1 } });
    await post(token, '/api/v1/monthly_expenses', { monthly_expense: { name: 'Gym', amount: 45.5, due_day: 15 } });
    await page.reload();
    await openTab(page, 'Overview');
    await expect.poll(() => page.getByRole('heading', { name: `Welcome back, ${email}!` }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('tile-active-debts').innerText()).toBe('2');
    expect(await page.getByTestId('tile-debt-balance').innerText()).toBe('$15,200.65 total balance');
    await expect.poll(() => page.getByTestId('tile-monthly-expenses').innerText()).toBe('$1,245.50');
    expect(await page.getByRole('group', { name: 'Financial Health' }).innerText()).toMatch(/Coming Soon/);
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-overview');

    for (const [action, tab] of [
      ['Track Income', 'Income'],
      ['Manage Debts', 'Debts'],
      ['Track Expenses', 'Monthly Expenses'],
    ] as const) {
      await openTab(page, 'Overview');
      await page.getByRole('button', { name: action }).click();
      await expect.poll(() => page.getByRole('tab', { name: tab, exact: true, selected: true }).count()).toBe(1);
    }
    await expect.poll(() => cellTexts(page, 'Monthly expenses', 0)).toEqual(['Rent', 'Gym']);
    expect(page.errors).toEqual([]);
  });
});

describe('the rule messages', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await app.newContext();
  });
  afterAll(async () => context?.close());

  it('shows them for bad input on the four forms and sends nothing', async () => {
    const { page, token } = await signedInPage(app, context);
    const writes = recordWrites(page);

    await openTab(page, 'Monthly Expenses');
    await page.getByRole('button', { name: 'Add Expense' }).click();
    await page.getByRole('button', { name: 'Create Expense' }).click();
    await expectMessages(page, ['Expense name is required', 'Amount is required', 'Due day is required', 'Please fix the errors above']);
    await fill(page, { 'Expense Name': 'Rent', Amount: '0', 'Due Day': '32' });
    await page.getByRole('button', { name: 'Create Expense' }).click();
    await expectMessages(page, ['Amount must be greater than 0', 'Please enter a valid day between 1 and 31']);
    await screenshot(page, 'dashboard-monthly-expenses-errors');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await dialogClosed(page);

    await openTab(page, 'One-Time Expenses');
    await page.getByRole('button', { name: 'Add Expense' }).click();
    await fill(page, { Year: '1899', Month: '13', Amount: '-5' });
    await page.getByRole('button', { name: 'Create Expense' }).click();
    await expectMessages(page, ['Please enter a valid year', 'Please enter a valid month (1-12)', 'Description is required', 'Amount must be a positive number']);
    await fill(page, { Year: String(THIS_YEAR + 101) });
    await page.getByRole('button', { name: 'Create Expense' }).click();
    await expectMessages(page, ['Please enter a valid year']);
    await screenshot(page, 'dashboard-other-expenses-errors');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await dialogClosed(page);

    await openTab(page, 'Retirement Accounts');
    await page.getByRole('button', { name: 'Add Retirement Account' }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectMessages(page, [
      'Account name is required',
      'Account type is required',
      'Contribution amount is required',
      'Employer match is required',
      'Employer contribution amount is required',
      'Starting balance is required',
      'Expected return rate is required',
      'Contribution cycle is required',
      'Next deposit date is required',
    ]);
    await fill(page, { 'Contribution Amount': '-1', 'Employer Match': '101', 'Employer Contribution Amount': '-1', 'Starting Balance': '-1', 'Expected Return Rate': '51' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectMessages(page, [
      'Contribution amount cannot be negative',
      'Employer match must be between 0 and 100',
      'Employer contribution amount cannot be negative',
      'Starting balance cannot be negative',
      'Expected return rate must be between 0 and 50',
    ]);
    await screenshot(page, 'dashboard-retirement-accounts-errors');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await dialogClosed(page);

    await openTab(page, 'Retirement Plan');
    await page.getByRole('button', { name: 'Create Retirement Plan' }).click();
    await page.getByRole('button', { name: 'Create Plan' }).click();
    await expectMessages(page, [
      'Retirement date is required',
      'Interest rate is required',
      'Social Security income is required',
      'Social Security start date is required',
      'Years of retirement is required',
    ]);
    await fill(page, { 'Expected Interest Rate': '51', 'Expected Social Security Income': '-1', 'Expected Years of Retirement': '101' });
    await page.getByRole('button', { name: 'Create Plan' }).click();
    await expectMessages(page, ['Interest rate must be between 0 and 50', 'Social Security income cannot be negative', 'Years of retirement must be between 1 and 100']);
    // An edit clears that field's message.
    await fill(page, { 'Expected Years of Retirement': '30' });
    await expect.poll(() => page.getByText('Years of retirement must be between 1 and 100').count()).toBe(0);
    await screenshot(page, 'dashboard-retirement-plan-errors');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await dialogClosed(page);

    expect(writes).toEqual([]);
    expect(await listOf(token, '/api/v1/monthly_expenses', 'monthly_expenses')).toEqual([]);
    expect(await listOf(token, '/api/v1/other_expenses', 'other_expenses')).toEqual([]);
    expect(await listOf(token, '/api/v1/retirement_accounts', 'retirement_accounts')).toEqual([]);
    expect(await planOf(token)).toBeNull();
    expect(page.errors).toEqual([]);
  });
});

describe('on a phone (375 × 740)', () => {
  it('fits each tab with data and its form, without sideways scrolling of the page', async () => {
    const context = await app.newContext({ viewport: { width: 375, height: 740 }, isMobile: true });
    const { page, token } = await signedInPage(app, context);
    await post(token, '/api/v1/monthly_expenses', { monthly_expense: { name: 'Rent', amount: 1200, due_day: 1 } });
    await post(token, '/api/v1/monthly_expenses', { monthly_expense: { name: 'Car insurance premium', amount: 145.37, due_day: 17 } });
    await post(token, '/api/v1/other_expenses', { other_expense: { month: `${NEXT_YEAR}-03`, description: 'New tires', amount: 612.4 } });
    await post(token, '/api/v1/other_expenses', { other_expense: { month: `${LAST_YEAR}-06`, description: 'Dentist', amount: 150 } });
    await post(token, '/api/v1/retirement_accounts', {
      retirement_account: {
        name: 'Work 401k',
        account_type: 'traditional_401k',
        contribution_amount: 100,
        employer_match: 50,
        employer_contribution_amount: 50,
        starting_balance: 12000.1,
        expected_return_rate: 7.5,
        contribution_cycle: 'biweekly',
        next_deposit_date: `${NEXT_YEAR}-03-13`,
      },
    });
    await post(token, '/api/v1/retirement_plan', {
      retirement_plan: { retirement_date: '2050-06-01', interest_rate: 4.5, social_security_income: 1850.5, social_security_start_date: '2052-01-15', years_of_retirement: 30 },
    });
    await page.reload();

    const tabs: { tab: string; shot: string; ready: () => Promise<unknown>; value: unknown; form: string }[] = [
      { tab: 'Overview', shot: 'overview', ready: () => page.getByTestId('tile-monthly-expenses').innerText(), value: '$1,345.37', form: 'Track Expenses' },
      { tab: 'Monthly Expenses', shot: 'monthly-expenses', ready: () => rows(page, 'Monthly expenses').count(), value: 2, form: 'Add Expense' },
      { tab: 'One-Time Expenses', shot: 'other-expenses', ready: () => rows(page, 'Current expenses').count(), value: 1, form: 'Add Expense' },
      { tab: 'Retirement Accounts', shot: 'retirement-accounts', ready: () => rows(page, 'Retirement accounts').count(), value: 1, form: 'Add Retirement Account' },
      { tab: 'Retirement Plan', shot: 'retirement-plan', ready: () => page.getByTestId('plan-Expected Years of Retirement').innerText(), value: '30 years', form: 'Edit' },
    ];
    for (const { tab, shot, ready, value, form } of tabs) {
      await openTab(page, tab);
      await expect.poll(ready).toBe(value);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect({ tab, overflow }).toEqual({ tab, overflow: 0 });
      await expectNoAxeViolations(page);
      await screenshot(page, `dashboard-${shot}-phone`);
      if (tab === 'Overview') continue;
      await page.getByRole('button', { name: form, exact: true }).click();
      const box = await page.getByRole('dialog').boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
      await expectNoAxeViolations(page);
      await screenshot(page, `dashboard-${shot}-form-phone`);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await dialogClosed(page);
    }
    // The past sub-tab on a phone too.
    await openTab(page, 'One-Time Expenses');
    await page.getByRole('tab', { name: 'Past Expenses' }).click();
    await expect.poll(() => rows(page, 'Past expenses').count()).toBe(1);
    await screenshot(page, 'dashboard-other-expenses-past-phone');
    expect(page.errors).toEqual([]);
    await context.close();
  });
});
