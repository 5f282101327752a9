import { describe, expect, it } from 'vitest';
import { isIosSafari, isStandalone } from './platform.ts';

const UA = {
  iphoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  ipadOsSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
  iphoneChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0.7204.119 Mobile/15E148 Safari/604.1',
  iphoneFirefox: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/141.0 Mobile/15E148 Safari/605.1.15',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36',
};

describe('isIosSafari', () => {
  it('is Safari on an iPhone, and on an iPad that says it is a Mac (told apart by touch)', () => {
    expect(isIosSafari(UA.iphoneSafari, 5)).toBe(true);
    expect(isIosSafari(UA.ipadOsSafari, 5)).toBe(true);
  });

  it('is not another browser on iOS, Safari on a Mac, or Android', () => {
    expect(isIosSafari(UA.iphoneChrome, 5)).toBe(false);
    expect(isIosSafari(UA.iphoneFirefox, 5)).toBe(false);
    expect(isIosSafari(UA.macSafari, 0)).toBe(false);
    expect(isIosSafari(UA.androidChrome, 5)).toBe(false);
  });
});

describe('isStandalone', () => {
  const win = (standalone: boolean | undefined, displayModeStandalone: boolean) =>
    ({ navigator: { standalone }, matchMedia: (query: string) => ({ matches: displayModeStandalone && query === '(display-mode: standalone)' }) }) as unknown as Parameters<typeof isStandalone>[0];

  it("is iOS's home screen app or an installed app's window, and nothing else", () => {
    expect(isStandalone(win(true, false))).toBe(true);
    expect(isStandalone(win(undefined, true))).toBe(true);
    expect(isStandalone(win(false, false))).toBe(false);
  });
});
