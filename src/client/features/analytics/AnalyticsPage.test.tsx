// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../data/session.ts';
import type { makeLayer } from '../../test-support/render.testing.tsx';
import { renderRoutes } from '../auth/test-routes.testing.tsx';
import { AnalyticsPage } from './AnalyticsPage.tsx';
import { INCOME_BODY, MARCH_1, serveMonths } from './fixtures.testing.ts';
import './test-helpers.testing.tsx';

function renderPage(options: Parameters<typeof makeLayer>[0] = {}, storedTab?: string) {
  window.localStorage.clear();
  if (storedTab) window.localStorage.setItem(STORAGE_KEYS.analyticsTab, storedTab);
  return renderRoutes('/analytics', { '/analytics': AnalyticsPage }, { now: MARCH_1, ...options });
}

describe('AnalyticsPage', () => {
  it('asks a visitor to log in', async () => {
    const { path } = renderPage({ signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Go to Login' }));
    await waitFor(() => expect(path()).toBe('/login'));
  });

  it('offers a subscription to a user without one, and a way back', async () => {
    renderPage({ subscribed: false });
    expect(await screen.findByRole('link', { name: 'Subscribe Now' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscribe');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('gives a subscriber the five tabs and What if under an h1, opening on Overview', async () => {
    renderPage({ subscribed: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Income Future', 'Debt Progress', 'Retirement Contributions', 'Retirement Living', 'What if']);
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeTruthy();
  });

  it('remembers the chosen tab under analyticsTab and opens on it next time', async () => {
    const { unmount } = renderPage({ subscribed: true, intercept: serveMonths({ incomeMonths: INCOME_BODY }) });
    fireEvent.click(await screen.findByRole('tab', { name: 'Income Future' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.analyticsTab)).toBe('income-future');
    expect(await screen.findByRole('heading', { level: 2, name: 'Income Future' })).toBeTruthy();
    unmount();
    const again = renderPage({ subscribed: true }, 'debt-progress');
    expect(await screen.findByRole('tab', { name: 'Debt Progress', selected: true })).toBeTruthy();
    again.unmount();
    // Anything else stored there opens Overview.
    renderPage({ subscribed: true }, 'not-a-tab');
    expect(await screen.findByRole('tab', { name: 'Overview', selected: true })).toBeTruthy();
  });
});
