/**
 * Accounts over real HTTP: sign up, the allow_signup flag (toggled through the loopback admin
 * route), sign in, sign out, change password and the profile (docs/product.md#validation, #calls
 * and #error-messages; docs/api.md#accounts-and-tokens).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  decodeJwt,
  errorBody,
  ISO_TIMESTAMP,
  NOT_SIGNED_IN,
  newSession,
  outcome,
  serverYear,
  signIn,
  signUp,
  startServer,
  uniqueEmail,
  type Api,
  type TestServer,
} from './harness.ts';

const ADMIN_SECRET = 'x';
const DAY_S = 24 * 60 * 60;

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startServer({ adminSecret: ADMIN_SECRET });
  api = client(server.url);
});
afterAll(async () => {
  // On PostgreSQL every test file shares one database: never leave sign-up switched off.
  if (server) await setSignup(true);
  await server?.close();
});

/** Switches sign-up through the admin route; `secret: null` sends no x-admin-secret header at all. */
function setSignup(enabled: boolean, secret: string | null = ADMIN_SECRET) {
  return api('PUT', '/admin/feature_flags/allow_signup', {
    body: { enabled },
    ...(secret === null ? {} : { headers: { 'x-admin-secret': secret } }),
  });
}

function signUpBody(overrides: Record<string, unknown> = {}) {
  return { user: { email: uniqueEmail('signup'), password: 'secret123', password_confirmation: 'secret123', birth_year: 1985, ...overrides } };
}

/** Whether a token opens an authenticated call. */
async function tokenWorks(token: string): Promise<boolean> {
  const response = await api('GET', '/api/v1/debts', { token });
  if (response.status === 200) return true;
  expect(outcome(response)).toEqual({ status: 401, body: errorBody(NOT_SIGNED_IN) });
  return false;
}

describe('POST /users (sign up)', () => {
  it('creates the account (email trimmed and lowercased) and answers the session, also as a bearer header', async () => {
    const local = uniqueEmail('Mixed');
    const response = await api('POST', '/users', {
      body: { user: { email: `  ${local.toUpperCase()} `, password: 'secret123', password_confirmation: 'secret123', birth_year: 1985 } },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      status: {
        code: 201,
        message: 'Signed up successfully.',
        data: {
          token: expect.any(String),
          user: { id: expect.any(Number), email: local.toLowerCase(), birth_year: 1985, subscribed: false, stripe_customer_id: null },
        },
      },
    });
    const token = response.body.status.data.token as string;
    expect(response.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(await tokenWorks(token)).toBe(true);
    // The stored email is the lowercased one: signing in with it works.
    expect((await signIn(api, local.toLowerCase(), 'secret123')).status).toBe(200);
  });

  it('issues a 24-hour HS256 token, or a 30-day one with remember_me', async () => {
    const before = Math.floor(Date.now() / 1000);
    const plain = await api('POST', '/users', { body: signUpBody() });
    const remembered = await api('POST', '/users', { body: { user: { ...signUpBody().user, remember_me: true } } });
    const after = Math.ceil(Date.now() / 1000);
    expect([plain.status, remembered.status]).toEqual([201, 201]);

    const short = decodeJwt(plain.body.status.data.token);
    expect(short.header).toEqual({ alg: 'HS256' });
    expect(short.payload.sub).toBe(String(plain.body.status.data.user.id));
    expect(short.payload.jti).toEqual(expect.any(String));
    expect(short.payload.exp - short.payload.iat).toBe(DAY_S);
    expect(short.payload.exp).toBeGreaterThanOrEqual(before + DAY_S);
    expect(short.payload.exp).toBeLessThanOrEqual(after + DAY_S);

    const long = decodeJwt(remembered.body.status.data.token);
    expect(long.payload.exp - long.payload.iat).toBe(30 * DAY_S);
    expect(long.payload.exp).toBeGreaterThanOrEqual(before + 30 * DAY_S);
    expect(long.payload.exp).toBeLessThanOrEqual(after + 30 * DAY_S);
  });

  it('reads remember_me as sign-in does: the text "true" also gives a 30-day token', async () => {
    const response = await api('POST', '/users', { body: { user: { ...signUpBody().user, remember_me: 'true' } } });
    expect(response.status).toBe(201);
    const { payload } = decodeJwt(response.body.status.data.token);
    expect(payload.exp - payload.iat).toBe(30 * DAY_S);
  });

  it('reads a birth year sent as text', async () => {
    const response = await api('POST', '/users', { body: signUpBody({ birth_year: '1990' }) });
    expect(response.status).toBe(201);
    expect(response.body.status.data.user.birth_year).toBe(1990);
  });

  it('refuses an email that is taken, whatever its case, with 422 on the email field', async () => {
    const user = await signUp(api);
    for (const email of [user.email, user.email.toUpperCase()]) {
      const response = await api('POST', '/users', { body: signUpBody({ email }) });
      expect(outcome(response)).toEqual({
        status: 422,
        body: errorBody('Email has already been taken', { email: ['Email has already been taken'] }),
      });
    }
    // The account is untouched: its password still signs in.
    expect((await signIn(api, user.email, user.password)).status).toBe(200);
  });

  it('creates one account when two sign-ups with the same email race', async () => {
    const body = signUpBody();
    const responses = await Promise.all([api('POST', '/users', { body }), api('POST', '/users', { body }), api('POST', '/users', { body })]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 422, 422]);
    for (const refused of responses.filter((r) => r.status === 422)) {
      expect(refused.body).toEqual(errorBody('Email has already been taken', { email: ['Email has already been taken'] }));
    }
  });

  it('answers every field error of an empty form, the first one as the message', async () => {
    const response = await api('POST', '/users', { body: { user: {} } });
    expect(outcome(response)).toEqual({
      status: 422,
      body: errorBody('Email is required', {
        email: ['Email is required'],
        password: ['Password is required'],
        birth_year: ['Birth year is required'],
        password_confirmation: ['Password confirmation is required'],
      }),
    });
  });

  const nextYear = serverYear() + 1;
  it.each([
    ['an invalid email', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['an email with a space', { email: 'a b@example.com' }, 'email', 'Please enter a valid email address'],
    ['a short password', { password: 'abc12', password_confirmation: 'abc12' }, 'password', 'Password must be at least 6 characters long'],
    ['a password over 128 characters', { password: 'p'.repeat(129), password_confirmation: 'p'.repeat(129) }, 'password', 'Password is too long (maximum 128 characters)'],
    ['a confirmation that differs', { password_confirmation: 'secret124' }, 'password_confirmation', 'Passwords do not match'],
    ['birth year 1900', { birth_year: 1900 }, 'birth_year', 'Birth year must be greater than 1900'],
    ['a birth year in the future', { birth_year: nextYear }, 'birth_year', 'Birth year cannot be in the future'],
    ['a birth year that is not a number', { birth_year: 'abc' }, 'birth_year', 'Birth year must be a valid number'],
  ])('refuses %s with 422', async (_label, overrides, field, message) => {
    const body = signUpBody(overrides);
    const response = await api('POST', '/users', { body });
    expect(outcome(response)).toEqual({ status: 422, body: errorBody(message, { [field]: [message] }) });
    // Nothing was created: the same email can still sign up once the form is right.
    if (field !== 'email') expect((await api('POST', '/users', { body: signUpBody({ email: body.user.email }) })).status).toBe(201);
  });

  it('accepts the boundaries 1901 and the current year, and a 6-character password', async () => {
    for (const birth_year of [1901, serverYear()]) {
      const response = await api('POST', '/users', { body: signUpBody({ birth_year, password: 'abc123', password_confirmation: 'abc123' }) });
      expect(response.status).toBe(201);
      expect(response.body.status.data.user.birth_year).toBe(birth_year);
    }
  });

  it('answers 422 when the body has no user object', async () => {
    for (const body of [{}, { user: 'alice@example.com' }, { user: ['a'] }]) {
      const response = await api('POST', '/users', { body });
      expect(outcome(response)).toEqual({
        status: 422,
        body: errorBody('The request body must contain a "user" object', { user: ['user must be an object'] }),
      });
    }
  });
});

describe('feature flags and the allow_signup switch', () => {
  it('GET /api/v1/feature_flags is public and lists allow_signup, on by default', async () => {
    const response = await api('GET', '/api/v1/feature_flags');
    expect(outcome(response)).toEqual({ status: 200, body: { feature_flags: [{ name: 'allow_signup', enabled: true }] } });
  });

  it('the admin route answers 404 without the secret or with a wrong one, and changes nothing', async () => {
    for (const secret of [null, '', 'y', 'xx', 'X']) {
      const response = await setSignup(false, secret);
      expect(outcome(response)).toEqual({ status: 404, body: errorBody('Not found') });
    }
    expect((await api('GET', '/api/v1/feature_flags')).body).toEqual({ feature_flags: [{ name: 'allow_signup', enabled: true }] });
    expect((await api('POST', '/users', { body: signUpBody() })).status).toBe(201);
  });

  it('the admin route validates the flag name and the value', async () => {
    const badName = await api('PUT', '/admin/feature_flags/Allow-Signup', { body: { enabled: false }, headers: { 'x-admin-secret': ADMIN_SECRET } });
    expect(outcome(badName)).toEqual({ status: 422, body: errorBody('A flag name is lowercase letters and underscores') });
    const badValue = await api('PUT', '/admin/feature_flags/allow_signup', { body: { enabled: 'no' }, headers: { 'x-admin-secret': ADMIN_SECRET } });
    expect(outcome(badValue)).toEqual({ status: 422, body: errorBody('enabled must be true or false') });
    expect((await api('GET', '/api/v1/feature_flags')).body).toEqual({ feature_flags: [{ name: 'allow_signup', enabled: true }] });
  });

  it('with allow_signup off, sign-up answers 403 while sign-in still works; on again, sign-up works', async () => {
    const existing = await signUp(api);
    try {
      const off = await setSignup(false);
      expect(outcome(off)).toEqual({ status: 200, body: { feature_flag: { name: 'allow_signup', enabled: false } } });
      expect((await api('GET', '/api/v1/feature_flags')).body).toEqual({ feature_flags: [{ name: 'allow_signup', enabled: false }] });

      const refused = await api('POST', '/users', { body: signUpBody() });
      expect(outcome(refused)).toEqual({ status: 403, body: errorBody('Sign up is temporarily unavailable. Please try again later.') });
      expect((await signIn(api, existing.email, existing.password)).status).toBe(200);
    } finally {
      const on = await setSignup(true);
      expect(outcome(on)).toEqual({ status: 200, body: { feature_flag: { name: 'allow_signup', enabled: true } } });
    }
    expect((await api('GET', '/api/v1/feature_flags')).body).toEqual({ feature_flags: [{ name: 'allow_signup', enabled: true }] });
    expect((await api('POST', '/users', { body: signUpBody() })).status).toBe(201);
  });
});

describe('POST /users/sign_in', () => {
  it('answers the session and the user, also as a bearer header; the email is matched whatever its case', async () => {
    const user = await signUp(api);
    for (const email of [user.email, `  ${user.email.toUpperCase()}  `]) {
      const response = await signIn(api, email, user.password);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        status: {
          code: 200,
          message: 'Logged in successfully.',
          data: { token: expect.any(String), user: { id: user.id, email: user.email, birth_year: 1985, subscribed: false, stripe_customer_id: null } },
        },
      });
      expect(response.headers.get('authorization')).toBe(`Bearer ${response.body.status.data.token}`);
      expect(await tokenWorks(response.body.status.data.token)).toBe(true);
    }
  });

  it('answers the same 401 for a wrong password and for an unknown email', async () => {
    const user = await signUp(api);
    const wrongPassword = await signIn(api, user.email, 'not-the-password');
    const unknownEmail = await signIn(api, uniqueEmail('nobody'), user.password);
    const malformedEmail = await signIn(api, 'not-an-email', user.password);
    expect(outcome(wrongPassword)).toEqual({ status: 401, body: errorBody('Invalid email or password.') });
    expect(outcome(unknownEmail)).toEqual(outcome(wrongPassword));
    expect(outcome(malformedEmail)).toEqual(outcome(wrongPassword));
    expect(wrongPassword.headers.get('authorization')).toBeNull();
  });

  it('answers 422 when the email or the password is missing', async () => {
    const response = await api('POST', '/users/sign_in', { body: { user: {} } });
    expect(outcome(response)).toEqual({
      status: 422,
      body: errorBody('Email is required', { email: ['Email is required'], password: ['Password is required'] }),
    });
  });

  it('remember_me true gives a token that lives 30 days, otherwise 24 hours', async () => {
    const user = await signUp(api);
    const now = Math.floor(Date.now() / 1000);
    const cases: [boolean | undefined, number][] = [
      [true, 30 * DAY_S],
      [false, DAY_S],
      [undefined, DAY_S],
    ];
    for (const [rememberMe, lifetime] of cases) {
      const response = await signIn(api, user.email, user.password, rememberMe);
      expect(response.status).toBe(200);
      const { payload } = decodeJwt(response.body.status.data.token);
      expect(payload.sub).toBe(String(user.id));
      expect(payload.exp - payload.iat).toBe(lifetime);
      expect(Math.abs(payload.exp - (now + lifetime))).toBeLessThanOrEqual(60);
    }
  });

  it('opens a separate session on each sign-in', async () => {
    const user = await signUp(api);
    const first = await newSession(api, user);
    const second = await newSession(api, user);
    expect(decodeJwt(first).payload.jti).not.toBe(decodeJwt(second).payload.jti);
    expect(await tokenWorks(first)).toBe(true);
    expect(await tokenWorks(second)).toBe(true);
  });
});

describe('DELETE /users/sign_out', () => {
  it('revokes that token only: it answers 401 afterwards, the other sessions keep working', async () => {
    const user = await signUp(api);
    const other = await newSession(api, user);
    // Both sessions are used first, so that the server has them in its session cache.
    expect(await tokenWorks(user.token)).toBe(true);
    expect(await tokenWorks(other)).toBe(true);
    const response = await api('DELETE', '/users/sign_out', { token: user.token });
    expect(outcome(response)).toEqual({ status: 200, body: { status: 200, message: 'Logged out successfully.' } });
    expect(await tokenWorks(user.token)).toBe(false);
    expect(outcome(await api('GET', '/api/v1/profile', { token: user.token }))).toEqual({ status: 401, body: errorBody(NOT_SIGNED_IN) });
    expect(outcome(await api('DELETE', '/users/sign_out', { token: user.token }))).toEqual({ status: 401, body: errorBody(NOT_SIGNED_IN) });
    expect(await tokenWorks(other)).toBe(true);
  });

  it('answers 401 without a token', async () => {
    expect(outcome(await api('DELETE', '/users/sign_out'))).toEqual({ status: 401, body: errorBody(NOT_SIGNED_IN) });
  });
});

describe('PUT /users (change password)', () => {
  const change = (token: string, user: Record<string, unknown>) => api('PUT', '/users', { token, body: { user } });

  it('refuses a wrong current password on current_password and keeps the old password', async () => {
    const user = await signUp(api);
    const response = await change(user.token, { email: user.email, current_password: 'wrong-one', password: 'newpass1', password_confirmation: 'newpass1' });
    expect(outcome(response)).toEqual({
      status: 422,
      body: errorBody('Current password is incorrect', { current_password: ['Current password is incorrect'] }),
    });
    expect((await signIn(api, user.email, user.password)).status).toBe(200);
    expect((await signIn(api, user.email, 'newpass1')).status).toBe(401);
  });

  it('answers the documented messages for missing, short and unmatched passwords', async () => {
    const user = await signUp(api);
    expect(outcome(await change(user.token, {}))).toEqual({
      status: 422,
      body: errorBody('Current password is required', {
        current_password: ['Current password is required'],
        password: ['New password is required'],
        password_confirmation: ['Password confirmation is required'],
      }),
    });
    expect(outcome(await change(user.token, { current_password: user.password, password: 'abc12', password_confirmation: 'abc12' }))).toEqual({
      status: 422,
      body: errorBody('New password must be at least 6 characters long', { password: ['New password must be at least 6 characters long'] }),
    });
    expect(outcome(await change(user.token, { current_password: user.password, password: 'newpass1', password_confirmation: 'newpass2' }))).toEqual({
      status: 422,
      body: errorBody('Passwords do not match', { password_confirmation: ['Passwords do not match'] }),
    });
    expect((await signIn(api, user.email, user.password)).status).toBe(200);
  });

  it('changes the password, keeps this session and revokes the others', async () => {
    const user = await signUp(api);
    const otherSession = await newSession(api, user);
    expect(await tokenWorks(otherSession)).toBe(true);
    expect(await tokenWorks(user.token)).toBe(true);
    const response = await change(user.token, { email: user.email, current_password: user.password, password: 'newpass1', password_confirmation: 'newpass1' });
    expect(outcome(response)).toEqual({ status: 200, body: { status: { code: 200, message: 'Password updated successfully.' } } });

    expect(await tokenWorks(user.token)).toBe(true);
    expect(await tokenWorks(otherSession)).toBe(false);
    expect((await signIn(api, user.email, 'newpass1')).status).toBe(200);
    expect(outcome(await signIn(api, user.email, user.password))).toEqual({ status: 401, body: errorBody('Invalid email or password.') });
  });

  it('answers 401 without a token', async () => {
    const response = await api('PUT', '/users', { body: { user: { current_password: 'secret123', password: 'newpass1', password_confirmation: 'newpass1' } } });
    expect(outcome(response)).toEqual({ status: 401, body: errorBody(NOT_SIGNED_IN) });
  });
});

describe('/api/v1/profile', () => {
  it('GET answers the user as a JSON string holding birth_year and the sign-up time', async () => {
    const before = Date.now();
    const user = await signUp(api, { birth_year: 1972 });
    const after = Date.now();
    const response = await api('GET', '/api/v1/profile', { token: user.token });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['user']);
    expect(typeof response.body.user).toBe('string');
    const profile = JSON.parse(response.body.user);
    expect(profile).toEqual({ id: user.id, email: user.email, birth_year: 1972, created_at: expect.stringMatching(ISO_TIMESTAMP) });
    // The plan start: the moment of sign-up, which the device needs to project offline.
    expect(Date.parse(profile.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(profile.created_at)).toBeLessThanOrEqual(after);
  });

  it('PUT updates birth_year; GET and the next sign-in answer it', async () => {
    const user = await signUp(api);
    const first = JSON.parse((await api('GET', '/api/v1/profile', { token: user.token })).body.user);
    expect(first.birth_year).toBe(1985);
    const response = await api('PUT', '/api/v1/profile', { token: user.token, body: { user: { birth_year: 1990 } } });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.user)).toEqual({ id: user.id, email: user.email, birth_year: 1990, created_at: first.created_at });
    const read = await api('GET', '/api/v1/profile', { token: user.token });
    expect(JSON.parse(read.body.user)).toEqual({ id: user.id, email: user.email, birth_year: 1990, created_at: first.created_at });
    expect((await signIn(api, user.email, user.password)).body.status.data.user.birth_year).toBe(1990);
  });

  it('PUT accepts the boundaries 1901 and the current year', async () => {
    const user = await signUp(api);
    for (const birth_year of [1901, serverYear()]) {
      const response = await api('PUT', '/api/v1/profile', { token: user.token, body: { user: { birth_year } } });
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body.user).birth_year).toBe(birth_year);
    }
  });

  it.each([
    [1900, 'Birth year must be greater than 1900'],
    [serverYear() + 1, 'Birth year cannot be in the future'],
    ['abc', 'Birth year must be a valid number'],
    [1990.5, 'Birth year must be a valid number'],
    [null, 'Birth year is required'],
    ['', 'Birth year is required'],
  ])('PUT refuses birth_year %j with 422 and keeps the stored year', async (birth_year, message) => {
    const user = await signUp(api);
    const response = await api('PUT', '/api/v1/profile', { token: user.token, body: { user: { birth_year } } });
    expect(outcome(response)).toEqual({ status: 422, body: errorBody(message, { birth_year: [message] }) });
    const read = await api('GET', '/api/v1/profile', { token: user.token });
    expect(JSON.parse(read.body.user).birth_year).toBe(1985);
  });

  it('answers 401 without a token', async () => {
    expect(outcome(await api('GET', '/api/v1/profile'))).toEqual({ status: 401, body: errorBody(NOT_SIGNED_IN) });
    expect(outcome(await api('PUT', '/api/v1/profile', { body: { user: { birth_year: 1990 } } }))).toEqual({ status: 401, body: errorBody(NOT_SIGNED_IN) });
  });
});
