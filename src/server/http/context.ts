/**
 * What every route module receives: the database, the token service, mail, the clock, the
 * payment provider and the configuration. Tests build it with in-memory twins (PGlite in
 * memory, a memory mail transport).
 */
import type { FastifyRequest } from 'fastify';
import { NOT_SIGNED_IN, type AuthUser, type TokenService } from '../auth/tokens.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { ChangeFeed } from '../db/changes.ts';
import type { Database } from '../db/client.ts';
import type { MailTransport } from '../mail/transport.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { HttpError } from './errors.ts';
import type { RateLimits } from './rate-limits.ts';
import type { ReadCache } from './read-cache.ts';

export interface AppContext {
  database: Database;
  tokens: TokenService;
  mail: MailTransport;
  clock: Clock;
  config: Config;
  changes: ChangeFeed;
  cache: ReadCache;
  /** The authentication routes' limits, counted in a store every server process shares. */
  rateLimits: RateLimits;
  /** Stripe or the test-mode provider (server.ts): deleting an account cancels its subscription. */
  payments: PaymentProvider;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** The JSON body's text as received (app.ts's parser); undefined without a JSON body. */
    jsonText: string | undefined;
  }
}

/** The authenticated user of a request; routes registered behind `authenticate` always have one. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, NOT_SIGNED_IN);
  return request.user;
}
