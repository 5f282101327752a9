// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { prerenderedStylesheet } from './page-stylesheet.ts';

/** Whether `promise` has settled once the queued microtasks have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

function page(withMeta: boolean, withLink: boolean): HTMLLinkElement | null {
  document.head.innerHTML = withMeta ? '<meta name="runway-stylesheet" content="/assets/style-abc.css">' : '';
  if (!withLink) return null;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.setAttribute('href', '/assets/style-abc.css');
  document.head.querySelector('meta')?.before(link);
  return link;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('prerenderedStylesheet', () => {
  it.each(['load', 'error'])('waits for the linked stylesheet until its %s event', async (event) => {
    const link = page(true, true)!;
    const ready = prerenderedStylesheet();
    expect(await settled(ready)).toBe(false);
    link.dispatchEvent(new Event(event));
    expect(await settled(ready)).toBe(true);
  });

  it('does not wait for a stylesheet already loaded', async () => {
    const link = page(true, true)!;
    Object.defineProperty(link, 'sheet', { value: {} });
    expect(await settled(prerenderedStylesheet())).toBe(true);
  });

  it('does not wait on a page that names no stylesheet, or before one is linked', async () => {
    page(false, false);
    expect(await settled(prerenderedStylesheet())).toBe(true);
    page(true, false);
    expect(await settled(prerenderedStylesheet())).toBe(true);
  });
});
