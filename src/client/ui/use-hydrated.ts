/**
 * False while React hydrates a page the build prerendered (and in the prerender itself), true
 * from the first render after: the moment the page's event handlers work. A page rendered by the
 * app from scratch reads true at once.
 *
 * A form the build prerendered is drawn before the app's script runs; typed into and submitted
 * then, the browser would send it itself (a GET of the page with the password in its address) and
 * React would start from empty fields. Such a form stays `inert` until this says true: it looks
 * the same, and takes no input until it can handle it (the wait is the app's script, well under a
 * second on a phone).
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
