/**
 * The database, declared once for Drizzle. Money columns hold integer cents (`*_cents`, bigint);
 * percents are exact decimals (numeric) so 24.99 stays 24.99; dates are SQL dates read as
 * 'YYYY-MM-DD' text; one-time expense months are 'YYYY-MM' text. The records' tables are generated
 * from their declarations (scripts/record-tables.ts); the column kinds are in columns.ts.
 * Changing this file or a record needs a migration: `npm run db:generate` writes it under drizzle/.
 */

import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ACTUAL_KINDS } from '../../shared/months/tables.ts';
import { cents, createdAt, owner, updatedAt, users } from './columns.ts';

export { users };
// The table of each record (income, debt, …, baseline), generated from its declaration.
export * from './record-tables.gen.ts';

/** One row per issued token (its `jti`): sign-out and password changes revoke rows here. */
export const sessions = pgTable(
  'sessions',
  {
    jti: text('jti').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Reset tokens are stored only as a SHA-256 hash; a row is spent once used. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_key').on(t.tokenHash)],
);

export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: updatedAt(),
});

/** Server-wide values every process must agree on (the generated token-signing secret). */
export const serverSettings = pgTable('server_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/**
 * (user, Idempotency-Key) → the response a write gave. A phone that replays its outbox days
 * later gets the stored answer instead of a second write.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    statusCode: integer('status_code').notNull(),
    /** SHA-256 of the request body: a key reused for a different edit is refused, not replayed. */
    requestHash: text('request_hash').notNull().default(''),
    /** The response body exactly as first sent (text, so a replay is byte for byte the same). */
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * The user's actual balances on month rows ("overrides"): one value per (kind, entity, month).
 * The computed tables are never stored; overrides are, so they survive every recompute.
 * `entity_id` is the debt or retirement account (0 for the income table). Deleting a debt or an
 * account deletes its overrides in the same transaction (see http/routes/records.ts).
 */
export const monthOverrides = pgTable(
  'month_overrides',
  {
    userId: owner(),
    kind: text('kind', { enum: ACTUAL_KINDS }).notNull(),
    entityId: integer('entity_id').notNull(),
    month: text('month').notNull(),
    valueCents: cents('value_cents').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.entityId, t.month] })],
);

/**
 * Live-update payloads too large for a NOTIFY (PostgreSQL caps one at 8000 bytes): the notice
 * carries the row id and every process reads the payload from here. Rows are pruned after an hour.
 */
export const cablePayloads = pgTable(
  'cable_payloads',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    payload: text('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('cable_payloads_created_idx').on(t.createdAt)],
);

/**
 * Subscriptions as the payment provider reports them (Stripe, or the built-in test-mode
 * provider): one row per provider subscription, so a second checkout or an event about an older
 * subscription never overwrites the current one. `users.subscribed` is derived from these rows
 * by one function (src/server/payments/domain.ts) whenever one changes.
 * `state_as_of` is when the provider said so (a webhook event's `created`, or the moment the state
 * was fetched): an event older than the stored state is not applied (events arrive out of order).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    /** 'stripe' or 'test'. */
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    providerCustomerId: text('provider_customer_id'),
    /** 'monthly' or 'yearly'; null when the provider's price is not one of ours. */
    plan: text('plan'),
    /** The provider's status: active, trialing, past_due, unpaid, canceled, incomplete, ... */
    status: text('status').notNull(),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    stateAsOf: timestamp('state_as_of', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('subscriptions_provider_key').on(t.provider, t.providerSubscriptionId), index('subscriptions_user_idx').on(t.userId)],
);

/** Webhook events already handled, by (provider, event id): a redelivery changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    id: text('id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.id] }), index('payment_events_received_idx').on(t.receivedAt)],
);

/**
 * Checkout and portal sessions this server opened. The test-mode provider's pages are found by
 * their (unguessable) id here; Stripe's are recorded too, so `checkout_success` can tell whose
 * session an id is without asking Stripe first.
 */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    kind: text('kind', { enum: ['checkout', 'portal'] }).notNull(),
    userId: owner(),
    plan: text('plan'),
    status: text('status', { enum: ['open', 'complete', 'canceled'] }).notNull().default('open'),
    /** A checkout that starts the subscription with the free trial. */
    trial: boolean('trial').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_sessions_user_idx').on(t.userId), index('payment_sessions_created_idx').on(t.createdAt)],
);

/**
 * Rate-limit counters every server process shares on PostgreSQL (src/server/http/rate-limit-store.ts;
 * on PGlite one process owns the database and counts in memory). One fixed window per key: the
 * first hit opens it until `reset_at`, later hits add to `count`, and the first hit after
 * `reset_at` starts a new window at 1. Ended windows are deleted by the server's pruning.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** The rule and its subject, e.g. 'sign-in failures account x@example.com'. */
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);
