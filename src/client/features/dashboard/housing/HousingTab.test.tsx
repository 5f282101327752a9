// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../data/api.ts';
import type { TestServer } from '../../../data/test-server.testing.ts';
import { renderScreen } from '../../../test-support/render.testing.tsx';
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

const dialog = () => screen.getByRole('dialog');
const input = (label: string) => within(dialog()).getByLabelText(label, { exact: false }) as HTMLInputElement;
const fill = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const submit = (name: string) => fireEvent.click(within(dialog()).getByRole('button', { name }));
const details = () =>
  Object.fromEntries(
    within(screen.getByLabelText('Housing details'))
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );

function fillMortgage() {
  fill('Housing Type', 'Mortgage');
  fill('Total Monthly Payment', '2000');
  fill('Original Purchase Price', '300000');
  fill('Down Payment', '60000');
  fill('Interest Rate', '6');
  fill('Term', '30');
  fill('Escrow Payment', '400');
  fill('Open Date', '2020-06-15');
  fill('Current Balance', '200000');
}

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

async function openAdd(options: Parameters<typeof renderScreen>[1] = {}) {
  const rendered = renderScreen(<HousingTab />, { now: NOW, ...options });
  await rendered.layer.ready;
  fireEvent.click(await screen.findByRole('button', { name: 'Add Housing' }));
  return rendered;
}

describe('HousingTab', () => {
  it('with no record shows the title, the empty state and an Add Housing button', async () => {
    const { layer } = renderScreen(<HousingTab />);
    await layer.ready;
    expect(screen.getByRole('heading', { name: 'Housing' })).toBeTruthy();
    expect(await screen.findByText('No housing information found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Housing' })).toBeTruthy();
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
    expect(await screen.findByLabelText('Loading')).toBeTruthy();
    expect(screen.queryByText('No housing information found')).toBeNull();
    answer({ ok: true, status: 200, data: { housing: null } });
    await layer.ready;
    expect(await screen.findByText('No housing information found')).toBeTruthy();
    expect(screen.queryByLabelText('Loading')).toBeNull();
  });

  it('shows the load error and no empty state', async () => {
    const { layer } = renderScreen(<HousingTab />, {
      intercept: (request) => (request.method === 'GET' && request.path === HOUSING ? { ok: false, kind: 'http', status: 403, message: null, errors: null } : undefined),
    });
    await layer.ready;
    expect(await screen.findByText('Failed to fetch housing')).toBeTruthy();
    expect(screen.queryByText('No housing information found')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Housing' })).toBeNull();
  });

  it('shows a mortgage in the Housing Details card', async () => {
    const { layer } = renderScreen(<HousingTab />, { singles: { [HOUSING]: mortgage } });
    await layer.ready;
    expect(await screen.findByRole('heading', { name: 'Housing Details' })).toBeTruthy();
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
    expect(within(dialog()).getByRole('heading', { name: 'Add New Housing' })).toBeTruthy();
    expect((input('Housing Type') as unknown as HTMLSelectElement).value).toBe('Rent');
    expect(within(input('Housing Type')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Rent', 'Mortgage', 'Own']);
    expect(within(dialog()).queryByLabelText('Original Purchase Price', { exact: false })).toBeNull();
    expect(within(dialog()).queryByLabelText('Escrow Payment', { exact: false })).toBeNull();
    fill('Total Monthly Payment', '1500.5');
    submit('Add Housing');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes.map((w) => [w.method, w.path, w.body])).toEqual([['POST', HOUSING, { housing: { housing_type: 'Rent', total_monthly_payment: 1500.5 } }]]);
    expect(await screen.findByRole('heading', { name: 'Housing Details' })).toBeTruthy();
    expect(details()).toEqual({ 'Housing Type': 'Rent', 'Total Monthly Payment': '$1,500.50' });
  });

  it('sends only the type and payment for Own, even after mortgage fields were typed', async () => {
    const { server } = await openAdd();
    fillMortgage();
    fill('Housing Type', 'Own');
    expect(within(dialog()).queryByLabelText('Current Balance', { exact: false })).toBeNull();
    fill('Total Monthly Payment', '350');
    submit('Add Housing');
    await waitFor(() => expect(server.writes).toHaveLength(1));
    expect(server.writes[0]?.body).toEqual({ housing: { housing_type: 'Own', total_monthly_payment: 350 } });
  });

  it('adds a Mortgage with every field, blocking close while it is sent', async () => {
    const { server } = await openAdd();
    fillMortgage();
    expect(input('Term').placeholder).toBe('30');
    for (const label of ['Total Monthly Payment', 'Original Purchase Price', 'Down Payment', 'Escrow Payment', 'Current Balance']) {
      expect([input(label).min, input(label).step]).toEqual(['0', '0.01']);
    }
    const release = holdWrites(server);
    submit('Add Housing');
    expect(await within(dialog()).findByRole('button', { name: 'Adding...' })).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const { id: _id, ...fields } = mortgage;
    expect(server.writes.map((w) => [w.method, w.path, w.body])).toEqual([['POST', HOUSING, { housing: fields }]]);
    await waitFor(() => expect(details()['Current Balance']).toBe('$200,000.00'));
  });

  it('shows each rule message for Rent and sends nothing', async () => {
    const { server } = await openAdd();
    submit('Add Housing');
    expect(await screen.findByText('Total monthly payment is required')).toBeTruthy();
    expect(screen.getByText('Please fix the errors above')).toBeTruthy();
    fill('Total Monthly Payment', '0');
    expect(screen.queryByText('Total monthly payment is required')).toBeNull();
    submit('Add Housing');
    expect(await screen.findByText('Total monthly payment must be greater than 0')).toBeTruthy();
    expect(server.writes).toEqual([]);
  });

  it('shows each rule message for a Mortgage and sends nothing while errors exist', async () => {
    const { server } = await openAdd();
    fill('Housing Type', 'Mortgage');
    submit('Add Housing');
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
      expect(await screen.findByText(message)).toBeTruthy();
    }

    fill('Total Monthly Payment', '0');
    fill('Original Purchase Price', '0');
    fill('Down Payment', '-1');
    fill('Interest Rate', '100.01');
    fill('Term', '51');
    fill('Escrow Payment', '-1');
    fill('Open Date', '2026-03-11');
    fill('Current Balance', '-1');
    submit('Add Housing');
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
      expect(await screen.findByText(message)).toBeTruthy();
    }

    // Editing a field clears its error.
    fill('Open Date', '2026-03-10');
    expect(screen.queryByText('Open date cannot be in the future')).toBeNull();

    fill('Original Purchase Price', '300000');
    fill('Down Payment', '300000.01');
    fill('Term', '0');
    submit('Add Housing');
    expect(await screen.findByText('Down payment cannot exceed purchase price')).toBeTruthy();
    expect(screen.getByText('Term must be between 1 and 50 years')).toBeTruthy();

    // The loan is 300,000 − 60,000 = 240,000.
    fill('Down Payment', '60000');
    fill('Current Balance', '240000.01');
    fill('Term', '30');
    submit('Add Housing');
    expect(await screen.findByText('Current balance cannot exceed original loan amount')).toBeTruthy();

    // 200,000 × 6 % / 12 = $1,000.00 of interest a month; 1,200 − 300 of escrow leaves 900.
    fill('Current Balance', '200000');
    fill('Interest Rate', '6');
    fill('Total Monthly Payment', '1200');
    fill('Escrow Payment', '300');
    submit('Add Housing');
    expect(await screen.findByText('Total monthly payment is not high enough to cover monthly interest of $1,000.00')).toBeTruthy();

    fill('Escrow Payment', '1200.01');
    submit('Add Housing');
    expect(await screen.findByText('Escrow payment cannot exceed total monthly payment')).toBeTruthy();
    expect(server.writes).toEqual([]);
  });

  it('edits a mortgage into Rent and sends just the type and payment', async () => {
    const { server, layer } = renderScreen(<HousingTab />, { now: NOW, singles: { [HOUSING]: { ...mortgage, open_date: '2020-06-15T00:00:00.000Z' } } });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Edit housing' }));
    expect(within(dialog()).getByRole('heading', { name: 'Edit Housing' })).toBeTruthy();
    expect([input('Housing Type').value, input('Original Purchase Price').value, input('Interest Rate').value, input('Term').value, input('Open Date').value]).toEqual([
      'Mortgage',
      '300000.00',
      '6',
      '30',
      '2020-06-15',
    ]);
    fill('Housing Type', 'Rent');
    fill('Total Monthly Payment', '1700');
    const release = holdWrites(server);
    submit('Update Housing');
    expect(await within(dialog()).findByRole('button', { name: 'Updating...' })).toBeTruthy();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes.map((w) => [w.method, w.path, w.body])).toEqual([['PUT', HOUSING, { housing: { housing_type: 'Rent', total_monthly_payment: 1700 } }]]);
    await waitFor(() => expect(details()).toEqual({ 'Housing Type': 'Rent', 'Total Monthly Payment': '$1,700.00' }));
  });

  it('keeps the modal open with the default wording when an add is refused without a message', async () => {
    await openAdd({ intercept: (request) => (request.method === 'POST' ? { ok: false, kind: 'http', status: 422, message: null, errors: null } : undefined) });
    fill('Total Monthly Payment', '1500');
    submit('Add Housing');
    expect(await screen.findByText('Failed to create housing record. Please try again.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByText('Housing Details')).toBeNull();
  });

  it('keeps the modal open with the server message or the update wording when an edit is refused', async () => {
    let message: string | null = 'Housing is locked';
    const { layer } = renderScreen(<HousingTab />, {
      now: NOW,
      singles: { [HOUSING]: mortgage },
      intercept: (request) => (request.method === 'PUT' ? { ok: false, kind: 'http', status: 422, message, errors: null } : undefined),
    });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Edit housing' }));
    submit('Update Housing');
    expect(await screen.findByText('Housing is locked')).toBeTruthy();
    message = null;
    submit('Update Housing');
    expect(await screen.findByText('Failed to update housing record. Please try again.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('offline, closes the form at once and marks the record pending', async () => {
    const { server } = await openAdd({ online: false });
    fill('Total Monthly Payment', '1500');
    submit('Add Housing');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('pending sync')).toBeTruthy();
    expect(details()).toEqual({ 'Housing Type': 'Rent', 'Total Monthly Payment': '$1,500.00' });
    expect(server.writes).toEqual([]);
  });
});
