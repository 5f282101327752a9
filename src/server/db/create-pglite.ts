/**
 * Creates a PGlite database folder and brings it to the latest migration, in a process of its
 * own (client.ts runs `node create-pglite.ts DIR MIGRATIONS`). Creating the database (initdb)
 * leaves PGlite holding about twice the memory it needs once the folder exists: a server that
 * created its database idled at 896 MB against 422 MB after a restart (bench:memory). Done in a
 * process that then exits, that memory goes with it, and the server opens the folder as a
 * restart does.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

export interface CreateRequest {
  dir: string;
  migrationsFolder: string;
}

async function create({ dir, migrationsFolder }: CreateRequest): Promise<void> {
  const client = new PGlite(dir);
  await client.waitReady;
  await migrate(drizzle({ client }), { migrationsFolder });
  await client.close();
}

const [dir, migrationsFolder] = process.argv.slice(2);
if (dir && migrationsFolder) {
  create({ dir, migrationsFolder }).catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  });
}
