/**
 * The client's sync engine against the real server: the API transport (ky) over HTTP fills a
 * Dexie mirror (fake-indexeddb) with exactly what the server has; a revoked token reports 401.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpTransport } from '../../src/client/data/api.ts';
import { openMirror } from '../../src/client/data/db.ts';
import type { Session } from '../../src/client/data/session.ts';
import { createSync } from '../../src/client/data/sync.ts';
import { client, signUp, startServer, VALID, type Api, type TestServer } from './harness.ts';

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startServer();
  api = client(server.url);
});
afterAll(() => server?.close());

describe('the mirror’s initial load from the real server', () => {
  it('mirrors every record the user has', async () => {
    const user = await signUp(api);
    await api('POST', '/api/v1/debts', { token: user.token, body: { debt: VALID.debt } });
    await api('POST', '/api/v1/incomes', { token: user.token, body: { income: VALID.income } });
    await api('POST', '/api/v1/housing', { token: user.token, body: { housing: VALID.housing } });
    const session: Session = { authToken: user.token, email: user.email, isAuthenticated: true, stripeCustomerId: null, subscribed: false, birthYear: 1985 };
    let unauthorized = 0;
    const transport = createHttpTransport({ baseUrl: server.url, getToken: () => session.authToken, onUnauthorized: () => unauthorized++ });
    const db = openMirror(`mirror-${randomUUID()}`);
    expect(await createSync({ db, transport, getSession: () => session }).pullAll()).toBe(true);

    expect(await db.debts.toArray()).toEqual((await api('GET', '/api/v1/debts', { token: user.token })).body.debts);
    expect(await db.incomes.toArray()).toEqual((await api('GET', '/api/v1/incomes', { token: user.token })).body.incomes);
    expect((await db.singles.get('housing'))?.record).toEqual((await api('GET', '/api/v1/housing', { token: user.token })).body.housing);
    expect((await db.singles.get('retirementPlan'))?.record).toBeNull();
    expect((await db.profile.get('user'))?.value).toMatchObject({ email: user.email, birth_year: 1985 });
    expect(await db.featureFlags.toArray()).toEqual([{ name: 'allow_signup', enabled: true }]);
    expect(unauthorized).toBe(0);

    // Signed out elsewhere: the next pull reports 401 to the session owner and keeps the mirror.
    await api('DELETE', '/users/sign_out', { token: user.token });
    expect(await createSync({ db, transport, getSession: () => session }).pullCollection('debts')).toBe(false);
    expect(unauthorized).toBe(1);
    expect(await db.debts.count()).toBe(1);
    db.close();
  });
});
