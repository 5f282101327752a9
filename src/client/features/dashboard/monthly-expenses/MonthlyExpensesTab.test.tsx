// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { card, confirmDelete, dialogClosed, dialogInput, expectKeptOpen, expectPendingRow, expectTexts, fillDialog, fillDialogFields, press, refuse, renderAndPress, renderReady, submitDialog, tableRows, writesOf } from '../../../test-support/dialog.testing.ts';
import { renderScreen } from '../../../test-support/render.testing.tsx';
import { MonthlyExpensesTab } from './MonthlyExpensesTab.tsx';

const PATH = '/api/v1/monthly_expenses';
const phone = { id: 1, name: 'Phone', amount: 60.01, due_day: 28 };
const rent = { id: 2, name: 'Rent', amount: 1200, due_day: 1 };
const gym = { id: 3, name: 'Gym', amount: 45.5, due_day: 15 };

const rowCells = () => tableRows('Monthly expenses');

const fillValid = () => fillDialogFields({ 'Expense Name': 'Internet', Amount: '79.99', 'Due Day': '9' });

describe('MonthlyExpensesTab', () => {
  it('sorts by due day, shows "Day N", and sums the cards in cents', async () => {
    renderScreen(<MonthlyExpensesTab />, { records: { [PATH]: [phone, rent, gym] } });
    await waitFor(() => expect(rowCells().map((cells) => cells[0])).toEqual(['Rent', 'Gym', 'Phone']));
    expect(rowCells().map((cells) => cells.slice(1, 3))).toEqual([
      ['$1,200.00', 'Day 1'],
      ['$45.50', 'Day 15'],
      ['$60.01', 'Day 28'],
    ]);
    // 1,200.00 + 45.50 + 60.01 = 1,305.51; 130,551¢ / 3 = 43,517¢.
    expect(card('Total Monthly Expenses')).toBe('$1,305.51');
    expect(card('Average Expense')).toBe('$435.17');
    expect(card('Number of Expenses')).toBe('3');
  });

  it('shows when an expense ends, as the plan uses it', async () => {
    renderScreen(<MonthlyExpensesTab />, { records: { [PATH]: [rent, { ...gym, name: 'Daycare', end_month: '2030-08' }] } });
    await waitFor(() => expect(rowCells().map((cells) => [cells[0], cells[3]])).toEqual([
      ['Rent', 'Ongoing'],
      ['Daycare', '2030-08'],
    ]));
  });

  it('rounds the average half up to the cent', async () => {
    // 0.01 + 0.02 = 0.03; 3¢ / 2 = 1.5¢, rounded half up to 2¢.
    await renderReady(<MonthlyExpensesTab />, {
      records: {
        [PATH]: [
          { id: 1, name: 'A', amount: 0.01, due_day: 1 },
          { id: 2, name: 'B', amount: 0.02, due_day: 2 },
        ],
      },
    });
    await waitFor(() => expect(card('Average Expense')).toBe('$0.02'));
    expect(card('Total Monthly Expenses')).toBe('$0.03');
  });

  it('shows the empty state with zero cards', async () => {
    await renderReady(<MonthlyExpensesTab />);
    await screen.findByText('No monthly expenses found');
    expect(card('Total Monthly Expenses')).toBe('$0.00');
    expect(card('Average Expense')).toBe('$0.00');
    expect(card('Number of Expenses')).toBe('0');
  });

  it('shows each rule message, clears a field error on edit, and sends nothing while errors exist', async () => {
    const { server } = await renderAndPress(<MonthlyExpensesTab />, 'Add Expense');
    await press('Create Expense');
    await expectTexts('Expense name is required', 'Amount is required', 'Due day is required', 'Please fix the errors above');
    fillDialog('Expense Name', 'Rent');
    expect(screen.queryByText('Expense name is required')).toBeNull();
    fillDialog('Amount', '0');
    fillDialog('Due Day', '32');
    submitDialog('Create Expense');
    await expectTexts('Amount must be greater than 0', 'Please enter a valid day between 1 and 31');
    fillDialog('Due Day', '0');
    expect(screen.queryByText('Please enter a valid day between 1 and 31')).toBeNull();
    fillDialog('Amount', '-5');
    submitDialog('Create Expense');
    await expectTexts('Amount must be greater than 0', 'Please enter a valid day between 1 and 31');
    fillDialog('Due Day', '12.5');
    submitDialog('Create Expense');
    await expectKeptOpen('Please enter a valid day between 1 and 31');
    expect(server.writes).toEqual([]);
  });

  it('creates with the amount in dollars parsed from text, and closes', async () => {
    const { server } = await renderAndPress(<MonthlyExpensesTab />, 'Add Expense', { records: { [PATH]: [rent] } });
    screen.getByRole('dialog', { name: 'Add New Expense' });
    fillDialogFields({ 'Expense Name': '  Internet  ', Amount: '79.90', 'Due Day': '9' });
    submitDialog('Create Expense');
    await dialogClosed();
    expect(writesOf(server)).toEqual([['POST', PATH, { monthly_expense: { name: 'Internet', amount: 79.9, due_day: 9, end_month: null } }]]);
    await waitFor(() => expect(rowCells().map((cells) => cells[0])).toEqual(['Rent', 'Internet']));
    expect(card('Total Monthly Expenses')).toBe('$1,279.90');
  });

  it('edits a prefilled expense with a PUT of every field', async () => {
    const { server } = await renderAndPress(<MonthlyExpensesTab />, 'Edit Gym', { records: { [PATH]: [gym] } });
    screen.getByRole('dialog', { name: 'Edit Expense' });
    expect(dialogInput('Amount').value).toBe('45.50');
    expect(dialogInput('Due Day').value).toBe('15');
    fillDialog('Due Day', '3');
    submitDialog('Update Expense');
    await dialogClosed();
    expect(writesOf(server)).toEqual([['PUT', `${PATH}/3`, { monthly_expense: { name: 'Gym', amount: 45.5, due_day: 3, end_month: null } }]]);
    await waitFor(() => expect(rowCells()[0]?.[2]).toBe('Day 3'));
  });

  it('keeps the modal open with the server message, or the default, when the save is refused', async () => {
    let message: string | null = 'Name is already used';
    await renderAndPress(<MonthlyExpensesTab />, 'Add Expense', { intercept: (request) => refuse('POST', message)(request) });
    fillValid();
    submitDialog('Create Expense');
    await expectKeptOpen('Name is already used');
    message = null;
    submitDialog('Create Expense');
    await screen.findByText('Failed to create monthly expense. Please try again.');
    expect(dialogInput('Expense Name').value).toBe('Internet');
  });

  it('asks before deleting, deletes, and alerts when a delete fails', async () => {
    let refusing = false;
    const { server } = await renderReady(<MonthlyExpensesTab />, {
      records: { [PATH]: [rent, gym] },
      intercept: (request) => (refusing ? refuse('DELETE', 'Not allowed', { status: 403 })(request) : undefined),
    });
    await confirmDelete('Rent');
    // The dialog closes once the server has answered; a second delete waits for that.
    await dialogClosed();
    expect(rowCells().map((cells) => cells[0])).toEqual(['Gym']);
    expect(server.writes.map((w) => [w.method, w.path])).toEqual([['DELETE', `${PATH}/2`]]);
    refusing = true;
    fireEvent.click(screen.getByRole('button', { name: 'Delete Gym' }));
    await press('Delete');
    await screen.findByText('Failed to delete monthly expense. Please try again.');
    await waitFor(() => expect(rowCells().map((cells) => cells[0])).toEqual(['Gym']));
  });

  it('offline, closes the form at once and marks the new expense pending', async () => {
    const { server } = await renderAndPress(<MonthlyExpensesTab />, 'Add Expense', { online: false });
    fillValid();
    submitDialog('Create Expense');
    await expectPendingRow(/Internet/);
    expect(server.writes).toEqual([]);
  });
});
