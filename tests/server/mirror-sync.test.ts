/**
 * The client's sync engine against the real server: the API transport (ky) over HTTP fills a
 * Dexie mirror (fake-indexeddb) with exactly what the server has; a revoked token reports 401.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpTransport } from '../../src/client/data/api.ts';
import { openMirror } from '../../src/client/data/mirror/db.ts';
import type { Session } from '../../src/client/data/session/session.ts';
import { createSync } from '../../src/client/data/sync/sync.ts';
import { client, signUp, startServer, subscribeAs, VALID, type Api, type TestServer } from './harness.ts';

let server: TestServer;
let api: Api;

const ADMIN = 'mirror-sync-admin-secret';

beforeAll(async () => {
  server = await startServer({ adminSecret: ADMIN });
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

describe('month tables the mirror already holds', () => {
  it('are asked for with their ETag: an unchanged table is answered 304 and not written again, a changed one is laid down', async () => {
    const user = await signUp(api);
    await subscribeAs(api, ADMIN, user.email);
    await api('POST', '/api/v1/incomes', { token: user.token, body: { income: VALID.income } });
    const session: Session = { authToken: user.token, email: user.email, isAuthenticated: true, stripeCustomerId: null, subscribed: true, birthYear: 1985 };
    const statuses: number[] = [];
    const http = createHttpTransport({ baseUrl: server.url, getToken: () => session.authToken, onUnauthorized: () => {} });
    const transport = {
      request: async (request: Parameters<typeof http.request>[0]) => {
        const result = await http.request(request);
        if (request.path === '/api/v1/income_months') statuses.push(result.ok ? result.status : -1);
        return result;
      },
    };
    const db = openMirror(`mirror-${randomUUID()}`);
    const sync = createSync({ db, transport, getSession: () => session });

    expect(await sync.pullMonths('incomeMonths')).toBe(true);
    const first = await db.months.get('incomeMonths');
    expect(first?.body).toEqual((await api('GET', '/api/v1/income_months', { token: user.token })).body);
    expect(first?.etag).toMatch(/^"[\w-]{27}"$/);

    // Nothing changed: a 304, and the row is the one written before (its stamp is kept).
    expect(await sync.pullMonths('incomeMonths')).toBe(true);
    expect(statuses).toEqual([200, 304]);
    expect(await db.months.get('incomeMonths')).toEqual(first);
    expect((await db.syncStatus.get('incomeMonths'))?.error).toBeNull();

    // The plan changed on the server: the held tag no longer matches, the new table is laid down.
    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
    const added = await api('POST', '/api/v1/other_expenses', { token: user.token, body: { other_expense: { month: nextMonth, description: 'Trip', amount: 400 } } });
    expect(added.status).toBe(201);
    expect(await sync.pullMonths('incomeMonths')).toBe(true);
    expect(statuses).toEqual([200, 304, 200]);
    const second = await db.months.get('incomeMonths');
    expect(second?.body).toEqual((await api('GET', '/api/v1/income_months', { token: user.token })).body);
    expect(second?.etag).not.toBe(first?.etag);
    expect(second?.stamp).not.toBe(first?.stamp);
    db.close();
  });
});
