// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { monthRowId } from '../../../../shared/months/ids.ts';
import { FEB_28_LATE, INCOME_BODY, longIncomeBody, MARCH_1, serveMonths } from '../../../test-support/month-fixtures.testing.ts';
import { card, cellsOf, gate, monthsOf, renderTab, rowOf } from '../../../test-support/analytics.testing.tsx';
import { IncomeFutureTab } from './IncomeFutureTab.tsx';

const TABLE = 'Income months';
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

const INCOMES = '/api/v1/incomes';
/** The tab shows its months only to a user with an income record. */
const SALARY = { id: 1, name: 'Salary', pay_cycle: 'monthly', next_pay_date: '2026-03-28', gross_pay: 7000, net_pay: 5000 };

function setup(options: Parameters<typeof renderTab>[1] = {}) {
  return renderTab(<IncomeFutureTab />, { now: MARCH_1, intercept: serveMonths({ incomeMonths: INCOME_BODY }), records: { [INCOMES]: [SALARY] }, ...options });
}

describe('IncomeFutureTab', () => {
  it('shows the current and future months by default, and every month under All Months', async () => {
    setup();
    await waitFor(() => expect(monthsOf(TABLE)).toEqual(['2026-03', '2026-04', '2026-05', '2026-06']));
    fireEvent.click(screen.getByText('All Months'));
    await waitFor(() => expect(monthsOf(TABLE)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']));
    fireEvent.click(screen.getByText('Current & Future'));
    await waitFor(() => expect(monthsOf(TABLE)).toHaveLength(4));
  });

  it('prints whole dollars: expenses plus other, and the actual end balance over the computed one', async () => {
    setup();
    await waitFor(() => expect(monthsOf(TABLE)).toHaveLength(4));
    fireEvent.click(screen.getByText('All Months'));
    await waitFor(() => expect(monthsOf(TABLE)).toHaveLength(6));
    // 2026-02: expenses 1,000.00 + other 250.50 = 1,250.50 → $1,251; the actual 3,000.00 wins over 2,949.50,
    // marked Actual, with its adjustment 3,000.00 − 2,949.50 = +50.50 → +$51.
    expect(cellsOf(TABLE, '2026-02')).toEqual(['2026-02Actual', '$5,000', '$500', '$1,500', '$1,251', '$400', '$3,000', '+$51', 'Edit']);
    expect(cellsOf(TABLE, '2026-04')).toEqual(['2026-04', '$5,000', '$500', '$1,500', '$11,000', '$400', '-$3,800', '', 'Future']);
  });

  it('adds Interest Earned and Saved, each said in words, when the plan assumptions put them on the rows', async () => {
    // With a surplus account named, a month moves what it leaves over out of cash: 2026-03 saved
    // 1,234.50 (→ $1,235) and earned 12.00 of interest; a month before it carries neither.
    const saved = { income_months: INCOME_BODY.income_months.map((row) => (row.month < '2026-03' ? row : { ...row, interest_earned: 12, saved: row.month === '2026-03' ? 1234.5 : 0 })) };
    setup({ intercept: serveMonths({ incomeMonths: saved }) });
    await waitFor(() => expect(monthsOf(TABLE)).toHaveLength(4));
    const headers = within(screen.getByRole('table', { name: TABLE })).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Month', 'Net Income', 'Interest Earned', 'Retirement', 'Housing', 'Expenses', 'Debts', 'Saved', 'End Balance', 'Actions']);
    expect(cellsOf(TABLE, '2026-03')).toEqual(['2026-03', '$5,000', '$12', '$500', '$1,500', '$1,000', '$400', '$1,235', '$4,600', 'Edit']);
    const notes = screen.getByTestId('column-notes').textContent ?? '';
    expect(notes).toContain('Saved: the cash the month left over that moved to your surplus account');
    expect(notes).toContain('Interest Earned: what your cash earned');
  });

  it('shows no Saved column, and no notes, while no row carries it', async () => {
    setup();
    await waitFor(() => expect(monthsOf(TABLE)).toHaveLength(4));
    expect(within(screen.getByRole('table', { name: TABLE })).queryByRole('columnheader', { name: 'Saved' })).toBeNull();
    expect(screen.queryByTestId('column-notes')).toBeNull();
  });

  it('shows no Saved column while nothing moves (plan assumptions with no surplus account: every row saves 0)', async () => {
    const none = { income_months: INCOME_BODY.income_months.map((row) => ({ ...row, interest_earned: 0, saved: 0 })) };
    setup({ intercept: serveMonths({ incomeMonths: none }) });
    await waitFor(() => expect(monthsOf(TABLE)).toHaveLength(4));
    const headers = within(screen.getByRole('table', { name: TABLE })).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Month', 'Net Income', 'Interest Earned', 'Retirement', 'Housing', 'Expenses', 'Debts', 'End Balance', 'Actions']);
    expect(screen.getByTestId('column-notes').textContent).not.toContain('Saved:');
  });

  it('colours the end balance green from 0 up and red below 0', async () => {
    setup();
    await waitFor(() => expect(monthsOf(TABLE)).toHaveLength(4));
    const tone = (month: string) => rowOf(TABLE, month).querySelector('[data-tone]')?.getAttribute('data-tone');
    expect(tone('2026-03')).toBe('positive');
    expect(tone('2026-04')).toBe('negative');
    expect(tone('2026-06')).toBe('negative');
  });

  it('lets the current month and earlier be edited, from the first instant of the month', async () => {
    setup({ now: MARCH_1 });
    await waitFor(() => expect(monthsOf(TABLE)).toHaveLength(4));
    within(rowOf(TABLE, '2026-03')).getByRole('button', { name: 'Edit 2026-03' });
    expect(cellsOf(TABLE, '2026-04').at(-1)).toBe('Future');
  });

  it('keeps March as Future in the last minute of February', async () => {
    setup({ now: FEB_28_LATE });
    await waitFor(() => expect(monthsOf(TABLE)).toEqual(['2026-02', '2026-03', '2026-04', '2026-05', '2026-06']));
    within(rowOf(TABLE, '2026-02')).getByRole('button', { name: 'Edit 2026-02' });
    expect(cellsOf(TABLE, '2026-03').at(-1)).toBe('Future');
    expect(within(rowOf(TABLE, '2026-03')).queryByRole('button')).toBeNull();
  });

  it('averages the months shown and reads N/A past the table', async () => {
    setup();
    await waitFor(() => expect(monthsOf(TABLE)).toHaveLength(4));
    // 2026-03 … 2026-06: net 5,000 each; outflows 3,400 + other (0, 10,000, 0, 0) → 23,600 / 4 = 5,900.
    expect(card('Average Net Income')).toBe('$5,000');
    expect(card('Average Total Expenses')).toBe('$5,900');
    expect(card('Average Income Less Expenses')).toBe('-$900');
    // The table ends in 2026-06: 2031-03, 2036-03 and 2046-03 have no row.
    expect(card('Projected End Balance in 5 Years')).toBe('N/A');
    expect(card('Projected End Balance in 10 Years')).toBe('N/A');
    expect(card('Projected End Balance in 20 Years')).toBe('N/A');
    fireEvent.click(screen.getByText('All Months'));
    // Six months: outflows 6 × 3,400 + 250.50 + 10,000 = 30,650.50 → 5,108.42 → $5,108;
    // income less expenses (30,000 − 30,650.50) / 6 = −108.42 → -$108.
    await waitFor(() => expect(card('Average Total Expenses')).toBe('$5,108'));
    expect(card('Average Income Less Expenses')).toBe('-$108');
  });

  it('reads the end balance of the month now + 5, 10 and 20 years', async () => {
    // 240 months, 2026-01 … 2045-12; month i ends at i × 100.
    setup({ intercept: serveMonths({ incomeMonths: longIncomeBody(240) }) });
    // 2031-03 is month 62 → $6,200; 2036-03 is month 122 → $12,200; 2046-03 is past the table.
    await waitFor(() => expect(card('Projected End Balance in 5 Years')).toBe('$6,200'));
    expect(card('Projected End Balance in 10 Years')).toBe('$12,200');
    expect(card('Projected End Balance in 20 Years')).toBe('N/A');
  });

  it('shows $0 cards and the empty state when the table has no rows', async () => {
    setup({ intercept: serveMonths({ incomeMonths: { income_months: [] } }) });
    await screen.findByText('No income months yet');
    for (const label of ['Average Net Income', 'Average Total Expenses', 'Average Income Less Expenses', 'Projected End Balance in 5 Years', 'Projected End Balance in 10 Years', 'Projected End Balance in 20 Years']) {
      expect(card(label)).toBe('$0');
    }
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the empty state, not a table of months, to a user without income records', async () => {
    // The server still answers its six months; without an income they say nothing.
    const { layer } = setup({ records: {} });
    await screen.findByText('No income months yet');
    expect(await layer.db.months.get('incomeMonths')).toMatchObject({ body: INCOME_BODY });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('img', { name: 'End balance by month' })).toBeNull();
    expect(screen.queryByText('All Months')).toBeNull();
    expect(card('Average Net Income')).toBe('$0');
    expect(card('Projected End Balance in 5 Years')).toBe('$0');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('shows the skeleton, neither the months nor the empty state, until the incomes have answered', async () => {
    const { server, layer } = setup({ records: {} });
    const held = gate(server, (request) => request.path === INCOMES);
    // The month table is in the mirror; the incomes are still on their way.
    await waitFor(async () => expect(await layer.db.months.get('incomeMonths')).toBeTruthy());
    screen.getByLabelText('Loading');
    expect(screen.queryByText('No income months yet')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    held.release();
    await screen.findByText('No income months yet');
    expect(screen.queryByLabelText('Loading')).toBeNull();
  });

  it('shows the months once an income record arrives', async () => {
    const { layer } = setup({ records: {} });
    await screen.findByText('No income months yet');
    await layer.db.incomes.put(SALARY);
    await waitFor(() => expect(monthsOf(TABLE)).toHaveLength(4));
    expect(screen.queryByText('No income months yet')).toBeNull();
  });

  it('shows a skeleton while loading, then the error with its title, message and Reload Page', async () => {
    const { server } = setup({ intercept: (request) => (request.path === '/api/v1/income_months' ? { ok: false, kind: 'http', status: 500, message: null, errors: null } : undefined) });
    const held = gate(server, (request) => request.path === '/api/v1/income_months');
    await screen.findByLabelText('Loading');
    held.release();
    await screen.findByText('Error Loading Income Months');
    screen.getByText('Failed to fetch income months');
    screen.getByText('Your data will be retried on the next refresh.');
    screen.getByRole('button', { name: 'Reload Page' });
  });

  it('validates the actual end balance by the shared rules, allowing negatives', async () => {
    const { server } = setup();
    await waitFor(() => expect(monthsOf(TABLE)).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: 'Edit 2026-03' }));
    const input = (await screen.findByLabelText('Actual End Balance', { exact: false })) as HTMLInputElement;
    // It starts from the balance the row shows.
    expect(input.value).toBe('4600.00');
    fill('Actual End Balance', '');
    fireEvent.click(screen.getByRole('button', { name: 'Update Income Month' }));
    await screen.findByText('Actual End Balance is required');
    screen.getByText('Please fix the errors above');
    // A number input takes '1e5', which is no plain amount.
    fill('Actual End Balance', '1e5');
    fireEvent.click(screen.getByRole('button', { name: 'Update Income Month' }));
    await screen.findByText('Please enter a valid amount');
    expect(server.writes).toEqual([]);

    fill('Actual End Balance', '-250.75');
    fireEvent.click(screen.getByRole('button', { name: 'Update Income Month' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes.map((w) => [w.method, w.path, w.body])).toEqual([['PUT', `/api/v1/income_months/${monthRowId(0, '2026-03' as never)}`, { income_month: { input_end_balance: -250.75 } }]]);
    // The accepted row is patched into the table: −250.75 → -$251 in red.
    await waitFor(() => expect(cellsOf(TABLE, '2026-03')[6]).toBe('-$251'));
    expect(rowOf(TABLE, '2026-03').querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('negative');
  });

  it('keeps the modal open with the failure wording when the edit is refused, and blocks closing while it submits', async () => {
    const { server } = setup({
      intercept: (request) =>
        request.method === 'PUT' ? { ok: false, kind: 'http', status: 422, message: 'Only the current month or earlier can be edited', errors: null } : serveMonths({ incomeMonths: INCOME_BODY })(request),
    });
    await waitFor(() => expect(monthsOf(TABLE)).toHaveLength(4));
    const held = gate(server, (request) => request.method === 'PUT');
    fireEvent.click(screen.getByRole('button', { name: 'Edit 2026-03' }));
    fill('Actual End Balance', '100');
    fireEvent.click(screen.getByRole('button', { name: 'Update Income Month' }));
    await screen.findByRole('button', { name: 'Updating...' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    screen.getByRole('dialog');
    held.release();
    await screen.findByText('Failed to update income month. Please try again.');
    screen.getByRole('dialog');
    expect((screen.getByLabelText('Actual End Balance', { exact: false }) as HTMLInputElement).value).toBe('100');
  });

  it('offline, closes at once, shows the value on its row as pending and the table as provisional, and sends it once online', async () => {
    const { server, layer, setOnline } = setup({ online: false });
    await layer.ready;
    await layer.db.months.put({ name: 'incomeMonths', body: INCOME_BODY, provisional: false });
    await waitFor(() => expect(monthsOf(TABLE)).toHaveLength(4));
    expect(screen.queryByTestId('provisional-mark')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit 2026-03' }));
    fill('Actual End Balance', '1234.56');
    fireEvent.click(screen.getByRole('button', { name: 'Update Income Month' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The data layer recomputed the tables on the device: the mark says so.
    await screen.findByTestId('provisional-mark');
    screen.getByText('Provisional');
    await waitFor(() => expect(cellsOf(TABLE, '2026-03')[0]).toBe('2026-03Actualpending sync'));
    expect(cellsOf(TABLE, '2026-03')[6]).toBe('$1,235');
    expect(server.writes).toEqual([]);

    setOnline(true);
    await waitFor(() => expect(server.writes).toHaveLength(1));
    expect(server.writes[0]?.body).toEqual({ income_month: { input_end_balance: 1234.56 } });
    // The server's table replaces the provisional one.
    await waitFor(() => expect(screen.queryByTestId('provisional-mark')).toBeNull());
    await waitFor(() => expect(cellsOf(TABLE, '2026-03')[0]).toBe('2026-03'));
  });
});
