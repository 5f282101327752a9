/**
 * The authentication routes' rate limits (src/server/http/rate-limits.ts), on a server with
 * AUTH_RATE_LIMIT_MAX=3 and the default window of a minute:
 * - sign-in: 3 failures per account from one address, 3 per address and 30 per account from all
 *   addresses a minute; successes only up to 30 sign-ins per address a minute (10 × the limit);
 * - sign-up, reset request and reset: 3 a minute per address, each route counting on its own;
 * - changing the password and deleting the account (signed-in password checks): 3 a minute per
 *   user, from any address, each route on its own.
 * Each test sends from addresses of its own (127.x.y.z, `loopbackAddress`), so tests share no
 * counters, also on a PostgreSQL database other test files have counted in. The server's clock
 * stands still unless a test moves it, so every window has exactly a minute left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/server/db/schema.ts';
import { MemoryRateLimitStore } from '../../src/server/http/rate-limit-store.ts';
import { client, loopbackAddress, outcome, signIn, signUp, startServer, uniqueEmail, type Api, type TestServer, type TestUser } from './harness.ts';

const TOO_MANY = 'Too many attempts. Please wait 1 minute and try again.';
const LIMITED = { status: 429, body: { statusCode: 429, error: TOO_MANY, message: TOO_MANY } };

let now = Date.now();
let server: TestServer;
let home: Api;
let user: TestUser;

/** A client at an address of its own. */
const from = (): Api => client(server.url, loopbackAddress());
/** A new account, signed up from an address of its own (sign-up is limited per address). */
const newUser = (): Promise<TestUser> => signUp(from());

beforeAll(async () => {
  server = await startServer({ env: { AUTH_RATE_LIMIT_MAX: '3' }, clock: { now: () => new Date(now) } });
  home = from();
  user = await signUp(home);
});
afterAll(() => server?.close());

function expectLimited(response: Awaited<ReturnType<Api>>, limit = '3'): void {
  expect(outcome(response)).toEqual(LIMITED);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('retry-after')).toBe('60');
  expect(response.headers.get('x-ratelimit-limit')).toBe(limit);
  expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
  expect(response.headers.get('x-ratelimit-reset')).toBe('60');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
}

/** The keys of the windows the server holds (its table on PostgreSQL, its memory on PGlite). */
async function storedKeys(): Promise<string[]> {
  const store = server.server.ctx.rateLimits.store;
  if (store instanceof MemoryRateLimitStore) return store.keys();
  return (await server.server.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
}

describe('sign-in: failures per account and per address', () => {
  let office: Api;
  let colleague: TestUser;

  it("3 failed sign-ins for one account from one address lock it there: the 4th answers 429, even with the right password; the owner elsewhere signs in", async () => {
    const guesser = from();
    const remaining = [];
    for (let i = 0; i < 3; i++) {
      const failed = await signIn(guesser, user.email, 'wrong-password');
      expect(failed.status).toBe(401);
      expect(failed.headers.get('x-ratelimit-limit')).toBe('3');
      remaining.push(failed.headers.get('x-ratelimit-remaining'));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    expectLimited(await signIn(guesser, user.email, user.password));
    // The account is its email as sign-in normalises it.
    expectLimited(await signIn(guesser, `  ${user.email.toUpperCase()} `, user.password));
    // A guesser cannot lock the owner out: from the owner's own address the account signs in.
    expect((await signIn(from(), user.email, user.password)).status).toBe(200);
  });

  it('failures for one account from 10 addresses together (10 × the limit) lock it everywhere', async () => {
    const target = await newUser();
    for (let a = 0; a < 10; a++) {
      const guesser = from();
      for (let i = 0; i < 3; i++) expect((await signIn(guesser, target.email, 'wrong-password')).status).toBe(401);
    }
    expectLimited(await signIn(from(), target.email, target.password), '30');
  });

  it('3 failed sign-ins from one address lock the address: its 4th answers 429, even with the right password', async () => {
    office = from();
    colleague = await newUser();
    for (let i = 0; i < 3; i++) expect((await signIn(office, uniqueEmail('nobody'), 'wrong-password')).status).toBe(401);

    expectLimited(await signIn(office, colleague.email, colleague.password));
    // The limit is per connection address: a forwarded-for header does not reset it.
    expectLimited(await office('POST', '/users/sign_in', { body: { user: { email: colleague.email, password: colleague.password } }, headers: { 'x-forwarded-for': '203.0.113.7' } }));
    // The account is not locked: it signs in from another address.
    expect((await signIn(from(), colleague.email, colleague.password)).status).toBe(200);
  });

  it('a limited address keeps its session and the public routes', async () => {
    expect((await office('GET', '/api/v1/debts', { token: colleague.token })).status).toBe(200);
    expect((await office('GET', '/api/v1/feature_flags')).status).toBe(200);
  });

  it('successful sign-ins are not failures: 30 sign-ins a minute from one address get through (10 × the limit, typos included), the 31st answers 429', async () => {
    const people: TestUser[] = [];
    for (let i = 0; i < 28; i++) people.push(await newUser());
    const nat = from();
    for (const person of people.slice(0, 2)) expect((await signIn(nat, person.email, 'typo')).status).toBe(401);
    for (const person of people) {
      const signedIn = await signIn(nat, person.email, person.password);
      expect(signedIn.status).toBe(200);
      // Failures left for this address: its two typos count until the window ends.
      expect(signedIn.headers.get('x-ratelimit-remaining')).toBe('1');
    }
    expectLimited(await signIn(nat, people[2]!.email, people[2]!.password), '30');
  });

  it("a successful sign-in clears the account's failures at its address, not the address's", async () => {
    const person = await newUser();
    const desk = from();
    for (let i = 0; i < 2; i++) expect((await signIn(desk, person.email, 'typo')).status).toBe(401);
    const signedIn = await signIn(desk, person.email, person.password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('x-ratelimit-remaining')).toBe('1');

    // Two more failures, from the phone, then the right password: signed in.
    const phone = from();
    for (let i = 0; i < 2; i++) expect((await signIn(phone, person.email, 'typo')).status).toBe(401);
    expect((await signIn(phone, person.email, person.password)).status).toBe(200);

    // The desk's two failures still count: a third locks the desk.
    expect((await signIn(desk, uniqueEmail('nobody'), 'typo')).status).toBe(401);
    expectLimited(await signIn(desk, person.email, person.password));
  });

  it('a body that fails validation answers 422 and counts as no attempt', async () => {
    const person = await newUser();
    const api = from();
    for (let i = 0; i < 4; i++) expect((await api('POST', '/users/sign_in', { body: { user: { email: person.email } } })).status).toBe(422);
    expect((await signIn(api, person.email, person.password)).status).toBe(200);
  });
});

describe('sign-up and password reset: requests per address', () => {
  it('the 4th reset request from one address within a minute answers 429', async () => {
    const api = from();
    for (let i = 0; i < 3; i++) {
      expect((await api('POST', '/users/password', { body: { user: { email: uniqueEmail('reset') } } })).status).toBe(200);
    }
    expectLimited(await api('POST', '/users/password', { body: { user: { email: user.email } } }));
  });

  it('the 4th sign-up from one address within a minute answers 429 (the first was the setup user)', async () => {
    const signUpBody = () => ({ user: { email: uniqueEmail('limited'), password: 'secret123', password_confirmation: 'secret123', birth_year: 1985 } });
    expect((await home('POST', '/users', { body: signUpBody() })).status).toBe(201);
    expect((await home('POST', '/users', { body: { user: { email: user.email, password: 'secret123', password_confirmation: 'secret123', birth_year: 1985 } } })).status).toBe(422);
    expectLimited(await home('POST', '/users', { body: signUpBody() }));
    // A taken email gets the same 429: the limit comes before the check that would reveal it.
    expectLimited(await home('POST', '/users', { body: { user: { email: user.email, password: 'secret123', password_confirmation: 'secret123', birth_year: 1985 } } }));
  });

  it('the 4th reset attempt from one address within a minute answers 429', async () => {
    const api = from();
    const attempt = () =>
      api('PUT', '/users/password', {
        body: { user: { email: user.email, reset_password_token: 'guess', password: 'guessed-1', password_confirmation: 'guessed-1' } },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(422);
    expectLimited(await attempt());
  });

  it('each route counts on its own: an address limited on one still reaches the others', async () => {
    const api = from();
    for (let i = 0; i < 3; i++) expect((await api('POST', '/users/password', { body: { user: { email: uniqueEmail('reset') } } })).status).toBe(200);
    expectLimited(await api('POST', '/users/password', { body: { user: { email: uniqueEmail('reset') } } }));
    expect((await signUp(api)).email).toMatch(/@example\.com$/);
  });
});

describe('changing the password: password checks per user', () => {
  it('the 4th PUT /users of one user within a minute answers 429, even with the right current password, and changes nothing', async () => {
    const target = await newUser();
    const change = (who: TestUser, current: string) =>
      from()('PUT', '/users', { token: who.token, body: { user: { current_password: current, password: 'a new password 1', password_confirmation: 'a new password 1' } } });
    for (let i = 0; i < 3; i++) expect((await change(target, 'wrong-guess')).status).toBe(422);
    expectLimited(await change(target, target.password));
    // The password is the old one still, and the token still works.
    expect((await signIn(from(), target.email, target.password)).status).toBe(200);
    expect((await from()('GET', '/api/v1/profile', { token: target.token })).status).toBe(200);
    // Another user is not limited, and the route counts apart from DELETE /users.
    const neighbour = await newUser();
    expect((await change(neighbour, 'wrong-guess')).status).toBe(422);
    expect((await from()('DELETE', '/users', { token: target.token, body: { user: { current_password: 'wrong-guess' } } })).status).toBe(422);
  });
});

// Last: it moves the server's clock past every window opened above.
describe('deleting the account: password checks per user', () => {
  it('the 4th DELETE /users of one user within a minute answers 429, even with the right password, from any address; other users are not limited', async () => {
    const target = await newUser();
    const attempt = (api: Api, who: TestUser, password: string) => api('DELETE', '/users', { token: who.token, body: { user: { current_password: password } } });
    for (let i = 0; i < 3; i++) expect((await attempt(from(), target, 'wrong-guess')).status).toBe(422);
    expectLimited(await attempt(from(), target, target.password));
    // Still there: the refused attempt erased nothing.
    expect((await from()('GET', '/api/v1/profile', { token: target.token })).status).toBe(200);
    const neighbour = await newUser();
    expect((await attempt(from(), neighbour, 'wrong-guess')).status).toBe(422);
    // A request that is not signed in counts for no one.
    expect((await from()('DELETE', '/users', { body: { user: { current_password: 'x' } } })).status).toBe(401);
  });
});

describe('windows', () => {
  it('a minute after its first failure a locked account signs in again, and pruning deletes the ended windows', async () => {
    const person = await newUser();
    const address = loopbackAddress();
    const desk = client(server.url, address);
    for (let i = 0; i < 3; i++) expect((await signIn(desk, person.email, 'typo')).status).toBe(401);
    expectLimited(await signIn(desk, person.email, person.password));
    // The keys name the rule, the account and the address (rate-limits.ts). On PostgreSQL the
    // table is shared with the other test files' servers, whose clocks differ: only this test's
    // keys are looked at.
    const ours = async () => (await storedKeys()).filter((key) => key.includes(person.email) || key.endsWith(` ${address}`)).sort();
    expect(await ours()).toEqual(
      [
        `sign-in attempts address ${address}`,
        `sign-in failures account ${person.email}`,
        `sign-in failures account ${person.email} address ${address}`,
        `sign-in failures address ${address}`,
      ].sort(),
    );

    now += 60_000;
    await server.server.ctx.rateLimits.store.prune();
    expect(await ours()).toEqual([]);
    expect((await signIn(desk, person.email, person.password)).status).toBe(200);
  });
});
