// @vitest-environment jsdom
import { MantineProvider, Tabs } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TabStrip } from './TabStrip.tsx';

const NAMES = ['One', 'Two', 'Three', 'Four'];

/** The observers made while a test runs; `laidOut()` calls them as a browser does after layout. */
let observers: (() => void)[] = [];
const original = globalThis.ResizeObserver;
beforeEach(() => {
  observers = [];
  globalThis.ResizeObserver = class {
    constructor(callback: () => void) {
      observers.push(callback);
    }
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(() => {
  globalThis.ResizeObserver = original;
});
const laidOut = () => act(() => observers.forEach((callback) => callback()));

function Strip({ initial = 'One' }: { initial?: string }) {
  const [tab, setTab] = useState(initial);
  return (
    <MantineProvider>
      <Tabs value={tab} onChange={(next) => setTab(next ?? 'One')}>
        <TabStrip label="Sections" selected={tab}>
          {NAMES.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {name}
            </Tabs.Tab>
          ))}
        </TabStrip>
      </Tabs>
    </MantineProvider>
  );
}

/** jsdom lays nothing out: give the strip a 100 px window over 400 px of tabs, each 100 px wide. */
function layOut(list: HTMLElement) {
  Object.defineProperty(list, 'clientWidth', { configurable: true, value: 100 });
  Object.defineProperty(list, 'scrollWidth', { configurable: true, value: 400 });
  Object.defineProperty(list, 'offsetLeft', { configurable: true, value: 0 });
  list.querySelectorAll<HTMLElement>('[role="tab"]').forEach((tab, index) => {
    Object.defineProperty(tab, 'offsetLeft', { configurable: true, value: index * 100 });
    Object.defineProperty(tab, 'offsetWidth', { configurable: true, value: 100 });
  });
  list.scrollTo = ((options: ScrollToOptions) => {
    list.scrollLeft = options.left ?? 0;
    list.dispatchEvent(new Event('scroll'));
  }) as typeof list.scrollTo;
}

describe('TabStrip', () => {
  it('keeps the tablist its name and tabs, and shows which edges have more tabs beyond them', () => {
    render(<Strip />);
    const list = screen.getByRole('tablist', { name: 'Sections' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(NAMES);
    layOut(list);
    const frame = list.parentElement!;

    list.scrollLeft = 0;
    fireEvent.scroll(list);
    expect([frame.hasAttribute('data-more-start'), frame.hasAttribute('data-more-end')]).toEqual([false, true]);

    list.scrollLeft = 150;
    fireEvent.scroll(list);
    expect([frame.hasAttribute('data-more-start'), frame.hasAttribute('data-more-end')]).toEqual([true, true]);

    list.scrollLeft = 300;
    fireEvent.scroll(list);
    expect([frame.hasAttribute('data-more-start'), frame.hasAttribute('data-more-end')]).toEqual([true, false]);
  });

  it('scrolls a chosen tab beyond the right edge into view, with 40 px of its neighbour', () => {
    render(<Strip />);
    const list = screen.getByRole('tablist', { name: 'Sections' });
    layOut(list);
    laidOut();
    fireEvent.click(screen.getByRole('tab', { name: 'Three' }));
    // Tab Three spans 200–300 px: its end plus 40 px must meet the window's right edge (100 px wide).
    expect(list.scrollLeft).toBe(300 + 40 - 100);
    fireEvent.click(screen.getByRole('tab', { name: 'One' }));
    expect(list.scrollLeft).toBe(0);
  });

  it('brings a stored tab into view once the strip is laid out, not while the page mounts', () => {
    render(<Strip initial="Four" />);
    const list = screen.getByRole('tablist', { name: 'Sections' });
    layOut(list);
    laidOut();
    // Tab Four spans 300–400 px: 400 + 40 − 100.
    expect(list.scrollLeft).toBe(340);
    const frame = list.parentElement!;
    expect([frame.hasAttribute('data-more-start'), frame.hasAttribute('data-more-end')]).toEqual([true, false]);
  });

  it('hides its chevrons from assistive technology', () => {
    render(<Strip />);
    const frame = screen.getByRole('tablist', { name: 'Sections' }).parentElement!;
    const chevrons = [...frame.querySelectorAll('[data-edge]')];
    expect(chevrons.map((chevron) => [chevron.getAttribute('data-edge'), chevron.getAttribute('aria-hidden')])).toEqual([
      ['start', 'true'],
      ['end', 'true'],
    ]);
  });
});
