/**
 * `npm run flags` lists the feature flags; `npm run flags -- allow_signup off|on` sets one.
 * Works whether or not the server is running (see cli/admin.ts).
 */
import { featureFlags } from '../db/schema.ts';
import { seedFlags, setFlag } from '../auth/accounts.ts';
import { fail, parseSwitch, runAdmin } from './admin.ts';

const USAGE = 'Usage: npm run flags -- [<flag_name> on|off]';

function parseArgs(argv: string[]): { name: string; enabled: boolean } | null {
  if (argv.length === 0) return null;
  const [name, state] = argv;
  if (argv.length !== 2 || !name || !/^[a-z_]{1,64}$/.test(name)) throw new Error(USAGE);
  return { name, enabled: parseSwitch(state, USAGE) };
}

async function main() {
  const change = parseArgs(process.argv.slice(2));
  const lines = await runAdmin(
    async (server) => {
      if (change) {
        await server.call('PUT', `/admin/feature_flags/${change.name}`, { enabled: change.enabled });
        return [`${change.name} is now ${change.enabled ? 'on' : 'off'} (through the running server on port ${server.port})`];
      }
      const body = (await server.call('GET', '/api/v1/feature_flags')) as { feature_flags: { name: string; enabled: boolean }[] };
      return body.feature_flags.map((flag) => `${flag.name}: ${flag.enabled ? 'on' : 'off'}`);
    },
    async (db) => {
      await seedFlags(db);
      if (change) {
        await setFlag(db, change.name, change.enabled, new Date());
        return [`${change.name} is now ${change.enabled ? 'on' : 'off'}`];
      }
      const rows = await db.select().from(featureFlags).orderBy(featureFlags.name);
      return rows.map((flag) => `${flag.name}: ${flag.enabled ? 'on' : 'off'}`);
    },
  );
  for (const line of lines) console.log(line);
}

main().catch(fail);
