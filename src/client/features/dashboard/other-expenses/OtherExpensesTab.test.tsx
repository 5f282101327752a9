// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byLabelStart, card, confirmDelete, dialogClosed, expectKeptOpen, expectNoTexts, expectPendingRow, expectTexts, refuse, renderAndPress, renderReady, submitDialog, tableRows, writesOf } from '../../../test-support/dialog.testing.ts';
import { renderScreen } from '../../../test-support/render.testing.tsx';
import { OtherExpensesTab } from './OtherExpensesTab.tsx';

const PATH = '/api/v1/other_expenses';
// 00:00 local on 1 March 2026: the first instant of '2026-03'.
const MARCH_FIRST = new Date(2026, 2, 1, 0, 0, 0);
// 23:59 local on 28 February 2026: still '2026-02'.
const FEB_LAST = new Date(2026, 1, 28, 23, 59, 0);

const march = { id: 1, month: '2026-03', description: 'Car repair', amount: 420.1 };
const february = { id: 2, month: '2026-02', description: 'Dentist', amount: 150 };
const may = { id: 3, month: '2026-05', description: 'Wedding gift', amount: 200.25 };
const december = { id: 4, month: '2025-12', description: 'Holiday flights', amount: 980.99 };
const april = { id: 5, month: '2026-04', description: 'Taxes', amount: 0.05 };
const all = [march, february, may, december, april];

const rows = (name: string) => tableRows(name).map((cells) => cells.slice(0, 3));

const { input, fill, fillFields } = byLabelStart;

afterEach(() => vi.restoreAllMocks());

describe('OtherExpensesTab', () => {
  it('splits at the month boundary: on 1 March 00:00, March is current and February is past', async () => {
    renderScreen(<OtherExpensesTab />, { records: { [PATH]: all }, now: MARCH_FIRST });
    // Current: this month or later, ascending.
    await waitFor(() =>
      expect(rows('Current expenses')).toEqual([
        ['Car repair', '$420.10', '2026-03'],
        ['Taxes', '$0.05', '2026-04'],
        ['Wedding gift', '$200.25', '2026-05'],
      ]),
    );
    // 420.10 + 0.05 + 200.25 = 620.40; 62,040¢ / 3 = 20,680¢.
    expect(card('Total Expenses')).toBe('3');
    expect(card('Total Amount')).toBe('$620.40');
    expect(card('Average Amount')).toBe('$206.80');

    fireEvent.click(screen.getByRole('tab', { name: 'Past Expenses' }));
    // Past: earlier months, descending.
    await waitFor(() =>
      expect(rows('Past expenses')).toEqual([
        ['Dentist', '$150.00', '2026-02'],
        ['Holiday flights', '$980.99', '2025-12'],
      ]),
    );
    // 150.00 + 980.99 = 1,130.99; 113,099¢ / 2 = 56,549.5¢ → 56,550¢ (half up).
    expect(card('Total Expenses')).toBe('2');
    expect(card('Total Amount')).toBe('$1,130.99');
    expect(card('Average Amount')).toBe('$565.50');
  });

  it('on 28 February 23:59, February is still current', async () => {
    renderScreen(<OtherExpensesTab />, { records: { [PATH]: [march, february, december] }, now: FEB_LAST });
    await waitFor(() => expect(rows('Current expenses').map((cells) => cells[2])).toEqual(['2026-02', '2026-03']));
    fireEvent.click(screen.getByRole('tab', { name: 'Past Expenses' }));
    await waitFor(() => expect(rows('Past expenses').map((cells) => cells[2])).toEqual(['2025-12']));
  });

  it('shows the empty states, the past one saying expenses move there once their month has passed', async () => {
    await renderReady(<OtherExpensesTab />, { records: { [PATH]: [march] }, now: MARCH_FIRST });
    await waitFor(() => expect(rows('Current expenses')).toHaveLength(1));
    fireEvent.click(screen.getByRole('tab', { name: 'Past Expenses' }));
    await screen.findByText('No past expenses. Expenses move here once their month has passed.');
    expect(card('Total Expenses')).toBe('0');
    expect(card('Total Amount')).toBe('$0.00');
    expect(card('Average Amount')).toBe('$0.00');
  });

  it('shows the empty current tab', async () => {
    await renderReady(<OtherExpensesTab />, { records: { [PATH]: [february] }, now: MARCH_FIRST });
    await screen.findByText('No current expenses found');
    expect(card('Total Expenses')).toBe('0');
  });

  it('shows each rule message and sends nothing while errors exist', async () => {
    const { server } = await renderAndPress(<OtherExpensesTab />, 'Add Expense', { now: MARCH_FIRST });
    // A new expense starts in the clock's month.
    expect(input('Year').value).toBe('2026');
    expect(input('Month').value).toBe('3');
    fill('Year', '');
    fill('Month', '');
    submitDialog('Create Expense');
    await expectTexts('Year is required', 'Month is required', 'Description is required', 'Amount is required', 'Please fix the errors above');
    fill('Year', '1899');
    expect(screen.queryByText('Year is required')).toBeNull();
    fillFields({ Month: '13', Description: 'Couch', Amount: '0' });
    submitDialog('Create Expense');
    await expectTexts('Please enter a valid year', 'Please enter a valid month (1-12)', 'Amount must be a positive number');
    expect(screen.queryByText('Description is required')).toBeNull();
    // The year may be up to 100 past the clock's year: 2126 passes, 2127 does not.
    fillFields({ Year: '2127', Month: '0', Amount: '-3' });
    submitDialog('Create Expense');
    await expectTexts('Please enter a valid year', 'Please enter a valid month (1-12)', 'Amount must be a positive number');
    fill('Year', '2126');
    fill('Month', '12');
    submitDialog('Create Expense');
    await screen.findByText('Amount must be a positive number');
    expectNoTexts('Please enter a valid year', 'Please enter a valid month (1-12)');
    screen.getByRole('dialog');
    expect(server.writes).toEqual([]);
  });

  it('sends the month as YYYY-MM, zero-padded, from the year and month inputs', async () => {
    const { server } = await renderAndPress(<OtherExpensesTab />, 'Add Expense', { now: FEB_LAST });
    screen.getByRole('dialog', { name: 'Add One-Time Expense' });
    fillFields({ Year: '2026', Month: '3', Description: 'New tires', Amount: '612.40' });
    submitDialog('Create Expense');
    await dialogClosed();
    expect(writesOf(server)).toEqual([['POST', PATH, { other_expense: { month: '2026-03', description: 'New tires', amount: 612.4 } }]]);
    await waitFor(() => expect(rows('Current expenses')).toEqual([['New tires', '$612.40', '2026-03']]));
  });

  it('edits with the month split into year and month, and moves the expense between sub-tabs', async () => {
    const { server } = await renderAndPress(<OtherExpensesTab />, 'Edit Car repair', { records: { [PATH]: [march] }, now: MARCH_FIRST });
    screen.getByRole('dialog', { name: 'Edit One-Time Expense' });
    expect(input('Year').value).toBe('2026');
    expect(input('Month').value).toBe('3');
    expect(input('Amount').value).toBe('420.10');
    fill('Month', '1');
    submitDialog('Update Expense');
    await dialogClosed();
    expect(writesOf(server)).toEqual([['PUT', `${PATH}/1`, { other_expense: { month: '2026-01', description: 'Car repair', amount: 420.1 } }]]);
    await screen.findByText('No current expenses found');
    fireEvent.click(screen.getByRole('tab', { name: 'Past Expenses' }));
    await waitFor(() => expect(rows('Past expenses')).toEqual([['Car repair', '$420.10', '2026-01']]));
  });

  it('keeps the modal open with the server message when the save is refused', async () => {
    await renderAndPress(<OtherExpensesTab />, 'Add Expense', { now: MARCH_FIRST, intercept: refuse('POST', 'Month is locked') });
    fillFields({ Description: 'Couch', Amount: '900' });
    submitDialog('Create Expense');
    await expectKeptOpen('Month is locked');
  });

  it('asks before deleting; a refused delete is only logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { server } = await renderReady(<OtherExpensesTab />, { records: { [PATH]: [march] }, now: MARCH_FIRST, intercept: refuse('DELETE', 'Not allowed', { status: 403 }) });
    await confirmDelete('Car repair');
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to delete other expense. Please try again.'));
    await dialogClosed();
    expectNoTexts('Failed to delete other expense. Please try again.', 'Delete failed');
    // The refused delete is rolled back: the expense is listed again.
    await waitFor(() => expect(rows('Current expenses').map((cells) => cells[0])).toEqual(['Car repair']));
    expect(server.writes).toEqual([]);
  });

  it('offline, closes the form at once and marks the new expense pending', async () => {
    const { server } = await renderAndPress(<OtherExpensesTab />, 'Add Expense', { online: false, now: MARCH_FIRST });
    fillFields({ Description: 'Couch', Amount: '900' });
    submitDialog('Create Expense');
    await expectPendingRow(/Couch/);
    expect(server.writes).toEqual([]);
  });
});
