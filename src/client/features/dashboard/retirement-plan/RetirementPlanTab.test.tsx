// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { byLabelStart, confirmDelete, dialog, dialogClosed, expectKeptOpen, expectNoTexts, expectTexts, press, refuse, renderAndPress, renderReady, submitDialog, writesOf } from '../../../test-support/dialog.testing.ts';
import { renderScreen } from '../../../test-support/render.testing.tsx';
import { RETIREMENT_RETURN_HINT, SOCIAL_SECURITY_HINT } from './RetirementPlanForm.tsx';
import { PLAN_NOTES, RetirementPlanTab } from './RetirementPlanTab.tsx';

const PATH = '/api/v1/retirement_plan';
const plan = {
  id: 7,
  retirement_date: '2050-06-01T00:00:00.000Z',
  interest_rate: 4.5,
  social_security_income: 1850.5,
  social_security_start_date: '2052-01-15',
  monthly_expenses: 3200.75,
  years_of_retirement: 30,
};

const detail = (label: string) => screen.getByTestId(`plan-${label}`).textContent;
const { input, fill, fillFields } = byLabelStart;

const fillValid = () =>
  fillFields({
    'Retirement Date': '2055-01-01',
    'Expected Interest Rate': '5',
    'Expected Social Security Income': '2000.10',
    'Social Security Start Date': '2057-03-01',
    'Expected Years of Retirement': '25',
  });

describe('RetirementPlanTab', () => {
  it('shows the plan details, dates by their date part', async () => {
    renderScreen(<RetirementPlanTab />, { singles: { [PATH]: plan } });
    await waitFor(() => expect(detail('Retirement Date')).toBe('2050-06-01'));
    expect(detail('Expected Interest Rate on Savings')).toBe('4.5%');
    expect(detail('Expected Social Security Income')).toBe('$1,850.50 per month');
    expect(detail('Social Security Start Date')).toBe('2052-01-15');
    expect(detail('Expected Years of Retirement')).toBe('30 years');
    screen.getByRole('button', { name: 'Edit' });
    expect(screen.queryByText('No retirement plan found')).toBeNull();
    // Which dollars Social Security is in, and what the plan's rate does.
    expect(screen.getByTestId('plan-notes').textContent).toBe(PLAN_NOTES);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const form = within(screen.getByRole('dialog', { name: 'Edit Retirement Plan' }));
    form.getByText(SOCIAL_SECURITY_HINT);
    form.getByText(RETIREMENT_RETURN_HINT);
  });

  it('shows the empty state with a Create Retirement Plan button', async () => {
    await renderReady(<RetirementPlanTab />);
    await screen.findByText('No retirement plan found');
    fireEvent.click(screen.getByRole('button', { name: 'Create Retirement Plan' }));
    screen.getByRole('dialog', { name: 'Create Retirement Plan' });
  });

  it('shows each rule message and sends nothing while errors exist', async () => {
    const { server } = await renderAndPress(<RetirementPlanTab />, 'Create Retirement Plan');
    submitDialog('Create Plan');
    await expectTexts('Retirement date is required', 'Interest rate is required', 'Social Security income is required', 'Social Security start date is required', 'Years of retirement is required', 'Please fix the errors above');
    fillFields({ 'Retirement Date': '2055-01-01', 'Social Security Start Date': '2057-01-01' });
    expectNoTexts('Retirement date is required', 'Social Security start date is required');
    fillFields({ 'Expected Interest Rate': '50.01', 'Expected Social Security Income': '-1', 'Expected Years of Retirement': '0' });
    submitDialog('Create Plan');
    await expectTexts('Interest rate must be between 0 and 50', 'Social Security income cannot be negative', 'Years of retirement must be between 1 and 100');
    fillFields({ 'Expected Interest Rate': '-1', 'Expected Years of Retirement': '101' });
    submitDialog('Create Plan');
    await expectTexts('Interest rate must be between 0 and 50', 'Years of retirement must be between 1 and 100');
    fill('Expected Years of Retirement', '2.5');
    submitDialog('Create Plan');
    await expectKeptOpen('Years of retirement must be a whole number');
    expect(server.writes).toEqual([]);
  });

  it('creates the plan with a POST of the form fields, monthly expenses not on the form', async () => {
    const { server } = await renderAndPress(<RetirementPlanTab />, 'Create Retirement Plan');
    expect(within(dialog()).queryByLabelText(/Monthly Expenses/i)).toBeNull();
    fillValid();
    submitDialog('Create Plan');
    await dialogClosed();
    expect(writesOf(server)).toEqual([
      ['POST', PATH, { retirement_plan: { retirement_date: '2055-01-01', interest_rate: 5, social_security_income: 2000.1, social_security_start_date: '2057-03-01', monthly_expenses: null, years_of_retirement: 25 } }],
    ]);
    await waitFor(() => expect(detail('Expected Social Security Income')).toBe('$2,000.10 per month'));
  });

  it('edits with a PUT that keeps the existing monthly expenses', async () => {
    const { server } = await renderAndPress(<RetirementPlanTab />, 'Edit', { singles: { [PATH]: plan } });
    screen.getByRole('dialog', { name: 'Edit Retirement Plan' });
    expect(input('Retirement Date').value).toBe('2050-06-01');
    expect(input('Expected Social Security Income').value).toBe('1850.50');
    fill('Expected Years of Retirement', '1');
    submitDialog('Update Plan');
    await dialogClosed();
    expect(writesOf(server)).toEqual([
      ['PUT', PATH, { retirement_plan: { retirement_date: '2050-06-01', interest_rate: 4.5, social_security_income: 1850.5, social_security_start_date: '2052-01-15', monthly_expenses: 3200.75, years_of_retirement: 1 } }],
    ]);
    await waitFor(() => expect(detail('Expected Years of Retirement')).toBe('1 year'));
  });

  it('shows "Failed to create retirement plan" when the server gives no message, and keeps the modal open', async () => {
    await renderAndPress(<RetirementPlanTab />, 'Create Retirement Plan', { intercept: refuse('POST', null) });
    fillValid();
    submitDialog('Create Plan');
    await expectKeptOpen('Failed to create retirement plan');
    expect(input('Expected Years of Retirement').value).toBe('25');
  });

  it('shows "Failed to update retirement plan", or the server message, when an edit is refused', async () => {
    let message: string | null = null;
    await renderAndPress(<RetirementPlanTab />, 'Edit', { singles: { [PATH]: plan }, intercept: (request) => refuse('PUT', message)(request) });
    submitDialog('Update Plan');
    await screen.findByText('Failed to update retirement plan');
    message = 'Retirement date must follow today';
    submitDialog('Update Plan');
    await expectKeptOpen('Retirement date must follow today');
  });

  it('deletes after the confirmation dialog', async () => {
    const { server } = await renderReady(<RetirementPlanTab />, { singles: { [PATH]: plan } });
    await confirmDelete('Retirement Plan', 'Delete');
    await screen.findByText('No retirement plan found');
    expect(server.writes.map((w) => [w.method, w.path])).toEqual([['DELETE', PATH]]);
  });

  it('cancelling the dialog keeps the plan', async () => {
    const { server } = await renderAndPress(<RetirementPlanTab />, 'Delete', { singles: { [PATH]: plan } });
    await press('Cancel');
    await dialogClosed();
    expect(detail('Expected Years of Retirement')).toBe('30 years');
    expect(server.writes).toEqual([]);
  });

  it('alerts "Failed to delete retirement plan" when the delete is refused, and keeps the plan', async () => {
    await renderAndPress(<RetirementPlanTab />, 'Delete', { singles: { [PATH]: plan }, intercept: refuse('DELETE', null) });
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Failed to delete retirement plan', {});
    await waitFor(() => expect(detail('Expected Years of Retirement')).toBe('30 years'));
  });

  it('offline, closes the form at once and marks the plan pending', async () => {
    const { server } = await renderAndPress(<RetirementPlanTab />, 'Create Retirement Plan', { online: false });
    fillValid();
    submitDialog('Create Plan');
    await dialogClosed();
    await screen.findByText('pending sync');
    expect(detail('Expected Years of Retirement')).toBe('25 years');
    expect(server.writes).toEqual([]);
  });
});
