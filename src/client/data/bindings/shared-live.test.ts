import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedLive } from './shared-live.ts';
import type { InteropableObservable as ObservableLike } from 'dexie-react-hooks';

/** A source that counts its subscriptions and lets the test push values. */
function source<T>() {
  const watchers = new Set<(value: T) => void>();
  const stats = { subscribed: 0, unsubscribed: 0 };
  const create = vi.fn(
    (): ObservableLike<T> => ({
      subscribe(next) {
        stats.subscribed += 1;
        watchers.add(next);
        return {
          unsubscribe() {
            stats.unsubscribed += 1;
            watchers.delete(next);
          },
        };
      },
    }),
  );
  return { create, stats, push: (value: T) => [...watchers].forEach((next) => next(value)) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('sharedLive', () => {
  it('runs one query for every watcher of a key, and hands each the same answer', () => {
    const owner = {};
    const src = source<{ rows: number[] }>();
    const a = vi.fn();
    const b = vi.fn();
    sharedLive(owner, 'months:debt', src.create).subscribe(a);
    src.push({ rows: [1, 2] });
    const second = sharedLive(owner, 'months:debt', src.create);
    expect(second.hasValue?.()).toBe(true);
    second.subscribe(b);
    expect(src.create).toHaveBeenCalledTimes(1);
    expect(src.stats.subscribed).toBe(1);
    expect(b).toHaveBeenCalledWith(a.mock.calls[0]?.[0]);
    expect(b.mock.calls[0]?.[0]).toBe(a.mock.calls[0]?.[0]);
  });

  it('passes on no answer equal to the last', () => {
    const src = source<{ rows: number[] }>();
    const watcher = vi.fn();
    sharedLive({}, 'k', src.create).subscribe(watcher);
    src.push({ rows: [1] });
    src.push({ rows: [1] });
    src.push({ rows: [1, 2] });
    expect(watcher).toHaveBeenCalledTimes(2);
  });

  it('keeps separate queries per key and per owner', () => {
    const src = source<number>();
    const owner = {};
    sharedLive(owner, 'a', src.create).subscribe(() => {});
    sharedLive(owner, 'b', src.create).subscribe(() => {});
    sharedLive({}, 'a', src.create).subscribe(() => {});
    expect(src.create).toHaveBeenCalledTimes(3);
  });

  it('stops the query a moment after its last watcher leaves, unless one comes back', () => {
    vi.useFakeTimers();
    const owner = {};
    const src = source<number>();
    const stop = sharedLive(owner, 'k', src.create).subscribe(() => {});
    (typeof stop === 'function' ? stop : () => stop.unsubscribe())();
    vi.advanceTimersByTime(500);
    const again = sharedLive(owner, 'k', src.create).subscribe(() => {});
    vi.advanceTimersByTime(5000);
    expect(src.stats.unsubscribed).toBe(0);
    (typeof again === 'function' ? again : () => again.unsubscribe())();
    vi.advanceTimersByTime(5000);
    expect(src.stats.unsubscribed).toBe(1);
    sharedLive(owner, 'k', src.create).subscribe(() => {});
    expect(src.create).toHaveBeenCalledTimes(2);
  });

  it('starts its query again for a watcher of an observable held after the query stopped, giving the last answer meanwhile', () => {
    vi.useFakeTimers();
    const src = source<number>();
    const held = sharedLive({}, 'k', src.create);
    const first = held.subscribe(() => {});
    src.push(1);
    (typeof first === 'function' ? first : () => first.unsubscribe())();
    vi.advanceTimersByTime(5000);
    expect(src.stats.unsubscribed).toBe(1);

    const watcher = vi.fn();
    held.subscribe(watcher);
    expect(src.stats.subscribed).toBe(2);
    expect(watcher).toHaveBeenCalledWith(1);
    src.push(2);
    expect(watcher).toHaveBeenLastCalledWith(2);
  });
});
