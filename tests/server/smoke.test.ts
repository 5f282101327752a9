import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUp, startServer, VALID, type Api, type TestServer } from './harness.ts';

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startServer();
  api = client(server.url);
});
afterAll(() => server?.close());

describe('a first walk through the API', () => {
  it('signs up, creates a debt and reads it back in dollars', async () => {
    const user = await signUp(api);
    const created = await api('POST', '/api/v1/debts', { token: user.token, body: { debt: VALID.debt } });
    expect(created.status).toBe(201);
    expect(created.body.debt).toMatchObject({ ...VALID.debt, id: expect.any(Number) });
    const list = await api('GET', '/api/v1/debts', { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body.debts).toHaveLength(1);
    expect(list.body.debts[0].remaining_amount).toBe(4200.25);
  });
});
