/**
 * The headers that depend on how a request arrived, set on every answer (helmet sets the fixed
 * ones in app.ts):
 *
 * - `Content-Security-Policy`: everything from this origin only. Its `connect-src` names the
 *   app's own origin and the WebSocket form of it (`/cable`): `'self'` alone does not match
 *   `ws:`/`wss:` in every browser still in use, and a bare `ws: wss:` would let a script talk to
 *   any host. Pages may not be framed (`frame-ancestors 'none'`, with `X-Frame-Options: DENY`
 *   for browsers that only know that).
 * - `Strict-Transport-Security`: only on an answer to a request that came over HTTPS, directly
 *   or through a trusted proxy's `X-Forwarded-Proto` (TRUST_PROXY=1). Over plain HTTP the header
 *   means nothing to a browser, and on a home network served over HTTP it must not be promised.
 * - `Cache-Control: no-store` on every answer that did not choose its own caching (API answers,
 *   errors, the payment pages): they carry personal data that no browser or proxy cache should
 *   keep. The web app's files choose theirs (app.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const HSTS = 'max-age=31536000; includeSubDomains';

/** A Host header value that can stand in a CSP source: a name or IPv4/IPv6 address, and a port. */
const HOST_PATTERN = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const FIXED_DIRECTIVES: readonly string[] = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
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
 * The policy for a request to `host` over `protocol`:
 * `contentSecurityPolicy('https', 'runway.example')` has `connect-src 'self' https://runway.example wss://runway.example`.
 * A host that is not a plain host name (a forged header) gets `connect-src 'self'` alone.
 */
export function contentSecurityPolicy(protocol: 'http' | 'https', host: string): string {
  const own = HOST_PATTERN.test(host) ? [`${protocol}://${host}`, `${protocol === 'https' ? 'wss' : 'ws'}://${host}`] : [];
  return [...FIXED_DIRECTIVES, ["connect-src 'self'", ...own].join(' ')].join('; ');
}

/** onRequest: the policy and, over HTTPS, HSTS; the same on every answer, errors included. */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('content-security-policy', contentSecurityPolicy(request.protocol, request.host));
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
}

/** onSend: answers that chose no caching are never stored. */
export function defaultNoStore(reply: FastifyReply): void {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}
