/**
 * The built-in test-mode provider, used when no STRIPE_SECRET_KEY is set: the server's own
 * checkout and portal pages (test-pages.ts) stand in for Stripe's, no card is ever asked for, and
 * paying or canceling drives `applySubscription`, the same domain function Stripe's webhooks drive.
 *
 * Sessions live in `payment_sessions`, found by an unguessable id that is the capability: whoever
 * holds the page's URL acts for its user, as with Stripe's hosted pages.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { paymentSessions, subscriptions } from '../db/schema.ts';
import { applySubscription, isEntitled, type ApplyResult, type PaymentDeps } from './domain.ts';
import { addInterval, DAY_MS, isPlanId, PLANS, TRIAL_DAYS, type PlanId } from './plans.ts';
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

export const TEST_PAGES_PREFIX = '/payments/test';
/** Stripe's checkout sessions expire after a day; so do ours. */
const CHECKOUT_TTL_MS = DAY_MS;
const PORTAL_TTL_MS = 60 * 60 * 1000;

const SESSION_PREFIX = 'cs_test_';
const SUBSCRIPTION_PREFIX = 'sub_test_';

const randomId = () => randomBytes(18).toString('base64url');

/** The subscription a test checkout creates: named after the session, so each finds the other. */
export const subscriptionIdFor = (sessionId: string) => SUBSCRIPTION_PREFIX + sessionId.slice(SESSION_PREFIX.length);

type SessionRow = typeof paymentSessions.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

function stateOf(row: SubscriptionRow, asOf: Date): SubscriptionState {
  return {
    provider: 'test',
    subscriptionId: row.providerSubscriptionId,
    customerId: row.providerCustomerId,
    plan: isPlanId(row.plan) ? row.plan : null,
    status: row.status,
    trialEnd: row.trialEnd,
    currentPeriodEnd: row.currentPeriodEnd,
    endedAt: row.endedAt,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    asOf,
  };
}

export type SessionLookup = { status: 'found'; session: SessionRow & { plan: PlanId } } | { status: 'missing' } | { status: 'expired'; session: SessionRow };

export class TestModeProvider implements PaymentProvider {
  readonly name = 'test' as const;

  constructor(private readonly deps: PaymentDeps) {}

  priceIds(): Promise<Outcome<Record<PlanId, string>>> {
    return Promise.resolve(ok({ monthly: PLANS.monthly.testPriceId, yearly: PLANS.yearly.testPriceId }));
  }

  createCheckout(_request: CheckoutRequest): Promise<Outcome<CheckoutStarted>> {
    const id = SESSION_PREFIX + randomId();
    const expiresAt = new Date(this.deps.clock.now().getTime() + CHECKOUT_TTL_MS);
    return Promise.resolve(ok({ id, url: `${TEST_PAGES_PREFIX}/checkout/${id}`, customerId: null, expiresAt }));
  }

  createPortal(_request: PortalRequest): Promise<Outcome<{ id: string; url: string; expiresAt: Date }>> {
    const id = `bps_test_${randomId()}`;
    const expiresAt = new Date(this.deps.clock.now().getTime() + PORTAL_TTL_MS);
    return Promise.resolve(ok({ id, url: `${TEST_PAGES_PREFIX}/portal/${id}`, expiresAt }));
  }

  async confirmCheckout(sessionId: string): Promise<Outcome<CheckoutConfirmation | null>> {
    const [session] = await this.deps.db.select().from(paymentSessions).where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.provider, 'test'), eq(paymentSessions.kind, 'checkout')));
    if (!session) return ok(null);
    const subscription = await this.fetchSubscription(subscriptionIdFor(sessionId));
    return ok({
      userId: session.userId,
      complete: session.status === 'complete',
      customerId: null,
      subscription: subscription.ok ? subscription.value : null,
    });
  }

  async fetchSubscription(subscriptionId: string): Promise<Outcome<SubscriptionState | null>> {
    const [row] = await this.deps.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.provider, 'test'), eq(subscriptions.providerSubscriptionId, subscriptionId)));
    // What we stored is the test provider's whole truth, as of when it was stored.
    return ok(row ? stateOf(row, row.stateAsOf) : null);
  }

  readWebhook(): Promise<Outcome<ProviderEvent>> {
    return Promise.resolve(failure(404, 'Stripe webhooks are not configured: the server runs the test-mode payment provider'));
  }

  /**
   * Account deletion: the open checkouts are canceled (their pages can no longer pay) and every
   * test subscription that has not ended is canceled now, through the same domain function as
   * the portal's 'Cancel subscription'. This provider's whole truth is our database, so it
   * cannot fail.
   */
  async endBilling({ user, checkoutSessionIds }: EndBillingRequest): Promise<Outcome<{ canceled: string[] }>> {
    if (checkoutSessionIds.length > 0) {
      await this.deps.db
        .update(paymentSessions)
        .set({ status: 'canceled' })
        .where(and(inArray(paymentSessions.id, [...checkoutSessionIds]), eq(paymentSessions.userId, user.id), eq(paymentSessions.status, 'open')));
    }
    const now = this.deps.clock.now();
    const canceled: string[] = [];
    for (const row of await this.subscriptionsOf(user.id)) {
      if (billingEnded(row.status)) continue;
      await this.cancelNow(user.id, row, now);
      canceled.push(row.providerSubscriptionId);
    }
    return ok({ canceled });
  }

  // ---- What the test-mode pages do ------------------------------------------------------------

  async session(id: string, kind: 'checkout' | 'portal'): Promise<SessionLookup> {
    const [session] = await this.deps.db.select().from(paymentSessions).where(and(eq(paymentSessions.id, id), eq(paymentSessions.provider, 'test'), eq(paymentSessions.kind, kind)));
    if (!session) return { status: 'missing' };
    if (session.expiresAt <= this.deps.clock.now() && session.status === 'open') return { status: 'expired', session };
    if (kind === 'checkout' && !isPlanId(session.plan)) return { status: 'missing' };
    return { status: 'found', session: session as SessionRow & { plan: PlanId } };
  }

  /**
   * 'Pay (test mode)': the subscription starts, in its free trial when the checkout offered one
   * (the trial covers the first period, as at Stripe), otherwise active for one billing period.
   */
  async pay(session: SessionRow & { plan: PlanId }): Promise<ApplyResult> {
    const now = this.deps.clock.now();
    const trialEnd = session.trial ? new Date(now.getTime() + TRIAL_DAYS * DAY_MS) : null;
    const state: SubscriptionState = {
      provider: 'test',
      subscriptionId: subscriptionIdFor(session.id),
      customerId: `cus_test_${session.userId}`,
      plan: session.plan,
      status: trialEnd ? 'trialing' : 'active',
      trialEnd,
      currentPeriodEnd: trialEnd ?? addInterval(now, PLANS[session.plan].interval),
      endedAt: null,
      cancelAtPeriodEnd: false,
      asOf: now,
    };
    return applySubscription(this.deps, { userId: session.userId, state, completesSession: session.id });
  }

  /** 'Cancel' on the checkout page: nothing is bought. */
  async cancelCheckout(session: SessionRow): Promise<void> {
    await this.deps.db
      .update(paymentSessions)
      .set({ status: 'canceled' })
      .where(and(eq(paymentSessions.id, session.id), eq(paymentSessions.status, 'open')));
  }

  /** The user's test-mode subscriptions, newest first. */
  async subscriptionsOf(userId: number): Promise<SubscriptionRow[]> {
    const rows = await this.deps.db.select().from(subscriptions).where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, 'test')));
    return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  }

  /**
   * 'Cancel subscription' in the portal: ends every entitled test subscription of the user now
   * (as Stripe's "cancel immediately"), so analytics locks at once.
   */
  async cancelSubscriptions(userId: number): Promise<ApplyResult | null> {
    const now = this.deps.clock.now();
    let last: ApplyResult | null = null;
    for (const row of await this.subscriptionsOf(userId)) {
      if (!isEntitled(row, now)) continue;
      last = await this.cancelNow(userId, row, now);
    }
    return last;
  }

  private cancelNow(userId: number, row: SubscriptionRow, now: Date): Promise<ApplyResult> {
    return applySubscription(this.deps, { userId, state: { ...stateOf(row, now), status: 'canceled', endedAt: now, cancelAtPeriodEnd: false } });
  }
}
