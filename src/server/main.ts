/**
 * `npm start`: one process serving the web app and the API on PORT, data in DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { createServer } from './server.ts';

/** The address to open in a browser on this machine: a wildcard or loopback host is `localhost`. */
function localUrl(host: string, port: number): string {
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host);
  return `http://${local ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${port}`;
}

const config = loadConfig();
mkdirSync(config.dataDir, { recursive: true });
const adminSecret = randomBytes(32).toString('base64url');
const server = await createServer(config, { adminSecret });
const { app } = server;

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;

// Where admin commands find this process (see src/server/cli/flags.ts). Readable by the owner only.
const serverFile = path.join(config.dataDir, 'server.json');
writeFileSync(serverFile, JSON.stringify({ pid: process.pid, port, adminSecret }), { mode: 0o600 });
app.log.info({ port, database: server.database.driver, dataDir: config.dataDir }, 'Runway is listening');
// The one line a person starting the app looks for, among the JSON log lines.
console.log(`Runway is running at ${localUrl(config.host, port)}${config.appUrl ? ` (public address: ${config.appUrl})` : ''}`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  // The process ends when nothing is left open: a clean shutdown closes every socket, timer and
  // database handle. If something hangs, the watchdog ends it the hard way.
  const watchdog = setTimeout(() => {
    app.log.error('shutdown took too long; killing the process');
    process.kill(process.pid, 'SIGKILL');
  }, 10_000);
  watchdog.unref();
  try {
    await server.close();
    rmSync(serverFile, { force: true });
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exitCode = 1;
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
