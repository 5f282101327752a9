import * as React from 'react';
import { describe, expect, it } from 'vitest';
import { renderGently, type InteropableObservable } from './render-gently.ts';
import { shareEqual } from './share-equal.ts';

/**
 * React marks a state update as a transition when it is made while `startTransition`'s callback
 * runs; its internals hold the current transition then (null otherwise). Reading it tells whether a
 * delivery would render in a transition, with React itself and no stand-in.
 */
const internals = (React as unknown as { __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE: { T: unknown } }).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
const inTransition = () => internals.T !== null;

const end = (subscription: ReturnType<InteropableObservable<unknown>['subscribe']>): void => {
  if (typeof subscription === 'function') subscription();
  else subscription.unsubscribe();
};

/** A hand-driven observable: `emit` sends a value to every subscriber; `current` is given at subscribe. */
function source<T>(current?: { value: T }) {
  const subscribers = new Set<(value: T) => void>();
  const observable: InteropableObservable<T> = {
    subscribe(next) {
      subscribers.add(next);
      if (current) next(current.value);
      return () => subscribers.delete(next);
    },
  };
  return { observable, emit: (value: T) => subscribers.forEach((next) => next(value)), count: () => subscribers.size };
}

describe('renderGently', () => {
  it('gives the value a subscription answers at once as it is, outside a transition', () => {
    const { observable } = source({ value: { rows: [1, 2] } });
    const seen: { value: unknown; transition: boolean }[] = [];
    const gentle = renderGently(observable, shareEqual);
    const stop = gentle.subscribe((value) => seen.push({ value, transition: inTransition() }));
    expect(seen).toEqual([{ value: { rows: [1, 2] }, transition: false }]);
    end(stop);
  });

  it('delivers a later value inside a transition', () => {
    const { observable, emit } = source<{ rows: number[] }>();
    const seen: { value: unknown; transition: boolean }[] = [];
    renderGently(observable, shareEqual).subscribe((value) => seen.push({ value, transition: inTransition() }));
    emit({ rows: [3] });
    expect(seen).toEqual([{ value: { rows: [3] }, transition: true }]);
    expect(inTransition()).toBe(false);
  });

  it('keeps the identity of an answer equal to the last, and of its unchanged parts', () => {
    const { observable, emit } = source<{ rows: number[]; status: string }>();
    const seen: { rows: number[]; status: string }[] = [];
    renderGently(observable, shareEqual).subscribe((value) => seen.push(value));
    emit({ rows: [1, 2], status: 'loading' });
    emit({ rows: [1, 2], status: 'loading' });
    emit({ rows: [1, 2], status: 'done' });
    expect(seen).toHaveLength(3);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).not.toBe(seen[1]);
    expect(seen[2]!.rows).toBe(seen[0]!.rows);
  });

  it('shares between the synchronous probe and the subscription that follows, as the hook makes them', () => {
    // dexie-react-hooks reads a value at once (getValue), then subscribes in an effect: the
    // subscription's first answer, equal to the probe's, must be the very same object.
    let value = { rows: [7] };
    const { observable, emit } = source<{ rows: number[] }>();
    const gentle = renderGently({ ...observable, hasValue: () => true, getValue: () => value }, shareEqual);
    const probed = gentle.getValue!();
    const seen: unknown[] = [];
    gentle.subscribe((next) => seen.push(next));
    value = { rows: [7] };
    emit(value);
    expect(seen[0]).toBe(probed);
    expect(gentle.hasValue!()).toBe(true);
  });

  it('passes the source\'s error through and ends the source\'s subscription with its own', () => {
    const subscribers = new Set<unknown>();
    const failing: InteropableObservable<number> = {
      subscribe(_next, error) {
        subscribers.add(error);
        error?.(new Error('The mirror is closed'));
        return { unsubscribe: () => subscribers.clear() };
      },
    };
    const errors: unknown[] = [];
    const subscription = renderGently(failing, shareEqual).subscribe(() => {}, (error) => errors.push(error));
    expect((errors[0] as Error).message).toBe('The mirror is closed');
    expect(subscribers.size).toBe(1);
    end(subscription);
    expect(subscribers.size).toBe(0);
  });
});
