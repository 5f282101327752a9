import { describe, expect, it } from 'vitest';
import { shareEqual } from './share-equal.ts';

describe('shareEqual', () => {
  it('answers the previous value itself when the new one is deeply equal', () => {
    const previous = { ok: true, value: { rows: [{ id: 1, name: 'Visa', due: null }], ids: new Set([1, 2]) } };
    const next = { ok: true, value: { rows: [{ id: 1, name: 'Visa', due: null }], ids: new Set([2, 1]) } };
    expect(shareEqual(previous, next)).toBe(previous);
  });

  it('keeps the unchanged parts of a changed answer', () => {
    const rows = [{ id: 1, name: 'Visa' }];
    const previous = { rows, status: { loading: true, lastFetched: 5 } };
    const next = { rows: [{ id: 1, name: 'Visa' }], status: { loading: false, lastFetched: 9 } };
    const shared = shareEqual(previous, next);
    expect(shared).not.toBe(previous);
    expect(shared).toEqual(next);
    expect(shared.rows).toBe(rows);
  });

  it('shares rows one by one in a changed list, and sees added, removed and changed fields', () => {
    const a = { id: 1, name: 'Visa' };
    const b = { id: 2, name: 'Car' };
    const shared = shareEqual([a, b], [{ id: 1, name: 'Visa' }, { id: 2, name: 'Car loan' }, { id: 3, name: 'Boat' }]);
    expect(shared[0]).toBe(a);
    expect(shared[1]).toEqual({ id: 2, name: 'Car loan' });
    expect(shareEqual({ id: 1 }, { id: 1, extra: undefined })).toEqual({ id: 1, extra: undefined });
    expect(shareEqual({ id: 1, gone: 2 }, { id: 1 })).toEqual({ id: 1 });
    expect(shareEqual([1, 2], [1])).toEqual([1]);
  });

  it('takes the new value for different types, sets and primitives', () => {
    expect(shareEqual(new Set([1]), new Set([2]))).toEqual(new Set([2]));
    expect(shareEqual(undefined, { a: 1 })).toEqual({ a: 1 });
    expect(shareEqual([1], { 0: 1 })).toEqual({ 0: 1 });
    expect(shareEqual(NaN, NaN)).toBeNaN();
    expect(shareEqual(0, -0)).toBe(-0);
  });
});
