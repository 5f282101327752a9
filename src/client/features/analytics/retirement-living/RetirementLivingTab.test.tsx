// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { monthRowId } from '../../../../shared/months/ids.ts';
import { addMonths, monthKey } from '../../../../engine/months.ts';
import { MARCH_1, RETIREMENT_BODY, RETIREMENT_PLAN, retirementRow, serveMonths } from '../../../test-support/month-fixtures.testing.ts';
import { card, cellsOf, gate, monthsOf, renderTab } from '../../../test-support/analytics.testing.tsx';
import { RetirementLivingTab } from './RetirementLivingTab.tsx';

const fill = (label: string, value: string) => fireEvent.change(within(screen.getByRole('dialog')).getByLabelText(label, { exact: false }), { target: { value } });
const insight = (label: string) => screen.queryByTestId(`insight-${label}`)?.textContent ?? null;
const TABLE = 'Retirement months, 401k';

function setup(options: Parameters<typeof renderTab>[1] = {}) {
  return renderTab(<RetirementLivingTab />, {
    now: MARCH_1,
    intercept: serveMonths({ retirementMonths: RETIREMENT_BODY }),
    singles: { '/api/v1/retirement_plan': RETIREMENT_PLAN },
    ...options,
  });
}

async function openAccount(name: string) {
  fireEvent.click(await screen.findByRole('tab', { name }));
  await waitFor(() => screen.getByRole('table', { name: `Retirement months, ${name}` }));
}

describe('RetirementLivingTab', () => {
  it('shows the base columns, expenses being monthly plus one-time', async () => {
    setup();
    await openAccount('401k');
    expect(within(screen.getByRole('table', { name: TABLE })).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Month',
      'Social Security Income',
      'Housing',
      'Debts',
      'Expenses',
      'Withdrawals',
      'Interest Earned',
      'Balance',
      'Actions',
    ]);
    // 1,200.00 + 300.00 of expenses in 2026-06.
    expect(cellsOf(TABLE, '2026-06')).toEqual(['2026-06', '$1,000', '$800', '$100', '$1,500', '$1,400', '$20', '$1,540', 'Future']);
    // Today is 2026-03, retirement 2026-05: Current & Future opens on the retirement month.
    expect(monthsOf(TABLE)).toEqual(['2026-05', '2026-06', '2026-07', '2026-08']);
  });

  it('starts Current & Future at the retirement month when it is later than today, and All Months shows every month', async () => {
    setup();
    await openAccount('401k');
    // 2026-03 (today) and 2026-04 come before retirement: months of saving, not of living.
    expect(monthsOf(TABLE)).toEqual(['2026-05', '2026-06', '2026-07', '2026-08']);
    fireEvent.click(screen.getByText('All Months'));
    await waitFor(() => expect(monthsOf(TABLE)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08']));
    expect(cellsOf(TABLE, '2026-04')).toEqual(['2026-04', '$0', '$0', '$0', '$0', '$0', '$10', '$4,000', 'Future']);
    fireEvent.click(screen.getByText('Current & Future'));
    await waitFor(() => expect(monthsOf(TABLE)).toEqual(['2026-05', '2026-06', '2026-07', '2026-08']));
    // The total of all accounts starts there too.
    await openAccount('All Accounts');
    expect(monthsOf('Retirement months, All Accounts')).toEqual(['2026-05', '2026-06', '2026-07', '2026-08']);
  });

  it('shows the skeleton, not the months before retirement, until the retirement plan has answered', async () => {
    const { server, layer } = setup();
    const held = gate(server, (request) => request.path === '/api/v1/retirement_plan');
    await waitFor(async () => expect(await layer.db.months.get('retirementMonths')).toBeTruthy());
    screen.getByLabelText('Loading');
    expect(screen.queryByRole('table')).toBeNull();
    held.release();
    await openAccount('401k');
    expect(monthsOf(TABLE)).toEqual(['2026-05', '2026-06', '2026-07', '2026-08']);
  });

  it('starts Current & Future at today once retirement has begun, and at today without a plan', async () => {
    const { unmount } = setup({ now: new Date(2026, 6, 1) });
    await openAccount('401k');
    expect(monthsOf(TABLE)).toEqual(['2026-07', '2026-08']);
    unmount();
    const { layer } = setup({ singles: {} });
    await layer.ready;
    await openAccount('401k');
    expect(monthsOf(TABLE)).toEqual(['2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08']);
  });

  it('adds Taxes, Cash Used and Cash Left when the plan assumptions put them on the rows', async () => {
    // With plan assumptions each account row carries its taxes, the total rows the cash spent and left.
    const taxed = {
      retirement_accounts: RETIREMENT_BODY.retirement_accounts.map((a) => ({ ...a, retirement_months: a.retirement_months.map((row) => ({ ...row, taxes: row.withdrawals > 0 ? 150 : 0 })) })),
      total: RETIREMENT_BODY.total.map((row) => ({ ...row, taxes: row.withdrawals > 0 ? 150 : 0, cash_balance: 900, cash_withdrawals: 100 })),
    };
    setup({ intercept: serveMonths({ retirementMonths: taxed }) });
    await openAccount('401k');
    const headers = () => within(screen.getByRole('table', { name: TABLE })).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers()).toEqual(['Month', 'Social Security Income', 'Housing', 'Debts', 'Expenses', 'Withdrawals', 'Taxes', 'Interest Earned', 'Balance', 'Actions']);
    expect(cellsOf(TABLE, '2026-06')).toEqual(['2026-06', '$1,000', '$800', '$100', '$1,500', '$1,400', '$150', '$20', '$1,540', 'Future']);
    await openAccount('All Accounts');
    const total = 'Retirement months, All Accounts';
    expect(within(screen.getByRole('table', { name: total })).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Month', 'Social Security Income', 'Housing', 'Debts', 'Expenses', 'Withdrawals', 'Taxes', 'Interest Earned', 'Cash Used', 'Cash Left', 'Balance',
    ]);
    expect(cellsOf(total, '2026-06').slice(-3)).toEqual(['$100', '$900', '$1,540']);
  });

  it('adds Need on the total rows when they carry it, and Cash Left without Cash Used, each said in words', async () => {
    // The total rows carry the month's need (what it costs after Social Security) and the cash left,
    // which earns its interest in retirement even when it pays nothing (no cash_withdrawals).
    const withNeed = { ...RETIREMENT_BODY, total: RETIREMENT_BODY.total.map((row) => ({ ...row, need: row.month >= '2026-05' ? 1400.5 : 0, cash_balance: 2500 })) };
    setup({ intercept: serveMonths({ retirementMonths: withNeed }) });
    await openAccount('All Accounts');
    const total = 'Retirement months, All Accounts';
    expect(within(screen.getByRole('table', { name: total })).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Month', 'Social Security Income', 'Housing', 'Debts', 'Expenses', 'Need', 'Withdrawals', 'Interest Earned', 'Cash Left', 'Balance',
    ]);
    // 1,400.50 → $1,401 (half up).
    expect(cellsOf(total, '2026-06').slice(5, 6)).toEqual(['$1,401']);
    const notes = screen.getByTestId('column-notes').textContent ?? '';
    expect(notes).toContain('Need: what the month costs after Social Security');
    expect(notes).toContain('Cash Left: your cash at the end of the month');
    expect(notes).not.toContain('Cash Used');
    // Interest Earned here is the accounts' (a base column): no note about cash.
    expect(notes).not.toContain('Interest Earned');
    // An account's own rows carry neither.
    await openAccount('401k');
    expect(within(screen.getByRole('table', { name: TABLE })).queryByRole('columnheader', { name: 'Need' })).toBeNull();
  });

  describe('Taxes by year', () => {
    /**
     * Bracket mode (a filing status set): the total's living months run on to 2028-12, each
     * December closing its tax year with the year's figures (dollars; the rates in percent), each
     * April paying the year before's tax. 2027's marginal rate is above 2026's; 2028 has the first RMD.
     */
    const YEARS: Record<string, Record<string, number>> = {
      '2026-12': { year_ordinary_income: 30000, year_taxable_social_security: 5000.5, year_gains: 1000, year_deduction: 16100, year_federal_tax: 1900.4, year_state_tax: 600, year_penalty: 0, year_effective_rate: 7.25, year_marginal_rate: 12, year_rmd: 0, year_conversion: 10000 },
      '2027-12': { year_ordinary_income: 60000, year_taxable_social_security: 10200, year_gains: 0, year_deduction: 16100, year_federal_tax: 6234.56, year_state_tax: 1500, year_penalty: 250, year_effective_rate: 10.47, year_marginal_rate: 22, year_rmd: 0, year_conversion: 0 },
      '2028-12': { year_ordinary_income: 55000, year_taxable_social_security: 10000, year_gains: 0, year_deduction: 16100, year_federal_tax: 5000, year_state_tax: 1300, year_penalty: 0, year_effective_rate: 9.69, year_marginal_rate: 22, year_rmd: 4100.75, year_conversion: 0 },
    };
    const APRIL_TAXES: Record<string, number> = { '2027-04': 2500.4, '2028-04': 7984.56 };
    const later = Array.from({ length: 28 }, (_, i) => String(addMonths(monthKey(2026, 9), i))).map((month) => retirementRow(0, month, { withdrawals: 1000, taxes: APRIL_TAXES[month] ?? 0, ...YEARS[month] }));
    const bracket = {
      ...RETIREMENT_BODY,
      total: [...RETIREMENT_BODY.total.map((row) => ({ ...row, taxes: 0 })), ...later.map((row) => ({ ...row, shortfall: 0 }))],
    };
    const yearTable = () => screen.getByRole('table', { name: 'Taxes by year' });
    const yearRow = (year: string) => {
      const row = within(yearTable()).getAllByRole('row').find((r) => within(r).queryByRole('rowheader')?.textContent?.startsWith(year));
      if (!row) throw new Error(`no year ${year}`);
      return row;
    };
    const figures = (year: string) => within(yearRow(year)).getAllByRole('cell').map((cell) => cell.textContent);

    it('lists each tax year of the total with its figures, the first RMD and each higher bracket marked, and the lifetime tax', async () => {
      setup({ intercept: serveMonths({ retirementMonths: bracket }) });
      await waitFor(() => screen.getByRole('table', { name: 'Retirement months, All Accounts' }));
      screen.getByRole('heading', { name: 'Taxes by year' });
      expect(within(yearTable()).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
        'Year', 'Ordinary Income', 'Taxable Social Security', 'Gains', 'Deduction', 'Federal Tax', 'State Tax', 'Penalty', 'Effective Rate', 'Marginal Rate', 'RMD', 'Roth Conversion',
      ]);
      expect(within(yearTable()).getAllByRole('rowheader').map((th) => th.textContent?.slice(0, 4))).toEqual(['2026', '2027', '2028']);
      // 5,000.50 → $5,001 and 1,900.40 → $1,900, as the month table rounds.
      expect(figures('2026')).toEqual(['$30,000', '$5,001', '$1,000', '$16,100', '$1,900', '$600', '$0', '7.25%', '12%', '$0', '$10,000']);
      expect(figures('2027')).toEqual(['$60,000', '$10,200', '$0', '$16,100', '$6,235', '$1,500', '$250', '10.47%', '22%', '$0', '$0']);
      expect(figures('2028')).toEqual(['$55,000', '$10,000', '$0', '$16,100', '$5,000', '$1,300', '$0', '9.69%', '22%', '$4,101', '$0']);
      // 12 % → 22 %: a higher bracket in 2027; 22 % again in 2028 is not. The first RMD is 2028's.
      expect(within(yearRow('2026')).queryByText('Higher bracket')).toBeNull();
      expect(within(yearRow('2026')).queryByText('First RMD')).toBeNull();
      within(yearRow('2027')).getByText('Higher bracket');
      expect(within(yearRow('2028')).queryByText('Higher bracket')).toBeNull();
      within(yearRow('2028')).getByText('First RMD');
      expect(screen.getAllByText('First RMD')).toHaveLength(1);
      // (1,900.40 + 600) + (6,234.56 + 1,500 + 250) + (5,000 + 1,300) = 16,784.96 → $16,785.
      const sentence = screen.getByTestId('lifetime-tax').textContent ?? '';
      expect(sentence).toContain('Lifetime tax: $16,785');
      expect(sentence).toContain('over 3 years');
      expect(sentence).toContain('paid the next April');
      // The table scrolls sideways in a region the keyboard reaches.
      expect(screen.getByRole('region', { name: 'Taxes by year, scrollable' }).getAttribute('tabindex')).toBe('0');
      // The month table keeps its columns: 2027-04 pays 2026's tax.
      expect(cellsOf('Retirement months, All Accounts', '2027-04')[6]).toBe('$2,500');
    });

    it('is not on an account, nor on the total without the year figures', async () => {
      const { unmount } = setup({ intercept: serveMonths({ retirementMonths: bracket }) });
      await waitFor(() => screen.getByRole('table', { name: 'Taxes by year' }));
      await openAccount('401k');
      expect(screen.queryByRole('table', { name: 'Taxes by year' })).toBeNull();
      unmount();
      setup();
      await waitFor(() => expect(monthsOf('Retirement months, All Accounts')).toHaveLength(4));
      expect(screen.queryByRole('table', { name: 'Taxes by year' })).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Taxes by year' })).toBeNull();
    });
  });

  it('sums withdrawals and interest over the months shown, with the balances at and after retirement', async () => {
    setup();
    await openAccount('401k');
    // 2026-05 … 2026-08: withdrawals 1,100 + 1,400 + 1,100 + 1,100; interest 4 × 20.
    expect(card('Total Withdrawals')).toBe('$4,700');
    expect(card('Total Interest')).toBe('$80');
    // Retirement in 2026-05 (the plan's): the balance at the end of 2026-04; the last row's at the end.
    await waitFor(() => expect(card('Balance at Retirement')).toBe('$4,000'));
    expect(card('Balance at End of Retirement')).toBe('$0');
  });

  it('keeps the balance at retirement when the months before it are hidden', async () => {
    setup({ now: new Date(2026, 5, 1) });
    await openAccount('401k');
    expect(monthsOf(TABLE)).toEqual(['2026-06', '2026-07', '2026-08']);
    expect(card('Total Withdrawals')).toBe('$3,600');
    await waitFor(() => expect(card('Balance at Retirement')).toBe('$4,000'));
  });

  it('reads N/A for the balance at retirement without a retirement plan', async () => {
    const { layer } = setup({ singles: {} });
    await layer.ready;
    await openAccount('401k');
    expect(card('Balance at Retirement')).toBe('N/A');
  });

  it('shows the same Insights & Trends panel', async () => {
    setup();
    await openAccount('401k');
    // 2026-05 … 2026-08, the actual on 2026-05; four months have no six-month average.
    expect(insight('Months Shown')).toBe('4');
    expect(insight('Months with Actual Balances')).toBe('1');
    // (1,540 + 460 + 0) / 3 = 666.67 → $667.
    expect(insight('Average Balance (Last 3 Months)')).toBe('$667');
    expect(insight('Average Balance (Last 6 Months)')).toBeNull();
    expect(insight('Balance Trend')).toBe('Declining');
    fireEvent.click(screen.getByText('All Months'));
    await waitFor(() => expect(insight('Months Shown')).toBe('8'));
    // (3,000 + 4,000 + 2,920 + 1,540 + 460 + 0) / 6 = 1,986.67 → $1,987.
    expect(insight('Average Balance (Last 6 Months)')).toBe('$1,987');
  });

  it('has All Accounts view only, No Data for an empty account, and an empty state', async () => {
    const { unmount } = setup();
    await waitFor(() => expect(monthsOf('Retirement months, All Accounts')).toHaveLength(4));
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'IRA' }));
    await screen.findByText('No Data for IRA');
    unmount();
    setup({ intercept: serveMonths({ retirementMonths: { retirement_accounts: [], total: [] } }) });
    await screen.findByText('No retirement projection yet');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('titles a load error Error Loading Retirement Months', async () => {
    setup({ intercept: (request) => (request.path === '/api/v1/retirement_months' ? { ok: false, kind: 'http', status: 403, message: 'Analytics is part of the subscription.', errors: null } : undefined) });
    await screen.findByText('Error Loading Retirement Months');
    screen.getByText('Analytics is part of the subscription.');
  });

  it('validates the balance and sends it as balance', async () => {
    const { server } = setup();
    await openAccount('401k');
    // The current month is before retirement: only All Months shows it.
    fireEvent.click(screen.getByText('All Months'));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit 2026-03' }));
    fill('Balance', '');
    fireEvent.click(screen.getByRole('button', { name: 'Update Retirement Month' }));
    await screen.findByText('Balance is required');
    fill('Balance', '-0.01');
    fireEvent.click(screen.getByRole('button', { name: 'Update Retirement Month' }));
    await screen.findByText('Please enter a valid amount');
    fill('Balance', '3210.98');
    fireEvent.click(screen.getByRole('button', { name: 'Update Retirement Month' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes.map((w) => [w.path, w.body])).toEqual([[`/api/v1/retirement_months/${monthRowId(5, '2026-03' as never)}`, { retirement_month: { balance: 3210.98 } }]]);
  });

  it('shows the failure wording when a retirement month edit is refused', async () => {
    setup({ intercept: (request) => (request.method === 'PUT' ? { ok: false, kind: 'http', status: 422, message: 'no', errors: null } : serveMonths({ retirementMonths: RETIREMENT_BODY })(request)) });
    await openAccount('401k');
    fireEvent.click(screen.getByText('All Months'));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit 2026-03' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update Retirement Month' }));
    await screen.findByText('Failed to update retirement month. Please try again.');
  });
});
