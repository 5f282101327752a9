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
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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
  (t) => [uniqueIndex('users_email_key').on(t.email)],
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
    payCycle: text('pay_cycle').notNull(),
    nextPayDate: day('next_pay_date').notNull(),
    grossPayCents: cents('gross_pay_cents').notNull(),
    netPayCents: cents('net_pay_cents').notNull(),
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
    planType: text('plan_type').notNull(),
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
    accountType: text('account_type').notNull(),
    contributionAmountCents: cents('contribution_amount_cents').notNull(),
    employerMatch: percent('employer_match').notNull(),
    employerContributionAmountCents: cents('employer_contribution_amount_cents').notNull(),
    startingBalanceCents: cents('starting_balance_cents').notNull(),
    expectedReturnRate: percent('expected_return_rate').notNull(),
    contributionCycle: text('contribution_cycle').notNull(),
    nextDepositDate: day('next_deposit_date').notNull(),
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
    housingType: text('housing_type').notNull(),
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
    kind: text('kind').notNull(),
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
