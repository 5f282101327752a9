/**
 * A restart of the PostgreSQL cluster under two server processes (docs/api.md#live-updates): the
 * notices committed while a process's listening connection was down never reach it, so when that
 * connection is back it ends every live connection with a reason the client answers by
 * reconnecting and pulling. No device stays silently stale.
 *
 * Runs in the PostgreSQL layer of `npm test` (scripts/with-postgres.sh says how to stop and start
 * its throwaway cluster); the PGlite layer has no cluster to restart and skips it.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, until, type Listener } from './cable-client.ts';
import { client, signUp, VALID, type Api } from './harness.ts';
import { ServerProcess } from './server-process.ts';

const pgCtl = process.env.RUNWAY_TEST_PG_CTL;
const pgData = process.env.RUNWAY_TEST_PGDATA;

/** pg_ctl as the cluster's owner (postgres when the tests run as root). */
function pgControl(...args: string[]): void {
  const command = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', pgCtl!, ...args] : [pgCtl!, ...args];
  const result = spawnSync(command[0]!, command.slice(1), { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`pg_ctl ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
}

describe.runIf(pgCtl && pgData)('a PostgreSQL restart under two processes', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let apiA: Api;
  const listeners: Listener[] = [];

  beforeAll(async () => {
    // One after the other: both apply the migrations at start.
    a = await ServerProcess.start();
    b = await ServerProcess.start();
    apiA = client(a.url);
  }, 180_000);
  afterAll(async () => {
    for (const listener of listeners) listener.close();
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('ends the live connections of a process that may have missed notices; the client reconnects and hears later writes', { timeout: 180_000 }, async () => {
    const user = await signUp(apiA);
    const listener = listen(b.url, user.token, user.email);
    listeners.push(listener);
    await listener.confirmed;
    // Before: a write on A reaches B's subscriber.
    await apiA('POST', '/api/v1/debts', { token: user.token, body: { debt: VALID.debt } });
    await listener.waitFor((m) => m.type === 'Debt', 15_000);

    const disconnected = listener.nextDisconnect();
    pgControl('-D', pgData!, '-m', 'fast', 'stop');
    pgControl('-D', pgData!, '-l', process.env.RUNWAY_TEST_PG_LOG!, '-w', '-o', process.env.RUNWAY_TEST_PG_OPTIONS!, 'start');

    // The first write A can commit after the restart, as soon as its pool has a connection again.
    let written = false;
    const deadline = Date.now() + 60_000;
    while (!written) {
      const response = await apiA('POST', '/api/v1/incomes', { token: user.token, body: { income: VALID.income } });
      written = response.status === 201;
      if (!written) {
        if (Date.now() > deadline) throw new Error(`A could not write after the restart: ${response.status}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }

    // B heard the income, or told its client to reconnect and pull: never neither. B's listening
    // connection may well have been down when A committed, so the second is what to expect.
    const told = await Promise.race([
      disconnected,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('B never told its client to reconnect: it stays silently stale')), 60_000)),
    ]);
    expect(told.willAttemptReconnect).toBe(true);
    await until(() => listener.events.filter((e) => e === 'connected').length >= 2, 60_000, 'the client to reconnect');
    // The client pulls on reconnecting; what it pulls from B has the income.
    const incomes = await client(b.url)('GET', '/api/v1/incomes', { token: user.token });
    expect(incomes.body.incomes).toHaveLength(1);

    // Live updates flow again, from A to B's subscriber.
    await apiA('POST', '/api/v1/monthly_expenses', { token: user.token, body: { monthly_expense: VALID.monthly_expense } });
    const message = await listener.waitFor((m) => m.type === 'MonthlyExpense', 15_000);
    expect(message.action).toBe('created');
  });

  it('answers 503 with Retry-After while the database is stopped, and the same edit lands once when it is back', { timeout: 180_000 }, async () => {
    const user = await signUp(apiA);
    const edit = { token: user.token, body: { other_expense: VALID.other_expense }, headers: { 'idempotency-key': 'offline-phone-edit-1' } };
    pgControl('-D', pgData!, '-m', 'fast', 'stop');
    try {
      for (const attempt of [() => apiA('POST', '/api/v1/other_expenses', edit), () => apiA('GET', '/api/v1/other_expenses', { token: user.token })]) {
        const response = await attempt();
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('5');
        expect(response.body.message).toBe('Runway is briefly unavailable. Your changes are kept; please try again in a moment.');
      }
    } finally {
      pgControl('-D', pgData!, '-l', process.env.RUNWAY_TEST_PG_LOG!, '-w', '-o', process.env.RUNWAY_TEST_PG_OPTIONS!, 'start');
    }
    // The app retries the queued edit under its key until it lands.
    let status = 0;
    for (const deadline = Date.now() + 60_000; status !== 201; ) {
      status = (await apiA('POST', '/api/v1/other_expenses', edit)).status;
      if (status !== 201 && Date.now() > deadline) throw new Error(`the edit did not land after the restart: ${status}`);
      if (status !== 201) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await apiA('POST', '/api/v1/other_expenses', edit)).headers.get('idempotent-replayed')).toBe('true');
    expect((await apiA('GET', '/api/v1/other_expenses', { token: user.token })).body.other_expenses).toHaveLength(1);
  });
});
