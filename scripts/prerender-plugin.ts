/**
 * The build's two page steps (vite.config.ts; docs/architecture.md#prerendered-pages):
 *
 * - `bootScript()`: every page's `<head>` starts with the boot script and its style
 *   (src/shared/page-boot.ts): the colour scheme and the signed-in marker, before the body is drawn.
 * - `prerender()`: once the client build is written, renders the visitor's pages
 *   (src/shared/app-paths.ts `PRERENDERED_PAGES`) with the app's own components and writes each as
 *   HTML with its critical CSS inline, so a first visit paints before any script has run. The
 *   built index.html, empty, becomes `app.html`: the page every other path gets.
 *
 * The render runs a second, server-side Vite build of src/client/prerender.tsx (same plugins, same
 * CSS-module names) into node_modules/.runway-prerender, where Node resolves the packages the
 * render imports, and imports it. Critical CSS is Beasties': the rules the page's markup uses are
 * inlined, and the stylesheet, named by a `<meta name="runway-stylesheet">` where its link was,
 * waits for the boot script to link it after the first paint (not Beasties' `media="print"` link
 * with an inline `onload`: the CSP allows no inline script but the boot script, and the browser
 * fetched and parsed the print stylesheet before the first paint all the same). The boot script chooses the colour scheme after the build, so the page keeps the rules
 * its markup uses in either scheme (`criticalPage`).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Beasties from 'beasties';
import postcss, { type Rule } from 'postcss';
import { build, type Plugin, type PluginOption } from 'vite';
import { APP_SHELL_FILE, PRERENDERED_PAGES } from '../src/shared/app-paths.ts';
import { BOOT_SCRIPT, BOOT_STYLE, ENTRY_META, PRERENDERED_ATTRIBUTE, STYLESHEET_META } from '../src/shared/page-boot.ts';

export function bootScript(): Plugin {
  return {
    name: 'runway-boot-script',
    transformIndexHtml: {
      order: 'pre',
      handler: () => [
        { tag: 'script', children: BOOT_SCRIPT, injectTo: 'head' },
        { tag: 'style', children: BOOT_STYLE, injectTo: 'head' },
      ],
    },
  };
}

/** The selector of Mantine's per-scheme variables. */
const SCHEME_VARIABLES = /^:root\[data-mantine-color-scheme=(light|dark)\]$/;
/** The selectors of rules that declare the page's variables: Mantine's `:root` and its per-scheme ones. */
const ROOT_VARIABLES = /^:root(\[data-mantine-color-scheme=(light|dark)\])?$/;

/**
 * Beasties' settings for the build's output directory. `allowRules`: Mantine's colour scheme
 * variables (`:root[data-mantine-color-scheme=dark]{--mantine-color-body: …}` and the light one)
 * are kept whatever the markup (`usedRootVariables` then drops the ones the page does not use):
 * Beasties matches no `:root[…]` selector, and without them the first frame had no scheme at all
 * (a dark choice was first painted on a white page, until the stylesheet came).
 */
export const BEASTIES_OPTIONS = (outDir: string) => ({
  path: outDir,
  publicPath: '/',
  preload: 'media' as const,
  reduceInlineStyles: false,
  pruneSource: false,
  logLevel: 'warn' as const,
  allowRules: [SCHEME_VARIABLES],
});

/** Every custom property `text` reads with `var(--…)`. */
const variablesRead = (text: string) => new Set([...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1] as string));

/**
 * `css` with only the variables of its `:root` rules (`ROOT_VARIABLES`: Mantine's palette, sizes
 * and scheme colours) that its other rules or `page` (the markup's style attributes, Mantine's
 * theme styles in the body) read, directly or through another kept variable; the full stylesheet
 * brings the rest after the first paint. The scheme variables weighed 14 kB a page, and the first
 * style pass of a phone at 4× CPU throttling took about 200 ms longer in Lighthouse's simulation
 * with them; the palette's unread colours and sizes (127 declarations) another 6 kB on `/`.
 */
export function usedRootVariables(css: string, page: string): string {
  const root = postcss.parse(css);
  const schemeRules: Rule[] = [];
  root.walkRules((rule) => {
    if (ROOT_VARIABLES.test(rule.selector)) schemeRules.push(rule);
  });
  const others = root.clone();
  others.walkRules((rule) => {
    if (!ROOT_VARIABLES.test(rule.selector)) return;
    rule.walkDecls((declaration) => {
      if (declaration.prop.startsWith('--')) declaration.remove();
    });
  });
  const read = variablesRead(`${others.toString()}${page}`);
  for (let grew = true; grew; ) {
    grew = false;
    for (const rule of schemeRules)
      rule.walkDecls((declaration) => {
        if (!read.has(declaration.prop)) return;
        for (const name of variablesRead(declaration.value)) {
          if (read.has(name)) continue;
          read.add(name);
          grew = true;
        }
      });
  }
  for (const rule of schemeRules) {
    rule.walkDecls((declaration) => {
      if (declaration.prop.startsWith('--') && !read.has(declaration.prop)) declaration.remove();
    });
    if (!rule.nodes?.length) rule.remove();
  }
  return root.toString();
}

const ROOT_ELEMENT = '<div id="root"></div>';
const LIGHT = 'data-mantine-color-scheme="light"';

/** The CSS Beasties inlined into `html`'s head (the one `<style>` there that is not the boot style). */
function inlinedCss(html: string): string {
  const head = html.slice(0, html.indexOf('</head>'));
  const styles = [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '').filter((css) => css !== BOOT_STYLE);
  if (styles.length !== 1) throw new Error(`Expected one inlined stylesheet in the page's head, found ${styles.length}`);
  return styles[0] as string;
}

/**
 * `page` with its critical CSS inline for both colour schemes: Beasties keeps the rules that match
 * the markup, and Mantine's scheme rules match `<html data-mantine-color-scheme>`, so the page is
 * processed as light (the template's) and as dark, and the dark pass's rules the light one lacks
 * are added. Keeping every scheme rule instead weighed 80 kB per page, 55 kB of it for components
 * the page does not have.
 */
export async function criticalPage(beasties: Beasties, page: string): Promise<string> {
  if (!page.includes(LIGHT)) throw new Error(`The page template's <html> must say ${LIGHT}`);
  const light = await beasties.process(page);
  const dark = await beasties.process(page.replace(LIGHT, 'data-mantine-color-scheme="dark"'));
  const lightCss = inlinedCss(light);
  const kept = new Set((postcss.parse(lightCss).nodes ?? []).map((node) => node.toString()));
  const darkOnly = (postcss.parse(inlinedCss(dark)).nodes ?? []).map((node) => node.toString()).filter((rule) => !kept.has(rule));
  const css = usedRootVariables(`${lightCss}${darkOnly.join('')}`, light.replace(lightCss, ''));
  const both = light.replace(`<style>${lightCss}</style>`, () => `<style>${css}</style>`);
  // Beasties applies the waiting stylesheet with an inline onload, which the CSP forbids: the boot
  // script applies it instead (src/shared/page-boot.ts).
  const waiting = /<link rel="stylesheet"(?: crossorigin)? href="([^"]+)" media="print" onload="this\.media='all'">/g;
  if ([...both.matchAll(waiting)].length !== 1) throw new Error('Expected one stylesheet waiting for its onload');
  return both.replace(waiting, (_, href: string) => `<meta name="${STYLESHEET_META}" content="${href}">`);
}

/**
 * The element after the prerendered markup: the page's first frame waits until the parser has
 * reached it (`<link rel="expect" blocking="render">`), so a phone never paints half a page and
 * then moves it as the rest arrives (a layout shift seen at 4× CPU throttling).
 */
const PAGE_END = 'page-end';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * `html` with `markup` in its root element, marked as prerendered, drawn once whole (`PAGE_END`),
 * and its entry script named for the boot script to start after the first paint
 * (src/shared/page-boot.ts).
 */
export function withRoot(html: string, markup: string): string {
  if (!html.includes(ROOT_ELEMENT)) throw new Error(`The page template has no ${ROOT_ELEMENT}`);
  if (!ENTRY_SCRIPT.test(html)) throw new Error('The page template has no entry script');
  return html
    .replace(ROOT_ELEMENT, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="">${markup}</div><span id="${PAGE_END}" hidden></span>`)
    .replace('</head>', () => `<link rel="expect" href="#${PAGE_END}" blocking="render">\n  </head>`)
    .replace(ENTRY_SCRIPT, (_, src: string) => `<meta name="${ENTRY_META}" content="${src}">`);
}

export interface PrerenderOptions {
  /** The plugins the server-side build needs to compile the app's modules as the client build does. */
  plugins: () => PluginOption[];
  define: Record<string, string>;
}

export function prerender(options: PrerenderOptions): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'runway-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      // Before the service worker's build (vite-plugin-pwa), which precaches the pages written here.
      order: 'pre',
      sequential: true,
      async handler() {
        const serverOut = path.join(root, 'node_modules', '.runway-prerender');
        rmSync(serverOut, { recursive: true, force: true });
        await build({
          configFile: false,
          root,
          mode: 'production',
          logLevel: 'warn',
          plugins: options.plugins(),
          define: options.define,
          build: { ssr: 'src/client/prerender.tsx', outDir: serverOut, emptyOutDir: true, sourcemap: false, minify: false },
        });
        const { renderPage } = (await import(pathToFileURL(path.join(serverOut, 'prerender.js')).href)) as { renderPage: (pathname: string) => Promise<string> };
        const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        writeFileSync(path.join(outDir, APP_SHELL_FILE), template);
        const beasties = new Beasties(BEASTIES_OPTIONS(outDir));
        for (const [pathname, file] of Object.entries(PRERENDERED_PAGES)) {
          const page = withRoot(template, await renderPage(pathname));
          writeFileSync(path.join(outDir, file), await criticalPage(beasties, page));
        }
        rmSync(serverOut, { recursive: true, force: true });
      },
    },
  };
}
