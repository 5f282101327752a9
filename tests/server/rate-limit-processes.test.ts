/**
 * Two real server processes on one PostgreSQL database, AUTH_RATE_LIMIT_MAX=3: the limits hold
 * across them, as one process's would (src/server/http/rate-limits.ts). With counters in each
 * process's memory, a client alternating between the two got twice the attempts. Runs in the
 * PostgreSQL layer of `npm test` (DATABASE_URL set); on PGlite one process owns the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, loopbackAddress, signIn, signUp, uniqueEmail, type Api } from './harness.ts';
import { ServerProcess } from './server-process.ts';

const TOO_MANY = 'Too many attempts. Please wait 1 minute and try again.';

describe.runIf(process.env.DATABASE_URL)('rate limits across two server processes on PostgreSQL', () => {
  const processes: ServerProcess[] = [];

  /** The same client address on process A and on process B. */
  const clientPair = (): [Api, Api] => {
    const address = loopbackAddress();
    return [client(processes[0]!.url, address), client(processes[1]!.url, address)];
  };

  beforeAll(async () => {
    // One after the other: both would run the migrations at once otherwise.
    processes.push(await ServerProcess.start({ env: { AUTH_RATE_LIMIT_MAX: '3' } }));
    processes.push(await ServerProcess.start({ env: { AUTH_RATE_LIMIT_MAX: '3' } }));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((each) => each.stop()));
  });

  function expectLimited(response: Awaited<ReturnType<Api>>): void {
    expect({ status: response.status, body: response.body }).toEqual({ status: 429, body: { statusCode: 429, error: TOO_MANY, message: TOO_MANY } });
    expect(response.headers.get('x-ratelimit-limit')).toBe('3');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  }

  it("an account's failures from one address add up across processes: the 4th attempt answers 429 on either", async () => {
    const [onA] = clientPair();
    const user = await signUp(onA);
    const [a, b] = clientPair();
    expect((await signIn(a, user.email, 'wrong-password')).status).toBe(401);
    expect((await signIn(b, user.email, 'wrong-password')).status).toBe(401);
    expect((await signIn(a, user.email, 'wrong-password')).status).toBe(401);
    expectLimited(await signIn(b, user.email, user.password));
    expectLimited(await signIn(a, user.email, user.password));
  });

  it("an address's failures add up across processes", async () => {
    const [onA] = clientPair();
    const user = await signUp(onA);
    const [a, b] = clientPair();
    expect((await signIn(a, uniqueEmail('nobody'), 'wrong-password')).status).toBe(401);
    expect((await signIn(b, uniqueEmail('nobody'), 'wrong-password')).status).toBe(401);
    expect((await signIn(a, uniqueEmail('nobody'), 'wrong-password')).status).toBe(401);
    expectLimited(await signIn(b, user.email, user.password));
  });

  it("an address's sign-ups add up across processes", async () => {
    const [a, b] = clientPair();
    const body = () => ({ user: { email: uniqueEmail('limited'), password: 'secret123', password_confirmation: 'secret123', birth_year: 1985 } });
    expect((await a('POST', '/users', { body: body() })).status).toBe(201);
    expect((await b('POST', '/users', { body: body() })).status).toBe(201);
    expect((await a('POST', '/users', { body: body() })).status).toBe(201);
    expectLimited(await b('POST', '/users', { body: body() }));
  });

  it('20 guesses at one password sent at once from one address to both processes: exactly 3 are checked, 17 answer 429', async () => {
    const [onA] = clientPair();
    const user = await signUp(onA);
    const [a, b] = clientPair();
    const guesses = Array.from({ length: 20 }, (_, i) => signIn(i % 2 === 0 ? a : b, user.email, `guess-${i}`));
    const statuses = (await Promise.all(guesses)).map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(17);
  });

  it("an account's failures from many addresses add up across processes: 10 × the limit locks it everywhere", async () => {
    const [onA] = clientPair();
    const user = await signUp(onA);
    for (let address = 0; address < 10; address++) {
      const [a, b] = clientPair();
      for (let i = 0; i < 3; i++) expect((await signIn(i % 2 === 0 ? a : b, user.email, 'wrong-password')).status).toBe(401);
    }
    const [a, b] = clientPair();
    const limited = await signIn(b, user.email, user.password);
    expect({ status: limited.status, limit: limited.headers.get('x-ratelimit-limit') }).toEqual({ status: 429, limit: '30' });
    expect((await signIn(a, user.email, user.password)).status).toBe(429);
  });
});
