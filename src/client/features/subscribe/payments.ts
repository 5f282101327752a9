/**
 * The payment calls of the subscribe screens (docs/product.md#calls), through the data layer's
 * transport. Failures of checkout are only logged (docs/product.md#error-messages); each function
 * answers what happened as a value, for the screen to stop its spinner.
 */
import type { ApiTransport } from '../../data/api.ts';
import type { DataLayer } from '../../data/layer-api.ts';
import type { PlanId } from './plans.ts';

export const CONFIG_PATH = '/api/v1/payment_config';

export interface PaymentConfig {
  provider: string;
  testMode: boolean;
  priceIds: Partial<Record<PlanId, string>>;
}

interface ConfigBody {
  payment_config?: { provider?: unknown; test_mode?: unknown; plans?: { id?: unknown; price_id?: unknown }[] };
}

/** The provider and the price id of each plan (sent back with create_checkout_session). */
export async function loadPaymentConfig(transport: ApiTransport): Promise<PaymentConfig | null> {
  const result = await transport.request({ method: 'GET', path: CONFIG_PATH, anonymous: true });
  const body = result.ok ? (result.data as ConfigBody | null)?.payment_config : undefined;
  if (!body || !Array.isArray(body.plans)) return null;
  const priceIds: Partial<Record<PlanId, string>> = {};
  for (const plan of body.plans) {
    if ((plan.id === 'monthly' || plan.id === 'yearly') && typeof plan.price_id === 'string') priceIds[plan.id] = plan.price_id;
  }
  return { provider: typeof body.provider === 'string' ? body.provider : 'unknown', testMode: body.test_mode === true, priceIds };
}

export type Assign = (url: string) => void;
const browserAssign: Assign = (url) => window.location.assign(url);

/**
 * Checkout: a session for the plan's price, then the browser goes to the provider's page. Answers
 * false (after logging why) when it could not start.
 */
export async function startCheckout(layer: DataLayer, plan: PlanId, config: PaymentConfig | null, assign: Assign = browserAssign): Promise<boolean> {
  const known = config ?? (await loadPaymentConfig(layer.transport));
  const priceId = known?.priceIds[plan];
  if (!priceId) {
    console.error('Failed to start the checkout: the plan prices are not available');
    return false;
  }
  const result = await layer.transport.request({ method: 'POST', path: '/api/v1/create_checkout_session', body: { price_id: priceId, location: plan } });
  const url = result.ok ? (result.data as { checkout_session?: { url?: unknown } } | null)?.checkout_session?.url : undefined;
  if (typeof url === 'string' && url !== '') {
    assign(url);
    return true;
  }
  console.error('Failed to start the checkout', result);
  return false;
}

/**
 * The post-checkout cleanup helper: the server confirms the session with the provider and answers
 * the user's subscription; the session's flag follows at once (no need to sign in again).
 */
export async function confirmCheckout(layer: DataLayer, sessionId: string): Promise<boolean> {
  const result = await layer.transport.request({ method: 'POST', path: '/api/v1/checkout_success', body: { session_id: sessionId } });
  const subscribed = result.ok ? (result.data as { subscribed?: unknown } | null)?.subscribed : undefined;
  if (typeof subscribed !== 'boolean') {
    console.error('Failed to confirm the checkout', result);
    return false;
  }
  await layer.setSubscribed(subscribed);
  return subscribed;
}
