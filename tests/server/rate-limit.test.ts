/**
 * The authentication routes are rate limited per address (AUTH_RATE_LIMIT_MAX per
 * AUTH_RATE_LIMIT_WINDOW_MS, a minute by default). This server allows 3 attempts a minute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, outcome, signIn, signUp, startServer, uniqueEmail, type Api, type TestServer, type TestUser } from './harness.ts';

const TOO_MANY = 'Too many attempts. Please wait 1 minute and try again.';
const LIMITED = { status: 429, body: { statusCode: 429, error: TOO_MANY, message: TOO_MANY } };

let server: TestServer;
let api: Api;
let user: TestUser;

beforeAll(async () => {
  server = await startServer({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
  api = client(server.url);
  user = await signUp(api);
});
afterAll(() => server?.close());

function expectLimited(response: Awaited<ReturnType<Api>>): void {
  expect(outcome(response)).toEqual(LIMITED);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('retry-after')).toBe('60');
  expect(response.headers.get('x-ratelimit-limit')).toBe('3');
  expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
}

describe('rate limiting of the authentication routes', () => {
  it('the 4th sign-in from one address within a minute answers 429, even with the right password', async () => {
    expect((await signIn(api, user.email, 'wrong-password')).status).toBe(401);
    expect((await signIn(api, uniqueEmail('nobody'), 'wrong-password')).status).toBe(401);
    const third = await signIn(api, user.email, user.password);
    expect(third.status).toBe(200);
    expect(third.headers.get('x-ratelimit-remaining')).toBe('0');

    expectLimited(await signIn(api, user.email, user.password));
    // The limit is per connection address: a forwarded-for header does not reset it.
    expectLimited(await api('POST', '/users/sign_in', { body: { user: { email: user.email, password: user.password } }, headers: { 'x-forwarded-for': '203.0.113.7' } }));
  });

  it('a limited address keeps its session and the public routes', async () => {
    expect((await api('GET', '/api/v1/debts', { token: user.token })).status).toBe(200);
    expect((await api('GET', '/api/v1/feature_flags')).status).toBe(200);
  });

  it('the 4th reset request from one address within a minute answers 429', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await api('POST', '/users/password', { body: { user: { email: uniqueEmail('reset') } } })).status).toBe(200);
    }
    expectLimited(await api('POST', '/users/password', { body: { user: { email: user.email } } }));
  });

  it('the 4th sign-up from one address within a minute answers 429 (the first was the setup user)', async () => {
    const signUpBody = () => ({ user: { email: uniqueEmail('limited'), password: 'secret123', password_confirmation: 'secret123', birth_year: 1985 } });
    expect((await api('POST', '/users', { body: signUpBody() })).status).toBe(201);
    expect((await api('POST', '/users', { body: { user: { email: user.email, password: 'secret123', password_confirmation: 'secret123', birth_year: 1985 } } })).status).toBe(422);
    expectLimited(await api('POST', '/users', { body: signUpBody() }));
    // A taken email gets the same 429: the limit comes before the check that would reveal it.
    expectLimited(await api('POST', '/users', { body: { user: { email: user.email, password: 'secret123', password_confirmation: 'secret123', birth_year: 1985 } } }));
  });

  it('the 4th reset attempt from one address within a minute answers 429', async () => {
    const attempt = () =>
      api('PUT', '/users/password', {
        body: { user: { email: user.email, reset_password_token: 'guess', password: 'guessed-1', password_confirmation: 'guessed-1' } },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(422);
    expectLimited(await attempt());
  });
});
