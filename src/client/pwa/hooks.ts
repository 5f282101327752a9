/**
 * The PWA controller for screens: `usePwa()` answers its state (re-rendering on change) and the
 * controller for actions. Without a provider (component tests of other screens) an inert
 * controller answers: nothing waiting, nothing to install, storage unsupported.
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
