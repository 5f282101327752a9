/**
 * Assembles a running server from a configuration: database (migrated), token service, mail,
 * and the HTTP app. Used by `main.ts`, the integration tests and the benchmark alike.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { CableHub } from './cable/hub.ts';
import { seedFlags } from './auth/accounts.ts';
import { loadSigningSecret, TokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import { openChangeFeed } from './db/changes.ts';
import { openDatabase, type Database } from './db/client.ts';
import { buildApp, type AppOptions } from './http/app.ts';
import { systemClock, type Clock } from './clock.ts';
import type { AppContext } from './http/context.ts';
import { openRateLimitStore } from './http/rate-limit-store.ts';
import { RateLimits } from './http/rate-limits.ts';
import { ReadCache } from './http/read-cache.ts';
import { pruneIdempotencyKeys } from './http/write.ts';
import { FileMailTransport, SmtpMailTransport, type MailTransport } from './mail/transport.ts';
import { expireLapsed, prunePayments, type PaymentDeps } from './payments/domain.ts';
import { createPaymentProvider } from './payments/providers.ts';

export interface ServerParts {
  app: FastifyInstance;
  /** This process's open /cable connections. */
  hub: CableHub;
  ctx: AppContext;
  database: Database;
  /** Stops housekeeping, closes the HTTP server (waiting for requests in flight) and the database. */
  close(): Promise<void>;
}

export interface ServerOverrides extends AppOptions {
  clock?: Clock;
  mail?: MailTransport;
  /** PGlite folder, or 'memory'. Defaults to DATA_DIR/db. */
  pgliteDir?: string;
}

const PRUNE_INTERVAL_MS = 10 * 60 * 1000;

export async function createServer(config: Config, overrides: ServerOverrides = {}): Promise<ServerParts> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: overrides.pgliteDir ?? path.join(config.dataDir, 'db') });
  const clock = overrides.clock ?? systemClock;
  const { db } = database;
  await seedFlags(db);
  const secret = await loadSigningSecret(db, config.jwtSecret);
  const mail =
    overrides.mail ?? (config.smtpUrl ? new SmtpMailTransport(config.smtpUrl, config.mailFrom) : new FileMailTransport(path.join(config.dataDir, 'mail'), config.mailFrom));
  // The feed starts before the app exists; its warnings go to the app's log once there is one.
  const logTo: { app?: FastifyInstance } = {};
  const changes = await openChangeFeed(database, { warn: (obj, msg) => logTo.app?.log.warn(obj, msg) });
  const cache = new ReadCache(config.readCache ? changes : null);
  const tokens = new TokenService(db, secret, () => clock.now(), changes, cache);
  const rateLimits = new RateLimits(openRateLimitStore(database, clock), config.authRateLimit);
  const paymentDeps: PaymentDeps = { db, changes, cache, clock };
  // Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in test-mode provider.
  const payments =
    overrides.payments ??
    createPaymentProvider(config, paymentDeps, { warn: (obj, msg) => logTo.app?.log.warn(obj, msg), error: (obj, msg) => logTo.app?.log.error(obj, msg) });
  const ctx: AppContext = { database, tokens, mail, clock, config, changes, cache, rateLimits, payments };
  const { app, hub } = await buildApp(ctx, { ...overrides, payments });
  logTo.app = app;

  const prune = () =>
    Promise.all([
      pruneIdempotencyKeys(db, clock.now()),
      changes.prune(clock.now()),
      prunePayments(db, clock.now()),
      rateLimits.store.prune(),
      // Past-due subscriptions whose paid period ran out without further news stop unlocking analytics.
      expireLapsed(paymentDeps),
    ]).catch((error: unknown) => app.log.warn({ err: error }, 'pruning old rows failed'));
  await prune();
  const timer = setInterval(prune, PRUNE_INTERVAL_MS);
  timer.unref();

  let closed = false;
  return {
    app,
    hub,
    ctx,
    database,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await app.close();
      await changes.close();
      await database.close();
    },
  };
}
