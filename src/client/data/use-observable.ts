/**
 * dexie-react-hooks' `useObservable` (Apache-2.0, dexie-react-hooks 4.4), kept here so the hooks'
 * module does not import Dexie: that package imports it at its top, and hooks.ts is in the first
 * page's script, where a visitor on '/' reads no mirror. The live queries it watches come from the
 * data layer (`DataLayer.liveQuery`), which loads with Dexie.
 *
 * Same behaviour as the original: a value the observable already holds (a live query answered
 * before) is returned on the first render; each new value re-renders; an error is thrown to the
 * nearest error boundary; the subscription is renewed when `deps` change. One addition: `share`.
 */
import { startTransition, useDebugValue, useEffect, useMemo, useReducer, useRef } from 'react';

/** What `useObservable` needs of an observable (Dexie's live query is one). */
export interface ObservableLike<T> {
  subscribe(next: (value: T) => void, error?: (error: unknown) => void): { unsubscribe(): void } | (() => void);
  hasValue?: () => boolean;
  getValue?: () => T;
}

/**
 * `share(previous, next)`, when given, answers what to keep of a new value (share-equal.ts): an
 * answer it returns unchanged (the previous one) causes no render. The original has no such hook.
 */
export function useObservable<T>(factory: () => ObservableLike<T>, deps: unknown[], share?: (previous: T | undefined, next: T) => T): T | undefined {
  const monitor = useRef<{ hasResult: boolean; result: T | undefined; error: unknown }>({ hasResult: false, result: undefined, error: null });
  const [, triggerUpdate] = useReducer((x: number) => x + 1, 0);
  // Renewed when the caller's deps change, as in the original.
  const observable = useMemo(() => {
    const created = factory();
    // A value already there is shown at once, without a render of the default first.
    if (!monitor.current.hasResult && typeof window !== 'undefined' && (typeof created.hasValue !== 'function' || created.hasValue())) {
      if (typeof created.getValue === 'function') {
        monitor.current.result = created.getValue();
        monitor.current.hasResult = true;
      } else {
        const subscription = created.subscribe((value) => {
          monitor.current.result = value;
          monitor.current.hasResult = true;
        });
        if (typeof subscription === 'function') subscription();
        else subscription.unsubscribe();
      }
    }
    return created;
  }, deps);
  useDebugValue(monitor.current.result);
  useEffect(() => {
    const subscription = observable.subscribe(
      (next) => {
        const { current } = monitor;
        const value = share ? share(current.result, next) : next;
        if (current.error !== null || current.result !== value) {
          current.error = null;
          current.result = value;
          current.hasResult = true;
          // A transition: React renders what the new value changes in slices, yielding to input and
          // paint, instead of one long task (a screen like Analytics re-renders a lot at once).
          startTransition(triggerUpdate);
        }
      },
      (error) => {
        const { current } = monitor;
        if (current.error !== error) {
          current.error = error;
          triggerUpdate();
        }
      },
    );
    return typeof subscription === 'function' ? subscription : () => subscription.unsubscribe();
  }, [observable]);
  if (monitor.current.error) throw monitor.current.error;
  return monitor.current.result;
}
