/**
 * `npm run bench:memory`: the server's resident memory when idle, on a first start (a fresh
 * DATA_DIR: PGlite creates its database and the migrations run) and on a restart over the same
 * folder. Starts the real server (src/server/main.ts) in a process of its own, waits until it
 * answers and has been idle for a few seconds, and reads its VmRSS from /proc. Figures in
 * docs/performance.md#server-memory.
 */
import { readFileSync, rmSync } from 'node:fs';
import { ServerProcess } from '../tests/server/server-process.ts';

const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) / 1024;
}

async function idleRss(server: ServerProcess): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  return rssMb(server.pid);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const first: number[] = [];
  const restart: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    // PGlite only: the embedded database is what a first start creates.
    const server = await ServerProcess.start({ env: { DATABASE_URL: '' } });
    try {
      first.push(await idleRss(server));
      await server.stop();
      await server.boot();
      restart.push(await idleRss(server));
    } finally {
      await server.stop();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  }
  const row = (label: string, values: number[]) => ({ start: label, 'median RSS MB': Math.round(median(values)), runs: values.map((v) => Math.round(v)).join(', ') });
  console.table([row('first start (fresh DATA_DIR)', first), row('restart (same DATA_DIR)', restart)]);
  console.log(`first start / restart: ${(median(first) / median(restart)).toFixed(2)}`);
}

await main();
