/**
 * Deleting an account (`DELETE /users`, docs/api.md#deleting-an-account), once its password is
 * confirmed:
 *
 * 1. Billing ends first, at the provider (`PaymentProvider.endBilling`), outside any transaction
 *    (a network call must not hold the database). If the provider fails, nothing is erased and
 *    the user is asked to try again: nobody is ever charged for an account that no longer exists.
 * 2. Every row of the user, in every table, is erased in one transaction that holds the user's
 *    row lock (the lock every write of the user takes, http/write.ts). If that transaction finds
 *    something billing could not have ended (a checkout opened or a subscription started in the
 *    meantime), it erases nothing and answers 409.
 * 3. The transaction's change notice says the user's sessions changed: at commit every process
 *    drops what it cached of the user and closes the user's /cable connections, whose tokens no
 *    longer authenticate (cable/endpoint.ts), as after a password change.
 *
 * Each table is named in USER_TABLES although every `user_id` references `users` ON DELETE
 * CASCADE, so the erasure does not rest on a constraint a later migration could change; and
 * tests/server/delete-account.test.ts reads the database's catalog to prove that no table keeps a
 * row naming the user, so a table added later and forgotten here fails it.
 *
 * Kept: `payment_events` (ids of webhook events already handled, which name no user), and what
 * the payment provider holds on its side (at Stripe, the customer and its past invoices).
 */
import { and, eq, getTableName, gt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { RECORD_TABLES } from '../db/records.ts';
import {
  cablePayloads,
  idempotencyKeys,
  monthOverrides,
  passwordResets,
  paymentSessions,
  sessions,
  subscriptions,
  users,
} from '../db/schema.ts';
import type { Clock } from '../clock.ts';
import type { ChangeFeed } from '../db/changes.ts';
import type { Database } from '../db/client.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import type { ReadCache } from '../http/read-cache.ts';
import type { MailMessage } from '../mail/transport.ts';
import { billingEnded, failure, ok, type Outcome, type PaymentProvider, type PaymentUser } from '../payments/provider.ts';
import { NOT_SIGNED_IN } from './tokens.ts';

/**
 * Every table with rows of a user besides `users`, children before the records they refer to. The
 * records' tables (db/records.ts) come in reverse declaration order: a record may refer only to one
 * declared before it (the assumptions name a retirement account, the surplus account).
 */
export const USER_TABLES: readonly (PgTable & { userId: PgColumn })[] = [
  monthOverrides,
  ...Object.values(RECORD_TABLES).reverse(),
  cablePayloads,
  paymentSessions,
  subscriptions,
  idempotencyKeys,
  passwordResets,
  sessions,
] as const;

export const BILLING_FAILED = 'Your subscription could not be canceled right now, so nothing was deleted. Please try again in a few minutes.';
export const BILLING_ELSEWHERE = 'Your subscription is with a payment provider this server cannot reach, so nothing was deleted. Please contact support.';
export const BILLING_CHANGED = 'Your subscription changed while your account was being deleted, so nothing was deleted. Please try again.';

export interface DeletedAccount {
  /** Rows erased, by table (for the log: counts only). */
  erased: Record<string, number>;
  /** A subscription was canceled at the provider (the mail says so). */
  subscriptionCanceled: boolean;
}

interface Billing {
  /** Subscriptions that have not ended, by provider. */
  subscriptions: { provider: string; id: string }[];
  /** Checkout sessions that may still be paid, by provider. */
  checkouts: { provider: string; id: string }[];
}

async function billingOf(db: Db, userId: number, now: Date): Promise<Billing> {
  const rows = await db
    .select({ provider: subscriptions.provider, id: subscriptions.providerSubscriptionId, status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  const checkouts = await db
    .select({ provider: paymentSessions.provider, id: paymentSessions.id })
    .from(paymentSessions)
    .where(and(eq(paymentSessions.userId, userId), eq(paymentSessions.kind, 'checkout'), eq(paymentSessions.status, 'open'), gt(paymentSessions.expiresAt, now)));
  return { subscriptions: rows.filter((row) => !billingEnded(row.status)), checkouts };
}

const idsAt = (items: Billing[keyof Billing], provider: string) => items.filter((item) => item.provider === provider).map((item) => item.id);

/** Erases every row of the user (USER_TABLES, then the user) in the transaction `tx`; answers the counts. */
async function eraseUser(tx: Db, userId: number): Promise<Record<string, number>> {
  const erased: Record<string, number> = {};
  const erase = async (table: PgTable, owner: PgColumn) => {
    erased[getTableName(table)] = (await tx.delete(table).where(eq(owner, userId)).returning({ one: sql<number>`1` })).length;
  };
  for (const table of USER_TABLES) await erase(table, table.userId);
  await erase(users, users.id);
  return erased;
}

/** What deleting an account works with: the server passes its own (server.ts builds them). */
export interface DeletionServices {
  database: Database;
  payments: PaymentProvider;
  clock: Clock;
  /** Forgets the user's counted sign-in attempts, in the erasing transaction. */
  rateLimits: RateLimits;
  /** Tells every process the user's sessions ended. */
  changes: ChangeFeed;
  cache: ReadCache;
}

/** Ends the user's billing, then erases the account (see the top of this file). */
export async function deleteAccount(ctx: DeletionServices, user: PaymentUser): Promise<Outcome<DeletedAccount>> {
  const { db } = ctx.database;
  const { payments } = ctx;
  const before = await billingOf(db, user.id, ctx.clock.now());
  // Test-mode subscriptions charge nothing; any other provider's can only be ended by it.
  if (before.subscriptions.some((row) => row.provider !== payments.name && row.provider !== 'test')) return failure(503, BILLING_ELSEWHERE);

  const subscriptionIds = idsAt(before.subscriptions, payments.name);
  const checkoutSessionIds = idsAt(before.checkouts, payments.name);
  const billing = await payments.endBilling({ user, subscriptionIds, checkoutSessionIds });
  if (!billing.ok) return failure(billing.status >= 500 ? billing.status : 502, BILLING_FAILED);
  const ended = new Set([...subscriptionIds, ...billing.value.canceled]);
  const closed = new Set(checkoutSessionIds);

  const result = await db.transaction(async (transaction): Promise<Outcome<Record<string, number>>> => {
    const tx = transaction as unknown as Db;
    const [row] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, user.id)).for('update');
    // Another request deleted the account first.
    if (!row) return failure(401, NOT_SIGNED_IN);
    const current = await billingOf(tx, user.id, ctx.clock.now());
    const started = idsAt(current.subscriptions, payments.name).some((id) => !ended.has(id)) || idsAt(current.checkouts, payments.name).some((id) => !closed.has(id));
    if (started) return failure(409, BILLING_CHANGED);
    await ctx.rateLimits.forgetUser(row, tx);
    const erased = await eraseUser(tx, user.id);
    await ctx.changes.notify(tx, { userId: user.id, messages: [], sessionsChanged: true });
    return ok(erased);
  });
  if (!result.ok) return result;
  // This process forgets at once; the others when the notice lands.
  ctx.cache.forget(user.id);
  return ok({ erased: result.value, subscriptionCanceled: billing.value.canceled.length > 0 });
}

/** The confirmation: what was erased, and none of it. */
export function accountDeletedMail(email: string, deleted: DeletedAccount): MailMessage {
  return {
    to: email,
    subject: 'Your Runway account has been deleted',
    text: [
      'Your Runway account has been deleted, as you asked.',
      '',
      'Everything it held was erased from our servers:',
      '- your incomes, debts, expenses, retirement accounts, housing, plans and plan assumptions;',
      '- the actual balances you entered and your saved baselines;',
      '- your subscription records, your password and your sign-ins on every device.',
      ...(deleted.subscriptionCanceled ? ['', 'Your subscription was canceled at once: you will not be charged again.'] : []),
      '',
      'If you did not ask for this, someone who knew your password did: change it wherever else you use it.',
      '',
      'This is the last message Runway sends you.',
    ].join('\n'),
  };
}
