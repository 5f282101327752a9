/**
 * `npm run bench:server`: throughput and latency of the real API against a bare Fastify route.
 *
 * For each database (embedded PGlite; PostgreSQL when DATABASE_URL is set or PostgreSQL is
 * installed, through a throwaway cluster) it starts the real server (src/server/main.ts) as its
 * own process, signs a user up and gives them 20 debts, then drives it from this process with
 * autocannon at 50 connections:
 *   - read:  authenticated GET /api/v1/debts (20 debts);
 *   - write: a mix of POST /api/v1/monthly_expenses and PUT /api/v1/debts/:id.
 * The same two loads run against bench/bare-server.ts, which answers the same JSON from memory,
 * and the ratio real / bare is printed. Figures go into docs/performance.md#api-server.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const which = args.get('db') ?? 'all';

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

function startProcess(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function json(url: string, init: RequestInit): Promise<any> {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) } });
  if (!response.ok) throw new Error(`${init.method} ${url} answered ${response.status}: ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}

async function seed(base: string): Promise<{ token: string; debtIds: number[]; debtsBody: unknown; writeBody: unknown }> {
  const email = `bench-${Date.now()}@example.com`;
  const signup = await json(`${base}/users`, {
    method: 'POST',
    body: JSON.stringify({ user: { email, password: 'bench-password', password_confirmation: 'bench-password', birth_year: 1980 } }),
  });
  const token = signup.status.data.token as string;
  const auth = { authorization: `Bearer ${token}` };
  const debtIds: number[] = [];
  for (let i = 0; i < 20; i++) {
    const created = await json(`${base}/api/v1/debts`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        debt: { name: `Debt ${i + 1}`, creditor: 'Bank', original_amount: 5000 + i * 250, remaining_amount: 4000 + i * 200, apr: 5 + i, monthly_payment: 150 + i * 5, original_term: 60, due_day: (i % 28) + 1 },
      }),
    });
    debtIds.push(created.debt.id as number);
  }
  const debtsBody = await json(`${base}/api/v1/debts`, { method: 'GET', headers: auth });
  const writeBody = await json(`${base}/api/v1/debts/${debtIds[0]}`, { method: 'PUT', headers: auth, body: JSON.stringify({ debt: { name: 'Debt 1' } }) });
  return { token, debtIds, debtsBody, writeBody };
}

async function load(base: string, token: string, kind: 'read' | 'write', debtIds: number[]): Promise<Figures> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  let n = 0;
  const requests: autocannon.Request[] =
    kind === 'read'
      ? [{ method: 'GET', path: '/api/v1/debts', headers }]
      : [
          { method: 'POST', path: '/api/v1/monthly_expenses', headers, body: JSON.stringify({ monthly_expense: { name: 'Coffee', amount: 42.5, due_day: 3 } }) },
          {
            method: 'PUT',
            headers,
            setupRequest: (request) => {
              n += 1;
              const id = debtIds[n % debtIds.length];
              return { ...request, path: `/api/v1/debts/${id}`, body: JSON.stringify({ debt: { name: `Debt ${(n % 20) + 1}`, due_day: (n % 28) + 1 } }) };
            },
          },
        ];
  const result = await autocannon({ url: base, connections: CONNECTIONS, duration: DURATION_S, requests });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

async function benchDatabase(label: string, env: Record<string, string>): Promise<Record<string, Figures>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'runway-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const common = { PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'none'), AUTH_RATE_LIMIT_MAX: '100000', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
  const server = startProcess('src/server/main.ts', { ...common, ...env });
  const figures: Record<string, Figures> = {};
  let seeded;
  try {
    await waitFor(`${base}/api/v1/feature_flags`, server);
    seeded = await seed(base);
    await load(base, seeded.token, 'read', seeded.debtIds); // warm-up, not reported
    figures[`${label} GET /api/v1/debts`] = await load(base, seeded.token, 'read', seeded.debtIds);
    figures[`${label} POST/PUT mix`] = await load(base, seeded.token, 'write', seeded.debtIds);
  } finally {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }

  // The same read with the read cache off: what every GET costs when it goes to the database.
  const uncachedDir = mkdtempSync(path.join(tmpdir(), 'runway-bench-'));
  const uncached = startProcess('src/server/main.ts', { ...common, DATA_DIR: uncachedDir, ...env, READ_CACHE: 'off' });
  try {
    await waitFor(`${base}/api/v1/feature_flags`, uncached);
    const again = await seed(base);
    await load(base, again.token, 'read', again.debtIds);
    figures[`${label} GET /api/v1/debts (read cache off)`] = await load(base, again.token, 'read', again.debtIds);
  } finally {
    await stopProcess(uncached);
    rmSync(uncachedDir, { recursive: true, force: true });
  }

  const barePort = await freePort();
  const bareBase = `http://127.0.0.1:${barePort}`;
  const bare = startProcess('bench/bare-server.ts', {
    PORT: String(barePort),
    LOG_LEVEL: common.LOG_LEVEL,
    BENCH_BODY: JSON.stringify(seeded.debtsBody),
    BENCH_WRITE_BODY: JSON.stringify(seeded.writeBody),
  });
  try {
    await waitFor(`${bareBase}/api/v1/debts`, bare);
    await load(bareBase, seeded.token, 'read', seeded.debtIds);
    figures[`bare (for ${label}) GET /api/v1/debts`] = await load(bareBase, seeded.token, 'read', seeded.debtIds);
    figures[`bare (for ${label}) POST/PUT mix`] = await load(bareBase, seeded.token, 'write', seeded.debtIds);
  } finally {
    await stopProcess(bare);
  }
  return figures;
}

function report(all: Record<string, Figures>): void {
  const rows = Object.entries(all).map(([name, f]) => ({
    load: name,
    'req/s': Math.round(f.rps),
    'p50 ms': f.p50,
    'p99 ms': f.p99,
    errors: f.errors,
    non2xx: f.non2xx,
  }));
  console.table(rows);
  for (const label of ['PGlite', 'PostgreSQL']) {
    for (const kind of ['GET /api/v1/debts', 'GET /api/v1/debts (read cache off)', 'POST/PUT mix']) {
      const real = all[`${label} ${kind}`];
      const bare = all[`bare (for ${label}) ${kind.replace(' (read cache off)', '')}`];
      if (!real || !bare) continue;
      const ratio = (real.rps / bare.rps) * 100;
      const verdict = label === 'PostgreSQL' && kind === 'GET /api/v1/debts' ? ` (target ≥ 40 %, p99 < 25 ms: ${ratio >= 40 && real.p99 < 25 ? 'met' : 'NOT met'})` : '';
      console.log(`${label} ${kind}: ${ratio.toFixed(1)} % of the bare route's throughput, p99 ${real.p99} ms${verdict}`);
    }
  }
}

function postgresInstalled(): boolean {
  return ['/usr/lib/postgresql/15/bin/initdb', '/usr/lib/postgresql/16/bin/initdb', '/usr/lib/postgresql/17/bin/initdb'].some((p) => existsSync(p));
}

async function main() {
  const all: Record<string, Figures> = {};
  if (which === 'all' || which === 'pglite') Object.assign(all, await benchDatabase('PGlite', {}));
  if (which === 'postgres') {
    if (!process.env.DATABASE_URL) throw new Error('--db=postgres needs DATABASE_URL');
    Object.assign(all, await benchDatabase('PostgreSQL', { DATABASE_URL: process.env.DATABASE_URL }));
  } else if (which === 'all') {
    if (process.env.DATABASE_URL) {
      Object.assign(all, await benchDatabase('PostgreSQL', { DATABASE_URL: process.env.DATABASE_URL }));
    } else if (postgresInstalled()) {
      const out = path.join(mkdtempSync(path.join(tmpdir(), 'runway-bench-')), 'pg.json');
      const run = spawnSync('scripts/with-postgres.sh', [process.execPath, '--import', 'tsx', 'bench/server.ts', '--db=postgres', `--out=${out}`], { stdio: 'inherit', env: process.env });
      if (run.status !== 0) throw new Error('the PostgreSQL run failed');
      Object.assign(all, JSON.parse(readFileSync(out, 'utf8')) as Record<string, Figures>);
    } else {
      console.log('PostgreSQL is not installed: only PGlite is measured (apt-get install postgresql to add it).');
    }
  }
  const out = args.get('out');
  if (out) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(out, JSON.stringify(all));
    return;
  }
  console.log(`\nRunway server benchmark, ${new Date().toISOString().slice(0, 10)}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, ${CONNECTIONS} connections, ${DURATION_S} s per load`);
  report(all);
}

await main();
