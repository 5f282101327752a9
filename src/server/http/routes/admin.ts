/**
 * Operator calls for `npm run flags` and other admin commands while the server holds the PGlite
 * data folder (one process at a time may open it). Loopback only, and the caller must present
 * the secret the server wrote into DATA_DIR, which only a local operator can read.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { setFlag, setSubscribed } from '../../auth/accounts.ts';
import type { AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext, secret: string): void {
  const guard = async (request: FastifyRequest) => {
    const given = request.headers['x-admin-secret'];
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || typeof given !== 'string' || !sameSecret(given, secret)) {
      throw new HttpError(404, 'Not found');
    }
  };

  app.put('/admin/feature_flags/:name', { preHandler: guard }, async (request) => {
    const { name } = request.params as { name: string };
    const body = request.body as { enabled?: unknown } | undefined;
    if (!/^[a-z_]{1,64}$/.test(name)) throw new HttpError(422, 'A flag name is lowercase letters and underscores');
    if (typeof body?.enabled !== 'boolean') throw new HttpError(422, 'enabled must be true or false');
    await setFlag(ctx.database.db, name, body.enabled, ctx.clock.now());
    return { feature_flag: { name, enabled: body.enabled } };
  });

  app.put('/admin/subscriptions', { preHandler: guard }, async (request) => {
    const body = request.body as { email?: unknown; subscribed?: unknown } | undefined;
    if (typeof body?.email !== 'string' || typeof body.subscribed !== 'boolean') {
      throw new HttpError(422, 'Send {"email": "...", "subscribed": true|false}');
    }
    const userId = await setSubscribed(ctx.database.db, body.email, body.subscribed);
    if (userId === null) throw new HttpError(404, `No user has the email ${body.email}`);
    // This process's cache forgets now: on PostgreSQL the notice arrives after the answer.
    ctx.cache.forget(userId);
    return { user: { email: body.email.trim().toLowerCase(), subscribed: body.subscribed } };
  });
}
