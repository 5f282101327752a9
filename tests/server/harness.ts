/**
 * Starts a real Runway server for a test file: real Fastify on a loopback port, a real database
 * (an in-memory PGlite, or PostgreSQL when DATABASE_URL is set), talked to over real HTTP.
 * Mail goes to the in-memory transport so tests can read reset links.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/server/config.ts';
import type { Clock } from '../../src/server/http/context.ts';
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
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'runway-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-web-app'),
    AUTH_RATE_LIMIT_MAX: '1000',
    LOG_LEVEL: 'silent',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...options.env,
  });
  const mail = new MemoryMailTransport();
  const server = await createServer(config, { mail, pgliteDir: 'memory', logger: false, ...(options.clock ? { clock: options.clock } : {}), ...(options.adminSecret ? { adminSecret: options.adminSecret } : {}) });
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

export function client(base: string) {
  return async function api<T = any>(method: string, route: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    const response = await fetch(base + route, { method, headers, body });
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
  income: { name: 'Salary', pay_cycle: 'biweekly', next_pay_date: '2026-12-04', gross_pay: 3200, net_pay: 2450.5 },
  debt: { name: 'Visa', creditor: 'Chase', original_amount: 5000, remaining_amount: 4200.25, apr: 24.99, monthly_payment: 150, original_term: 60, due_day: 15 },
  monthly_expense: { name: 'Groceries', amount: 450, due_day: 1 },
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
} as const;
