/**
 * A server upgraded over the previous version's database keeps every edit a phone already sent:
 * the database is built with the migrations up to the last one before the current version's
 * (0004), filled the way that version wrote it (records, and the Idempotency-Keys with the answers
 * it gave), and then opened by the current server, which migrates it. A phone replaying its outbox
 * across the upgrade gets each stored answer back byte for byte, and no edit is applied twice; an
 * edit it had not sent yet is applied once.
 *
 * On PGlite the old database is a data folder; on PostgreSQL (DATABASE_URL) a database of its own.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { loadConfig } from '../../src/server/config.ts';
import { MemoryMailTransport } from '../../src/server/mail/transport.ts';
import { createServer } from '../../src/server/server.ts';
import { client, signIn, VALID } from './harness.ts';

/** The last migration of the version before this one. */
const PREVIOUS_LAST = '0004_payments';
const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');

const work = mkdtempSync(path.join(tmpdir(), 'runway-upgrade-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(work, { recursive: true, force: true });
});

/** The migrations folder as the previous version shipped it: its journal ends at PREVIOUS_LAST. */
function previousMigrations(): string {
  const folder = path.join(work, 'drizzle');
  mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === PREVIOUS_LAST);
  expect(last, `${PREVIOUS_LAST} is in the journal`).toBeGreaterThan(0);
  // The current version adds at least one migration, or this test would prove nothing.
  expect(journal.entries.length).toBeGreaterThan(last + 1);
  journal.entries = journal.entries.slice(0, last + 1);
  for (const { tag } of journal.entries) copyFileSync(path.join(MIGRATIONS, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  return folder;
}

/** Runs SQL on the old database; answers the rows. */
type Sql = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** A database at the previous version: where the current server will find it, and SQL on it. */
async function previousDatabase(): Promise<{ sql: Sql; close: () => Promise<void>; env: Record<string, string>; pgliteDir?: string }> {
  const migrationsFolder = previousMigrations();
  const url = process.env.DATABASE_URL;
  if (!url) {
    const pgliteDir = path.join(work, 'db');
    const pglite = new PGlite(pgliteDir);
    await migratePglite(drizzlePglite({ client: pglite }), { migrationsFolder });
    return { sql: async (text, params) => (await pglite.query<Record<string, unknown>>(text, params)).rows, close: () => pglite.close(), env: {}, pgliteDir };
  }
  const name = `runway_upgrade_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  const own = new URL(url);
  own.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: own.href, max: 2 });
  await migratePg(drizzlePg({ client: pool }), { migrationsFolder });
  return { sql: async (text, params) => (await pool.query<Record<string, unknown>>(text, params)).rows, close: () => pool.end(), env: { DATABASE_URL: own.href } };
}

/** SHA-256 in hex of a request body's exact text, as the server keeps it beside a key. */
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

it('a database of the previous version keeps its edits: each replay gets its stored answer, nothing is applied twice', async () => {
  const old = await previousDatabase();
  expect((await old.sql(`SELECT to_regclass('rate_limits') AS found`))[0]?.found).toBeNull();

  // What the previous version stored for a phone that created a debt and then renamed it, both
  // under their Idempotency-Keys, and had both answered.
  const email = 'upgrade@example.com';
  const password = 'secret123';
  const [user] = await old.sql(`INSERT INTO users (email, password_hash, birth_year) VALUES ($1, $2, 1985) RETURNING id`, [email, await hashPassword(password)]);
  const userId = Number(user?.id);
  const [debt] = await old.sql(
    `INSERT INTO debts (user_id, name, creditor, original_amount_cents, remaining_amount_cents, apr, monthly_payment_cents, original_term, due_day)
     VALUES ($1, 'Visa (renamed)', 'Chase', 500000, 420025, 24.99, 15000, 60, 15) RETURNING id`,
    [userId],
  );
  const debtId = Number(debt?.id);
  const createBody = JSON.stringify({ debt: VALID.debt });
  const createAnswer = JSON.stringify({ debt: { id: debtId, ...VALID.debt } });
  const renameBody = JSON.stringify({ debt: { name: 'Visa (renamed)' } });
  const renameAnswer = JSON.stringify({ debt: { id: debtId, ...VALID.debt, name: 'Visa (renamed)' } });
  const storeKey = (key: string, method: string, keyPath: string, body: string, status: number, answer: string) =>
    old.sql(`INSERT INTO idempotency_keys (user_id, key, method, path, status_code, request_hash, response) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      userId,
      key,
      method,
      keyPath,
      status,
      sha256(body),
      answer,
    ]);
  await storeKey('create-visa', 'POST', '/api/v1/debts', createBody, 201, createAnswer);
  await storeKey('rename-visa', 'PUT', `/api/v1/debts/${debtId}`, renameBody, 200, renameAnswer);
  await old.close();

  // The current version opens it, and migrates it.
  const config = loadConfig({ DATA_DIR: path.join(work, 'data'), STATIC_DIR: path.join(work, 'no-web-app'), LOG_LEVEL: 'silent', ...old.env });
  const server = await createServer(config, { mail: new MemoryMailTransport(), logger: false, ...(old.pgliteDir ? { pgliteDir: old.pgliteDir } : {}) });
  cleanups.push(() => server.close());
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server did not report a port');
  const base = `http://127.0.0.1:${address.port}`;
  const api = client(base);

  // Signing in reaches the new rate-limit table: the migration made it.
  const signedIn = await signIn(api, email, password);
  expect(signedIn.status).toBe(200);
  const token = String(signedIn.body.status.data.token);

  // The phone's outbox, replayed from the start after the upgrade: raw bodies, byte for byte.
  const send = (method: string, sendPath: string, key: string, body: string) =>
    fetch(base + sendPath, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key }, body });
  const created = await send('POST', '/api/v1/debts', 'create-visa', createBody);
  expect(created.status).toBe(201);
  expect(created.headers.get('idempotent-replayed')).toBe('true');
  expect(await created.text()).toBe(createAnswer);
  const renamed = await send('PUT', `/api/v1/debts/${debtId}`, 'rename-visa', renameBody);
  expect(renamed.status).toBe(200);
  expect(renamed.headers.get('idempotent-replayed')).toBe('true');
  expect(await renamed.text()).toBe(renameAnswer);

  // An edit the phone queued but had not sent before the upgrade: applied once, then replayed.
  const paymentBody = JSON.stringify({ debt: { monthly_payment: 175.5 } });
  const paid = await send('PUT', `/api/v1/debts/${debtId}`, 'raise-payment', paymentBody);
  expect(paid.status).toBe(200);
  expect(paid.headers.get('idempotent-replayed')).toBeNull();
  const paidText = await paid.text();
  const again = await send('PUT', `/api/v1/debts/${debtId}`, 'raise-payment', paymentBody);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(await again.text()).toBe(paidText);

  // One debt, the stored one, with every edit applied exactly once.
  const debts = await api('GET', '/api/v1/debts', { token });
  expect(debts.status).toBe(200);
  expect(debts.body.debts).toHaveLength(1);
  expect(debts.body.debts[0]).toMatchObject({ id: debtId, name: 'Visa (renamed)', remaining_amount: 4200.25, monthly_payment: 175.5 });
});
