/**
 * Bearer tokens: HS256 JWTs with `sub` (user id), `jti` (the session row) and `exp`.
 * A token is valid only while its session row exists, is not revoked and has not expired, so
 * sign-out and password changes take effect at once in every server process.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { ChangeFeed } from '../db/changes.ts';
import type { Db } from '../db/client.ts';
import type { ReadCache } from '../http/read-cache.ts';
import { serverSettings, sessions, users } from '../db/schema.ts';

/** Offline phones must not be logged out by the clock: remembered logins last 30 days. */
export const REMEMBERED_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** The 401 of a missing, bad, expired or revoked token. */
export const NOT_SIGNED_IN = 'You need to sign in or sign up before continuing.';

export interface AuthUser {
  id: number;
  email: string;
  birthYear: number;
  subscribed: boolean;
  stripeCustomerId: string | null;
  createdAt: Date;
  jti: string;
}

/**
 * The signing secret: JWT_SECRET when set, otherwise one generated on first start and kept in the
 * database, so every process on the same database (and every restart) agrees on it.
 */
export async function loadSigningSecret(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const generated = randomBytes(48).toString('base64url');
  await db.insert(serverSettings).values({ name: 'jwt_secret', value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.name, 'jwt_secret'));
  if (!row) throw new Error('Could not load the token signing secret');
  return new TextEncoder().encode(row.value);
}

/** Verified signatures are remembered (bounded), so a busy client's token is checked once. */
const MAX_VERIFIED = 10_000;

export class TokenService {
  private readonly verified = new Map<string, { userId: number; jti: string; exp: number }>();

  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
    private readonly now: () => Date,
    private readonly feed: ChangeFeed,
    private readonly cache: ReadCache,
  ) {}

  /** Opens a session for the user and answers its token. */
  async issue(userId: number, rememberMe: boolean, db: Db = this.db): Promise<string> {
    const jti = randomUUID();
    const issuedAt = this.now();
    const expiresAt = new Date(issuedAt.getTime() + (rememberMe ? REMEMBERED_TTL_MS : SESSION_TTL_MS));
    await db.insert(sessions).values({ jti, userId, expiresAt });
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setJti(jti)
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.secret);
  }

  /** The user behind a token, or null for a missing, malformed, expired or revoked one. */
  async authenticate(token: string | undefined): Promise<AuthUser | null> {
    if (!token) return null;
    const now = this.now();
    const claims = await this.verify(token, now);
    if (!claims) return null;
    const { userId, jti } = claims;
    const cached = this.cache.session(jti, userId, now.getTime());
    if (cached) return cached;
    const generation = this.cache.generation(userId);
    const [row] = await this.db
      .select({
        expiresAt: sessions.expiresAt,
        id: users.id,
        email: users.email,
        birthYear: users.birthYear,
        subscribed: users.subscribed,
        stripeCustomerId: users.stripeCustomerId,
        createdAt: users.createdAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.jti, jti), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
    if (!row) return null;
    const { expiresAt, ...fields } = row;
    const user: AuthUser = { ...fields, jti };
    this.cache.storeSession(user, expiresAt.getTime(), generation, now.getTime());
    return user;
  }

  /** The signed claims of a well-formed, correctly signed, unexpired token. */
  private async verify(token: string, now: Date): Promise<{ userId: number; jti: string } | null> {
    const known = this.verified.get(token);
    if (known) return known.exp * 1000 > now.getTime() ? known : null;
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'], currentDate: now }));
    } catch {
      return null;
    }
    const userId = Number(payload.sub);
    if (!payload.jti || !Number.isSafeInteger(userId) || typeof payload.exp !== 'number') return null;
    if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
    const claims = { userId, jti: payload.jti, exp: payload.exp };
    this.verified.set(token, claims);
    return claims;
  }

  /** Signs one token out, at once in every process. */
  async revoke(user: AuthUser): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(sessions).set({ revokedAt: this.now() }).where(and(eq(sessions.jti, user.jti), isNull(sessions.revokedAt)));
      await this.feed.notify(tx as unknown as Db, { userId: user.id, messages: [], sessionsChanged: true });
    });
    this.cache.forget(user.id);
  }

  /**
   * Revokes every open session of a user, except `keepJti` when given, inside the caller's
   * transaction `db`; the caller's write sends the change notice (see http/write.ts).
   */
  async revokeAll(userId: number, keepJti?: string, db: Db = this.db): Promise<string[]> {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (keepJti) conditions.push(ne(sessions.jti, keepJti));
    const rows = await db
      .update(sessions)
      .set({ revokedAt: this.now() })
      .where(and(...conditions))
      .returning({ jti: sessions.jti });
    return rows.map((r) => r.jti);
  }
}

/** Reads `Authorization: Bearer <token>`. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
