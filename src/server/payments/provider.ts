/**
 * The payment provider boundary (docs/api.md#payments; like every I/O boundary, an interface with
 * an in-memory twin, docs/architecture.md#code-style): Stripe when a secret key is configured,
 * otherwise the built-in test-mode provider. Routes and webhooks speak only this interface; both
 * providers report subscriptions as `SubscriptionState`, which the one domain function (domain.ts)
 * turns into the user's `subscribed` flag.
 *
 * Expected failures (the provider is unreachable, refuses, a signature does not match) are values.
 */
import type { PlanId } from './plans.ts';

export type ProviderName = 'stripe' | 'test';

export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const failure = (status: number, message: string): Outcome<never> => ({ ok: false, status, message });

/** Statuses after which a provider never charges for the subscription again. */
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired']);
export const billingEnded = (status: string): boolean => ENDED_STATUSES.has(status);

/** A subscription as its provider last described it. */
export interface SubscriptionState {
  provider: ProviderName;
  subscriptionId: string;
  customerId: string | null;
  plan: PlanId | null;
  /** The provider's status: active, trialing, past_due, unpaid, canceled, incomplete, ... */
  status: string;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  endedAt: Date | null;
  cancelAtPeriodEnd: boolean;
  /** When the provider said so: the event's time, or when the state was fetched. */
  asOf: Date;
}

export interface PaymentUser {
  id: number;
  email: string;
  stripeCustomerId: string | null;
}

export interface CheckoutRequest {
  user: PaymentUser;
  plan: PlanId;
  priceId: string;
  /** Whether the subscription starts with the free trial (first subscription only). */
  trial: boolean;
  /** Absolute URLs of the app's return pages; Stripe replaces {CHECKOUT_SESSION_ID} in the first. */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutStarted {
  id: string;
  url: string;
  /** The provider's customer, when one was created for this checkout (remembered for the portal). */
  customerId: string | null;
  expiresAt: Date;
}

export interface CheckoutConfirmation {
  /** Our user id the provider recorded with the session (null when it recorded none). */
  userId: number | null;
  complete: boolean;
  customerId: string | null;
  subscription: SubscriptionState | null;
}

export interface PortalRequest {
  user: PaymentUser;
  returnUrl: string;
}

/** What account deletion asks a provider to stop (docs/api.md#deleting-an-account). */
export interface EndBillingRequest {
  user: PaymentUser;
  /** The user's subscriptions at this provider that have not ended, as stored here. */
  subscriptionIds: readonly string[];
  /** The user's checkout sessions at this provider that may still be open. */
  checkoutSessionIds: readonly string[];
}

/** A verified webhook event, reduced to what the domain needs. */
export type ProviderEvent =
  | { kind: 'subscription'; id: string; type: string; userId: number | null; customerId: string | null; state: SubscriptionState }
  | { kind: 'checkout-completed'; id: string; type: string; sessionId: string; userId: number | null; customerId: string | null; subscriptionId: string | null }
  | { kind: 'other'; id: string; type: string };

export interface PaymentProvider {
  readonly name: ProviderName;
  /** The price id of each plan, as the client sends it back in create_checkout_session. */
  priceIds(): Promise<Outcome<Record<PlanId, string>>>;
  createCheckout(request: CheckoutRequest): Promise<Outcome<CheckoutStarted>>;
  createPortal(request: PortalRequest): Promise<Outcome<{ id: string; url: string; expiresAt: Date }>>;
  /** Asks the provider how a checkout ended; `null` when it has no such session. */
  confirmCheckout(sessionId: string): Promise<Outcome<CheckoutConfirmation | null>>;
  /** The current state of one subscription (after a checkout completed). */
  fetchSubscription(subscriptionId: string): Promise<Outcome<SubscriptionState | null>>;
  /** Verifies the signature over the raw body (and its age against `now`) and reads the event. */
  readWebhook(rawBody: Buffer, signature: string | undefined, now: Date): Promise<Outcome<ProviderEvent>>;
  /**
   * Before an account is erased: ends at once (not at the period's end, and without a refund)
   * everything at the provider that could still charge the user: the open checkouts named, which
   * can then start nothing, then every subscription named, and any other the provider holds for
   * the user (a webhook still on its way). One the provider no longer has counts as ended.
   * Answers the ids of the subscriptions it canceled; a failure means some may still charge.
   */
  endBilling(request: EndBillingRequest): Promise<Outcome<{ canceled: string[] }>>;
}
