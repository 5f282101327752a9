/**
 * Subscriptions, whichever provider reports them. Stripe's webhooks, `checkout_success`, and the
 * test-mode provider's checkout and portal pages all end in `applySubscription`, and the user's
 * `subscribed` flag is derived by `isEntitled` alone.
 *
 * A change is one transaction holding the user's row lock (the same lock every write of the user
 * takes, see http/write.ts): the webhook event is recorded as handled, the subscription row is
 * stored, `users.subscribed` is derived again from all of the user's subscriptions, and a change
 * notice goes out at commit. The notice drops every process's cached session of the user (which
 * carries the flag) and sends a 'Subscription' message to the user's open tabs.
 */
import { and, eq, lt, notInArray } from 'drizzle-orm';
import { SUBSCRIPTION_TYPE, type SubscriptionData } from '../../shared/cable.ts';
import type { ChangeFeed } from '../db/changes.ts';
import type { Db } from '../db/client.ts';
import { paymentEvents, paymentSessions, subscriptions, users } from '../db/schema.ts';
import type { Clock } from '../clock.ts';
import type { ReadCache } from '../http/read-cache.ts';
import { isPlanId } from './plans.ts';
import type { SubscriptionState } from './provider.ts';

export interface PaymentDeps {
  db: Db;
  changes: ChangeFeed;
  cache: ReadCache;
  clock: Clock;
}

/** What `isEntitled` reads of a subscription. */
export interface EntitlementFields {
  status: string;
  currentPeriodEnd: Date | null;
  endedAt: Date | null;
}

/** Paying, or in the free trial. */
const LIVE_STATUSES = new Set(['active', 'trialing']);
/** Not paying, but the time already paid for may not be over yet. */
const LAPSING_STATUSES = new Set(['past_due', 'unpaid', 'canceled']);

/**
 * Whether a subscription unlocks analytics at `now`: active or trialing ⇒ yes; past_due, unpaid
 * or canceled ⇒ only until the period paid for ends (for a subscription canceled at once, until
 * it ended); anything else (incomplete, incomplete_expired, paused) ⇒ no.
 */
export function isEntitled(subscription: EntitlementFields, now: Date): boolean {
  if (LIVE_STATUSES.has(subscription.status)) return true;
  if (!LAPSING_STATUSES.has(subscription.status)) return false;
  const { currentPeriodEnd, endedAt } = subscription;
  const end = subscription.status === 'canceled' && endedAt !== null && (currentPeriodEnd === null || endedAt < currentPeriodEnd) ? endedAt : currentPeriodEnd;
  return end !== null && now.getTime() < end.getTime();
}

type SubscriptionRow = typeof subscriptions.$inferSelect;

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/**
 * The user's subscription as the client sees it: `subscribed` from every row, the details from
 * the one that matters most (an entitled one lasting longest, else the latest news).
 */
export function summarize(rows: readonly SubscriptionRow[], now: Date): SubscriptionData {
  const entitled = rows.filter((row) => isEntitled(row, now));
  const byEnd = (row: SubscriptionRow) => row.currentPeriodEnd?.getTime() ?? Number.MAX_SAFE_INTEGER;
  const pick =
    entitled.length > 0
      ? entitled.reduce((best, row) => (byEnd(row) > byEnd(best) ? row : best))
      : rows.reduce<SubscriptionRow | null>((best, row) => (best === null || row.stateAsOf > best.stateAsOf || (row.stateAsOf.getTime() === best.stateAsOf.getTime() && row.id > best.id) ? row : best), null);
  return {
    subscribed: entitled.length > 0,
    provider: pick?.provider ?? null,
    plan: pick && isPlanId(pick.plan) ? pick.plan : null,
    status: pick?.status ?? null,
    trial_end: iso(pick?.trialEnd ?? null),
    current_period_end: iso(pick?.currentPeriodEnd ?? null),
    cancel_at_period_end: pick?.cancelAtPeriodEnd ?? false,
  };
}

export async function subscriptionOf(db: Db, userId: number, now: Date): Promise<SubscriptionData> {
  return summarize(await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)), now);
}

/** Whether the user ever had a subscription: the free trial is for the first one only. */
export async function hadSubscription(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row !== undefined;
}

export interface ApplyInput {
  userId: number;
  /** The provider's news about one subscription; absent to derive the flag again only. */
  state?: SubscriptionState | null;
  /** The webhook event carrying it: recorded as handled in the same transaction. */
  event?: { provider: string; id: string; type: string };
  /** The user's Stripe customer, remembered for the portal. */
  stripeCustomerId?: string | null;
  /**
   * A checkout session this completes: marked 'complete' in the same transaction, and `state`
   * applies only if the session was still open (a second click on Pay changes nothing).
   */
  completesSession?: string;
  /** A checkout session to mark 'complete' if it is still open, whatever else happens (Stripe's). */
  closesSession?: string;
}

export type ApplyOutcome =
  /** Something changed; the user's tabs were told. */
  | 'applied'
  /** Nothing new. */
  | 'unchanged'
  /** The event was handled before: nothing was done. */
  | 'duplicate'
  /** The provider had already told us something newer about this subscription. */
  | 'stale'
  /** The subscription is recorded for another user: refused. */
  | 'conflict'
  | 'no-user';

export interface ApplyResult {
  outcome: ApplyOutcome;
  subscription: SubscriptionData;
}

const EMPTY: SubscriptionData = { subscribed: false, provider: null, plan: null, status: null, trial_end: null, current_period_end: null, cancel_at_period_end: false };

function sameState(row: SubscriptionRow, state: SubscriptionState): boolean {
  const time = (date: Date | null) => date?.getTime() ?? null;
  return (
    row.status === state.status &&
    row.plan === state.plan &&
    row.providerCustomerId === state.customerId &&
    row.cancelAtPeriodEnd === state.cancelAtPeriodEnd &&
    time(row.trialEnd) === time(state.trialEnd) &&
    time(row.currentPeriodEnd) === time(state.currentPeriodEnd) &&
    time(row.endedAt) === time(state.endedAt)
  );
}

/** Stores what a provider reported and derives the user's flag again (see the top of this file). */
export async function applySubscription(deps: PaymentDeps, input: ApplyInput): Promise<ApplyResult> {
  const now = deps.clock.now();
  let notified = false;
  const result = await deps.db.transaction(async (transaction): Promise<ApplyResult> => {
    const tx = transaction as unknown as Db;
    const [user] = await tx.select({ subscribed: users.subscribed, stripeCustomerId: users.stripeCustomerId }).from(users).where(eq(users.id, input.userId)).for('update');
    if (!user) return { outcome: 'no-user', subscription: EMPTY };

    if (input.event) {
      const recorded = await tx
        .insert(paymentEvents)
        .values({ provider: input.event.provider, id: input.event.id, type: input.event.type, receivedAt: now })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (recorded.length === 0) return { outcome: 'duplicate', subscription: await subscriptionOf(tx, input.userId, now) };
    }

    let outcome: ApplyOutcome = 'unchanged';
    let changed = false;
    if (input.completesSession) {
      const completed = await tx
        .update(paymentSessions)
        .set({ status: 'complete' })
        .where(and(eq(paymentSessions.id, input.completesSession), eq(paymentSessions.userId, input.userId), eq(paymentSessions.status, 'open')))
        .returning({ id: paymentSessions.id });
      if (completed.length === 0) return { outcome: 'unchanged', subscription: await subscriptionOf(tx, input.userId, now) };
      changed = true;
    }

    if (input.closesSession) {
      await tx
        .update(paymentSessions)
        .set({ status: 'complete' })
        .where(and(eq(paymentSessions.id, input.closesSession), eq(paymentSessions.userId, input.userId), eq(paymentSessions.status, 'open')));
    }

    const { state } = input;
    if (state) {
      const [existing] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.provider, state.provider), eq(subscriptions.providerSubscriptionId, state.subscriptionId)));
      const values = {
        providerCustomerId: state.customerId,
        plan: state.plan,
        status: state.status,
        trialEnd: state.trialEnd,
        currentPeriodEnd: state.currentPeriodEnd,
        endedAt: state.endedAt,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        stateAsOf: state.asOf,
      };
      if (existing && existing.userId !== input.userId) outcome = 'conflict';
      else if (existing && existing.stateAsOf > state.asOf) outcome = 'stale';
      else if (!existing) {
        await tx.insert(subscriptions).values({ userId: input.userId, provider: state.provider, providerSubscriptionId: state.subscriptionId, ...values, createdAt: now, updatedAt: now });
        changed = true;
      } else if (!sameState(existing, state)) {
        await tx.update(subscriptions).set({ ...values, updatedAt: now }).where(eq(subscriptions.id, existing.id));
        changed = true;
      } else if (existing.stateAsOf < state.asOf) {
        await tx.update(subscriptions).set({ stateAsOf: state.asOf }).where(eq(subscriptions.id, existing.id));
      }
    }

    const subscription = await subscriptionOf(tx, input.userId, now);
    // Stripe's customer of an applied subscription is the user's (the portal opens on it).
    const customer = input.stripeCustomerId ?? (state?.provider === 'stripe' && outcome === 'unchanged' ? state.customerId : null);
    const patch: Partial<typeof users.$inferInsert> = {};
    if (subscription.subscribed !== user.subscribed) patch.subscribed = subscription.subscribed;
    if (customer && customer !== user.stripeCustomerId) patch.stripeCustomerId = customer;
    if (Object.keys(patch).length > 0) {
      await tx.update(users).set({ ...patch, updatedAt: now }).where(eq(users.id, input.userId));
      changed = true;
    }
    if (changed) {
      await deps.changes.notify(tx, { userId: input.userId, messages: [{ type: SUBSCRIPTION_TYPE, action: 'updated', data: subscription }] });
      notified = true;
      if (outcome === 'unchanged') outcome = 'applied';
    }
    return { outcome, subscription };
  });
  // This process forgets at once, so the next request of the user reads the new flag.
  if (notified) deps.cache.forget(input.userId);
  return result;
}

/** Records an event that concerns no user of ours, so a redelivery is recognised. True when new. */
export async function recordEvent(deps: PaymentDeps, event: { provider: string; id: string; type: string }): Promise<boolean> {
  const recorded = await deps.db
    .insert(paymentEvents)
    .values({ ...event, receivedAt: deps.clock.now() })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return recorded.length > 0;
}

export async function eventSeen(db: Db, provider: string, id: string): Promise<boolean> {
  const [row] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.id, id)));
  return row !== undefined;
}

/**
 * Users still marked subscribed whose subscriptions have all lapsed since (a past-due period that
 * ended without further news): derived again, which turns the flag off and tells their tabs.
 */
export async function expireLapsed(deps: PaymentDeps): Promise<number> {
  const candidates = await deps.db
    .selectDistinct({ userId: subscriptions.userId })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(and(eq(users.subscribed, true), notInArray(subscriptions.status, [...LIVE_STATUSES])));
  let expired = 0;
  for (const { userId } of candidates) {
    const { outcome } = await applySubscription(deps, { userId });
    if (outcome === 'applied') expired += 1;
  }
  return expired;
}

/** Handled events are kept this long (Stripe retries a delivery for up to three days). */
export const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export async function prunePayments(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - EVENT_RETENTION_MS);
  await db.delete(paymentEvents).where(lt(paymentEvents.receivedAt, before));
  await db.delete(paymentSessions).where(lt(paymentSessions.expiresAt, before));
}
