// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestServer } from '../../../data/test-server.testing.ts';
import { renderScreen } from '../../../test-support/render.testing.tsx';
import { consulting, rental, salary, sideGig } from './fixtures.testing.ts';
import { IncomeTab } from './IncomeTab.tsx';

const rowTexts = () =>
  within(screen.getByRole('table', { name: 'Income sources' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').slice(0, 4).map((cell) => cell.textContent));

function fill(label: string, value: string) {
  fireEvent.change(within(screen.getByRole('dialog')).getByLabelText(label, { exact: false }), { target: { value } });
}

const submit = (name: string) => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name }));

function fillValid() {
  fill('Name', 'Salary');
  fill('Pay Cycle', 'biweekly');
  fill('Next Pay Date', '2026-03-06');
  fill('Gross Pay', '2000.50');
  fill('Net Pay', '1500.25');
}

/** Holds every write until the returned function is called, so the submitting state can be seen. */
function holdWrites(server: TestServer): () => void {
  const send = server.transport.request.bind(server.transport);
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.transport.request = async (request) => {
    if (request.method !== 'GET') await gate;
    return send(request);
  };
  return () => release();
}

afterEach(() => vi.restoreAllMocks());

describe('IncomeTab', () => {
  it('sorts by monthly-equivalent gross and sums the cards as monthly equivalents', async () => {
    renderScreen(<IncomeTab />, { records: { '/api/v1/incomes': [salary, rental, sideGig, consulting] } });
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
    expect(screen.getByTestId('card-Total Gross Income').textContent).toBe('$17,801.00');
    expect(screen.getByTestId('card-Total Net Income').textContent).toBe('$14,550.50');
    expect(screen.getByTestId('card-Total Taxes and Deductions').textContent).toBe('$3,250.50');
    expect(within(screen.getByRole('group', { name: 'Total Gross Income' })).getByText('per month')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Pay Cycle', 'Gross Pay', 'Net Pay', 'Actions']);
  });

  it('shows one biweekly income as 26/12 of its pay', async () => {
    renderScreen(<IncomeTab />, { records: { '/api/v1/incomes': [salary] } });
    // 2,000 × 26 / 12 = 4,333.33; 1,500 × 26 / 12 = 3,250.00; 4,333.33 − 3,250.00 = 1,083.33.
    await waitFor(() => expect(screen.getByTestId('card-Total Gross Income').textContent).toBe('$4,333.33'));
    expect(screen.getByTestId('card-Total Net Income').textContent).toBe('$3,250.00');
    expect(screen.getByTestId('card-Total Taxes and Deductions').textContent).toBe('$1,083.33');
  });

  it('shows the empty state and zero cards', async () => {
    const { layer } = renderScreen(<IncomeTab />);
    await layer.ready;
    expect(await screen.findByText('No income sources found')).toBeTruthy();
    expect(screen.getByTestId('card-Total Gross Income').textContent).toBe('$0.00');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the load error instead of the empty state', async () => {
    const { layer } = renderScreen(<IncomeTab />, {
      intercept: (request) => (request.method === 'GET' && request.path === '/api/v1/incomes' ? { ok: false, kind: 'http', status: 403, message: null, errors: null } : undefined),
    });
    await layer.ready;
    expect(await screen.findByText('Failed to fetch incomes')).toBeTruthy();
    expect(screen.queryByText('No income sources found')).toBeNull();
  });

  it('shows each rule message, clears a field’s error on edit, and sends nothing while errors exist', async () => {
    const { server, layer } = renderScreen(<IncomeTab />);
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Add Income' }));
    expect(within(screen.getByRole('dialog')).getByRole('heading', { name: 'Add New Income' })).toBeTruthy();
    submit('Create Income');
    expect(await screen.findByText('Income source name is required')).toBeTruthy();
    expect(screen.getByText('Pay cycle is required')).toBeTruthy();
    expect(screen.getByText('Next pay date is required')).toBeTruthy();
    expect(screen.getByText('Gross pay is required')).toBeTruthy();
    expect(screen.getByText('Net pay is required')).toBeTruthy();
    expect(screen.getByText('Please fix the errors above')).toBeTruthy();

    fill('Name', 'Salary');
    expect(screen.queryByText('Income source name is required')).toBeNull();
    expect(screen.getByText('Pay cycle is required')).toBeTruthy();

    fill('Gross Pay', '0');
    fill('Net Pay', '-1');
    submit('Create Income');
    expect(await screen.findByText('Gross pay must be greater than 0')).toBeTruthy();
    expect(screen.getByText('Net pay must be greater than 0')).toBeTruthy();

    fill('Pay Cycle', 'monthly');
    fill('Next Pay Date', '2026-03-01');
    fill('Gross Pay', '1000');
    fill('Net Pay', '1000.01');
    submit('Create Income');
    expect(await screen.findByText('Net pay cannot exceed gross pay')).toBeTruthy();
    expect(screen.queryByText('Pay cycle is required')).toBeNull();
    expect(server.writes).toEqual([]);
  });

  it('offers the four pay cycles with readable labels', async () => {
    const { layer } = renderScreen(<IncomeTab />);
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Add Income' }));
    const select = within(screen.getByRole('dialog')).getByLabelText('Pay Cycle', { exact: false });
    expect(within(select).getAllByRole('option').map((o) => [(o as HTMLOptionElement).value, o.textContent])).toEqual([
      ['', 'Select a pay cycle'],
      ['weekly', 'Weekly'],
      ['biweekly', 'Biweekly (every 2 weeks)'],
      ['semimonthly', 'Semimonthly (twice a month)'],
      ['monthly', 'Monthly'],
    ]);
  });

  it('creates an income with money in dollars, blocks closing while it is sent, and closes', async () => {
    const { server, layer } = renderScreen(<IncomeTab />);
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Add Income' }));
    fillValid();
    const release = holdWrites(server);
    submit('Create Income');
    expect(await within(screen.getByRole('dialog')).findByRole('button', { name: 'Creating...' })).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes.map((w) => [w.method, w.path, w.body])).toEqual([
      ['POST', '/api/v1/incomes', { income: { name: 'Salary', pay_cycle: 'biweekly', next_pay_date: '2026-03-06', gross_pay: 2000.5, net_pay: 1500.25 } }],
    ]);
    await waitFor(() => expect(rowTexts()).toEqual([['Salary', 'Biweekly', '$2,000.50', '$1,500.25']]));
  });

  it('edits an income with its values filled in and sends the update', async () => {
    const { server, layer } = renderScreen(<IncomeTab />, { records: { '/api/v1/incomes': [salary] } });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Salary' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Edit Income' })).toBeTruthy();
    expect((within(dialog).getByLabelText('Gross Pay', { exact: false }) as HTMLInputElement).value).toBe('2000.00');
    expect((within(dialog).getByLabelText('Pay Cycle', { exact: false }) as HTMLSelectElement).value).toBe('biweekly');
    expect((within(dialog).getByLabelText('Next Pay Date', { exact: false }) as HTMLInputElement).value).toBe('2026-03-06');
    fill('Pay Cycle', 'semimonthly');
    fill('Net Pay', '1450');
    submit('Update Income');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes.map((w) => [w.method, w.path, w.body])).toEqual([
      ['PUT', '/api/v1/incomes/1', { income: { name: 'Salary', pay_cycle: 'semimonthly', next_pay_date: '2026-03-06', gross_pay: 2000, net_pay: 1450 } }],
    ]);
    // 2,000 × 2 = 4,000.00 a month now.
    await waitFor(() => expect(screen.getByTestId('card-Total Gross Income').textContent).toBe('$4,000.00'));
  });

  it('keeps the modal open with the server message when the create is refused', async () => {
    const { layer } = renderScreen(<IncomeTab />, {
      intercept: (request) => (request.method === 'POST' ? { ok: false, kind: 'http', status: 422, message: 'Income limit reached', errors: null } : undefined),
    });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Add Income' }));
    fillValid();
    submit('Create Income');
    expect(await screen.findByText('Income limit reached')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((within(screen.getByRole('dialog')).getByLabelText('Name', { exact: false }) as HTMLInputElement).value).toBe('Salary');
  });

  it('falls back to the spec’s wording when a refusal has no message', async () => {
    const { layer } = renderScreen(<IncomeTab />, {
      records: { '/api/v1/incomes': [salary] },
      intercept: (request) => (request.method === 'POST' || request.method === 'PUT' ? { ok: false, kind: 'http', status: 422, message: null, errors: null } : undefined),
    });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Add Income' }));
    fillValid();
    submit('Create Income');
    expect(await screen.findByText('Failed to create income. Please try again.')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Salary' }));
    submit('Update Income');
    expect(await screen.findByText('Failed to update income. Please try again.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('asks before deleting, then deletes', async () => {
    const { server, layer } = renderScreen(<IncomeTab />, { records: { '/api/v1/incomes': [salary, rental] } });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Salary' }));
    expect(await screen.findByText('Are you sure you want to delete "Salary"? This action cannot be undone.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    // The dialog closes once the server has answered.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rowTexts().map((row) => row[0])).toEqual(['Rental']);
    expect(server.writes.map((w) => [w.method, w.path])).toEqual([['DELETE', '/api/v1/incomes/1']]);
  });

  it('only logs a refused delete', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { layer } = renderScreen(<IncomeTab />, {
      records: { '/api/v1/incomes': [salary] },
      intercept: (request) => (request.method === 'DELETE' ? { ok: false, kind: 'http', status: 403, message: 'Not allowed', errors: null } : undefined),
    });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Salary' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to delete income. Please try again.'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Failed to delete income. Please try again.')).toBeNull();
    // The refused delete is rolled back: the income is still listed.
    await waitFor(() => expect(rowTexts().map((row) => row[0])).toEqual(['Salary']));
  });

  it('offline, closes the form at once and marks the new income pending', async () => {
    const { server, layer } = renderScreen(<IncomeTab />, { online: false });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Add Income' }));
    fillValid();
    submit('Create Income');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = await screen.findByRole('row', { name: /Salary/ });
    expect(within(row).getByText('pending sync')).toBeTruthy();
    expect(server.writes).toEqual([]);
  });
});
