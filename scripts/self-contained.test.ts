import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { citationFindings, docLinkFindings, headingAnchor, markdownAnchors, scriptPathFindings, selfContainedFindings, shellPathFindings } from './self-contained.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/*
 * The examples below are what the check looks for: paths that climb out of a repository and
 * citations of documents kept outside it. They are put together at run time, so that this file
 * itself neither names such a path nor cites such a document.
 */
/** `up(3, 'shared/x')` is three `..` steps and then `shared/x`. */
const up = (steps: number, rest: string) => [...Array.from({ length: steps }, () => '..'), rest].join('/');
const OUTSIDE_DOC = ['DES', 'IGN'].join('');
const STYLE_DOC = ['STY', 'LE'].join('');

describe('the repository', () => {
  it('reads nothing outside itself, links only to docs that exist, and cites no outside document', () => {
    const findings = selfContainedFindings(root).map((finding) => `${finding.file}:${finding.line}: ${finding.message}`);
    expect(findings).toEqual([]);
    // It reads every file of the repository: seconds on a busy machine.
  }, 60_000);
});

describe('scriptPathFindings', () => {
  const at = (file: string, text: string): string[] => scriptPathFindings('/repo', file, text).map((finding) => `${finding.line} ${finding.message}`);

  it('reports an import that climbs out of the repository', () => {
    const outside = up(3, 'shared/finance.json');
    expect(at('src/engine/a.test.ts', `import v from '${outside}';`)).toEqual([`1 '${outside}' resolves outside the repository`]);
  });

  it('leaves an import that stays inside alone, however far it climbs', () => {
    expect(at('src/engine/a.test.ts', `import v from '${up(2, 'docs/x.json')}';\nimport w from './test-vectors/finance.json';`)).toEqual([]);
  });

  it('reports a file read, a URL and joined literal segments that leave the repository', () => {
    const csv = up(2, 'x.csv');
    const text = [`readFileSync(new URL('${csv}', import.meta.url));`, "readFileSync(path.join('..', '..', 'shared', 'x'));", "readFileSync('/shared/data/x.csv');"].join('\n');
    expect(at('bench/a.ts', text)).toEqual([`1 '${csv}' resolves outside the repository`, "2 '..', '..', 'shared', 'x' resolves outside the repository"]);
  });

  it('reports an absolute path into the folder that holds the repository', () => {
    expect(at('src/a.ts', "const f = '/repo-sibling/x';\nconst g = '/shared-data/x';")).toEqual([]);
    // A made-up root: a real checkout's own folder here would itself be a path into the parent of a clone beside it.
    expect(scriptPathFindings('/srv/clones/runway', 'src/a.ts', "const f = '/srv/clones/shared/x';").length).toBe(1);
    expect(scriptPathFindings('/srv/clones/runway', 'src/a.ts', "const f = '/srv/clones/runway/src/x';").length).toBe(0);
  });
});

describe('shellPathFindings', () => {
  it('reports a relative path that climbs out of the root, and not the usual cd to the root', () => {
    const text = ['cd "$(dirname "$0")/.."', 'cp ../shared/data/x.csv data/', 'echo "Installing..."', 'ls ./src/../tests', '# cat ../notes (a comment)'].join('\n');
    expect(shellPathFindings('/repo', 'scripts/a.sh', text).map((finding) => finding.line)).toEqual([2]);
  });
});

describe('docLinkFindings', () => {
  const docs = new Map([['docs/sync.md', new Set(['pull', 'the-outbox'])]]);
  const anchorsOf = (doc: string) => docs.get(doc);
  const messages = (file: string, text: string): string[] => docLinkFindings('/repo', file, text, anchorsOf).map((finding) => finding.message);

  it('accepts a comment that points at an existing heading', () => {
    expect(messages('src/a.ts', '// see docs/sync.md#the-outbox and docs/sync.md')).toEqual([]);
  });

  it('reports a missing heading or document', () => {
    expect(messages('src/a.ts', '// docs/sync.md#push, docs/nowhere.md#x')).toEqual(['docs/sync.md has no heading #push', 'docs/nowhere.md does not exist']);
  });

  it('resolves markdown links relative to the linking file', () => {
    expect(messages('docs/api.md', '[pull](sync.md#pull) and [bad](sync.md#gone)')).toEqual(['docs/sync.md has no heading #gone']);
    expect(messages('src/engine/README.md', `[rule](${up(2, 'docs/sync.md#pull')})`)).toEqual([]);
    const beside = up(1, `shared/${OUTSIDE_DOC}.md`);
    expect(messages('README.md', `[x](${beside})`)).toEqual([`${beside} is outside the repository`]);
  });
});

describe('markdownAnchors', () => {
  it('makes GitHub anchors, numbering repeats and ignoring fenced code', () => {
    const text = ['# Runway', '## One edit, end to end', '```', '## not a heading', '```', '## `npm test`', '## Debts', '### Debts'].join('\n');
    expect([...markdownAnchors(text)]).toEqual(['runway', 'one-edit-end-to-end', 'npm-test', 'debts', 'debts-1']);
    expect(headingAnchor('Months, cycles and rounding')).toBe('months-cycles-and-rounding');
  });
});

describe('citationFindings', () => {
  it('reports a citation of a design document kept outside the repository', () => {
    const lines = [`// ${OUTSIDE_DOC} §4: debts`, `// see ${OUTSIDE_DOC}.md section 6`, `// the fences of ${STYLE_DOC}.md`, '// spec section 5', '// {debtPlan} (sic, spec)', '// docs/projection-rules.md#debts', '// an inspection spec'];
    expect(citationFindings('a.ts', lines.join('\n')).map((finding) => finding.line)).toEqual([1, 2, 3, 4, 5]);
  });
});
