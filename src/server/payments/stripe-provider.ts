/**
 * Stripe, through stripe-node: Checkout Sessions in subscription mode (with the 14-day trial for a
 * first subscription), the Customer Portal, signed webhooks, and canceling everything when an
 * account is deleted. The plans' prices are found by their lookup keys
 * (STRIPE_LOOKUP_KEY_MONTHLY/YEARLY), unless STRIPE_PRICE_MONTHLY/YEARLY name them outright.
 *
 * STRIPE_API_BASE points stripe-node elsewhere than api.stripe.com (stripe-mock, or the tests'
 * in-process fake).
 */
import Stripe from 'stripe';
import { PLAN_IDS, PLANS, TRIAL_DAYS, isPlanId, type PlanId } from './plans.ts';
import {
  billingEnded,
  failure,
  ok,
  type CheckoutConfirmation,
  type CheckoutRequest,
  type CheckoutStarted,
  type EndBillingRequest,
  type Outcome,
  type PaymentProvider,
  type PortalRequest,
  type ProviderEvent,
  type SubscriptionState,
} from './provider.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret?: string | undefined;
  prices: Partial<Record<PlanId, string | undefined>>;
  lookupKeys: Record<PlanId, string>;
  apiBase?: string | undefined;
}

export interface PaymentLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Signatures older than this are refused (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const UNAVAILABLE = 'The payment provider is not available right now. Please try again.';

const seconds = (value: number | null | undefined) => (typeof value === 'number' ? new Date(value * 1000) : null);
/**
 * A state read from the API is as of now, in whole seconds like an event's `created`: an event of
 * the same second still applies after it, only an older one is refused.
 */
const fetchedNow = () => new Date(Math.floor(Date.now() / 1000) * 1000);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

function userIdFrom(value: string | null | undefined): number | null {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return null;
  return Number(value);
}

function stripeOptions(settings: StripeSettings): ConstructorParameters<typeof Stripe>[1] {
  const options: NonNullable<ConstructorParameters<typeof Stripe>[1]> = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false, appInfo: { name: 'Runway' } };
  if (settings.apiBase) {
    const base = new URL(settings.apiBase);
    const protocol = base.protocol === 'http:' ? 'http' : 'https';
    options.host = base.hostname;
    options.port = base.port || (protocol === 'http' ? 80 : 443);
    options.protocol = protocol;
  }
  return options;
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private prices: Promise<Outcome<Record<PlanId, string>>> | null = null;

  constructor(
    private readonly settings: StripeSettings,
    private readonly log: PaymentLog,
  ) {
    this.stripe = new Stripe(settings.secretKey, stripeOptions(settings));
  }

  /**
   * An expected failure of a call to Stripe becomes a value; anything else is a bug and throws.
   * An answer whose status is `tolerated` is a failure with that status, and not an error to log.
   */
  private async call<T>(what: string, run: () => Promise<T>, tolerated: readonly number[] = []): Promise<Outcome<T>> {
    try {
      return ok(await run());
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      if (error.statusCode !== undefined && tolerated.includes(error.statusCode)) return failure(error.statusCode, error.message);
      this.log.error({ err: { type: error.type, code: error.code, message: error.message, statusCode: error.statusCode } }, `Stripe refused to ${what}`);
      if (error.statusCode === 404) return failure(404, 'The payment provider has no such session');
      return failure(502, UNAVAILABLE);
    }
  }

  priceIds(): Promise<Outcome<Record<PlanId, string>>> {
    // Looked up once; a failure is not kept, so the next request asks again.
    this.prices ??= this.lookUpPrices().then((outcome) => {
      if (!outcome.ok) this.prices = null;
      return outcome;
    });
    return this.prices;
  }

  private async lookUpPrices(): Promise<Outcome<Record<PlanId, string>>> {
    const { prices, lookupKeys } = this.settings;
    if (prices.monthly && prices.yearly) return ok({ monthly: prices.monthly, yearly: prices.yearly });
    const listed = await this.call('list the plan prices', () => this.stripe.prices.list({ lookup_keys: PLAN_IDS.map((plan) => lookupKeys[plan]), active: true, limit: 10 }));
    if (!listed.ok) return listed;
    const found: Partial<Record<PlanId, string>> = {};
    for (const plan of PLAN_IDS) {
      const price = listed.value.data.find((candidate) => candidate.lookup_key === lookupKeys[plan]);
      const chosen = prices[plan] ?? price?.id;
      if (!chosen) {
        this.log.error({ lookupKey: lookupKeys[plan] }, `Stripe has no active price with the lookup key of the ${plan} plan`);
        return failure(503, UNAVAILABLE);
      }
      if (price && price.unit_amount !== PLANS[plan].amountCents) {
        this.log.warn({ lookupKey: lookupKeys[plan], unitAmount: price.unit_amount, expected: PLANS[plan].amountCents }, `the Stripe price of the ${plan} plan differs from the advertised price`);
      }
      found[plan] = chosen;
    }
    return ok(found as Record<PlanId, string>);
  }

  /** Which of our plans a subscription's price is: by id, lookup key, or the metadata we set. */
  private async planOf(price: { id: string; lookup_key: string | null } | null | undefined, metadata: Record<string, string> | null | undefined): Promise<PlanId | null> {
    const ids = this.prices ? await this.prices : null;
    for (const plan of PLAN_IDS) {
      if (price && (price.lookup_key === this.settings.lookupKeys[plan] || (ids?.ok && ids.value[plan] === price.id))) return plan;
    }
    return isPlanId(metadata?.plan) ? metadata.plan : null;
  }

  async stateOf(subscription: Stripe.Subscription, asOf: Date): Promise<SubscriptionState> {
    const item = subscription.items?.data?.[0];
    // Since API version 2025-03-31 the period lives on the items; older payloads had it on the subscription.
    const periodEnd = item?.current_period_end ?? (subscription as unknown as { current_period_end?: number }).current_period_end;
    return {
      provider: 'stripe',
      subscriptionId: subscription.id,
      customerId: idOf(subscription.customer),
      plan: await this.planOf(item?.price, subscription.metadata),
      status: subscription.status,
      trialEnd: seconds(subscription.trial_end),
      currentPeriodEnd: seconds(periodEnd),
      endedAt: seconds(subscription.ended_at),
      cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
      asOf,
    };
  }

  async createCheckout(request: CheckoutRequest): Promise<Outcome<CheckoutStarted>> {
    const { user, plan, priceId, trial } = request;
    let customerId = user.stripeCustomerId;
    if (!customerId) {
      // One customer per user, even when two checkouts start at once.
      const created = await this.call('create a customer', () =>
        this.stripe.customers.create({ email: user.email, metadata: { user_id: String(user.id) } }, { idempotencyKey: `runway-customer-${user.id}` }),
      );
      if (!created.ok) return created;
      customerId = created.value.id;
    }
    const metadata = { user_id: String(user.id), plan };
    const session = await this.call('create a checkout session', () =>
      this.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: String(user.id),
        line_items: [{ price: priceId, quantity: 1 }],
        subscription_data: { metadata, ...(trial ? { trial_period_days: TRIAL_DAYS } : {}) },
        metadata,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      }),
    );
    if (!session.ok) return session;
    if (!session.value.url) return failure(502, UNAVAILABLE);
    return ok({ id: session.value.id, url: session.value.url, customerId, expiresAt: seconds(session.value.expires_at) ?? new Date(Date.now() + 24 * 3600 * 1000) });
  }

  async createPortal(request: PortalRequest): Promise<Outcome<{ id: string; url: string; expiresAt: Date }>> {
    const customer = request.user.stripeCustomerId;
    if (!customer) return failure(409, 'There is no subscription to manage yet.');
    const portal = await this.call('create a portal session', () => this.stripe.billingPortal.sessions.create({ customer, return_url: request.returnUrl }));
    if (!portal.ok) return portal;
    return ok({ id: portal.value.id, url: portal.value.url, expiresAt: new Date(Date.now() + 5 * 60 * 1000) });
  }

  async confirmCheckout(sessionId: string): Promise<Outcome<CheckoutConfirmation | null>> {
    const fetched = await this.call('read a checkout session', () => this.stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] }));
    if (!fetched.ok) return fetched.status === 404 ? ok(null) : fetched;
    const session = fetched.value;
    const subscription = session.subscription && typeof session.subscription === 'object' ? await this.stateOf(session.subscription, fetchedNow()) : null;
    return ok({
      userId: userIdFrom(session.client_reference_id ?? session.metadata?.user_id),
      complete: session.status === 'complete',
      customerId: idOf(session.customer),
      subscription,
    });
  }

  async fetchSubscription(subscriptionId: string): Promise<Outcome<SubscriptionState | null>> {
    const fetched = await this.call('read a subscription', () => this.stripe.subscriptions.retrieve(subscriptionId));
    if (!fetched.ok) return fetched.status === 404 ? ok(null) : fetched;
    return ok(await this.stateOf(fetched.value, fetchedNow()));
  }

  async endBilling({ user, subscriptionIds, checkoutSessionIds }: EndBillingRequest): Promise<Outcome<{ canceled: string[] }>> {
    // Checkouts first: an expired one can start no subscription behind the listing below. Stripe
    // answers 400 for a session that is no longer open (complete: its subscription is listed).
    for (const sessionId of checkoutSessionIds) {
      const expired = await this.call('expire a checkout session', () => this.stripe.checkout.sessions.expire(sessionId), [400, 404]);
      if (!expired.ok && expired.status !== 400 && expired.status !== 404) return expired;
    }
    const pending = new Set(subscriptionIds);
    const customer = user.stripeCustomerId;
    if (customer) {
      const listed = await this.call("list the customer's subscriptions", () => this.stripe.subscriptions.list({ customer, status: 'all', limit: 100 }).autoPagingToArray({ limit: 10_000 }));
      if (!listed.ok) return listed;
      for (const subscription of listed.value) if (!billingEnded(subscription.status)) pending.add(subscription.id);
    }
    const canceled: string[] = [];
    for (const subscriptionId of pending) {
      // Stripe answers 404 for a subscription canceled already; a 400 is taken as "ended" only
      // when the subscription says so.
      const result = await this.call('cancel a subscription', () => this.stripe.subscriptions.cancel(subscriptionId), [400, 404]);
      if (result.ok) canceled.push(subscriptionId);
      else if (result.status === 400) {
        const current = await this.call('read a subscription', () => this.stripe.subscriptions.retrieve(subscriptionId), [404]);
        if (current.ok && !billingEnded(current.value.status)) return failure(502, UNAVAILABLE);
        if (!current.ok && current.status !== 404) return current;
      } else if (result.status !== 404) return result;
    }
    return ok({ canceled });
  }

  async readWebhook(rawBody: Buffer, signature: string | undefined, now: Date): Promise<Outcome<ProviderEvent>> {
    const secret = this.settings.webhookSecret;
    if (!secret) {
      this.log.error({}, 'a Stripe webhook arrived but STRIPE_WEBHOOK_SECRET is not set');
      return failure(503, 'Stripe webhooks are not configured on this server');
    }
    if (!signature) return failure(400, 'The Stripe-Signature header is missing');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, now.getTime());
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) return failure(400, `Webhook signature verification failed: ${error.message}`);
      throw error;
    }
    return ok(await this.describe(event));
  }

  private async describe(event: Stripe.Event): Promise<ProviderEvent> {
    const base = { id: event.id, type: event.type };
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        if (session.mode !== 'subscription') return { kind: 'other', ...base };
        return {
          kind: 'checkout-completed',
          ...base,
          sessionId: session.id,
          userId: userIdFrom(session.client_reference_id ?? session.metadata?.user_id),
          customerId: idOf(session.customer),
          subscriptionId: idOf(session.subscription),
        };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        return {
          kind: 'subscription',
          ...base,
          userId: userIdFrom(subscription.metadata?.user_id),
          customerId: idOf(subscription.customer),
          // As of the event: a late redelivery of an older event does not undo newer news.
          state: await this.stateOf(subscription, new Date(event.created * 1000)),
        };
      }
      default:
        return { kind: 'other', ...base };
    }
  }
}
