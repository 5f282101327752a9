/**
 * How the server hands out the built web app: the service worker and the manifest at the root,
 * revalidated on every use (a cached sw.js would hide a new version); hashed assets cached for a
 * year; compressed copies to browsers that take them; index.html for every page of the app and
 * never for a file, the API or the test-mode payment pages; a CSP that allows the worker and the
 * manifest, and the pages' boot script by its hash. A build with prerendered pages answers each
 * of them with its own file and every other page with app.html.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_SCRIPT } from '../../src/shared/page-boot.ts';
import { startServer, type TestServer } from './harness.ts';

const INDEX = '<!doctype html><html><head><title>Runway</title></head><body><div id="root"></div></body></html>';
let server: TestServer;
let parent: string;
let dir: string;

beforeAll(async () => {
  parent = mkdtempSync(path.join(tmpdir(), 'runway-static-'));
  // The build itself sits under a folder named 'assets' (as on some hosts): only its own assets/
  // folder is immutable, never index.html, the manifest or sw.js.
  dir = path.join(parent, 'assets', 'runway');
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Runway', start_url: '/dashboard' }));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app");');
  server = await startServer({ env: { STATIC_DIR: dir } });
});
afterAll(async () => {
  await server?.close();
  rmSync(parent, { recursive: true, force: true });
});

const get = (route: string, headers: Record<string, string> = {}) => fetch(`${server.url}${route}`, { headers });

describe('the built web app', () => {
  it('serves the service worker from the build, revalidated every time, with a CSP allowing workers and the manifest', async () => {
    const response = await get('/sw.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('addEventListener');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('serves the manifest with its media type, revalidated; hashed assets are cached for a year', async () => {
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await manifest.json()).toMatchObject({ start_url: '/dashboard' });
    const asset = await get('/assets/index-abc123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers every page of the app with index.html, compressed for a browser that takes brotli', async () => {
    for (const page of ['/', '/dashboard', '/analytics', '/users/password/edit']) {
      const response = await get(page, { 'accept-encoding': 'br' });
      expect({ page, status: response.status, encoding: response.headers.get('content-encoding'), cache: response.headers.get('cache-control') }).toEqual({ page, status: 200, encoding: 'br', cache: 'no-cache' });
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await response.text()).toBe(INDEX);
    }
    const plain = await get('/dashboard', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(INDEX);
  });

  it('never answers a missing file, an API path or a payment page with index.html', async () => {
    for (const route of ['/icons/missing.png', '/assets/gone-123.js', '/api/v1/nothing', '/payments/test/checkout/cs_missing', '/cable/x']) {
      const response = await get(route);
      const text = await response.text();
      expect({ route, html: text.includes('<div id="root">') }).toEqual({ route, html: false });
    }
  });
});

describe('a build with prerendered pages', () => {
  let prerendered: TestServer;
  let root: string;
  const PAGES: Record<string, string> = {
    'index.html': 'landing',
    'login.html': 'sign-in form',
    'signup.html': 'sign-up form',
    'privacy-policy.html': 'privacy policy',
    'terms-of-service.html': 'terms of service',
    'app.html': 'empty shell',
  };
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'runway-prerendered-'));
    for (const [file, text] of Object.entries(PAGES)) writeFileSync(path.join(root, file), `<!doctype html><html><body><div id="root">${text}</div></body></html>`);
    prerendered = await startServer({ env: { STATIC_DIR: root } });
  });
  afterAll(async () => {
    await prerendered?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("answers each visitor's page with its own file and every other page with app.html", async () => {
    const expected: [string, string][] = [
      ['/', 'landing'],
      ['/login', 'sign-in form'],
      ['/signup', 'sign-up form'],
      ['/privacy-policy', 'privacy policy'],
      ['/terms-of-service', 'terms of service'],
      ['/dashboard', 'empty shell'],
      ['/analytics', 'empty shell'],
      ['/users/password/edit', 'empty shell'],
      ['/no-such-page', 'empty shell'],
    ];
    for (const [route, text] of expected) {
      const response = await fetch(`${prerendered.url}${route}`);
      expect({ route, status: response.status, cache: response.headers.get('cache-control'), text: (await response.text()).match(/<div id="root">(.*)<\/div>/)?.[1] }).toEqual({ route, status: 200, cache: 'no-cache', text });
    }
  });

  it("allows the pages' boot script, and no other inline script, by its SHA-256", async () => {
    const csp = (await fetch(`${prerendered.url}/`)).headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split('; ').find((directive) => directive.startsWith('script-src '));
    const digest = createHash('sha256').update(Buffer.from(BOOT_SCRIPT, 'utf8')).digest('base64');
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${digest}'`);
    expect(csp.split('; ')).toContain("script-src-attr 'none'");
  });
});
