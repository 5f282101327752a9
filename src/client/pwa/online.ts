/**
 * Waiting for the network, shared by main.tsx and register-sw.ts (which main.tsx loads lazily, so
 * this small module is what both import).
 */

/** Resolves at once when `isOnline()` says so, otherwise at the next 'online' event of `target`. */
export function whenOnline(target: Pick<EventTarget, 'addEventListener'> = window, isOnline: () => boolean = () => navigator.onLine): Promise<void> {
  return isOnline() ? Promise.resolve() : new Promise<void>((resolve) => target.addEventListener('online', () => resolve(), { once: true }));
}
