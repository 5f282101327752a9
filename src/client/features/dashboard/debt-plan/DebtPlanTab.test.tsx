// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialog, dialogClosed, dialogInput, expectCloseBlocked, expectKeptOpen, expectTexts, fillDialog, refuse, renderAndPress, renderReady, submitDialog, submitHeld, writesOf } from '../../../test-support/dialog.testing.ts';
import type { SetupOptions } from '../../../test-support/render.testing.tsx';
import { DebtPlanTab } from './DebtPlanTab.tsx';

const PLAN = '/api/v1/debt_plan';
const snowball = { id: 3, plan_type: 'snowball', extra_payment: 200 };

const shown = () => [screen.getByTestId('plan-type').textContent, screen.getByTestId('extra-payment').textContent];

const openCreate = (options: SetupOptions = {}) => renderAndPress(<DebtPlanTab />, 'Create Debt Plan', options);

describe('DebtPlanTab', () => {
  it('with no plan shows the empty state and a Create Debt Plan button', async () => {
    await renderReady(<DebtPlanTab />);
    await screen.findByText('No debt plan found');
    screen.getByRole('button', { name: 'Create Debt Plan' });
  });

  it('shows the load error and no empty state', async () => {
    await renderReady(<DebtPlanTab />, { intercept: refuse('GET', null, { status: 403, path: PLAN }) });
    await screen.findByText('Failed to fetch debt plan');
    expect(screen.queryByText('No debt plan found')).toBeNull();
  });

  it('shows the plan type with its label and the extra payment, with an Edit button', async () => {
    await renderReady(<DebtPlanTab />, { singles: { [PLAN]: snowball } });
    await waitFor(() => expect(shown()).toEqual(['SnowballPay off smallest debts first', '$200.00']));
    screen.getByText('Pay off smallest debts first');
    expect(screen.getByRole('button', { name: 'Edit debt plan' }).textContent).toBe('Edit');
    expect(screen.queryByText('No debt plan found')).toBeNull();
  });

  it('offers the three strategies with their labels', async () => {
    await openCreate();
    within(dialog()).getByRole('heading', { name: 'Create Debt Plan' });
    expect(within(dialogInput('Plan Type')).getAllByRole('option').map((o) => [(o as HTMLOptionElement).value, o.textContent])).toEqual([
      ['', 'Select a plan type'],
      ['none', 'None - No specific strategy'],
      ['snowball', 'Snowball - Pay off smallest debts first'],
      ['avalanche', 'Avalanche - Pay off highest interest first'],
    ]);
  });

  it('shows each rule message and sends nothing while errors exist', async () => {
    const { server } = await openCreate();
    submitDialog('Create Debt Plan');
    await expectTexts('Plan type is required', 'Please fix the errors above');
    fillDialog('Plan Type', 'avalanche');
    expect(screen.queryByText('Plan type is required')).toBeNull();
    fillDialog('Extra Payment', '-5');
    submitDialog('Create Debt Plan');
    await screen.findByText('Please enter a valid amount');
    // Editing the field clears its error.
    fillDialog('Extra Payment', '5');
    expect(screen.queryByText('Please enter a valid amount')).toBeNull();
    expect(server.writes).toEqual([]);
  });

  it('hides the extra payment for none and sends 0, whatever was typed before', async () => {
    const { server } = await openCreate();
    fillDialog('Plan Type', 'snowball');
    fillDialog('Extra Payment', '-50');
    fillDialog('Plan Type', 'none');
    expect(within(dialog()).queryByLabelText('Extra Payment', { exact: false })).toBeNull();
    submitDialog('Create Debt Plan');
    await dialogClosed();
    expect(writesOf(server)).toEqual([['POST', PLAN, { debt_plan: { plan_type: 'none', extra_payment: 0 } }]]);
    await waitFor(() => expect(shown()).toEqual(['NoneNo specific strategy', '$0.00']));
  });

  it('creates a plan with the extra payment in dollars, blocking close while it is sent', async () => {
    const { server } = await openCreate();
    fillDialog('Plan Type', 'avalanche');
    fillDialog('Extra Payment', '150.25');
    const release = await submitHeld(server, 'Create Debt Plan', 'Creating...');
    expectCloseBlocked();
    release();
    await dialogClosed();
    expect(writesOf(server)).toEqual([['POST', PLAN, { debt_plan: { plan_type: 'avalanche', extra_payment: 150.25 } }]]);
    await waitFor(() => expect(shown()).toEqual(['AvalanchePay off highest interest first', '$150.25']));
  });

  it('sends an empty extra payment as 0', async () => {
    const { server } = await openCreate();
    fillDialog('Plan Type', 'snowball');
    submitDialog('Create Debt Plan');
    await waitFor(() => expect(server.writes).toHaveLength(1));
    expect(server.writes[0]?.body).toEqual({ debt_plan: { plan_type: 'snowball', extra_payment: 0 } });
  });

  it('updates an existing plan', async () => {
    const { server } = await renderAndPress(<DebtPlanTab />, 'Edit debt plan', { singles: { [PLAN]: snowball } });
    within(dialog()).getByRole('heading', { name: 'Edit Debt Plan' });
    expect([dialogInput('Plan Type').value, dialogInput('Extra Payment').value]).toEqual(['snowball', '200.00']);
    fillDialog('Extra Payment', '275');
    const release = await submitHeld(server, 'Update Debt Plan', 'Updating...');
    release();
    await dialogClosed();
    expect(writesOf(server)).toEqual([['PUT', PLAN, { debt_plan: { plan_type: 'snowball', extra_payment: 275 } }]]);
    await waitFor(() => expect(shown()).toEqual(['SnowballPay off smallest debts first', '$275.00']));
  });

  it('keeps the modal open with the server message or the default wording on failure', async () => {
    let message: string | null = 'Plans are read-only';
    await openCreate({ intercept: (request) => refuse('POST', message)(request) });
    fillDialog('Plan Type', 'snowball');
    submitDialog('Create Debt Plan');
    await screen.findByText('Plans are read-only');
    message = null;
    submitDialog('Create Debt Plan');
    await expectKeptOpen('Failed to create debt plan. Please try again.');
  });

  it('says “update” when an edit is refused without a message', async () => {
    await renderAndPress(<DebtPlanTab />, 'Edit debt plan', { singles: { [PLAN]: snowball }, intercept: refuse('PUT', null) });
    submitDialog('Update Debt Plan');
    await expectKeptOpen('Failed to update debt plan. Please try again.');
  });

  it('offline, closes the form at once and marks the plan pending', async () => {
    const { server } = await openCreate({ online: false });
    fillDialog('Plan Type', 'snowball');
    fillDialog('Extra Payment', '100');
    submitDialog('Create Debt Plan');
    await dialogClosed();
    await screen.findByText('pending sync');
    expect(shown()).toEqual(['SnowballPay off smallest debts first', '$100.00']);
    expect(server.writes).toEqual([]);
  });
});
