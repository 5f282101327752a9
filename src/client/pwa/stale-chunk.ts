/**
 * A page that runs an old version can ask for a lazily loaded file the new version removed (the
 * server's build and the worker's precache both moved on); Vite reports the failure as
 * 'vite:preloadError'. The page then asks the server which version it serves now: only when that
 * is a different build, and the page is online, does it load again, into the current version.
 * A failure for any other reason (offline, a flaky connection) is left as it was, and nothing
 * typed in an open form is lost to a reload that could not help. Once: a second stale failure
 * right after such a reload shows its error instead of reloading again.
 */
export const STALE_CHUNK_RELOAD_KEY = 'runway-stale-chunk-reload';
/** A second failure sooner than this after the last reload is not retried. */
export const STALE_CHUNK_RETRY_MS = 10_000;

export interface StaleChunkDeps {
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  isOnline: () => boolean;
  /** The entry script this page was loaded with ('/assets/index-abc.js'). */
  runningEntry: () => string | null;
  /** The entry script of the build the server serves now; null when it cannot be read. */
  servedEntry: () => Promise<string | null>;
  now?: () => number;
  log?: Pick<Console, 'warn'>;
}

/**
 * The entry script of a built page: its module script, or on a prerendered page the one its boot
 * script starts (`<meta name="runway-entry">`, src/shared/page-boot.ts). A path: '/assets/index-abc.js'.
 */
export function entryOf(html: string): string | null {
  const src = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/.exec(html)?.[1] ?? /<meta name="runway-entry" content="([^"]+)"/.exec(html)?.[1];
  return src === undefined ? null : entryPath(src);
}

/** The path of a script's address, absolute or not: the boot script's copy is absolute. */
const entryPath = (src: string) => new URL(src, 'http://page.invalid/').pathname;

export function reloadOnStaleChunk(deps: StaleChunkDeps): () => void {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? console;
  let checking = false;
  const onPreloadError = () => {
    if (checking || !deps.isOnline()) return;
    if (now() - Number(deps.storage.getItem(STALE_CHUNK_RELOAD_KEY) ?? 0) < STALE_CHUNK_RETRY_MS) return;
    const running = deps.runningEntry();
    if (!running) return;
    checking = true;
    deps
      .servedEntry()
      .then((served) => {
        if (served === null || served === running) return;
        deps.storage.setItem(STALE_CHUNK_RELOAD_KEY, String(now()));
        deps.reload();
      })
      .catch((error: unknown) => log.warn('Checking for a newer version failed', error))
      .finally(() => {
        checking = false;
      });
  };
  deps.window.addEventListener('vite:preloadError', onPreloadError);
  return () => deps.window.removeEventListener('vite:preloadError', onPreloadError);
}

/** The browser's own wiring: the page's entry script, and the server's index.html, uncached. */
export function reloadOnStaleChunkInBrowser(): () => void {
  return reloadOnStaleChunk({
    window,
    storage: window.sessionStorage,
    reload: () => window.location.reload(),
    isOnline: () => navigator.onLine,
    runningEntry: () => {
      const src = document.querySelector('script[type="module"][src]')?.getAttribute('src');
      return src ? entryPath(src) : null;
    },
    // A query the precache does not know, so the request reaches the server, not the worker's copy.
    servedEntry: async () => {
      const response = await fetch(`/?version-check=${Date.now()}`, { cache: 'no-store', headers: { accept: 'text/html' } });
      return response.ok ? entryOf(await response.text()) : null;
    },
  });
}
