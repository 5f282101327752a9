/**
 * The Overview's projection remembered with its input: the last few computed are kept in the
 * mirror's results store (data/mirror/result-cache.ts), and the most recent is read when a page that shows
 * it opens (the Analytics and dashboard routes start the read with their mirror reads), so a person
 * who opens the app again with the same data sees the figures the engine computed last time
 * without computing them again: the projection was one task of about 0.2 s at 4× CPU throttling
 * before the Overview's first figures.
 *
 * The key is the hash of everything the projection is computed from: the plan's input (records,
 * actual values, month 1, today, the birth year), whether the figures are in today's dollars, and
 * the code that computes it; and of whose it is, so that this page's memory never answers one
 * user with another's figures. A production build names its files by the hash of their content, and
 * a file that imports another names it, so the URL of the module that computes the projection
 * (use-projection.ts's `import.meta.url`) changes whenever the engine or anything else it runs
 * changes: a new version never reads an
 * old version's figures. A development build's URLs do not change with the code, so only a
 * production build remembers.
 */
import type { DataLayer } from '../data/layer-api.ts';
import type { MirrorDb } from '../data/mirror/db.ts';
import { resultKey, writeResult } from '../data/mirror/result-cache.ts';

/** Whether projections are remembered at all (see above: production builds only). */
export function remembers(): boolean {
  return import.meta.env.PROD;
}

/** The results store's kind for these entries. */
export const REMEMBERED_KIND = 'overview';

/** Entries kept in the mirror: the current data and the last few states before it. */
export const REMEMBERED_KEPT = 3;

/** Projections known on this page, by key: read from the mirror at the start or computed since. */
const known = new Map<string, unknown>();

/**
 * The key of a projection computed by `code` (the computing module's `import.meta.url`) from
 * `payload` (the plan's input and the dollars' mode).
 */
export function rememberedKey(code: string, payload: unknown): string {
  return resultKey(REMEMBERED_KIND, { code, payload });
}

/** The projection known under `key` on this page, if any. */
export function rememberedProjection<T>(key: string): T | undefined {
  return known.get(key) as T | undefined;
}

function keep(key: string, projection: unknown): void {
  known.delete(key);
  known.set(key, projection);
  // The page keeps no more than the mirror does, the oldest dropped first.
  for (const old of known.keys()) {
    if (known.size <= REMEMBERED_KEPT) break;
    known.delete(old);
  }
}

/**
 * Reads the most recently remembered projection from the mirror into this page's memory; called
 * with the page's first mirror reads. One entry is read, not every one kept: their keys come
 * first, newest first, then the value of the newest of this kind. A failure only means computing.
 */
export async function recallLatest(db: MirrorDb): Promise<void> {
  try {
    const keys = await db.results.orderBy('savedAt').reverse().primaryKeys();
    const latest = keys.find((key) => key.startsWith(`${REMEMBERED_KIND}:`));
    if (latest === undefined || known.has(latest)) return;
    const entry = await db.results.get(latest);
    if (entry !== undefined && entry.value !== null && !known.has(latest)) keep(latest, entry.value);
  } catch {
    // The mirror closed or unreadable: the projection is computed instead.
  }
}

/** Starts recallLatest for a signed-in page (a visitor has no mirror); nothing is awaited. */
export function recallForPage(layer: DataLayer): void {
  if (remembers() && layer.getSession().isAuthenticated) void recallLatest(layer.db);
}

/**
 * Remembers a projection just computed under `key` (whose payload names the signed-in user): on
 * this page at once, in the mirror after the page is idle (the write clones the projection, tens of
 * kilobytes), unless `stillCurrent` then says the session has changed (a sign-out empties the
 * mirror, which must stay empty of the last user's figures). Answers whether the write landed
 * (result-cache.ts: a cache write that fails is only a miss next time).
 */
export function remember(db: MirrorDb, key: string, projection: unknown, now: () => number, stillCurrent: () => boolean): Promise<boolean> {
  keep(key, projection);
  const idle = new Promise<void>((resolve) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 2000 }) : setTimeout(resolve, 0)));
  return idle.then(() => (stillCurrent() ? writeResult(db, key, REMEMBERED_KIND, projection, now(), REMEMBERED_KEPT) : false));
}

/** Forgets what this page knows (tests; a new page starts empty). */
export function forgetRemembered(): void {
  known.clear();
}
