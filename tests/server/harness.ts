/**
 * Starts a real Runway server for a test file: real Fastify on a loopback port, a real database
 * (an in-memory PGlite, or PostgreSQL when DATABASE_URL is set), talked to over real HTTP.
 * Mail goes to the in-memory transport so tests can read reset links (or, when asked, to files as
 * in development).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/server/config.ts';
import type { Clock } from '../../src/server/clock.ts';
import { MemoryMailTransport } from '../../src/server/mail/transport.ts';
import { createServer, type ServerParts } from '../../src/server/server.ts';

export interface TestServer {
  url: string;
  server: ServerParts;
  mail: MemoryMailTransport;
  config: Config;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  clock?: Clock;
  adminSecret?: string;
  /** Mail written as files under DATA_DIR/mail, the server's own default without SMTP_URL (`mail` then stays empty). */
  mailToFiles?: boolean;
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'runway-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-web-app'),
    // On PostgreSQL every test file's servers share the rate_limits table, as production processes
    // do, so the whole suite's sign-ups from 127.0.0.1 count together: a test that is not about
    // limits must never meet one (the rate-limit tests set their own, from their own addresses).
    AUTH_RATE_LIMIT_MAX: '1000000000',
    LOG_LEVEL: 'silent',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...options.env,
  });
  const mail = new MemoryMailTransport();
  const server = await createServer(config, {
    pgliteDir: 'memory',
    logger: false,
    ...(options.mailToFiles ? {} : { mail }),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.adminSecret ? { adminSecret: options.adminSecret } : {}),
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server did not report a port');
  return { url: `http://127.0.0.1:${address.port}`, server, mail, config, close: () => server.close() };
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** A raw body sent as is (for malformed JSON and size tests). */
  raw?: string;
  headers?: Record<string, string>;
}

/**
 * Calls the server over HTTP. With `localAddress` (see `loopbackAddress`) the requests leave from
 * that address, so the server sees a client of its own (the rate-limit tests).
 */
export function client(base: string, localAddress?: string) {
  return async function api<T = any>(method: string, route: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    const has = (name: string) => Object.keys(headers).some((h) => h.toLowerCase() === name);
    if (body !== undefined && !has('content-type')) headers['content-type'] = 'application/json';
    // As fetch does: node:http frames no body of a DELETE by itself, which the server reads as a malformed request.
    if (body !== undefined && localAddress && !has('content-length') && !has('transfer-encoding')) headers['content-length'] = String(Buffer.byteLength(body));
    const response = localAddress ? await sendFrom(localAddress, base + route, method, headers, body) : await fetch(base + route, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  };
}

export type Api = ReturnType<typeof client>;

/**
 * One exchange over node:http: fetch has no way to choose the local address, and it adds a
 * content type to a string body and refuses some methods. Sends `headers` and `body` exactly as
 * given (no content type is added), so a test can send any bytes under any header.
 */
export function sendFrom(localAddress: string, url: string, method: string, headers: Record<string, string>, body: string | Buffer | undefined): Promise<Response> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method, headers, localAddress }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const answered = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) answered.append(name, one);
        }
        const status = incoming.statusCode ?? 0;
        resolve(new Response(status === 204 || status === 205 || status === 304 ? null : Buffer.concat(chunks).toString('utf8'), { status, headers: answered }));
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * A random address in 127.0.0.0/8, which Linux answers on the loopback interface: a client the
 * server has not seen, so address-keyed counters start at zero (also on a PostgreSQL database
 * that earlier test files' clients, all 127.0.0.1, have counted in).
 */
export function loopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.com`;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  token: string;
}

export async function signUp(api: Api, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const email = uniqueEmail();
  const password = 'secret123';
  const response = await api('POST', '/users', {
    body: { user: { email, password, password_confirmation: password, birth_year: 1985, ...overrides } },
  });
  if (response.status !== 201) throw new Error(`sign up failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { id: response.body.status.data.user.id, email, password, token: response.body.status.data.token };
}

/** A valid body for each record, as a client form would send it. */
export const VALID = {
  income: { name: 'Salary', pay_cycle: 'biweekly', next_pay_date: '2026-12-04', gross_pay: 3200, net_pay: 2450.5, end_month: null },
  debt: { name: 'Visa', creditor: 'Chase', original_amount: 5000, remaining_amount: 4200.25, apr: 24.99, monthly_payment: 150, original_term: 60, due_day: 15 },
  monthly_expense: { name: 'Groceries', amount: 450, due_day: 1, end_month: null },
  other_expense: { month: '2027-03', description: 'New tyres', amount: 640 },
  retirement_account: {
    name: '401k',
    account_type: 'traditional_401k',
    contribution_amount: 500,
    employer_match: 50,
    employer_contribution_amount: 250,
    starting_balance: 20000,
    expected_return_rate: 7,
    contribution_cycle: 'semimonthly',
    next_deposit_date: '2026-12-01',
    payroll_deducted: false,
  },
  housing: { housing_type: 'Rent', total_monthly_payment: 1800 },
  mortgage: {
    housing_type: 'Mortgage',
    total_monthly_payment: 1800,
    original_purchase_price: 300000,
    down_payment: 60000,
    interest_rate: 6.5,
    term: 30,
    open_date: '2020-06-01',
    current_balance: 200000,
    escrow_payment: 300,
  },
  retirement_plan: {
    retirement_date: '2050-01-01',
    interest_rate: 5,
    social_security_income: 2100,
    social_security_start_date: '2052-06-01',
    monthly_expenses: 3000,
    years_of_retirement: 30,
  },
  debt_plan: { plan_type: 'avalanche', extra_payment: 200 },
  assumptions: { inflation_rate: 2.5, salary_growth_rate: 3, social_security_cola: 2.5, cash_balance: 12000, cash_interest_rate: 4, retirement_tax_rate: 12, spend_cash_in_retirement: true },
  baseline: {
    name: 'November plan',
    snapshot: {
      months: [
        { month: '2026-11', cash: 1200.5, debts: 4200.25, savings: 20000, contributions: 500, returns: 0 },
        { month: '2026-12', cash: -80.1, debts: 4050.25, savings: 20616.67, contributions: 500, returns: 116.67 },
      ],
    },
  },
} as const;

/* ------------------------------------------------------------------------------------------ */
/* Helpers shared by the integration suites.                                                  */
/* ------------------------------------------------------------------------------------------ */

export type FieldErrors = Record<string, string[]>;

/**
 * The body every error answers (see src/server/http/errors.ts): `error` and `message` carry the
 * same text, and a validation failure adds `errors`, a map of field → messages. The expected
 * strings are written out in the tests on purpose, so that a changed message fails a test.
 */
export function errorBody(message: string, errors?: FieldErrors): Record<string, unknown> {
  return errors ? { error: message, message, errors } : { error: message, message };
}

/** Status and body side by side, so that a failed assertion shows both at once. */
export function outcome(response: ApiResponse): { status: number; body: unknown } {
  return { status: response.status, body: response.body };
}

/** The 401 every authenticated call answers for a missing, bad, expired or revoked token. */
export const NOT_SIGNED_IN = 'You need to sign in or sign up before continuing.';

/** An ISO timestamp as the API writes created_at / updated_at. */
export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export async function signIn(api: Api, email: string, password: string, rememberMe?: boolean): Promise<ApiResponse> {
  const user: Record<string, unknown> = { email, password };
  if (rememberMe !== undefined) user.remember_me = rememberMe;
  return api('POST', '/users/sign_in', { body: { user } });
}

/** Subscribes (or unsubscribes) the user with this email through the admin route. */
export async function subscribeAs(api: Api, adminSecret: string, email: string, subscribed = true): Promise<void> {
  const response = await api('PUT', '/admin/subscriptions', { headers: { 'x-admin-secret': adminSecret }, body: { email, subscribed } });
  if (response.status !== 200) throw new Error(`subscribing ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
}

/** A second (third...) session for the user: signs in and answers the token. */
export async function newSession(api: Api, user: { email: string; password: string }): Promise<string> {
  const response = await signIn(api, user.email, user.password);
  if (response.status !== 200) throw new Error(`sign in failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.status.data.token as string;
}

export interface JwtParts {
  header: Record<string, unknown>;
  payload: { sub: string; jti: string; iat: number; exp: number } & Record<string, unknown>;
  signature: string;
}

/** Reads a JWT without verifying it (base64url JSON header and payload). */
export function decodeJwt(token: string): JwtParts {
  const [header = '', payload = '', signature = ''] = token.split('.');
  const json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  return { header: json(header), payload: json(payload), signature };
}

export function encodeJwtPart(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** Polls until `probe` answers something other than undefined (background work such as mail). */
export async function waitFor<T>(probe: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * "Today" as the server's rules read it: the date in the earliest time zone, UTC+14
 * (src/server/http/context.ts), so that a date that is today anywhere is never "in the future".
 */
export function serverToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export function serverYear(now: Date = new Date()): number {
  return Number(serverToday(now).slice(0, 4));
}

/** A UTC date `days` after today, as 'YYYY-MM-DD'. */
export function utcDatePlus(days: number, now: Date = new Date()): string {
  return new Date(now.getTime() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export type CollectionRecord = 'income' | 'debt' | 'monthly_expense' | 'retirement_account' | 'other_expense';
export type SingleRecord = 'housing' | 'retirement_plan' | 'debt_plan' | 'assumptions';

export interface CollectionDecl {
  record: CollectionRecord;
  path: string;
  listKey: string;
  /** As the 404 names it: `${label} not found`. */
  label: string;
}

/**
 * The baselines (docs/api.md#baselines), a collection added to the five of docs/product.md#calls:
 * kept out of COLLECTIONS, whose suites check those five's records and messages;
 * tests/server/baselines.test.ts has its own.
 */
export const BASELINES = { record: 'baseline', path: '/api/v1/baselines', listKey: 'baselines', label: 'Baseline' } as const;

/** The five collections of docs/product.md#calls. */
export const COLLECTIONS: readonly CollectionDecl[] = [
  { record: 'income', path: '/api/v1/incomes', listKey: 'incomes', label: 'Income' },
  { record: 'debt', path: '/api/v1/debts', listKey: 'debts', label: 'Debt' },
  { record: 'monthly_expense', path: '/api/v1/monthly_expenses', listKey: 'monthly_expenses', label: 'Monthly expense' },
  { record: 'retirement_account', path: '/api/v1/retirement_accounts', listKey: 'retirement_accounts', label: 'Retirement account' },
  { record: 'other_expense', path: '/api/v1/other_expenses', listKey: 'other_expenses', label: 'Other expense' },
];

export interface SingleDecl {
  record: SingleRecord;
  path: string;
  /** The key GET answers with; the debt plan's is 'debtPlan', as the web app's calls expect (docs/product.md#calls). */
  getKey: string;
  label: string;
}

/** The single records: the three of docs/product.md#calls and the plan assumptions. */
export const SINGLES: readonly SingleDecl[] = [
  { record: 'housing', path: '/api/v1/housing', getKey: 'housing', label: 'Housing' },
  { record: 'retirement_plan', path: '/api/v1/retirement_plan', getKey: 'retirement_plan', label: 'Retirement plan' },
  { record: 'debt_plan', path: '/api/v1/debt_plan', getKey: 'debtPlan', label: 'Debt plan' },
  { record: 'assumptions', path: '/api/v1/assumptions', getKey: 'assumptions', label: 'Plan assumptions' },
];

/** Every call that needs a signed-in user, with a body that would be valid. */
export const AUTHENTICATED_ROUTES: readonly { method: string; path: string; body?: unknown }[] = [
  ...COLLECTIONS.flatMap((c) => [
    { method: 'GET', path: c.path },
    { method: 'POST', path: c.path, body: { [c.record]: VALID[c.record] } },
    { method: 'PUT', path: `${c.path}/1`, body: { [c.record]: VALID[c.record] } },
    { method: 'DELETE', path: `${c.path}/1` },
  ]),
  ...SINGLES.flatMap((s) => [
    { method: 'GET', path: s.path },
    { method: 'POST', path: s.path, body: { [s.record]: VALID[s.record] } },
    { method: 'PUT', path: s.path, body: { [s.record]: VALID[s.record] } },
  ]),
  { method: 'DELETE', path: '/api/v1/retirement_plan' },
  { method: 'GET', path: '/api/v1/profile' },
  { method: 'PUT', path: '/api/v1/profile', body: { user: { birth_year: 1990 } } },
  { method: 'PUT', path: '/users', body: { user: { current_password: 'secret123', password: 'another1', password_confirmation: 'another1' } } },
  { method: 'DELETE', path: '/users/sign_out' },
  // A wrong password: with a live token by mistake, this answers 422 and erases nothing.
  { method: 'DELETE', path: '/users', body: { user: { current_password: 'not-the-password' } } },
];
