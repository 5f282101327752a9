/**
 * Change notices between server processes over PostgreSQL LISTEN/NOTIFY (the same code path on
 * PGlite, where the only listener is this process).
 *
 * A write sends its notice inside its transaction, so PostgreSQL delivers it only if, and right
 * after, the write commits; a rolled-back write tells nobody. Notices arrive in commit order.
 * Every process — the writer included — hears it, drops what it cached for that user, and hands
 * the live-update messages to that user's open connections.
 *
 * A NOTIFY carries at most 8000 bytes: larger messages (month tables) are written to
 * `cable_payloads` in the same transaction and the notice carries the row id.
 *
 * While the listening connection is down nothing can be trusted to be fresh: `healthy` turns
 * false, every listener is told to forget everything, and caches stay bypassed until the
 * connection is back.
 */
import { eq, lt, sql } from 'drizzle-orm';
import pg from 'pg';
import type { UpdateMessage } from '../../shared/cable.ts';
import type { Database, Db } from './client.ts';
import { cablePayloads } from './schema.ts';

export const CHANGES_CHANNEL = 'runway_changes';
/** Notices above this size travel through `cable_payloads` (the hard limit is 8000 bytes). */
export const INLINE_NOTICE_LIMIT = 7 * 1024;
const PAYLOAD_RETENTION_MS = 60 * 60 * 1000;

/** The user whose data or sessions changed, and the live updates to send them. */
export interface ChangeNotice {
  userId: number;
  messages: UpdateMessage[];
  /** Some of the user's sessions may have been revoked: open connections re-check their token. */
  sessionsChanged?: boolean;
}

type WireNotice = { userId: number; messages?: UpdateMessage[]; payloadId?: number; sessionsChanged?: boolean };

export interface ChangeFeed {
  /** False while notices may be missed (no listening connection). */
  readonly healthy: boolean;
  /** Queues a notice in the transaction `tx`; it is delivered when `tx` commits. */
  notify(tx: Db, notice: ChangeNotice): Promise<void>;
  /** Removes stored payloads every process has long since read. */
  prune(now: Date): Promise<void>;
  /** `onNotice` per notice; `onReset` when notices may have been missed. */
  subscribe(onNotice: (notice: ChangeNotice) => void, onReset: () => void): void;
  close(): Promise<void>;
}

function parseNotice(payload: string | undefined): WireNotice | null {
  try {
    const value = JSON.parse(payload ?? '') as WireNotice;
    return typeof value.userId === 'number' ? value : null;
  } catch {
    return null;
  }
}

export async function openChangeFeed(database: Database, log: { warn(obj: object, msg: string): void }): Promise<ChangeFeed> {
  const noticeHandlers: ((notice: ChangeNotice) => void)[] = [];
  const resetHandlers: (() => void)[] = [];
  let healthy = false;
  let closed = false;

  // Notices are handled one after another, so a stored payload that must be read first cannot
  // let a later notice overtake it.
  let queue = Promise.resolve();
  const handle = async (wire: WireNotice) => {
    let messages = wire.messages ?? [];
    if (wire.payloadId !== undefined) {
      const [row] = await database.db.select({ payload: cablePayloads.payload }).from(cablePayloads).where(eq(cablePayloads.id, wire.payloadId));
      if (row) messages = JSON.parse(row.payload) as UpdateMessage[];
      else log.warn({ payloadId: wire.payloadId }, 'a change notice points at a payload that is gone');
    }
    for (const handler of noticeHandlers) handler({ userId: wire.userId, messages, sessionsChanged: wire.sessionsChanged === true });
  };
  const deliver = (payload: string | undefined) => {
    const wire = parseNotice(payload);
    if (!wire) return;
    queue = queue.then(() => handle(wire)).catch((error: unknown) => log.warn({ err: error }, 'a change notice could not be handled'));
  };
  const setHealthy = (value: boolean) => {
    healthy = value;
    for (const handler of resetHandlers) handler();
  };

  let stop: () => Promise<void>;
  if (database.pglite) {
    const unlisten = await database.pglite.listen(CHANGES_CHANNEL, deliver);
    setHealthy(true);
    stop = () => unlisten();
  } else {
    const pool = database.pool;
    if (!pool) throw new Error('A PostgreSQL database without a pool');
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (attempt: number): Promise<void> => {
      const next = new pg.Client(pool.options);
      next.on('notification', (message) => deliver(message.payload));
      const lost = (error?: Error) => {
        if (client !== next) return;
        client = undefined;
        setHealthy(false);
        void next.end().catch(() => undefined);
        if (closed) return;
        log.warn({ err: error }, 'lost the change-notice connection; reconnecting');
        retry = setTimeout(() => void connect(0), 500);
      };
      next.on('error', lost);
      next.on('end', () => lost());
      try {
        await next.connect();
        await next.query(`LISTEN ${CHANGES_CHANNEL}`);
        client = next;
        setHealthy(true);
      } catch (error) {
        void next.end().catch(() => undefined);
        if (closed) return;
        if (attempt === 0) log.warn({ err: error }, 'could not listen for change notices; retrying');
        retry = setTimeout(() => void connect(attempt + 1), Math.min(5000, 200 * 2 ** attempt));
      }
    };
    await connect(0);
    stop = async () => {
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    };
  }

  return {
    get healthy() {
      return healthy && !closed;
    },
    async notify(tx, notice) {
      let text = JSON.stringify(notice);
      if (Buffer.byteLength(text) > INLINE_NOTICE_LIMIT) {
        const [row] = await tx
          .insert(cablePayloads)
          .values({ userId: notice.userId, payload: JSON.stringify(notice.messages) })
          .returning({ id: cablePayloads.id });
        if (!row) throw new Error('Storing a live-update payload returned no row');
        text = JSON.stringify({ userId: notice.userId, payloadId: row.id, sessionsChanged: notice.sessionsChanged } satisfies WireNotice);
      }
      await tx.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${text})`);
    },
    async prune(now) {
      await database.db.delete(cablePayloads).where(lt(cablePayloads.createdAt, new Date(now.getTime() - PAYLOAD_RETENTION_MS)));
    },
    subscribe(onNotice, onReset) {
      noticeHandlers.push(onNotice);
      resetHandlers.push(onReset);
    },
    async close() {
      closed = true;
      healthy = false;
      await stop();
    },
  };
}
