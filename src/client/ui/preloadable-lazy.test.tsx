// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPreloaded, preloadable } from './preloadable-lazy.ts';

afterEach(cleanup);

/** A module whose component the test renders, and how often a Suspense fallback was drawn. */
function fixture() {
  const drawn = { fallback: 0 };
  function Fallback() {
    drawn.fallback++;
    return <p>Waiting</p>;
  }
  let loads = 0;
  let fail = false;
  const code = preloadable(async () => {
    loads++;
    if (fail) throw new Error('offline');
    return { Tab: ({ name }: { name: string }) => <p>{`Tab ${name}`}</p> };
  });
  const Tab = lazyPreloaded(code, (module) => module.Tab);
  const page = () => (
    <Suspense fallback={<Fallback />}>
      <Tab name="one" />
    </Suspense>
  );
  return { code, page, drawn, loads: () => loads, failNext: (value: boolean) => (fail = value) };
}

describe('lazyPreloaded', () => {
  it('renders code that has loaded in the first render, without a fallback', async () => {
    const { code, page, drawn } = fixture();
    await code.load();
    render(page());
    // Synchronously, in the render's own commit: nothing to wait for.
    expect(screen.getByText('Tab one')).toBeDefined();
    expect(drawn.fallback).toBe(0);
  });

  it('suspends while the code is still loading, then renders it', async () => {
    const { page, drawn, loads } = fixture();
    render(page());
    expect(screen.getByText('Waiting')).toBeDefined();
    expect(await screen.findByText('Tab one', undefined, { timeout: 10_000 })).toBeDefined();
    expect(drawn.fallback).toBeGreaterThan(0);
    expect(loads()).toBe(1);
  });

  it('loads the code once however often it is asked for', async () => {
    const { code, loads } = fixture();
    const [a, b] = await Promise.all([code.load(), code.load()]);
    expect(a).toBe(b);
    expect(code.loaded()).toBe(a);
    expect(loads()).toBe(1);
  });

  it('loads again after a failure', async () => {
    const { code, loads, failNext } = fixture();
    failNext(true);
    await expect(code.load()).rejects.toThrow('offline');
    expect(code.loaded()).toBeUndefined();
    failNext(false);
    await act(async () => {
      await code.load();
    });
    expect(code.loaded()).toBeDefined();
    expect(loads()).toBe(2);
  });
});
