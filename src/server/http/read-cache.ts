/**
 * What the server remembers between requests, per user: who a token belongs to, and the JSON of
 * the user's collections. Both are dropped the moment a change notice for that user arrives
 * (see db/changes.ts), and bypassed entirely while notices could be missed.
 *
 * Why: on a two-core machine most of a read's cost is its round trips to the database; a phone
 * that syncs every collection on each reconnect reads far more than it writes.
 *
 * A read that raced a write must not store what it read before the write: each user has a
 * generation, bumped by every notice, and a read stores its result only if the generation it
 * started with is still current.
 */
import type { AuthUser } from '../auth/tokens.ts';
import type { ChangeFeed } from '../db/changes.ts';

const MAX_USERS = 10_000;
/** Even with notices flowing, a session is re-checked against the database this often. */
const SESSION_MAX_AGE_MS = 60_000;

interface UserEntry {
  generation: number;
  sessions: Map<string, { user: AuthUser; expiresAt: number; cachedAt: number }>;
  bodies: Map<string, string>;
}

export class ReadCache {
  private readonly users = new Map<number, UserEntry>();
  private readonly generations = new Map<number, number>();
  /** Bumped by a reset: a snapshot from an earlier epoch never matches again. */
  private epoch = 0;

  constructor(private readonly feed: ChangeFeed | null) {
    feed?.subscribe(
      (notice) => this.forget(notice.userId),
      () => this.clear(),
    );
  }

  private get enabled(): boolean {
    return this.feed?.healthy ?? false;
  }

  /** A snapshot to hand back to `store*`: the user's generation when the read started. */
  generation(userId: number): number {
    return this.epoch * 2 ** 32 + (this.generations.get(userId) ?? 0);
  }

  private entry(userId: number, generation: number): UserEntry | null {
    if (!this.enabled || this.generation(userId) !== generation) return null;
    let entry = this.users.get(userId);
    if (!entry) {
      if (this.users.size >= MAX_USERS) {
        const oldest = this.users.keys().next().value;
        if (oldest !== undefined) this.users.delete(oldest);
      }
      entry = { generation, sessions: new Map(), bodies: new Map() };
      this.users.set(userId, entry);
    }
    return entry;
  }

  session(jti: string, userId: number, now: number): AuthUser | null {
    if (!this.enabled) return null;
    const cached = this.users.get(userId)?.sessions.get(jti);
    if (!cached) return null;
    if (cached.expiresAt <= now || now - cached.cachedAt > SESSION_MAX_AGE_MS) {
      this.users.get(userId)?.sessions.delete(jti);
      return null;
    }
    return cached.user;
  }

  storeSession(user: AuthUser, expiresAt: number, generation: number, now: number): void {
    this.entry(user.id, generation)?.sessions.set(user.jti, { user, expiresAt, cachedAt: now });
  }

  body(userId: number, key: string): string | null {
    if (!this.enabled) return null;
    return this.users.get(userId)?.bodies.get(key) ?? null;
  }

  storeBody(userId: number, key: string, json: string, generation: number): void {
    this.entry(userId, generation)?.bodies.set(key, json);
  }

  /** Everything cached for a user goes; reads in flight for them will not store. */
  forget(userId: number): void {
    if (this.generations.size >= MAX_USERS * 10) {
      this.clear();
      return;
    }
    this.generations.set(userId, (this.generations.get(userId) ?? 0) + 1);
    this.users.delete(userId);
  }

  /** Forgets everything; reads in flight across the reset will not store either. */
  clear(): void {
    this.epoch += 1;
    this.generations.clear();
    this.users.clear();
  }
}
