/**
 * The API client: the only module that imports ky (docs/architecture.md#code-style). Screens never
 * call it; the sync engine and the outbox do. Every answer is a value: success, an HTTP refusal
 * with the server's message, or a network failure — callers decide, nothing throws for an expected
 * failure.
 */
import ky, { HTTPError, TimeoutError } from 'ky';

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** Sent as Idempotency-Key, so a replay is answered rather than applied twice. */
  idempotencyKey?: string;
  /** Login, signup and feature flags go without the token (docs/product.md#calls). */
  anonymous?: boolean;
  /**
   * The ETag of the copy the caller holds, sent as If-None-Match: a server whose answer is that
   * same copy answers 304, which comes back as `{ ok: true, status: 304, data: null }`.
   */
  ifNoneMatch?: string;
}

export type ApiResult =
  | { ok: true; status: number; data: unknown; headers?: Headers }
  /**
   * The request never got an answer: offline, refused, timed out. Safe to retry. `timedOut`: it
   * went out and no answer came in time, so the server may have received it.
   */
  | { ok: false; kind: 'network'; message: string; timedOut?: boolean }
  /** The server answered with an error. */
  | { ok: false; kind: 'http'; status: number; message: string | null; errors: Record<string, string[]> | null };

export interface ApiTransport {
  request(request: ApiRequest): Promise<ApiResult>;
}

export interface HttpTransportOptions {
  /** Absolute origin of the API; the page's own origin in the browser. */
  baseUrl: string;
  getToken(): string | null;
  /** Called on a 401 of an authenticated call (docs/sync.md#failures); the caller logs out. */
  onUnauthorized(): void;
  /** Milliseconds before a request counts as a network failure. */
  timeoutMs?: number;
}

/** The server's `message` (or `status.message`, or `error`) from an error body. */
export function serverMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as { message?: unknown; error?: unknown; status?: { message?: unknown } };
  for (const candidate of [b.message, b.status?.message, b.error]) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate;
  }
  return null;
}

export function createHttpTransport(options: HttpTransportOptions): ApiTransport {
  const client = ky.create({ prefixUrl: options.baseUrl, timeout: options.timeoutMs ?? 15_000, retry: 0, throwHttpErrors: true });
  return {
    async request(request) {
      const headers: Record<string, string> = { accept: 'application/json' };
      const token = options.getToken();
      if (!request.anonymous && token) headers.authorization = `Bearer ${token}`;
      if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
      // A conditional header of the caller's own: the browser passes a 304 through, uncached.
      if (request.ifNoneMatch) headers['if-none-match'] = request.ifNoneMatch;
      try {
        const response = await client(request.path.replace(/^\//, ''), {
          method: request.method,
          headers,
          ...(request.body === undefined ? {} : { json: request.body }),
        });
        const text = await response.text();
        return { ok: true, status: response.status, data: text ? (JSON.parse(text) as unknown) : null, headers: response.headers };
      } catch (error) {
        if (error instanceof HTTPError) {
          if (error.response.status === 304 && request.ifNoneMatch) return { ok: true, status: 304, data: null, headers: error.response.headers };
          let body: unknown = null;
          try {
            body = await error.response.json();
          } catch {
            // not JSON
          }
          if (error.response.status === 401 && !request.anonymous) options.onUnauthorized();
          const errors = typeof body === 'object' && body !== null && 'errors' in body ? ((body as { errors: Record<string, string[]> }).errors ?? null) : null;
          return { ok: false, kind: 'http', status: error.response.status, message: serverMessage(body), errors };
        }
        if (error instanceof TimeoutError) return { ok: false, kind: 'network', message: 'The server did not answer in time', timedOut: true };
        return { ok: false, kind: 'network', message: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
