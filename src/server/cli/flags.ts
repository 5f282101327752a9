/**
 * `npm run flags -- allow_signup off|on` (and `npm run flags` to list them).
 *
 * PGlite lets one process open its data folder, so while the server runs this command asks it
 * over its loopback admin route; when no server holds the folder (or on PostgreSQL, which any
 * number of processes share) it opens the database itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { featureFlags } from '../db/schema.ts';
import { seedFlags, setFlag } from '../auth/accounts.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';

const USAGE = 'Usage: npm run flags -- [<flag_name> on|off]';

function parseArgs(argv: string[]): { name: string; enabled: boolean } | null {
  if (argv.length === 0) return null;
  const [name, state] = argv;
  if (argv.length !== 2 || !name || !/^[a-z_]{1,64}$/.test(name)) throw new Error(USAGE);
  if (state === 'on' || state === 'true' || state === 'enable') return { name, enabled: true };
  if (state === 'off' || state === 'false' || state === 'disable') return { name, enabled: false };
  throw new Error(`${USAGE}\nThe state must be "on" or "off", not "${state}".`);
}

function runningServer(dataDir: string): { port: number; adminSecret: string } | null {
  const file = path.join(dataDir, 'server.json');
  if (!existsSync(file)) return null;
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; port: number; adminSecret: string };
    process.kill(info.pid, 0);
    return info;
  } catch {
    return null;
  }
}

async function main() {
  const change = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const server = config.databaseUrl ? null : runningServer(config.dataDir);

  if (server && change) {
    const response = await fetch(`http://127.0.0.1:${server.port}/admin/feature_flags/${change.name}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-admin-secret': server.adminSecret },
      body: JSON.stringify({ enabled: change.enabled }),
    });
    if (!response.ok) throw new Error(`The running server refused the change (${response.status}): ${await response.text()}`);
    console.log(`${change.name} is now ${change.enabled ? 'on' : 'off'} (through the running server on port ${server.port})`);
    return;
  }
  if (server && !change) {
    const response = await fetch(`http://127.0.0.1:${server.port}/api/v1/feature_flags`);
    const body = (await response.json()) as { feature_flags: { name: string; enabled: boolean }[] };
    for (const flag of body.feature_flags) console.log(`${flag.name}: ${flag.enabled ? 'on' : 'off'}`);
    return;
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  try {
    await seedFlags(database.db);
    if (change) {
      await setFlag(database.db, change.name, change.enabled, new Date());
      console.log(`${change.name} is now ${change.enabled ? 'on' : 'off'}`);
    } else {
      const rows = await database.db.select().from(featureFlags).orderBy(featureFlags.name);
      for (const flag of rows) console.log(`${flag.name}: ${flag.enabled ? 'on' : 'off'}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
