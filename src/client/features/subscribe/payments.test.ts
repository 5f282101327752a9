import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiRequest, type ApiResult } from '../../data/api.ts';
import { MemoryTransport } from '../../data/api.testing.ts';
import type { DataLayer } from '../../data/layer-api.ts';
import { confirmCheckout, loadPaymentConfig, startCheckout } from './payments.ts';
import { openPortal } from '../../model/portal.ts';

afterEach(() => vi.restoreAllMocks());

/** The part of the data layer the payment calls use. */
function layerAnswering(handler: (request: ApiRequest) => ApiResult) {
  const transport = new MemoryTransport(handler);
  const setSubscribed = vi.fn(() => Promise.resolve());
  return { layer: { transport, setSubscribed } as unknown as DataLayer, transport, setSubscribed };
}

const ok = (data: unknown): ApiResult => ({ ok: true, status: 200, data });
const refused = (status: number, message: string): ApiResult => ({ ok: false, kind: 'http', status, message, errors: null });
const CONFIG = { payment_config: { provider: 'stripe', test_mode: false, plans: [{ id: 'monthly', price_id: 'price_1' }, { id: 'yearly', price_id: 'price_2' }, { id: 'weekly', price_id: 'x' }] } };

describe('loadPaymentConfig', () => {
  it('reads the provider and the price id of each known plan, anonymously', async () => {
    const { transport } = layerAnswering(() => ok(CONFIG));
    expect(await loadPaymentConfig(transport)).toEqual({ provider: 'stripe', testMode: false, priceIds: { monthly: 'price_1', yearly: 'price_2' } });
    expect(transport.requests).toEqual([{ method: 'GET', path: '/api/v1/payment_config', anonymous: true }]);
  });

  it('answers null when the server could not say', async () => {
    const { transport } = layerAnswering(() => refused(503, 'The payment provider is not available right now.'));
    expect(await loadPaymentConfig(transport)).toBeNull();
  });
});

describe('startCheckout', () => {
  it('fetches the prices when it has none, creates the session and goes to its url', async () => {
    const { layer, transport } = layerAnswering((request) => (request.method === 'GET' ? ok(CONFIG) : ok({ checkout_session: { id: 'cs_1', url: 'https://checkout.example/cs_1' } })));
    const assign = vi.fn();
    expect(await startCheckout(layer, 'yearly', null, assign)).toBe(true);
    expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_1');
    expect(transport.requests.at(-1)).toEqual({ method: 'POST', path: '/api/v1/create_checkout_session', body: { price_id: 'price_2', location: 'yearly' } });
  });

  it('logs and answers false when the prices are unknown or the server refuses', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const assign = vi.fn();
    const noPrices = layerAnswering(() => refused(503, 'down'));
    expect(await startCheckout(noPrices.layer, 'monthly', null, assign)).toBe(false);
    const refusing = layerAnswering(() => refused(422, 'Unknown price id'));
    expect(await startCheckout(refusing.layer, 'monthly', { provider: 'test', testMode: true, priceIds: { monthly: 'price_test_monthly' } }, assign)).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledTimes(2);
  });
});

describe('confirmCheckout', () => {
  it('sets the session flag from the server’s answer', async () => {
    const confirming = layerAnswering(() => ok({ subscribed: true, subscription: { subscribed: true } }));
    expect(await confirmCheckout(confirming.layer, 'cs_9')).toBe(true);
    expect(confirming.transport.requests).toEqual([{ method: 'POST', path: '/api/v1/checkout_success', body: { session_id: 'cs_9' } }]);
    expect(confirming.setSubscribed).toHaveBeenCalledWith(true);
  });

  it('leaves the flag alone when the server does not confirm', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { layer, setSubscribed } = layerAnswering(() => refused(409, 'This checkout is not complete'));
    expect(await confirmCheckout(layer, 'cs_9')).toBe(false);
    expect(setSubscribed).not.toHaveBeenCalled();
  });
});

describe('openPortal', () => {
  it('goes to the portal url, or only logs a failure', async () => {
    const assign = vi.fn();
    const opening = layerAnswering(() => ok({ portal_session: { url: '/payments/test/portal/bps_1' } }));
    await openPortal(opening.layer, assign);
    expect(assign).toHaveBeenCalledWith('/payments/test/portal/bps_1');
    expect(opening.transport.requests).toEqual([{ method: 'POST', path: '/api/v1/create_portal_session', body: {} }]);

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await openPortal(layerAnswering(() => refused(409, 'There is no subscription to manage yet.')).layer, assign);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalled();
  });
});
