// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest, ApiResult } from '../../data/api.ts';
import { renderRoutes, type RoutedOptions } from '../../test-support/routes.testing.tsx';
import { CANCELED_MESSAGE, CheckoutPage, type CheckoutPageProps } from './CheckoutPage.tsx';

const CONFIG: ApiResult = {
  ok: true,
  status: 200,
  data: {
    payment_config: {
      provider: 'test',
      test_mode: true,
      trial_days: 14,
      plans: [
        { id: 'monthly', name: 'Monthly', price_id: 'price_test_monthly', amount: 5.99, interval: 'month', price_label: '$5.99 per month' },
        { id: 'yearly', name: 'Yearly', price_id: 'price_test_yearly', amount: 60, interval: 'year', price_label: '$60.00 per year' },
      ],
    },
  },
};
const NOT_SUBSCRIBED: ApiResult = { ok: true, status: 200, data: { subscription: { subscribed: false } } };

afterEach(() => vi.restoreAllMocks());

interface Setup extends RoutedOptions {
  props?: Partial<CheckoutPageProps>;
  answer?: (request: ApiRequest) => ApiResult | undefined;
}

function renderCheckout({ props = {}, answer, ...options }: Setup = {}) {
  const assign = vi.fn();
  const sent: ApiRequest[] = [];
  const page = () => <CheckoutPage plan="monthly" success={false} canceled={false} sessionId={null} assign={assign} {...props} />;
  const routed = renderRoutes(
    '/subscribe/monthly',
    { '/subscribe/monthly': page, '/subscribe': () => <p>stub /subscribe</p>, '/analytics': () => <p>stub /analytics</p> },
    {
      intercept: (request) => {
        const custom = answer?.(request);
        if (custom) {
          sent.push(request);
          return custom;
        }
        if (request.path === '/api/v1/payment_config') return CONFIG;
        if (request.path === '/api/v1/subscription') return NOT_SUBSCRIBED;
        return undefined;
      },
      ...options,
    },
  );
  return { ...routed, assign, sent };
}

describe('CheckoutPage: the plan card', () => {
  it('shows the plan, its price, the test-mode note, and sends the browser to the checkout', async () => {
    const { assign, sent } = renderCheckout({
      answer: (request) => (request.path === '/api/v1/create_checkout_session' ? { ok: true, status: 200, data: { checkout_session: { id: 'cs_test_1', url: '/payments/test/checkout/cs_test_1' } } } : undefined),
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Monthly Plan');
    screen.getByText('$5.99 per month');
    await screen.findByText('Test mode — no card is charged');

    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/payments/test/checkout/cs_test_1'));
    expect(sent).toEqual([{ method: 'POST', path: '/api/v1/create_checkout_session', body: { price_id: 'price_test_monthly', location: 'monthly' } }]);
  });

  it('only logs a checkout failure and gives the button back', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { assign } = renderCheckout({
      answer: (request) => (request.path === '/api/v1/create_checkout_session' ? { ok: false, kind: 'http', status: 502, message: 'The payment provider is not available right now.', errors: null } : undefined),
    });
    const button = await screen.findByRole('button', { name: 'Checkout' });
    await screen.findByText('Test mode — no card is charged');
    fireEvent.click(button);
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to start the checkout', expect.objectContaining({ status: 502 })));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement).disabled).toBe(false));
    expect(assign).not.toHaveBeenCalled();
  });

  it('asks a visitor to log in, and shows Already Subscribed to a subscriber', async () => {
    renderCheckout({ signedIn: false });
    await screen.findByText('Please log in to access the subscription page.');
  });

  it('shows Already Subscribed to a subscriber', async () => {
    renderCheckout({ subscribed: true, answer: (request) => (request.path === '/api/v1/subscription' ? { ok: true, status: 200, data: { subscription: { subscribed: true } } } : undefined) });
    await screen.findByRole('heading', { name: 'Already Subscribed' });
  });
});

describe('CheckoutPage: back from the provider', () => {
  it('on success confirms the checkout, turns the flag on at once and offers analytics; Log Back In stays', async () => {
    const routed = renderCheckout({
      props: { success: true, sessionId: 'cs_test_42' },
      answer: (request) =>
        request.path === '/api/v1/checkout_success' ? { ok: true, status: 200, data: { subscribed: true, subscription: { subscribed: true, plan: 'monthly', status: 'trialing' } } } : undefined,
    });
    await screen.findByText('Subscription to Monthly Subscription successful!');
    expect(screen.getByRole('link', { name: 'Log Back In' }).getAttribute('href')).toBe('/login');
    await waitFor(() => expect(routed.layer.getSession().subscribed).toBe(true));
    expect(routed.sent).toEqual([{ method: 'POST', path: '/api/v1/checkout_success', body: { session_id: 'cs_test_42' } }]);
    expect(routed.storage.get('subscribed')).toBe('true');
    // The month tables were pulled with the flag.
    await waitFor(() => expect(routed.server.seen()).toContain('GET /api/v1/income_months'));
    fireEvent.click(await screen.findByRole('link', { name: 'Go to Analytics' }));
    await waitFor(() => expect(routed.path()).toBe('/analytics'));
  });

  it('names the yearly plan in its success text', async () => {
    renderCheckout({ props: { plan: 'yearly', success: true, sessionId: 'cs_test_43' }, answer: (request) => (request.path === '/api/v1/checkout_success' ? { ok: true, status: 200, data: { subscribed: true } } : undefined) });
    await screen.findByText('Subscription to Yearly Subscription successful!');
  });

  it('keeps the success text when the confirmation fails (only logged)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const routed = renderCheckout({
      props: { success: true, sessionId: 'cs_test_44' },
      answer: (request) => (request.path === '/api/v1/checkout_success' ? { ok: false, kind: 'http', status: 409, message: 'This checkout is not complete', errors: null } : undefined),
    });
    await screen.findByText('Subscription to Monthly Subscription successful!');
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(routed.layer.getSession().subscribed).toBe(false);
    expect(screen.queryByRole('link', { name: 'Go to Analytics' })).toBeNull();
  });

  it('on cancel shows the cancel notice and a button back to the plans', async () => {
    const routed = renderCheckout({ props: { canceled: true } });
    await screen.findByText(CANCELED_MESSAGE);
    expect(CANCELED_MESSAGE).toBe("Order canceled -- continue to shop around and checkout when you're ready.");
    fireEvent.click(screen.getByRole('link', { name: 'Back to Plans' }));
    await waitFor(() => expect(routed.path()).toBe('/subscribe'));
  });
});
