/**
 * An Idempotency-Key names one edit. Reusing it for a different edit must not silently answer the
 * first edit's response (the second edit would be lost): it is refused, and nothing is written.
 * A true replay answers the first response byte for byte.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { client, signUp, startServer, VALID, type Api, type TestServer } from './harness.ts';

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startServer();
  api = client(server.url);
});
afterAll(() => server?.close());

it('refuses a key reused with a different body, and writes nothing', async () => {
  const user = await signUp(api);
  const headers = { 'idempotency-key': 'edit-42' };
  const first = await api('POST', '/api/v1/monthly_expenses', { token: user.token, headers, body: { monthly_expense: VALID.monthly_expense } });
  expect(first.status).toBe(201);
  const reused = await api('POST', '/api/v1/monthly_expenses', { token: user.token, headers, body: { monthly_expense: { ...VALID.monthly_expense, name: 'Something else' } } });
  expect(reused.status).toBe(422);
  expect(reused.body.message).toBe('This Idempotency-Key was already used for a different request');
  const list = await api('GET', '/api/v1/monthly_expenses', { token: user.token });
  expect(list.body.monthly_expenses.map((e: any) => e.name)).toEqual([VALID.monthly_expense.name]);
});

it('answers a true replay with the very same bytes', async () => {
  const user = await signUp(api);
  const headers = { 'idempotency-key': 'edit-43' };
  const send = () => fetch(`${server.url}/api/v1/debts`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ debt: VALID.debt }),
  });
  const first = await send();
  const second = await send();
  expect(second.status).toBe(201);
  expect(second.headers.get('idempotent-replayed')).toBe('true');
  expect(await second.text()).toBe(await first.text());
});
