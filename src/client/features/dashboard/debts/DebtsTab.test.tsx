// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../data/api.ts';
import { card, confirmDelete, dialogClosed, dialogInput, expectKeptOpen, expectTexts, fillDialog, fillDialogFields, press, refuse, renderAndPress, renderReady, submitDialog, tableRows, writesOf } from '../../../test-support/dialog.testing.ts';
import { useMonths } from '../../../data/bindings/hooks.ts';
import { renderScreen } from '../../../test-support/render.testing.tsx';
import type { WireRecordOf } from '../../../../shared/resources.ts';
import { renderRoutes } from '../../../test-support/routes.testing.tsx';
import { serveMonths } from '../../../test-support/month-fixtures.testing.ts';
import { CAR, CAR_ENTITY, debtBody, LOAN, LOAN_ENTITY, NOV_15, STORE, VISA, VISA_ENTITY, VISA_NOVEMBER } from '../month-tables.testing.ts';
import { DebtsTab } from './DebtsTab.tsx';

const DEBTS = '/api/v1/debts';
const visa = { id: 1, name: 'Visa', creditor: 'Chase', original_amount: 5000, remaining_amount: 3200.55, apr: 19.99, monthly_payment: 150, original_term: 36, due_day: 20 };
const car = { id: 2, name: 'Car', creditor: 'Ford Credit', original_amount: 20000, remaining_amount: 12000.1, apr: 4.5, monthly_payment: 420.35, original_term: 60, due_day: 3 };

const rowNames = () => tableRows('Debts').map((cells) => cells[0]);

/** Opens the form, types a small Visa debt and presses Create Debt. */
async function createVisa() {
  await press('Add Debt');
  fillDialogFields({ 'Debt Name': 'Visa', Creditor: 'Chase', 'Original Amount': '100', 'Remaining Amount': '100', APR: '0', 'Monthly Payment': '10', 'Original Term': '10', 'Due Day': '1' });
  submitDialog('Create Debt');
}

describe('DebtsTab', () => {
  it('sorts by due day and sums the cards in cents', async () => {
    renderScreen(<DebtsTab />, { records: { [DEBTS]: [visa, car] } });
    await waitFor(() => expect(rowNames()).toEqual(['Car', 'Visa']));
    // 3,200.55 + 12,000.10 and 150.00 + 420.35, summed as integers.
    expect(card('Total Debt')).toBe('$15,200.65');
    expect(card('Monthly Minimums')).toBe('$570.35');
    expect(card('Number of Debts')).toBe('2');
    expect(screen.getAllByRole('row')[1]?.textContent).toContain('4.5%');
  });

  it('shows the empty state', async () => {
    await renderReady(<DebtsTab />);
    await screen.findByText('No debts found');
  });

  it('shows each rule message and sends nothing while errors exist', async () => {
    const { server } = renderScreen(<DebtsTab />);
    await press('Add Debt');
    await press('Create Debt');
    await expectTexts('Debt name is required', 'Creditor name is required', 'Original amount is required', 'Please fix the errors above');
    fillDialogFields({ APR: '101', 'Due Day': '32', 'Original Term': '481' });
    fillDialogFields({ 'Original Amount': '0', 'Remaining Amount': '10000', 'Monthly Payment': '50', APR: '12' });
    submitDialog('Create Debt');
    await expectTexts('Please enter a valid day between 1 and 31', 'Original term cannot exceed 40 years', 'Please enter a valid amount');
    // 10,000 × 12 % / 12 = $100 of interest a month; $50 does not cover it.
    screen.getByText('Monthly payment is not high enough to cover interest due');
    // Editing a field clears its error.
    fillDialog('Due Day', '15');
    expect(screen.queryByText('Please enter a valid day between 1 and 31')).toBeNull();
    expect(server.writes).toEqual([]);
  });

  it('creates a debt with money in dollars parsed from text, and closes', async () => {
    const { server } = await renderAndPress(<DebtsTab />, 'Add Debt');
    fillDialogFields({ 'Debt Name': 'Student loan', Creditor: 'Navient', 'Original Amount': '30000', 'Remaining Amount': '21000.10', APR: '5.5', 'Monthly Payment': '310.20', 'Original Term': '120', 'Due Day': '7' });
    submitDialog('Create Debt');
    await dialogClosed();
    expect(writesOf(server)).toEqual([
      [
        'POST',
        DEBTS,
        { debt: { name: 'Student loan', creditor: 'Navient', original_amount: 30000, remaining_amount: 21000.1, apr: 5.5, monthly_payment: 310.2, original_term: 120, due_day: 7 } },
      ],
    ]);
    await waitFor(() => expect(rowNames()).toEqual(['Student loan']));
  });

  it('keeps the modal open with the server message when the create is refused', async () => {
    await renderReady(<DebtsTab />, { intercept: refuse('POST', 'Creditor is blocked') });
    await createVisa();
    await expectKeptOpen('Creditor is blocked');
  });

  it('on a 500, keeps the modal open with the server message and the typed values, queues nothing, and saves once on retry', async () => {
    let answer: ApiResult | undefined = { ok: false, kind: 'http', status: 500, message: 'Something went wrong on our side. Please try again.', errors: null };
    const { server, layer } = await renderReady(<DebtsTab />, { intercept: (request) => (request.method === 'POST' ? answer : undefined) });
    await createVisa();
    await screen.findByText('Something went wrong on our side. Please try again.');
    expect(dialogInput('Debt Name').value).toBe('Visa');
    expect(dialogInput('Monthly Payment').value).toBe('10');
    // The optimistic row is gone (the list re-renders from the rolled-back mirror a moment after
    // the error shows) and nothing waits to be replayed.
    await screen.findByText('No debts found');
    expect(screen.queryByText('pending sync')).toBeNull();
    expect(await layer.db.outbox.count()).toBe(0);

    answer = undefined;
    submitDialog('Create Debt');
    await dialogClosed();
    expect(server.writes).toHaveLength(1);
    // The retry went under the first attempt's key: had that one been applied, the server would answer it again.
    const [first, second] = server.transport.requests.filter((r) => r.method === 'POST');
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    await waitFor(() => expect(rowNames()).toEqual(['Visa']));
  });

  it('edits with the remaining amount read-only and not sent', async () => {
    const { server } = await renderAndPress(<DebtsTab />, 'Edit Visa', { records: { [DEBTS]: [visa] } });
    const remaining = dialogInput('Remaining Amount');
    expect(remaining.readOnly).toBe(true);
    expect(remaining.value).toBe('3200.55');
    screen.getByText('To update the remaining amount, go to Analytics → Debts.');
    fillDialog('Monthly Payment', '175');
    submitDialog('Update Debt');
    await waitFor(() => expect(server.writes).toHaveLength(1));
    const body = server.writes[0]?.body as { debt: Partial<WireRecordOf<'debts'>> };
    expect(server.writes[0]?.method).toBe('PUT');
    expect(body.debt.monthly_payment).toBe(175);
    expect('remaining_amount' in body.debt).toBe(false);
  });

  it('asks before deleting and alerts when the delete fails', async () => {
    await renderReady(<DebtsTab />, { records: { [DEBTS]: [visa] }, intercept: refuse('DELETE', 'Not allowed', { status: 403 }) });
    await confirmDelete('Visa');
    await screen.findByText('Failed to delete debt. Please try again.');
  });

  it('alerts when the delete answers 500, and the row stays', async () => {
    // The alert of the test before is still in the notifications store.
    notifications.clean();
    const { server, layer } = await renderAndPress(<DebtsTab />, 'Delete Visa', {
      records: { [DEBTS]: [visa] },
      intercept: refuse('DELETE', 'Something went wrong on our side. Please try again.', { status: 500 }),
    });
    const confirm = await screen.findByRole('button', { name: 'Delete' });
    // The alert below must come from this delete, not linger from another test.
    expect(screen.queryByText('Failed to delete debt. Please try again.')).toBeNull();
    fireEvent.click(confirm);
    await screen.findByText('Failed to delete debt. Please try again.');
    await dialogClosed();
    // The row comes back with the rolled-back mirror, a moment after the alert.
    await waitFor(() => expect(rowNames()).toEqual(['Visa']));
    await waitFor(() => expect(screen.queryByText('pending sync')).toBeNull());
    expect(await layer.db.outbox.count()).toBe(0);
    expect(server.collections.get(DEBTS)?.has(1)).toBe(true);
  });

  it('offline, closes the form at once and marks the new debt pending', async () => {
    const { server } = await renderReady(<DebtsTab />, { online: false });
    await createVisa();
    await dialogClosed();
    await screen.findByText('pending sync');
    expect(server.writes).toEqual([]);
  });
});

describe('DebtsTab for a subscriber: the truth of today', () => {
  /** A card's label, figure and note (when it has one). */
  const cardLines = (label: string) => within(screen.getByRole('group', { name: label })).getAllByText(/./).map((line) => line.textContent);
  const balances = () => tableRows('Debts').map((cells) => [cells[0], cells[2]]);

  it("shows this month's actual from the month tables in the table and Total Debt, saying so", async () => {
    renderScreen(<DebtsTab />, { subscribed: true, now: NOV_15, records: { [DEBTS]: [VISA] }, intercept: serveMonths({ debtMonths: debtBody(VISA_ENTITY) }) });
    // The record says 3,200.55; the user's actual for 2026-11 says 2,950.25.
    await waitFor(() => expect(balances()).toEqual([['Visa', '$2,950.25actual as of 2026-11']]));
    expect(cardLines('Total Debt')).toEqual(['Total Debt', '$2,950.25', 'actual as of 2026-11']);
  });

  it('mixes actual, projected, paid-off and record balances, summing in cents and saying what the total is made of', async () => {
    renderScreen(<DebtsTab />, {
      subscribed: true,
      now: NOV_15,
      records: { [DEBTS]: [VISA, CAR, LOAN, STORE] },
      intercept: serveMonths({ debtMonths: debtBody(VISA_ENTITY, CAR_ENTITY, LOAN_ENTITY) }),
    });
    await waitFor(() =>
      expect(balances()).toEqual([
        ['Car', '$11,800.40projected for 2026-11'],
        ['Loan', '$0.00paid off in 2026-06'],
        ['Visa', '$2,950.25actual as of 2026-11'],
        ['Store', '$400.00as entered'],
      ]),
    );
    // 2,950.25 + 11,800.40 + 0 + 400.00 = 15,150.65
    expect(cardLines('Total Debt')).toEqual(['Total Debt', '$15,150.65', 'actual + projected, 2026-11; 1 as entered']);
  });

  it("shows an actual typed offline at once, before the server has it", async () => {
    const { layer, setOnline } = renderScreen(<DebtsTab />, { subscribed: true, now: NOV_15, records: { [DEBTS]: [VISA, CAR] }, intercept: serveMonths({ debtMonths: debtBody(VISA_ENTITY, CAR_ENTITY) }) });
    await waitFor(() => expect(card('Total Debt')).toBe('$14,750.65'));
    setOnline(false);
    await layer.mutations.editMonth('debtMonths', VISA_NOVEMBER.id, { input_remaining_balance: 2000.5 });
    await waitFor(() => expect(balances()[1]).toEqual(['Visa', '$2,000.50actual as of 2026-11']));
    // 2,000.50 + 11,800.40
    expect(card('Total Debt')).toBe('$13,800.90');
  });

  it("falls back to the records' amounts, without a note, when the month tables could not be fetched", async () => {
    renderScreen(<DebtsTab />, {
      subscribed: true,
      now: NOV_15,
      records: { [DEBTS]: [VISA] },
      intercept: (request) => (request.path === '/api/v1/debt_months' ? { ok: false, kind: 'http', status: 500, message: 'Projection failed', errors: null } : undefined),
    });
    await waitFor(() => expect(balances()).toEqual([['Visa', '$3,200.55']]));
    expect(cardLines('Total Debt')).toEqual(['Total Debt', '$3,200.55']);
  });

  it("a non-subscriber sees the record's amount even with month tables left on the device", async () => {
    /** Shows when the mirror's debt table has reached the screen's hooks. */
    function MirrorProbe() {
      return useMonths('debtMonths').body === null ? null : <p>debt table in the mirror</p>;
    }
    const { layer } = await renderReady(
      <>
        <DebtsTab />
        <MirrorProbe />
      </>,
      { now: NOV_15, records: { [DEBTS]: [VISA] } },
    );
    await layer.db.months.put({ name: 'debtMonths', body: debtBody(VISA_ENTITY), provisional: false });
    await screen.findByText('debt table in the mirror');
    expect(balances()).toEqual([['Visa', '$3,200.55']]);
    expect(cardLines('Total Debt')).toEqual(['Total Debt', '$3,200.55']);
  });

  it("the form's hint sends a subscriber to the monthly check-in", async () => {
    const routed = renderRoutes('/dashboard', { '/dashboard': DebtsTab, '/check-in': () => <p>check-in page</p> }, { subscribed: true, now: NOV_15, records: { [DEBTS]: [VISA] }, intercept: serveMonths({ debtMonths: debtBody(VISA_ENTITY) }) });
    await press('Edit Visa');
    const hint = within(screen.getByRole('dialog')).getByRole('link', { name: 'do your monthly check-in' });
    expect(hint.getAttribute('href')).toBe('/check-in');
    expect(hint.parentElement?.textContent).toBe('To update the remaining amount, do your monthly check-in.');
    expect(screen.queryByText(/Analytics → Debts/)).toBeNull();
    fireEvent.click(hint);
    await waitFor(() => expect(routed.path()).toBe('/check-in'));
  });
});
