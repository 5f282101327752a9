/**
 * The sync engine's pulls (spec section 4, "Initial load after login"): feature flags always; the
 * user's records when signed in; the month tables when subscribed. It runs after login, at start,
 * on reconnect and when the browser comes back online. Each collection is written in one
 * transaction that replaces what the server no longer has, with pending local edits kept on top.
 * Loading flags, errors and last-fetched times go to `syncStatus` for the screens to show.
 */
import type { ApiResult, ApiTransport } from './api.ts';
import type { MirrorDb, WireRecord } from './db.ts';
import { overlayPending, overlayPendingSingle } from './pending.ts';
import { COLLECTIONS, FLAGS_FETCH_ERROR, MONTHS, PROFILE_FETCH_ERROR, SINGLES, type CollectionName, type MonthsName, type SingleName } from './schema.ts';
import type { Session } from './session.ts';

export interface SyncDeps {
  db: MirrorDb;
  transport: ApiTransport;
  getSession(): Session;
  now?: () => number;
}

/** The message a failed fetch shows: the server's, else the spec's default. */
function failure(result: ApiResult, fallback: string): string {
  if (result.ok) return fallback;
  return result.kind === 'http' ? (result.message ?? fallback) : fallback;
}

export function createSync(deps: SyncDeps) {
  const { db, transport } = deps;
  const now = deps.now ?? (() => Date.now());

  const setStatus = (name: string, loading: boolean, error: string | null, fetched: boolean) =>
    db.syncStatus.get(name).then((previous) =>
      db.syncStatus.put({ name, loading, error, lastFetched: fetched ? now() : (previous?.lastFetched ?? null) }),
    );

  /** Fetches one thing and hands its body to `write`; records loading, error and time. */
  async function fetchInto(name: string, path: string, fallback: string, write: (data: unknown) => Promise<void>, anonymous = false): Promise<boolean> {
    await setStatus(name, true, null, false);
    const result = await transport.request({ method: 'GET', path, anonymous });
    if (!result.ok) {
      await setStatus(name, false, failure(result, fallback), false);
      return false;
    }
    await write(result.data);
    await setStatus(name, false, null, true);
    return true;
  }

  const pullFlags = () =>
    fetchInto(
      'featureFlags',
      '/api/v1/feature_flags',
      FLAGS_FETCH_ERROR,
      async (data) => {
        const flags = ((data as { feature_flags?: { name: string; enabled: boolean }[] }).feature_flags ?? []).map((f) => ({ name: f.name, enabled: f.enabled === true }));
        await db.transaction('rw', db.featureFlags, async () => {
          await db.featureFlags.clear();
          await db.featureFlags.bulkPut(flags);
        });
      },
      true,
    );

  const pullProfile = () =>
    fetchInto('profile', '/api/v1/profile', PROFILE_FETCH_ERROR, async (data) => {
      // The profile arrives as a JSON string inside `user` (spec section 7).
      const raw = (data as { user?: unknown }).user;
      const user = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
      await db.profile.put({ name: 'user', value: user ?? null });
    });

  const pullCollection = (name: CollectionName) => {
    const decl = COLLECTIONS[name];
    const table = db[name];
    return fetchInto(name, decl.path, decl.fetchError, async (data) => {
      const rows = ((data as Record<string, unknown>)[decl.listKey] ?? []) as WireRecord[];
      await db.transaction('rw', [table, db.outbox, db.conflicts], async () => {
        const merged = await overlayPending(db, name, rows);
        await table.clear();
        await table.bulkPut(merged);
      });
    });
  };

  const pullSingle = (name: SingleName) => {
    const decl = SINGLES[name];
    return fetchInto(name, decl.path, decl.fetchError, async (data) => {
      const record = ((data as Record<string, unknown>)[decl.getKey] ?? null) as WireRecord | null;
      await db.transaction('rw', [db.singles, db.outbox, db.conflicts], async () => {
        await db.singles.put({ name, record: await overlayPendingSingle(db, name, record) });
      });
    });
  };

  const pullMonths = (name: MonthsName) =>
    fetchInto(name, MONTHS[name].path, MONTHS[name].fetchError, async (data) => {
      await db.months.put({ name, body: data, provisional: false });
    });

  return {
    pullFlags,
    pullProfile,
    pullCollection,
    pullSingle,
    pullMonths,
    /** Everything the session may see, in parallel. Answers true when every fetch succeeded. */
    async pullAll(): Promise<boolean> {
      const session = deps.getSession();
      const jobs: Promise<boolean>[] = [pullFlags()];
      if (session.isAuthenticated) {
        jobs.push(pullProfile());
        for (const name of Object.keys(COLLECTIONS) as CollectionName[]) jobs.push(pullCollection(name));
        for (const name of Object.keys(SINGLES) as SingleName[]) jobs.push(pullSingle(name));
        if (session.subscribed) for (const name of Object.keys(MONTHS) as MonthsName[]) jobs.push(pullMonths(name));
      }
      return (await Promise.all(jobs)).every(Boolean);
    },
  };
}

export type SyncEngine = ReturnType<typeof createSync>;
