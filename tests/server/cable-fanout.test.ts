/**
 * Two real server processes on one PostgreSQL database: a write on one reaches a subscriber
 * connected to the other, small records inline in the NOTIFY and month tables through the
 * payload table. Runs in the PostgreSQL layer of `npm test` (DATABASE_URL set).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type Listener } from './cable-client.ts';
import { client, signUp, VALID } from './harness.ts';

const databaseUrl = process.env.DATABASE_URL;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startProcess(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'runway-fanout-')), STATIC_DIR: '/nonexistent', LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '1000000000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/feature_flags`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

describe.runIf(databaseUrl)('fan-out across two server processes on PostgreSQL', () => {
  const children: ChildProcess[] = [];
  let listener: Listener | undefined;
  let a: string;
  let b: string;

  beforeAll(async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    children.push(await startProcess(portA), await startProcess(portB));
    a = `http://127.0.0.1:${portA}`;
    b = `http://127.0.0.1:${portB}`;
  }, 120_000);

  afterAll(async () => {
    listener?.close();
    for (const child of children) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('delivers a write made on one process to a subscriber on the other', async () => {
    const onA = client(a);
    const user = await signUp(onA);
    // The same token works on both: the signing secret lives in the shared database.
    listener = listen(b, user.token, user.email);
    await listener.confirmed;

    const created = await onA('POST', '/api/v1/debts', { token: user.token, body: { debt: VALID.debt } });
    expect(created.status).toBe(201);
    expect(await listener.waitFor((m) => m.type === 'Debt')).toEqual({ type: 'Debt', action: 'created', data: created.body.debt });

    // Subscribed by the admin command (it writes to the database and notifies every process).
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/subscribe.ts', user.email, 'on'], { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' });
    expect(cli.status, cli.stderr).toBe(0);
    await onA('PUT', `/api/v1/debts/${created.body.debt.id}`, { token: user.token, body: { debt: { name: 'Renamed' } } });
    const months = await listener.waitFor((m) => m.type === 'DebtMonth');
    const onB = client(b);
    expect(months.data).toEqual((await onB('GET', '/api/v1/debt_months', { token: user.token })).body);
    expect(months.data.debts[0].name).toBe('Renamed');
  });

  it('signs a token out on every process within moments (as soon as the notice lands)', async () => {
    const onA = client(a);
    const onB = client(b);
    const user = await signUp(onA);
    expect((await onB('GET', '/api/v1/debts', { token: user.token })).status).toBe(200);
    expect((await onA('DELETE', '/users/sign_out', { token: user.token })).status).toBe(200);
    // B cached the session; the change notice reaches it a few milliseconds after the commit.
    let status = 0;
    for (let i = 0; i < 50 && status !== 401; i++) {
      status = (await onB('GET', '/api/v1/debts', { token: user.token })).status;
      if (status !== 401) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(401);
  });
});
