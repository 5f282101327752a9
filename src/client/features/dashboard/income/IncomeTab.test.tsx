// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { card, confirmDelete, dialog, dialogClosed, dialogInput, expectCloseBlocked, expectKeptOpen, expectPendingRow, expectTexts, fillDialog, fillDialogFields, press, refuse, renderAndPress, renderReady, submitDialog, submitHeld, tableRows, writesOf } from '../../../test-support/dialog.testing.ts';
import { renderScreen } from '../../../test-support/render.testing.tsx';
import { consulting, rental, salary, sideGig } from '../../../test-support/income-fixtures.testing.ts';
import { IncomeTab } from './IncomeTab.tsx';

const INCOMES = '/api/v1/incomes';

const rowTexts = () => tableRows('Income sources').map((cells) => cells.slice(0, 4));

const fillValid = () => fillDialogFields({ Name: 'Salary', 'Pay Cycle': 'biweekly', 'Next Pay Date': '2026-03-06', 'Gross Pay': '2000.50', 'Net Pay': '1500.25' });

afterEach(() => vi.restoreAllMocks());

describe('IncomeTab', () => {
  it('sorts by monthly-equivalent gross and sums the cards as monthly equivalents', async () => {
    renderScreen(<IncomeTab />, { records: { [INCOMES]: [salary, rental, sideGig, consulting] } });
    // Monthly gross (see fixtures.ts): Side gig 4,766.67 > Rental 4,500.00 > Salary 4,333.33 > Consulting 4,201.00.
    await waitFor(() =>
      expect(rowTexts()).toEqual([
        ['Side gig', 'Weekly', '$1,100.00', '$900.00'],
        ['Rental', 'Monthly', '$4,500.00', '$4,000.00'],
        ['Salary', 'Biweekly', '$2,000.00', '$1,500.00'],
        ['Consulting', 'Semimonthly', '$2,100.50', '$1,700.25'],
      ]),
    );
    // 4,766.67 + 4,500.00 + 4,333.33 + 4,201.00 and 3,900.00 + 4,000.00 + 3,250.00 + 3,400.50.
    expect(card('Total Gross Income')).toBe('$17,801.00');
    expect(card('Total Net Income')).toBe('$14,550.50');
    expect(card('Total Taxes and Deductions')).toBe('$3,250.50');
    within(screen.getByRole('group', { name: 'Total Gross Income' })).getByText('per month');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Pay Cycle', 'Gross Pay', 'Net Pay', 'Ends', 'Actions']);
  });

  it('shows when an income ends, as the plan uses it', async () => {
    renderScreen(<IncomeTab />, { records: { [INCOMES]: [{ ...salary, end_month: '2030-08' }, rental] } });
    await waitFor(() => screen.getByRole('cell', { name: '2030-08' }));
    screen.getByRole('cell', { name: 'Ongoing' });
  });

  it('shows one biweekly income as 26/12 of its pay', async () => {
    renderScreen(<IncomeTab />, { records: { [INCOMES]: [salary] } });
    // 2,000 × 26 / 12 = 4,333.33; 1,500 × 26 / 12 = 3,250.00; 4,333.33 − 3,250.00 = 1,083.33.
    await waitFor(() => expect(card('Total Gross Income')).toBe('$4,333.33'));
    expect(card('Total Net Income')).toBe('$3,250.00');
    expect(card('Total Taxes and Deductions')).toBe('$1,083.33');
  });

  it('shows the empty state and zero cards', async () => {
    await renderReady(<IncomeTab />);
    await screen.findByText('No income sources found');
    expect(card('Total Gross Income')).toBe('$0.00');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the load error instead of the empty state', async () => {
    await renderReady(<IncomeTab />, { intercept: refuse('GET', null, { status: 403, path: INCOMES }) });
    await screen.findByText('Failed to fetch incomes');
    expect(screen.queryByText('No income sources found')).toBeNull();
  });

  it('shows each rule message, clears a field’s error on edit, and sends nothing while errors exist', async () => {
    const { server } = await renderAndPress(<IncomeTab />, 'Add Income');
    within(dialog()).getByRole('heading', { name: 'Add New Income' });
    submitDialog('Create Income');
    await expectTexts('Income source name is required', 'Pay cycle is required', 'Next pay date is required', 'Gross pay is required', 'Net pay is required', 'Please fix the errors above');

    fillDialog('Name', 'Salary');
    expect(screen.queryByText('Income source name is required')).toBeNull();
    screen.getByText('Pay cycle is required');

    fillDialog('Gross Pay', '0');
    fillDialog('Net Pay', '-1');
    submitDialog('Create Income');
    await expectTexts('Gross pay must be greater than 0', 'Net pay must be greater than 0');

    fillDialogFields({ 'Pay Cycle': 'monthly', 'Next Pay Date': '2026-03-01', 'Gross Pay': '1000', 'Net Pay': '1000.01' });
    submitDialog('Create Income');
    await screen.findByText('Net pay cannot exceed gross pay');
    expect(screen.queryByText('Pay cycle is required')).toBeNull();
    expect(server.writes).toEqual([]);
  });

  it('offers the four pay cycles with readable labels', async () => {
    await renderAndPress(<IncomeTab />, 'Add Income');
    expect(within(dialogInput('Pay Cycle')).getAllByRole('option').map((o) => [(o as HTMLOptionElement).value, o.textContent])).toEqual([
      ['', 'Select a pay cycle'],
      ['weekly', 'Weekly'],
      ['biweekly', 'Biweekly (every 2 weeks)'],
      ['semimonthly', 'Semimonthly (twice a month)'],
      ['monthly', 'Monthly'],
    ]);
  });

  it('creates an income with money in dollars, blocks closing while it is sent, and closes', async () => {
    const { server } = await renderAndPress(<IncomeTab />, 'Add Income');
    fillValid();
    const release = await submitHeld(server, 'Create Income', 'Creating...');
    expectCloseBlocked({ escape: true });
    release();
    await dialogClosed();
    expect(writesOf(server)).toEqual([
      ['POST', INCOMES, { income: { name: 'Salary', pay_cycle: 'biweekly', next_pay_date: '2026-03-06', gross_pay: 2000.5, net_pay: 1500.25, end_month: null } }],
    ]);
    await waitFor(() => expect(rowTexts()).toEqual([['Salary', 'Biweekly', '$2,000.50', '$1,500.25']]));
  });

  it('edits an income with its values filled in and sends the update', async () => {
    const { server } = await renderAndPress(<IncomeTab />, 'Edit Salary', { records: { [INCOMES]: [salary] } });
    within(dialog()).getByRole('heading', { name: 'Edit Income' });
    expect(dialogInput('Gross Pay').value).toBe('2000.00');
    expect(dialogInput('Pay Cycle').value).toBe('biweekly');
    expect(dialogInput('Next Pay Date').value).toBe('2026-03-06');
    fillDialog('Pay Cycle', 'semimonthly');
    fillDialog('Net Pay', '1450');
    submitDialog('Update Income');
    await dialogClosed();
    expect(writesOf(server)).toEqual([
      ['PUT', `${INCOMES}/1`, { income: { name: 'Salary', pay_cycle: 'semimonthly', next_pay_date: '2026-03-06', gross_pay: 2000, net_pay: 1450, end_month: null } }],
    ]);
    // 2,000 × 2 = 4,000.00 a month now.
    await waitFor(() => expect(card('Total Gross Income')).toBe('$4,000.00'));
  });

  it('keeps the modal open with the server message when the create is refused', async () => {
    await renderAndPress(<IncomeTab />, 'Add Income', { intercept: refuse('POST', 'Income limit reached') });
    fillValid();
    submitDialog('Create Income');
    await expectKeptOpen('Income limit reached');
    expect(dialogInput('Name').value).toBe('Salary');
  });

  it('falls back to the default wording when a refusal has no message', async () => {
    await renderAndPress(<IncomeTab />, 'Add Income', { records: { [INCOMES]: [salary] }, intercept: refuse(['POST', 'PUT'], null) });
    fillValid();
    submitDialog('Create Income');
    await screen.findByText('Failed to create income. Please try again.');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await dialogClosed();
    await press('Edit Salary');
    submitDialog('Update Income');
    await expectKeptOpen('Failed to update income. Please try again.');
  });

  it('asks before deleting, then deletes', async () => {
    const { server } = await renderReady(<IncomeTab />, { records: { [INCOMES]: [salary, rental] } });
    await confirmDelete('Salary');
    // The dialog closes once the server has answered.
    await dialogClosed();
    expect(rowTexts().map((row) => row[0])).toEqual(['Rental']);
    expect(server.writes.map((w) => [w.method, w.path])).toEqual([['DELETE', `${INCOMES}/1`]]);
  });

  it('only logs a refused delete', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderAndPress(<IncomeTab />, 'Delete Salary', { records: { [INCOMES]: [salary] }, intercept: refuse('DELETE', 'Not allowed', { status: 403 }) });
    await press('Delete');
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to delete income. Please try again.'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Failed to delete income. Please try again.')).toBeNull();
    // The refused delete is rolled back: the income is still listed.
    await waitFor(() => expect(rowTexts().map((row) => row[0])).toEqual(['Salary']));
  });

  it('offline, closes the form at once and marks the new income pending', async () => {
    const { server } = await renderAndPress(<IncomeTab />, 'Add Income', { online: false });
    fillValid();
    submitDialog('Create Income');
    await expectPendingRow(/Salary/);
    expect(server.writes).toEqual([]);
  });
});
