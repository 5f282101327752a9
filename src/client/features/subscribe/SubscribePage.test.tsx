// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResult } from '../../data/api.ts';
import { renderRoutes, type RoutedOptions } from '../../test-support/routes.testing.tsx';
import { SubscribePage } from './SubscribePage.tsx';

const subscriptionAnswer = (subscribed: boolean): ApiResult => ({
  ok: true,
  status: 200,
  data: { subscription: { subscribed, provider: subscribed ? 'test' : null, plan: subscribed ? 'monthly' : null, status: subscribed ? 'trialing' : null, trial_end: null, current_period_end: null, cancel_at_period_end: false } },
});

function renderSubscribe(options: RoutedOptions & { serverSubscribed?: boolean } = {}) {
  const { serverSubscribed = options.subscribed ?? false, ...rest } = options;
  return renderRoutes(
    '/subscribe',
    {
      '/subscribe': SubscribePage,
      '/subscribe/monthly': () => <p>stub /subscribe/monthly</p>,
      '/subscribe/yearly': () => <p>stub /subscribe/yearly</p>,
      '/analytics': () => <p>stub /analytics</p>,
    },
    { intercept: (request: ApiRequest) => (request.method === 'GET' && request.path === '/api/v1/subscription' ? subscriptionAnswer(serverSubscribed) : undefined), ...rest },
  );
}

describe('SubscribePage', () => {
  it('asks a visitor to log in', async () => {
    const routed = renderSubscribe({ signedIn: false });
    await screen.findByText('Please log in to access the subscription page.');
    fireEvent.click(screen.getByRole('link', { name: 'Go to Login' }));
    await waitFor(() => expect(routed.path()).toBe('/login'));
    expect(routed.server.seen()).not.toContain('GET /api/v1/subscription');
  });

  it('shows the two plans with their prices and wording, their features and the FAQ', async () => {
    renderSubscribe();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Choose Your Plan');
    const monthly = screen.getByRole('region', { name: 'Monthly Plan' });
    const yearly = screen.getByRole('region', { name: 'Yearly Plan' });
    within(monthly).getByText('$5.99 per month');
    within(yearly).getByText('$60.00 per year');
    within(yearly).getByText('Most Popular');
    within(yearly).getByText('Save $11.88 compared to monthly');
    expect(within(monthly).queryByText('Most Popular')).toBeNull();
    expect(within(monthly).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    expect(within(yearly).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);

    const faq = screen.getByRole('region', { name: 'Frequently Asked Questions' });
    fireEvent.click(within(faq).getByRole('button', { name: 'Is there a free trial?' }));
    await within(faq).findByText(/14-day free trial/);
  });

  it('links each plan to its checkout page', async () => {
    const routed = renderSubscribe();
    fireEvent.click(await screen.findByRole('link', { name: 'Choose Yearly' }));
    await waitFor(() => expect(routed.path()).toBe('/subscribe/yearly'));
  });

  it("shows 'Already Subscribed' with Go to Analytics to a subscriber", async () => {
    const routed = renderSubscribe({ subscribed: true });
    await screen.findByRole('heading', { name: 'Already Subscribed' });
    fireEvent.click(screen.getByRole('link', { name: 'Go to Analytics' }));
    await waitFor(() => expect(routed.path()).toBe('/analytics'));
  });

  it('reads the subscription again on arrival: a stale flag follows the server', async () => {
    // Canceled in the portal while no tab was open: the stored flag still says subscribed.
    const routed = renderSubscribe({ subscribed: true, serverSubscribed: false });
    await screen.findByRole('heading', { name: 'Choose Your Plan' });
    expect(routed.layer.getSession().subscribed).toBe(false);
    expect(routed.storage.get('subscribed')).toBeUndefined();

    // And the other way round: subscribed elsewhere.
    const other = renderSubscribe({ subscribed: false, serverSubscribed: true });
    await waitFor(() => expect(other.layer.getSession().subscribed).toBe(true));
  });
});
