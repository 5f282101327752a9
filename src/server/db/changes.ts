/**
 * Change notices between server processes over PostgreSQL LISTEN/NOTIFY (the same code path on
 * PGlite, where the only listener is this process).
 *
 * A write sends its notice inside its transaction, so PostgreSQL delivers it only if, and right
 * after, the write commits; a rolled-back write tells nobody. Every process — the writer
 * included — hears it and drops what it cached for that user.
 *
 * While the listening connection is down nothing can be trusted to be fresh: `healthy` turns
 * false, every listener is told to forget everything, and caches stay bypassed until the
 * connection is back.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from './client.ts';

export const CHANGES_CHANNEL = 'runway_changes';

/** What a notice carries: the user whose data or sessions changed. */
export interface ChangeNotice {
  userId: number;
}

export interface ChangeFeed {
  /** False while notices may be missed (no listening connection). */
  readonly healthy: boolean;
  /** Queues a notice in the transaction `tx`; it is delivered when `tx` commits. */
  notify(tx: Db, notice: ChangeNotice): Promise<void>;
  /** `onNotice` per notice; `onReset` when notices may have been missed. */
  subscribe(onNotice: (notice: ChangeNotice) => void, onReset: () => void): void;
  close(): Promise<void>;
}

function parseNotice(payload: string | undefined): ChangeNotice | null {
  try {
    const value = JSON.parse(payload ?? '') as { userId?: unknown };
    return typeof value.userId === 'number' ? { userId: value.userId } : null;
  } catch {
    return null;
  }
}

export async function openChangeFeed(database: Database, log: { warn(obj: object, msg: string): void }): Promise<ChangeFeed> {
  const noticeHandlers: ((notice: ChangeNotice) => void)[] = [];
  const resetHandlers: (() => void)[] = [];
  let healthy = false;
  let closed = false;

  const deliver = (payload: string | undefined) => {
    const notice = parseNotice(payload);
    if (notice) for (const handler of noticeHandlers) handler(notice);
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
      await tx.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(notice)})`);
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
