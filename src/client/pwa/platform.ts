/**
 * What kind of browser the page runs in, as far as installing goes. iOS Safari has no install
 * prompt (`beforeinstallprompt`): the user adds the app from the Share menu, so the app says how.
 */

/**
 * iOS or iPadOS Safari. iPadOS Safari says it is a Mac; it is told apart by its touch points.
 * Chrome, Firefox, Edge, Opera and the Google app on iOS name themselves and are left out.
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);
  return ios && /\bSafari\//.test(userAgent) && !/\b(CriOS|FxiOS|EdgiOS|OPiOS|OPT|GSA|YaBrowser)\//.test(userAgent);
}

/** Running from the home screen (iOS) or as an installed app window (display-mode standalone). */
export function isStandalone(win: Pick<Window, 'matchMedia' | 'navigator'>): boolean {
  // `navigator.standalone` is Safari's own (not in TypeScript's DOM lib).
  return (win.navigator as { standalone?: boolean }).standalone === true || win.matchMedia('(display-mode: standalone)').matches;
}
