/**
 * What the screens' live queries add to dexie-react-hooks' `useObservable`, as an observable that
 * wraps the one the hook watches (the hook itself is the package's, loaded with the data layer):
 *
 * - **An equal answer keeps its identity.** Each answer goes through `share(previous, next)`
 *   (share-equal.ts); the hook re-renders only when the value it gets is a new object, so an answer
 *   equal to the last one (a write elsewhere in the mirror wakes every query) renders nothing.
 * - **A new answer renders in a transition.** The hook's re-render is a state update made inside
 *   our `next`; wrapped in `startTransition`, React renders what it changes in slices, yielding to
 *   input and paint. A blocking render of a screen like the Analytics Overview took ~120 ms on a
 *   slow phone. The value the hook reads synchronously while rendering (its first probe) is given
 *   as it is: there is nothing to schedule then.
 */
import { startTransition } from 'react';
import type { InteropableObservable } from 'dexie-react-hooks';

export type { InteropableObservable };

/**
 * `source` seen through `share` and delivered in transitions. One wrapper is made per hook
 * subscription (the hook memoises it with its deps), so "previous" is that hook's last answer.
 */
export function renderGently<T>(source: InteropableObservable<T>, share: (previous: T | undefined, next: T) => T): InteropableObservable<T> {
  let hasLast = false;
  let last: T | undefined;
  const shared = (value: T): T => {
    const kept = share(hasLast ? last : undefined, value);
    hasLast = true;
    last = kept;
    return kept;
  };
  return {
    subscribe(onNext, onError) {
      let synchronous = true;
      const subscription = source.subscribe((value) => {
        const kept = shared(value);
        if (synchronous) onNext(kept);
        else startTransition(() => onNext(kept));
      }, onError);
      synchronous = false;
      return subscription;
    },
    ...(source.hasValue ? { hasValue: () => source.hasValue!() } : {}),
    ...(source.getValue ? { getValue: () => shared(source.getValue!()) } : {}),
  };
}
