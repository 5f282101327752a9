/**
 * The repository stands on its own: a clone with nothing beside it builds, starts and passes its
 * tests. This module finds what would break that, and `self-contained.test.ts` runs it over the
 * whole tree on every `npm test` (docs/architecture.md#tests):
 *
 * - a path that resolves outside the repository root: an import or `require` specifier, any string
 *   literal that starts with `./` or `../` (a `readFileSync`, `new URL(…, import.meta.url)`,
 *   `path.join(…)` of literal segments), an absolute path into the repository's parent folder,
 *   or a relative path in a shell script or an npm script;
 * - a link into `docs/` (`docs/sync.md#the-outbox`) whose file or heading does not exist;
 * - a citation of a design document that is not in the repository.
 *
 * Run it by hand with `node --import tsx scripts/self-contained.ts`: it prints each finding as
 * `file:line: message` and exits 1 when there is any.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface Finding {
  file: string;
  line: number;
  message: string;
}

/** The folders and files whose contents `npm test`, `npm start`, the benches and CI read. */
export const SCANNED = ['src', 'tests', 'bench', 'scripts', 'sw', 'docs', 'drizzle', '.ci', 'README.md', 'package.json', 'vite.config.ts', 'eslint.config.js', 'drizzle.config.ts', 'tsconfig.json', 'index.html'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', 'coverage', '.git']);
const SCRIPT_FILE = /\.(ts|tsx|js|mjs|cjs)$/;
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|md|sh|json|html|sql)$/;

/**
 * Words that name a design document kept outside the repository. The rules those documents held
 * live in `docs/` now, and a comment points there. The names are put together here so that this
 * file does not itself cite them.
 */
const [DESIGN_DOC, STYLE_DOC] = [['DES', 'IGN'], ['STY', 'LE']].map((parts) => parts.join(''));
const OUTSIDE_CITATION = new RegExp(
  [
    `\\b${DESIGN_DOC}(\\.md)?\\s*(§|section\\b)`,
    `\\b${DESIGN_DOC}\\.md\\b`,
    `\\b${STYLE_DOC}\\.md\\b`,
    '\\bspec(ification)?\\s*(§|section\\s*\\d)',
    '\\bproduct-spec\\b',
    '\\(sic, spec\\)',
  ].join('|'),
);

/** Every file under the scanned roots, as paths relative to `root`. */
export function repositoryFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (relative: string): void => {
    const absolute = path.join(root, relative);
    let stat;
    try {
      stat = statSync(absolute);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(absolute)) if (!SKIPPED_DIRS.has(entry)) walk(path.join(relative, entry));
    } else if (TEXT_FILE.test(relative) || relative === path.join('.ci', 'run')) {
      out.push(relative);
    }
  };
  for (const entry of SCANNED) walk(entry);
  return out.sort();
}

function outside(root: string, absolute: string): boolean {
  const relative = path.relative(root, absolute);
  return relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
}

/**
 * Paths in a TypeScript or JavaScript file that resolve outside `root`. `file` is relative to
 * `root`; relative literals resolve against the file's folder, as imports and `import.meta.url` do.
 * Example: an import of three `..` steps and then `shared/finance.json` from `src/engine/a.test.ts`
 * resolves to the folder beside the root and is reported.
 */
export function scriptPathFindings(root: string, file: string, text: string): Finding[] {
  const findings: Finding[] = [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const folder = path.dirname(path.join(root, file));
  const parent = path.dirname(root);
  const report = (node: ts.Node, value: string): void => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    findings.push({ file, line, message: `'${value}' resolves outside the repository` });
  };
  const literal = (node: ts.Node): string | undefined => (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : undefined);
  const visit = (node: ts.Node): void => {
    const value = literal(node);
    if (value !== undefined) {
      if ((value.startsWith('./') || value.startsWith('../') || value === '..') && outside(root, path.resolve(folder, value))) report(node, value);
      else if (value.startsWith(`${parent}${path.sep}`) && outside(root, value)) report(node, value);
    }
    // path.join('..', '..', 'shared'): consecutive literal segments, resolved together.
    if (ts.isCallExpression(node)) {
      const segments: string[] = [];
      for (const argument of node.arguments) {
        const segment = literal(argument);
        if (segment === undefined) break;
        segments.push(segment);
      }
      if (segments.length > 1 && segments[0]!.startsWith('..')) {
        const joined = path.join(...segments);
        if (outside(root, path.resolve(folder, joined))) report(node, segments.join("', '"));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

/**
 * Relative paths in a shell script or an npm script that climb out of `root`. Scripts here start
 * with `cd "$(dirname "$0")/.."`, so a word is taken relative to the root; the `$(dirname "$0")`
 * idiom itself is left alone.
 */
export function shellPathFindings(root: string, file: string, text: string): Finding[] {
  const findings: Finding[] = [];
  text.split('\n').forEach((line, index) => {
    const code = line.replace(/(^|\s)#.*$/, '').replace(/\$\(dirname [^)]*\)\/\.\./g, '');
    for (const match of code.matchAll(/(?:^|[\s'"=:(])((?:\.\.?\/)*\.\.(?:\/[^\s'";)]*)?)(?=$|[\s'";)])/g)) {
      const word = match[1]!;
      if (outside(root, path.resolve(root, word))) findings.push({ file, line: index + 1, message: `'${word}' resolves outside the repository` });
    }
    for (const match of code.matchAll(/(?:^|[\s'"=])(\/work\/[^\s'";)]*)/g)) {
      const word = match[1]!;
      if (outside(root, word)) findings.push({ file, line: index + 1, message: `'${word}' resolves outside the repository` });
    }
  });
  return findings;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a markdown file's headings (outside code fences). */
export function markdownAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = headingAnchor(heading[1]!);
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n += 1) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/**
 * Links that do not land. In any file, a mention `docs/name.md#anchor` (how comments point at a
 * rule) needs that file and, with `#anchor`, one of its headings. In a markdown file, every
 * relative link `[text](path#anchor)` needs its target, and a heading when the target is markdown.
 */
export function docLinkFindings(root: string, file: string, text: string, anchorsOf: (doc: string) => Set<string> | undefined): Finding[] {
  const findings: Finding[] = [];
  const check = (line: number, target: string, anchor: string | undefined): void => {
    if (outside(root, path.join(root, target))) {
      findings.push({ file, line, message: `${target} is outside the repository` });
      return;
    }
    if (target.endsWith('.md')) {
      const anchors = anchorsOf(target);
      if (!anchors) findings.push({ file, line, message: `${target} does not exist` });
      else if (anchor && !anchors.has(anchor)) findings.push({ file, line, message: `${target} has no heading #${anchor}` });
    } else {
      try {
        statSync(path.join(root, target));
      } catch {
        findings.push({ file, line, message: `${target} does not exist` });
      }
    }
  };
  const markdown = file.endsWith('.md');
  text.split('\n').forEach((line, index) => {
    const links = markdown ? [...line.matchAll(/\]\(([^)\s]*?)(?:#([\w-]+))?\)/g)] : [];
    for (const match of links) {
      const link = match[1]!;
      if (/^[a-z]+:/i.test(link)) continue; // http:, mailto:
      check(index + 1, link === '' ? file : path.relative(root, path.resolve(path.dirname(path.join(root, file)), link)), match[2]);
    }
    const plain = markdown ? line.replace(/\]\([^)]*\)/g, ']') : line;
    for (const match of plain.matchAll(/(?<![\w/.-])docs\/([\w-]+\.md)(?:#([\w-]+))?/g)) check(index + 1, `docs/${match[1]}`, match[2]);
  });
  return findings;
}

/** Lines that cite a design document kept outside the repository. */
export function citationFindings(file: string, text: string): Finding[] {
  const findings: Finding[] = [];
  text.split('\n').forEach((line, index) => {
    if (OUTSIDE_CITATION.test(line)) findings.push({ file, line: index + 1, message: `cites a document outside the repository: ${line.trim().slice(0, 120)}` });
  });
  return findings;
}

/** Every finding in the repository at `root`. */
export function selfContainedFindings(root: string): Finding[] {
  const anchorCache = new Map<string, Set<string> | undefined>();
  const anchorsOf = (doc: string): Set<string> | undefined => {
    if (!anchorCache.has(doc)) {
      let anchors: Set<string> | undefined;
      try {
        anchors = markdownAnchors(readFileSync(path.join(root, doc), 'utf8'));
      } catch {
        anchors = undefined;
      }
      anchorCache.set(doc, anchors);
    }
    return anchorCache.get(doc);
  };
  const findings: Finding[] = [];
  const self = path.relative(root, fileURLToPath(import.meta.url));
  for (const file of repositoryFiles(root)) {
    // This checker and its test hold examples of what they look for (outside paths, citations,
    // links to missing headings): they are checked by the test's own cases instead.
    if (file === self || file.startsWith(`scripts${path.sep}self-contained`)) continue;
    const text = readFileSync(path.join(root, file), 'utf8');
    if (SCRIPT_FILE.test(file)) findings.push(...scriptPathFindings(root, file, text));
    if (file.endsWith('.sh') || file === path.join('.ci', 'run')) findings.push(...shellPathFindings(root, file, text));
    if (file === 'package.json') {
      const scripts = (JSON.parse(text) as { scripts?: Record<string, string> }).scripts ?? {};
      for (const [name, command] of Object.entries(scripts)) findings.push(...shellPathFindings(root, `package.json (scripts.${name})`, command));
    }
    findings.push(...docLinkFindings(root, file, text, anchorsOf));
    findings.push(...citationFindings(file, text));
  }
  return findings;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const findings = selfContainedFindings(root);
  for (const finding of findings) console.log(`${finding.file}:${finding.line}: ${finding.message}`);
  console.log(findings.length === 0 ? 'The repository is self-contained.' : `${findings.length} finding(s).`);
  process.exitCode = findings.length === 0 ? 0 : 1;
}
