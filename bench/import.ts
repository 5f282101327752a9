/**
 * `npm run bench:import`: what one user's large import costs everyone else.
 *
 * Starts the real server (src/server/main.ts) as its own process on embedded PGlite (or on the
 * PostgreSQL of DATABASE_URL), signs up an importer (subscribed, so the month tables are live for
 * them) with one socket open on /cable, and a bystander. Then, per run (BENCH_IMPORT_RUNS, default
 * 3), it sends the importer's `POST /api/v1/import` in replace mode of a document of
 * BENCH_IMPORT_RECORDS records (default 20,000; BENCH_IMPORT_MIX `spread` or `household`, see
 * tests/server/large-import.ts) and BENCH_IMPORT_ACTUALS actual balances (default 0), while the
 * bystander sends `POST /api/v1/monthly_expenses` one after another until the import has answered.
 * It prints the import's duration, the bystander's slowest and median answer during it (and, for
 * scale, its median with nothing else going on), and the frames and bytes the importer's socket
 * received for the import. Then (unless BENCH_IMPORT_NEXT=0) what comes after an import, which is
 * not the import's own cost: the importer's device pulling everything, and the importer's next
 * write, each with the bystander's slowest POST meanwhile. Figures go into
 * docs/performance.md#import.
 */
import { readFileSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { largeImportDocument } from '../tests/server/large-import.ts';
import { ServerProcess } from '../tests/server/server-process.ts';

const RECORDS = Number(process.env.BENCH_IMPORT_RECORDS ?? 20_000);
const ACTUALS = Number(process.env.BENCH_IMPORT_ACTUALS ?? 0);
const MIX = process.env.BENCH_IMPORT_MIX === 'household' ? 'household' : 'spread';
const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3);
const NEXT = process.env.BENCH_IMPORT_NEXT !== '0';

async function call(base: string, method: string, route: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any; ms: number }> {
  const started = performance.now();
  const response = await fetch(base + route, { method, headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, ms: performance.now() - started };
}

async function signUp(base: string, name: string): Promise<{ email: string; token: string }> {
  const email = `${name}-${Date.now()}@example.com`;
  const answer = await call(base, 'POST', '/users', { user: { email, password: 'bench-password', password_confirmation: 'bench-password', birth_year: 1980 } });
  if (answer.status !== 201) throw new Error(`sign-up answered ${answer.status}`);
  return { email, token: answer.body.status.data.token as string };
}

/** A socket subscribed to the user's UpdatesChannel, counting the message frames it receives. */
async function socketOf(base: string, user: { email: string; token: string }) {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/cable?token=${encodeURIComponent(user.token)}`, ['actioncable-v1-json']);
  const identifier = JSON.stringify({ channel: 'UpdatesChannel', email: user.email });
  const seen = { sizes: [] as number[], labels: [] as string[] };
  const waiters: (() => void)[] = [];
  let confirmed!: () => void;
  const confirmation = new Promise<void>((resolve) => (confirmed = resolve));
  socket.on('message', (data) => {
    const text = data.toString();
    const frame = JSON.parse(text) as { type?: string; message?: { type: string; data?: { name?: string } } };
    if (frame.type === 'confirm_subscription') confirmed();
    if (!frame.message || frame.type === 'ping') return;
    seen.sizes.push(Buffer.byteLength(text));
    seen.labels.push(`${frame.message.type}:${frame.message.data?.name ?? ''}`);
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ command: 'subscribe', identifier }));
  await confirmation;
  return {
    seen,
    reset: () => Object.assign(seen, { sizes: [], labels: [] }),
    /** Resolves once a frame of this `type:name` has arrived: its index among the frames. */
    async until(label: string): Promise<number> {
      for (;;) {
        const at = seen.labels.indexOf(label);
        if (at >= 0) return at;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    close: () => socket.close(),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  // The real server in a process of its own (PGlite, or DATABASE_URL's PostgreSQL).
  const server = await ServerProcess.start({ env: { AUTH_RATE_LIMIT_MAX: '100000', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' } });
  const { dataDir, url: base } = server;
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  try {
    const { adminSecret } = JSON.parse(readFileSync(path.join(dataDir, 'server.json'), 'utf8')) as { adminSecret: string };
    const importer = await signUp(base, 'importer');
    const bystander = await signUp(base, 'bystander');
    const subscribed = await call(base, 'PUT', '/admin/subscriptions', { email: importer.email, subscribed: true }, { 'x-admin-secret': adminSecret });
    if (subscribed.status !== 200) throw new Error(`subscribing answered ${subscribed.status}`);
    const socket = await socketOf(base, importer);
    const raw = JSON.stringify({ mode: 'replace', document: largeImportDocument({ records: RECORDS, mix: MIX, actuals: ACTUALS }) });
    const bystanderAuth = { authorization: `Bearer ${bystander.token}` };
    const expense = { monthly_expense: { name: 'Coffee', amount: 42.5, due_day: 3 } };

    const quiet: number[] = [];
    for (let i = 0; i < 30; i++) quiet.push((await call(base, 'POST', '/api/v1/monthly_expenses', expense, bystanderAuth)).ms);

    console.log(`\nRunway import benchmark, ${new Date().toISOString().slice(0, 10)}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, ${database}`);
    console.log(`document: ${RECORDS} records (${MIX}), ${ACTUALS} actuals, ${(Buffer.byteLength(raw) / 1024 / 1024).toFixed(1)} MB; bystander POST alone: median ${median(quiet).toFixed(1)} ms`);
    const rows = [];
    for (let run = 1; run <= RUNS; run++) {
      socket.reset();
      let done = false;
      const during: number[] = [];
      const started = performance.now();
      const importing = call(base, 'POST', '/api/v1/import', raw, { authorization: `Bearer ${importer.token}` }).finally(() => (done = true));
      // The bystander starts a moment later, once the import's body is on its way.
      await new Promise((r) => setTimeout(r, 20));
      while (!done) during.push((await call(base, 'POST', '/api/v1/monthly_expenses', expense, bystanderAuth)).ms);
      const answer = await importing;
      const importMs = performance.now() - started;
      if (answer.status !== 200) throw new Error(`the import answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      // A write after the import: its frame comes after all of the import's (commit order). A
      // baseline, which feeds no month table, so it brings no month tables along.
      const marker = await call(base, 'POST', '/api/v1/baselines', { baseline: { name: 'Marker', snapshot: { months: [] } } }, { authorization: `Bearer ${importer.token}` });
      if (marker.status !== 201) throw new Error(`the marker write answered ${marker.status}: ${JSON.stringify(marker.body)}`);
      const before = await socket.until('Baseline:Marker');
      const bytes = socket.seen.sizes.slice(0, before).reduce((sum, size) => sum + size, 0);
      rows.push({
        run,
        'import ms': Math.round(importMs),
        'bystander POSTs': during.length,
        'bystander max ms': Math.round(Math.max(0, ...during)),
        'bystander median ms': Math.round(median(during)),
        'socket frames': before,
        'socket KB': Number((bytes / 1024).toFixed(1)),
      });
    }
    console.table(rows);

    socket.close();
    if (!NEXT) return;

    /** `work` while the bystander writes one POST after another: how long it took, and the bystander's slowest. */
    const meanwhile = async (work: () => Promise<unknown>) => {
      let done = false;
      const during: number[] = [];
      const started = performance.now();
      const working = work().finally(() => (done = true));
      await new Promise((r) => setTimeout(r, 20));
      while (!done) during.push((await call(base, 'POST', '/api/v1/monthly_expenses', expense, bystanderAuth)).ms);
      await working;
      return `${Math.round(performance.now() - started)} ms; the bystander's slowest POST meanwhile: ${Math.round(Math.max(0, ...during))} ms`;
    };
    const importerAuth = { authorization: `Bearer ${importer.token}` };
    // Not the import's own cost: what the Pull message makes a subscriber's device do (its pull
    // of everything, the four month tables computed by the server from what was imported), and
    // the importer's next write that feeds the projection (the tables recomputed in its transaction).
    const pullPaths = ['incomes', 'debts', 'monthly_expenses', 'other_expenses', 'retirement_accounts', 'baselines', 'housing', 'debt_plan', 'retirement_plan', 'assumptions', 'income_months', 'debt_months', 'retirement_months', 'contribution_months'];
    const pulled = await meanwhile(() =>
      Promise.all(
        pullPaths.map(async (name) => {
          const response = await fetch(`${base}/api/v1/${name}`, { headers: importerAuth });
          if (response.status !== 200) throw new Error(`GET ${name} answered ${response.status}`);
          await response.arrayBuffer();
        }),
      ),
    );
    console.log(`the importer's device pulling after the Pull message (14 GETs at once, the four month tables among them): ${pulled}`);
    const next = await meanwhile(async () => {
      const answered = await call(base, 'POST', '/api/v1/debts', { debt: { name: 'Next', creditor: 'Bank', original_amount: 100, remaining_amount: 100, apr: 1, monthly_payment: 10, original_term: 12, due_day: 1 } }, importerAuth);
      if (answered.status !== 201) throw new Error(`the next write answered ${answered.status}`);
    });
    console.log(`the importer's next POST /api/v1/debts (subscribed; recomputes the month tables): ${next}`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
