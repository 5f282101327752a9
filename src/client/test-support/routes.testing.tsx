/**
 * Component tests of screens that link and navigate: the screen under test at its path in a
 * memory router, and a stub at each path it may go to, so a test reads where the app went from
 * `router.state.location`. Mark the test file `// @vitest-environment jsdom` and import
 * 'fake-indexeddb/auto' before using it.
 */
import { act, render, waitFor, type RenderResult } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import type { FunctionComponent } from 'react';
import { expect, vi } from 'vitest';
import type { DataLayer } from '../data/layer-api.ts';
import { makeLayer, Providers, type SetupOptions } from './render.testing.tsx';

const STUB_PATHS = ['/', '/dashboard', '/login', '/signup', '/forgot-password', '/change-password', '/profile', '/terms-of-service', '/privacy-policy'];

function stub(path: string) {
  return function Stub() {
    return <p data-testid="stub">{`stub ${path}`}</p>;
  };
}

export function routerAt(initial: string, screens: Record<string, FunctionComponent>) {
  const rootRoute = createRootRoute({ component: Outlet });
  const paths = [...new Set([...STUB_PATHS, ...Object.keys(screens)])];
  const routes = paths.map((path) => createRoute({ getParentRoute: () => rootRoute, path, component: screens[path] ?? stub(path) }));
  return createRouter({ routeTree: rootRoute.addChildren(routes), history: createMemoryHistory({ initialEntries: [initial] }) });
}

export interface RoutedOptions extends SetupOptions {
  /** A layer made beforehand (to set up its state before the screen mounts). */
  made?: ReturnType<typeof makeLayer>;
}

export interface Routed extends RenderResult {
  layer: DataLayer;
  server: ReturnType<typeof makeLayer>['server'];
  storage: Map<string, string>;
  router: ReturnType<typeof routerAt>;
  /** Where the app is now. */
  path(): string;
}

/** Renders `screens` in a memory router starting at `initial`, over a real data layer. */
export function renderRoutes(initial: string, screens: Record<string, FunctionComponent>, options: RoutedOptions = {}): Routed {
  const { made, ...setup } = options;
  const { layer, server, storage } = made ?? makeLayer(setup);
  const router = routerAt(initial, screens);
  const result = render(
    <Providers layer={layer} {...(setup.now ? { now: setup.now } : {})}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, layer, server, storage, router, path: () => router.state.location.pathname };
}

/**
 * Fake setTimeout for the redirect delays. The fake clock also follows real time, since the
 * mirror and Mantine schedule work of their own that must keep running; call `vi.useRealTimers()`
 * after the test.
 */
export function fakeRedirectClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
}

/**
 * The page is still at `from` well into the delay, and at `to` once it has passed. The first check
 * leaves a second of slack for a slow machine; the clock is moved, never waited for.
 */
export async function expectRedirect(routed: Pick<Routed, 'path'>, from: string, to: string, delayMs: number) {
  expect(routed.path()).toBe(from);
  await act(() => vi.advanceTimersByTimeAsync(delayMs - 1000));
  expect(routed.path()).toBe(from);
  await act(() => vi.advanceTimersByTimeAsync(1100));
  await waitFor(() => expect(routed.path()).toBe(to));
}
