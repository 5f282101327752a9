/**
 * One live query for every screen part that watches the same thing. Dexie runs each live query on
 * its own: four parts of the analytics screen that each read the retirement month table (2.6 MB for
 * a household with 8 accounts) read and decoded it four times, and again after every write. A
 * shared query reads it once and hands every watcher the same answer (with share-equal.ts applied
 * once, so an unchanged answer keeps its identity for all of them).
 *
 * Kept per owner (the data layer) and key; the query stops a moment after its last watcher leaves,
 * so switching tabs or React's double effects in development do not restart it.
 */
import { shareEqual } from './share-equal.ts';
import type { InteropableObservable as ObservableLike } from 'dexie-react-hooks';

/** How long a query with no watchers keeps running. */
const LINGER_MS = 2000;

interface Watcher<T> {
  next(value: T): void;
  error?(error: unknown): void;
}

const queries = new WeakMap<object, Map<string, ObservableLike<unknown>>>();

export function sharedLive<T>(owner: object, key: string, create: () => ObservableLike<T>): ObservableLike<T> {
  let byKey = queries.get(owner);
  if (!byKey) {
    byKey = new Map();
    queries.set(owner, byKey);
  }
  const existing = byKey.get(key);
  if (existing) return existing as ObservableLike<T>;

  const watchers = new Set<Watcher<T>>();
  let hasValue = false;
  let value: T | undefined;
  let stop: (() => void) | null = null;
  let linger: ReturnType<typeof setTimeout> | null = null;

  const start = () => {
    const subscription = create().subscribe(
      (next) => {
        const kept = shareEqual(value, next);
        if (hasValue && kept === value) return;
        value = kept;
        hasValue = true;
        for (const watcher of [...watchers]) watcher.next(kept);
      },
      (error) => {
        for (const watcher of [...watchers]) watcher.error?.(error);
      },
    );
    stop = typeof subscription === 'function' ? subscription : () => subscription.unsubscribe();
  };

  const shared: ObservableLike<T> = {
    hasValue: () => hasValue,
    getValue: () => value as T,
    subscribe(next, error) {
      const watcher: Watcher<T> = error ? { next, error } : { next };
      watchers.add(watcher);
      if (linger) clearTimeout(linger);
      linger = null;
      if (stop) {
        if (hasValue) next(value as T);
      } else {
        // A query stopped after its watchers left starts again (for an observable still held, as by
        // a component subscribing anew); the last answer is given meanwhile, unless the restart
        // has just given this watcher one.
        const had = hasValue;
        const last = value;
        start();
        if (had && value === last) next(value as T);
      }
      return () => {
        watchers.delete(watcher);
        if (watchers.size > 0 || linger) return;
        linger = setTimeout(() => {
          linger = null;
          if (watchers.size > 0) return;
          stop?.();
          stop = null;
          if (byKey.get(key) === shared) byKey.delete(key);
        }, LINGER_MS);
      };
    },
  };
  byKey.set(key, shared as ObservableLike<unknown>);
  return shared;
}
