/**
 * What the hooks (hooks.ts) read from the mirror, as live queries outside React: each read's query
 * and the key its shared query goes by (shared-live.ts), and `warmLive`, which starts a screen's
 * reads before the screen is there. A hook and `warmLive` that read the same thing build the same
 * query under the same key, so the screen finds the query that was warmed.
 */
import type { DataLayer } from '../layer-api.ts';
import type { MirrorDb, OutboxEntry, WireRecord } from '../mirror/db.ts';
import { entryTarget } from '../sync/pending.ts';
import type { CollectionName, MonthsName, SingleName } from '../../../shared/resources.ts';
import { sharedLive } from './shared-live.ts';
import type { InteropableObservable } from './render-gently.ts';

/** A live query's answer, or the error it failed with, as a value. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * The keys the hooks' shared queries go by (shared-live.ts), one per thing read: a hook and
 * `warmLive` that read the same thing find the same query. A `MirrorRead` brings its own.
 */
export const SHARED_KEY = {
  collection: (name: CollectionName, sort: string | undefined, descending: boolean) => `collection:${name}:${sort ?? ''}:${descending ? 'descending' : 'ascending'}`,
  single: (name: SingleName) => `single:${name}`,
  months: (name: MonthsName) => `months:${name}`,
  status: (name: MonthsName) => `syncStatus:${name}`,
};

/**
 * A live query of the mirror as an observable, its failure as a value. With a `sharedKey`, every
 * watcher of that key shares one query (shared-live.ts), which `warmLive` can start before the
 * screen that reads it has loaded.
 */
export function liveOf<T>(layer: DataLayer, query: () => Promise<T>, sharedKey?: string): InteropableObservable<Outcome<T>> {
  const live = () =>
    layer.liveQuery(async (): Promise<Outcome<T>> => {
      try {
        return { ok: true, value: await query() };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    });
  return sharedKey === undefined ? live() : sharedLive(layer, sharedKey, live);
}

const pendingOutbox = (layer: DataLayer) => layer.db.outbox.where('status').equals('pending').toArray();

/**
 * Text in a list's order without a collator (the first `localeCompare` builds ICU's: 50–70 ms of one
 * task at 4× throttling): letters' case aside, then exactly. ISO timestamps and 'YYYY-MM' months
 * order as their times do. Example: 'apple' < 'Banana' < 'banana' < 'cherry'.
 */
function compareText(x: string, y: string): number {
  const a = x.toLowerCase();
  const b = y.toLowerCase();
  if (a !== b) return a < b ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

function compareBy(field: string, descending: boolean) {
  const empty = (value: unknown) => value === null || value === undefined || value === '';
  return (a: WireRecord, b: WireRecord): number => {
    const x = a[field];
    const y = b[field];
    if (empty(x) || empty(y)) return empty(x) === empty(y) ? a.id - b.id : empty(x) ? 1 : -1;
    let order: number;
    if (typeof x === 'number' && typeof y === 'number') order = x - y;
    else order = compareText(String(x), String(y));
    if (descending) order = -order;
    return order !== 0 ? order : a.id - b.id;
  };
}

/** A collection's rows (sorted as asked), its fetch status and which rows have edits pending. */
export function collectionQuery(layer: DataLayer, name: CollectionName, sort: string | undefined, descending: boolean) {
  return async () => {
    const { db } = layer;
    const [rows, status, pending] = await Promise.all([db[name].toArray(), db.syncStatus.get(name), pendingOutbox(layer)]);
    if (sort) rows.sort(compareBy(sort, descending));
    const pendingIds = new Set<number>();
    for (const entry of pending) {
      const target = entryTarget(entry);
      if (target.kind === 'collection' && target.table === name) pendingIds.add(target.id);
    }
    return { rows, status, pendingIds };
  };
}

/** A single record (null when the user has none), its fetch status and whether an edit of it is pending. */
export function singleQuery(layer: DataLayer, name: SingleName) {
  return async () => {
    const { db } = layer;
    const [row, status, pending] = await Promise.all([db.singles.get(name), db.syncStatus.get(name), pendingOutbox(layer)]);
    const isThis = (entry: OutboxEntry) => {
      const target = entryTarget(entry);
      return target.kind === 'single' && target.name === name;
    };
    return { record: row?.record ?? null, status, pending: pending.some(isThis) };
  };
}

export const monthsQuery = (layer: DataLayer, name: MonthsName) => () => layer.db.months.get(name);
export const statusQuery = (layer: DataLayer, name: MonthsName) => () => layer.db.syncStatus.get(name);

/** What a screen reads through the hooks (hooks.ts), named so it can be read before the screen is there. */
export type LiveRead =
  | { readonly kind: 'collection'; readonly name: CollectionName; readonly sort?: string; readonly descending?: boolean }
  | { readonly kind: 'single'; readonly name: SingleName }
  | { readonly kind: 'months'; readonly name: MonthsName }
  | MirrorRead<unknown>;

/** A query of the mirror that every part of the page reading it shares, under its key (useMirrorRead). */
export interface MirrorRead<T> {
  readonly kind: 'mirror';
  readonly key: string;
  readonly query: (db: MirrorDb) => Promise<T>;
}

/** How long `warmLive` holds what it started for a screen that has not come to watch it. */
export const WARM_HOLD_MS = 10_000;

export interface Warmed {
  /** Settles once every read has its first answer (a failed read's answer is its error). */
  readonly ready: Promise<void>;
  /** Lets the reads go now: each stops a moment later unless a screen watches it. */
  release(): void;
}

/**
 * Starts the shared live queries a screen's hooks will make, before the screen (or its code) is
 * there: the mirror is read while the page's code still loads and runs, and the screen's first
 * render has the answers (useObservable takes a shared query's answer synchronously), instead of
 * rendering a skeleton, then reading, then rendering once per answer. The queries are held for
 * `WARM_HOLD_MS` (or until released), after which they stop unless the screen is watching them.
 *
 * Each read is started exactly as its hook starts it (same query, same key), so the screen finds
 * it whether or not it was warmed. Nobody signed in, there is no mirror to read: nothing starts.
 */
export function warmLive(layer: DataLayer, reads: readonly LiveRead[]): Warmed {
  if (!layer.getSession().isAuthenticated) return { ready: Promise.resolve(), release: () => {} };
  const observables = reads.flatMap((read) => {
    switch (read.kind) {
      case 'collection': {
        const descending = read.descending ?? false;
        return [liveOf(layer, collectionQuery(layer, read.name, read.sort, descending), SHARED_KEY.collection(read.name, read.sort, descending))];
      }
      case 'single':
        return [liveOf(layer, singleQuery(layer, read.name), SHARED_KEY.single(read.name))];
      case 'months':
        return [liveOf(layer, monthsQuery(layer, read.name), SHARED_KEY.months(read.name)), liveOf(layer, statusQuery(layer, read.name), SHARED_KEY.status(read.name))];
      case 'mirror':
        return [liveOf(layer, () => read.query(layer.db), read.key)];
    }
  });
  const answered: Promise<void>[] = [];
  const subscriptions = observables.map((observable) => {
    let first: () => void = () => {};
    answered.push(new Promise<void>((resolve) => (first = resolve)));
    // An observable's own failure settles it too (a live query's failure is already an answer).
    return observable.subscribe(
      () => first(),
      () => first(),
    );
  });
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    clearTimeout(timer);
    for (const subscription of subscriptions) {
      if (typeof subscription === 'function') subscription();
      else subscription.unsubscribe();
    }
  };
  const timer = setTimeout(release, WARM_HOLD_MS);
  return { ready: Promise.all(answered).then(() => undefined), release };
}
