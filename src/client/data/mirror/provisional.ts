/**
 * Month tables recomputed in the browser while edits wait in the outbox
 * (docs/sync.md#month-tables-offline), so analytics stays live offline. The same engine, record
 * mapping and table shapes as the server (src/engine, src/shared/months) produce the same tables;
 * they are marked provisional until the server's own tables arrive and replace them.
 */
import { project } from '../../../engine/project.ts';
import type { MonthKey } from '../../../engine/months.ts';
import type { ProjectionInput } from '../../../engine/types.ts';
import { actualsFromTables, planStartOf, projectionInput } from '../../../shared/months/input.ts';
import { monthTableBody, type MonthKind } from '../../../shared/months/tables.ts';
import type { MirrorDb, WireRecord } from './db.ts';
import { HOME_ACTUALS_CLEARED, patchMonthRow } from '../outbox/month-rows.ts';
import { storedBirthYear, storedPlanStartDay } from './plan-start.ts';
import { MONTHS, MONTHS_OF_KIND, type SingleName } from '../../../shared/resources.ts';


/**
 * The stored tables with the actual values of month edits still waiting in the outbox laid on
 * their rows, in queue order, so the recompute re-anchors later months on what the user typed.
 */
async function withPendingInputs(db: MirrorDb, bodies: Partial<Record<MonthKind, unknown>>): Promise<Partial<Record<MonthKind, unknown>>> {
  const out = { ...bodies };
  const pending = await db.outbox.where('status').equals('pending').sortBy('seq');
  for (const entry of pending) {
    const { mutation } = entry;
    if (mutation.kind !== 'month') continue;
    // The table's own row, and the row of the table that shares the actual (docs/projection-rules.md#actuals-and-check-ins).
    const decl = MONTHS[mutation.table];
    const fields = mutation.fields as Record<string, unknown>;
    // A check-in's mortgage balance and home value ride on the income row (docs/projection-rules.md#the-home-in-a-check-in).
    if (decl.monthKind === 'income' && out.income !== undefined) {
      for (const field of Object.keys(HOME_ACTUALS_CLEARED)) if (field in fields) out.income = patchMonthRow(out.income, { id: mutation.rowId, [field]: fields[field] } as WireRecord);
    }
    const value: unknown = fields[decl.editField];
    if (value === undefined) continue;
    for (const table of decl.sharesActualWith === null ? [decl] : [decl, MONTHS[decl.sharesActualWith]]) {
      const kind = table.monthKind;
      if (out[kind] !== undefined) out[kind] = patchMonthRow(out[kind], { id: mutation.rowId, [table.storedField]: value } as WireRecord);
    }
  }
  return out;
}

/** The stored server tables, by kind, with their rows (for the stamps a recompute keeps). */
async function storedTables(db: MirrorDb) {
  const stored = await db.months.bulkGet(Object.values(MONTHS_OF_KIND));
  const bodies: Partial<Record<MonthKind, unknown>> = {};
  (Object.keys(MONTHS_OF_KIND) as MonthKind[]).forEach((kind, i) => {
    if (stored[i]) bodies[kind] = stored[i]!.body;
  });
  return { stored, bodies };
}

/**
 * The engine's input from the mirror, as the server builds it from its tables (src/server/months/input.ts):
 * the records, the actual values of the stored tables and the queued edits, the plan start and its
 * day, and the birth year of the mirrored profile, else `sessionBirthYear` (the sign-in's). Null
 * when the mirror has no server tables yet.
 */
async function inputFrom(db: MirrorDb, bodies: Partial<Record<MonthKind, unknown>>, today: MonthKey, sessionBirthYear: number | null): Promise<ProjectionInput | null> {
  const planStart = planStartOf(bodies);
  if (!planStart) return null;
  const single = async (name: SingleName) => ((await db.singles.get(name))?.record ?? null) as WireRecord | null;
  return projectionInput(
    {
      incomes: await db.incomes.toArray(),
      debts: await db.debts.toArray(),
      debtPlan: await single('debtPlan'),
      housing: await single('housing'),
      monthlyExpenses: await db.monthlyExpenses.toArray(),
      otherExpenses: await db.otherExpenses.toArray(),
      retirementAccounts: await db.retirementAccounts.toArray(),
      retirementPlan: await single('retirementPlan'),
      assumptions: await single('assumptions'),
    },
    actualsFromTables(await withPendingInputs(db, bodies)),
    planStart,
    today,
    await storedPlanStartDay(db),
    (await storedBirthYear(db)) ?? sessionBirthYear,
  );
}

const readTables = (db: MirrorDb) => [db.months, db.outbox, db.singles, db.profile, db.incomes, db.debts, db.monthlyExpenses, db.otherExpenses, db.retirementAccounts];

/** The input a recompute projects now (see inputFrom); null without server tables. */
export async function provisionalInput(db: MirrorDb, today: MonthKey, sessionBirthYear: number | null = null): Promise<ProjectionInput | null> {
  return db.transaction('r', readTables(db), async () => inputFrom(db, (await storedTables(db)).bodies, today, sessionBirthYear));
}

/**
 * Recomputes the four tables from the mirror and stores them as provisional. Answers false (and
 * changes nothing) when the mirror has no server tables yet: without them the plan start month
 * and the user's actual values are unknown. `sessionBirthYear`: the sign-in's, for a mirror
 * without the profile yet.
 */
export async function recomputeMonths(db: MirrorDb, today: MonthKey, sessionBirthYear: number | null = null): Promise<boolean> {
  return db.transaction('rw', readTables(db), async () => {
    const { stored, bodies } = await storedTables(db);
    const input = await inputFrom(db, bodies, today, sessionBirthYear);
    if (!input) return false;
    const projection = project(input);
    // Each keeps the stamp of the server table it was made from: a local recompute is not news
    // from the server (see MonthsRow.stamp).
    await db.months.bulkPut(
      (Object.keys(MONTHS_OF_KIND) as MonthKind[]).map((kind, i) => ({ name: MONTHS_OF_KIND[kind], body: monthTableBody(kind, projection), provisional: true, stamp: stored[i]?.stamp })),
    );
    return true;
  });
}

/**
 * After a change of the birth year (the profile page's answer, written to the mirror): tables
 * recomputed here while edits wait are recomputed again with the new year, as the server's are
 * (which reach the device through the live channel or the next pull). Tables that are the
 * server's are left to the server. Answers whether it recomputed.
 */
export async function recomputeProvisionalMonths(db: MirrorDb, today: MonthKey, sessionBirthYear: number | null = null): Promise<boolean> {
  const stored = await db.months.bulkGet(Object.values(MONTHS_OF_KIND));
  if (!stored.some((row) => row?.provisional === true)) return false;
  return recomputeMonths(db, today, sessionBirthYear);
}
