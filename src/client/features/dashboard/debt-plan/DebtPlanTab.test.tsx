// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../../../data/test-server.testing.ts';
import { renderScreen } from '../../../test-support/render.testing.tsx';
import { DebtPlanTab } from './DebtPlanTab.tsx';

const PLAN = '/api/v1/debt_plan';
const snowball = { id: 3, plan_type: 'snowball', extra_payment: 200 };

const dialog = () => screen.getByRole('dialog');
const input = (label: string) => within(dialog()).getByLabelText(label, { exact: false }) as HTMLInputElement;
const fill = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const submit = (name: string) => fireEvent.click(within(dialog()).getByRole('button', { name }));
const shown = () => [screen.getByTestId('plan-type').textContent, screen.getByTestId('extra-payment').textContent];

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

async function openCreate(options: Parameters<typeof renderScreen>[1] = {}) {
  const rendered = renderScreen(<DebtPlanTab />, options);
  await rendered.layer.ready;
  fireEvent.click(await screen.findByRole('button', { name: 'Create Debt Plan' }));
  return rendered;
}

describe('DebtPlanTab', () => {
  it('with no plan shows the empty state and a Create Debt Plan button', async () => {
    const { layer } = renderScreen(<DebtPlanTab />);
    await layer.ready;
    expect(await screen.findByText('No debt plan found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Debt Plan' })).toBeTruthy();
  });

  it('shows the load error and no empty state', async () => {
    const { layer } = renderScreen(<DebtPlanTab />, {
      intercept: (request) => (request.method === 'GET' && request.path === PLAN ? { ok: false, kind: 'http', status: 403, message: null, errors: null } : undefined),
    });
    await layer.ready;
    expect(await screen.findByText('Failed to fetch debt plan')).toBeTruthy();
    expect(screen.queryByText('No debt plan found')).toBeNull();
  });

  it('shows the plan type with its label and the extra payment, with an Edit button', async () => {
    const { layer } = renderScreen(<DebtPlanTab />, { singles: { [PLAN]: snowball } });
    await layer.ready;
    await waitFor(() => expect(shown()).toEqual(['SnowballPay off smallest debts first', '$200.00']));
    expect(screen.getByText('Pay off smallest debts first')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit debt plan' }).textContent).toBe('Edit');
    expect(screen.queryByText('No debt plan found')).toBeNull();
  });

  it('offers the three strategies with their labels', async () => {
    await openCreate();
    expect(within(dialog()).getByRole('heading', { name: 'Create Debt Plan' })).toBeTruthy();
    expect(within(input('Plan Type')).getAllByRole('option').map((o) => [(o as HTMLOptionElement).value, o.textContent])).toEqual([
      ['', 'Select a plan type'],
      ['none', 'None - No specific strategy'],
      ['snowball', 'Snowball - Pay off smallest debts first'],
      ['avalanche', 'Avalanche - Pay off highest interest first'],
    ]);
  });

  it('shows each rule message and sends nothing while errors exist', async () => {
    const { server } = await openCreate();
    submit('Create Debt Plan');
    expect(await screen.findByText('Plan type is required')).toBeTruthy();
    expect(screen.getByText('Please fix the errors above')).toBeTruthy();
    fill('Plan Type', 'avalanche');
    expect(screen.queryByText('Plan type is required')).toBeNull();
    fill('Extra Payment', '-5');
    submit('Create Debt Plan');
    expect(await screen.findByText('Please enter a valid amount')).toBeTruthy();
    // Editing the field clears its error.
    fill('Extra Payment', '5');
    expect(screen.queryByText('Please enter a valid amount')).toBeNull();
    expect(server.writes).toEqual([]);
  });

  it('hides the extra payment for none and sends 0, whatever was typed before', async () => {
    const { server } = await openCreate();
    fill('Plan Type', 'snowball');
    fill('Extra Payment', '-50');
    fill('Plan Type', 'none');
    expect(within(dialog()).queryByLabelText('Extra Payment', { exact: false })).toBeNull();
    submit('Create Debt Plan');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes.map((w) => [w.method, w.path, w.body])).toEqual([['POST', PLAN, { debt_plan: { plan_type: 'none', extra_payment: 0 } }]]);
    await waitFor(() => expect(shown()).toEqual(['NoneNo specific strategy', '$0.00']));
  });

  it('creates a plan with the extra payment in dollars, blocking close while it is sent', async () => {
    const { server } = await openCreate();
    fill('Plan Type', 'avalanche');
    fill('Extra Payment', '150.25');
    const release = holdWrites(server);
    submit('Create Debt Plan');
    expect(await within(dialog()).findByRole('button', { name: 'Creating...' })).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes.map((w) => [w.method, w.path, w.body])).toEqual([['POST', PLAN, { debt_plan: { plan_type: 'avalanche', extra_payment: 150.25 } }]]);
    await waitFor(() => expect(shown()).toEqual(['AvalanchePay off highest interest first', '$150.25']));
  });

  it('sends an empty extra payment as 0', async () => {
    const { server } = await openCreate();
    fill('Plan Type', 'snowball');
    submit('Create Debt Plan');
    await waitFor(() => expect(server.writes).toHaveLength(1));
    expect(server.writes[0]?.body).toEqual({ debt_plan: { plan_type: 'snowball', extra_payment: 0 } });
  });

  it('updates an existing plan', async () => {
    const { server, layer } = renderScreen(<DebtPlanTab />, { singles: { [PLAN]: snowball } });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Edit debt plan' }));
    expect(within(dialog()).getByRole('heading', { name: 'Edit Debt Plan' })).toBeTruthy();
    expect([input('Plan Type').value, input('Extra Payment').value]).toEqual(['snowball', '200.00']);
    fill('Extra Payment', '275');
    const release = holdWrites(server);
    submit('Update Debt Plan');
    expect(await within(dialog()).findByRole('button', { name: 'Updating...' })).toBeTruthy();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes.map((w) => [w.method, w.path, w.body])).toEqual([['PUT', PLAN, { debt_plan: { plan_type: 'snowball', extra_payment: 275 } }]]);
    await waitFor(() => expect(shown()).toEqual(['SnowballPay off smallest debts first', '$275.00']));
  });

  it('keeps the modal open with the server message or the spec’s wording on failure', async () => {
    let message: string | null = 'Plans are read-only';
    await openCreate({ intercept: (request) => (request.method === 'POST' ? { ok: false, kind: 'http', status: 422, message, errors: null } : undefined) });
    fill('Plan Type', 'snowball');
    submit('Create Debt Plan');
    expect(await screen.findByText('Plans are read-only')).toBeTruthy();
    message = null;
    submit('Create Debt Plan');
    expect(await screen.findByText('Failed to create debt plan. Please try again.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('says “update” when an edit is refused without a message', async () => {
    const { layer } = renderScreen(<DebtPlanTab />, {
      singles: { [PLAN]: snowball },
      intercept: (request) => (request.method === 'PUT' ? { ok: false, kind: 'http', status: 422, message: null, errors: null } : undefined),
    });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Edit debt plan' }));
    submit('Update Debt Plan');
    expect(await screen.findByText('Failed to update debt plan. Please try again.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('offline, closes the form at once and marks the plan pending', async () => {
    const { server } = await openCreate({ online: false });
    fill('Plan Type', 'snowball');
    fill('Extra Payment', '100');
    submit('Create Debt Plan');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('pending sync')).toBeTruthy();
    expect(shown()).toEqual(['SnowballPay off smallest debts first', '$100.00']);
    expect(server.writes).toEqual([]);
  });
});
