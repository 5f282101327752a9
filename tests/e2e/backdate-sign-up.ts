/**
 * `node --import tsx tests/e2e/backdate-sign-up.ts EMAIL ISO-TIMESTAMP`: moves a test user's
 * sign-up moment (`users.created_at`, the plan start: month 1 of every month table) into the past,
 * so a browser test can check in a month or more apart. Test support only: run by
 * `backdateSignUp` in harness.ts while the server is stopped (PGlite lets one process open its
 * folder), against the database the server's environment names (DATA_DIR or DATABASE_URL), with
 * the project's own database module.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema.ts';

const [email, when] = process.argv.slice(2);
const createdAt = new Date(when ?? '');
if (!email || Number.isNaN(createdAt.getTime())) throw new Error('Usage: backdate-sign-up.ts <email> <ISO timestamp>');

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
try {
  const changed = await database.db.update(users).set({ createdAt }).where(eq(users.email, email.trim().toLowerCase())).returning({ id: users.id });
  if (changed.length !== 1) throw new Error(`No user has the email ${email}`);
} finally {
  await database.close();
}
