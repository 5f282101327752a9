import { describe, expect, it } from 'vitest';
import { withRoot } from './prerender-plugin.ts';

const TEMPLATE = [
  '<!doctype html><html lang="en" data-mantine-color-scheme="light"><head>',
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '</head><body><div id="root"></div></body></html>',
].join('');

describe('withRoot', () => {
  it('puts the markup in the root, marked prerendered, and holds the first frame until it is all parsed', () => {
    const page = withRoot(TEMPLATE, '<main>$& Hello</main>');
    // The markup is put in as it is (a `$&` in it is text, not a replacement pattern).
    expect(page).toContain('<div id="root" data-prerendered=""><main>$& Hello</main></div><span id="page-end" hidden></span>');
    expect(page).toContain('<link rel="expect" href="#page-end" blocking="render">');
    expect(page.indexOf('blocking="render"')).toBeLessThan(page.indexOf('</head>'));
  });

  it('names the entry script for the boot script to start after the first paint, without loading it', () => {
    const page = withRoot(TEMPLATE, '<p>x</p>');
    expect(page).not.toContain('<script type="module"');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<meta name="runway-entry" content="/assets/index-abc.js">');
  });

  it('refuses a template without its root element or its entry script', () => {
    expect(() => withRoot(TEMPLATE.replace('<div id="root"></div>', ''), 'x')).toThrow(/root/);
    expect(() => withRoot(TEMPLATE.replace(/<script[^]*<\/script>/, ''), 'x')).toThrow(/entry script/);
  });
});
