// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../data/api.ts';
import { dialog, dialogClosed, dialogInput, expectCloseBlocked, expectKeptOpen, expectTexts, fillDialog, fillDialogFields, refuse, renderAndPress, renderReady, submitDialog, submitHeld, writesOf } from '../../../test-support/dialog.testing.ts';
import { renderScreen, type SetupOptions } from '../../../test-support/render.testing.tsx';
import { HousingTab } from './HousingTab.tsx';

const HOUSING = '/api/v1/housing';
// 10 March 2026, local time: an open date of the 11th is in the future.
const NOW = new Date(2026, 2, 10, 12);

const mortgage = {
  id: 7,
  housing_type: 'Mortgage',
  total_monthly_payment: 2000,
  original_purchase_price: 300000,
  down_payment: 60000,
  interest_rate: 6,
  term: 30,
  escrow_payment: 400,
  open_date: '2020-06-15',
  current_balance: 200000,
};

const details = () =>
  Object.fromEntries(
    within(screen.getByLabelText('Housing details'))
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );

const fillMortgage = () =>
  fillDialogFields({
    'Housing Type': 'Mortgage',
    'Total Monthly Payment': '2000',
    'Original Purchase Price': '300000',
    'Down Payment': '60000',
    'Interest Rate': '6',
    Term: '30',
    'Escrow Payment': '400',
    'Open Date': '2020-06-15',
    'Current Balance': '200000',
  });

const openAdd = (options: SetupOptions = {}) => renderAndPress(<HousingTab />, 'Add Housing', { now: NOW, ...options });

describe('HousingTab', () => {
  it('with no record shows the title, the empty state and an Add Housing button', async () => {
    await renderReady(<HousingTab />);
    screen.getByRole('heading', { name: 'Housing' });
    await screen.findByText('No housing information found');
    screen.getByRole('button', { name: 'Add Housing' });
    expect(screen.queryByText('Housing Details')).toBeNull();
  });

  it('shows a loading indicator while the record is fetched, and no empty state', async () => {
    let answer: (result: ApiResult) => void = () => {};
    const held = new Promise<ApiResult>((resolve) => {
      answer = resolve;
    });
    const { layer } = renderScreen(<HousingTab />, {
      // The twin awaits whatever the interceptor answers, so a promise holds the GET back.
      intercept: (request) => (request.method === 'GET' && request.path === HOUSING ? (held as unknown as ApiResult) : undefined),
    });
    await screen.findByLabelText('Loading');
    expect(screen.queryByText('No housing information found')).toBeNull();
    answer({ ok: true, status: 200, data: { housing: null } });
    await layer.ready;
    await screen.findByText('No housing information found');
    expect(screen.queryByLabelText('Loading')).toBeNull();
  });

  it('shows the load error and no empty state', async () => {
    await renderReady(<HousingTab />, { intercept: refuse('GET', null, { status: 403, path: HOUSING }) });
    await screen.findByText('Failed to fetch housing');
    expect(screen.queryByText('No housing information found')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Housing' })).toBeNull();
  });

  it('shows a mortgage in the Housing Details card', async () => {
    await renderReady(<HousingTab />, { singles: { [HOUSING]: mortgage } });
    await screen.findByRole('heading', { name: 'Housing Details' });
    expect(details()).toEqual({
      'Housing Type': 'Mortgage',
      'Total Monthly Payment': '$2,000.00',
      'Original Purchase Price': '$300,000.00',
      'Down Payment': '$60,000.00',
      'Interest Rate': '6%',
      Term: '30 years',
      'Escrow Payment': '$400.00',
      'Open Date': 'June 15, 2020',
      'Current Balance': '$200,000.00',
    });
    expect(screen.getByRole('button', { name: 'Edit housing' }).textContent).toBe('Edit');
  });

  it('adds Rent by default, with no mortgage fields shown or sent', async () => {
    const { server } = await openAdd();
    within(dialog()).getByRole('heading', { name: 'Add New Housing' });
    expect((dialogInput('Housing Type') as unknown as HTMLSelectElement).value).toBe('Rent');
    expect(within(dialogInput('Housing Type')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Rent', 'Mortgage', 'Own']);
    expect(within(dialog()).queryByLabelText('Original Purchase Price', { exact: false })).toBeNull();
    expect(within(dialog()).queryByLabelText('Escrow Payment', { exact: false })).toBeNull();
    fillDialog('Total Monthly Payment', '1500.5');
    submitDialog('Add Housing');
    await dialogClosed();
    expect(writesOf(server)).toEqual([['POST', HOUSING, { housing: { housing_type: 'Rent', total_monthly_payment: 1500.5 } }]]);
    await screen.findByRole('heading', { name: 'Housing Details' });
    expect(details()).toEqual({ 'Housing Type': 'Rent', 'Total Monthly Payment': '$1,500.50' });
  });

  it('sends only the type and payment for Own, even after mortgage fields were typed', async () => {
    const { server } = await openAdd();
    fillMortgage();
    fillDialog('Housing Type', 'Own');
    expect(within(dialog()).queryByLabelText('Current Balance', { exact: false })).toBeNull();
    fillDialog('Total Monthly Payment', '350');
    submitDialog('Add Housing');
    await waitFor(() => expect(server.writes).toHaveLength(1));
    expect(server.writes[0]?.body).toEqual({ housing: { housing_type: 'Own', total_monthly_payment: 350 } });
  });

  it('adds a Mortgage with every field, blocking close while it is sent', async () => {
    const { server } = await openAdd();
    fillMortgage();
    expect(dialogInput('Term').placeholder).toBe('30');
    for (const label of ['Total Monthly Payment', 'Original Purchase Price', 'Down Payment', 'Escrow Payment', 'Current Balance']) {
      expect([dialogInput(label).min, dialogInput(label).step]).toEqual(['0', '0.01']);
    }
    const release = await submitHeld(server, 'Add Housing', 'Adding...');
    expectCloseBlocked();
    release();
    await dialogClosed();
    const { id: _id, ...fields } = mortgage;
    expect(writesOf(server)).toEqual([['POST', HOUSING, { housing: fields }]]);
    await waitFor(() => expect(details()['Current Balance']).toBe('$200,000.00'));
  });

  it('shows each rule message for Rent and sends nothing', async () => {
    const { server } = await openAdd();
    submitDialog('Add Housing');
    await expectTexts('Total monthly payment is required', 'Please fix the errors above');
    fillDialog('Total Monthly Payment', '0');
    expect(screen.queryByText('Total monthly payment is required')).toBeNull();
    submitDialog('Add Housing');
    await screen.findByText('Total monthly payment must be greater than 0');
    expect(server.writes).toEqual([]);
  });

  it('shows each rule message for a Mortgage and sends nothing while errors exist', async () => {
    const { server } = await openAdd();
    fillDialog('Housing Type', 'Mortgage');
    submitDialog('Add Housing');
    for (const message of [
      'Total monthly payment is required',
      'Original purchase price is required',
      'Down payment is required',
      'Interest rate is required',
      'Term is required',
      'Escrow payment is required',
      'Open date is required',
      'Current balance is required',
      'Please fix the errors above',
    ]) {
      await screen.findByText(message);
    }

    fillDialogFields({ 'Total Monthly Payment': '0', 'Original Purchase Price': '0', 'Down Payment': '-1', 'Interest Rate': '100.01', Term: '51', 'Escrow Payment': '-1', 'Open Date': '2026-03-11', 'Current Balance': '-1' });
    submitDialog('Add Housing');
    for (const message of [
      'Total monthly payment must be greater than 0',
      'Original purchase price must be greater than 0',
      'Down payment cannot be negative',
      'Interest rate must be between 0 and 100',
      'Term must be between 1 and 50 years',
      'Escrow payment cannot be negative',
      'Open date cannot be in the future',
      'Current balance cannot be negative',
    ]) {
      await screen.findByText(message);
    }

    // Editing a field clears its error.
    fillDialog('Open Date', '2026-03-10');
    expect(screen.queryByText('Open date cannot be in the future')).toBeNull();

    fillDialog('Original Purchase Price', '300000');
    fillDialog('Down Payment', '300000.01');
    fillDialog('Term', '0');
    submitDialog('Add Housing');
    await expectTexts('Down payment cannot exceed purchase price', 'Term must be between 1 and 50 years');

    // The loan is 300,000 − 60,000 = 240,000.
    fillDialog('Down Payment', '60000');
    fillDialog('Current Balance', '240000.01');
    fillDialog('Term', '30');
    submitDialog('Add Housing');
    await screen.findByText('Current balance cannot exceed original loan amount');

    // 200,000 × 6 % / 12 = $1,000.00 of interest a month; 1,200 − 300 of escrow leaves 900.
    fillDialog('Current Balance', '200000');
    fillDialog('Interest Rate', '6');
    fillDialog('Total Monthly Payment', '1200');
    fillDialog('Escrow Payment', '300');
    submitDialog('Add Housing');
    await screen.findByText('Total monthly payment is not high enough to cover monthly interest of $1,000.00');

    fillDialog('Escrow Payment', '1200.01');
    submitDialog('Add Housing');
    await screen.findByText('Escrow payment cannot exceed total monthly payment');
    expect(server.writes).toEqual([]);
  });

  it('edits a mortgage into Rent and sends just the type and payment', async () => {
    const { server } = await renderAndPress(<HousingTab />, 'Edit housing', { now: NOW, singles: { [HOUSING]: { ...mortgage, open_date: '2020-06-15T00:00:00.000Z' } } });
    within(dialog()).getByRole('heading', { name: 'Edit Housing' });
    expect([dialogInput('Housing Type').value, dialogInput('Original Purchase Price').value, dialogInput('Interest Rate').value, dialogInput('Term').value, dialogInput('Open Date').value]).toEqual([
      'Mortgage',
      '300000.00',
      '6',
      '30',
      '2020-06-15',
    ]);
    fillDialog('Housing Type', 'Rent');
    fillDialog('Total Monthly Payment', '1700');
    const release = await submitHeld(server, 'Update Housing', 'Updating...');
    release();
    await dialogClosed();
    expect(writesOf(server)).toEqual([['PUT', HOUSING, { housing: { housing_type: 'Rent', total_monthly_payment: 1700 } }]]);
    await waitFor(() => expect(details()).toEqual({ 'Housing Type': 'Rent', 'Total Monthly Payment': '$1,700.00' }));
  });

  it('keeps the modal open with the default wording when an add is refused without a message', async () => {
    await openAdd({ intercept: refuse('POST', null) });
    fillDialog('Total Monthly Payment', '1500');
    submitDialog('Add Housing');
    await expectKeptOpen('Failed to create housing record. Please try again.');
    expect(screen.queryByText('Housing Details')).toBeNull();
  });

  it('keeps the modal open with the server message or the update wording when an edit is refused', async () => {
    let message: string | null = 'Housing is locked';
    await renderAndPress(<HousingTab />, 'Edit housing', { now: NOW, singles: { [HOUSING]: mortgage }, intercept: (request) => refuse('PUT', message)(request) });
    submitDialog('Update Housing');
    await screen.findByText('Housing is locked');
    message = null;
    submitDialog('Update Housing');
    await expectKeptOpen('Failed to update housing record. Please try again.');
  });

  it('offline, closes the form at once and marks the record pending', async () => {
    const { server } = await openAdd({ online: false });
    fillDialog('Total Monthly Payment', '1500');
    submitDialog('Add Housing');
    await dialogClosed();
    await screen.findByText('pending sync');
    expect(details()).toEqual({ 'Housing Type': 'Rent', 'Total Monthly Payment': '$1,500.00' });
    expect(server.writes).toEqual([]);
  });
});
