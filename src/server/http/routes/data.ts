/**
 * The user's data is the user's: all of it out as one document, and back in
 * (docs/api.md#export-and-import).
 *
 * `GET /api/v1/export` → 200, the document of src/shared/export/document.ts for the signed-in
 * user (read in one snapshot, so a write landing meanwhile is either wholly in it or not at all),
 * with `Content-Disposition: attachment; filename="runway-export-YYYY-MM-DD.json"`.
 *
 * `POST /api/v1/import` with `{ "mode": "replace" | "merge", "document": { …the export… } }`, or the
 * export document itself as the body; `?mode=merge` works too (a body and a query that disagree are
 * refused). Absent, the mode is replace.
 * - replace: every record, baseline and actual balance of the user is deleted, then the file's are
 *   written. A single record (housing, plans, assumptions) the file lacks is gone afterwards.
 * - merge: the file's records are added beside the user's; a single record the file has replaces
 *   the user's, one it lacks (null) leaves it; an income actual of a month the user already has
 *   takes its place.
 * Every record gets a new id; the file's actuals follow their debt or account to it. `created_at`
 * is the file's when it has one (a restored baseline keeps the day it was saved), `updated_at` the
 * server's clock. It is one write (src/server/http/write.ts): all or nothing, idempotent under
 * `Idempotency-Key`, and every open device receives the deletions, the new records and (for
 * subscribers) the four month tables live.
 * Answers 200 `{ import: { mode, created: Counts, deleted: Counts } }`, where Counts has one number per
 * collection (`incomes`, …, `baselines`), per single (`housing`, …, 0 or 1) and per list of actuals
 * (`income_months`, `debt_months`, `retirement_months`: an account's actual counts once though it
 * is stored for both of its tables). A file that fails a rule answers 422 `{ error, message,
 * errors: { 'debts[2].apr': [...] } }` (shared/validation/import.ts) and writes nothing.
 */
import { and, asc, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { centsToDollars, type Cents } from '../../../engine/money.ts';
import type { UpdateMessage } from '../../../shared/cable.ts';
import { buildExportDocument, EXPORT_COLLECTIONS, EXPORT_SINGLES, exportFileName, type ExportDocument, type SourceRecord } from '../../../shared/export/document.ts';
import { isJsonObject } from '../../../shared/json.ts';
import { MONTH_KINDS, type MonthKind } from '../../../shared/months/tables.ts';
import type { RecordInputs, RecordName } from '../../../shared/records.ts';
import { RECORD_UPDATE_TYPES } from '../../../shared/resources.ts';
import { importErrorMessage, parseImportMode, validateImport, type ImportDocument, type ImportedActual, type ImportedActuals, type ImportedRecord, type ImportMode } from '../../../shared/validation/index.ts';
import type { AuthUser } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { RECORD_TABLES, toRow, toWire } from '../../db/records.ts';
import { monthOverrides } from '../../db/schema.ts';
import { currentUser, validationContext, type AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import { runWrite } from '../write.ts';
import { storedKinds } from './months.ts';

export const EXPORT_PATH = '/api/v1/export';
export const IMPORT_PATH = '/api/v1/import';
/** An import carries a whole export file, and one of 5 MB must pass: this route reads up to 10 MiB. */
export const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;
/** Rows per INSERT: PostgreSQL binds at most 65,535 parameters in one statement. */
const INSERT_CHUNK = 1000;

/* Drizzle's table types differ per table; these helpers work on any record table by its columns. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTable = any;
type Row = Record<string, unknown>;

/** Which override kind each list of actuals reads and writes; its entity's record. */
const ACTUAL_KINDS = {
  income_months: { kind: 'income', record: null },
  debt_months: { kind: 'debt', record: 'debt' },
  retirement_months: { kind: 'retirement', record: 'retirement_account' },
} as const satisfies Record<keyof ImportedActuals, { kind: MonthKind; record: RecordName | null }>;

type Counts = Record<string, number>;

async function loadExport(tx: Db, user: AuthUser, exportedAt: Date): Promise<ExportDocument> {
  const rowsOf = (record: RecordName): Promise<Row[]> => {
    const table: AnyTable = RECORD_TABLES[record];
    return tx.select().from(table).where(eq(table.userId, user.id)).orderBy(asc(table.id)) as Promise<Row[]>;
  };
  const wire = (record: RecordName, rows: Row[]) => rows.map((row) => toWire(record, row) as SourceRecord);
  // One query after another: a transaction is one connection, which runs one query at a time.
  const records: Record<string, SourceRecord[] | SourceRecord | null> = {};
  for (const c of EXPORT_COLLECTIONS) records[c.key] = wire(c.record, await rowsOf(c.record));
  for (const s of EXPORT_SINGLES) records[s.key] = wire(s.record, await rowsOf(s.record))[0] ?? null;
  const overrides = await tx
    .select()
    .from(monthOverrides)
    .where(and(eq(monthOverrides.userId, user.id), inArray(monthOverrides.kind, Object.values(ACTUAL_KINDS).map((a) => a.kind))));
  const dollars = (value: number) => centsToDollars(value as Cents);
  const ofKind = (kind: MonthKind) => overrides.filter((o) => o.kind === kind);
  return buildExportDocument({
    ...(records as unknown as Omit<Parameters<typeof buildExportDocument>[0], 'exportedAt' | 'user' | 'actuals'>),
    exportedAt: exportedAt.toISOString(),
    user: { email: user.email, birth_year: user.birthYear },
    actuals: {
      income_months: ofKind('income').map((o) => ({ month: o.month, input_end_balance: dollars(o.valueCents) })),
      debt_months: ofKind('debt').map((o) => ({ debt_id: o.entityId, month: o.month, input_remaining_balance: dollars(o.valueCents) })),
      retirement_months: ofKind('retirement').map((o) => ({ retirement_account_id: o.entityId, month: o.month, balance: dollars(o.valueCents) })),
    },
  });
}

/** `count` fresh ids of `table`'s serial sequence, ascending, so new records keep the file's order. */
async function newIds(tx: Db, table: AnyTable, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await tx.execute(sql`SELECT nextval(pg_get_serial_sequence(${getTableName(table)}, 'id'))::int AS id FROM generate_series(1, ${count})`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

async function insertChunks(tx: Db, table: AnyTable, values: Row[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (let start = 0; start < values.length; start += INSERT_CHUNK) {
    rows.push(...((await tx.insert(table).values(values.slice(start, start + INSERT_CHUNK)).returning()) as Row[]));
  }
  return rows;
}

/** The mode of the body or of the query string, which must agree when both say; replace when neither does. */
function importMode(request: FastifyRequest, body: Record<string, unknown>): ImportMode {
  const query = isJsonObject(request.query) ? request.query.mode : undefined;
  if (body.mode !== undefined && query !== undefined && body.mode !== query) {
    const message = 'The mode in the body and the mode in the query string differ';
    throw new HttpError(422, message, { mode: [message] });
  }
  const mode = parseImportMode(body.mode ?? query);
  if (!mode.ok) throw new HttpError(422, mode.error, { mode: [mode.error] });
  return mode.value;
}

/** The document of the body: under `document`, or the body itself when it is the export file. */
function importBody(request: FastifyRequest): { mode: ImportMode; document: unknown } {
  const body = request.body;
  if (!isJsonObject(body)) {
    const message = 'The request body must be a Runway export document, or {"mode": …, "document": …}';
    throw new HttpError(422, message, { document: [message] });
  }
  const wrapped = Object.hasOwn(body, 'document');
  return { mode: importMode(request, wrapped ? body : {}), document: wrapped ? body.document : body };
}

async function applyImport(tx: Db, ctx: AppContext, user: AuthUser, document: ImportDocument, mode: ImportMode) {
  const now = ctx.clock.now();
  const deletions: UpdateMessage[] = [];
  const creations: UpdateMessage[] = [];
  const created: Counts = {};
  const deleted: Counts = {};

  // What goes: in replace everything of the user's; in merge only the singles the file replaces.
  const resources = [...EXPORT_COLLECTIONS.map((c) => ({ ...c, records: document[c.key] as readonly ImportedRecord<RecordName>[] })), ...EXPORT_SINGLES.map((s) => ({ ...s, records: document[s.key] ? [document[s.key] as ImportedRecord<RecordName>] : [] }))];
  const single = new Set<string>(EXPORT_SINGLES.map((s) => s.key));
  for (const { key, record, records } of resources) {
    deleted[key] = 0;
    if (mode === 'merge' && !(single.has(key) && records.length > 0)) continue;
    const table: AnyTable = RECORD_TABLES[record];
    const gone = (await tx.delete(table).where(eq(table.userId, user.id)).returning({ id: table.id })) as { id: number }[];
    deleted[key] = gone.length;
    for (const { id } of gone) deletions.push({ type: RECORD_UPDATE_TYPES[record], action: 'deleted', data: { id } });
  }
  for (const key of Object.keys(ACTUAL_KINDS) as (keyof ImportedActuals)[]) deleted[key] = 0;
  if (mode === 'replace') {
    const gone = await tx.delete(monthOverrides).where(eq(monthOverrides.userId, user.id)).returning({ kind: monthOverrides.kind });
    for (const [key, { kind }] of Object.entries(ACTUAL_KINDS)) deleted[key] = gone.filter((o) => o.kind === kind).length;
  }

  // The file's records, under new ids given in the file's order; each file id → its new id.
  const newIdOf = new Map<RecordName, Map<number, number>>();
  for (const { key, record, records } of resources) {
    const table: AnyTable = RECORD_TABLES[record];
    const ids = await newIds(tx, table, records.length);
    const remap = new Map<number, number>();
    newIdOf.set(record, remap);
    const values = records.map((imported, index) => {
      const id = ids[index] as number;
      if (imported.id !== null) remap.set(imported.id, id);
      const createdAt = imported.created_at === null ? now : new Date(imported.created_at);
      return { ...toRow(record, imported.value as RecordInputs[typeof record]), id, userId: user.id, createdAt, updatedAt: now };
    });
    const rows = await insertChunks(tx, table, values);
    created[key] = rows.length;
    const byId = new Map(rows.map((row) => [row.id as number, row]));
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) throw new Error(`Importing ${key} returned no row for id ${id}`);
      creations.push({ type: RECORD_UPDATE_TYPES[record], action: 'created', data: toWire(record, row) });
    }
  }

  // The actuals, each on its entity's new id; an account's under both of its tables' kinds.
  const overrides: Row[] = [];
  for (const [key, { kind, record }] of Object.entries(ACTUAL_KINDS) as [keyof ImportedActuals, (typeof ACTUAL_KINDS)[keyof ImportedActuals]][]) {
    const remap = record === null ? null : newIdOf.get(record);
    const entityOf = (actual: ImportedActual): number => {
      if (remap === null) return 0;
      const id = remap?.get(actual.entityId);
      // The validator lets an actual name only a record of the file.
      if (id === undefined) throw new Error(`An actual of ${key} names ${record} ${actual.entityId}, which the file does not hold`);
      return id;
    };
    for (const actual of document.actuals[key]) {
      for (const stored of storedKinds(kind)) overrides.push({ userId: user.id, kind: stored, entityId: entityOf(actual), month: actual.month, valueCents: actual.value, updatedAt: now });
    }
    created[key] = document.actuals[key].length;
  }
  for (let start = 0; start < overrides.length; start += INSERT_CHUNK) {
    await tx
      .insert(monthOverrides)
      .values(overrides.slice(start, start + INSERT_CHUNK) as (typeof monthOverrides.$inferInsert)[])
      // Only in merge can one exist already: an income actual of a month the user has one for.
      .onConflictDoUpdate({
        target: [monthOverrides.userId, monthOverrides.kind, monthOverrides.entityId, monthOverrides.month],
        set: { valueCents: sql`excluded.value_cents`, updatedAt: now },
      });
  }

  return {
    status: 200,
    body: { import: { mode, created, deleted } },
    updates: [...deletions, ...creations],
    months: MONTH_KINDS,
  };
}

export function registerDataRoutes(app: FastifyInstance, ctx: AppContext, authenticate: (request: FastifyRequest) => Promise<void>): void {
  const { db } = ctx.database;

  app.get(EXPORT_PATH, { onRequest: authenticate }, async (request, reply) => {
    const user = currentUser(request);
    const document = await db.transaction((tx) => loadExport(tx as unknown as Db, user, ctx.clock.now()), { isolationLevel: 'repeatable read', accessMode: 'read only' });
    return reply.header('content-disposition', `attachment; filename="${exportFileName(document)}"`).type('application/json; charset=utf-8').send(JSON.stringify(document));
  });

  // Signed in before the body is read: a stranger cannot make the server parse 10 MiB.
  app.post(IMPORT_PATH, { onRequest: authenticate, bodyLimit: IMPORT_BODY_LIMIT }, (request, reply) =>
    runWrite(ctx, request, reply, async (tx) => {
      const { mode, document } = importBody(request);
      const result = validateImport(document, validationContext(ctx.clock));
      if (!result.ok) throw new HttpError(422, importErrorMessage(result.errors), result.errors);
      return applyImport(tx, ctx, currentUser(request), result.value, mode);
    }),
  );
}
