// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { applyThemeColor, THEME_COLORS } from './theme-color.ts';

describe('applyThemeColor', () => {
  it("sets every theme-color meta (one per system scheme) to the app's chosen scheme", () => {
    document.head.innerHTML = '<meta name="theme-color" media="(prefers-color-scheme: light)" content="#087f5b"><meta name="theme-color" media="(prefers-color-scheme: dark)" content="#242424">';
    applyThemeColor(document, 'dark');
    expect([...document.querySelectorAll('meta[name="theme-color"]')].map((meta) => meta.getAttribute('content'))).toEqual([THEME_COLORS.dark, THEME_COLORS.dark]);
    applyThemeColor(document, 'light');
    expect([...document.querySelectorAll('meta[name="theme-color"]')].map((meta) => meta.getAttribute('content'))).toEqual([THEME_COLORS.light, THEME_COLORS.light]);
  });
});
