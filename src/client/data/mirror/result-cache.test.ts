import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openMirror, type MirrorDb } from './db.ts';
import { canonicalJson, cyrb53, readResult, RESULTS_PER_KIND, resultKey, writeResult } from './result-cache.ts';

const opened: MirrorDb[] = [];

function setup() {
  const db = openMirror(`result-cache-test-${crypto.randomUUID()}`);
  opened.push(db);
  return db;
}

afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
  vi.restoreAllMocks();
});

/** The keys of a kind's entries, oldest first. */
async function keysOf(db: MirrorDb, kind: string) {
  return (await db.results.orderBy('savedAt').toArray()).filter((entry) => entry.kind === kind).map((entry) => entry.key);
}

describe('cyrb53', () => {
  it('matches the values published with the reference implementation', () => {
    expect(cyrb53('a')).toBe(7929297801672961);
    expect(cyrb53('b')).toBe(8684336938537663);
    expect(cyrb53('revenge')).toBe(4051478007546757);
    expect(cyrb53('revenue')).toBe(8309097637345594);
    expect(cyrb53('revenue', 1)).toBe(8697026808958300);
  });
});

describe('resultKey', () => {
  const payload = { input: { debts: [{ id: 1, apr: 17.5 }], start: '2026-01' }, seed: 7, paths: 500 };

  it('is the same for the same payload with its keys in another order, at every depth', () => {
    const reordered = { paths: 500, seed: 7, input: { start: '2026-01', debts: [{ apr: 17.5, id: 1 }] } };
    expect(resultKey('monteCarlo', reordered)).toBe(resultKey('monteCarlo', payload));
    expect(canonicalJson(reordered)).toBe('{"input":{"debts":[{"apr":17.5,"id":1}],"start":"2026-01"},"paths":500,"seed":7}');
  });

  it('is the kind, then the hash of the canonical JSON', () => {
    expect(resultKey('monteCarlo', payload)).toBe(`monteCarlo:${cyrb53(canonicalJson(payload)).toString(36).padStart(11, '0')}`);
    expect(resultKey('history', {})).toMatch(/^history:[0-9a-z]{11}$/);
  });

  it('differs for a different payload or another kind', () => {
    const key = resultKey('monteCarlo', payload);
    expect(resultKey('monteCarlo', { ...payload, seed: 8 })).not.toBe(key);
    expect(resultKey('monteCarlo', { ...payload, input: { ...payload.input, debts: [{ id: 1, apr: 17.4 }] } })).not.toBe(key);
    // Array order is content, unlike object key order.
    expect(resultKey('x', [1, 2])).not.toBe(resultKey('x', [2, 1]));
    expect(resultKey('history', payload)).not.toBe(key);
  });

  it('keeps apart what JSON.stringify would confuse, and leaves out what it leaves out', () => {
    expect(resultKey('x', { rate: Number.NaN })).not.toBe(resultKey('x', { rate: null }));
    expect(resultKey('x', { rate: Number.POSITIVE_INFINITY })).not.toBe(resultKey('x', { rate: Number.NEGATIVE_INFINITY }));
    expect(resultKey('x', { a: 1, b: undefined })).toBe(resultKey('x', { a: 1 }));
    expect(canonicalJson([1, undefined, -Infinity, 2n])).toBe('[1,null,-Infinity,2n]');
  });
});

describe('readResult and writeResult', () => {
  it('reads back what was written, and null for a key never written', async () => {
    const db = setup();
    const key = resultKey('monteCarlo', { seed: 1 });
    const value = { answer: { p10: [100, 200], p50: [150, 300] }, ms: 812 };
    expect(await readResult(db, key)).toBeNull();
    expect(await writeResult(db, key, 'monteCarlo', value, 1000)).toBe(true);
    expect(await readResult<typeof value>(db, key)).toEqual(value);
    expect(await db.results.get(key)).toEqual({ key, kind: 'monteCarlo', savedAt: 1000, value });
    // Written again, the entry is replaced, not added.
    expect(await writeResult(db, key, 'monteCarlo', { answer: null, ms: 5 }, 2000)).toBe(true);
    expect(await readResult(db, key)).toEqual({ answer: null, ms: 5 });
    expect(await db.results.count()).toBe(1);
  });

  it(`evicts the oldest entry of the kind on its ${RESULTS_PER_KIND + 1}st write, and nothing of another kind`, async () => {
    const db = setup();
    // Another kind's entries, older than every Monte Carlo one.
    const history = [0, 1, 2].map((n) => resultKey('history', { n }));
    for (const [n, key] of history.entries()) expect(await writeResult(db, key, 'history', n, n)).toBe(true);
    const monteCarlo = Array.from({ length: RESULTS_PER_KIND + 1 }, (_, n) => resultKey('monteCarlo', { n }));
    for (const [n, key] of monteCarlo.slice(0, RESULTS_PER_KIND).entries()) expect(await writeResult(db, key, 'monteCarlo', n, 100 + n)).toBe(true);
    expect(await keysOf(db, 'monteCarlo')).toEqual(monteCarlo.slice(0, RESULTS_PER_KIND));

    expect(await writeResult(db, monteCarlo[RESULTS_PER_KIND] as string, 'monteCarlo', RESULTS_PER_KIND, 500)).toBe(true);
    expect(await keysOf(db, 'monteCarlo')).toEqual(monteCarlo.slice(1));
    expect(await readResult(db, monteCarlo[0] as string)).toBeNull();
    expect(await keysOf(db, 'history')).toEqual(history);
    expect(await db.results.count()).toBe(RESULTS_PER_KIND + history.length);
  });

  it('never evicts the entry it has just written, even when the clock went back', async () => {
    const db = setup();
    const keys = Array.from({ length: RESULTS_PER_KIND + 1 }, (_, n) => resultKey('whatIf', { n }));
    for (const [n, key] of keys.slice(0, RESULTS_PER_KIND).entries()) await writeResult(db, key, 'whatIf', n, 1000 + n);
    const last = keys[RESULTS_PER_KIND] as string;
    expect(await writeResult(db, last, 'whatIf', 'late', 1)).toBe(true);
    expect(await readResult(db, last)).toBe('late');
    expect(await readResult(db, keys[0] as string)).toBeNull();
    expect(await db.results.count()).toBe(RESULTS_PER_KIND);
  });

  it('answers false and keeps the store as it was when the write fails (a full disk)', async () => {
    const db = setup();
    const kept = resultKey('monteCarlo', { seed: 1 });
    await writeResult(db, kept, 'monteCarlo', 'kept', 1);
    vi.spyOn(db.results, 'put').mockRejectedValue(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    const key = resultKey('monteCarlo', { seed: 2 });
    await expect(writeResult(db, key, 'monteCarlo', 'lost', 2)).resolves.toBe(false);
    vi.restoreAllMocks();
    expect(await readResult(db, key)).toBeNull();
    expect(await readResult(db, kept)).toBe('kept');
  });

  it('answers false for a value the store cannot hold', async () => {
    const db = setup();
    const key = resultKey('monteCarlo', { seed: 1 });
    await expect(writeResult(db, key, 'monteCarlo', { format: () => 'not data' }, 1)).resolves.toBe(false);
    expect(await db.results.count()).toBe(0);
  });
});

describe('signing out', () => {
  it('clears the results with every other table of the mirror', async () => {
    const db = setup();
    const key = resultKey('monteCarlo', { seed: 1 });
    await writeResult(db, key, 'monteCarlo', { ms: 1 }, 1);
    await db.debts.put({ id: 1, name: 'Visa' });
    expect(db.tables.map((table) => table.name)).toContain('results');

    // What the data layer's clearMirror does on sign-out.
    await db.transaction('rw', db.tables, async () => {
      for (const table of db.tables) await table.clear();
    });

    expect(await readResult(db, key)).toBeNull();
    expect(await db.results.count()).toBe(0);
    expect(await db.debts.count()).toBe(0);
  });
});
