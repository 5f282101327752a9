/**
 * The full stylesheet of a prerendered page, which the boot script links only after the first frame
 * (src/shared/page-boot.ts): the page's own markup is drawn by its inline critical CSS, but a page
 * the app draws in its place (someone signed in) needs the rest.
 */
import { STYLESHEET_META } from '../shared/page-boot.ts';

/**
 * Settles once the stylesheet named by the page's `<meta name="runway-stylesheet">` has loaded or
 * failed; at once when it already has, or when the page names none (`app.html` links its
 * stylesheet in the head, where it holds the first paint by itself).
 */
export function prerenderedStylesheet(doc: Document = document): Promise<void> {
  const href = doc.querySelector<HTMLMetaElement>(`meta[name="${STYLESHEET_META}"]`)?.content;
  const link = href === undefined ? undefined : [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find((element) => element.getAttribute('href') === href);
  if (!link || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}
