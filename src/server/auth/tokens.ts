/**
 * Bearer tokens: HS256 JWTs with `sub` (user id), `jti` (the session row) and `exp`.
 * A token is valid only while its session row exists, is not revoked and has not expired, so
 * sign-out and password changes take effect at once in every server process.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/client.ts';
import { serverSettings, sessions, users } from '../db/schema.ts';

/** Offline phones must not be logged out by the clock: remembered logins last 30 days. */
export const REMEMBERED_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

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

export class TokenService {
  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
    private readonly now: () => Date,
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
    let sub: string | undefined;
    let jti: string | undefined;
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      sub = payload.sub;
      jti = payload.jti;
    } catch {
      return null;
    }
    const userId = Number(sub);
    if (!jti || !Number.isSafeInteger(userId)) return null;
    const [row] = await this.db
      .select({
        id: users.id,
        email: users.email,
        birthYear: users.birthYear,
        subscribed: users.subscribed,
        stripeCustomerId: users.stripeCustomerId,
        createdAt: users.createdAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.jti, jti), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, this.now())));
    return row ? { ...row, jti } : null;
  }

  async revoke(jti: string, db: Db = this.db): Promise<void> {
    await db.update(sessions).set({ revokedAt: this.now() }).where(and(eq(sessions.jti, jti), isNull(sessions.revokedAt)));
  }

  /** Revokes every open session of a user, except `keepJti` when given. Answers the revoked ids. */
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
