/**
 * `npm run subscribe -- EMAIL on|off`: marks a user subscribed or not, by hand. Payments set the
 * same flag; this command is for support and for trying the analytics area without paying.
 * Works whether or not the server is running (see cli/admin.ts).
 */
import { setSubscribed } from '../auth/accounts.ts';
import { fail, parseSwitch, runAdmin } from './admin.ts';

const USAGE = 'Usage: npm run subscribe -- <email> on|off';

async function main() {
  const [email, state, ...rest] = process.argv.slice(2);
  if (!email || rest.length > 0) throw new Error(USAGE);
  const subscribed = parseSwitch(state, USAGE);
  const line = await runAdmin(
    async (server) => {
      await server.call('PUT', '/admin/subscriptions', { email, subscribed });
      return `${email} is now ${subscribed ? 'subscribed' : 'not subscribed'} (through the running server on port ${server.port})`;
    },
    async (db) => {
      if ((await setSubscribed(db, email, subscribed)) === null) throw new Error(`No user has the email ${email}`);
      return `${email} is now ${subscribed ? 'subscribed' : 'not subscribed'}`;
    },
  );
  console.log(line);
}

main().catch(fail);
