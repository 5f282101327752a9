/**
 * The column kinds the tables are built from (schema.ts and the generated record-tables.gen.ts), and
 * the `users` table every user's row refers to. Money columns hold integer cents (bigint); percents
 * are exact decimals (numeric) so 24.99 stays 24.99; dates are SQL dates read as 'YYYY-MM-DD' text.
 */
import { bigint, boolean, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const cents = (name: string) => bigint(name, { mode: 'number' });
export const percent = (name: string) => numeric(name, { precision: 9, scale: 4 });
export const day = (name: string) => date(name, { mode: 'string' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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

/** The owner of a row: its user, whose deletion deletes the row. */
export const owner = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
