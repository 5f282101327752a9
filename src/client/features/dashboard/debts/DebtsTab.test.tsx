// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../data/api.ts';
import { renderScreen } from '../../../test-support/render.testing.tsx';
import { DebtsTab } from './DebtsTab.tsx';

const visa = { id: 1, name: 'Visa', creditor: 'Chase', original_amount: 5000, remaining_amount: 3200.55, apr: 19.99, monthly_payment: 150, original_term: 36, due_day: 20 };
const car = { id: 2, name: 'Car', creditor: 'Ford Credit', original_amount: 20000, remaining_amount: 12000.1, apr: 4.5, monthly_payment: 420.35, original_term: 60, due_day: 3 };

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Debts' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

/** Opens the form, types a small Visa debt and presses Create Debt. */
async function createVisa() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add Debt' }));
  for (const [label, value] of [['Debt Name', 'Visa'], ['Creditor', 'Chase'], ['Original Amount', '100'], ['Remaining Amount', '100'], ['APR', '0'], ['Monthly Payment', '10'], ['Original Term', '10'], ['Due Day', '1']] as const) fill(label, value);
  fireEvent.click(screen.getByRole('button', { name: 'Create Debt' }));
}

describe('DebtsTab', () => {
  it('sorts by due day and sums the cards in cents', async () => {
    renderScreen(<DebtsTab />, { records: { '/api/v1/debts': [visa, car] } });
    await waitFor(() => expect(rowNames()).toEqual(['Car', 'Visa']));
    // 3,200.55 + 12,000.10 and 150.00 + 420.35, summed as integers.
    expect(screen.getByTestId('card-Total Debt').textContent).toBe('$15,200.65');
    expect(screen.getByTestId('card-Monthly Minimums').textContent).toBe('$570.35');
    expect(screen.getByTestId('card-Number of Debts').textContent).toBe('2');
    expect(screen.getAllByRole('row')[1]?.textContent).toContain('4.5%');
  });

  it('shows the empty state', async () => {
    const { layer } = renderScreen(<DebtsTab />);
    await layer.ready;
    expect(await screen.findByText('No debts found')).toBeTruthy();
  });

  it('shows each rule message and sends nothing while errors exist', async () => {
    const { server } = renderScreen(<DebtsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Debt' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create Debt' }));
    expect(await screen.findByText('Debt name is required')).toBeTruthy();
    expect(screen.getByText('Creditor name is required')).toBeTruthy();
    expect(screen.getByText('Original amount is required')).toBeTruthy();
    expect(screen.getByText('Please fix the errors above')).toBeTruthy();
    fill('APR', '101');
    fill('Due Day', '32');
    fill('Original Term', '481');
    fill('Original Amount', '0');
    fill('Remaining Amount', '10000');
    fill('Monthly Payment', '50');
    fill('APR', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Create Debt' }));
    expect(await screen.findByText('Please enter a valid day between 1 and 31')).toBeTruthy();
    expect(screen.getByText('Original term cannot exceed 40 years')).toBeTruthy();
    expect(screen.getByText('Please enter a valid amount')).toBeTruthy();
    // 10,000 × 12 % / 12 = $100 of interest a month; $50 does not cover it.
    expect(screen.getByText('Monthly payment is not high enough to cover interest due')).toBeTruthy();
    // Editing a field clears its error.
    fill('Due Day', '15');
    expect(screen.queryByText('Please enter a valid day between 1 and 31')).toBeNull();
    expect(server.writes).toEqual([]);
  });

  it('creates a debt with money in dollars parsed from text, and closes', async () => {
    const { server, layer } = renderScreen(<DebtsTab />);
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Add Debt' }));
    fill('Debt Name', 'Student loan');
    fill('Creditor', 'Navient');
    fill('Original Amount', '30000');
    fill('Remaining Amount', '21000.10');
    fill('APR', '5.5');
    fill('Monthly Payment', '310.20');
    fill('Original Term', '120');
    fill('Due Day', '7');
    fireEvent.click(screen.getByRole('button', { name: 'Create Debt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes.map((w) => [w.method, w.path, w.body])).toEqual([
      [
        'POST',
        '/api/v1/debts',
        { debt: { name: 'Student loan', creditor: 'Navient', original_amount: 30000, remaining_amount: 21000.1, apr: 5.5, monthly_payment: 310.2, original_term: 120, due_day: 7 } },
      ],
    ]);
    await waitFor(() => expect(rowNames()).toEqual(['Student loan']));
  });

  it('keeps the modal open with the server message when the create is refused', async () => {
    const { layer } = renderScreen(<DebtsTab />, {
      intercept: (request) => (request.method === 'POST' ? { ok: false, kind: 'http', status: 422, message: 'Creditor is blocked', errors: null } : undefined),
    });
    await layer.ready;
    await createVisa();
    expect(await screen.findByText('Creditor is blocked')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('on a 500, keeps the modal open with the server message and the typed values, queues nothing, and saves once on retry', async () => {
    let answer: ApiResult | undefined = { ok: false, kind: 'http', status: 500, message: 'Something went wrong on our side. Please try again.', errors: null };
    const { server, layer } = renderScreen(<DebtsTab />, { intercept: (request) => (request.method === 'POST' ? answer : undefined) });
    await layer.ready;
    await createVisa();
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    expect((within(dialog).getByLabelText('Debt Name', { exact: false }) as HTMLInputElement).value).toBe('Visa');
    expect((within(dialog).getByLabelText('Monthly Payment', { exact: false }) as HTMLInputElement).value).toBe('10');
    // The optimistic row is gone and nothing waits to be replayed.
    expect(screen.getByText('No debts found')).toBeTruthy();
    expect(screen.queryByText('pending sync')).toBeNull();
    expect(await layer.db.outbox.count()).toBe(0);

    answer = undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Create Debt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes).toHaveLength(1);
    // The retry went under the first attempt's key: had that one been applied, the server would answer it again.
    const [first, second] = server.transport.requests.filter((r) => r.method === 'POST');
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    await waitFor(() => expect(rowNames()).toEqual(['Visa']));
  });

  it('edits with the remaining amount read-only and not sent', async () => {
    const { server, layer } = renderScreen(<DebtsTab />, { records: { '/api/v1/debts': [visa] } });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Visa' }));
    const remaining = screen.getByLabelText('Remaining Amount', { exact: false }) as HTMLInputElement;
    expect(remaining.readOnly).toBe(true);
    expect(remaining.value).toBe('3200.55');
    expect(screen.getByText('To update the remaining amount, go to Analytics → Debts.')).toBeTruthy();
    fill('Monthly Payment', '175');
    fireEvent.click(screen.getByRole('button', { name: 'Update Debt' }));
    await waitFor(() => expect(server.writes).toHaveLength(1));
    const body = server.writes[0]?.body as { debt: Record<string, unknown> };
    expect(server.writes[0]?.method).toBe('PUT');
    expect(body.debt.monthly_payment).toBe(175);
    expect('remaining_amount' in body.debt).toBe(false);
  });

  it('asks before deleting and alerts when the delete fails', async () => {
    const { layer } = renderScreen(<DebtsTab />, {
      records: { '/api/v1/debts': [visa] },
      intercept: (request) => (request.method === 'DELETE' ? { ok: false, kind: 'http', status: 403, message: 'Not allowed', errors: null } : undefined),
    });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Visa' }));
    expect(await screen.findByText('Are you sure you want to delete "Visa"? This action cannot be undone.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete debt. Please try again.')).toBeTruthy();
  });

  it('alerts when the delete answers 500, and the row stays', async () => {
    // The alert of the test before is still in the notifications store.
    notifications.clean();
    const { server, layer } = renderScreen(<DebtsTab />, {
      records: { '/api/v1/debts': [visa] },
      intercept: (request) => (request.method === 'DELETE' ? { ok: false, kind: 'http', status: 500, message: 'Something went wrong on our side. Please try again.', errors: null } : undefined),
    });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Visa' }));
    const confirm = await screen.findByRole('button', { name: 'Delete' });
    // The alert below must come from this delete, not linger from another test.
    expect(screen.queryByText('Failed to delete debt. Please try again.')).toBeNull();
    fireEvent.click(confirm);
    expect(await screen.findByText('Failed to delete debt. Please try again.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rowNames()).toEqual(['Visa']);
    expect(screen.queryByText('pending sync')).toBeNull();
    expect(await layer.db.outbox.count()).toBe(0);
    expect(server.collections.get('/api/v1/debts')?.has(1)).toBe(true);
  });

  it('offline, closes the form at once and marks the new debt pending', async () => {
    const { server, layer } = renderScreen(<DebtsTab />, { online: false });
    await layer.ready;
    await createVisa();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('pending sync')).toBeTruthy();
    expect(server.writes).toEqual([]);
  });
});
