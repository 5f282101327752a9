/**
 * Results of expensive on-device computations (Monte Carlo runs, history replays, what-if
 * comparisons), cached in the mirror's `results` store per hash of their input, so a reload shows
 * the last result at once instead of computing it again. They are computed from the user's data,
 * so they live in the mirror and signing out clears them with the rest.
 *
 * A cache, never a source of truth: a miss only costs a computation, so a write that fails (a full
 * disk) is reported as `false` and otherwise ignored, and a few entries of each kind are enough.
 */
import type { MirrorDb } from './db.ts';

/** The entries kept of each kind: the last few questions asked, without the store growing forever. */
export const RESULTS_PER_KIND = 20;

/**
 * The cache key of a computation: `kind:hash`, the hash being cyrb53 of the payload's canonical
 * JSON (canonicalJson), so two payloads with the same content have the same key whatever the
 * order of their object keys, and the kind keeps different computations apart even when their
 * payloads are equal. Example: `resultKey('monteCarlo', { seed: 1, paths: 500 })` is
 * `'monteCarlo:'` followed by 11 base-36 digits, the same for `{ paths: 500, seed: 1 }`.
 *
 * The hash has 53 bits. A wrong hit needs a new payload to hash like one of the at most
 * RESULTS_PER_KIND entries kept of its kind: about 20 / 2^53 ≈ 2 × 10⁻¹⁵ per lookup, 2 × 10⁻⁹
 * over a million lookups; far below any other way a screen goes wrong, and the worst outcome is
 * one stale answer until the input changes. The payloads are the user's own data, with no
 * adversary to forge a collision, so a fast non-cryptographic hash will do; SubtleCrypto's digest
 * would be asynchronous (the key is computed while rendering) and is missing on insecure origins.
 *
 * The cache cannot see the code that computed a result: a kind whose computation changes so that
 * the same input gives another answer needs a new name (`'monteCarlo/2'`), or old answers return.
 */
export function resultKey(kind: string, payload: unknown): string {
  return `${kind}:${cyrb53(canonicalJson(payload)).toString(36).padStart(11, '0')}`;
}

/** The cached result under `key`, or null when there is none (a stored null reads as none). */
export async function readResult<T>(db: MirrorDb, key: string): Promise<T | null> {
  const entry = await db.results.get(key);
  return entry === undefined ? null : (entry.value as T | null);
}

/**
 * Stores `value` under `key` (from resultKey with this `kind`) as written at `now` (epoch ms),
 * then evicts the oldest entries of the same kind beyond `keep` (RESULTS_PER_KIND unless the kind
 * keeps fewer: its entries are large); other kinds are left
 * alone, so a burst of what-if comparisons cannot push out the last Monte Carlo run. The entry
 * just written is never the one evicted, whatever the clock says.
 *
 * Answers whether the write landed. A failure (quota exceeded, a value that cannot be cloned, the
 * mirror closed by a sign-out) only means the result will be computed again next time, so it is
 * answered as false rather than thrown: a full disk must not break the screen that computed it.
 */
export async function writeResult(db: MirrorDb, key: string, kind: string, value: unknown, now: number, keep = RESULTS_PER_KIND): Promise<boolean> {
  try {
    await db.transaction('rw', db.results, async () => {
      await db.results.put({ key, kind, savedAt: now, value });
      // Keys only, oldest first (equal times by key): the values may be large and are not needed.
      const keys = (await db.results.orderBy('savedAt').primaryKeys()).filter((other) => other !== key && kindOf(other) === kind);
      const excess = keys.length - (keep - 1);
      if (excess > 0) await db.results.bulkDelete(keys.slice(0, excess));
    });
    return true;
  } catch {
    return false;
  }
}

/** The kind of a key made by resultKey: everything before the last colon (the hash has none). */
function kindOf(key: string): string {
  return key.slice(0, key.lastIndexOf(':'));
}

/**
 * JSON with every object's keys sorted, so equal content gives equal text whatever order the
 * object was built in. Otherwise it reads plain data as JSON.stringify does (undefined properties
 * left out, undefined array items as null, toJSON honoured), except that NaN, ±Infinity and
 * bigints keep a text of their own instead of becoming null or throwing: an input of NaN is not
 * the same question as an input of null. Maps, Sets and cycles are not plain data and not expected.
 */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : String(value);
    case 'bigint':
      return `${value}n`;
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) return `[${value.map((item: unknown) => (isAbsent(item) ? 'null' : canonicalJson(item))).join(',')}]`;
      const withJson = value as { toJSON?: unknown };
      if (typeof withJson.toJSON === 'function') return canonicalJson((withJson.toJSON as () => unknown).call(value));
      const record = value as Record<string, unknown>;
      const fields = Object.keys(record)
        .sort()
        .filter((name) => !isAbsent(record[name]))
        .map((name) => `${JSON.stringify(name)}:${canonicalJson(record[name])}`);
      return `{${fields.join(',')}}`;
    }
    default:
      // undefined, a function or a symbol alone: JSON has no text for them.
      return 'null';
  }
}

/** What JSON leaves out of an object (and writes as null in an array). */
function isAbsent(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/**
 * cyrb53 (bryc, public domain: github.com/bryc/code, jshash/experimental/cyrb53.js): a 53-bit
 * string hash from two 32-bit multiply-xorshift lanes, well mixed and fast; an integer in
 * [0, 2^53), over UTF-16 code units. Published values: `cyrb53('a')` = 7929297801672961,
 * `cyrb53('revenue')` = 8309097637345594, `cyrb53('revenue', 1)` = 8697026808958300.
 */
export function cyrb53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
