// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillDialog, renderReady, submitDialog, writesOf } from '../../test-support/dialog.testing.ts';
import { AssumptionsCard, NOMINAL_NOTICE } from './AssumptionsCard.tsx';

const PATH = '/api/v1/assumptions';
const value = (field: string) => screen.getByTestId(`assumption-${field}`).textContent;

describe('AssumptionsCard', () => {
  it('says what the figures leave out while nothing is set', async () => {
    await renderReady(<AssumptionsCard />);
    expect(await screen.findByText(NOMINAL_NOTICE)).toBeTruthy();
    expect(value('inflation_rate')).toBe('Not set');
    expect(value('cash_balance')).toBe('Not set');
  });

  it('confirms every recommendation with one click, through the outbox to the server', async () => {
    const { server } = await renderReady(<AssumptionsCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use recommended' }));
    await waitFor(() => expect(value('inflation_rate')).toBe('2.5% a year'));
    expect(value('retirement_tax_rate')).toBe('12% a year');
    expect(value('spend_cash_in_retirement')).toBe('Yes');
    // Cash and the home's value are the household's own: no recommendation is made for them.
    expect(value('cash_balance')).toBe('Not set');
    expect(value('home_value')).toBe('Not set');
    expect(value('home_appreciation_rate')).toBe('3% a year');
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
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByText(NOMINAL_NOTICE)).toBeNull());
  });

  it('sets one recommendation with its row\'s button, and any value by hand with the rule\'s messages', async () => {
    const { server } = await renderReady(<AssumptionsCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use the recommended inflation' }));
    await waitFor(() => expect(value('inflation_rate')).toBe('2.5% a year'));

    fireEvent.click(screen.getByRole('button', { name: 'Edit plan assumptions' }));
    fillDialog('Inflation (% a year)', '25');
    submitDialog('Save assumptions');
    expect(await screen.findByText('Inflation rate must be between 0 and 20')).toBeTruthy();
    fillDialog('Inflation (% a year)', '3');
    fillDialog('Cash today', '12500');
    submitDialog('Save assumptions');
    await waitFor(() => expect(value('cash_balance')).toBe('$12,500.00'));
    expect(value('inflation_rate')).toBe('3% a year');
    await waitFor(() => expect(server.singles.get(PATH)).toMatchObject({ inflation_rate: 3, cash_balance: 12500 }));
  });
});
