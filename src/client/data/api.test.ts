import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpTransport } from './api.ts';

const transport = () => createHttpTransport({ baseUrl: 'http://api.test', getToken: () => 't', onUnauthorized: () => {}, timeoutMs: 50 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the HTTP transport', () => {
  it('tells a timeout (the server may have the request) from a request that got no answer', async () => {
    // A server that never answers: only the transport's timeout ends the wait.
    vi.stubGlobal('fetch', (_input: RequestInfo, init?: RequestInit) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))));
    expect(await transport().request({ method: 'POST', path: '/api/v1/debts', body: { debt: {} } })).toEqual({
      ok: false,
      kind: 'network',
      message: 'The server did not answer in time',
      timedOut: true,
    });

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await transport().request({ method: 'POST', path: '/api/v1/debts', body: { debt: {} } })).toEqual({ ok: false, kind: 'network', message: 'Failed to fetch' });
  });

  it("answers a 5xx with the server's message", async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ error: 'Oops', message: 'Something went wrong on our side. Please try again.' }), { status: 500, headers: { 'content-type': 'application/json' } })));
    expect(await transport().request({ method: 'PUT', path: '/api/v1/debts/1', body: { debt: {} } })).toEqual({
      ok: false,
      kind: 'http',
      status: 500,
      message: 'Something went wrong on our side. Please try again.',
      errors: null,
    });
  });
});
