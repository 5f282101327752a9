/**
 * The browser's UI colour (the installed app's title bar, the phone's status bar) follows the
 * colour scheme: index.html sets one colour per system scheme; once the user picks a scheme in the
 * app, both follow the pick.
 */
export const THEME_COLORS = { light: '#087f5b', dark: '#242424' } as const;

export function applyThemeColor(doc: Pick<Document, 'querySelectorAll'>, scheme: 'light' | 'dark'): void {
  for (const meta of doc.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) meta.content = THEME_COLORS[scheme];
}
