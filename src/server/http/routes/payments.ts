/**
 * Payments (docs/product.md#calls, docs/api.md#payments): the plans' price ids, checkout and portal
 * sessions, the post-checkout helper, Stripe's webhook, and — when no Stripe key is set — the
 * test-mode provider's own checkout and portal pages. Every path that changes a subscription ends
 * in `applySubscription` (payments/domain.ts).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../auth/tokens.ts';
import { paymentSessions, users } from '../../db/schema.ts';
import { applySubscription, eventSeen, hadSubscription, recordEvent, subscriptionOf, type ApplyResult, type PaymentDeps } from '../../payments/domain.ts';
import { PLAN_IDS, PLANS, TRIAL_DAYS, isPlanId } from '../../payments/plans.ts';
import { isJsonObject } from '../../../shared/json.ts';
import type { Outcome, PaymentProvider, PaymentUser, ProviderEvent } from '../../payments/provider.ts';
import { checkoutPage, messagePage, portalPage } from '../../payments/test-pages.ts';
import { TEST_PAGES_PREFIX, TestModeProvider } from '../../payments/test-provider.ts';
import { currentUser, type AppContext } from '../context.ts';
import { HttpError, invalid } from '../errors.ts';
import { appOrigin, originText } from '../origin.ts';
import { RateLimits } from '../rate-limits.ts';

export const CONFIG_PATH = '/api/v1/payment_config';
export const SUBSCRIPTION_PATH = '/api/v1/subscription';
export const WEBHOOK_PATH = '/api/v1/stripe/webhook';

/** Starting checkouts and portals creates objects at the provider: a person never needs many a minute. */
const SESSION_RATE_LIMIT = RateLimits.perUser(30, 60_000);
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,255}$/;

/** The value of a provider call, or the HttpError its failure answers. */
function value<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new HttpError(outcome.status, outcome.message);
  return outcome.value;
}

const paymentUser = (user: AuthUser): PaymentUser => ({ id: user.id, email: user.email, stripeCustomerId: user.stripeCustomerId });

export async function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext, authenticate: (request: FastifyRequest) => Promise<void>, payments: PaymentProvider): Promise<void> {
  const { db } = ctx.database;
  const deps: PaymentDeps = { db, changes: ctx.changes, cache: ctx.cache, clock: ctx.clock };
  const authenticated = { preHandler: authenticate };

  /** Where the provider sends the browser back: APP_URL, else the origin this request came to. */
  const origin = (request: FastifyRequest) => originText(appOrigin(ctx.config.appUrl, request));

  // The price ids the client sends back (a fixed price id per plan, docs/product.md#entities).
  app.get(CONFIG_PATH, async () => {
    const prices = value(await payments.priceIds());
    return {
      payment_config: {
        provider: payments.name,
        test_mode: payments.name === 'test',
        trial_days: TRIAL_DAYS,
        plans: PLAN_IDS.map((plan) => ({
          id: plan,
          name: PLANS[plan].name,
          price_id: prices[plan],
          amount: PLANS[plan].amountCents / 100,
          interval: PLANS[plan].interval,
          price_label: PLANS[plan].priceLabel,
        })),
      },
    };
  });

  // `subscribed` is the user's flag, what sign-in answers and the month tables are served by: the
  // app sets its own from this answer, and a grant by hand (`npm run subscribe`) has no
  // subscription row to derive it from. The details come from the rows.
  app.get(SUBSCRIPTION_PATH, authenticated, async (request) => {
    const user = currentUser(request);
    return { subscription: { ...(await subscriptionOf(db, user.id, ctx.clock.now())), subscribed: user.subscribed } };
  });

  app.post('/api/v1/create_checkout_session', { ...authenticated, config: SESSION_RATE_LIMIT }, async (request) => {
    const user = currentUser(request);
    const body = isJsonObject(request.body) ? request.body : {};
    const errors: Record<string, string[]> = {};
    const priceId = typeof body.price_id === 'string' ? body.price_id.trim() : '';
    if (priceId === '') errors.price_id = ['Price id is required'];
    const location = body.location;
    if (!isPlanId(location)) errors.location = ['Location must be monthly or yearly'];
    if (Object.keys(errors).length > 0) throw invalid(errors);

    const prices = value(await payments.priceIds());
    const plan = PLAN_IDS.find((id) => prices[id] === priceId);
    if (!plan) throw invalid({ price_id: ['Unknown price id'] });
    if (plan !== location) throw invalid({ location: [`Location must match the plan of the price (${plan})`] });
    if (user.subscribed) throw new HttpError(409, 'You are already subscribed. Manage your subscription from the Account menu.');

    const trial = !(await hadSubscription(db, user.id));
    const base = origin(request);
    const started = value(
      await payments.createCheckout({
        user: paymentUser(user),
        plan,
        priceId,
        trial,
        successUrl: `${base}/subscribe/${plan}?success=true&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${base}/subscribe/${plan}?canceled=true`,
      }),
    );
    await db.insert(paymentSessions).values({ id: started.id, provider: payments.name, kind: 'checkout', userId: user.id, plan, trial, expiresAt: started.expiresAt });
    // The customer Stripe made for this user is theirs from now on (the portal needs it).
    if (started.customerId && started.customerId !== user.stripeCustomerId) await applySubscription(deps, { userId: user.id, stripeCustomerId: started.customerId });
    request.log.info({ userId: user.id, plan, provider: payments.name }, 'checkout started');
    return { checkout_session: { id: started.id, url: started.url } };
  });

  app.post('/api/v1/create_portal_session', { ...authenticated, config: SESSION_RATE_LIMIT }, async (request) => {
    const user = currentUser(request);
    const portal = value(await payments.createPortal({ user: paymentUser(user), returnUrl: `${origin(request)}/subscribe` }));
    await db.insert(paymentSessions).values({ id: portal.id, provider: payments.name, kind: 'portal', userId: user.id, expiresAt: portal.expiresAt });
    return { portal_session: { url: portal.url } };
  });

  // The post-checkout cleanup helper (docs/api.md#payments): asks the provider how the checkout
  // ended and updates the user at once, so the success page unlocks analytics without waiting for
  // the webhook.
  app.post('/api/v1/checkout_success', authenticated, async (request) => {
    const user = currentUser(request);
    const body = isJsonObject(request.body) ? request.body : {};
    const sessionId = body.session_id;
    if (typeof sessionId !== 'string' || sessionId === '') throw invalid({ session_id: ['Session id is required'] });
    if (!SESSION_ID_PATTERN.test(sessionId)) throw invalid({ session_id: ['Session id is not valid'] });

    const notFound = new HttpError(404, 'Checkout session not found');
    const [local] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId));
    if (local && (local.userId !== user.id || local.kind !== 'checkout')) throw notFound;
    const confirmation = value(await payments.confirmCheckout(sessionId));
    if (!confirmation) throw notFound;
    // Only the user the checkout was for may claim it.
    if (confirmation.userId === null ? !local : confirmation.userId !== user.id) throw notFound;
    if (!confirmation.complete) throw new HttpError(409, 'This checkout is not complete');
    const result = await applySubscription(deps, {
      userId: user.id,
      state: confirmation.subscription,
      stripeCustomerId: payments.name === 'stripe' ? confirmation.customerId : null,
      closesSession: sessionId,
    });
    return { subscribed: result.subscription.subscribed, subscription: result.subscription };
  });

  await registerWebhook(app, ctx, deps, payments);
  if (payments instanceof TestModeProvider) await registerTestPages(app, ctx, payments);
}

/** The user a Stripe event is about: the id we put in its metadata, else the owner of its customer. */
async function userFor(deps: PaymentDeps, userId: number | null, customerId: string | null): Promise<number | null> {
  if (userId !== null) {
    const [row] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (row) return row.id;
  }
  if (customerId) {
    const [row] = await deps.db.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customerId));
    if (row) return row.id;
  }
  return null;
}

async function registerWebhook(app: FastifyInstance, ctx: AppContext, deps: PaymentDeps, payments: PaymentProvider): Promise<void> {
  await app.register(async (scope) => {
    // The signature covers the body byte for byte: this route reads it raw, whatever its type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.post(WEBHOOK_PATH, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      const event = value(await payments.readWebhook(raw, Array.isArray(header) ? header[0] : header, ctx.clock.now()));
      const provider = payments.name;
      if (await eventSeen(deps.db, provider, event.id)) return reply.send({ received: true, duplicate: true });

      const outcome = await handleEvent(deps, payments, event);
      request.log.info({ event: event.id, type: event.type, outcome }, 'payment webhook handled');
      return reply.send({ received: true, duplicate: outcome === 'duplicate' });
    });
  });
}

async function handleEvent(deps: PaymentDeps, payments: PaymentProvider, event: ProviderEvent): Promise<ApplyResult['outcome'] | 'ignored'> {
  const record = { provider: payments.name, id: event.id, type: event.type };
  if (event.kind === 'other') return (await recordEvent(deps, record)) ? 'ignored' : 'duplicate';
  const userId = await userFor(deps, event.userId, event.customerId);
  if (userId === null) return (await recordEvent(deps, record)) ? 'ignored' : 'duplicate';

  if (event.kind === 'subscription') {
    return (await applySubscription(deps, { userId, state: event.state, event: record })).outcome;
  }
  // A completed checkout names its subscription; its state comes from the provider (a failure
  // answers 502 and Stripe delivers the event again later).
  const state = event.subscriptionId ? value(await payments.fetchSubscription(event.subscriptionId)) : null;
  return (await applySubscription(deps, { userId, state, event: record, stripeCustomerId: event.customerId, closesSession: event.sessionId })).outcome;
}

async function registerTestPages(app: FastifyInstance, ctx: AppContext, provider: TestModeProvider): Promise<void> {
  const { db } = ctx.database;
  const html = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  const emailOf = async (userId: number) => (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email ?? '';
  const back = { href: '/subscribe', label: 'Back to plans' };
  // Session ids are ours (base64url). Anything else names no session, and must not reach the
  // query: a NUL from '%00' is refused by PostgreSQL (a 500), not merely not found.
  const lookup = (request: FastifyRequest, kind: 'checkout' | 'portal') => {
    const { id } = request.params as { id: string };
    return SESSION_ID_PATTERN.test(id) ? provider.session(id, kind) : Promise.resolve({ status: 'missing' as const });
  };

  await app.register(async (scope) => {
    // The pages' forms post an empty form body.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));

    const checkout = async (request: FastifyRequest, reply: FastifyReply) => {
      const found = await lookup(request, 'checkout');
      if (found.status === 'missing') return { reply: html(reply, 404, messagePage('Checkout not found', 'This checkout link is not valid.', back)) };
      if (found.status === 'expired') return { reply: html(reply, 410, messagePage('Checkout expired', 'This checkout link has expired. Choose a plan again to start a new one.', back)) };
      const { session } = found;
      if (session.status === 'complete') {
        return { reply: html(reply, 200, messagePage('Already paid', 'This checkout is complete.', { href: `/subscribe/${session.plan}?success=true&session_id=${session.id}`, label: 'Return to Runway' })) };
      }
      if (session.status === 'canceled') return { reply: html(reply, 200, messagePage('Checkout canceled', 'This checkout was canceled. Nothing was bought.', back)) };
      return { session };
    };

    scope.get(`${TEST_PAGES_PREFIX}/checkout/:id`, async (request, reply) => {
      const found = await checkout(request, reply);
      if (!found.session) return found.reply;
      const { session } = found;
      return html(reply, 200, checkoutPage({ action: `${TEST_PAGES_PREFIX}/checkout/${session.id}`, plan: session.plan, email: await emailOf(session.userId), trial: session.trial }));
    });

    scope.post(`${TEST_PAGES_PREFIX}/checkout/:id/pay`, async (request, reply) => {
      const found = await checkout(request, reply);
      if (!found.session) return found.reply;
      await provider.pay(found.session);
      request.log.info({ userId: found.session.userId, plan: found.session.plan }, 'test-mode checkout paid');
      return reply.redirect(`/subscribe/${found.session.plan}?success=true&session_id=${encodeURIComponent(found.session.id)}`, 303);
    });

    scope.post(`${TEST_PAGES_PREFIX}/checkout/:id/cancel`, async (request, reply) => {
      const found = await checkout(request, reply);
      if (!found.session) return found.reply;
      await provider.cancelCheckout(found.session);
      return reply.redirect(`/subscribe/${found.session.plan}?canceled=true`, 303);
    });

    const portal = async (request: FastifyRequest, reply: FastifyReply) => {
      const found = await lookup(request, 'portal');
      if (found.status === 'missing') return { reply: html(reply, 404, messagePage('Portal not found', 'This link is not valid.', back)) };
      if (found.status === 'expired') return { reply: html(reply, 410, messagePage('Link expired', 'This link has expired. Choose Manage Subscription in the Account menu again.', back)) };
      return { session: found.session };
    };

    scope.get(`${TEST_PAGES_PREFIX}/portal/:id`, async (request, reply) => {
      const found = await portal(request, reply);
      if (!found.session) return found.reply;
      const { session } = found;
      const canceled = (request.query as { canceled?: string }).canceled === '1';
      return html(
        reply,
        200,
        portalPage({
          action: `${TEST_PAGES_PREFIX}/portal/${session.id}`,
          email: await emailOf(session.userId),
          subscription: await subscriptionOf(db, session.userId, ctx.clock.now()),
          canceled,
          returnUrl: '/subscribe',
        }),
      );
    });

    scope.post(`${TEST_PAGES_PREFIX}/portal/:id/cancel`, async (request, reply) => {
      const found = await portal(request, reply);
      if (!found.session) return found.reply;
      await provider.cancelSubscriptions(found.session.userId);
      request.log.info({ userId: found.session.userId }, 'test-mode subscription canceled');
      return reply.redirect(`${TEST_PAGES_PREFIX}/portal/${encodeURIComponent(found.session.id)}?canceled=1`, 303);
    });
  });
}
