/**
 * Opens the database: embedded PGlite in DATA_DIR/db by default, PostgreSQL when DATABASE_URL is
 * set. Both speak PostgreSQL, so one Drizzle schema and one set of migrations serve both.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { CreateRequest } from './create-pglite.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  readonly db: Db;
  readonly driver: 'pglite' | 'postgres';
  /** The raw client, for LISTEN/NOTIFY. */
  readonly pglite?: PGlite;
  readonly pool?: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… — when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; 'memory' for a throwaway in-memory database (tests). */
  pgliteDir?: string;
  poolSize?: number;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/**
 * Runs create-pglite.ts in a process of its own, under tsx as the server runs (whatever started
 * this process: `npm start`, or a test runner with flags of its own), from the project's folder so
 * that `tsx` resolves; resolves when the folder holds a migrated database.
 */
async function createInProcess({ dir, migrationsFolder }: CreateRequest): Promise<void> {
  const script = fileURLToPath(new URL('./create-pglite.ts', import.meta.url));
  const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));
  try {
    await promisify(execFile)(process.execPath, ['--import', 'tsx', script, dir, migrationsFolder], { cwd: projectRoot, maxBuffer: 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr;
    throw new Error(`Creating the database in ${dir} failed${stderr ? `: ${stderr.trim()}` : ''}`, { cause: error });
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, driver: 'postgres', pool, close: () => pool.end() };
  }
  const dir = options.pgliteDir ?? 'memory';
  if (dir !== 'memory') mkdirSync(dir, { recursive: true });
  // A folder without a database is created by a process of its own, whose memory goes with it
  // (create-pglite.ts): a first start then idles at a restart's memory.
  if (dir !== 'memory' && !existsSync(path.join(dir, 'PG_VERSION'))) await createInProcess({ dir, migrationsFolder });
  const client = dir === 'memory' ? new PGlite() : new PGlite(dir);
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, driver: 'pglite', pglite: client, close: () => client.close() };
}

export { schema };
