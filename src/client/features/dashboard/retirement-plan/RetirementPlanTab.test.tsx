// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResult } from '../../../data/api.ts';
import { renderScreen } from '../../../test-support/render.testing.tsx';
import { RetirementPlanTab } from './RetirementPlanTab.tsx';

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
const input = (label: string) => within(screen.getByRole('dialog')).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

function fill(label: string, value: string) {
  fireEvent.change(input(label), { target: { value } });
}

function fillValid() {
  fill('Retirement Date', '2055-01-01');
  fill('Expected Interest Rate', '5');
  fill('Expected Social Security Income', '2000.10');
  fill('Social Security Start Date', '2057-03-01');
  fill('Expected Years of Retirement', '25');
}

const refuse =
  (method: string, message: string | null) =>
  (request: ApiRequest): ApiResult | undefined =>
    request.method === method ? { ok: false, kind: 'http', status: 422, message, errors: null } : undefined;

describe('RetirementPlanTab', () => {
  it('shows the plan details, dates by their date part', async () => {
    renderScreen(<RetirementPlanTab />, { singles: { [PATH]: plan } });
    await waitFor(() => expect(detail('Retirement Date')).toBe('2050-06-01'));
    expect(detail('Expected Interest Rate on Savings')).toBe('4.5%');
    expect(detail('Expected Social Security Income')).toBe('$1,850.50 per month');
    expect(detail('Social Security Start Date')).toBe('2052-01-15');
    expect(detail('Expected Years of Retirement')).toBe('30 years');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByText('No retirement plan found')).toBeNull();
  });

  it('shows the empty state with a Create Retirement Plan button', async () => {
    const { layer } = renderScreen(<RetirementPlanTab />);
    await layer.ready;
    expect(await screen.findByText('No retirement plan found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create Retirement Plan' }));
    expect(screen.getByRole('dialog', { name: 'Create Retirement Plan' })).toBeTruthy();
  });

  it('shows each rule message and sends nothing while errors exist', async () => {
    const { server, layer } = renderScreen(<RetirementPlanTab />);
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Create Retirement Plan' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Plan' }));
    expect(await screen.findByText('Retirement date is required')).toBeTruthy();
    expect(screen.getByText('Interest rate is required')).toBeTruthy();
    expect(screen.getByText('Social Security income is required')).toBeTruthy();
    expect(screen.getByText('Social Security start date is required')).toBeTruthy();
    expect(screen.getByText('Years of retirement is required')).toBeTruthy();
    expect(screen.getByText('Please fix the errors above')).toBeTruthy();
    fill('Retirement Date', '2055-01-01');
    fill('Social Security Start Date', '2057-01-01');
    expect(screen.queryByText('Retirement date is required')).toBeNull();
    expect(screen.queryByText('Social Security start date is required')).toBeNull();
    fill('Expected Interest Rate', '50.01');
    fill('Expected Social Security Income', '-1');
    fill('Expected Years of Retirement', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Create Plan' }));
    expect(await screen.findByText('Interest rate must be between 0 and 50')).toBeTruthy();
    expect(screen.getByText('Social Security income cannot be negative')).toBeTruthy();
    expect(screen.getByText('Years of retirement must be between 1 and 100')).toBeTruthy();
    fill('Expected Interest Rate', '-1');
    fill('Expected Years of Retirement', '101');
    fireEvent.click(screen.getByRole('button', { name: 'Create Plan' }));
    expect(await screen.findByText('Interest rate must be between 0 and 50')).toBeTruthy();
    expect(screen.getByText('Years of retirement must be between 1 and 100')).toBeTruthy();
    fill('Expected Years of Retirement', '2.5');
    fireEvent.click(screen.getByRole('button', { name: 'Create Plan' }));
    expect(await screen.findByText('Years of retirement must be a whole number')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(server.writes).toEqual([]);
  });

  it('creates the plan with a POST of the form fields, monthly expenses not on the form', async () => {
    const { server, layer } = renderScreen(<RetirementPlanTab />);
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Create Retirement Plan' }));
    expect(within(screen.getByRole('dialog')).queryByLabelText(/Monthly Expenses/i)).toBeNull();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Create Plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes.map((w) => [w.method, w.path, w.body])).toEqual([
      [
        'POST',
        PATH,
        {
          retirement_plan: {
            retirement_date: '2055-01-01',
            interest_rate: 5,
            social_security_income: 2000.1,
            social_security_start_date: '2057-03-01',
            monthly_expenses: null,
            years_of_retirement: 25,
          },
        },
      ],
    ]);
    await waitFor(() => expect(detail('Expected Social Security Income')).toBe('$2,000.10 per month'));
  });

  it('edits with a PUT that keeps the existing monthly expenses', async () => {
    const { server, layer } = renderScreen(<RetirementPlanTab />, { singles: { [PATH]: plan } });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('dialog', { name: 'Edit Retirement Plan' })).toBeTruthy();
    expect(input('Retirement Date').value).toBe('2050-06-01');
    expect(input('Expected Social Security Income').value).toBe('1850.50');
    fill('Expected Years of Retirement', '1');
    fireEvent.click(screen.getByRole('button', { name: 'Update Plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes.map((w) => [w.method, w.path, w.body])).toEqual([
      [
        'PUT',
        PATH,
        {
          retirement_plan: {
            retirement_date: '2050-06-01',
            interest_rate: 4.5,
            social_security_income: 1850.5,
            social_security_start_date: '2052-01-15',
            monthly_expenses: 3200.75,
            years_of_retirement: 1,
          },
        },
      ],
    ]);
    await waitFor(() => expect(detail('Expected Years of Retirement')).toBe('1 year'));
  });

  it('shows "Failed to create retirement plan" when the server gives no message, and keeps the modal open', async () => {
    const { layer } = renderScreen(<RetirementPlanTab />, { intercept: refuse('POST', null) });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Create Retirement Plan' }));
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Create Plan' }));
    expect(await screen.findByText('Failed to create retirement plan')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(input('Expected Years of Retirement').value).toBe('25');
  });

  it('shows "Failed to update retirement plan", or the server message, when an edit is refused', async () => {
    let message: string | null = null;
    const { layer } = renderScreen(<RetirementPlanTab />, { singles: { [PATH]: plan }, intercept: (request) => refuse('PUT', message)(request) });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update Plan' }));
    expect(await screen.findByText('Failed to update retirement plan')).toBeTruthy();
    message = 'Retirement date must follow today';
    fireEvent.click(screen.getByRole('button', { name: 'Update Plan' }));
    expect(await screen.findByText('Retirement date must follow today')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('deletes after the confirmation dialog', async () => {
    const { server, layer } = renderScreen(<RetirementPlanTab />, { singles: { [PATH]: plan } });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Are you sure you want to delete "Retirement Plan"? This action cannot be undone.')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No retirement plan found')).toBeTruthy();
    expect(server.writes.map((w) => [w.method, w.path])).toEqual([['DELETE', PATH]]);
  });

  it('cancelling the dialog keeps the plan', async () => {
    const { server, layer } = renderScreen(<RetirementPlanTab />, { singles: { [PATH]: plan } });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    expect(detail('Expected Years of Retirement')).toBe('30 years');
    expect(server.writes).toEqual([]);
  });

  it('alerts "Failed to delete retirement plan" when the delete is refused, and keeps the plan', async () => {
    const { layer } = renderScreen(<RetirementPlanTab />, { singles: { [PATH]: plan }, intercept: refuse('DELETE', null) });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete retirement plan', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(detail('Expected Years of Retirement')).toBe('30 years'));
  });

  it('offline, closes the form at once and marks the plan pending', async () => {
    const { server, layer } = renderScreen(<RetirementPlanTab />, { online: false });
    await layer.ready;
    fireEvent.click(await screen.findByRole('button', { name: 'Create Retirement Plan' }));
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Create Plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('pending sync')).toBeTruthy();
    expect(detail('Expected Years of Retirement')).toBe('25 years');
    expect(server.writes).toEqual([]);
  });
});
