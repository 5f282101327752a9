/**
 * The security headers of every answer, set in one place (`setSecurityHeaders`), from the
 * onRequest hook and from Fastify's own early answers (a malformed URL) alike:
 *
 * - the fixed ones, by helmet: `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`,
 *   `Cross-Origin-Opener-Policy` and `-Resource-Policy: same-origin`, `X-Frame-Options: DENY` and
 *   the rest of its defaults (helmet itself rather than @fastify/helmet, whose hook never runs for
 *   an answer Fastify gives before routing);
 *
 * - `Content-Security-Policy`: everything from this origin only, and one inline script, the
 *   page's boot script, by its hash (`BOOT_SCRIPT_HASH`). Its `connect-src` is `'self'`,
 *   and with APP_URL set also that origin and its WebSocket form (`/cable`), for the older
 *   browsers whose `'self'` does not cover `ws:`/`wss:` (current ones follow CSP level 3, where it
 *   does). Nothing in it comes from the request: a forged Host or X-Forwarded-Host header cannot
 *   widen where the page's scripts may connect. A bare `ws: wss:` would let a script talk to any
 *   host. Pages may not be framed (`frame-ancestors 'none'`, with `X-Frame-Options: DENY` for
 *   browsers that only know that).
 * - `Strict-Transport-Security`: only on an answer to a request that came over HTTPS, directly
 *   or through a trusted proxy's `X-Forwarded-Proto` (TRUST_PROXY). Over plain HTTP the header
 *   means nothing to a browser, and on a home network served over HTTP it must not be promised.
 * - `Cache-Control: no-store` on every answer that did not choose its own caching (API answers,
 *   errors, the payment pages): they carry personal data that no browser or proxy cache should
 *   keep. The web app's files choose theirs (app.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { BOOT_SCRIPT } from '../../shared/page-boot.ts';
import { appOrigin, originText, type Origin } from './origin.ts';

export const HSTS = 'max-age=31536000; includeSubDomains';

/** A host that can stand in a CSP source: a name or IPv4/IPv6 address, and a port. */
const HOST_PATTERN = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The one inline script a page may run: the boot script every page starts with (colour scheme and
 * the signed-in marker, src/shared/page-boot.ts), allowed by its SHA-256 as CSP level 2 defines:
 * base64 of the digest of the script's UTF-8 text.
 */
export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT, 'utf8').digest('base64')}'`;

const FIXED_DIRECTIVES: readonly string[] = [
  "default-src 'self'",
  "base-uri 'self'",
  `script-src 'self' ${BOOT_SCRIPT_HASH}`,
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
];

/**
 * The policy for the app at the configured `origin` (APP_URL's), or at whatever origin served the
 * page when none is configured: `contentSecurityPolicy({protocol: 'https', host: 'runway.example'})`
 * has `connect-src 'self' https://runway.example wss://runway.example`;
 * `contentSecurityPolicy(null)` has `connect-src 'self'`.
 */
export function contentSecurityPolicy(origin: Origin | null): string {
  const own = origin && HOST_PATTERN.test(origin.host) ? [originText(origin), `${origin.protocol === 'https' ? 'wss' : 'ws'}://${origin.host}`] : [];
  return [...FIXED_DIRECTIVES, ["connect-src 'self'", ...own].join(' ')].join('; ');
}

/** Helmet's headers but the two that depend on the request (below). */
const fixedHeaders = helmet({ contentSecurityPolicy: false, strictTransportSecurity: false, xFrameOptions: { action: 'deny' }, crossOriginEmbedderPolicy: false });

/** Every security header; the same on every answer, errors included. */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply, appUrl: string | undefined): void {
  fixedHeaders(request.raw, reply.raw, () => undefined);
  reply.header('content-security-policy', contentSecurityPolicy(appUrl ? appOrigin(appUrl, request) : null));
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
}

/** onSend: answers that chose no caching are never stored. */
export function defaultNoStore(reply: FastifyReply): void {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}
