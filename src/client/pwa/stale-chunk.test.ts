import { describe, expect, it, vi } from 'vitest';
import { entryOf, reloadOnStaleChunk, STALE_CHUNK_RELOAD_KEY, STALE_CHUNK_RETRY_MS } from './stale-chunk.ts';

const OLD = '/assets/index-old.js';
const NEW = '/assets/index-new.js';

function setup({ served = NEW as string | null, online = true } = {}) {
  const target = new EventTarget();
  const map = new Map<string, string>();
  const storage = { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value) };
  let time = 1_000_000;
  const state = { online, served };
  const reload = vi.fn();
  const servedEntry = vi.fn(async () => state.served);
  const stop = reloadOnStaleChunk({ window: target as unknown as Window, storage, reload, isOnline: () => state.online, runningEntry: () => OLD, servedEntry, now: () => time, log: { warn: vi.fn() } });
  const fail = async () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(event);
    await new Promise((resolve) => setTimeout(resolve, 0));
    return event.defaultPrevented;
  };
  return { map, reload, servedEntry, stop, fail, state, advance: (ms: number) => (time += ms) };
}

describe('reloadOnStaleChunk', () => {
  it('reloads into the new version when the server serves another build; the error itself is left alone', async () => {
    const { reload, fail, map } = setup();
    expect(await fail()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(map.get(STALE_CHUNK_RELOAD_KEY)).toBe('1000000');
  });

  it('does not reload when the server still serves this build (the network failed, not the version)', async () => {
    const { reload, fail, servedEntry } = setup({ served: OLD });
    await fail();
    expect(servedEntry).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('offline, or when the server cannot say, does nothing', async () => {
    const offline = setup({ online: false });
    await offline.fail();
    expect(offline.servedEntry).not.toHaveBeenCalled();
    expect(offline.reload).not.toHaveBeenCalled();

    const unknown = setup({ served: null });
    await unknown.fail();
    expect(unknown.reload).not.toHaveBeenCalled();
  });

  it('does not reload again right after a reload (the file is really missing): the error shows', async () => {
    const { reload, fail, advance } = setup();
    await fail();
    advance(STALE_CHUNK_RETRY_MS - 1);
    await fail();
    expect(reload).toHaveBeenCalledTimes(1);
    advance(1);
    await fail();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('stops listening when asked', async () => {
    const { reload, fail, stop } = setup();
    stop();
    await fail();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('entryOf', () => {
  it("reads the module entry of a built index.html, or null", () => {
    expect(entryOf('<head><script type="module" crossorigin src="/assets/index-CIyJ4BNA.js"></script></head>')).toBe('/assets/index-CIyJ4BNA.js');
    expect(entryOf('<head><script src="/other.js"></script></head>')).toBeNull();
    expect(entryOf('{"error":"Not Found"}')).toBeNull();
  });

  it("reads the entry a prerendered page's boot script starts, as a path", () => {
    expect(entryOf('<head><meta name="runway-entry" content="/assets/index-BaBFCoo0.js"></head>')).toBe('/assets/index-BaBFCoo0.js');
    expect(entryOf('<head><link rel="modulepreload" href="/assets/other-1.js"></head>')).toBeNull();
    expect(entryOf('<script type="module" src="http://localhost:3000/assets/index-x.js"></script>')).toBe('/assets/index-x.js');
  });
});
