/**
 * The sync engine's pulls (docs/sync.md#pull): feature flags always; the
 * user's records when signed in; the month tables when subscribed. It runs after login, at start,
 * on reconnect and when the browser comes back online. Each collection is written in one
 * transaction that replaces what the server no longer has, with pending local edits kept on top.
 * Loading flags, errors and last-fetched times go to `syncStatus` for the screens to show.
 *
 * A pull runs alongside the outbox (the app catches up by pulling and flushing at once), so the
 * server may read a list just before an edit commits, and the list reach the mirror just after the
 * outbox wrote that edit's answer and dropped its entry: laid down as is, the older list would undo
 * the edit in the mirror (a created record gone, a deleted one back, old values) until the next
 * pull, and report the user's own edits as conflicts. So what changed while the list was on its
 * way is kept as the mirror has it: a record whose server version (`updated_at`) appeared, went or
 * moved — an accepted edit or a live update wrote it from an answer at least as new as the list —
 * and a record an outbox entry pending before the fetch was settled for. Local edits leave
 * `updated_at` alone and stay pending, so they still go through the overlay.
 */
import type { ApiResult, ApiTransport } from '../api.ts';
import { monthsStamp, type MirrorDb, type OutboxEntry, type SyncedName, type WireRecord } from '../mirror/db.ts';
import { entryTarget, overlayPending, overlayPendingSingle, pendingEntries, type EntryTarget } from './pending.ts';
import { FLAGS_FETCH_ERROR, PROFILE_FETCH_ERROR } from '../mirror/schema.ts';
import { COLLECTIONS, MONTHS, SINGLES, type CollectionName, type MonthsName, type SingleName } from '../../../shared/resources.ts';
import type { Session } from '../session/session.ts';

export interface SyncDeps {
  db: MirrorDb;
  transport: ApiTransport;
  getSession(): Session;
  now?: () => number;
  /**
   * A month table answered 403: the subscription ended while no tab was open to hear it. The data
   * layer clears the flag, so analytics shows the upsell instead of four load errors.
   */
  onSubscriptionRefused?(): void;
}

/** A record's server version: its `updated_at` ('' for a record made locally); null for none. */
function versionOf(record: WireRecord | null | undefined): string | null {
  if (!record) return null;
  return typeof record.updated_at === 'string' ? record.updated_at : '';
}

function versions(rows: readonly WireRecord[]): Map<number, string | null> {
  return new Map(rows.map((row) => [row.id, versionOf(row)]));
}

/** What the pending entries change, by seq. */
function targets(entries: readonly OutboxEntry[]): Map<number, EntryTarget | null> {
  return new Map(entries.map((entry) => [entry.seq as number, entryTarget(entry)]));
}

/** What the entries pending before, and no longer pending now, changed: the server settled them meanwhile. */
function settledSince(before: ReadonlyMap<number, EntryTarget | null>, now: readonly OutboxEntry[]): EntryTarget[] {
  const still = new Set(now.map((entry) => entry.seq));
  return [...before].filter(([seq]) => !still.has(seq)).flatMap(([, target]) => (target ? [target] : []));
}

/** The message a failed fetch shows: the server's, else the default (docs/product.md#error-messages). */
function failure(result: ApiResult, fallback: string): string {
  if (result.ok) return fallback;
  return result.kind === 'http' ? (result.message ?? fallback) : fallback;
}

/** How many times a month table is fetched again when edits settle while it is on its way. */
const MONTHS_REFETCHES = 3;

export function createSync(deps: SyncDeps) {
  const { db, transport } = deps;
  const now = deps.now ?? (() => Date.now());

  const setStatus = (name: SyncedName, loading: boolean, error: string | null, fetched: boolean) =>
    db.syncStatus.get(name).then((previous) =>
      db.syncStatus.put({ name, loading, error, lastFetched: fetched ? now() : (previous?.lastFetched ?? null) }),
    );

  /**
   * Fetches one thing and hands its body to `write`; records loading, error and time. With
   * `ifNoneMatch` (the ETag of the copy the mirror holds) a 304 hands `write` a null body and
   * `notModified`: the mirror's copy is the server's.
   */
  async function fetchInto(
    name: SyncedName,
    path: string,
    fallback: string,
    write: (data: unknown, answer: { readonly notModified: boolean; readonly etag: string | null }) => Promise<void>,
    { anonymous = false, ifNoneMatch }: { readonly anonymous?: boolean; readonly ifNoneMatch?: string } = {},
  ): Promise<boolean> {
    await setStatus(name, true, null, false);
    const result = await transport.request({ method: 'GET', path, anonymous, ...(ifNoneMatch ? { ifNoneMatch } : {}) });
    if (!result.ok) {
      if (result.kind === 'http' && result.status === 403 && name in MONTHS) deps.onSubscriptionRefused?.();
      await setStatus(name, false, failure(result, fallback), false);
      return false;
    }
    await write(result.data, { notModified: result.status === 304, etag: result.headers?.get('etag') ?? null });
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
      { anonymous: true },
    );

  const pullProfile = () =>
    fetchInto('profile', '/api/v1/profile', PROFILE_FETCH_ERROR, async (data) => {
      // The profile arrives as a JSON string inside `user`, as the web app's calls expect (docs/product.md#calls).
      const raw = (data as { user?: unknown }).user;
      const user = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
      await db.profile.put({ name: 'user', value: user ?? null });
    });

  const pullCollection = async (name: CollectionName) => {
    const decl = COLLECTIONS[name];
    const table = db[name];
    const before = versions(await table.toArray());
    const pendingBefore = targets(await pendingEntries(db));
    return fetchInto(name, decl.path, decl.fetchError, async (data) => {
      const rows = ((data as Record<string, unknown>)[decl.listKey] ?? []) as WireRecord[];
      await db.transaction('rw', [table, db.outbox, db.conflicts], async () => {
        // Records changed while the list was on its way stay as the mirror has them (see above).
        const current = await table.toArray();
        const now = versions(current);
        const moved = new Set([...before.keys(), ...now.keys()].filter((id) => before.get(id) !== now.get(id)));
        for (const target of settledSince(pendingBefore, await pendingEntries(db))) {
          if (target.kind === 'collection' && target.table === name) moved.add(target.id);
        }
        const merged = (await overlayPending(db, name, rows.filter((row) => !moved.has(row.id)))).filter((row) => !moved.has(row.id));
        await table.clear();
        await table.bulkPut([...merged, ...current.filter((row) => moved.has(row.id))]);
      });
    });
  };

  const pullSingle = async (name: SingleName) => {
    const decl = SINGLES[name];
    const before = versionOf((await db.singles.get(name))?.record ?? null);
    const pendingBefore = targets(await pendingEntries(db));
    return fetchInto(name, decl.path, decl.fetchError, async (data) => {
      const record = ((data as Record<string, unknown>)[decl.getKey] ?? null) as WireRecord | null;
      await db.transaction('rw', [db.singles, db.outbox, db.conflicts], async () => {
        // Changed while the answer was on its way: the mirror's is at least as new (see above).
        if (versionOf((await db.singles.get(name))?.record ?? null) !== before) return;
        if (settledSince(pendingBefore, await pendingEntries(db)).some((target) => target.kind === 'single' && target.name === name)) return;
        await db.singles.put({ name, record: await overlayPendingSingle(db, name, record) });
      });
    });
  };

  /**
   * A month table. Its answer is laid down only if nothing newer came meanwhile: a server table
   * that arrived while it was on its way (a live update from a later write) is kept, and an
   * answer that may predate an edit the server settled meanwhile is fetched again — the server's
   * tables after that edit are the ones to show (a few rounds at most: the live channel sends
   * them too).
   *
   * A table the mirror holds as the server sent it (its `etag`, see MonthsRow) is asked for with
   * If-None-Match: when the server's is the same, the answer is a 304 and nothing is written —
   * no download, no rewrite of a table of megabytes, no screen reading it again.
   */
  const pullMonths = async (name: MonthsName): Promise<boolean> => {
    for (let round = 0; ; round += 1) {
      const held = await db.months.get(name);
      const before = held?.stamp;
      const ifNoneMatch = held && !held.provisional ? held.etag : undefined;
      const pendingBefore = targets(await pendingEntries(db));
      let outdated = false;
      const ok = await fetchInto(
        name,
        MONTHS[name].path,
        MONTHS[name].fetchError,
        async (data, { notModified, etag }) => {
          await db.transaction('rw', [db.months, db.outbox], async () => {
            if ((await db.months.get(name))?.stamp !== before) return;
            if (settledSince(pendingBefore, await pendingEntries(db)).length > 0 && round < MONTHS_REFETCHES) {
              outdated = true;
              return;
            }
            // Not modified: the table held is the server's, as it is.
            if (notModified) return;
            await db.months.put({ name, body: data, provisional: false, stamp: monthsStamp(), ...(etag ? { etag } : {}) });
          });
        },
        ifNoneMatch ? { ifNoneMatch } : {},
      );
      if (!ok || !outdated) return ok;
    }
  };

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
