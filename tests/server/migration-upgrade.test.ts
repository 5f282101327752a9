/**
 * A server upgraded over an earlier version's database keeps every edit a phone already sent:
 * the database is built with the migrations up to that version's last one, filled the way that
 * version wrote it (records, and the Idempotency-Keys with the answers it gave), and then opened by
 * the current server, which migrates it. A phone replaying its outbox across the upgrade gets each
 * stored answer back byte for byte, and no edit is applied twice; an edit it had not sent yet is
 * applied once. Three versions: one far back (0004, before the rate-limit table); the one just
 * before migration 0010 (where the money goes), whose plan assumptions gain five columns and a
 * foreign key to the surplus account; and the one before 0011 (taxes in retirement), whose plan
 * assumptions gain four.
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
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { loadConfig } from '../../src/server/config.ts';
import { MemoryMailTransport } from '../../src/server/mail/transport.ts';
import { createServer } from '../../src/server/server.ts';
import { client, signIn, VALID } from './harness.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');

const work = mkdtempSync(path.join(tmpdir(), 'runway-upgrade-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(work, { recursive: true, force: true });
});

/** The migrations folder as an earlier version shipped it: its journal ends at `previousLast`. */
function previousMigrations(previousLast: string): string {
  const folder = path.join(work, previousLast, 'drizzle');
  mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === previousLast);
  expect(last, `${previousLast} is in the journal`).toBeGreaterThan(0);
  // The current version adds at least one migration, or this test would prove nothing.
  expect(journal.entries.length).toBeGreaterThan(last + 1);
  journal.entries = journal.entries.slice(0, last + 1);
  for (const { tag } of journal.entries) copyFileSync(path.join(MIGRATIONS, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  return folder;
}

/** The upgraded server with the old user signed in: the API, the user's token, a sender for raw replays, and SQL on the database. */
async function signedInAfterUpgrade(old: OldDatabase, name: string, email: string, password: string) {
  const { server, base, api } = await upgradedServer(old, name);
  const signedIn = await signIn(api, email, password);
  expect(signedIn.status).toBe(200);
  const token = String(signedIn.body.status.data.token);
  const { db } = server.database;
  const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  return { api, token, send: sender(base, token), rows };
}

/** The assumptions table's column names, as the upgraded database has them. */
async function assumptionsColumns(rows: (query: ReturnType<typeof sql>) => Promise<Record<string, unknown>[]>): Promise<unknown[]> {
  return (await rows(sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'assumptions' ORDER BY column_name`)).map((c) => c.column_name);
}

/** Runs SQL on the old database; answers the rows. */
type Sql = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

interface OldDatabase {
  sql: Sql;
  close: () => Promise<void>;
  env: Record<string, string>;
  pgliteDir?: string;
}

/** A database at an earlier version (its last migration): where the current server will find it, and SQL on it. */
async function previousDatabase(previousLast: string): Promise<OldDatabase> {
  const migrationsFolder = previousMigrations(previousLast);
  const url = process.env.DATABASE_URL;
  if (!url) {
    const pgliteDir = path.join(work, previousLast, 'db');
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

/** What an earlier version stored for a request it answered under an Idempotency-Key. */
function storeKey(old: OldDatabase, userId: number, key: string, method: string, keyPath: string, body: string, status: number, answer: string) {
  return old.sql(`INSERT INTO idempotency_keys (user_id, key, method, path, status_code, request_hash, response) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    userId,
    key,
    method,
    keyPath,
    status,
    sha256(body),
    answer,
  ]);
}

/** The current server over the old database, which it migrates; its address and a client. */
async function upgradedServer(old: OldDatabase, name: string) {
  const config = loadConfig({ DATA_DIR: path.join(work, name, 'data'), STATIC_DIR: path.join(work, 'no-web-app'), LOG_LEVEL: 'silent', ...old.env });
  const server = await createServer(config, { mail: new MemoryMailTransport(), logger: false, ...(old.pgliteDir ? { pgliteDir: old.pgliteDir } : {}) });
  cleanups.push(() => server.close());
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server did not report a port');
  const base = `http://127.0.0.1:${address.port}`;
  return { server, base, api: client(base) };
}

/** Sends a queued edit as the phone's outbox does: the raw body, byte for byte, under its key. */
const sender = (base: string, token: string) => (method: string, sendPath: string, key: string, body: string) =>
  fetch(base + sendPath, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key }, body });

it('a database of version 0004 keeps its edits: each replay gets its stored answer, nothing is applied twice', async () => {
  const old = await previousDatabase('0004_payments');
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
  await storeKey(old, userId, 'create-visa', 'POST', '/api/v1/debts', createBody, 201, createAnswer);
  await storeKey(old, userId, 'rename-visa', 'PUT', `/api/v1/debts/${debtId}`, renameBody, 200, renameAnswer);
  await old.close();

  // The current version opens it, and migrates it.
  const { base, api } = await upgradedServer(old, '0004');

  // Signing in reaches the new rate-limit table: the migration made it.
  const signedIn = await signIn(api, email, password);
  expect(signedIn.status).toBe(200);
  const token = String(signedIn.body.status.data.token);

  // The phone's outbox, replayed from the start after the upgrade: raw bodies, byte for byte.
  const send = sender(base, token);
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

it('a database of version 0009 gains the five plan assumptions and the surplus account key, and keeps its queued edits', async () => {
  const old = await previousDatabase('0009_baselines');
  expect((await old.sql(`SELECT column_name FROM information_schema.columns WHERE table_name = 'assumptions' AND column_name = 'surplus_account_id'`)).length).toBe(0);

  // What 0009 stored for a phone that saved its assumptions under a key and had the answer.
  const email = 'upgrade-0009@example.com';
  const password = 'secret123';
  const [user] = await old.sql(`INSERT INTO users (email, password_hash, birth_year) VALUES ($1, $2, 1985) RETURNING id`, [email, await hashPassword(password)]);
  const userId = Number(user?.id);
  const [roth] = await old.sql(
    `INSERT INTO retirement_accounts (user_id, name, account_type, contribution_amount_cents, employer_match, employer_contribution_amount_cents, starting_balance_cents, expected_return_rate, contribution_cycle, next_deposit_date)
     VALUES ($1, 'Roth', 'roth_ira', 50000, 0, 0, 1000000, 6, 'monthly', '2026-12-01') RETURNING id`,
    [userId],
  );
  const rothId = Number(roth?.id);
  const [stored] = await old.sql(`INSERT INTO assumptions (user_id, inflation_rate, cash_balance_cents) VALUES ($1, 2.5, 1200000) RETURNING id`, [userId]);
  const assumptionsId = Number(stored?.id);
  const saveBody = JSON.stringify({ assumptions: { inflation_rate: 2.5, cash_balance: 12000 } });
  const saveAnswer = JSON.stringify({ assumptions: { id: assumptionsId, inflation_rate: 2.5, cash_balance: 12000 } });
  await storeKey(old, userId, 'save-assumptions', 'POST', '/api/v1/assumptions', saveBody, 201, saveAnswer);
  await old.close();

  const { api, token, send, rows } = await signedInAfterUpgrade(old, '0009', email, password);

  // The columns and the key are there, and the stored record reads with every new field null.
  expect(await assumptionsColumns(rows)).toEqual(expect.arrayContaining(['other_spending_cents', 'retirement_spending_cents', 'surplus_account_id', 'surplus_share', 'overdraft_interest_rate']));
  const [key] = await rows(sql`SELECT delete_rule FROM information_schema.referential_constraints WHERE constraint_name = 'assumptions_surplus_account_id_retirement_accounts_id_fk'`);
  expect(key?.delete_rule).toBe('SET NULL');
  const before = (await api('GET', '/api/v1/assumptions', { token })).body.assumptions;
  expect(before).toMatchObject({ id: assumptionsId, inflation_rate: 2.5, cash_balance: 12000, other_spending: null, retirement_spending: null, surplus_account_id: null, surplus_share: null, overdraft_interest_rate: null });

  // The replay of what 0009 answered: its stored bytes, nothing written again.
  const replayed = await send('POST', '/api/v1/assumptions', 'save-assumptions', saveBody);
  expect([replayed.status, replayed.headers.get('idempotent-replayed'), await replayed.text()]).toEqual([201, 'true', saveAnswer]);
  expect((await api('GET', '/api/v1/assumptions', { token })).body.assumptions).toEqual(before);

  // Edits queued but not sent before the upgrade: a brokerage account, then the new fields naming it. Each lands once.
  const brokerageBody = JSON.stringify({
    retirement_account: { name: 'Brokerage', account_type: 'taxable', contribution_amount: 0, employer_match: 0, employer_contribution_amount: 0, starting_balance: 0, expected_return_rate: 6, contribution_cycle: 'monthly', next_deposit_date: '2026-12-01' },
  });
  const created = await send('POST', '/api/v1/retirement_accounts', 'add-brokerage', brokerageBody);
  expect(created.status).toBe(201);
  const brokerageId = ((await created.json()) as { retirement_account: { id: number } }).retirement_account.id;
  const spendBody = JSON.stringify({ assumptions: { other_spending: 250, surplus_account_id: brokerageId, surplus_share: 50 } });
  const spent = await send('PUT', '/api/v1/assumptions', 'spend-and-save', spendBody);
  expect([spent.status, spent.headers.get('idempotent-replayed')]).toEqual([200, null]);
  const spentText = await spent.text();
  const again = await send('PUT', '/api/v1/assumptions', 'spend-and-save', spendBody);
  expect([again.status, again.headers.get('idempotent-replayed'), await again.text()]).toEqual([200, 'true', spentText]);
  expect((await send('POST', '/api/v1/retirement_accounts', 'add-brokerage', brokerageBody)).headers.get('idempotent-replayed')).toBe('true');

  const accounts = (await api('GET', '/api/v1/retirement_accounts', { token })).body.retirement_accounts as { id: number }[];
  expect(accounts.map((a) => a.id)).toEqual([rothId, brokerageId]);
  const after = (await api('GET', '/api/v1/assumptions', { token })).body.assumptions;
  expect(after).toEqual({ ...before, other_spending: 250, surplus_account_id: brokerageId, surplus_share: 50, updated_at: expect.any(String) });
  // The old Roth account cannot take the surplus.
  expect((await api('PUT', '/api/v1/assumptions', { token, body: { assumptions: { surplus_account_id: rothId } } })).status).toBe(422);
});

it('a database of version 0010 gains the four tax assumptions, and keeps its queued edits', async () => {
  const old = await previousDatabase('0010_where_the_money_goes');
  expect((await old.sql(`SELECT column_name FROM information_schema.columns WHERE table_name = 'assumptions' AND column_name = 'filing_status'`)).length).toBe(0);

  // What 0010 stored for a phone that saved its assumptions under a key and had the answer.
  const email = 'upgrade-0010@example.com';
  const password = 'secret123';
  const [user] = await old.sql(`INSERT INTO users (email, password_hash, birth_year) VALUES ($1, $2, 1960) RETURNING id`, [email, await hashPassword(password)]);
  const userId = Number(user?.id);
  const [stored] = await old.sql(`INSERT INTO assumptions (user_id, inflation_rate, retirement_tax_rate, other_spending_cents) VALUES ($1, 2.5, 15, 50000) RETURNING id`, [userId]);
  const assumptionsId = Number(stored?.id);
  const saveBody = JSON.stringify({ assumptions: { inflation_rate: 2.5, retirement_tax_rate: 15, other_spending: 500 } });
  const saveAnswer = JSON.stringify({ assumptions: { id: assumptionsId, inflation_rate: 2.5, retirement_tax_rate: 15, other_spending: 500 } });
  await storeKey(old, userId, 'save-assumptions', 'POST', '/api/v1/assumptions', saveBody, 201, saveAnswer);
  await old.close();

  const { api, token, send, rows } = await signedInAfterUpgrade(old, '0010', email, password);
  expect(await assumptionsColumns(rows)).toEqual(expect.arrayContaining(['filing_status', 'state_tax_rate', 'roth_conversion_cents', 'withdrawal_order']));
  // The stored record reads with every new field null: the flat rate and the proportional order, as before.
  const before = (await api('GET', '/api/v1/assumptions', { token })).body.assumptions;
  expect(before).toMatchObject({ id: assumptionsId, retirement_tax_rate: 15, other_spending: 500, filing_status: null, state_tax_rate: null, roth_conversion: null, withdrawal_order: null });

  // The replay of what 0010 answered: its stored bytes, nothing written again.
  const replayed = await send('POST', '/api/v1/assumptions', 'save-assumptions', saveBody);
  expect([replayed.status, replayed.headers.get('idempotent-replayed'), await replayed.text()]).toEqual([201, 'true', saveAnswer]);
  expect((await api('GET', '/api/v1/assumptions', { token })).body.assumptions).toEqual(before);

  // An edit queued but not sent before the upgrade, setting the new fields: it lands once.
  const taxBody = JSON.stringify({ assumptions: { filing_status: 'married_joint', state_tax_rate: 4.25, roth_conversion: 20000, withdrawal_order: 'tax_aware' } });
  const taxed = await send('PUT', '/api/v1/assumptions', 'set-taxes', taxBody);
  expect([taxed.status, taxed.headers.get('idempotent-replayed')]).toEqual([200, null]);
  const taxedText = await taxed.text();
  const again = await send('PUT', '/api/v1/assumptions', 'set-taxes', taxBody);
  expect([again.status, again.headers.get('idempotent-replayed'), await again.text()]).toEqual([200, 'true', taxedText]);
  const after = (await api('GET', '/api/v1/assumptions', { token })).body.assumptions;
  expect(after).toEqual({ ...before, filing_status: 'married_joint', state_tax_rate: 4.25, roth_conversion: 20000, withdrawal_order: 'tax_aware', updated_at: expect.any(String) });
});
