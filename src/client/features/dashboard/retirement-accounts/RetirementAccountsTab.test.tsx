// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { byLabelStart, card, confirmDelete, dialogClosed, expectKeptOpen, expectPendingRow, expectTexts, press, refuse, renderAndPress, renderReady, submitDialog, tableRows, writesOf } from '../../../test-support/dialog.testing.ts';
import { renderScreen } from '../../../test-support/render.testing.tsx';
import { contributionRow, retirementRow, serveMonths } from '../../../test-support/month-fixtures.testing.ts';
import { NOV_15 } from '../month-tables.testing.ts';
import { EMPLOYER_MATCH_HINT, TAXABLE_NOTE } from './RetirementAccountForm.tsx';
import { RetirementAccountsTab, retirementRateNote, TOTAL_VALUE_NOTE } from './RetirementAccountsTab.tsx';

const PATH = '/api/v1/retirement_accounts';
const base = { employer_match: 50, starting_balance: 1000, expected_return_rate: 7, next_deposit_date: '2026-03-13' };
// Monthly equivalents, each rounded half up to the cent:
//   biweekly 100 → 100 × 26 / 12 = 216.666… → 216.67; employer 50 → 108.333… → 108.33; combined 325.00
const work = { ...base, id: 1, name: 'Work 401k', account_type: 'traditional_401k', contribution_amount: 100, employer_contribution_amount: 50, contribution_cycle: 'biweekly' };
//   monthly 500 → 500.00; employer 0; combined 500.00
const roth = { ...base, id: 2, name: 'Roth IRA', account_type: 'roth_ira', contribution_amount: 500, employer_contribution_amount: 0, employer_match: 0, contribution_cycle: 'monthly' };
//   weekly 25 → 25 × 52 / 12 = 108.333… → 108.33; employer 10 → 43.333… → 43.33; combined 151.66
const side = { ...base, id: 3, name: 'Side Roth 401k', account_type: 'roth_401k', contribution_amount: 25, employer_contribution_amount: 10, contribution_cycle: 'weekly' };
//   semimonthly 150 → 300.00; employer 75 → 150.00; combined 450.00
const old = {
  ...base,
  id: 4,
  name: 'Old IRA',
  account_type: 'traditional_ira',
  contribution_amount: 150,
  employer_contribution_amount: 75,
  contribution_cycle: 'semimonthly',
  next_deposit_date: '2026-04-01T00:00:00.000Z',
};

const rowCells = () => tableRows('Retirement accounts');

// By the start of the label: 'Contribution Amount' is also inside 'Employer Contribution Amount'.
const { input, fill, fillFields } = byLabelStart;

const fillValid = () =>
  fillFields({
    'Account Name': 'Work 401k',
    'Account Type': 'traditional_401k',
    'Contribution Amount': '100',
    'Contribution Cycle': 'biweekly',
    'Employer Match': '50',
    'Employer Contribution Amount': '50.25',
    'Starting Balance': '12000.10',
    'Expected Return Rate': '7.5',
    'Next Deposit Date': '2026-03-13',
  });

describe('RetirementAccountsTab', () => {
  it('sorts by combined monthly contribution, largest first, with readable labels', async () => {
    renderScreen(<RetirementAccountsTab />, { records: { [PATH]: [work, roth, side, old] } });
    await waitFor(() => expect(rowCells().map((cells) => cells[0])).toEqual(['Roth IRA', 'Old IRA', 'Work 401k', 'Side Roth 401k']));
    expect(rowCells()[1]).toEqual(['Old IRA', 'Traditional IRA', '$150.00', '$75.0050% match', 'Semimonthly', '$1,000.00', '7%', '2026-04-01', 'EditDelete']);
    expect(rowCells().map((cells) => [cells[1], cells[4]])).toEqual([
      ['Roth IRA', 'Monthly'],
      ['Traditional IRA', 'Semimonthly'],
      ['Traditional 401(k)', 'Biweekly'],
      ['Roth 401(k)', 'Weekly'],
    ]);
  });

  it('sums monthly equivalents in cents on the cards', async () => {
    await renderReady(<RetirementAccountsTab />, { records: { [PATH]: [work, roth, side, old] } });
    // Employee: 216.67 + 500.00 + 108.33 + 300.00 = 1,125.00
    await waitFor(() => expect(card('Total Contributions')).toBe('$1,125.00'));
    // Employer: 108.33 + 0 + 43.33 + 150.00 = 301.66
    expect(card('Employer Contributions')).toBe('$301.66');
    // Total: contributions plus employer contributions = 1,426.66
    expect(card('Total Retirement Value')).toBe('$1,426.66');
    // A month's contributions, and the card says so.
    screen.getByText(TOTAL_VALUE_NOTE);
  });

  it('a single biweekly 100 contribution is 216.67 a month', async () => {
    await renderReady(<RetirementAccountsTab />, { records: { [PATH]: [{ ...work, employer_contribution_amount: 0 }] } });
    await waitFor(() => expect(card('Total Contributions')).toBe('$216.67'));
    expect(card('Employer Contributions')).toBe('$0.00');
    expect(card('Total Retirement Value')).toBe('$216.67');
  });

  it('shows the empty state with zero cards', async () => {
    await renderReady(<RetirementAccountsTab />);
    await screen.findByText('No retirement accounts found');
    expect(card('Total Retirement Value')).toBe('$0.00');
  });

  it('shows each rule message and sends nothing while errors exist', async () => {
    const { server } = await renderAndPress(<RetirementAccountsTab />, 'Add Retirement Account');
    submitDialog('Create Account');
    await screen.findByText('Account name is required');
    for (const message of [
      'Account type is required',
      'Contribution amount is required',
      'Employer match is required',
      'Employer contribution amount is required',
      'Starting balance is required',
      'Expected return rate is required',
      'Contribution cycle is required',
      'Next deposit date is required',
      'Please fix the errors above',
    ]) {
      screen.getByText(message);
    }
    fillFields({ 'Account Name': 'IRA', 'Account Type': 'roth_ira', 'Contribution Cycle': 'monthly', 'Next Deposit Date': '2026-05-01' });
    for (const gone of ['Account name is required', 'Account type is required', 'Contribution cycle is required', 'Next deposit date is required']) {
      expect(screen.queryByText(gone)).toBeNull();
    }
    fillFields({ 'Contribution Amount': '-1', 'Employer Match': '100.01', 'Employer Contribution Amount': '-0.01', 'Starting Balance': '-5', 'Expected Return Rate': '50.5' });
    submitDialog('Create Account');
    await expectTexts('Contribution amount cannot be negative', 'Employer match must be between 0 and 100', 'Employer contribution amount cannot be negative', 'Starting balance cannot be negative', 'Expected return rate must be between 0 and 50');
    fillFields({ 'Employer Match': '-1', 'Expected Return Rate': '-0.5' });
    submitDialog('Create Account');
    await expectTexts('Employer match must be between 0 and 100', 'Expected return rate must be between 0 and 50');
    screen.getByRole('dialog');
    expect(server.writes).toEqual([]);
  });

  it('creates with every field, money in dollars, and lists the account', async () => {
    const { server } = await renderAndPress(<RetirementAccountsTab />, 'Add Retirement Account');
    screen.getByRole('dialog', { name: 'Add New Retirement Account' });
    fillValid();
    submitDialog('Create Account');
    await dialogClosed();
    expect(writesOf(server)).toEqual([
      ['POST', PATH, { retirement_account: { name: 'Work 401k', account_type: 'traditional_401k', contribution_amount: 100, employer_match: 50, employer_contribution_amount: 50.25, starting_balance: 12000.1, expected_return_rate: 7.5, contribution_cycle: 'biweekly', next_deposit_date: '2026-03-13', payroll_deducted: true } }],
    ]);
    await waitFor(() => expect(rowCells().map((cells) => cells[0])).toEqual(['Work 401k']));
    // 50.25 biweekly → 5,025 × 26 / 12 = 10,887.5¢ → 10,888¢ (half up).
    expect(card('Employer Contributions')).toBe('$108.88');
  });

  it('edits a prefilled account with a PUT of every field', async () => {
    const { server } = await renderAndPress(<RetirementAccountsTab />, 'Edit Old IRA', { records: { [PATH]: [old] } });
    screen.getByRole('dialog', { name: 'Edit Retirement Account' });
    expect(input('Account Type').value).toBe('traditional_ira');
    expect(input('Contribution Cycle').value).toBe('semimonthly');
    expect(input('Starting Balance').value).toBe('1000.00');
    // An ISO timestamp is shown by its date part.
    expect(input('Next Deposit Date').value).toBe('2026-04-01');
    fill('Contribution Cycle', 'monthly');
    submitDialog('Update Account');
    await dialogClosed();
    expect(writesOf(server)).toEqual([
      ['PUT', `${PATH}/4`, { retirement_account: { name: 'Old IRA', account_type: 'traditional_ira', contribution_amount: 150, employer_match: 50, employer_contribution_amount: 75, starting_balance: 1000, expected_return_rate: 7, contribution_cycle: 'monthly', next_deposit_date: '2026-04-01', payroll_deducted: false } }],
    ]);
    await waitFor(() => expect(card('Total Retirement Value')).toBe('$225.00'));
  });

  it('checks "Deducted from my paycheck" for a new 401(k) only, and sends what the user chose', async () => {
    const { server } = await renderAndPress(<RetirementAccountsTab />, 'Add Retirement Account');
    const box = () => screen.getByRole('checkbox', { name: 'Deducted from my paycheck' }) as HTMLInputElement;
    fillValid();
    expect(box().checked).toBe(true);
    fill('Account Type', 'roth_ira');
    expect(box().checked).toBe(false);
    fill('Account Type', 'roth_401k');
    expect(box().checked).toBe(true);
    box().click();
    expect(box().checked).toBe(false);
    submitDialog('Create Account');
    await dialogClosed();
    expect(writesOf(server)[0]?.[2]).toMatchObject({ retirement_account: { account_type: 'roth_401k', payroll_deducted: false } });
  });

  it('keeps a stored account\'s choice when it is edited', async () => {
    const { server } = await renderAndPress(<RetirementAccountsTab />, 'Edit Work 401k', { records: { [PATH]: [{ ...work, payroll_deducted: true }] } });
    expect((screen.getByRole('checkbox', { name: 'Deducted from my paycheck' }) as HTMLInputElement).checked).toBe(true);
    submitDialog('Update Account');
    await dialogClosed();
    expect(writesOf(server)[0]?.[2]).toMatchObject({ retirement_account: { payroll_deducted: true } });
  });

  it('warns when a contribution passes the IRS limit, and still saves', async () => {
    // Born 1985 (the session's). 1,000.00 biweekly from Friday 2026-03-13: 2026 holds 21 deposits
    // (Mar 13 … Dec 25), 21,000.00, under the limit; 2027 holds 27 (Jan 1 … Dec 31), 27,000.00,
    // over the 401(k) employee limit of 24,500.00 at 42. The stored Roth IRA adds nothing to it.
    const now = new Date('2026-11-24T12:00:00');
    const { server } = await renderAndPress(<RetirementAccountsTab />, 'Add Retirement Account', { records: { [PATH]: [roth] }, now });
    fillValid();
    expect(screen.queryByTestId('limit-warnings')).toBeNull();
    fill('Contribution Amount', '1000');
    const alert = await screen.findByTestId('limit-warnings');
    expect(alert.textContent).toContain('From 2027 (age 42): $27,000.00 a year to Work 401k is over the 401(k) employee contribution limit of $24,500.00.');
    submitDialog('Create Account');
    await dialogClosed();
    expect(writesOf(server)).toHaveLength(1);
  });

  it('says under the table that every account earns the plan\'s rate from retirement on', async () => {
    const plan = { id: 1, retirement_date: '2047-07-01', interest_rate: 5, social_security_income: 2100, social_security_start_date: '2050-01-01', years_of_retirement: 30 };
    await renderReady(<RetirementAccountsTab />, { records: { [PATH]: [work] }, singles: { '/api/v1/retirement_plan': plan } });
    expect((await screen.findByTestId('retirement-rate-note')).textContent).toBe(
      "From your retirement (2047-07) every account earns your retirement plan's 5% a year (Expected Interest Rate on Savings) in place of its Expected Return.",
    );
    expect(retirementRateNote(null)).toBeNull();
  });

  it('lists the limit warnings of the stored accounts under the table', async () => {
    // Work 401k at 1,000.00 biweekly and Side Roth 401k at 25.00 weekly, both from Friday
    // 2026-03-13: in 2026, 21 + 42 deposits make 21,000.00 + 1,050.00 = 22,050.00, under 24,500.00;
    // in 2027 (age 42), 27 + 53 deposits (Jan 1 … Dec 31) make 27,000.00 + 1,325.00 = 28,325.00,
    // over it. The Roth IRA's 12 × 500.00 = 6,000.00 is within 7,500.00.
    await renderReady(<RetirementAccountsTab />, { records: { [PATH]: [{ ...work, contribution_amount: 1000 }, side, roth] }, now: new Date('2026-11-24T12:00:00') });
    const alert = await screen.findByTestId('limit-warnings');
    expect(alert.textContent).toContain('From 2027 (age 42): $28,325.00 a year to Work 401k and Side Roth 401k is over the 401(k) employee contribution limit of $24,500.00.');
    expect(alert.textContent).not.toContain('IRA contribution limit');
  });

  it('a taxable account hides the employer fields and the paycheck box, says what it is, and sends them as 0 and false', async () => {
    const { server } = await renderAndPress(<RetirementAccountsTab />, 'Add Retirement Account');
    // Typed while it was a 401(k): employer money and the box checked. The match is for the records only.
    screen.getByText(EMPLOYER_MATCH_HINT);
    fillValid();
    fill('Account Type', 'taxable');
    expect(screen.queryByLabelText(/^Employer Match/)).toBeNull();
    expect(screen.queryByLabelText(/^Employer Contribution Amount/)).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Deducted from my paycheck' })).toBeNull();
    expect(screen.getByTestId('taxable-note').textContent).toBe(TAXABLE_NOTE);
    fill('Account Name', 'Brokerage');
    submitDialog('Create Account');
    await dialogClosed();
    expect(writesOf(server)).toEqual([
      ['POST', PATH, { retirement_account: { name: 'Brokerage', account_type: 'taxable', contribution_amount: 100, employer_match: 0, employer_contribution_amount: 0, starting_balance: 12000.1, expected_return_rate: 7.5, contribution_cycle: 'biweekly', next_deposit_date: '2026-03-13', payroll_deducted: false } }],
    ]);
    await waitFor(() => expect(rowCells()[0]?.slice(0, 4)).toEqual(['Brokerage', 'Taxable (brokerage)', '$100.00', 'None']));
    // No employer money on the cards either.
    expect(card('Employer Contributions')).toBe('$0.00');
  });

  it('brings the employer fields back, as typed, when the type changes from taxable', async () => {
    await renderAndPress(<RetirementAccountsTab />, 'Add Retirement Account');
    fillValid();
    fill('Account Type', 'taxable');
    fill('Account Type', 'traditional_401k');
    expect(input('Employer Match').value).toBe('50');
    expect((screen.getByRole('checkbox', { name: 'Deducted from my paycheck' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('taxable-note')).toBeNull();
  });

  it('never warns about a taxable account, however much goes in', async () => {
    // 2,000.00 monthly = 24,000.00 a year: over the IRA limit (7,500.00) and, were it a 401(k), near
    // the deferral one; a brokerage account has no limit. The Roth IRA's 6,000.00 is within its own.
    const brokerage = { ...roth, id: 9, name: 'Brokerage', account_type: 'taxable', contribution_amount: 2000 };
    await renderReady(<RetirementAccountsTab />, { records: { [PATH]: [brokerage, roth] }, now: new Date('2026-11-24T12:00:00') });
    await waitFor(() => expect(rowCells().map((cells) => cells[0])).toEqual(['Brokerage', 'Roth IRA']));
    expect(screen.queryByTestId('limit-warnings')).toBeNull();
    // The same amount to an IRA is warned about: the check is live, not silent.
    await press('Edit Brokerage');
    fill('Account Type', 'traditional_ira');
    expect((await screen.findByTestId('limit-warnings')).textContent).toContain('is over the IRA contribution limit of $7,500.00');
  });

  it('keeps the modal open with the server message when the save is refused', async () => {
    await renderAndPress(<RetirementAccountsTab />, 'Add Retirement Account', { intercept: refuse('POST', 'Too many accounts') });
    fillValid();
    submitDialog('Create Account');
    await expectKeptOpen('Too many accounts');
    expect(input('Account Name').value).toBe('Work 401k');
  });

  it('asks before deleting and alerts when the delete fails', async () => {
    await renderReady(<RetirementAccountsTab />, { records: { [PATH]: [work] }, intercept: refuse('DELETE', 'Not allowed', { status: 403 }) });
    await confirmDelete('Work 401k');
    await screen.findByText('Failed to delete retirement account. Please try again.', {});
    await waitFor(() => expect(rowCells().map((cells) => cells[0])).toEqual(['Work 401k']));
  });

  it('offline, closes the form at once and marks the new account pending', async () => {
    const { server } = await renderAndPress(<RetirementAccountsTab />, 'Add Retirement Account', { online: false });
    fillValid();
    submitDialog('Create Account');
    await expectPendingRow(/Work 401k/);
    expect(server.writes).toEqual([]);
  });
});

describe('RetirementAccountsTab for a subscriber: the truth of today', () => {
  // Work 401k (id 1): the user's actual 12,345.67 in 2026-11. Roth IRA (id 2): no row (added since
  // the tables were made). Old IRA (id 4): retired, its 2026-11 row in the retirement table, 8,000.10.
  const CONTRIBUTION = {
    retirement_accounts: [
      { id: 1, name: 'Work 401k', contribution_months: [contributionRow(1, '2026-10', { balance: 11000, display_balance: 11000 }), contributionRow(1, '2026-11', { balance: 12000, display_balance: 12345.67, input_end_balance: 12345.67 })] },
      { id: 4, name: 'Old IRA', contribution_months: [] },
    ],
    total: [],
  };
  const RETIREMENT = {
    retirement_accounts: [
      { id: 1, name: 'Work 401k', retirement_months: [] },
      { id: 4, name: 'Old IRA', retirement_months: [retirementRow(4, '2026-11', { balance: 8000.1, display_balance: 8000.1 })] },
    ],
    total: [],
  };
  const cardLines = (label: string) => within(screen.getByRole('group', { name: label })).getAllByText(/./).map((line) => line.textContent);
  const balanceOf = (name: string) => {
    const header = screen.getAllByRole('columnheader').findIndex((cell) => cell.textContent === 'Balance');
    return rowCells().find((cells) => cells[0] === name)?.[header];
  };

  it("shows this month's balance of each account and their total, saying what each is", async () => {
    renderScreen(<RetirementAccountsTab />, { subscribed: true, now: NOV_15, records: { [PATH]: [work, roth, old] }, intercept: serveMonths({ contributionMonths: CONTRIBUTION, retirementMonths: RETIREMENT }) });
    // The two month tables land one after the other: wait until the screen shows both.
    await waitFor(() => {
      expect(balanceOf('Work 401k')).toBe('$12,345.67actual as of 2026-11');
      expect(balanceOf('Old IRA')).toBe('$8,000.10projected for 2026-11');
      // 12,345.67 + 8,000.10 + 1,000.00 = 21,345.77
      expect(cardLines('Total Balance')).toEqual(['Total Balance', '$21,345.77', 'actual + projected, 2026-11; 1 at starting balance']);
    });
    expect(balanceOf('Roth IRA')).toBe('$1,000.00starting balance');
    expect(screen.queryByRole('columnheader', { name: 'Starting Balance' })).toBeNull();
    // The contribution cards are as before: 325.00 + 500.00 + 450.00.
    expect(card('Total Retirement Value')).toBe('$1,275.00');
  });

  it('keeps the starting balances, and no Total Balance card, when the month tables could not be fetched', async () => {
    await renderReady(<RetirementAccountsTab />, { subscribed: true, now: NOV_15, records: { [PATH]: [work] } });
    await waitFor(() => expect(rowCells()[0]?.[5]).toBe('$1,000.00'));
    screen.getByRole('columnheader', { name: 'Starting Balance' });
    expect(screen.queryByRole('group', { name: 'Total Balance' })).toBeNull();
  });
});
