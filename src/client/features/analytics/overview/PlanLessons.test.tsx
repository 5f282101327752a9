// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Cents } from '../../../../engine/money.ts';
import type { MonthKey } from '../../../../engine/months.ts';
import { renderReady, writesOf } from '../../../test-support/dialog.testing.ts';
import { PlanLessons } from './PlanLessons.tsx';

const PATH = '/api/v1/assumptions';
const month = (text: string) => text as MonthKey;
const spending = { extra: 21_250 as Cents, from: month('2026-01'), to: month('2026-04') };

describe('PlanLessons', () => {
  it('adds the measured spending to the Other spending already set, and says so', async () => {
    const { server } = await renderReady(<PlanLessons learned={{ spending, idle: null }} onOpen={vi.fn()} />, { singles: { [PATH]: { id: 1, other_spending: 100 } } });
    const offer = await screen.findByTestId('spending-offer');
    // 100.00 set + 212.50 measured = 312.50.
    await waitFor(() => expect(within(offer).getByText(/^Your check-ins say/).textContent).toBe('Your check-ins say you spend about $212.50 a month more than your plan counts. Set Other spending to $312.50 (now $100.00)?'));
    within(offer).getByText(/^From your check-ins of 2026-01 to 2026-04/);
    fireEvent.click(within(offer).getByRole('button', { name: 'Set Other spending to $312.50' }));
    await waitFor(() => expect(writesOf(server)).toEqual([['PUT', PATH, { assumptions: { other_spending: 312.5 } }]]));
  });

  it('hands each idle-cash fix its field', async () => {
    const onOpen = vi.fn();
    await renderReady(<PlanLessons learned={{ spending: null, idle: { month: month('2027-01'), kept: 250_000 as Cents, netIncome: 400_000 as Cents } }} onOpen={onOpen} />);
    const idle = await screen.findByTestId('idle-cash');
    within(idle).getByText(/^From 2027-01 your plan keeps \$2,500\.00 of your \$4,000\.00 monthly net pay as cash/);
    fireEvent.click(within(idle).getByRole('button', { name: 'Set Other spending' }));
    fireEvent.click(within(idle).getByRole('button', { name: 'Invest the surplus' }));
    expect(onOpen.mock.calls).toEqual([['other_spending'], ['surplus_account_id']]);
    expect(screen.queryByTestId('spending-offer')).toBeNull();
  });

  it('shows nothing when there is nothing to say', async () => {
    const { container } = await renderReady(<PlanLessons learned={{ spending: null, idle: null }} onOpen={vi.fn()} />);
    expect(container.querySelector('[data-testid]')).toBeNull();
  });
});
