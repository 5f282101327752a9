/**
 * Test setup for the unit project. Components run under jsdom (per file, `@vitest-environment
 * jsdom`); Mantine needs matchMedia and ResizeObserver, which jsdom lacks.
 */
import { afterEach } from 'vitest';

if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  afterEach(() => cleanup());
  // findBy* and waitFor give up after 1 s by default: a screen's live queries on a loaded CI
  // machine can take longer. A passing wait returns as soon as it holds, so this costs nothing.
  configure({ asyncUtilTimeout: 10_000 });
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.assign(window, { ResizeObserver: ResizeObserverStub });
    Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
  }
  // Mantine scrolls into view and measures; jsdom has neither.
  window.HTMLElement.prototype.scrollIntoView ??= () => {};
}
