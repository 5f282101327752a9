/**
 * An in-process fake of the few Stripe API calls Runway makes, for stripe-node to talk to over
 * real HTTP (STRIPE_API_BASE): prices by lookup key, customers, checkout sessions (create,
 * retrieve with `expand[]=subscription`, and expire), subscriptions (retrieve, list by customer,
 * cancel) and billing-portal sessions. It records
 * every request with its form-encoded body as stripe-node sent it, and builds the events a test
 * then signs with `stripe.webhooks.generateTestHeaderString`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { startServer, type TestServer } from './harness.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The body's fields, decoded (`line_items[0][price]` → its value). */
  form: URLSearchParams;
  raw: string;
  headers: IncomingMessage['headers'];
}

type Json = Record<string, any>;

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const DAY = 24 * 60 * 60;

export const PRICE_MONTHLY = 'price_fake_monthly';
export const PRICE_YEARLY = 'price_fake_yearly';

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly prices: Json[] = [
    { id: PRICE_MONTHLY, object: 'price', active: true, currency: 'usd', lookup_key: 'runway_monthly', unit_amount: 599, recurring: { interval: 'month' } },
    { id: PRICE_YEARLY, object: 'price', active: true, currency: 'usd', lookup_key: 'runway_yearly', unit_amount: 6000, recurring: { interval: 'year' } },
  ];
  readonly customers = new Map<string, Json>();
  readonly sessions = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  /** The next `times` (default 1) requests whose path matches answer this error instead. */
  failNext: { path: RegExp; status: number; times?: number } | null = null;
  url = '';
  private server: Server | null = null;

  static async start(): Promise<FakeStripe> {
    const fake = new FakeStripe();
    fake.server = createServer((request, response) => void fake.handle(request, response));
    await new Promise<void>((resolve) => fake.server?.listen(0, '127.0.0.1', resolve));
    const address = fake.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    fake.url = `http://127.0.0.1:${address.port}`;
    return fake;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Requests to `path` (and `method`), in order. */
  calls(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  /** What Stripe does when the customer pays: the session completes and its subscription starts. */
  completeCheckout(sessionId: string, status: 'trialing' | 'active' = 'trialing'): Json {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const price = this.prices.find((p) => p.id === session.line_price);
    const trialDays = Number(session.trial_period_days ?? 0);
    const start = now();
    const trialEnd = status === 'trialing' && trialDays > 0 ? start + trialDays * DAY : null;
    const subscription = this.subscription({
      customer: session.customer,
      status,
      metadata: session.subscription_metadata,
      trial_end: trialEnd,
      current_period_end: trialEnd ?? start + 30 * DAY,
      price,
    });
    session.status = 'complete';
    session.payment_status = trialEnd ? 'no_payment_required' : 'paid';
    session.subscription = subscription.id;
    return subscription;
  }

  /** A subscription object as the API (version 2025-03-31 and later) returns it. */
  subscription(fields: { customer: string; status: string; metadata?: Json; trial_end?: number | null; current_period_end: number; price?: Json; ended_at?: number | null; id?: string }): Json {
    const subscription = {
      id: fields.id ?? id('sub'),
      object: 'subscription',
      customer: fields.customer,
      status: fields.status,
      metadata: fields.metadata ?? {},
      cancel_at_period_end: false,
      trial_end: fields.trial_end ?? null,
      ended_at: fields.ended_at ?? null,
      created: now(),
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price: fields.price ?? this.prices[0],
            quantity: 1,
            current_period_start: now(),
            current_period_end: fields.current_period_end,
          },
        ],
      },
    };
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  /** An event as Stripe would deliver it. */
  event(type: string, object: Json, created = now()): Json {
    return { id: id('evt'), object: 'event', api_version: '2026-10-28.endive', created, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://fake');
    const recorded: RecordedRequest = { method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, form: new URLSearchParams(raw), raw, headers: request.headers };
    this.requests.push(recorded);
    const send = (status: number, body: Json) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(body));
    };
    const error = (status: number, message: string) => send(status, { error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message } });

    if (this.failNext && this.failNext.path.test(url.pathname)) {
      const { status, times = 1 } = this.failNext;
      this.failNext = times > 1 ? { ...this.failNext, times: times - 1 } : null;
      return error(status, 'The fake was told to fail');
    }
    if (request.headers.authorization !== 'Bearer sk_test_fake') return error(401, 'Invalid API key');

    const { method } = recorded;
    const form = recorded.form;
    const path = url.pathname;
    let match: RegExpExecArray | null;

    if (method === 'GET' && path === '/v1/prices') {
      const keys = [...url.searchParams.entries()].filter(([k]) => k.startsWith('lookup_keys')).map(([, v]) => v);
      return send(200, { object: 'list', url: '/v1/prices', has_more: false, data: this.prices.filter((p) => keys.includes(p.lookup_key)) });
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: form.get('email'), metadata: { user_id: form.get('metadata[user_id]') } };
      this.customers.set(customer.id, customer);
      return send(200, customer);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const sessionId = `cs_test_${randomBytes(12).toString('hex')}`;
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: form.get('mode'),
        customer: form.get('customer'),
        client_reference_id: form.get('client_reference_id'),
        metadata: { user_id: form.get('metadata[user_id]'), plan: form.get('metadata[plan]') },
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        success_url: form.get('success_url'),
        cancel_url: form.get('cancel_url'),
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        expires_at: now() + DAY,
        // Kept for completeCheckout; not part of Stripe's object.
        line_price: form.get('line_items[0][price]'),
        trial_period_days: form.get('subscription_data[trial_period_days]'),
        subscription_metadata: { user_id: form.get('subscription_data[metadata][user_id]'), plan: form.get('subscription_data[metadata][plan]') },
      };
      this.sessions.set(sessionId, session);
      return send(200, session);
    }
    if (method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      const session = this.sessions.get(decodeURIComponent(match[1] ?? ''));
      if (!session) return error(404, 'No such checkout.session');
      const expand = [...url.searchParams.entries()].filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
      const body = { ...session };
      if (expand.includes('subscription') && session.subscription) body.subscription = this.subscriptions.get(session.subscription);
      return send(200, body);
    }
    if (method === 'POST' && (match = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) {
      const session = this.sessions.get(decodeURIComponent(match[1] ?? ''));
      if (!session) return error(404, 'No such checkout.session');
      if (session.status !== 'open') return error(400, 'Only Checkout Sessions with a status in ["open"] can be expired.');
      session.status = 'expired';
      return send(200, session);
    }
    if (method === 'GET' && (match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = this.subscriptions.get(decodeURIComponent(match[1] ?? ''));
      return subscription ? send(200, subscription) : error(404, 'No such subscription');
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      // Without `status`, Stripe lists all but the canceled ones; `status=all` lists every one.
      const status = url.searchParams.get('status');
      const data = [...this.subscriptions.values()].filter(
        (s) => s.customer === url.searchParams.get('customer') && (status === 'all' || (status === null ? s.status !== 'canceled' : s.status === status)),
      );
      return send(200, { object: 'list', url: '/v1/subscriptions', has_more: false, data });
    }
    if (method === 'DELETE' && (match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = this.subscriptions.get(decodeURIComponent(match[1] ?? ''));
      // As Stripe: a subscription canceled already is no longer found.
      if (!subscription || subscription.status === 'canceled') return error(404, 'No such subscription');
      Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
      return send(200, subscription);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = form.get('customer');
      if (!customer || !this.customers.has(customer)) return error(400, 'No such customer');
      const portalId = id('bps');
      return send(200, { id: portalId, object: 'billing_portal.session', customer, return_url: form.get('return_url'), url: `https://billing.stripe.test/p/session/${portalId}` });
    }
    return error(404, `Unrecognized request URL (${method}: ${path})`);
  }
}

/** A fake, and a test server whose stripe-node talks to it, with webhooks signed by `webhookSecret`. */
export async function startStripeServer(webhookSecret: string): Promise<{ fake: FakeStripe; server: TestServer; close(): Promise<void> }> {
  const fake = await FakeStripe.start();
  const server = await startServer({ env: { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: fake.url, APP_URL: 'https://runway.example' } });
  return {
    fake,
    server,
    async close() {
      await server.close();
      await fake.close();
    },
  };
}
