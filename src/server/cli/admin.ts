/**
 * How admin commands reach the data. PGlite lets one process open its data folder, so while the
 * server runs a command asks it over its loopback admin route (the address and secret are in
 * DATA_DIR/server.json, readable by the owner only); when no server holds the folder, or on
 * PostgreSQL (which any number of processes share), the command opens the database itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/client.ts';

interface RunningServer {
  port: number;
  adminSecret: string;
}

function runningServer(dataDir: string): RunningServer | null {
  const file = path.join(dataDir, 'server.json');
  if (!existsSync(file)) return null;
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as { pid: number } & RunningServer;
    process.kill(info.pid, 0);
    return info;
  } catch {
    return null;
  }
}

export interface AdminRoutes {
  /** Calls the running server's admin route; answers the parsed JSON body. */
  call(method: string, route: string, body?: unknown): Promise<unknown>;
  port: number;
}

export async function runAdmin<T>(viaServer: (server: AdminRoutes) => Promise<T>, viaDatabase: (db: Db) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const server = config.databaseUrl ? null : runningServer(config.dataDir);
  if (server) {
    return viaServer({
      port: server.port,
      async call(method, route, body) {
        const response = await fetch(`http://127.0.0.1:${server.port}${route}`, {
          method,
          headers: { 'content-type': 'application/json', 'x-admin-secret': server.adminSecret },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await response.text();
        const parsed = text ? (JSON.parse(text) as unknown) : undefined;
        if (!response.ok) {
          const message = (parsed as { message?: string } | undefined)?.message ?? text;
          throw new Error(`The running server refused (${response.status}): ${message}`);
        }
        return parsed;
      },
    });
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  try {
    return await viaDatabase(database.db);
  } finally {
    await database.close();
  }
}

/** `on`/`off` (and a few synonyms) to a boolean; throws the usage otherwise. */
export function parseSwitch(state: string | undefined, usage: string): boolean {
  if (state === 'on' || state === 'true' || state === 'enable') return true;
  if (state === 'off' || state === 'false' || state === 'disable') return false;
  throw new Error(`${usage}\nThe state must be "on" or "off", not "${state ?? ''}".`);
}

export function fail(error: unknown): void {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
