import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Beasties from 'beasties';
import { describe, expect, it } from 'vitest';
import { BEASTIES_OPTIONS, criticalPage, withRoot } from './prerender-plugin.ts';

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

describe('criticalPage', () => {
  const CSS = [
    ':root{color-scheme:var(--scheme);--scheme:light;--pad:4px;--palette-red:red}',
    ':root[data-mantine-color-scheme=light]{--body:white;--unused:red;--shade:#eee}',
    ':root[data-mantine-color-scheme=dark]{--body:var(--dark-7);--dark-7:#242424;--unused:blue;--shade:#111}',
    '.card{padding:var(--pad);background:var(--body)}',
    '.unused{margin:9px}',
    '[data-mantine-color-scheme=light] .card{color:black}',
    '[data-mantine-color-scheme=dark] .card{color:white}',
    '[data-mantine-color-scheme=dark] .unused{color:red}',
  ].join('');
  const PAGE = [
    '<!doctype html><html lang="en" data-mantine-color-scheme="light"><head>',
    '<link rel="stylesheet" href="/assets/style.css">',
    '</head><body><div id="root"><div class="card" style="border-color:var(--shade)">Hi</div></div></body></html>',
  ].join('');

  it('inlines the rules the markup uses in both colour schemes, with the scheme variables they read', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'runway-critical-'));
    try {
      mkdirSync(path.join(dir, 'assets'));
      writeFileSync(path.join(dir, 'assets/style.css'), CSS);
      const page = await criticalPage(new Beasties({ ...BEASTIES_OPTIONS(dir), logLevel: 'silent' }), PAGE);
      const inline = /<style>([^<]*)<\/style>/.exec(page)?.[1] ?? '';
      expect(inline).toContain('.card{padding:var(--pad);background:var(--body)}');
      // The root's own variables as the scheme's: those read (by a rule, or by the root's own
      // properties) stay, the rest wait for the stylesheet.
      expect(inline).toContain(':root{color-scheme:var(--scheme);--scheme:light;--pad:4px}');
      expect(inline).not.toContain('--palette-red');
      expect(inline).toContain('[data-mantine-color-scheme=light] .card{color:black}');
      expect(inline).toContain('[data-mantine-color-scheme=dark] .card{color:white}');
      expect(inline).not.toContain('.unused');
      // Each scheme's variables that a rule or the markup reads (and those they read), and no others.
      expect(inline).toContain(':root[data-mantine-color-scheme=light]{--body:white;--shade:#eee}');
      expect(inline).toContain(':root[data-mantine-color-scheme=dark]{--body:var(--dark-7);--dark-7:#242424;--shade:#111}');
      expect(inline).not.toContain('--unused');
      // The stylesheet waits for the boot script, named where it goes and not linked (no inline
      // handler: the CSP allows none; no link: the browser would fetch and parse it before the
      // first paint); a browser without script gets it as it is.
      expect(page).toContain('<meta name="runway-stylesheet" content="/assets/style.css">');
      expect(page).not.toMatch(/<link rel="stylesheet"[^>]*media="print"/);
      expect(page).not.toContain('onload');
      expect(page).toContain('<noscript><link rel="stylesheet" href="/assets/style.css"></noscript>');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
