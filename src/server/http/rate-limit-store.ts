/**
 * Counters for the rate limits (rate-limits.ts), kept where every server process sees the same
 * numbers: a table on PostgreSQL, where N processes share one database, so that a client behind
 * a load balancer gets the limit once rather than N times; a Map on PGlite, where one process
 * owns the database folder and its memory is the whole truth.
 *
 * Each key counts in fixed windows: its first hit opens a window of `windowMs`, later hits add
 * one, and the first hit after the window ended starts a new one at 1 (as @fastify/rate-limit's
 * memory store did). Time comes from the server's clock (AppContext's `clock`), so tests can move
 * it; processes sharing a database are assumed to agree on the time, as session expiry already
 * assumes.
 */
import { and, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import type { Clock } from '../clock.ts';

/** A key's count in its current window and how long until that window ends. */
export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends (0 when the key has no open window). */
  ttlMs: number;
}

/** Keys about one subject: the exact `keys`, and every key that starts with a prefix or ends with a suffix. */
export interface KeyMatch {
  keys: readonly string[];
  prefixes: readonly string[];
  suffixes: readonly string[];
}

export const matchesKey = (match: KeyMatch, key: string): boolean =>
  match.keys.includes(key) || match.prefixes.some((prefix) => key.startsWith(prefix)) || match.suffixes.some((suffix) => key.endsWith(suffix));

export interface RateLimitStore {
  /** Counts one hit on `key` and answers the window's count, this hit included. Atomic: two processes hitting at once see 1 and 2, never 1 and 1. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The count of `key`'s open window without adding to it (0 when none is open). */
  peek(key: string): Promise<WindowCount>;
  /** Forgets `key`'s window. */
  clear(key: string): Promise<void>;
  /** Deletes the windows that have ended. */
  prune(): Promise<void>;
  /** Forgets every key `match` names (an erased account's), in the transaction `db` where the store is a table. */
  forget(match: KeyMatch, db?: Db): Promise<void>;
}

const NONE: WindowCount = { count: 0, ttlMs: 0 };

/** The in-memory twin: PGlite's store, and the unit tests'. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private nextSweep = 0;

  constructor(private readonly clock: Clock) {}

  /** The keys held, ended windows included until they are swept (tests). */
  keys(): string[] {
    return [...this.windows.keys()];
  }

  hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.clock.now().getTime();
    // Swept as it goes (at most once a minute) so that keys nobody hits again do not pile up
    // between the server's prunes.
    if (now >= this.nextSweep) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return Promise.resolve({ count: window.count, ttlMs: window.resetAt - now });
  }

  peek(key: string): Promise<WindowCount> {
    const now = this.clock.now().getTime();
    const window = this.windows.get(key);
    return Promise.resolve(window && window.resetAt > now ? { count: window.count, ttlMs: window.resetAt - now } : NONE);
  }

  clear(key: string): Promise<void> {
    this.windows.delete(key);
    return Promise.resolve();
  }

  prune(): Promise<void> {
    this.sweep(this.clock.now().getTime());
    return Promise.resolve();
  }

  forget(match: KeyMatch): Promise<void> {
    for (const key of this.windows.keys()) if (matchesKey(match, key)) this.windows.delete(key);
    return Promise.resolve();
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    this.nextSweep = now + 60_000;
  }
}

/** The `rate_limits` table: one row per key, counted by a single upsert. */
export class PostgresRateLimitStore implements RateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.clock.now();
    const ended = lte(rateLimits.resetAt, now);
    // INSERT … ON CONFLICT DO UPDATE … RETURNING locks the row: concurrent hits from any number
    // of processes are applied one after the other, each reading the count the last one left.
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt: new Date(now.getTime() + windowMs) })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${ended} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          resetAt: sql`CASE WHEN ${ended} THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
    if (!row) throw new Error('the rate-limit upsert returned no row');
    return { count: row.count, ttlMs: Math.max(0, row.resetAt.getTime() - now.getTime()) };
  }

  async peek(key: string): Promise<WindowCount> {
    const now = this.clock.now();
    const [row] = await this.db
      .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, now)));
    return row ? { count: row.count, ttlMs: row.resetAt.getTime() - now.getTime() } : NONE;
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  async prune(): Promise<void> {
    await this.db.delete(rateLimits).where(lte(rateLimits.resetAt, this.clock.now()));
  }

  async forget(match: KeyMatch, db: Db = this.db): Promise<void> {
    const { key } = rateLimits;
    const conditions = [
      ...(match.keys.length > 0 ? [inArray(key, [...match.keys])] : []),
      // Compared as text, not with LIKE: an email may hold '_' or '%'.
      ...match.prefixes.map((prefix) => sql`starts_with(${key}, ${prefix}::text)`),
      ...match.suffixes.map((suffix) => sql`right(${key}, char_length(${suffix}::text)) = ${suffix}::text`),
    ];
    if (conditions.length > 0) await db.delete(rateLimits).where(or(...conditions));
  }
}

/** PostgreSQL's store when DATABASE_URL is set, memory on PGlite. */
export function openRateLimitStore(database: Database, clock: Clock): RateLimitStore {
  return database.driver === 'postgres' ? new PostgresRateLimitStore(database.db, clock) : new MemoryRateLimitStore(clock);
}
