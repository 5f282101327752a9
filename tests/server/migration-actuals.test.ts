/**
 * Migration 0008 (one actual per account and month, docs/projection-rules.md#actuals-and-check-ins):
 * a database holding the previous version's actuals — an account's balance typed in only one of its
 * two tables, or in both with different values — comes out with the same actual under both kinds,
 * the later write winning. Debt and income actuals are untouched. Runs on PGlite, and on PostgreSQL
 * with DATABASE_URL.
 */
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

const BEFORE = '0007_end_months_payroll';
const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');
const work = mkdtempSync(path.join(tmpdir(), 'runway-actuals-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(work, { recursive: true, force: true });
});

/** The migrations folder up to and including `last`. */
function migrationsUpTo(last: string): string {
  const folder = path.join(work, last);
  mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((entry) => entry.tag === last);
  expect(end, `${last} is in the journal`).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, end + 1);
  for (const { tag } of journal.entries) copyFileSync(path.join(MIGRATIONS, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  return folder;
}

type Sql = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** A database migrated to BEFORE, SQL on it, and how to migrate it the rest of the way. */
async function database(): Promise<{ sql: Sql; migrateAll(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const pglite = new PGlite();
    cleanups.push(() => pglite.close());
    const db = drizzlePglite({ client: pglite });
    await migratePglite(db, { migrationsFolder: migrationsUpTo(BEFORE) });
    return { sql: async (text, params) => (await pglite.query<Record<string, unknown>>(text, params)).rows, migrateAll: () => migratePglite(db, { migrationsFolder: MIGRATIONS }) };
  }
  const name = `runway_actuals_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: own.href, max: 2 });
  cleanups.push(async () => {
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  const db = drizzlePg({ client: pool });
  await migratePg(db, { migrationsFolder: migrationsUpTo(BEFORE) });
  return { sql: async (text, params) => (await pool.query<Record<string, unknown>>(text, params)).rows, migrateAll: () => migratePg(db, { migrationsFolder: MIGRATIONS }) };
}

it('gives every account actual its twin in the other table, the later write winning', async () => {
  const { sql, migrateAll } = await database();
  const [user] = await sql(`INSERT INTO users (email, password_hash, birth_year) VALUES ('a@example.com', 'x', 1985) RETURNING id`);
  const userId = Number(user?.id);
  const put = (kind: string, entity: number, month: string, cents: number, at: string) =>
    sql(`INSERT INTO month_overrides (user_id, kind, entity_id, month, value_cents, updated_at) VALUES ($1, $2, $3, $4, $5, $6)`, [userId, kind, entity, month, cents, at]);
  // Account 7: 2026-08 typed in both tables, the retirement one later; 2026-09 only in
  // Retirement Contributions; 2026-10 only in Retirement Living. Debt 3 and the income table too.
  await put('contribution', 7, '2026-08', 2_212_800, '2026-11-01T10:00:00Z');
  await put('retirement', 7, '2026-08', 2_240_000, '2026-11-02T10:00:00Z');
  await put('contribution', 7, '2026-09', 2_300_000, '2026-11-03T10:00:00Z');
  await put('retirement', 7, '2026-10', 2_350_000, '2026-11-04T10:00:00Z');
  await put('debt', 3, '2026-10', 605_000, '2026-11-04T10:00:00Z');
  await put('income', 0, '2026-10', 120_000, '2026-11-04T10:00:00Z');

  await migrateAll();

  const rows = await sql(`SELECT kind, entity_id, month, value_cents FROM month_overrides WHERE user_id = $1 ORDER BY entity_id, month, kind`, [userId]);
  expect(rows.map((r) => [r.kind, Number(r.entity_id), r.month, Number(r.value_cents)])).toEqual([
    ['income', 0, '2026-10', 120_000],
    ['debt', 3, '2026-10', 605_000],
    ['contribution', 7, '2026-08', 2_240_000],
    ['retirement', 7, '2026-08', 2_240_000],
    ['contribution', 7, '2026-09', 2_300_000],
    ['retirement', 7, '2026-09', 2_300_000],
    ['contribution', 7, '2026-10', 2_350_000],
    ['retirement', 7, '2026-10', 2_350_000],
  ]);
});
