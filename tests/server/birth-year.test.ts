/**
 * The user's birth year in the projection: the input the server builds carries users.birth_year,
 * and a profile change recomputes the month tables with the new year and sends them to a
 * subscriber, as a record write does. The engine's `project` is wrapped (not replaced) so the test
 * sees the inputs the server projects, whether or not the engine reads the year yet.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Engine from '../../src/engine/project.ts';
import type { ProjectionInput } from '../../src/engine/types.ts';
import type { MonthKey } from '../../src/engine/months.ts';
import { loadProjectionInput } from '../../src/server/months/input.ts';
import { listen, type Listener } from './cable-client.ts';
import { client, signUp, startServer, subscribeAs, VALID, type Api, type TestServer } from './harness.ts';

const projected = vi.hoisted(() => ({ inputs: [] as unknown[] }));
vi.mock('../../src/engine/project.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Engine>();
  return {
    ...real,
    project: (input: Parameters<typeof real.project>[0]) => {
      projected.inputs.push(input);
      return real.project(input);
    },
  };
});

const ADMIN = 'birth-year-admin-secret';
const MONTH_TYPES = ['IncomeMonth', 'DebtMonth', 'RetirementMonth', 'ContributionMonth'];
let server: TestServer;
let api: Api;
const open: Listener[] = [];

beforeAll(async () => {
  server = await startServer({ adminSecret: ADMIN, clock: { now: () => new Date('2026-11-21T12:00:00Z') } });
  api = client(server.url);
});
afterAll(async () => {
  for (const listener of open) listener.close();
  await server?.close();
});

const lastInput = () => projected.inputs.at(-1) as ProjectionInput | undefined;
const putBirthYear = (token: string, year: number) => api('PUT', '/api/v1/profile', { token, body: { user: { birth_year: year } } });

/** A subscriber with a retirement account and plan, and their live channel. */
async function subscriber() {
  const user = await signUp(api, { birth_year: 1985 });
  await subscribeAs(api, ADMIN, user.email);
  for (const [path, key] of [
    ['/api/v1/incomes', 'income'],
    ['/api/v1/retirement_accounts', 'retirement_account'],
    ['/api/v1/retirement_plan', 'retirement_plan'],
  ] as const) {
    const created = await api('POST', path, { token: user.token, body: { [key]: VALID[key] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
  const listener = listen(server.url, user.token, user.email);
  open.push(listener);
  await listener.confirmed;
  // On PostgreSQL the set-up's updates travel as change notices and may still arrive after the
  // subscription: a marker write's record and its two month tables come after all of them (commit
  // order), and only then does a test start listening.
  await api('POST', '/api/v1/other_expenses', { token: user.token, body: { other_expense: VALID.other_expense } });
  await vi.waitFor(
    () => {
      const marker = listener.received.findIndex((m) => m.type === 'OtherExpense');
      const after = marker < 0 ? [] : listener.received.slice(marker).map((m) => m.type);
      expect(after).toEqual(expect.arrayContaining(['IncomeMonth', 'RetirementMonth']));
    },
    { timeout: 20_000, interval: 50 },
  );
  listener.received.length = 0;
  return { user, listener };
}

describe("the server's projection input", () => {
  it("carries the user's birth year, the one the profile last set", async () => {
    const user = await signUp(api, { birth_year: 1985 });
    const { db } = server.server.database;
    const input = await loadProjectionInput(db, user.id, '2026-11' as MonthKey, '2026-11' as MonthKey, 21);
    expect(input.birthYear).toBe(1985);
    expect((await putBirthYear(user.token, 1961)).status).toBe(200);
    expect((await loadProjectionInput(db, user.id, '2026-11' as MonthKey, '2026-11' as MonthKey, 21)).birthYear).toBe(1961);
  });

  it('is what the month tables are projected from', async () => {
    const user = await signUp(api, { birth_year: 1972 });
    await subscribeAs(api, ADMIN, user.email);
    const before = projected.inputs.length;
    expect((await api('GET', '/api/v1/retirement_months', { token: user.token })).status).toBe(200);
    expect(projected.inputs.length).toBe(before + 1);
    expect(lastInput()?.birthYear).toBe(1972);
  });
});

describe('a change of the birth year', () => {
  it('recomputes every month table with the new year and sends them to the subscriber, equal to the GET bodies', async () => {
    const { user, listener } = await subscriber();
    const before = projected.inputs.length;
    const answer = await putBirthYear(user.token, 1958);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.user).birth_year).toBe(1958);
    // The write projected once, inside its transaction, with the year it had just set (the
    // signed-in user read at authentication still held 1985).
    expect(projected.inputs.length).toBe(before + 1);
    expect(lastInput()?.birthYear).toBe(1958);

    const messages = await Promise.all(MONTH_TYPES.map((type) => listener.waitFor((m) => m.type === type)));
    for (const message of messages) expect(message.action).toBe('created');
    const [income, debt, retirement, contribution] = messages;
    expect(retirement!.data).toEqual((await api('GET', '/api/v1/retirement_months', { token: user.token })).body);
    expect(income!.data).toEqual((await api('GET', '/api/v1/income_months', { token: user.token })).body);
    expect(debt!.data).toEqual((await api('GET', '/api/v1/debt_months', { token: user.token })).body);
    expect(contribution!.data).toEqual((await api('GET', '/api/v1/contribution_months', { token: user.token })).body);
    // The GETs after the change were projected with it too (the read cache was dropped).
    expect(lastInput()?.birthYear).toBe(1958);
  });

  it("changes the retirement table in bracket mode: the 65+ deduction follows the user's age", async () => {
    const { user, listener } = await subscriber();
    const assumed = await api('POST', '/api/v1/assumptions', { token: user.token, body: { assumptions: { ...VALID.assumptions, filing_status: 'single' } } });
    expect(assumed.status, JSON.stringify(assumed.body)).toBe(201);
    type Body = { total: { month: string; year_deduction?: number }[] };
    // The deduction of the first tax year the table closes (retirement starts in 2050).
    const firstDeduction = (body: Body) => body.total.find((row) => row.year_deduction !== undefined)?.year_deduction;
    // Born 1985: 65 in 2050, the standard deduction with the 65+ addition and the senior deduction.
    const at65 = (await api('GET', '/api/v1/retirement_months', { token: user.token })).body as Body;
    expect(firstDeduction(at65)).toBeGreaterThan(0);
    // Born 1995: 55 in 2050, the standard deduction alone. (The assumptions' own tables first.)
    await listener.waitFor((m) => m.type === 'RetirementMonth');
    listener.received.length = 0;
    expect((await putBirthYear(user.token, 1995)).status).toBe(200);
    const sent = (await listener.waitFor((m) => m.type === 'RetirementMonth')).data as Body;
    expect(firstDeduction(sent)).toBeGreaterThan(0);
    expect(firstDeduction(sent)).toBeLessThan(firstDeduction(at65)!);
    expect(sent).toEqual((await api('GET', '/api/v1/retirement_months', { token: user.token })).body);
  });

  it('sends nothing when the year stays the same', async () => {
    const { user, listener } = await subscriber();
    const before = projected.inputs.length;
    expect((await putBirthYear(user.token, 1985)).status).toBe(200);
    // A later write's update marks the end of what the profile write could have sent.
    await api('POST', '/api/v1/other_expenses', { token: user.token, body: { other_expense: VALID.other_expense } });
    await listener.waitFor((m) => m.type === 'OtherExpense');
    const first = listener.received.findIndex((m) => m.type === 'OtherExpense');
    expect(listener.received.slice(0, first).map((m) => m.type)).toEqual([]);
    // Only the other expense's write projected.
    expect(projected.inputs.length).toBe(before + 1);
  });

  it('sends no month tables to a user without a subscription', async () => {
    const user = await signUp(api, { birth_year: 1985 });
    const listener = listen(server.url, user.token, user.email);
    open.push(listener);
    await listener.confirmed;
    const before = projected.inputs.length;
    expect((await putBirthYear(user.token, 1960)).status).toBe(200);
    await api('POST', '/api/v1/other_expenses', { token: user.token, body: { other_expense: VALID.other_expense } });
    await listener.waitFor((m) => m.type === 'OtherExpense');
    expect(listener.received.map((m) => m.type)).toEqual(['OtherExpense']);
    expect(projected.inputs.length).toBe(before);
  });
});
