/**
 * Every write runs through here: one transaction, and an optional `Idempotency-Key`.
 *
 * With a key, the response of the first successful write is stored with (user, key) in the same
 * transaction as the write itself, so either both are committed or neither is. A replay answers
 * the stored response and writes nothing. Two copies racing each other meet at the primary key:
 * the loser's transaction rolls back and it answers the winner's stored response.
 *
 * Every committed write also tells all server processes that this user's data changed.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UpdateMessage } from '../../shared/cable.ts';
import type { Db } from '../db/client.ts';
import { idempotencyKeys, users } from '../db/schema.ts';
import { projectFor } from '../months/compute.ts';
import type { MonthKind } from '../months/input.ts';
import { monthTableBody } from '../../shared/months/tables.ts';
import { MONTHS, MONTHS_OF_KIND } from '../../shared/resources.ts';
import { NOT_SIGNED_IN } from '../auth/tokens.ts';
import { currentUser, type AppContext } from './context.ts';
import { HttpError } from './errors.ts';

export interface WriteResult {
  status: number;
  body: unknown;
  /** Live updates of the records this write changed. */
  updates?: UpdateMessage[];
  /** Month tables this write may have changed: sent whole to subscribed users. */
  months?: readonly MonthKind[];
  /** The write revoked sessions of the user (a password change). */
  sessionsChanged?: boolean;
}

/** Stored responses are kept this long: an offline phone may replay its outbox days later. */
export const IDEMPOTENCY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

class ReplayRace extends Error {}

function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || !KEY_PATTERN.test(key)) {
    throw new HttpError(400, 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  }
  return key;
}

/**
 * What a stored response is matched on: the SHA-256 (hex) of the body's text exactly as the client
 * sent it; no body counts as the text `null`. Hashing the bytes walks nothing, whatever the body
 * holds. Keys stored by earlier versions hashed the body parsed and serialised again
 * (`JSON.stringify(JSON.parse(text))`): for a body the app sends (`JSON.stringify`, which
 * serialises its own output back byte for byte) that is the same text, so an edit queued offline
 * before this version still replays. `bodyHash('{"debt":{"name":"Visa"}}')` = sha256 of those 24 bytes.
 */
export function bodyHash(jsonText: string | undefined): string {
  const text = jsonText === undefined || jsonText.trim() === '' ? 'null' : jsonText;
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Runs `write` in one transaction under the user's row lock (see above). `prepare`, when given,
 * runs before it and outside the transaction, after a replay has been answered: work that needs no
 * database (reading and checking a large body) then holds no connection, and on PGlite (one
 * connection for every user) makes no other user's write wait. What it answers is handed to `write`;
 * what it throws is the answer.
 */
export async function runWrite<P = undefined>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  write: (tx: Db, prepared: P) => Promise<WriteResult>,
  prepare?: () => P | Promise<P>,
): Promise<FastifyReply> {
  const user = currentUser(request);
  const key = idempotencyKey(request);
  const method = request.method;
  const path = request.url.split('?')[0] ?? request.url;
  const requestHash = bodyHash(request.jsonText);
  const { db } = ctx.database;

  const stored = async (): Promise<FastifyReply | null> => {
    if (!key) return null;
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)));
    if (!row) return null;
    // A key reused for another edit would otherwise swallow that edit: refuse it instead.
    if (row.method !== method || row.path !== path || (row.requestHash !== '' && row.requestHash !== requestHash)) {
      throw new HttpError(422, 'This Idempotency-Key was already used for a different request');
    }
    reply.header('idempotent-replayed', 'true').code(row.statusCode);
    if (row.response === null) return reply.send();
    return reply.type('application/json; charset=utf-8').send(row.response);
  };

  const replay = await stored();
  if (replay) return replay;
  const prepared = prepare ? await prepare() : (undefined as P);

  let result: WriteResult;
  try {
    result = await db.transaction(async (tx) => {
      // One write per user at a time: the month tables computed below then match the commit
      // order, and so do the live updates every process receives.
      const [locked] = await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      // The account was deleted while this request waited for the lock (auth/delete-account.ts).
      if (!locked) throw new HttpError(401, NOT_SIGNED_IN);
      const outcome = await write(tx as unknown as Db, prepared);
      const messages = [...(outcome.updates ?? [])];
      if (user.subscribed && outcome.months && outcome.months.length > 0) {
        const projection = await projectFor(tx as unknown as Db, ctx.clock, user);
        for (const kind of outcome.months) {
          messages.push({ type: MONTHS[MONTHS_OF_KIND[kind]].updateType, action: 'created', data: monthTableBody(kind, projection) });
        }
      }
      // Delivered at commit: every process (this one too) drops what it cached for this user and
      // sends the messages to the user's open connections.
      await ctx.changes.notify(tx as unknown as Db, { userId: user.id, messages, sessionsChanged: outcome.sessionsChanged === true });
      if (key) {
        const inserted = await tx
          .insert(idempotencyKeys)
          .values({ userId: user.id, key, method, path, requestHash, statusCode: outcome.status, response: outcome.body === undefined ? null : JSON.stringify(outcome.body) })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (inserted.length === 0) throw new ReplayRace();
      }
      return { status: outcome.status, body: outcome.body };
    });
  } catch (error) {
    if (error instanceof ReplayRace) {
      const winner = await stored();
      if (winner) return winner;
    }
    throw error;
  }
  // This process forgets at once, so the writer reads its own write even before the notice lands.
  ctx.cache.forget(user.id);
  reply.code(result.status);
  return result.body === undefined ? reply.send() : reply.send(result.body);
}

/** Drops stored responses older than the retention period. */
export async function pruneIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)));
}
