import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from './rate-limit-store.ts';
import { pluginStore, RateLimits, SIGN_IN_CEILING, tooManyAttempts, waitText } from './rate-limits.ts';

/** A clock that stands still until the test moves it. */
function manualClock(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

function limits(max = 3, windowMs = 60_000) {
  const clock = manualClock();
  const store = new MemoryRateLimitStore(clock);
  return { clock, store, rateLimits: new RateLimits(store, { max, windowMs }) };
}

/** Signs in and reports the outcome as the route would answer it. */
async function attempt(rateLimits: RateLimits, email: string, ip: string, rightPassword: boolean) {
  const signIn = await rateLimits.signIn(email, ip);
  if (!signIn.allowed) return { status: 429, ...signIn.budget };
  const budget = rightPassword ? await signIn.succeeded() : await signIn.failed();
  return { status: rightPassword ? 200 : 401, ...budget };
}

describe('waitText', () => {
  it("names the wait as @fastify/rate-limit's 429 did: whole seconds rounded up, then the largest unit, half up", () => {
    expect(waitText(60_000)).toBe('1 minute');
    expect(waitText(59_001)).toBe('1 minute');
    expect(waitText(59_000)).toBe('59 seconds');
    expect(waitText(45_000)).toBe('45 seconds');
    expect(waitText(1_000)).toBe('1 second');
    expect(waitText(1)).toBe('1 second');
    expect(waitText(0)).toBe('1 second');
    expect(waitText(89_000)).toBe('1 minute');
    expect(waitText(90_000)).toBe('2 minutes');
    expect(waitText(3_600_000)).toBe('1 hour');
    expect(waitText(2 * 86_400_000)).toBe('2 days');
  });

  it('fills the 429 body', () => {
    const message = 'Too many attempts. Please wait 1 minute and try again.';
    expect(tooManyAttempts(60_000)).toEqual({ statusCode: 429, error: message, message });
  });
});

describe('MemoryRateLimitStore', () => {
  it('counts hits in fixed windows, and prunes the ended ones', async () => {
    const { clock, store } = limits();
    expect(await store.hit('k', 1000)).toEqual({ count: 1, ttlMs: 1000 });
    clock.advance(400);
    expect(await store.hit('k', 1000)).toEqual({ count: 2, ttlMs: 600 });
    expect(await store.peek('k')).toEqual({ count: 2, ttlMs: 600 });
    expect(await store.peek('other')).toEqual({ count: 0, ttlMs: 0 });
    clock.advance(600);
    expect(await store.peek('k')).toEqual({ count: 0, ttlMs: 0 });
    expect(store.keys()).toEqual(['k']);
    await store.prune();
    expect(store.keys()).toEqual([]);
    expect(await store.hit('k', 1000)).toEqual({ count: 1, ttlMs: 1000 });
    await store.clear('k');
    expect(await store.peek('k')).toEqual({ count: 0, ttlMs: 0 });
  });
});

describe('pluginStore', () => {
  it("gives each route's child its own keys in the shared store", async () => {
    const { store } = limits();
    const Store = pluginStore(store);
    const root = new Store({});
    const signUp = root.child({ routeInfo: { method: 'POST', url: '/users' } } as never);
    const reset = root.child({ routeInfo: { method: 'POST', url: '/users/password' } } as never);
    const incr = (child: typeof signUp) => new Promise((resolve, reject) => child.incr('10.0.0.1', (error, result) => (error ? reject(error) : resolve(result)), 60_000, 3));
    expect(await incr(signUp)).toEqual({ current: 1, ttl: 60_000 });
    expect(await incr(signUp)).toEqual({ current: 2, ttl: 60_000 });
    expect(await incr(reset)).toEqual({ current: 1, ttl: 60_000 });
    expect(store.keys().sort()).toEqual(['POST /users 10.0.0.1', 'POST /users/password 10.0.0.1']);
  });
});

describe('RateLimits.forgetUser', () => {
  it("forgets the counts that name the user (an erased account), and no one else's", async () => {
    const { store, rateLimits } = limits();
    const Store = pluginStore(store);
    const checkout = new Store({}).child({ routeInfo: { method: 'POST', url: '/api/v1/create_checkout_session' } } as never);
    const incr = (key: string) => new Promise((resolve, reject) => checkout.incr(key, (error, result) => (error ? reject(error) : resolve(result)), 60_000, 3));
    for (const key of ['user 5', 'user 15', 'user 51']) await incr(key);
    // An email may hold '_' and '%'; a shorter or longer address is someone else.
    for (const email of ['a_b%c@example.co', 'a_b%c@example.com', 'xa_b%c@example.co']) {
      const attempt = await rateLimits.signIn(email, '10.0.0.2');
      if (attempt.allowed) await attempt.failed();
    }
    await rateLimits.forgetUser({ id: 5, email: 'a_b%c@example.co' });
    expect(store.keys().sort()).toEqual(
      [
        'POST /api/v1/create_checkout_session user 15',
        'POST /api/v1/create_checkout_session user 51',
        'sign-in attempts address 10.0.0.2',
        'sign-in failures account a_b%c@example.com',
        'sign-in failures account a_b%c@example.com address 10.0.0.2',
        'sign-in failures account xa_b%c@example.co',
        'sign-in failures account xa_b%c@example.co address 10.0.0.2',
        'sign-in failures address 10.0.0.2',
      ].sort(),
    );
  });
});

describe('RateLimits.signIn', () => {
  it('refuses an account at an address after max failures there, whatever the password, until the window ends; the owner elsewhere is not held back', async () => {
    const { clock, rateLimits } = limits();
    expect(await attempt(rateLimits, 'a@example.com', '10.0.0.1', false)).toEqual({ status: 401, limit: 3, remaining: 2, ttlMs: 60_000 });
    expect(await attempt(rateLimits, 'a@example.com', '10.0.0.1', false)).toMatchObject({ status: 401, remaining: 1 });
    expect(await attempt(rateLimits, 'a@example.com', '10.0.0.1', false)).toMatchObject({ status: 401, remaining: 0 });
    clock.advance(10_000);
    expect(await attempt(rateLimits, 'a@example.com', '10.0.0.1', true)).toEqual({ status: 429, limit: 3, remaining: 0, ttlMs: 50_000 });
    // A guesser at one address cannot lock the owner out of the account everywhere.
    expect(await attempt(rateLimits, 'a@example.com', '10.0.0.2', true)).toMatchObject({ status: 200 });
    clock.advance(50_000);
    expect(await attempt(rateLimits, 'a@example.com', '10.0.0.1', true)).toMatchObject({ status: 200 });
  });

  it(`refuses an account everywhere after ${SIGN_IN_CEILING} × max failures from all addresses together`, async () => {
    const { rateLimits } = limits();
    // 10 addresses, each as many failures as it may make (3): 30 failures for the account.
    for (let a = 0; a < SIGN_IN_CEILING; a++) {
      for (let i = 0; i < 3; i++) expect(await attempt(rateLimits, 'a@example.com', `10.0.2.${a}`, false)).toMatchObject({ status: 401 });
    }
    expect(await attempt(rateLimits, 'a@example.com', '10.0.3.1', true)).toEqual({ status: 429, limit: 30, remaining: 0, ttlMs: 60_000 });
    expect(await attempt(rateLimits, 'b@example.com', '10.0.3.1', true)).toMatchObject({ status: 200 });
  });

  it("the owner's own sign-ins never count toward the account's lock", async () => {
    const { rateLimits } = limits();
    for (let i = 0; i < SIGN_IN_CEILING * 3; i++) expect(await attempt(rateLimits, 'a@example.com', `10.0.4.${i}`, true)).toMatchObject({ status: 200 });
    expect(await attempt(rateLimits, 'a@example.com', '10.0.5.1', true)).toMatchObject({ status: 200 });
  });

  it('refuses an address after max failures on any accounts, and counts an IPv6 address by its /64', async () => {
    const { rateLimits } = limits();
    expect(await attempt(rateLimits, 'x@example.com', '2001:db8:1:2::1', false)).toMatchObject({ status: 401 });
    expect(await attempt(rateLimits, 'y@example.com', '2001:db8:1:2::2', false)).toMatchObject({ status: 401 });
    expect(await attempt(rateLimits, 'z@example.com', '2001:db8:1:2:ffff::3', false)).toMatchObject({ status: 401 });
    expect(await attempt(rateLimits, 'a@example.com', '2001:db8:1:2::4', true)).toEqual({ status: 429, limit: 3, remaining: 0, ttlMs: 60_000 });
    expect(await attempt(rateLimits, 'a@example.com', '2001:db8:1:3::4', true)).toMatchObject({ status: 200 });
  });

  it(`lets ${SIGN_IN_CEILING} × max sign-ins a window through from one address, and refuses the next`, async () => {
    const { rateLimits } = limits();
    for (let i = 0; i < SIGN_IN_CEILING * 3; i++) expect(await attempt(rateLimits, `p${i}@example.com`, '10.0.0.1', true)).toMatchObject({ status: 200, remaining: 3 });
    expect(await attempt(rateLimits, 'p0@example.com', '10.0.0.1', true)).toEqual({ status: 429, limit: 30, remaining: 0, ttlMs: 60_000 });
  });

  it("a success clears the account's failures at its address, not the address's", async () => {
    const { rateLimits } = limits();
    await attempt(rateLimits, 'a@example.com', '10.0.0.1', false);
    await attempt(rateLimits, 'a@example.com', '10.0.0.1', false);
    expect(await attempt(rateLimits, 'a@example.com', '10.0.0.1', true)).toMatchObject({ status: 200, remaining: 1 });
    expect(await attempt(rateLimits, 'a@example.com', '10.0.0.2', false)).toMatchObject({ status: 401, remaining: 2 });
    expect(await attempt(rateLimits, 'b@example.com', '10.0.0.1', false)).toMatchObject({ status: 401, remaining: 0 });
    expect(await attempt(rateLimits, 'a@example.com', '10.0.0.1', true)).toMatchObject({ status: 429 });
  });

  it('counts parallel guesses at one account from one address exactly: max get through, the rest are refused', async () => {
    const { rateLimits } = limits();
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => attempt(rateLimits, 'a@example.com', '10.0.1.1', false)));
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
  });
});
