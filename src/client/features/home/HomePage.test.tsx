// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test-support/routes.testing.tsx';
import { HomePage } from './HomePage.tsx';

const renderHome = (signedIn: boolean) => renderRoutes('/', { '/': HomePage }, { signedIn });

/** The four feature groups (docs/product.md) and their items, in order. */
const SPEC_GROUPS = {
  'Financial dashboard': ['Income', 'Debt monitoring and payoff plans', 'Monthly expense categories', 'Housing cost', 'Retirement accounts', 'Other expenses'],
  Analytics: ['Income projection', 'Debt payoff timeline', 'Retirement planning', 'Monthly forecasting', 'Progress tracking', 'Custom reports'],
  'Retirement planning': ['401(k) and IRA tracking', 'Contribution optimisation', 'Goals', 'Social Security', 'Withdrawal strategy'],
  'Debt management': ['Multiple debts', 'Payoff strategy', 'Progress view', 'Consolidation insights'],
};

describe('HomePage', () => {
  it('advertises the four feature groups with their items, under one h1', async () => {
    renderHome(false);
    expect(await screen.findAllByRole('heading', { level: 1 })).toHaveLength(1);
    const groups = screen.getAllByRole('article').map((card) => [within(card).getByRole('heading', { level: 2 }).textContent, within(card).getAllByRole('listitem').map((li) => li.textContent)]);
    expect(Object.fromEntries(groups)).toEqual(SPEC_GROUPS);
  });

  it('offers Start For Free and Login to a visitor', async () => {
    const { path } = renderHome(false);
    expect((await screen.findByRole('link', { name: 'Start For Free' })).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Start For Free' }));
    await waitFor(() => expect(path()).toBe('/signup'));
  });

  it('offers the dashboard instead to a signed-in user', async () => {
    renderHome(true);
    expect((await screen.findByRole('link', { name: 'Go to Dashboard' })).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Start For Free' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });
});
