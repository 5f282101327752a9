/**
 * Accounts: the user object the API answers, feature flags, and password resets.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { SUBSCRIPTION_TYPE, type SubscriptionData } from '../../shared/cable.ts';
import { CHANGES_CHANNEL } from '../db/changes.ts';
import type { Db } from '../db/client.ts';
import { featureFlags, passwordResets, users } from '../db/schema.ts';

/** Reset links are good for 6 hours and once. */
export const RESET_TTL_MS = 6 * 60 * 60 * 1000;

export interface UserRow {
  id: number;
  email: string;
  birthYear: number;
  subscribed: boolean;
  stripeCustomerId: string | null;
}

/** The user as sign-in and sign-up answer it (docs/api.md#accounts-and-tokens). */
export function userJson(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    birth_year: user.birthYear,
    subscribed: user.subscribed,
    stripe_customer_id: user.stripeCustomerId,
  };
}

export const DEFAULT_FLAGS: Record<string, boolean> = { allow_signup: true };

/** Writes the default flags that are missing; an operator's choice is never overwritten. */
export async function seedFlags(db: Db): Promise<void> {
  for (const [name, enabled] of Object.entries(DEFAULT_FLAGS)) {
    await db.insert(featureFlags).values({ name, enabled }).onConflictDoNothing();
  }
}

export async function flagEnabled(db: Db, name: string): Promise<boolean> {
  const [row] = await db.select().from(featureFlags).where(eq(featureFlags.name, name));
  return row ? row.enabled : (DEFAULT_FLAGS[name] ?? false);
}

export async function setFlag(db: Db, name: string, enabled: boolean, now: Date): Promise<void> {
  await db
    .insert(featureFlags)
    .values({ name, enabled, updatedAt: now })
    .onConflictDoUpdate({ target: featureFlags.name, set: { enabled, updatedAt: now } });
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a reset token for the user; only its hash is stored. Answers the token itself. */
export async function createPasswordReset(db: Db, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({ userId, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + RESET_TTL_MS) });
  return token;
}

/**
 * Spends a reset token: answers the user it belongs to when it matches the email, is unused and
 * unexpired, and marks every open reset of that user used so no older link works afterwards.
 */
export async function consumePasswordReset(db: Db, email: string, token: string, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ resetId: passwordResets.id, userId: users.id })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), eq(users.email, email), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)));
  if (!row) return null;
  const spent = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.id, row.resetId), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  if (spent.length === 0) return null;
  await db.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)));
  return row.userId;
}

/**
 * Sets a user's subscription flag by hand (the admin command) and tells every server process (their cached sessions carry
 * the flag). Answers the user's id, or null when no user has that email. The notice reaches the
 * other processes a moment after the commit; the caller's own process forgets the user's cached
 * session at once (`ReadCache.forget`), so its next request already sees the new flag.
 */
export async function setSubscribed(db: Db, email: string, subscribed: boolean): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ subscribed, updatedAt: new Date() })
      .where(eq(users.email, email.trim().toLowerCase()))
      .returning({ id: users.id });
    if (!user) return null;
    // Open tabs learn it like a payment's change: a 'Subscription' message (a grant by hand has
    // no provider, plan or period).
    const data: SubscriptionData = { subscribed, provider: null, plan: null, status: null, trial_end: null, current_period_end: null, cancel_at_period_end: false };
    const notice = { userId: user.id, messages: [{ type: SUBSCRIPTION_TYPE, action: 'updated', data }] };
    await tx.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(notice)})`);
    return user.id;
  });
}
