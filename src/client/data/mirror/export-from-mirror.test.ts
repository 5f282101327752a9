import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildExportDocument, type ExportSource } from '../../../shared/export/document.ts';
import { openMirror, type MirrorDb } from './db.ts';
import { exportFromMirror, mirrorActuals } from './export-from-mirror.ts';
import { ACCOUNT, BASELINE, CAR, DEBT_PLAN, fillMirror, GROCERIES, HOUSING, INCOME, SERVER_ACTUALS, stamps, TRIP, VISA } from '../household.testing.ts';

let db: MirrorDb;
beforeEach(async () => {
  db = openMirror(`export-${randomUUID()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const EXPORTED_AT = '2026-03-15T10:00:00.000Z';
const SESSION = { email: 'ann@example.com', birthYear: 1985 };

/** The server's document of the same records and stored actuals, built as routes/data.ts builds it. */
function serverDocument(): string {
  const source: ExportSource = {
    exportedAt: EXPORTED_AT,
    user: { email: 'ann@example.com', birth_year: 1985 },
    incomes: [INCOME],
    debts: [VISA, CAR],
    monthly_expenses: [GROCERIES],
    other_expenses: [TRIP],
    retirement_accounts: [ACCOUNT],
    baselines: [BASELINE],
    housing: HOUSING,
    debt_plan: DEBT_PLAN,
    retirement_plan: null,
    assumptions: null,
    actuals: SERVER_ACTUALS,
  };
  return JSON.stringify(buildExportDocument(source));
}

describe('exportFromMirror', () => {
  it("after a sync, writes the server's document byte for byte: records, singles, and the actuals read from the month tables", async () => {
    await fillMirror(db);
    const made = await exportFromMirror(db, { exportedAt: EXPORTED_AT, session: SESSION });
    expect(made?.actualsKnown).toBe(true);
    expect(JSON.stringify(made?.document)).toBe(serverDocument());
  });

  it("lists an account's actual once, though its retirement and contribution tables both show it", async () => {
    await fillMirror(db);
    expect((await mirrorActuals(db))?.retirement_months).toEqual([{ retirement_account_id: 5, month: '2026-02', balance: 10500.01 }]);
  });

  it("keeps an account's actual that only the contribution table holds", async () => {
    await fillMirror(db, ['income', 'debt', 'contribution']);
    expect((await mirrorActuals(db))?.retirement_months).toEqual([{ retirement_account_id: 5, month: '2026-02', balance: 10500.01 }]);
  });

  it('without month tables (not subscribed) has no actuals, and says it could not know them', async () => {
    await fillMirror(db, []);
    const made = await exportFromMirror(db, { exportedAt: EXPORTED_AT, session: SESSION });
    expect(made?.actualsKnown).toBe(false);
    expect(made?.document.actuals).toEqual({ income_months: [], debt_months: [], retirement_months: [], mortgage_months: [], home_months: [] });
    expect(made?.document.debts.map((d) => d.id)).toEqual([7, 8]);
  });

  it("includes this device's pending edits as the screens show them: a record made offline, with its temporary id and no stamps", async () => {
    await fillMirror(db);
    await db.monthlyExpenses.put({ id: -1, name: 'Gym', amount: 40, due_day: 3 });
    const made = await exportFromMirror(db, { exportedAt: EXPORTED_AT, session: SESSION });
    expect(made?.document.monthly_expenses).toEqual([
      { id: -1, name: 'Gym', amount: 40, due_day: 3, end_month: null, created_at: null, updated_at: null },
      { id: 3, name: 'Groceries', amount: 600.33, due_day: 1, end_month: '2030-12', ...stamps(4) },
    ]);
  });

  it("names the user from the mirrored profile, else from the session, and gives up when neither knows the birth year", async () => {
    const user = async (session: typeof SESSION | { email: string; birthYear: null }) => (await exportFromMirror(db, { exportedAt: EXPORTED_AT, session }))?.document.user ?? null;
    expect(await user(SESSION)).toEqual({ email: 'ann@example.com', birth_year: 1985 });
    expect(await user({ email: 'ann@example.com', birthYear: null })).toBeNull();
    await db.profile.put({ name: 'user', value: { id: 1, email: 'ann@example.com', birth_year: 1979 } });
    expect(await user({ email: 'ann@example.com', birthYear: null })).toEqual({ email: 'ann@example.com', birth_year: 1979 });
  });
});
