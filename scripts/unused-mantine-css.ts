/**
 * Drops the rules of Mantine components the app never renders from the build's stylesheet.
 *
 * `@mantine/core/styles.css` styles all of Mantine's components; the app uses about 40 of them.
 * Each component's rules select its own hashed classes (`.m_77c9d27d`), and a component's script
 * names them as string literals (`{ root: "m_77c9d27d" }`), so a class no script of the build
 * names is on no element, and a selector that needs one matches nothing. Measured on the build:
 * the stylesheet went from 274 to 161 kB (40 to 24 kB gzip), which every first visit parses and
 * the signed-in pages wait for.
 *
 * Mantine's per-component imports (`@mantine/core/styles/Button.css`) would do the same by hand,
 * with each component's dependencies listed by hand too (Select needs Combobox, Input, Popover…);
 * reading the build's own scripts cannot forget one.
 */
import { createHash } from 'node:crypto';
import postcss from 'postcss';
import type { Plugin, Rolldown } from 'vite';

/** A Mantine component class: `m_` and 7 or 8 hex digits, not part of a longer name. */
const MANTINE_CLASS = /m_[0-9a-f]{7,8}(?![0-9A-Za-z_-])/g;

/** The Mantine classes named anywhere in `scripts`. */
export function mantineClassesIn(scripts: readonly string[]): Set<string> {
  const named = new Set<string>();
  for (const code of scripts) for (const match of code.matchAll(MANTINE_CLASS)) named.add(match[0]);
  return named;
}

/**
 * A selector with the arguments of its functional pseudo-classes taken out: `.m_a:not(.m_b)` →
 * `.m_a:not`. A class inside `:not()` does not have to be on the element, and one of an `:is()` or
 * `:where()` list need not be either, so only the classes outside them decide.
 */
function outsidePseudoArguments(selector: string): string {
  let out = '';
  let depth = 0;
  for (const char of selector) {
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (depth === 0) out += char;
  }
  return out;
}

/**
 * `css` without the selectors that need a Mantine class not in `named`: a rule keeps the selectors
 * of its list that can still match and goes when none can; an at-rule the purge left empty goes
 * too (one empty to begin with, such as a `@layer` order, stays). Keyframes and rules without a
 * Mantine class stay as they are.
 */
export function dropUnusedMantineRules(css: string, named: ReadonlySet<string>): { css: string; dropped: number } {
  const root = postcss.parse(css);
  const filled = new Set<postcss.AtRule>();
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length) filled.add(atRule);
  });
  let dropped = 0;
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name)) return;
    const kept = rule.selectors.filter((selector) => [...outsidePseudoArguments(selector).matchAll(MANTINE_CLASS)].every((match) => named.has(match[0])));
    if (kept.length === rule.selectors.length) return;
    if (kept.length === 0) {
      rule.remove();
      dropped += 1;
    } else {
      rule.selectors = kept;
    }
  });
  const dropEmpty = (node: postcss.Container) => {
    node.each((child) => {
      if (child.type !== 'atrule' || !child.nodes) return;
      dropEmpty(child);
      if (child.nodes.length === 0 && filled.has(child)) child.remove();
    });
  };
  dropEmpty(root);
  return { css: root.toString(), dropped };
}

/**
 * The build step: every stylesheet of the bundle, less the rules no script of the bundle can use.
 *
 * The stylesheet's name was hashed from what it held before, so it is renamed with a hash of what
 * it holds now, and the pages and scripts that name it follow. Otherwise two builds whose scripts
 * use different components would write different stylesheets under one name, and a browser or the
 * service worker, which keep a hashed name's file for good, would keep the old one.
 */
export function unusedMantineCss(): Plugin {
  return {
    name: 'runway-unused-mantine-css',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const named = mantineClassesIn(Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file.code] : [])));
        for (const file of Object.values(bundle)) {
          if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
          const source = typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source);
          const css = dropUnusedMantineRules(source, named).css;
          const fileName = withContentHash(file.fileName, css);
          // A script naming the stylesheet would keep its own hashed name with new content, which a
          // cache would never fetch again: none does (one stylesheet, linked by the pages).
          const naming = Object.values(bundle).find((other) => other.type === 'chunk' && other.code.includes(file.fileName));
          if (naming) throw new Error(`${naming.fileName} names ${file.fileName}, which is renamed to ${fileName}`);
          // A file of the bundle cannot be renamed in place: the old one goes, the new one is emitted.
          delete bundle[file.fileName];
          this.emitFile({ type: 'asset', fileName, source: css });
          renameInPages(bundle, file.fileName, fileName);
        }
      },
    },
  };
}

/** `fileName` with its 8-character hash replaced by one of `content`: `style-BuSkBPbh.css` → `style-Q2x….css`. */
export function withContentHash(fileName: string, content: string): string {
  const hash = createHash('sha256').update(content).digest('base64url').slice(0, 8);
  const renamed = fileName.replace(/-[A-Za-z0-9_-]{8}\.css$/, `-${hash}.css`);
  if (renamed === fileName && !fileName.endsWith(`-${hash}.css`)) throw new Error(`Expected a hashed stylesheet name, got ${fileName}`);
  return renamed;
}

/** Rewrites every page (an HTML asset) of the bundle that names `from` to name `to`. */
function renameInPages(bundle: Rolldown.OutputBundle, from: string, to: string): void {
  for (const file of Object.values(bundle)) {
    if (file.type !== 'asset' || !file.fileName.endsWith('.html')) continue;
    file.source = (typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source)).replaceAll(from, to);
  }
}
