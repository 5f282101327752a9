import { describe, expect, it, vi } from 'vitest';
import { reloadOnStaleChunk, STALE_CHUNK_RELOAD_KEY, STALE_CHUNK_RETRY_MS } from './stale-chunk.ts';

function setup() {
  const target = new EventTarget();
  const map = new Map<string, string>();
  const storage = { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value) };
  let time = 1_000_000;
  const reload = vi.fn();
  const stop = reloadOnStaleChunk({ window: target as unknown as Window, storage, reload, now: () => time });
  const fail = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(event);
    return event.defaultPrevented;
  };
  return { map, reload, stop, fail, advance: (ms: number) => (time += ms) };
}

describe('reloadOnStaleChunk', () => {
  it('reloads into the current version when a lazily loaded file is gone, and handles the error', () => {
    const { reload, fail, map } = setup();
    expect(fail()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(map.get(STALE_CHUNK_RELOAD_KEY)).toBe('1000000');
  });

  it('does not reload again right after a reload (the file is really missing): the error shows', () => {
    const { reload, fail, advance } = setup();
    fail();
    advance(STALE_CHUNK_RETRY_MS - 1);
    expect(fail()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    advance(1);
    expect(fail()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('stops listening when asked', () => {
    const { reload, fail, stop } = setup();
    stop();
    expect(fail()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
