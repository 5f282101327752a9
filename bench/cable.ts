/**
 * `npm run bench:cable`: live-update fan-out to 1,000 subscribed connections.
 *
 * Starts the real server (src/server/main.ts, PGlite) and, in a second process, 1,000 ActionCable
 * connections of one user subscribed to UpdatesChannel; then makes 20 REST writes and times each
 * from just before the POST until the last of the 1,000 sockets has the update. The same is done
 * with a bare `ws` server broadcasting the same frame to 1,000 sockets, and the ratio printed.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const WRITES = 20;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUp(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not come up`);
}

function startClients(env: Record<string, string>): Promise<{ child: ChildProcess; next: (type: string) => Promise<any> }> {
  const child = fork('bench/cable-clients.ts', [], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const inbox: any[] = [];
  const waiters: (() => void)[] = [];
  child.on('message', (message) => {
    inbox.push(message);
    waiters.splice(0).forEach((wake) => wake());
  });
  const next = async (type: string) => {
    for (;;) {
      const index = inbox.findIndex((m) => type in m || 'error' in m || 'closed' in m);
      if (index >= 0) {
        const [message] = inbox.splice(index, 1);
        if (!(type in message)) throw new Error(`clients: ${JSON.stringify(message)}`);
        return message;
      }
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return next('ready').then(() => ({ child, next }));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)] ?? NaN;
const ms = (from: bigint, to: bigint) => Number(to - from) / 1e6;

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'runway-bench-cable-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'none'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const timings: number[] = [];
  let sample = '';
  const memory = { before: 0, after: 0 };
  try {
    await waitUp(`${base}/api/v1/feature_flags`, server);
    const email = `bench-${Date.now()}@example.com`;
    const signup = await fetch(`${base}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: { email, password: 'bench-password', password_confirmation: 'bench-password', birth_year: 1980 } }),
    });
    const token = ((await signup.json()) as any).status.data.token as string;
    memory.before = rssMiB(server.pid!);
    const clients = await startClients({ BENCH_URL: `ws://127.0.0.1:${port}/cable?token=${token}`, BENCH_EMAIL: email, BENCH_CLIENTS: String(CLIENTS) });
    memory.after = rssMiB(server.pid!);
    for (let i = 0; i < WRITES + 2; i++) {
      const marker = `bench-write-${i}-${Date.now()}`;
      clients.child.send({ expect: marker });
      await clients.next('armed');
      const start = process.hrtime.bigint();
      const response = await fetch(`${base}/api/v1/incomes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ income: { name: marker, pay_cycle: 'monthly', next_pay_date: '2026-12-01', gross_pay: 5000, net_pay: 4000 } }),
      });
      if (response.status !== 201) throw new Error(`write answered ${response.status}`);
      const done = await clients.next('done');
      if (i >= 2) timings.push(ms(start, BigInt(done.at))); // the first two warm up
      sample = done.sample;
    }
    clients.child.send({ exit: true });
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }

  // The baseline: the same frame, broadcast by a bare ws server to the same number of sockets.
  const barePort = await freePort();
  const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-cable.ts'], { env: { ...process.env, PORT: String(barePort) }, stdio: ['ignore', 'ignore', 'inherit'] });
  const bareTimings: number[] = [];
  try {
    await waitUp(`http://127.0.0.1:${barePort}/`, bare);
    const clients = await startClients({ BENCH_URL: `ws://127.0.0.1:${barePort}/`, BENCH_CLIENTS: String(CLIENTS) });
    for (let i = 0; i < WRITES + 2; i++) {
      const marker = `bench-bare-${i}-${Date.now()}`;
      clients.child.send({ expect: marker });
      await clients.next('armed');
      const start = process.hrtime.bigint();
      await fetch(`http://127.0.0.1:${barePort}/broadcast`, { method: 'POST', body: sample.replace(/bench-write-[\d-]+/, marker) });
      const done = await clients.next('done');
      if (i >= 2) bareTimings.push(ms(start, BigInt(done.at)));
    }
    clients.child.send({ exit: true });
  } finally {
    bare.kill('SIGTERM');
  }

  const real = median(timings);
  const baseline = median(bareTimings);
  console.log(`Runway cable benchmark, ${new Date().toISOString().slice(0, 10)}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`);
  console.log(`${CLIENTS} subscribed connections of one user, ${WRITES} REST writes (POST /api/v1/incomes), frame of ${sample.length} bytes`);
  console.table([
    { load: 'Runway: REST write → all sockets', 'p50 ms': real.toFixed(1), 'p90 ms': p90(timings).toFixed(1) },
    { load: 'bare ws broadcast → all sockets', 'p50 ms': baseline.toFixed(1), 'p90 ms': p90(bareTimings).toFixed(1) },
  ]);
  console.log(`server memory: ${memory.before.toFixed(0)} MiB before the connections, ${memory.after.toFixed(0)} MiB with ${CLIENTS} connected`);
  console.log(`ratio: ${(real / baseline).toFixed(2)}× the bare broadcast (target: p50 under 150 ms and within 3×: ${real < 150 && real / baseline <= 3 ? 'met' : 'NOT met'}); missed messages: 0 (every write waited for all ${CLIENTS} sockets)`);
}

await main();
