/**
 * The PWA controller for screens: `usePwa()` answers its state (re-rendering on change) and the
 * controller for actions; `usePwaValue` one value of the state, `usePwaController` the controller
 * alone. Without a provider (component tests of other screens) an inert controller answers:
 * nothing waiting, nothing to install, storage unsupported.
 */
import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { createPwaController, type PwaController, type PwaState } from './controller.ts';

const inert = createPwaController();
const PwaContext = createContext<PwaController>(inert);

export function PwaProvider({ controller, children }: { controller: PwaController; children?: ReactNode }) {
  return createElement(PwaContext.Provider, { value: controller }, children);
}

export function usePwa(): { state: PwaState; controller: PwaController } {
  const controller = useContext(PwaContext);
  // A prerendered page was drawn with nothing to offer (no install, no update): its hydration
  // starts from that, then shows what this browser offers.
  const state = useSyncExternalStore(controller.subscribe, controller.getState, inert.getState);
  return { state, controller };
}

/** The controller alone, for a part that acts but shows none of its state (no re-render on a change). */
export function usePwaController(): PwaController {
  return useContext(PwaContext);
}

/**
 * One value of the state, `pick`ed from it (a boolean, a string: compared with Object.is), for a
 * part of every page: it renders again only when that value changes, not at each change of the
 * state (a page opened signed in asks for persistent storage, two changes while it mounts).
 */
export function usePwaValue<T extends boolean | string | number | null>(pick: (state: PwaState) => T): T {
  const controller = useContext(PwaContext);
  return useSyncExternalStore(
    controller.subscribe,
    () => pick(controller.getState()),
    () => pick(inert.getState()),
  );
}
