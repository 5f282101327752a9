/**
 * Password reset (POST and PUT /users/password) and token lifetimes, against a server whose clock
 * the tests move: reset links expire after 6 hours, sessions after 24 hours or 30 days.
 */
import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RESET_MAIL_WINDOW_MS, RESET_MAILS_PER_RECIPIENT } from '../../src/server/http/rate-limits.ts';
import type { MailMessage } from '../../src/server/mail/transport.ts';
import {
  AUTHENTICATED_ROUTES,
  client,
  COLLECTIONS,
  errorBody,
  NOT_SIGNED_IN,
  newSession,
  outcome,
  signIn,
  SINGLES,
  signUp,
  sleep,
  startServer,
  uniqueEmail,
  waitFor,
  type Api,
  type TestServer,
  type TestUser,
} from './harness.ts';

const REQUESTED = 'If an account exists for that email, you will receive password reset instructions shortly.';
const EXPIRED = 'Token has expired. Please request a new password reset link.';
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The server's clock runs this far ahead of the real one. */
let offsetMs = 0;
let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startServer({ clock: { now: () => new Date(Date.now() + offsetMs) } });
  api = client(server.url);
});
afterEach(() => {
  offsetMs = 0;
});
afterAll(() => server?.close());

function mailsTo(email: string): MailMessage[] {
  return server.mail.sent.filter((message) => message.to === email);
}

function requestReset(email: string) {
  return api('POST', '/users/password', { body: { user: { email } } });
}

/** Asks for a reset and answers the token of the mail it sends (the mail leaves in the background). */
async function resetToken(email: string): Promise<string> {
  const stored = email.trim().toLowerCase();
  const before = mailsTo(stored).length;
  const response = await requestReset(email);
  expect(response.status).toBe(200);
  const mail = await waitFor(() => mailsTo(stored)[before], `the reset mail to ${stored}`);
  const match = /reset_password_token=([^\s&]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no reset link in: ${mail.text}`);
  return decodeURIComponent(match[1]);
}

function performReset(user: { email: string }, token: string, password = 'brand-new-1', confirmation = password) {
  return api('PUT', '/users/password', {
    body: { user: { email: user.email, reset_password_token: token, password, password_confirmation: confirmation } },
  });
}

const CHANGED = { status: 200, body: { status: { code: 200, message: 'Your password has been changed successfully.' } } };
const REFUSED = { status: 422, body: errorBody(EXPIRED, { reset_password_token: [EXPIRED] }) };

async function canSignIn(user: { email: string }, password: string): Promise<boolean> {
  const response = await signIn(api, user.email, password);
  if (response.status === 200) return true;
  expect(outcome(response)).toEqual({ status: 401, body: errorBody('Invalid email or password.') });
  return false;
}

async function tokenStatus(token: string): Promise<number> {
  return (await api('GET', '/api/v1/debts', { token })).status;
}

describe('POST /users/password (request a reset)', () => {
  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    const user = await signUp(api);
    const stranger = uniqueEmail('stranger');
    const unknown = await requestReset(stranger);
    const known = await requestReset(user.email);
    expect(outcome(known)).toEqual({ status: 200, body: { status: { code: 200, message: REQUESTED }, message: REQUESTED } });
    expect(outcome(unknown)).toEqual(outcome(known));

    const mail = await waitFor(() => mailsTo(user.email)[0], 'the reset mail');
    expect(mail.subject).toBe('Reset your Runway password');
    expect(mail.text).toMatch(/\/users\/password\/edit\?reset_password_token=[A-Za-z0-9_%-]{20,}/);
    await sleep(200);
    expect(mailsTo(user.email)).toHaveLength(1);
    expect(mailsTo(stranger)).toEqual([]);
  });

  it(`sends one address at most ${RESET_MAILS_PER_RECIPIENT} reset mails an hour, answering every request alike`, async () => {
    const user = await signUp(api);
    const asked = RESET_MAILS_PER_RECIPIENT + 3;
    for (let n = 0; n < asked; n++) {
      expect(outcome(await requestReset(n % 2 === 0 ? user.email : user.email.toUpperCase()))).toEqual({ status: 200, body: { status: { code: 200, message: REQUESTED }, message: REQUESTED } });
    }
    await waitFor(() => mailsTo(user.email)[RESET_MAILS_PER_RECIPIENT - 1], 'the allowed mails');
    // Another address is not limited by it; once its mail is out, the first address's requests
    // have long been handled.
    const other = await signUp(api);
    await resetToken(other.email);
    expect(mailsTo(user.email)).toHaveLength(RESET_MAILS_PER_RECIPIENT);
    // The links that went out still work.
    const links = mailsTo(user.email).map((mail) => decodeURIComponent(/reset_password_token=([^\s&]+)/.exec(mail.text)![1]!));
    expect(outcome(await performReset(user, links.at(-1)!))).toEqual(CHANGED);

    // An hour later the address may receive mail again.
    offsetMs = RESET_MAIL_WINDOW_MS + 1000;
    await resetToken(user.email);
    expect(mailsTo(user.email)).toHaveLength(RESET_MAILS_PER_RECIPIENT + 1);
  });

  it('finds the account whatever the case of the email, and mails its stored address', async () => {
    const user = await signUp(api);
    const token = await resetToken(`  ${user.email.toUpperCase()} `);
    expect(mailsTo(user.email)).toHaveLength(1);
    expect(outcome(await performReset(user, token))).toEqual(CHANGED);
  });

  it('builds the link from the configured address, never from the Host or X-Forwarded-Host headers', async () => {
    const user = await signUp(api);
    const body = JSON.stringify({ user: { email: user.email } });
    const status = await new Promise<number>((resolve, reject) => {
      const { port } = new URL(server.url);
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/users/password',
          headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(200);
    const mail = await waitFor(() => mailsTo(user.email)[0], 'the reset mail');
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).toContain(`http://localhost:${server.config.port}/users/password/edit?reset_password_token=`);
  });

  it('validates the email', async () => {
    expect(outcome(await api('POST', '/users/password', { body: { user: {} } }))).toEqual({
      status: 422,
      body: errorBody('Email is required', { email: ['Email is required'] }),
    });
    expect(outcome(await requestReset('nope'))).toEqual({
      status: 422,
      body: errorBody('Please enter a valid email address', { email: ['Please enter a valid email address'] }),
    });
  });
});

describe('PUT /users/password (perform the reset)', () => {
  it('changes the password once, revokes every session, and refuses the link a second time', async () => {
    const user = await signUp(api);
    const otherSession = await newSession(api, user);
    // Both sessions are used first, so that the server has them in its session cache.
    expect(await tokenStatus(user.token)).toBe(200);
    expect(await tokenStatus(otherSession)).toBe(200);
    const token = await resetToken(user.email);

    expect(outcome(await performReset(user, token, 'brand-new-1'))).toEqual(CHANGED);
    expect(await canSignIn(user, 'brand-new-1')).toBe(true);
    expect(await canSignIn(user, user.password)).toBe(false);
    for (const old of [user.token, otherSession]) {
      expect(outcome(await api('GET', '/api/v1/debts', { token: old }))).toEqual({ status: 401, body: errorBody(NOT_SIGNED_IN) });
    }

    expect(outcome(await performReset(user, token, 'another-one-2'))).toEqual(REFUSED);
    expect(await canSignIn(user, 'brand-new-1')).toBe(true);
    expect(await canSignIn(user, 'another-one-2')).toBe(false);
  });

  it('refuses a wrong token like an expired one and keeps the password', async () => {
    const user = await signUp(api);
    await resetToken(user.email);
    expect(outcome(await performReset(user, 'not-a-real-token'))).toEqual(REFUSED);
    expect(await canSignIn(user, user.password)).toBe(true);
    expect(await tokenStatus(user.token)).toBe(200);
  });

  it("refuses a valid token with another account's email, and the token still works for its own", async () => {
    const owner = await signUp(api);
    const other = await signUp(api);
    const token = await resetToken(owner.email);

    expect(outcome(await performReset(other, token))).toEqual(REFUSED);
    expect(outcome(await performReset({ email: uniqueEmail('ghost') }, token))).toEqual(REFUSED);
    expect(await canSignIn(other, other.password)).toBe(true);

    expect(outcome(await performReset(owner, token, 'owner-new-1'))).toEqual(CHANGED);
    expect(await canSignIn(owner, 'owner-new-1')).toBe(true);
  });

  it('matches the email whatever its case', async () => {
    const user = await signUp(api);
    const token = await resetToken(user.email);
    expect(outcome(await performReset({ email: user.email.toUpperCase() }, token, 'upper-new-1'))).toEqual(CHANGED);
    expect(await canSignIn(user, 'upper-new-1')).toBe(true);
  });

  it('spending one link spends the older ones too', async () => {
    const user = await signUp(api);
    const first = await resetToken(user.email);
    const second = await resetToken(user.email);
    expect(first).not.toBe(second);
    expect(outcome(await performReset(user, second, 'second-new-1'))).toEqual(CHANGED);
    expect(outcome(await performReset(user, first, 'first-new-1'))).toEqual(REFUSED);
    expect(await canSignIn(user, 'second-new-1')).toBe(true);
  });

  it('lets exactly one of two simultaneous uses of a link win', async () => {
    const user = await signUp(api);
    const token = await resetToken(user.email);
    const [a, b] = await Promise.all([performReset(user, token, 'racer-one-1'), performReset(user, token, 'racer-two-2')]);
    const outcomes = [outcome(a!), outcome(b!)];
    expect(outcomes).toContainEqual(CHANGED);
    expect(outcomes).toContainEqual(REFUSED);
    const winner = a!.status === 200 ? 'racer-one-1' : 'racer-two-2';
    const loser = a!.status === 200 ? 'racer-two-2' : 'racer-one-1';
    expect(await canSignIn(user, winner)).toBe(true);
    expect(await canSignIn(user, loser)).toBe(false);
  });

  it('a link expires after 6 hours', async () => {
    const user = await signUp(api);
    const late = await resetToken(user.email);
    offsetMs = 6 * HOUR_MS + 1000;
    expect(outcome(await performReset(user, late, 'too-late-1'))).toEqual(REFUSED);
    expect(await canSignIn(user, user.password)).toBe(true);

    offsetMs = 0;
    const inTime = await resetToken(user.email);
    offsetMs = 6 * HOUR_MS - 60 * 1000;
    expect(outcome(await performReset(user, inTime, 'in-time-1'))).toEqual(CHANGED);
    expect(await canSignIn(user, 'in-time-1')).toBe(true);
  });

  it('answers the documented messages for a missing token, a short password and an unmatched confirmation', async () => {
    const user = await signUp(api);
    const response = await api('PUT', '/users/password', {
      body: { user: { email: user.email, password: 'abc12', password_confirmation: 'abc13' } },
    });
    expect(outcome(response)).toEqual({
      status: 422,
      body: errorBody('Reset token is required', {
        reset_password_token: ['Reset token is required'],
        password: ['Password must be at least 6 characters long'],
        password_confirmation: ['Passwords do not match'],
      }),
    });
    const empty = await api('PUT', '/users/password', { body: { user: {} } });
    expect(outcome(empty)).toEqual({
      status: 422,
      body: errorBody('Email is required', {
        email: ['Email is required'],
        reset_password_token: ['Reset token is required'],
        password: ['Password is required'],
        password_confirmation: ['Password confirmation is required'],
      }),
    });
  });

  it('validates before spending the token: a refused form leaves the link usable', async () => {
    const user = await signUp(api);
    const token = await resetToken(user.email);
    const mismatch = await performReset(user, token, 'valid-new-1', 'valid-new-2');
    expect(outcome(mismatch)).toEqual({ status: 422, body: errorBody('Passwords do not match', { password_confirmation: ['Passwords do not match'] }) });
    expect(outcome(await performReset(user, token, 'valid-new-1'))).toEqual(CHANGED);
  });
});

describe('token lifetimes on the server clock', () => {
  async function sessions(user: TestUser) {
    const day = await signIn(api, user.email, user.password, false);
    const month = await signIn(api, user.email, user.password, true);
    return { day: day.body.status.data.token as string, month: month.body.status.data.token as string };
  }

  it('a token expires after 24 hours, a remembered one after 30 days', async () => {
    const user = await signUp(api);
    const { day, month } = await sessions(user);

    offsetMs = DAY_MS - 60 * 1000;
    expect(await tokenStatus(day)).toBe(200);

    offsetMs = DAY_MS + 1000;
    expect(outcome(await api('GET', '/api/v1/debts', { token: day }))).toEqual({ status: 401, body: errorBody(NOT_SIGNED_IN) });
    expect(await tokenStatus(month)).toBe(200);

    offsetMs = 30 * DAY_MS - 60 * 1000;
    expect(await tokenStatus(month)).toBe(200);

    offsetMs = 30 * DAY_MS + 1000;
    expect(outcome(await api('GET', '/api/v1/debts', { token: month }))).toEqual({ status: 401, body: errorBody(NOT_SIGNED_IN) });
  });

  it('every authenticated route answers 401 to an expired token, and nothing is written', async () => {
    const user = await signUp(api);
    const { day } = await sessions(user);
    offsetMs = DAY_MS + 1000;
    const answers = [];
    for (const route of AUTHENTICATED_ROUTES) {
      const response = await api(route.method, route.path, { token: day, ...(route.body === undefined ? {} : { body: route.body }) });
      answers.push({ route: `${route.method} ${route.path}`, ...outcome(response) });
    }
    expect(answers).toEqual(AUTHENTICATED_ROUTES.map((route) => ({ route: `${route.method} ${route.path}`, status: 401, body: errorBody(NOT_SIGNED_IN) })));

    offsetMs = 0;
    const fresh = await newSession(api, user);
    for (const c of COLLECTIONS) expect((await api('GET', c.path, { token: fresh })).body).toEqual({ [c.listKey]: [] });
    for (const s of SINGLES) expect((await api('GET', s.path, { token: fresh })).body).toEqual({ [s.getKey]: null });
    const profile = await api('GET', '/api/v1/profile', { token: fresh });
    expect(JSON.parse(profile.body.user).birth_year).toBe(1985);
    expect(await canSignIn(user, user.password)).toBe(true);
  });
});
