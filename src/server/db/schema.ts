/**
 * The database, declared once for Drizzle. Money columns hold integer cents (`*_cents`, bigint);
 * percents are exact decimals (numeric) so 24.99 stays 24.99; dates are SQL dates read as
 * 'YYYY-MM-DD' text; one-time expense months are 'YYYY-MM' text.
 * Changing this file needs a migration: `npm run db:generate` writes it under drizzle/.
 */

import {
  bigint,
  boolean,
  date,
  index,
  integer,
  json,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ACTUAL_KINDS } from '../../shared/months/tables.ts';
import type { BaselineSnapshotWire } from '../../engine/plan-vs-actual.ts';
import { ACCOUNT_TYPES, FILING_STATUSES, HOUSING_TYPES, PAY_CYCLES, PLAN_TYPES, WITHDRAWAL_ORDERS } from '../../shared/records.ts';

const cents = (name: string) => bigint(name, { mode: 'number' });
const percent = (name: string) => numeric(name, { precision: 9, scale: 4 });
const day = (name: string) => date(name, { mode: 'string' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    birthYear: integer('birth_year').notNull(),
    subscribed: boolean('subscribed').notNull().default(false),
    stripeCustomerId: text('stripe_customer_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Stripe's webhooks name the customer; the index finds its user.
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_stripe_customer_idx').on(t.stripeCustomerId)],
);

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

const owner = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const incomes = pgTable(
  'incomes',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    name: text('name').notNull(),
    payCycle: text('pay_cycle', { enum: PAY_CYCLES }).notNull(),
    nextPayDate: day('next_pay_date').notNull(),
    grossPayCents: cents('gross_pay_cents').notNull(),
    netPayCents: cents('net_pay_cents').notNull(),
    /** 'YYYY-MM', the last month received; null: no end (docs/projection-rules.md#plan-assumptions). */
    endMonth: text('end_month'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('incomes_user_idx').on(t.userId)],
);

export const debts = pgTable(
  'debts',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    name: text('name').notNull(),
    creditor: text('creditor').notNull(),
    originalAmountCents: cents('original_amount_cents').notNull(),
    remainingAmountCents: cents('remaining_amount_cents').notNull(),
    apr: percent('apr').notNull(),
    monthlyPaymentCents: cents('monthly_payment_cents').notNull(),
    originalTerm: integer('original_term').notNull(),
    dueDay: integer('due_day').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('debts_user_idx').on(t.userId)],
);

export const debtPlans = pgTable(
  'debt_plans',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    planType: text('plan_type', { enum: PLAN_TYPES }).notNull(),
    extraPaymentCents: cents('extra_payment_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('debt_plans_user_key').on(t.userId)],
);

export const monthlyExpenses = pgTable(
  'monthly_expenses',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    name: text('name').notNull(),
    amountCents: cents('amount_cents').notNull(),
    dueDay: integer('due_day').notNull(),
    /** 'YYYY-MM', the last month paid; null: no end (docs/projection-rules.md#plan-assumptions). */
    endMonth: text('end_month'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('monthly_expenses_user_idx').on(t.userId)],
);

export const otherExpenses = pgTable(
  'other_expenses',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    month: text('month').notNull(),
    description: text('description').notNull(),
    amountCents: cents('amount_cents').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('other_expenses_user_idx').on(t.userId)],
);

export const retirementAccounts = pgTable(
  'retirement_accounts',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    name: text('name').notNull(),
    accountType: text('account_type', { enum: ACCOUNT_TYPES }).notNull(),
    contributionAmountCents: cents('contribution_amount_cents').notNull(),
    employerMatch: percent('employer_match').notNull(),
    employerContributionAmountCents: cents('employer_contribution_amount_cents').notNull(),
    startingBalanceCents: cents('starting_balance_cents').notNull(),
    expectedReturnRate: percent('expected_return_rate').notNull(),
    contributionCycle: text('contribution_cycle', { enum: PAY_CYCLES }).notNull(),
    nextDepositDate: day('next_deposit_date').notNull(),
    /**
     * The entered net pay already excludes this account's employee contribution
     * (docs/projection-rules.md#plan-assumptions).
     */
    payrollDeducted: boolean('payroll_deducted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('retirement_accounts_user_idx').on(t.userId)],
);

export const retirementPlans = pgTable(
  'retirement_plans',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    retirementDate: day('retirement_date').notNull(),
    interestRate: percent('interest_rate').notNull(),
    socialSecurityIncomeCents: cents('social_security_income_cents').notNull(),
    socialSecurityStartDate: day('social_security_start_date').notNull(),
    monthlyExpensesCents: cents('monthly_expenses_cents'),
    yearsOfRetirement: integer('years_of_retirement').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('retirement_plans_user_key').on(t.userId)],
);

export const housings = pgTable(
  'housings',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    housingType: text('housing_type', { enum: HOUSING_TYPES }).notNull(),
    totalMonthlyPaymentCents: cents('total_monthly_payment_cents').notNull(),
    originalPurchasePriceCents: cents('original_purchase_price_cents'),
    downPaymentCents: cents('down_payment_cents'),
    interestRate: percent('interest_rate'),
    term: integer('term'),
    openDate: day('open_date'),
    currentBalanceCents: cents('current_balance_cents'),
    escrowPaymentCents: cents('escrow_payment_cents'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('housings_user_key').on(t.userId)],
);

/** The plan assumptions (docs/api.md#plan-assumptions): one per user; a null column is the neutral value. */
export const assumptions = pgTable(
  'assumptions',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    inflationRate: percent('inflation_rate'),
    salaryGrowthRate: percent('salary_growth_rate'),
    socialSecurityCola: percent('social_security_cola'),
    cashBalanceCents: cents('cash_balance_cents'),
    cashInterestRate: percent('cash_interest_rate'),
    homeValueCents: cents('home_value_cents'),
    homeAppreciationRate: percent('home_appreciation_rate'),
    retirementTaxRate: percent('retirement_tax_rate'),
    spendCashInRetirement: boolean('spend_cash_in_retirement'),
    returnVolatility: percent('return_volatility'),
    stockShare: percent('stock_share'),
    otherSpendingCents: cents('other_spending_cents'),
    retirementSpendingCents: cents('retirement_spending_cents'),
    // Deleting the account clears the choice (the surplus then stays cash).
    surplusAccountId: integer('surplus_account_id').references(() => retirementAccounts.id, { onDelete: 'set null' }),
    surplusShare: percent('surplus_share'),
    overdraftInterestRate: percent('overdraft_interest_rate'),
    filingStatus: text('filing_status', { enum: FILING_STATUSES }),
    stateTaxRate: percent('state_tax_rate'),
    rothConversionCents: cents('roth_conversion_cents'),
    withdrawalOrder: text('withdrawal_order', { enum: WITHDRAWAL_ORDERS }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('assumptions_user_key').on(t.userId)],
);

/**
 * Baselines (docs/api.md#baselines): the plan's totals per month at the moment the user saved
 * them. The snapshot is kept in dollars, as the wire carries it. `json`, not `jsonb`: it is read
 * whole and never queried inside, and json keeps the text as written, so the API answers the
 * snapshot key for key in the order it was validated (jsonb would reorder an object's keys). Not an
 * input of the projection.
 */
export const baselines = pgTable(
  'baselines',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    name: text('name').notNull(),
    snapshot: json('snapshot').$type<BaselineSnapshotWire>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('baselines_user_idx').on(t.userId)],
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
