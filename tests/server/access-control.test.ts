/**
 * Who may touch what: another user's ids answer 404 and never the record (docs/api.md#errors), ids
 * that cannot be ours answer 404, and every authenticated route answers 401 to a missing,
 * garbage, tampered, foreign-signed or revoked token.
 */
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTHENTICATED_ROUTES,
  client,
  COLLECTIONS,
  decodeJwt,
  encodeJwtPart,
  errorBody,
  ISO_TIMESTAMP,
  NOT_SIGNED_IN,
  newSession,
  outcome,
  signUp,
  SINGLES,
  startServer,
  VALID,
  type Api,
  type TestServer,
  type TestUser,
} from './harness.ts';

let server: TestServer;
let api: Api;
let alice: TestUser;
let bob: TestUser;
/** Alice's records, as she created them: collection record → record. */
const aliceRecords: Record<string, Record<string, unknown>> = {};
/** Alice's single records, as GET answers them. */
const aliceSingles: Record<string, unknown> = {};

async function snapshot(user: TestUser) {
  const state: Record<string, unknown> = {};
  for (const c of COLLECTIONS) state[c.path] = (await api('GET', c.path, { token: user.token })).body;
  for (const s of SINGLES) state[s.path] = (await api('GET', s.path, { token: user.token })).body;
  state.profile = (await api('GET', '/api/v1/profile', { token: user.token })).body;
  return state;
}

beforeAll(async () => {
  server = await startServer();
  api = client(server.url);
  alice = await signUp(api);
  bob = await signUp(api);
  for (const c of COLLECTIONS) {
    const response = await api('POST', c.path, { token: alice.token, body: { [c.record]: VALID[c.record] } });
    expect(response.status).toBe(201);
    aliceRecords[c.record] = response.body[c.record];
  }
  for (const s of SINGLES) {
    const body = { [s.record]: s.record === 'housing' ? VALID.mortgage : VALID[s.record] };
    expect((await api('POST', s.path, { token: alice.token, body })).status).toBe(201);
    aliceSingles[s.path] = (await api('GET', s.path, { token: alice.token })).body;
  }
});
afterAll(() => server?.close());

describe("another user's records", () => {
  let before: Record<string, unknown>;
  beforeAll(async () => {
    before = await snapshot(alice);
  });

  it.each(COLLECTIONS)("$path: PUT and DELETE of Alice's id answer 404 to Bob", async (c) => {
    const id = aliceRecords[c.record]!.id;
    const notFound = { status: 404, body: errorBody(`${c.label} not found`) };
    expect(outcome(await api('PUT', `${c.path}/${id}`, { token: bob.token, body: { [c.record]: VALID[c.record] } }))).toEqual(notFound);
    expect(outcome(await api('PUT', `${c.path}/${id}`, { token: bob.token, body: { [c.record]: {} } }))).toEqual(notFound);
    expect(outcome(await api('DELETE', `${c.path}/${id}`, { token: bob.token }))).toEqual(notFound);
    // An idempotency key does not change the answer, and a replay does not either.
    const keyed = { token: bob.token, headers: { 'idempotency-key': `steal-${c.record}` } };
    expect(outcome(await api('DELETE', `${c.path}/${id}`, keyed))).toEqual(notFound);
    expect(outcome(await api('DELETE', `${c.path}/${id}`, keyed))).toEqual(notFound);
  });

  it.each(COLLECTIONS)("$path: Bob's list holds only Bob's records", async (c) => {
    expect((await api('GET', c.path, { token: bob.token })).body).toEqual({ [c.listKey]: [] });
    const own = await api('POST', c.path, { token: bob.token, body: { [c.record]: VALID[c.record] } });
    expect(own.status).toBe(201);
    expect((await api('GET', c.path, { token: bob.token })).body).toEqual({ [c.listKey]: [own.body[c.record]] });
    // Bob's own id is not Alice's, and she does not see his record.
    expect(own.body[c.record].id).not.toBe(aliceRecords[c.record]!.id);
    expect((await api('GET', c.path, { token: alice.token })).body).toEqual({ [c.listKey]: [aliceRecords[c.record]] });
  });

  it.each(SINGLES)("$path: Bob reads null and his writes create his own record, never Alice's", async (s) => {
    expect((await api('GET', s.path, { token: bob.token })).body).toEqual({ [s.getKey]: null });
    const body = { [s.record]: VALID[s.record] };
    const created = await api('PUT', s.path, { token: bob.token, body });
    expect(created.status).toBe(201);
    const aliceId = (aliceSingles[s.path] as Record<string, { id: number }>)[s.getKey]!.id;
    expect(created.body[s.record].id).not.toBe(aliceId);
    expect((await api('POST', s.path, { token: bob.token, body })).status).toBe(200);
    expect((await api('GET', s.path, { token: alice.token })).body).toEqual(aliceSingles[s.path]);
  });

  it("Bob's DELETE of the retirement plan deletes only his own", async () => {
    expect((await api('DELETE', '/api/v1/retirement_plan', { token: bob.token })).status).toBe(204);
    expect(outcome(await api('DELETE', '/api/v1/retirement_plan', { token: bob.token }))).toEqual({ status: 404, body: errorBody('Retirement plan not found') });
    expect((await api('GET', '/api/v1/retirement_plan', { token: alice.token })).body).toEqual(aliceSingles['/api/v1/retirement_plan']);
  });

  it("Alice's records are exactly as they were after all of Bob's attempts", async () => {
    expect(await snapshot(alice)).toEqual(before);
  });
});

describe('ids that cannot be found', () => {
  const IDS = ['abc', '0', '-1', '1.5', '01', '1e3', '%20', '2147483647', '2147483648', '99999999999999999999'];

  it.each(COLLECTIONS)('$path/{id}: non-numeric, zero, negative and huge ids answer 404 JSON', async (c) => {
    const notFound = { status: 404, body: errorBody(`${c.label} not found`) };
    const answers = [];
    for (const id of IDS) {
      answers.push({ id, method: 'PUT', ...outcome(await api('PUT', `${c.path}/${id}`, { token: alice.token, body: { [c.record]: VALID[c.record] } })) });
      answers.push({ id, method: 'DELETE', ...outcome(await api('DELETE', `${c.path}/${id}`, { token: alice.token })) });
    }
    expect(answers).toEqual(IDS.flatMap((id) => [{ id, method: 'PUT', ...notFound }, { id, method: 'DELETE', ...notFound }]));
    expect((await api('GET', c.path, { token: alice.token })).body).toEqual({ [c.listKey]: [aliceRecords[c.record]] });
  });

  it('a GET of one record by id is not a route', async () => {
    const id = aliceRecords.debt!.id;
    const response = await api('GET', `/api/v1/debts/${id}`, { token: alice.token });
    expect(outcome(response)).toEqual({ status: 404, body: errorBody('Not found') });
  });
});

describe('authentication of every /api/v1 route', () => {
  let victim: TestUser;
  let token: string;
  beforeAll(async () => {
    victim = await signUp(api);
    token = await newSession(api, victim);
  });

  /** Each credential to try, built from a live session of the victim (so only once it exists). */
  function credentials(): [string, Record<string, string>][] {
    const { header, payload, signature } = decodeJwt(token);
    const [h, p] = token.split('.') as [string, string];
    const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
    return [
      ['no token', {}],
      ['an empty bearer', { authorization: 'Bearer ' }],
      ['a garbage token', { authorization: 'Bearer not.a.jwt' }],
      ['a token in another scheme', { authorization: `Token ${token}` }],
      ['a token with a changed signature', { authorization: `Bearer ${h}.${p}.${flipped}` }],
      ['a token whose expiry was pushed back', { authorization: `Bearer ${h}.${encodeJwtPart({ ...payload, exp: payload.exp + 365 * 86400 })}.${signature}` }],
      ['a token for another user', { authorization: `Bearer ${h}.${encodeJwtPart({ ...payload, sub: String(alice.id) })}.${signature}` }],
      ['an unsigned token (alg none)', { authorization: `Bearer ${encodeJwtPart({ ...header, alg: 'none' })}.${p}.` }],
    ];
  }

  async function tryAll(headers: Record<string, string>) {
    const answers = [];
    for (const route of AUTHENTICATED_ROUTES) {
      const response = await api(route.method, route.path, { headers, ...(route.body === undefined ? {} : { body: route.body }) });
      answers.push({ route: `${route.method} ${route.path}`, ...outcome(response) });
    }
    return answers;
  }
  const all401 = () => AUTHENTICATED_ROUTES.map((route) => ({ route: `${route.method} ${route.path}`, status: 401, body: errorBody(NOT_SIGNED_IN) }));

  it('the live token itself works (the forgeries below start from it)', async () => {
    expect((await api('GET', '/api/v1/debts', { token })).status).toBe(200);
  });

  it.each([
    'no token',
    'an empty bearer',
    'a garbage token',
    'a token in another scheme',
    'a token with a changed signature',
    'a token whose expiry was pushed back',
    'a token for another user',
    'an unsigned token (alg none)',
  ])('answers 401 {error} with %s', async (label) => {
    const headers = credentials().find(([name]) => name === label)?.[1];
    if (!headers) throw new Error(`no credential named ${label}`);
    expect(await tryAll(headers)).toEqual(all401());
  });

  it('answers 401 to a token with the right claims signed with another secret', async () => {
    const { payload } = decodeJwt(token);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(payload.sub)
      .setJti(payload.jti)
      .setIssuedAt(payload.iat)
      .setExpirationTime(payload.exp)
      .sign(randomBytes(48));
    expect(await tryAll({ authorization: `Bearer ${forged}` })).toEqual(all401());
  });

  it('answers 401 to a token that was signed out', async () => {
    const revoked = await newSession(api, victim);
    expect((await api('DELETE', '/users/sign_out', { token: revoked })).status).toBe(200);
    expect(await tryAll({ authorization: `Bearer ${revoked}` })).toEqual(all401());
  });

  it('none of the refused calls wrote anything, and the live token still works', async () => {
    for (const c of COLLECTIONS) expect((await api('GET', c.path, { token })).body).toEqual({ [c.listKey]: [] });
    for (const s of SINGLES) expect((await api('GET', s.path, { token })).body).toEqual({ [s.getKey]: null });
    const profile = await api('GET', '/api/v1/profile', { token });
    expect(JSON.parse(profile.body.user)).toEqual({ id: victim.id, email: victim.email, birth_year: 1985, created_at: expect.stringMatching(ISO_TIMESTAMP) });
    expect((await api('POST', '/users/sign_in', { body: { user: { email: victim.email, password: victim.password } } })).status).toBe(200);
  });
});
