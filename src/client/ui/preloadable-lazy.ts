/**
 * React.lazy for code a page starts loading before it renders what uses it, so that what it has
 * loaded renders at once rather than after a suspension.
 */
import { lazy, type ComponentType } from 'react';

/** A module loaded once: `load` starts it (again after a failure); `loaded` is it once it is there. */
export interface Preloadable<M> {
  load(): Promise<M>;
  loaded(): M | undefined;
}

/** Code a page may start loading before it renders the component that uses it (lazyPreloaded). */
export function preloadable<M>(load: () => Promise<M>): Preloadable<M> {
  let module: M | undefined;
  let pending: Promise<M> | null = null;
  return {
    load: (): Promise<M> =>
      (pending ??= load().then(
        (loaded) => (module = loaded),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      )),
    loaded: (): M | undefined => module,
  };
}

/**
 * A lazy component (React.lazy) over preloadable code. When the code has loaded already (the
 * Analytics route starts the stored tab's with the page's), the component's first render has it at
 * once: React takes a thenable that answers synchronously as resolved, where a promise, even a
 * settled one, answers a tick later and the component suspends. Suspended, the Analytics Overview
 * rendered in a retry of its own after the page's first commit, one task of about half a second at
 * 4× CPU throttling; rendered with the page, it is part of the page's first render, which React
 * does in slices (its projection aside, about 0.2 s).
 */
export function lazyPreloaded<M, P extends object>(code: Preloadable<M>, component: (module: M) => ComponentType<P>) {
  return lazy((): Promise<{ default: ComponentType<P> }> => {
    const module = code.loaded();
    if (module === undefined) return code.load().then((loaded) => ({ default: component(loaded) }));
    // React's lazy only calls `then` (react/cjs/react.production.js, lazyInitializer).
    const answered = { then: (resolve: (value: { default: ComponentType<P> }) => void) => resolve({ default: component(module) }) };
    return answered as unknown as Promise<{ default: ComponentType<P> }>;
  });
}

