// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { monthRowId } from '../../../../shared/months/ids.ts';
import { DEBT_BODY, MARCH_1, serveMonths } from '../../../test-support/month-fixtures.testing.ts';
import { card, cellsOf, monthsOf, renderTab, rowOf } from '../../../test-support/analytics.testing.tsx';
import { DebtProgressTab } from './DebtProgressTab.tsx';

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const band = (table: string, month: string) => rowOf(table, month).querySelector('[data-band]')?.getAttribute('data-band');

function setup(options: Parameters<typeof renderTab>[1] = {}) {
  return renderTab(<DebtProgressTab />, { now: MARCH_1, intercept: serveMonths({ debtMonths: DEBT_BODY }), ...options });
}

async function openDebt(name: string) {
  fireEvent.click(await screen.findByRole('tab', { name }));
  await waitFor(() => screen.getByRole('table', { name: `Debt months, ${name}` }));
}

describe('DebtProgressTab', () => {
  it('opens on All Debts, view only: no Actions column and no Edit buttons', async () => {
    setup();
    await waitFor(() => expect(monthsOf('Debt months, All Debts')).toEqual(['2026-03', '2026-04', '2026-05']));
    screen.getByRole('tab', { name: 'All Debts', selected: true });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All Debts', 'Visa', 'Loan']);
    const headers = within(screen.getByRole('table', { name: 'Debt months, All Debts' })).getAllByRole('columnheader').map((th) => th.textContent);
    // The total carries Visa's 2026-03 actual (750.00 against 760.00 computed), so it shows the Adjustment.
    expect(headers).toEqual(['Month', 'Total Payment', 'Principal', 'Interest', 'End Balance', '% Paid', 'Adjustment']);
    expect(cellsOf('Debt months, All Debts', '2026-03').slice(5)).toEqual(['25.00%', '-$10']);
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
  });

  it('sums the cards over the months shown', async () => {
    setup();
    await openDebt('Visa');
    // 2026-03 … 2026-05: payments 3 × 200.00; interest 12.60 + 14.51 + 9.50 = 36.61 → $37;
    // principal 187.40 + 185.49 + 190.50 = 563.39 → $563.
    expect(card('Total Payments')).toBe('$600');
    expect(card('Interest Paid')).toBe('$37');
    expect(card('Principal Paid')).toBe('$563');
    fireEvent.click(screen.getByText('All Months'));
    // With 2026-02: + 200.00, + 15.00 (51.61 → $52), + 185.00 (748.39 → $748).
    await waitFor(() => expect(card('Total Payments')).toBe('$800'));
    expect(card('Interest Paid')).toBe('$52');
    expect(card('Principal Paid')).toBe('$748');
  });

  it('colours % Paid: red below 25, yellow from 25, green from 50', async () => {
    setup();
    await openDebt('Visa');
    fireEvent.click(screen.getByText('All Months'));
    const table = 'Debt months, Visa';
    await waitFor(() => expect(monthsOf(table)).toEqual(['2026-02', '2026-03', '2026-04', '2026-05']));
    expect([band(table, '2026-02'), band(table, '2026-03'), band(table, '2026-04'), band(table, '2026-05')]).toEqual(['low', 'medium', 'medium', 'high']);
    expect(cellsOf(table, '2026-02')).toEqual(['2026-02', '$200', '$185', '$15', '$750', '24.99%', '', 'Edit']);
    expect(cellsOf(table, '2026-05').slice(5)).toEqual(['50.00%', '', 'Future']);
    // The actual remaining balance is the end balance shown, marked, with what it moved: 750 − 760.
    expect(cellsOf(table, '2026-03')).toEqual(['2026-03Actual', '$200', '$187', '$13', '$750', '25.00%', '-$10', 'Edit']);
  });

  it('says No Data for a debt without months', async () => {
    setup();
    fireEvent.click(await screen.findByRole('tab', { name: 'Loan' }));
    await screen.findByText('No Data for Loan');
  });

  it('links the empty state to the dashboard', async () => {
    setup({ intercept: serveMonths({ debtMonths: { debts: [], total: [] } }) });
    await screen.findByText('No debts to track yet');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('titles a load error Error Loading Debt Months', async () => {
    setup({ intercept: (request) => (request.path === '/api/v1/debt_months' ? { ok: false, kind: 'http', status: 500, message: 'Projection failed', errors: null } : undefined) });
    await screen.findByText('Error Loading Debt Months');
    screen.getByText('Projection failed');
    screen.getByRole('button', { name: 'Reload Page' });
  });

  it('checks the remaining balance against the debt’s rate and payment, then sends it', async () => {
    const { server } = setup();
    await openDebt('Visa');
    fireEvent.click(screen.getByRole('button', { name: 'Edit 2026-03' }));
    await screen.findByText('Visa · Month 2026-03');
    expect((screen.getByLabelText('Remaining Balance', { exact: false }) as HTMLInputElement).value).toBe('750.00');
    fill('Remaining Balance', '');
    fireEvent.click(screen.getByRole('button', { name: 'Update Debt Month' }));
    await screen.findByText('Remaining balance is required');
    fill('Remaining Balance', '-5');
    fireEvent.click(screen.getByRole('button', { name: 'Update Debt Month' }));
    await screen.findByText('Please enter a valid positive amount');
    // 24 % a year is 2 % a month: 200.00 covers the interest of at most 10,000.00.
    fill('Remaining Balance', '10000.01');
    fireEvent.click(screen.getByRole('button', { name: 'Update Debt Month' }));
    await screen.findByText('Remaining balance is too high for current monthly payment. Please modify your monthly payment to continue.');
    expect(server.writes).toEqual([]);
    fill('Remaining Balance', '10000');
    fireEvent.click(screen.getByRole('button', { name: 'Update Debt Month' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes.map((w) => [w.method, w.path, w.body])).toEqual([['PUT', `/api/v1/debt_months/${monthRowId(7, '2026-03' as never)}`, { debt_month: { input_remaining_balance: 10000 } }]]);
  });

  it('shows the failure wording when a debt month edit is refused', async () => {
    setup({
      intercept: (request) => (request.method === 'PUT' ? { ok: false, kind: 'http', status: 404, message: 'Debt month not found', errors: null } : serveMonths({ debtMonths: DEBT_BODY })(request)),
    });
    await openDebt('Visa');
    fireEvent.click(screen.getByRole('button', { name: 'Edit 2026-03' }));
    fill('Remaining Balance', '700');
    fireEvent.click(screen.getByRole('button', { name: 'Update Debt Month' }));
    await screen.findByText('Failed to update debt month. Please try again.');
    screen.getByRole('dialog');
  });

  it('shows the failure wording on a 500, keeps the value typed and the row as it was', async () => {
    const { layer } = setup({
      intercept: (request) => (request.method === 'PUT' ? { ok: false, kind: 'http', status: 500, message: 'Something went wrong on our side. Please try again.', errors: null } : serveMonths({ debtMonths: DEBT_BODY })(request)),
    });
    await openDebt('Visa');
    const before = cellsOf('Debt months, Visa', '2026-03');
    fireEvent.click(screen.getByRole('button', { name: 'Edit 2026-03' }));
    fill('Remaining Balance', '700');
    fireEvent.click(screen.getByRole('button', { name: 'Update Debt Month' }));
    await screen.findByText('Failed to update debt month. Please try again.');
    expect((screen.getByLabelText('Remaining Balance', { exact: false }) as HTMLInputElement).value).toBe('700');
    // The refusal rolls the mirror back; the table re-renders from it a moment after the error shows.
    await waitFor(() => expect(cellsOf('Debt months, Visa', '2026-03')).toEqual(before));
    expect(await layer.db.outbox.count()).toBe(0);
    expect((await layer.db.months.get('debtMonths'))?.provisional).toBe(false);
  });

  it('offline, closes at once and marks the table provisional and the row pending', async () => {
    const { server, layer } = setup({ online: false });
    await layer.ready;
    await layer.db.months.put({ name: 'debtMonths', body: DEBT_BODY, provisional: false });
    // The mirror's records, which the device recomputes the tables from.
    await layer.db.debts.bulkPut([
      { id: 7, name: 'Visa', creditor: 'Chase', original_amount: 1000, remaining_amount: 1000, apr: 24, monthly_payment: 200, original_term: 12, due_day: 1 },
      { id: 8, name: 'Loan', creditor: 'Bank', original_amount: 500, remaining_amount: 0, apr: 5, monthly_payment: 100, original_term: 12, due_day: 1 },
    ]);
    await openDebt('Visa');
    fireEvent.click(screen.getByRole('button', { name: 'Edit 2026-03' }));
    fill('Remaining Balance', '700');
    fireEvent.click(screen.getByRole('button', { name: 'Update Debt Month' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByTestId('provisional-mark');
    // The edited month shows the balance typed, marked pending, until the server has it.
    await waitFor(() => expect(cellsOf('Debt months, Visa', '2026-03')[0]).toBe('2026-03Actualpending sync'));
    expect(cellsOf('Debt months, Visa', '2026-03')[4]).toBe('$700');
    expect(server.writes).toEqual([]);
  });
});
