/**
 * Test support: a small REST server twin behind MemoryTransport, answering the contract of
 * docs/api.md (#collections, #single-records, #month-tables) for the collections, single records
 * and month rows: 201/200 with `{<bodyKey>: record}`, 204 on delete, 404 for an unknown id, 422
 * `{message, errors}` when a `name` is blank, and stored responses replayed for a repeated
 * Idempotency-Key (a 422 when the key comes back with another method, path or body, as the real
 * server answers). `GET /api/v1/subscription` answers `subscribed` when it is set (docs/api.md#payments).
 */
import { type ApiRequest, type ApiResult } from './api.ts';
import { MemoryTransport } from './api.testing.ts';
import type { WireRecord } from './mirror/db.ts';
import { COLLECTIONS, MONTHS, SINGLES } from '../../shared/resources.ts';

export interface TestServer {
  transport: MemoryTransport;
  /** Records per collection path, and single records per path. */
  collections: Map<string, Map<number, WireRecord>>;
  singles: Map<string, WireRecord | null>;
  /** Writes actually applied (replays excluded). */
  writes: ApiRequest[];
  /** The user's subscription as GET /api/v1/subscription answers it; null: no such route (a 404). */
  subscribed: boolean | null;
  /**
   * Consulted before the server handles a request: answer something to stand in for the network
   * or the server (a 401, a 500), 'lose-answer' to apply the write and then fail as if the answer
   * never arrived, or `{ afterWrite }` to apply it and then answer that (a proxy's 502 after the
   * server committed).
   */
  intercept: ((request: ApiRequest) => ApiResult | 'lose-answer' | { afterWrite: ApiResult } | undefined) | null;
  /** Method and path of every request, in order. */
  seen(): string[];
}

const invalid = (message: string, field: string): ApiResult => ({ ok: false, kind: 'http', status: 422, message, errors: { [field]: [message] } });
const notFound = (message: string): ApiResult => ({ ok: false, kind: 'http', status: 404, message, errors: null });

export function createTestServer(firstId = 100): TestServer {
  let nextId = firstId;
  const collections = new Map<string, Map<number, WireRecord>>(Object.values(COLLECTIONS).map((decl) => [decl.path, new Map()]));
  const singles = new Map<string, WireRecord | null>(Object.values(SINGLES).map((decl) => [decl.path, null]));
  const stored = new Map<string, { request: string; result: ApiResult }>();
  // What a stored response is matched on: the real server hashes the body's text as sent.
  const fingerprint = (request: ApiRequest) => `${request.method} ${request.path} ${JSON.stringify(request.body ?? null)}`;
  const writes: ApiRequest[] = [];

  const fieldsOf = (request: ApiRequest, key: string): Record<string, unknown> => {
    const body = request.body as Record<string, unknown> | undefined;
    return (body?.[key] ?? {}) as Record<string, unknown>;
  };

  function handle(request: ApiRequest): ApiResult {
    if (request.method === 'GET' && request.path === '/api/v1/subscription' && server.subscribed !== null) {
      const { subscribed } = server;
      const subscription = { subscribed, provider: 'test', plan: 'monthly', status: subscribed ? 'trialing' : 'canceled', trial_end: null, current_period_end: null, cancel_at_period_end: false };
      return { ok: true, status: 200, data: { subscription } };
    }
    for (const decl of Object.values(COLLECTIONS)) {
      const rows = collections.get(decl.path) as Map<number, WireRecord>;
      if (request.method === 'GET' && request.path === decl.path) return { ok: true, status: 200, data: { [decl.listKey]: [...rows.values()] } };
      if (request.method === 'POST' && request.path === decl.path) {
        const fields = fieldsOf(request, decl.record);
        if (fields.name === '') return invalid('Name is required', 'name');
        const record = { ...fields, id: nextId++ };
        rows.set(record.id, record);
        return { ok: true, status: 201, data: { [decl.record]: record } };
      }
      if (request.path.startsWith(`${decl.path}/`)) {
        const id = Number(request.path.slice(decl.path.length + 1));
        const existing = rows.get(id);
        if (!existing) return notFound('Record not found');
        if (request.method === 'DELETE') {
          rows.delete(id);
          return { ok: true, status: 204, data: null };
        }
        const fields = fieldsOf(request, decl.record);
        if (fields.name === '') return invalid('Name is required', 'name');
        const record = { ...existing, ...fields, id };
        rows.set(id, record);
        return { ok: true, status: 200, data: { [decl.record]: record } };
      }
    }
    for (const decl of Object.values(SINGLES)) {
      if (request.path !== decl.path) continue;
      const existing = singles.get(decl.path) ?? null;
      if (request.method === 'GET') return { ok: true, status: 200, data: { [decl.getKey]: existing } };
      if (request.method === 'DELETE') {
        if (!existing) return notFound('Retirement plan not found');
        singles.set(decl.path, null);
        return { ok: true, status: 204, data: null };
      }
      const fields = fieldsOf(request, decl.record);
      const base = request.method === 'PUT' && existing ? existing : {};
      const record = { ...base, ...fields, id: existing?.id ?? nextId++ };
      singles.set(decl.path, record);
      return { ok: true, status: existing ? 200 : 201, data: { [decl.record]: record } };
    }
    for (const decl of Object.values(MONTHS)) {
      if (request.method === 'PUT' && request.path.startsWith(`${decl.path}/`)) {
        const id = Number(request.path.slice(decl.path.length + 1));
        const fields = fieldsOf(request, decl.bodyKey);
        if (Object.values(fields).some((value) => typeof value !== 'number')) return invalid('Must be a number', Object.keys(fields)[0] ?? 'value');
        return { ok: true, status: 200, data: { [decl.bodyKey]: { id, ...fields } } };
      }
    }
    return notFound('No such route');
  }

  const server: TestServer = {
    collections,
    singles,
    writes,
    subscribed: null,
    intercept: null,
    transport: new MemoryTransport((request) => {
      const intercepted = server.intercept?.(request);
      if (intercepted && intercepted !== 'lose-answer' && !('afterWrite' in intercepted)) return intercepted;
      const key = request.idempotencyKey;
      const replay = key ? stored.get(key) : undefined;
      if (replay && replay.request !== fingerprint(request)) return { ok: false, kind: 'http', status: 422, message: 'This Idempotency-Key was already used for a different request', errors: null };
      if (replay) return replay.result;
      const result = handle(request);
      if (request.method !== 'GET' && result.ok) {
        writes.push(request);
        if (key) stored.set(key, { request: fingerprint(request), result });
      }
      if (intercepted === 'lose-answer') return { ok: false, kind: 'network', message: 'connection reset' };
      return intercepted ? intercepted.afterWrite : result;
    }),
    seen: () => server.transport.requests.map((r) => `${r.method} ${r.path}`),
  };
  return server;
}
