import { describe, expect, it } from 'vitest';
import { hasFileExtension, isAppPage, isServerPath } from './app-paths.ts';

describe('isAppPage', () => {
  it('takes every route of the app, with or without a query', () => {
    for (const page of ['/', '/dashboard', '/analytics', '/profile', '/subscribe', '/subscribe/monthly', '/login', '/some/unknown/page', '/users/password/edit']) {
      expect({ page, app: isAppPage(page) }).toEqual({ page, app: true });
    }
  });

  it('never takes the API, the live channel, the account calls, admin routes or the payment pages', () => {
    for (const path of ['/api/v1/debts', '/api/', '/cable', '/users', '/users/sign_in', '/users/password', '/admin/flags', '/payments/test/checkout/cs_1', '/payments/test/portal']) {
      expect({ path, app: isAppPage(path), server: isServerPath(path) }).toEqual({ path, app: false, server: true });
    }
  });

  it('never takes a file', () => {
    for (const file of ['/sw.js', '/manifest.webmanifest', '/icons/icon-192.png', '/assets/index-abc.js', '/favicon.svg']) {
      expect({ file, app: isAppPage(file), ext: hasFileExtension(file) }).toEqual({ file, app: false, ext: true });
    }
    // A dot at the start of a segment is a hidden name, not an extension (as path.extname has it).
    expect(hasFileExtension('/.well-known')).toBe(false);
  });
});
