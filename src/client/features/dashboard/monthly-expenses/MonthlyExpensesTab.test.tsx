// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test-support/render.testing.tsx';
import { MonthlyExpensesTab } from './MonthlyExpensesTab.tsx';

const PATH = '/api/v1/monthly_expenses';
const phone = { id: 1, name: 'Phone', amount: 60.01, due_day: 28 };
const rent = { id: 2, name: 'Rent', amount: 1200, due_day: 1 };
const gym = { id: 3, name: 'Gym', amount: 45.5, due_day: 15 };

const table = () => screen.getByRole('table', { name: 'Monthly expenses' });
const rowCells = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

function fillValid() {
  fill('Expense Name', 'Internet');
  fill('Amount', '79.99');
  fill('Due Day', '9');
}

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
    expect(screen.getByTestId('card-Total Monthly Expenses').textContent).toBe('$1,305.51');
    expect(screen.getByTestId('card-Average Expense').textContent).toBe('$435.17');
    expect(screen.getByTestId('card-Number of Expenses').textContent).toBe('3');
  });

  it('rounds the average half up to the cent', async () => {
    // 0.01 + 0.02 = 0.03; 3¢ / 2 = 1.5¢, rounded half up to 2¢.
    const { layer } = renderScreen(<MonthlyExpensesTab />, {
      records: {
        [PATH]: [
          { id: 1, name: 'A', amount: 0.01, due_day: 1 },
          { id: 2, name: 'B', amount: 0.02, due_day: 2 },
        ],
      },
    });
    await layer.ready;
    await waitFor(() => expect(screen.getByTestId('card-Average Expense').textContent).toBe('$0.02'));
    expect(screen.getByTestId('card-Total Monthly Expenses').textContent).toBe('$0.03');
  });

  it('shows the empty state with zero cards', async () => {
    const { layer } = renderScreen(<MonthlyExpensesTab />);
    await layer.ready;
    expect(await screen.findByText('No monthly expenses found')).toBeTruthy();
    expect(screen.getByTestId('card-Total Monthly Expenses').textContent).toBe('$0.00');
    expect(screen.getByTestId('card-Average Expense').textContent).toBe('$0.00');
    expect(screen.getByTestId('card-Number of Expenses').textContent).toBe('0');
  });

  it('shows each rule message, clears a field error on edit, and sends nothing while errors exist', async () => {
    const { server, layer } = renderScreen(<MonthlyExpensesTab />);
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Add Expense' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create Expense' }));
    expect(await screen.findByText('Expense name is required')).toBeTruthy();
    expect(screen.getByText('Amount is required')).toBeTruthy();
    expect(screen.getByText('Due day is required')).toBeTruthy();
    expect(screen.getByText('Please fix the errors above')).toBeTruthy();
    fill('Expense Name', 'Rent');
    expect(screen.queryByText('Expense name is required')).toBeNull();
    fill('Amount', '0');
    fill('Due Day', '32');
    fireEvent.click(screen.getByRole('button', { name: 'Create Expense' }));
    expect(await screen.findByText('Amount must be greater than 0')).toBeTruthy();
    expect(screen.getByText('Please enter a valid day between 1 and 31')).toBeTruthy();
    fill('Due Day', '0');
    expect(screen.queryByText('Please enter a valid day between 1 and 31')).toBeNull();
    fill('Amount', '-5');
    fireEvent.click(screen.getByRole('button', { name: 'Create Expense' }));
    expect(await screen.findByText('Amount must be greater than 0')).toBeTruthy();
    expect(screen.getByText('Please enter a valid day between 1 and 31')).toBeTruthy();
    fill('Due Day', '12.5');
    fireEvent.click(screen.getByRole('button', { name: 'Create Expense' }));
    expect(await screen.findByText('Please enter a valid day between 1 and 31')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(server.writes).toEqual([]);
  });

  it('creates with the amount in dollars parsed from text, and closes', async () => {
    const { server, layer } = renderScreen(<MonthlyExpensesTab />, { records: { [PATH]: [rent] } });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Add Expense' }));
    expect(screen.getByRole('dialog', { name: 'Add New Expense' })).toBeTruthy();
    fill('Expense Name', '  Internet  ');
    fill('Amount', '79.90');
    fill('Due Day', '9');
    fireEvent.click(screen.getByRole('button', { name: 'Create Expense' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes.map((w) => [w.method, w.path, w.body])).toEqual([['POST', PATH, { monthly_expense: { name: 'Internet', amount: 79.9, due_day: 9 } }]]);
    await waitFor(() => expect(rowCells().map((cells) => cells[0])).toEqual(['Rent', 'Internet']));
    expect(screen.getByTestId('card-Total Monthly Expenses').textContent).toBe('$1,279.90');
  });

  it('edits a prefilled expense with a PUT of every field', async () => {
    const { server, layer } = renderScreen(<MonthlyExpensesTab />, { records: { [PATH]: [gym] } });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Gym' }));
    expect(screen.getByRole('dialog', { name: 'Edit Expense' })).toBeTruthy();
    expect((screen.getByLabelText('Amount', { exact: false }) as HTMLInputElement).value).toBe('45.50');
    expect((screen.getByLabelText('Due Day', { exact: false }) as HTMLInputElement).value).toBe('15');
    fill('Due Day', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Update Expense' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes.map((w) => [w.method, w.path, w.body])).toEqual([['PUT', `${PATH}/3`, { monthly_expense: { name: 'Gym', amount: 45.5, due_day: 3 } }]]);
    await waitFor(() => expect(rowCells()[0]?.[2]).toBe('Day 3'));
  });

  it('keeps the modal open with the server message, or the default, when the save is refused', async () => {
    let message: string | null = 'Name is already used';
    const { layer } = renderScreen(<MonthlyExpensesTab />, {
      intercept: (request) => (request.method === 'POST' ? { ok: false, kind: 'http', status: 422, message, errors: null } : undefined),
    });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Add Expense' }));
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Create Expense' }));
    expect(await screen.findByText('Name is already used')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    message = null;
    fireEvent.click(screen.getByRole('button', { name: 'Create Expense' }));
    expect(await screen.findByText('Failed to create monthly expense. Please try again.')).toBeTruthy();
    expect((screen.getByLabelText('Expense Name', { exact: false }) as HTMLInputElement).value).toBe('Internet');
  });

  it('asks before deleting, deletes, and alerts when a delete fails', async () => {
    let refuse = false;
    const { server, layer } = renderScreen(<MonthlyExpensesTab />, {
      records: { [PATH]: [rent, gym] },
      intercept: (request) => (refuse && request.method === 'DELETE' ? { ok: false, kind: 'http', status: 403, message: 'Not allowed', errors: null } : undefined),
    });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Rent' }));
    expect(await screen.findByText('Are you sure you want to delete "Rent"? This action cannot be undone.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    // The dialog closes once the server has answered; a second delete waits for that.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    expect(rowCells().map((cells) => cells[0])).toEqual(['Gym']);
    expect(server.writes.map((w) => [w.method, w.path])).toEqual([['DELETE', `${PATH}/2`]]);
    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'Delete Gym' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete monthly expense. Please try again.')).toBeTruthy();
    await waitFor(() => expect(rowCells().map((cells) => cells[0])).toEqual(['Gym']));
  });

  it('offline, closes the form at once and marks the new expense pending', async () => {
    const { server, layer } = renderScreen(<MonthlyExpensesTab />, { online: false });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Add Expense' }));
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Create Expense' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = await screen.findByRole('row', { name: /Internet/ });
    expect(within(row).getByText('pending sync')).toBeTruthy();
    expect(server.writes).toEqual([]);
  });
});
