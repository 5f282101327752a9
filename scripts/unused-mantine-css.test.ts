import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { dropUnusedMantineRules, mantineClassesIn, withContentHash } from './unused-mantine-css.ts';

describe('mantineClassesIn', () => {
  it('finds the classes a script names, 7 or 8 hex digits, whole names only', () => {
    const named = mantineClassesIn(['var a={root:"m_77c9d27d",inner:"m_80f1301b"};', "x('m_1246e79');y('m_77c9d27dzz');z('m_123')"]);
    expect([...named].sort()).toEqual(['m_1246e79', 'm_77c9d27d', 'm_80f1301b']);
  });
});

describe('dropUnusedMantineRules', () => {
  const css = [
    ':root{--mantine-color-body:#fff}',
    '.m_aaaaaaaa{color:red}',
    '.m_bbbbbbbb{color:blue}',
    '.m_aaaaaaaa .m_bbbbbbbb{margin:0}',
    '.m_aaaaaaaa:hover,.m_bbbbbbbb:hover{opacity:.5}',
    '@media (hover:hover){.m_bbbbbbbb:hover{color:green}}',
    '@media (hover:none){.m_aaaaaaaa:active{color:teal}}',
    '@keyframes m_ccccccc{from{opacity:0}to{opacity:1}}',
    '._page_1ekpq_1{display:flex}',
    '.mantine-focus-auto:focus-visible{outline:2px solid}',
    // Classes inside a functional pseudo-class need not be on the element: only the others decide.
    '.m_aaaaaaaa:not(.m_bbbbbbbb){padding:1px}',
    ':where(.m_aaaaaaaa,.m_bbbbbbbb) .m_dddddddd{padding:2px}',
    ':is(.m_bbbbbbbb,.m_eeeeeeee){padding:3px}',
    // An at-rule empty to begin with (a layer order) is not the purge's to remove.
    '@layer base{}',
  ].join('');

  it('keeps what a named class, a variable or the app selects, and drops the rest', () => {
    const { css: out, dropped } = dropUnusedMantineRules(css, new Set(['m_aaaaaaaa']));
    expect(out).toBe(
      [
        ':root{--mantine-color-body:#fff}',
        '.m_aaaaaaaa{color:red}',
        // Of a selector list, the selectors that can still match.
        '.m_aaaaaaaa:hover{opacity:.5}',
        '@media (hover:none){.m_aaaaaaaa:active{color:teal}}',
        // Keyframes are named, not selected: they stay.
        '@keyframes m_ccccccc{from{opacity:0}to{opacity:1}}',
        '._page_1ekpq_1{display:flex}',
        '.mantine-focus-auto:focus-visible{outline:2px solid}',
        '.m_aaaaaaaa:not(.m_bbbbbbbb){padding:1px}',
        ':is(.m_bbbbbbbb,.m_eeeeeeee){padding:3px}',
        '@layer base{}',
      ].join(''),
    );
    // .m_bbbbbbbb, the descendant rule that needs it, the rule of the emptied @media, and the rule
    // that needs .m_dddddddd outside its :where().
    expect(dropped).toBe(4);
  });

  it('changes nothing when every class is named', () => {
    expect(dropUnusedMantineRules(css, new Set(['m_aaaaaaaa', 'm_bbbbbbbb', 'm_dddddddd']))).toEqual({ css, dropped: 0 });
  });
});

describe('withContentHash', () => {
  it('names the stylesheet by what it holds now, so two different stylesheets never share a name', () => {
    const hash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 8);
    expect(withContentHash('assets/style-BuSkBPbh.css', '.a{}')).toBe(`assets/style-${hash('.a{}')}.css`);
    expect(withContentHash('assets/style-BuSkBPbh.css', '.a{}')).not.toBe(withContentHash('assets/style-BuSkBPbh.css', '.b{}'));
  });

  it('refuses a name without a hash to replace', () => {
    expect(() => withContentHash('assets/style.css', '.a{}')).toThrow('Expected a hashed stylesheet name');
  });
});
