/**
 * The Runway HTTP server: the API (docs/api.md) and the built web app, on one origin.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { APP_SHELL_FILE, isAppPage, pageFile } from '../../shared/app-paths.ts';
import { bearerToken } from '../auth/tokens.ts';
import { registerCable } from '../cable/endpoint.ts';
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE_TEXT, UNAVAILABLE_RETRY_AFTER_S } from '../db/unavailable.ts';
import type { CableHub } from '../cable/hub.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { AppContext } from './context.ts';
import { HttpError, errorBody } from './errors.ts';
import { parseJsonBody } from './json-body.ts';
import { defaultNoStore, setSecurityHeaders } from './security-headers.ts';
import { registerAccountRoutes } from './routes/accounts.ts';
import { registerAdminRoutes } from './routes/admin.ts';
import { registerDataRoutes } from './routes/data.ts';
import { registerMonthRoutes } from './routes/months.ts';
import { registerPaymentRoutes } from './routes/payments.ts';
import { registerRecordRoutes } from './routes/records.ts';

export const BODY_LIMIT = 1024 * 1024;

export interface AppOptions {
  /** Pino options, or false for no logging (benchmarks). */
  logger?: boolean | Record<string, unknown>;
  /** Secret for the loopback-only admin routes; absent means no admin routes. */
  adminSecret?: string;
  /** The payment provider (server.ts picks Stripe or test mode); absent means no payment routes. */
  payments?: PaymentProvider;
}

export function loggerOptions(level: string): Record<string, unknown> {
  return {
    level,
    // Credentials never reach the log: tokens ride in headers and in the cable's query string.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-admin-secret"]', 'res.headers.authorization'],
      censor: '[redacted]',
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: request.url.replace(/([?&](?:token|reset_password_token)=)[^&]*/g, '$1[redacted]'),
          remoteAddress: request.ip,
        };
      },
    },
  };
}

export async function buildApp(ctx: AppContext, options: AppOptions = {}): Promise<{ app: FastifyInstance; hub: CableHub }> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(ctx.config.logLevel),
    bodyLimit: BODY_LIMIT,
    // A hop count, never `true`: trusting every hop would let a client name its own address in
    // X-Forwarded-For and step around every per-address limit.
    trustProxy: ctx.config.trustProxy > 0 ? (_address: string, hop: number) => hop < ctx.config.trustProxy : false,
    return503OnClosing: true,
    // A path that is not valid percent-encoding ('/%ZZ') is refused before routing: with the same
    // {error, message} body as every other error, not Fastify's own.
    // It is answered before any hook runs, so it sets the headers every answer carries itself.
    frameworkErrors: (error, request, reply) => {
      const answer = reply as FastifyReply;
      setSecurityHeaders(request as FastifyRequest, answer, ctx.config.appUrl);
      defaultNoStore(answer);
      void answer.code(error.statusCode ?? 400).send(errorBody(error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : error.message));
    },
  });

  // The API reads JSON only: a text/plain body is refused (415), not handed to a route as text.
  app.removeContentTypeParser('text/plain');
  // An empty JSON body (a DELETE sent with a JSON content type) is no body, not an error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    let parsed: unknown;
    try {
      parsed = parseJsonBody(text);
    } catch (error) {
      return done(error as HttpError, undefined);
    }
    // Kept for the idempotency check, which compares the bytes a client sent (write.ts).
    request.jsonText = text;
    done(null, parsed);
  });

  app.addHook('onRequest', async (request, reply) => setSecurityHeaders(request, reply, ctx.config.appUrl));
  app.addHook('onSend', async (_request, reply) => defaultNoStore(reply));

  // No global limit; routes opt in. Its counters live in a store every server process shares, and
  // its 429 is the sign-in route's: both in rate-limits.ts.
  await app.register(rateLimit, ctx.rateLimits.pluginOptions());

  // Set before any route plugin is registered: a plugin keeps the handler it was created with.
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.toBody());
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send(error);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ reason: error.message }, 'the database cannot be reached');
      return reply.code(503).header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S)).send(errorBody(UNAVAILABLE_MESSAGE_TEXT));
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(errorBody('Something went wrong on our side. Please try again.'));
    }
    // The import route reads more than the others (routes/data.ts): the message names the route's own limit.
    const limitMb = (request.routeOptions.bodyLimit ?? BODY_LIMIT) / (1024 * 1024);
    const messages: Record<string, string> = {
      FST_ERR_CTP_BODY_TOO_LARGE: `Request body is too large (limit ${limitMb} MB)`,
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Content-Type must be application/json',
      FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
    };
    return reply.code(status).send(errorBody(messages[error.code] ?? error.message));
  });

  app.decorateRequest('user', null);
  app.decorateRequest('jsonText', undefined);
  const authenticate = async (request: FastifyRequest): Promise<void> => {
    const user = await ctx.tokens.authenticate(bearerToken(request.headers.authorization));
    if (!user) throw new HttpError(401, 'You need to sign in or sign up before continuing.');
    request.user = user;
  };

  const hub = await registerCable(app, ctx);
  registerAccountRoutes(app, ctx, authenticate);
  await app.register(async (api) => {
    api.addHook('preHandler', authenticate);
    registerRecordRoutes(api, ctx);
    registerMonthRoutes(api, ctx);
  });
  // Authenticated before its body is read (an import may be 10 MiB), so outside the hook above.
  registerDataRoutes(app, ctx, authenticate);
  if (options.adminSecret) registerAdminRoutes(app, ctx, options.adminSecret);
  if (options.payments) await registerPaymentRoutes(app, ctx, authenticate, options.payments);

  const staticDir = ctx.config.staticDir;
  const hasWebApp = existsSync(path.join(staticDir, 'index.html'));
  // The build writes the visitor's pages prerendered and app.html for every other page
  // (src/shared/app-paths.ts `pageFile`); a build without app.html answers index.html everywhere.
  const prerendered = existsSync(path.join(staticDir, APP_SHELL_FILE));
  const builtPage = (pathname: string) => (prerendered ? pageFile(pathname) : 'index.html');
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files (vite.config.ts): sent to browsers
      // that accept them, the file itself to others.
      preCompressed: true,
      setHeaders(reply, file) {
        // Hashed build assets never change; the page, the manifest, the icons and the service
        // worker must revalidate (a cached sw.js would hide a new version from the browser).
        // Relative to the static root: a root that itself sits under an 'assets' folder must not
        // make index.html or sw.js immutable.
        const immutable = path.relative(staticDir, file).startsWith(`assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // Every GET of a page of the app answers its page (the service worker answers the same pages
  // from its cache: one rule, src/shared/app-paths.ts). Files and the server's paths are never pages.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && isAppPage(pathname);
    if (isPage && hasWebApp) {
      return reply.header('cache-control', 'no-cache').sendFile(builtPage(pathname));
    }
    return reply.code(404).send(errorBody('Not found'));
  });

  return { app, hub };
}
