/**
 * Structural sharing for the mirror's live queries: the new answer with every part that equals the
 * previous answer's replaced by that part, so an unchanged list keeps its identity.
 *
 * Why: a live query runs again on every write to what it read, and the first sync of a page that
 * opened from the mirror rewrites most of it with the same data (and flips each table's loading
 * flag twice). Without this every such run made new arrays, every screen re-rendered, and the
 * analytics memos (a whole projection) ran again for nothing; with it an unchanged answer is the
 * previous object itself (no render at all) and a changed status leaves the rows' identity alone.
 * Like TanStack Query's `replaceEqualDeep`.
 */

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/** Deep equality of what a live query answers: plain objects, arrays, sets of primitives, primitives. */
function equal(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equal(a[i], b[i])) return false;
    return true;
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(b);
    if (keys.length !== Object.keys(a).length) return false;
    for (const key of keys) if (!(key in a) || !equal(a[key], b[key])) return false;
    return true;
  }
  if (a instanceof Set && b instanceof Set) return a.size === b.size && [...b].every((item) => a.has(item));
  return false;
}

/**
 * `next`, or `previous` (or parts of it) wherever they are deeply equal: plain objects, arrays and
 * sets of primitives. An equal answer (the usual case: a month table of megabytes rewritten as it
 * was) is found without building anything.
 */
export function shareEqual<T>(previous: unknown, next: T): T {
  return equal(previous, next) ? (previous as T) : share(previous, next);
}

function share<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return previous as T;
  if (Array.isArray(previous) && Array.isArray(next)) {
    let same = previous.length === next.length;
    const shared = next.map((item, index) => {
      const kept = share(previous[index], item);
      if (kept !== previous[index]) same = false;
      return kept;
    });
    return (same ? previous : shared) as T;
  }
  if (isPlainObject(previous) && isPlainObject(next)) {
    const keys = Object.keys(next);
    let same = keys.length === Object.keys(previous).length;
    const shared: Record<string, unknown> = {};
    for (const key of keys) {
      const kept = share(previous[key], next[key]);
      if (!(key in previous) || kept !== previous[key]) same = false;
      shared[key] = kept;
    }
    return (same ? previous : shared) as T;
  }
  if (previous instanceof Set && next instanceof Set) {
    return (previous.size === next.size && [...next].every((item) => previous.has(item)) ? previous : next) as T;
  }
  return next;
}
