// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Cents } from '../../../engine/money.ts';
import type { MonthKey } from '../../../engine/months.ts';
import { dialog, dialogInput, fillDialog, labelStart, renderReady, submitDialog, writesOf } from '../../test-support/dialog.testing.ts';
import { AssumptionsCard, NOMINAL_NOTICE } from './AssumptionsCard.tsx';
import { BRACKETS_ONLY, FLAT_RATE_UNUSED, NO_TAXABLE_ACCOUNT, TAX_LIMITS } from '../../model/recommendations.ts';

const PATH = '/api/v1/assumptions';
const ACCOUNTS = '/api/v1/retirement_accounts';
const EXPENSES = '/api/v1/monthly_expenses';
const PLAN = '/api/v1/retirement_plan';
const value = (field: string) => screen.getByTestId(`assumption-${field}`).textContent;
const options = (label: string) => [...(within(dialog()).getByLabelText(labelStart(label)) as HTMLSelectElement).options].map((option) => option.textContent);
const account = (id: number, name: string, type: string) => ({ id, name, account_type: type, contribution_amount: 100, employer_match: 0, employer_contribution_amount: 0, starting_balance: 0, expected_return_rate: 6, contribution_cycle: 'monthly', next_deposit_date: '2026-01-01' });
const BROKERAGE = account(9, 'Brokerage', 'taxable');
const IRA = account(10, 'Roth IRA', 'roth_ira');
const expense = (id: number, amount: number, end: string | null) => ({ id, name: `Expense ${id}`, amount, due_day: 1, end_month: end });
/** What a field of the open form is described by (its error, its hint), as read out with it. */
const describedBy = (label: string) => (dialogInput(labelStart(label)).getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => document.getElementById(id)?.textContent);

describe('AssumptionsCard', () => {
  it('says what the figures leave out while nothing is set', async () => {
    await renderReady(<AssumptionsCard />);
    await screen.findByText(NOMINAL_NOTICE);
    expect(value('inflation_rate')).toBe('Not set');
    expect(value('cash_balance')).toBe('Not set');
  });

  it('confirms every recommendation with one click, through the outbox to the server', async () => {
    const { server } = await renderReady(<AssumptionsCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use recommended' }));
    await waitFor(() => expect(value('inflation_rate')).toBe('2.5% a year'));
    expect(value('retirement_tax_rate')).toBe('12% of each withdrawal');
    expect(value('spend_cash_in_retirement')).toBe('Yes');
    // Cash and the home's value are the household's own: no recommendation is made for them.
    expect(value('cash_balance')).toBe('Not set');
    expect(value('home_value')).toBe('Not set');
    expect(value('home_appreciation_rate')).toBe('3% a year');
    // Where the money goes: only the overdraft rate has a general recommendation.
    expect(value('overdraft_interest_rate')).toBe('22% a year');
    expect(value('other_spending')).toBe('Not set');
    expect(value('surplus_account_id')).toBe('Not set');
    // Taxes: the tax-aware order is recommended, and no Roth conversion until amounts are compared;
    // the filing status and the state's rate are the household's own.
    expect(value('withdrawal_order')).toBe('Taxable, then traditional, then Roth');
    expect(value('filing_status')).toBe('Not set');
    expect(value('state_tax_rate')).toBe('Not set');
    expect(value('roth_conversion')).toBe('$0.00 a year');
    // The risk screens' settings: 60 % in stocks, and the volatility that mix had (12 % a year).
    expect(value('stock_share')).toBe('60% in stocks');
    expect(value('return_volatility')).toBe('12% a year');
    await waitFor(() => expect(writesOf(server)).toHaveLength(1));
    // No record yet: the first save creates it (POST); later ones merge (PUT).
    expect(writesOf(server)[0]).toEqual([
      'POST',
      PATH,
      {
        assumptions: {
          inflation_rate: 2.5,
          salary_growth_rate: 3,
          social_security_cola: 2.5,
          cash_interest_rate: 3,
          home_appreciation_rate: 3,
          retirement_tax_rate: 12,
          spend_cash_in_retirement: true,
          overdraft_interest_rate: 22,
          withdrawal_order: 'tax_aware',
          roth_conversion: 0,
          stock_share: 60,
          return_volatility: 12,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByText(NOMINAL_NOTICE)).toBeNull());
  });

  it('recommends the volatility of the stock share the plan holds', async () => {
    // All in stocks: √(17.87²) = 17.87 → 18 % a year, said with where it comes from.
    await renderReady(<AssumptionsCard />, { singles: { [PATH]: { id: 1, stock_share: 100, return_volatility: null } } });
    await waitFor(() => expect(value('stock_share')).toBe('100% in stocks'));
    fireEvent.click(await screen.findByRole('button', { name: 'Use the recommended return volatility' }));
    await waitFor(() => expect(value('return_volatility')).toBe('18% a year'));
    screen.getByText(/a mix with 100 % in stocks swung about 17\.9 % a year/);
  });

  it('sets one recommendation with its row\'s button, and any value by hand with the rule\'s messages', async () => {
    const { server } = await renderReady(<AssumptionsCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use the recommended inflation' }));
    await waitFor(() => expect(value('inflation_rate')).toBe('2.5% a year'));

    fireEvent.click(screen.getByRole('button', { name: 'Edit plan assumptions' }));
    fillDialog('Inflation (% a year)', '25');
    submitDialog('Save assumptions');
    await screen.findByText('Inflation rate must be between 0 and 20');
    fillDialog('Inflation (% a year)', '3');
    fillDialog('Cash today', '12500');
    submitDialog('Save assumptions');
    await waitFor(() => expect(value('cash_balance')).toBe('$12,500.00'));
    expect(value('inflation_rate')).toBe('3% a year');
    await waitFor(() => expect(server.singles.get(PATH)).toMatchObject({ inflation_rate: 3, cash_balance: 12500 }));
  });

  it('sets the withdrawal order and the filing status by hand, and clears them back to not set', async () => {
    const { server } = await renderReady(<AssumptionsCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit plan assumptions' }));
    await waitFor(() => expect(options('Filing status')).toEqual(['Not set', 'Single', 'Married filing jointly', 'Head of household']));
    expect(options('Withdrawal order')).toEqual(['Not set', 'In proportion to balances', 'Taxable, then traditional, then Roth']);
    fillDialog('Filing status', 'married_joint');
    fillDialog('Withdrawal order', 'tax_aware');
    submitDialog('Save assumptions');
    await waitFor(() => expect(value('filing_status')).toBe('Married filing jointly'));
    expect(value('withdrawal_order')).toBe('Taxable, then traditional, then Roth');
    await waitFor(() => expect(server.singles.get(PATH)).toMatchObject({ filing_status: 'married_joint', withdrawal_order: 'tax_aware' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit plan assumptions' }));
    // The form opens again in a transition: on a loaded machine not within the click.
    await screen.findByRole('button', { name: 'Save assumptions' }, { timeout: 10_000 });
    fillDialog('Filing status', '');
    submitDialog('Save assumptions');
    await waitFor(() => expect(value('filing_status')).toBe('Not set'));
    await waitFor(() => expect(server.singles.get(PATH)).toMatchObject({ filing_status: null, withdrawal_order: 'tax_aware' }));
  });

  it('sets where the money goes by hand: other spending, the retirement budget, the surplus account and share, the overdraft rate', async () => {
    const { server } = await renderReady(<AssumptionsCard />, { records: { [ACCOUNTS]: [BROKERAGE, IRA] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit plan assumptions' }));
    // Only the taxable account is offered, beside "none".
    await waitFor(() => expect(options('Invest the surplus')).toEqual(['None: the surplus stays cash', 'Brokerage']));
    // The share means something only once an account is named.
    expect(within(dialog()).queryByLabelText(/^Share of the surplus/)).toBeNull();
    fillDialog(labelStart('Other spending'), '-1');
    fillDialog(labelStart('Retirement budget'), '-5');
    fillDialog(labelStart('Overdraft interest rate'), '41');
    fillDialog(labelStart('Invest the surplus'), '9');
    fillDialog(labelStart('Share of the surplus'), '101');
    submitDialog('Save assumptions');
    await screen.findByText('Other spending cannot be negative');
    for (const message of ['Retirement budget cannot be negative', 'Overdraft interest rate must be between 0 and 40', 'Surplus share must be between 0 and 100']) screen.getByText(message);
    expect(server.writes).toEqual([]);
    fillDialog(labelStart('Other spending'), '612.50');
    fillDialog(labelStart('Retirement budget'), '4000');
    fillDialog(labelStart('Overdraft interest rate'), '18');
    fillDialog(labelStart('Share of the surplus'), '80');
    submitDialog('Save assumptions');
    await waitFor(() => expect(value('surplus_account_id')).toBe('80% to Brokerage'));
    expect(value('other_spending')).toBe('$612.50 a month');
    expect(value('retirement_spending')).toBe('$4,000.00 a month');
    expect(value('overdraft_interest_rate')).toBe('18% a year');
    await waitFor(() => expect(server.singles.get(PATH)).toMatchObject({ other_spending: 612.5, retirement_spending: 4000, surplus_account_id: 9, surplus_share: 80, overdraft_interest_rate: 18 }));
  });

  it('sends the share as not set when no account is named, so the surplus stays cash', async () => {
    const { server } = await renderReady(<AssumptionsCard />, { records: { [ACCOUNTS]: [BROKERAGE] }, singles: { [PATH]: { id: 1, surplus_account_id: 9, surplus_share: 50 } } });
    await waitFor(() => expect(value('surplus_account_id')).toBe('50% to Brokerage'));
    fireEvent.click(screen.getByRole('button', { name: 'Edit plan assumptions' }));
    fillDialog(labelStart('Invest the surplus'), '');
    submitDialog('Save assumptions');
    await waitFor(() => expect(value('surplus_account_id')).toBe('Not set'));
    await waitFor(() => expect(server.singles.get(PATH)).toMatchObject({ surplus_account_id: null, surplus_share: null }));
  });

  it('says how to get a taxable account when there is none, on the card and in the form', async () => {
    await renderReady(<AssumptionsCard />, { records: { [ACCOUNTS]: [IRA] } });
    expect((await screen.findByTestId('no-taxable-account')).textContent).toBe(NO_TAXABLE_ACCOUNT);
    fireEvent.click(screen.getByRole('button', { name: 'Edit plan assumptions' }));
    const select = within(dialog()).getByLabelText(labelStart('Invest the surplus')) as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    within(dialog()).getByText(NO_TAXABLE_ACCOUNT);
  });

  it('puts what the list comes to today beside the retirement budget', async () => {
    // Retiring 2040-06: rent-free list of 3,000.00 open-ended + 500.00 ending 2045-01 (still running
    // at retirement) + 400.00 ending 2030-12 (gone by then), other spending 310.00:
    // 3,000.00 + 500.00 + 310.00 = 3,810.00.
    await renderReady(<AssumptionsCard />, {
      records: { [EXPENSES]: [expense(1, 3000, null), expense(2, 500, '2045-01'), expense(3, 400, '2030-12')] },
      singles: { [PLAN]: { id: 1, retirement_date: '2040-06-01' }, [PATH]: { id: 2, other_spending: 310 } },
    });
    await waitFor(() => expect(screen.getByTestId('hint-retirement_spending').textContent).toBe('Your list and other spending come to $3,810 a month today (1 expense that ends before you retire left out).'));
  });

  it('recommends the other spending the check-ins measured, on top of what is set, with where it comes from', async () => {
    const learned = { spending: { extra: 21_250 as Cents, from: '2026-01' as MonthKey, to: '2026-03' as MonthKey }, idle: null };
    const { server } = await renderReady(<AssumptionsCard learned={learned} />, { singles: { [PATH]: { id: 1, other_spending: 100 } } });
    // 100.00 already counted + 212.50 measured = 312.50.
    const row = await screen.findByRole('group', { name: 'Other spending' });
    await waitFor(() => expect(within(row).getByText(/^Recommended:/).textContent).toBe('Recommended: $312.50 a month. Your check-ins from 2026-01 to 2026-03: cash came out $212.50 a month below the plan on average, after debts.'));
    fireEvent.click(within(row).getByRole('button', { name: 'Use the recommended other spending' }));
    await waitFor(() => expect(server.singles.get(PATH)).toMatchObject({ other_spending: 312.5 }));
    expect(writesOf(server)).toEqual([['PUT', PATH, { assumptions: { other_spending: 312.5 } }]]);
  });

  it('on its own (the dashboard), a subscriber\'s card measures other spending from the check-ins in the month tables', async () => {
    // Net 3 000.00 a month, expenses 1 000.00: the plan adds 2 000.00 a month to cash. Check-ins
    // 2026-01 2 000.00 and 2026-03 3 000.00 against a plan of 6 000.00: 1 500.00 a month more spent.
    const tables = { income_months: [{ id: 1, month: '2026-01', input_end_balance: 2000 }, { id: 2, month: '2026-02', input_end_balance: null }, { id: 3, month: '2026-03', input_end_balance: 3000 }] };
    await renderReady(<AssumptionsCard />, {
      subscribed: true,
      now: new Date(2026, 2, 15, 12),
      records: { '/api/v1/incomes': [{ id: 1, name: 'Salary', pay_cycle: 'monthly', next_pay_date: '2026-01-01', gross_pay: 4000, net_pay: 3000 }], [EXPENSES]: [expense(1, 1000, null)] },
      intercept: (request) => (request.method === 'GET' && request.path === '/api/v1/income_months' ? { ok: true, status: 200, data: tables } : undefined),
    });
    const row = await screen.findByRole('group', { name: 'Other spending' });
    await waitFor(() => expect(within(row).getByText(/^Recommended:/).textContent).toBe('Recommended: $1,500.00 a month. Your check-ins from 2026-01 to 2026-03: cash came out $1,500.00 a month below the plan on average, after debts.'));
  });

  it('shows the state income tax and the yearly Roth conversion under Taxes, with what each changes and what is recommended', async () => {
    const { server } = await renderReady(<AssumptionsCard />);
    const state = await screen.findByRole('group', { name: 'State income tax' });
    expect(state.textContent).toContain('In bracket mode (a filing status set), adds this % of your federal taxable income each year as state tax.');
    // No single rate to recommend: the row says why, and offers no button.
    expect(within(state).getByTestId('no-recommendation-state_tax_rate').textContent).toMatch(/^No single recommendation: states differ, from 0 % .* to over 10 %/);
    expect(within(state).queryByRole('button')).toBeNull();
    const conversion = screen.getByRole('group', { name: 'Roth conversion' });
    expect(conversion.textContent).toContain(
      'Each January of retirement until the year before required minimum distributions, moves this much (grown with inflation) from traditional accounts to Roth accounts; taxed as ordinary income that year.',
    );
    expect(within(conversion).getByText(/^Recommended:/).textContent).toBe(
      'Recommended: $0.00 a year. No conversion until you have compared amounts: the Roth conversion explorer in What if finds the amount that leaves the most after tax.',
    );
    // What the brackets leave out, beside the filing status.
    expect(within(screen.getByRole('group', { name: 'Filing status' })).getByTestId('tax-limits').textContent).toBe(TAX_LIMITS);
    expect(TAX_LIMITS).toMatch(/married filing jointly counts the 65\+ additional deduction and the senior deduction once/);
    expect(TAX_LIMITS).toMatch(/before 59½, with no rule-of-55 or 72\(t\) exception/);
    fireEvent.click(within(conversion).getByRole('button', { name: 'Use the recommended roth conversion' }));
    await waitFor(() => expect(value('roth_conversion')).toBe('$0.00 a year'));
    await waitFor(() => expect(writesOf(server)).toEqual([['POST', PATH, { assumptions: { roth_conversion: 0 } }]]));
    await waitFor(() => expect(within(conversion).queryByRole('button')).toBeNull());
    expect(conversion.textContent).toContain('In use');
  });

  it('sets the state rate and a yearly Roth conversion by hand, with the rule\'s message for a bad value', async () => {
    const { server } = await renderReady(<AssumptionsCard />, { singles: { [PATH]: { id: 1, filing_status: 'single' } } });
    await waitFor(() => expect(value('filing_status')).toBe('Single'));
    fireEvent.click(screen.getByRole('button', { name: 'Edit plan assumptions' }));
    // The form says the units: a share of federal taxable income, dollars a year.
    fillDialog(labelStart('State income tax (% of federal taxable income)'), '16');
    fillDialog(labelStart("Roth conversion ($ a year, today's dollars)"), '-1');
    submitDialog('Save assumptions');
    // Each message is the shared rule's, under its own field.
    await waitFor(() => expect(describedBy('State income tax')).toContain('State tax rate must be between 0 and 15'));
    expect(describedBy('Roth conversion')).toContain('Roth conversion cannot be negative');
    expect(dialogInput(labelStart('State income tax')).getAttribute('aria-invalid')).toBe('true');
    expect(dialogInput(labelStart('Roth conversion')).getAttribute('aria-invalid')).toBe('true');
    expect(server.writes).toEqual([]);
    fillDialog(labelStart('State income tax'), '5.5');
    fillDialog(labelStart('Roth conversion'), '20000');
    submitDialog('Save assumptions');
    await waitFor(() => expect(value('roth_conversion')).toBe('$20,000.00 a year'));
    expect(value('state_tax_rate')).toBe('5.5% of federal taxable income');
    await waitFor(() => expect(writesOf(server)).toHaveLength(1));
    const [method, path, body] = writesOf(server)[0] as [string, string, { assumptions: Record<string, unknown> }];
    expect([method, path]).toEqual(['PUT', PATH]);
    expect(body.assumptions).toMatchObject({ filing_status: 'single', state_tax_rate: 5.5, roth_conversion: 20000 });
    await waitFor(() => expect(server.singles.get(PATH)).toMatchObject({ filing_status: 'single', state_tax_rate: 5.5, roth_conversion: 20000 }));
  });

  it('says the flat rate is not used once a filing status is set, and the state rate and the conversion only then', async () => {
    await renderReady(<AssumptionsCard />, { singles: { [PATH]: { id: 1, retirement_tax_rate: 12, filing_status: 'married_joint', state_tax_rate: 4, roth_conversion: 10000 } } });
    await waitFor(() => expect(value('filing_status')).toBe('Married filing jointly'));
    expect(screen.getByTestId('hint-retirement_tax_rate').textContent).toBe(FLAT_RATE_UNUSED);
    expect(screen.queryByTestId('hint-state_tax_rate')).toBeNull();
    expect(screen.queryByTestId('hint-roth_conversion')).toBeNull();
    // The form says the same, following the filing status as it is chosen.
    fireEvent.click(screen.getByRole('button', { name: 'Edit plan assumptions' }));
    expect(describedBy('Tax on traditional withdrawals')).toEqual(['Not used with a filing status: the federal brackets apply']);
    expect(describedBy('State income tax')).toEqual(['Your state’s rate; 0 without a state income tax']);
    expect(describedBy('Roth conversion')).toEqual(['Each January of retirement, until the year before RMDs']);
    fillDialog('Filing status', '');
    expect(describedBy('Tax on traditional withdrawals')).toEqual([]);
    expect(describedBy('State income tax')).toEqual(['Your state’s rate; 0 without a state income tax. Not used without a filing status']);
    expect(describedBy('Roth conversion')).toEqual(['Each January of retirement, until the year before RMDs. Not used without a filing status']);
    submitDialog('Save assumptions');
    // Without a filing status the flat rate applies: the note moves to the two rows not used.
    await waitFor(() => expect(value('filing_status')).toBe('Not set'));
    await waitFor(() => expect(screen.queryByTestId('hint-retirement_tax_rate')).toBeNull());
    expect(screen.getByTestId('hint-state_tax_rate').textContent).toBe(BRACKETS_ONLY);
    expect(screen.getByTestId('hint-roth_conversion').textContent).toBe(BRACKETS_ONLY);
    // Kept, not hidden: the values stay on the card.
    expect(value('state_tax_rate')).toBe('4% of federal taxable income');
    expect(value('roth_conversion')).toBe('$10,000.00 a year');
  });

  it('offline, the new fields are kept in the outbox and sent once online', async () => {
    const { server, layer, setOnline } = await renderReady(<AssumptionsCard />, { online: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit plan assumptions' }));
    fillDialog(labelStart('Other spending'), '250');
    submitDialog('Save assumptions');
    await waitFor(() => expect(value('other_spending')).toBe('$250.00 a month'));
    expect(server.writes).toEqual([]);
    expect(await layer.db.outbox.where('status').equals('pending').count()).toBe(1);
    setOnline(true);
    await waitFor(() => expect(server.singles.get(PATH)).toMatchObject({ other_spending: 250 }));
  });
});
