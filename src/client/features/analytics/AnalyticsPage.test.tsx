// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../data/session/session.ts';
import { makeLayer } from '../../test-support/render.testing.tsx';
import { renderRoutes } from '../../test-support/routes.testing.tsx';
import { AnalyticsPage } from './AnalyticsPage.tsx';
import { INCOME_BODY, MARCH_1, serveMonths } from '../../test-support/month-fixtures.testing.ts';
import '../../test-support/analytics.testing.tsx';

function renderPage(options: Parameters<typeof makeLayer>[0] = {}, storedTab?: string) {
  window.localStorage.clear();
  if (storedTab) window.localStorage.setItem(STORAGE_KEYS.analyticsTab, storedTab);
  return renderRoutes('/analytics', { '/analytics': AnalyticsPage }, { now: MARCH_1, ...options });
}

describe('AnalyticsPage', () => {
  it('asks a visitor to log in', async () => {
    const { path } = renderPage({ signedIn: false });
    await screen.findByRole('heading', { name: 'Authentication Required' });
    fireEvent.click(screen.getByRole('link', { name: 'Go to Login' }));
    await waitFor(() => expect(path()).toBe('/login'));
  });

  it('offers a subscription to a user without one, and a way back', async () => {
    renderPage({ subscribed: false });
    await screen.findByRole('link', { name: 'Subscribe Now' });
    expect(screen.getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscribe');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('a flag stored stale (subscribed since, while no tab was open): a wait, never the upsell, then the tabs', async () => {
    window.localStorage.clear();
    const made = makeLayer({ now: MARCH_1, subscribed: false, serverSubscribed: true, intercept: serveMonths({ incomeMonths: INCOME_BODY }) });
    // The server's answer is held back until the page has been looked at.
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const send = made.server.transport.request.bind(made.server.transport);
    made.server.transport.request = async (request) => {
      const answer = send(request);
      if (request.path === '/api/v1/subscription') await answered;
      return answer;
    };
    const { layer, storage, server } = renderRoutes('/analytics', { '/analytics': AnalyticsPage }, { now: MARCH_1, made });

    await screen.findByRole('status', { name: 'Checking your subscription' });
    screen.getByRole('heading', { level: 1, name: 'Analytics' });
    expect(screen.queryByRole('link', { name: 'Subscribe Now' })).toBeNull();
    release();
    await screen.findByRole('tab', { name: 'Overview', selected: true });
    expect(screen.queryByText('Unlock Analytics')).toBeNull();
    expect(layer.getSession().subscribed).toBe(true);
    expect(storage.get(STORAGE_KEYS.subscribed)).toBe('true');
    // The month tables came with the answer.
    await waitFor(() => expect(server.seen()).toContain('GET /api/v1/income_months'));
  });

  it('asks the server again on each visit; offline, the stored flag decides at once', async () => {
    const first = renderPage({ subscribed: false });
    await screen.findByRole('link', { name: 'Subscribe Now' });
    const asked = () => first.server.seen().filter((call) => call === 'GET /api/v1/subscription').length;
    await first.layer.ready;
    // The start's check, and the page's unless it shared that one.
    const before = asked();
    expect(before).toBeGreaterThanOrEqual(1);
    first.unmount();
    const again = renderRoutes('/analytics', { '/analytics': AnalyticsPage }, { made: { layer: first.layer, server: first.server, storage: first.storage, setOnline: () => {} } });
    await screen.findByRole('link', { name: 'Subscribe Now' });
    await waitFor(() => expect(asked()).toBe(before + 1));
    again.unmount();

    const offline = renderPage({ subscribed: false, serverSubscribed: true, online: false });
    await screen.findByRole('link', { name: 'Subscribe Now' });
    expect(offline.server.seen()).not.toContain('GET /api/v1/subscription');
  });

  it('when the server cannot say, the stored flag decides', async () => {
    renderPage({ subscribed: false, intercept: (request) => (request.path === '/api/v1/subscription' ? { ok: false, kind: 'http', status: 502, message: 'Bad gateway', errors: null } : undefined) });
    await screen.findByRole('link', { name: 'Subscribe Now' });
  });

  it('gives a subscriber the five tabs and What if under an h1, opening on Overview', async () => {
    renderPage({ subscribed: true });
    await screen.findByRole('heading', { level: 1, name: 'Analytics' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Income Future', 'Debt Progress', 'Retirement Contributions', 'Retirement Living', 'What if']);
    screen.getByRole('tab', { name: 'Overview', selected: true });
  });

  it('remembers the chosen tab under analyticsTab and opens on it next time', async () => {
    const { unmount } = renderPage({ subscribed: true, intercept: serveMonths({ incomeMonths: INCOME_BODY }) });
    fireEvent.click(await screen.findByRole('tab', { name: 'Income Future' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.analyticsTab)).toBe('income-future');
    await screen.findByRole('heading', { level: 2, name: 'Income Future' });
    unmount();
    const again = renderPage({ subscribed: true }, 'debt-progress');
    await screen.findByRole('tab', { name: 'Debt Progress', selected: true });
    again.unmount();
    // Anything else stored there opens Overview.
    renderPage({ subscribed: true }, 'not-a-tab');
    await screen.findByRole('tab', { name: 'Overview', selected: true });
  });
});
