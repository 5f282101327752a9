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
 * Every record gets a new id; the file's actuals follow their debt or account to it, and so does the
 * assumptions' surplus account (which must be one of the file's taxable accounts). `created_at`
 * is the file's when it has one (a restored baseline keeps the day it was saved), `updated_at` the
 * server's clock. It is one write (src/server/http/write.ts): all or nothing, idempotent under
 * `Idempotency-Key`, and every open device receives one `Pull` message live, which makes it pull
 * its collections, singles and (for subscribers) month tables: one frame, not one per record.
 * Answers 200 `{ import: { mode, created: Counts, deleted: Counts } }`, where Counts has one number per
 * collection (`incomes`, …, `baselines`), per single (`housing`, …, 0 or 1) and per list of actuals
 * (`income_months`, `debt_months`, `retirement_months`: an account's actual counts once though it
 * is stored for both of its tables). A file that fails a rule answers 422 `{ error, message,
 * errors: { 'debts[2].apr': [...] } }` (shared/validation/import.ts) and writes nothing; so does
 * one that would leave the account more than IMPORT_MAX_RECORDS records or IMPORT_MAX_ACTUALS
 * actuals (`errors: { limits: [...] }`), checked before anything is written.
 *
 * One import must not hold the database for long: on PGlite every user's write waits for the one
 * connection. So the body is read, checked and turned into rows before the transaction starts;
 * inside it, each table gets one INSERT whatever the number of rows, and the change notice is one
 * small message (docs/performance.md#import).
 */
import { and, asc, count, eq, getTableColumns, getTableName, inArray, sql, type AnyColumn } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { centsToDollars, type Cents } from '../../../engine/money.ts';
import { PULL_TYPE, type UpdateMessage } from '../../../shared/cable.ts';
import { buildExportDocument, EXPORT_COLLECTIONS, EXPORT_SINGLES, exportFileName, type ExportDocument, type SourceRecord } from '../../../shared/export/document.ts';
import { isJsonObject } from '../../../shared/json.ts';
import type { ActualKind } from '../../../shared/months/tables.ts';
import type { RecordInputs, RecordName } from '../../../shared/records.ts';
import {
  importErrorMessage,
  importLimitErrors,
  parseImportMode,
  referencesFrom,
  validateImport,
  type ImportDocument,
  type ImportedActual,
  type ImportedActuals,
  type ImportedRecord,
  type ImportMode,
  type ImportSize,
} from '../../../shared/validation/index.ts';
import type { AuthUser } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { columnOf, RECORD_TABLES, toRow, toWire } from '../../db/records.ts';
import { monthOverrides } from '../../db/schema.ts';
import { validationContext } from '../../clock.ts';
import { currentUser, type AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import { runWrite } from '../write.ts';
import { storedKinds } from './months.ts';

export const EXPORT_PATH = '/api/v1/export';
export const IMPORT_PATH = '/api/v1/import';
/** An import carries a whole export file, and one of 5 MB must pass: this route reads up to 10 MiB. */
export const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

/* Drizzle's table types differ per table; these helpers work on any record table by its columns. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTable = any;
type Row = Record<string, unknown>;

/** Which override kind each list of actuals reads and writes; its entity's record. */
const ACTUAL_KINDS = {
  income_months: { kind: 'income', record: null },
  debt_months: { kind: 'debt', record: 'debt' },
  retirement_months: { kind: 'retirement', record: 'retirement_account' },
  mortgage_months: { kind: 'mortgage', record: null },
  home_months: { kind: 'home', record: null },
} as const satisfies Record<keyof ImportedActuals, { kind: ActualKind; record: RecordName | null }>;

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
  const ofKind = (kind: ActualKind) => overrides.filter((o) => o.kind === kind);
  return buildExportDocument({
    ...(records as unknown as Omit<Parameters<typeof buildExportDocument>[0], 'exportedAt' | 'user' | 'actuals'>),
    exportedAt: exportedAt.toISOString(),
    user: { email: user.email, birth_year: user.birthYear },
    actuals: {
      income_months: ofKind('income').map((o) => ({ month: o.month, input_end_balance: dollars(o.valueCents) })),
      debt_months: ofKind('debt').map((o) => ({ debt_id: o.entityId, month: o.month, input_remaining_balance: dollars(o.valueCents) })),
      retirement_months: ofKind('retirement').map((o) => ({ retirement_account_id: o.entityId, month: o.month, balance: dollars(o.valueCents) })),
      mortgage_months: ofKind('mortgage').map((o) => ({ month: o.month, input_mortgage_balance: dollars(o.valueCents) })),
      home_months: ofKind('home').map((o) => ({ month: o.month, input_home_value: dollars(o.valueCents) })),
    },
  });
}

/** `n` fresh ids of `table`'s serial sequence, ascending, so new records keep the file's order. */
async function newIds(tx: Db, table: AnyTable, n: number): Promise<number[]> {
  if (n === 0) return [];
  // The sequence is looked up once: named inside the SELECT, it would be looked up once per row.
  const named = await tx.execute(sql`SELECT pg_get_serial_sequence(${getTableName(table)}, 'id') AS sequence`);
  const sequence = (named as unknown as { rows: { sequence: string }[] }).rows[0]?.sequence;
  if (!sequence) throw new Error(`${getTableName(table)} has no id sequence`);
  const result = await tx.execute(sql`SELECT nextval(${sequence}::regclass)::int AS id FROM generate_series(1, ${n}::int)`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/** Deletes the user's rows of `table`, answering how many went. */
async function deleteAll(tx: Db, table: AnyTable, userId: number): Promise<number> {
  const result = await tx.execute(sql`WITH gone AS (DELETE FROM ${table} WHERE user_id = ${userId} RETURNING 1) SELECT count(*)::int AS n FROM gone`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/**
 * A row as a JSON object keyed by column name, in the form `json_populate_recordset` reads (a Date
 * as its ISO text, a `json` column's value as nested JSON), without its opening brace: the
 * transaction puts the id in front (`{"id":7,` + this).
 */
function rowJsonTail(columns: Record<string, AnyColumn>, row: Row): string {
  const named: Row = {};
  for (const [key, value] of Object.entries(row)) {
    const column = columns[key];
    if (!column) throw new Error(`No column ${key}`);
    named[column.name] = value;
  }
  return JSON.stringify(named).slice(1);
}

/**
 * Inserts rows given as JSON (see rowJsonTail) in ONE statement per table: the rows travel as a
 * single parameter and PostgreSQL unpacks them (`json_populate_recordset`), which costs PGlite half
 * of what binding every value does (docs/performance.md#import). `onConflict` is appended as is.
 */
async function insertJson(tx: Db, table: AnyTable, columns: readonly string[], rows: string, onConflict = sql``): Promise<void> {
  const list = sql.join(
    columns.map((name) => sql.identifier(name)),
    sql`, `,
  );
  await tx.execute(sql`INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, ${rows}::json) ${onConflict}`);
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

/** Lets the event loop serve what is waiting (other users' requests) before going on. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A file's records, checked and turned into rows before the transaction: only ids are missing. */
interface PreparedResource {
  key: string;
  record: RecordName;
  single: boolean;
  /** The file's id of each row (null: none), in the file's order. */
  fileIds: (number | null)[];
  /** The column names of `rows`, id and references excepted. */
  columns: string[];
  /** Each row as rowJsonTail writes it, in the file's order. */
  rows: string[];
  /**
   * The row fields that name another record of the file (RECORD_REFERENCES): the column, the
   * record named, and each row's file id of it (null: none). Written beside the id once the
   * named records have their new ids.
   */
  references: { column: string; to: RecordName; fileIds: (number | null)[] }[];
}

interface PreparedImport {
  mode: ImportMode;
  document: ImportDocument;
  now: Date;
  resources: PreparedResource[];
}

/**
 * Everything an import needs that the database does not: the body read, the file checked whole
 * (each record by its rule, and against the ceilings on what it holds), and its records turned
 * into rows. Runs before the transaction (runWrite's `prepare`), so none of it holds a connection.
 */
async function prepareImport(ctx: AppContext, request: FastifyRequest, user: AuthUser): Promise<PreparedImport> {
  const { mode, document: raw } = importBody(request);
  const result = validateImport(raw, validationContext(ctx.clock));
  if (!result.ok) throw new HttpError(422, importErrorMessage(result.errors), result.errors);
  const document = result.value;
  const now = ctx.clock.now();
  const resources: PreparedResource[] = [];
  for (const { key, record, single, records } of [
    ...EXPORT_COLLECTIONS.map((c) => ({ ...c, single: false, records: document[c.key] as readonly ImportedRecord<RecordName>[] })),
    ...EXPORT_SINGLES.map((s) => ({ ...s, single: true, records: document[s.key] ? [document[s.key] as ImportedRecord<RecordName>] : [] })),
  ]) {
    // This is work for the one thread every request shares: other requests get a turn between steps.
    await nextTurn();
    const table: AnyTable = RECORD_TABLES[record];
    const columns = getTableColumns(table) as Record<string, AnyColumn>;
    const rows = records.map((imported): Row => ({
      ...toRow(record, imported.value as RecordInputs[typeof record]),
      userId: user.id,
      createdAt: imported.created_at === null ? now : new Date(imported.created_at),
      updatedAt: now,
    }));
    // A reference holds the file's id of its record; it is taken out and written with the new one.
    const references = referencesFrom(record).map((ref) => {
      const property = columnOf(record, ref.field);
      const fileIds = rows.map((row) => row[property] as number | null);
      for (const row of rows) delete row[property];
      return { column: (columns[property] as AnyColumn).name, to: ref.to, fileIds };
    });
    resources.push({
      key,
      record,
      single,
      fileIds: records.map((imported) => imported.id),
      columns: Object.keys(rows[0] ?? {}).map((name) => (columns[name] as AnyColumn).name),
      rows: rows.map((row) => rowJsonTail(columns, row)),
      references,
    });
  }
  return { mode, document, now, resources };
}

/**
 * What a merge of `prepared` would leave in the user's account: the records of every collection
 * the user keeps plus the file's, each single the user or the file has, and the actuals the user
 * keeps plus the file's, less the file's income, mortgage and home actuals of months the user already has one for
 * (they take those months' places).
 */
async function mergedSize(tx: Db, user: AuthUser, prepared: PreparedImport): Promise<ImportSize> {
  let records = 0;
  for (const { record, single, rows } of prepared.resources) {
    const table: AnyTable = RECORD_TABLES[record];
    const [row] = (await tx.select({ n: count() }).from(table).where(eq(table.userId, user.id))) as { n: number }[];
    const held = Number(row?.n ?? 0);
    records += single ? Math.max(held, rows.length) : held + rows.length;
  }
  const [entityActuals] = await tx
    .select({ n: count() })
    .from(monthOverrides)
    .where(and(eq(monthOverrides.userId, user.id), inArray(monthOverrides.kind, [ACTUAL_KINDS.debt_months.kind, ACTUAL_KINDS.retirement_months.kind])));
  let actuals = Number(entityActuals?.n ?? 0) + prepared.document.actuals.debt_months.length + prepared.document.actuals.retirement_months.length;
  // The household's lists (cash, mortgage, home) hold one actual per month: the file's take the places of the user's.
  for (const key of ['income_months', 'mortgage_months', 'home_months'] as const) {
    const held = await tx
      .select({ month: monthOverrides.month })
      .from(monthOverrides)
      .where(and(eq(monthOverrides.userId, user.id), eq(monthOverrides.kind, ACTUAL_KINDS[key].kind)));
    actuals += new Set([...held.map((o) => o.month), ...prepared.document.actuals[key].map((a) => a.month)]).size;
  }
  return { records, actuals };
}

async function applyImport(tx: Db, user: AuthUser, prepared: PreparedImport) {
  const { mode, document, now, resources } = prepared;
  // The ceilings, before anything is written: the file's own were checked with its records.
  if (mode === 'merge') {
    const errors = importLimitErrors(await mergedSize(tx, user, prepared), true);
    if (errors) throw new HttpError(422, importErrorMessage(errors), errors);
  }
  const created: Counts = {};
  const deleted: Counts = {};

  // What goes: in replace everything of the user's; in merge only the singles the file replaces.
  for (const { key, record, single, rows } of resources) {
    deleted[key] = 0;
    if (mode === 'merge' && !(single && rows.length > 0)) continue;
    deleted[key] = await deleteAll(tx, RECORD_TABLES[record], user.id);
  }
  for (const key of Object.keys(ACTUAL_KINDS) as (keyof ImportedActuals)[]) deleted[key] = 0;
  if (mode === 'replace') {
    const result = await tx.execute(sql`WITH gone AS (DELETE FROM ${monthOverrides} WHERE user_id = ${user.id} RETURNING kind) SELECT kind, count(*)::int AS n FROM gone GROUP BY kind`);
    const gone = new Map((result as unknown as { rows: { kind: string; n: number }[] }).rows.map((row) => [row.kind, Number(row.n)]));
    for (const [key, { kind }] of Object.entries(ACTUAL_KINDS)) deleted[key] = gone.get(kind) ?? 0;
  }

  // The file's records, under new ids given in the file's order; each file id → its new id. The
  // collections come before the singles, so a single's reference finds its record's new id.
  const newIdOf = new Map<RecordName, Map<number, number>>();
  for (const { key, record, fileIds, columns, rows, references } of resources) {
    const table: AnyTable = RECORD_TABLES[record];
    const ids = await newIds(tx, table, rows.length);
    const remap = new Map<number, number>();
    newIdOf.set(record, remap);
    fileIds.forEach((fileId, index) => {
      if (fileId !== null) remap.set(fileId, ids[index] as number);
    });
    const head = (index: number) => {
      let text = `{"id":${ids[index]},`;
      for (const { column, to, fileIds: named } of references) {
        const fileId = named[index] ?? null;
        const id = fileId === null ? null : newIdOf.get(to)?.get(fileId);
        // The validator lets a reference name only a fitting record of the file.
        if (id === undefined) throw new Error(`${key} names ${to} ${fileId}, which the file does not hold`);
        text += `${JSON.stringify(column)}:${id},`;
      }
      return text;
    };
    const referenceColumns = references.map((ref) => ref.column);
    if (rows.length > 0) await insertJson(tx, table, ['id', ...referenceColumns, ...columns], `[${rows.map((tail, index) => head(index) + tail).join(',')}]`);
    created[key] = rows.length;
  }

  // The actuals, each on its entity's new id; an account's under both of its tables' kinds.
  const overrides: { user_id: number; kind: ActualKind; entity_id: number; month: string; value_cents: number; updated_at: Date }[] = [];
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
      for (const stored of storedKinds(kind)) overrides.push({ user_id: user.id, kind: stored, entity_id: entityOf(actual), month: actual.month, value_cents: actual.value, updated_at: now });
    }
    created[key] = document.actuals[key].length;
  }
  if (overrides.length > 0) {
    await insertJson(
      tx,
      monthOverrides,
      ['user_id', 'kind', 'entity_id', 'month', 'value_cents', 'updated_at'],
      JSON.stringify(overrides),
      // Only in merge can one exist already: an income, mortgage or home actual of a month the user has one for.
      sql`ON CONFLICT (user_id, kind, entity_id, month) DO UPDATE SET value_cents = excluded.value_cents, updated_at = excluded.updated_at`,
    );
  }

  return {
    status: 200,
    body: { import: { mode, created, deleted } },
    // One notice for the whole import, not one per record: every open device pulls what it shows.
    updates: [{ type: PULL_TYPE, action: 'updated', data: { reason: 'import' } } satisfies UpdateMessage],
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
    runWrite(
      ctx,
      request,
      reply,
      (tx, prepared) => applyImport(tx, currentUser(request), prepared),
      () => prepareImport(ctx, request, currentUser(request)),
    ),
  );
}
