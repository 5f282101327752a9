/**
 * The rate limits of the authentication routes. AUTH_RATE_LIMIT_MAX (`max`, 10 by default) and
 * AUTH_RATE_LIMIT_WINDOW_MS (the window, a minute) set them all; the counters live in a store
 * every server process shares (rate-limit-store.ts), so N processes behind a load balancer allow
 * what one would.
 *
 * Sign-in counts failures, not requests (Devise's lockable, Rack::Attack's practice). Per window:
 * - `max` failed sign-ins for one account (the email as validation normalises it) from one
 *   address: that address stops guessing that password;
 * - `max` failed sign-ins from one address, whatever the accounts: one address cannot try a
 *   password on many accounts;
 * - `SIGN_IN_CEILING × max` failed sign-ins for one account from all addresses together: guesses
 *   spread over many addresses stop too (100 a minute by default);
 * - `SIGN_IN_CEILING × max` sign-ins of any outcome from one address: the only limit on
 *   successful sign-ins, generous enough for an office behind one NAT address.
 * An attempt beyond any of them answers 429 before the password is checked, even when it is the
 * right one (the 429 reveals nothing, and costs no argon2 hash).
 *
 * Why per account *and address* first: counted per account alone, anyone could keep any account
 * locked with `max` wrong passwords a minute from one address. Now one address locks the account
 * only for itself; locking it everywhere takes failures from at least SIGN_IN_CEILING addresses.
 *
 * A successful sign-in clears the failures of its account from its address: they counted guesses
 * at that password, and the right password ends the guessing (as Devise resets
 * `failed_attempts`). It clears neither the address's failures (an attacker could otherwise sign
 * into an account of his own between guesses at others') nor the account's from all addresses
 * (a guesser elsewhere would lose his count the moment the owner signed in).
 *
 * Sign-up, password-reset requests and password resets allow `max` requests per address per
 * window, each route counting on its own (@fastify/rate-limit, with its counters in the same
 * store). Changing the password and deleting the account, which check the password of a
 * signed-in user, allow `max` per user per window, each route counting on its own: a stolen token
 * cannot be used to guess the password. An address is the connection's (X-Forwarded-For's only behind TRUST_PROXY proxies), an IPv6
 * address counted by its /64 as @fastify/rate-limit does.
 */
import { normalizeIP, type FastifyRateLimitStore, type FastifyRateLimitStoreCtor, type RateLimitOptions, type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.ts';
import { currentUser } from './context.ts';
import { errorBody } from './errors.ts';
import type { RateLimitStore, WindowCount } from './rate-limit-store.ts';

/** The subjects of keys that name a user: an account's sign-in failures, and a signed-in route's count. */
const accountKey = (email: string) => `sign-in failures account ${email}`;
const resetMailKey = (email: string) => `reset mails to ${email}`;

/**
 * Password-reset mails one address may receive per RESET_MAIL_WINDOW_MS, however many senders
 * ask: the per-address limit alone let five addresses put 60 mails in one inbox in a minute. A
 * request past it is answered as any other (nothing tells whether the account exists) and sends
 * nothing; the mails already sent hold working links.
 */
export const RESET_MAILS_PER_RECIPIENT = 5;
export const RESET_MAIL_WINDOW_MS = 60 * 60 * 1000;
const userKey = (userId: number) => `user ${userId}`;

/** Successful sign-ins allowed per address per window, as a multiple of the failure limit. */
export const SIGN_IN_CEILING = 10;

export interface AuthLimit {
  max: number;
  windowMs: number;
}

/** What the x-ratelimit-* headers tell: the limit that binds, what is left of it, and when its window ends. */
export interface Budget {
  limit: number;
  remaining: number;
  ttlMs: number;
}

/** A sign-in attempt, refused (429) or let through to the password check, whose outcome it then records. */
export type SignInAttempt =
  | { allowed: false; budget: Budget }
  | {
      allowed: true;
      /** Wrong email or password: counts a failure for the address (the account's is counted already). */
      failed(): Promise<Budget>;
      /** Clears the account's failures. */
      succeeded(): Promise<Budget>;
    };

/**
 * How the 429 names the wait, as @fastify/rate-limit's `after` has always named it (its @lukeed/ms
 * long format): the seconds left, rounded up, in the largest unit below the next, rounded half up —
 * 60 000 ms → '1 minute', 45 000 → '45 seconds', 90 000 → '2 minutes'.
 */
export function waitText(ttlMs: number): string {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const [unit, size] = seconds < 60 ? ['second', 1] : seconds < 3600 ? ['minute', 60] : seconds < 86_400 ? ['hour', 3600] : ['day', 86_400];
  const count = Math.floor(seconds / size + 0.5);
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** The body of every 429 (the plugin's and the sign-in route's alike). */
export function tooManyAttempts(ttlMs: number): { statusCode: 429 } & Record<string, unknown> {
  return { statusCode: 429, ...errorBody(`Too many attempts. Please wait ${waitText(ttlMs)} and try again.`) };
}

/** The headers @fastify/rate-limit sends, for a budget of ours. */
export function budgetHeaders(budget: Budget): Record<string, number> {
  return { 'x-ratelimit-limit': budget.limit, 'x-ratelimit-remaining': budget.remaining, 'x-ratelimit-reset': Math.ceil(budget.ttlMs / 1000) };
}

/** Answers 429 as @fastify/rate-limit does: the budget's headers with nothing remaining, Retry-After, the body. */
export function sendTooManyAttempts(reply: FastifyReply, budget: Budget): FastifyReply {
  const headers = { ...budgetHeaders({ ...budget, remaining: 0 }), 'retry-after': Math.ceil(budget.ttlMs / 1000) };
  return reply.code(429).headers(headers).send(tooManyAttempts(budget.ttlMs));
}

/**
 * The store class @fastify/rate-limit instantiates, counting in `store`. The plugin asks each
 * limited route for a child; the child prefixes its keys with the route, so that each route
 * counts on its own as it did with the plugin's memory store.
 */
export function pluginStore(store: RateLimitStore): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      store.hit(this.prefix + key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: object): FastifyRateLimitStore {
      // The plugin passes the route's merged options with `routeInfo` (its README; the type
      // declaration says otherwise).
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new SharedStore(undefined, `${String(route?.method)} ${String(route?.url)} `);
    }
  }
  return SharedStore;
}

/** The rate limits of one server, over its shared store (built by server.ts, in the AppContext). */
export class RateLimits {
  constructor(
    readonly store: RateLimitStore,
    private readonly limit: AuthLimit,
  ) {}

  /** @fastify/rate-limit's registration (app.ts): no global limit, our store, our 429 body. */
  pluginOptions(): RateLimitPluginOptions {
    return {
      global: false,
      store: pluginStore(this.store),
      errorResponseBuilder: (_request, context) => tooManyAttempts(context.ttl),
    };
  }

  /** A route's config for `max` requests per address per window (sign-up, password reset). */
  perAddress(): { rateLimit: RateLimitOptions } {
    return { rateLimit: { max: this.limit.max, timeWindow: this.limit.windowMs } };
  }

  /**
   * A signed-in route's config for `max` requests per user per window. Counted after the route's
   * authentication (the plugin's hook is added behind the route's own preHandler), so only a
   * request that passed it counts, under its user's id: neither an address (an office is many
   * people) nor a token (signing in again would buy more).
   */
  static perUser(max: number, windowMs: number): { rateLimit: RateLimitOptions } {
    return { rateLimit: { max, timeWindow: windowMs, hook: 'preHandler', keyGenerator: (request) => userKey(currentUser(request).id) } };
  }

  /** `perUser` with the authentication routes' `max` and window: for a signed-in call that checks the password. */
  passwordCheck(): { rateLimit: RateLimitOptions } {
    return RateLimits.perUser(this.limit.max, this.limit.windowMs);
  }

  /**
   * Forgets every count that names the user (an erased account), in the transaction `db` on
   * PostgreSQL: the account's sign-in failures, from anywhere, and every signed-in route's count
   * (the plugin's child stores prefix `user <id>` with their route).
   */
  forgetUser(user: { id: number; email: string }, db?: Db): Promise<void> {
    const account = accountKey(user.email);
    return this.store.forget({ keys: [account, resetMailKey(user.email)], prefixes: [`${account} address `], suffixes: [` ${userKey(user.id)}`] }, db);
  }

  /** Counts a reset mail to `email` and answers whether it may go (RESET_MAILS_PER_RECIPIENT). */
  async resetMailAllowed(email: string): Promise<boolean> {
    const sent = await this.store.hit(resetMailKey(email), RESET_MAIL_WINDOW_MS);
    return sent.count <= RESET_MAILS_PER_RECIPIENT;
  }

  /**
   * Admits a sign-in attempt or refuses it (see the rules above). The failure of this account
   * from this address is counted before the password is checked and cleared on success, so that
   * parallel guesses from one address, in any number of processes, never get past `max`. The
   * address's and the account's failures are counted after a failure only (counted before, 30
   * colleagues signing in at the same moment would refuse each other, and the owner's own
   * sign-ins would count toward the account's lock); parallel guesses can overshoot them, the
   * address's up to the ceiling of all its attempts, which is counted first.
   */
  async signIn(email: string, ip: string): Promise<SignInAttempt> {
    const { max, windowMs } = this.limit;
    const ceiling = SIGN_IN_CEILING * max;
    const address = normalizeIP(ip);
    const attemptsKey = `sign-in attempts address ${address}`;
    const addressKey = `sign-in failures address ${address}`;
    const account = accountKey(email);
    const pairKey = `${account} address ${address}`;
    const refused = (limit: number, window: WindowCount): SignInAttempt => ({ allowed: false, budget: { limit, remaining: 0, ttlMs: window.ttlMs } });

    const attempts = await this.store.hit(attemptsKey, windowMs);
    if (attempts.count > ceiling) return refused(ceiling, attempts);
    const addressFailures = await this.store.peek(addressKey);
    if (addressFailures.count >= max) return refused(max, addressFailures);
    const accountFailures = await this.store.peek(account);
    if (accountFailures.count >= ceiling) return refused(ceiling, accountFailures);
    const pairFailures = await this.store.hit(pairKey, windowMs);
    if (pairFailures.count > max) return refused(max, pairFailures);

    return {
      allowed: true,
      failed: async () => {
        await this.store.hit(account, windowMs);
        return tighter(max, pairFailures, await this.store.hit(addressKey, windowMs));
      },
      succeeded: async () => {
        await this.store.clear(pairKey);
        return tighter(max, { count: 0, ttlMs: 0 }, addressFailures);
      },
    };
  }
}

/** The failures left before this account at this address, or the address, is refused: whichever has fewer. */
function tighter(max: number, account: WindowCount, address: WindowCount): Budget {
  const binding = account.count > address.count || (account.count === address.count && account.ttlMs > address.ttlMs) ? account : address;
  return { limit: max, remaining: Math.max(0, max - binding.count), ttlMs: binding.ttlMs };
}
