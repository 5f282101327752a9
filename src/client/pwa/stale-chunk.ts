/**
 * A page that runs an old version can ask for a lazily loaded file the new version removed (the
 * server's build and the worker's precache both moved on). Vite reports that as
 * 'vite:preloadError'; the page then loads again, into the current version. Once: if the file is
 * still missing right after the reload, the error is left to show instead of reloading forever.
 */
export const STALE_CHUNK_RELOAD_KEY = 'runway-stale-chunk-reload';
/** A second failure sooner than this after the last reload is not retried. */
export const STALE_CHUNK_RETRY_MS = 10_000;

export interface StaleChunkDeps {
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now?: () => number;
}

export function reloadOnStaleChunk(deps: StaleChunkDeps): () => void {
  const now = deps.now ?? Date.now;
  const onPreloadError = (event: Event) => {
    const last = Number(deps.storage.getItem(STALE_CHUNK_RELOAD_KEY) ?? 0);
    if (now() - last < STALE_CHUNK_RETRY_MS) return;
    deps.storage.setItem(STALE_CHUNK_RELOAD_KEY, String(now()));
    event.preventDefault();
    deps.reload();
  };
  deps.window.addEventListener('vite:preloadError', onPreloadError);
  return () => deps.window.removeEventListener('vite:preloadError', onPreloadError);
}
