/**
 * What the plan's input takes from each month table, kept in the mirror beside the table: its first
 * month and the user's actual values (shared/months/input.ts `tableActuals`), one `monthActuals`
 * row per table. A screen that projects (the Overview, the dashboard's figures, the check-in, What
 * if) reads these few kilobytes instead of the four tables, which are up to megabytes: decoding
 * them came before the Overview's first figures, about 0.15 s at 4× CPU throttling.
 *
 * A Dexie middleware keeps each row in step with its table: every write of `months` (a put, a
 * delete, a clear), whichever code makes it, gives the table a new `actualsToken` and writes its
 * actuals, with that token, in the same IndexedDB transaction. The reader (PLAN_TABLE_ACTUALS)
 * takes a table's actuals only when their token is the table's (read from the `actualsToken`
 * index, without the table), and otherwise reads them from the table itself: a page still running
 * a version from before the middleware (another tab, open through the update) writes tables
 * without tokens, and its writes are read right all the same. Mirrors from before version 5 get
 * their tokens and actuals in the upgrade (db.ts).
 */
import type { DBCore, DBCoreMutateRequest, DBCoreMutateResponse, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie';
import { tableActuals, type TableActuals } from '../../../shared/months/input.ts';
import type { MonthKind } from '../../../shared/months/tables.ts';
import { entriesOf, MONTHS, type MonthsName } from '../../../shared/resources.ts';
// db.ts registers the middleware below; monthsStamp is only called once a write runs.
import { monthsStamp, type MirrorDb, type MonthsRow } from './db.ts';
import type { MirrorRead } from '../bindings/live-reads.ts';

export interface MonthActualsRow extends TableActuals {
  /** The month table's name, as in `months`. */
  readonly name: MonthsName;
  /** The `actualsToken` of the table's write they were read from. */
  readonly token: string;
}

const KIND_OF = new Map<MonthsName, MonthKind>(entriesOf(MONTHS).map(([name, decl]) => [name, decl.monthKind]));

/** The actuals of a stored month table and the token of its write (unknown names, which no version writes, get none). */
export function monthActualsRow(row: Pick<MonthsRow, 'name' | 'body' | 'actualsToken'>): MonthActualsRow | null {
  const kind = KIND_OF.get(row.name);
  return kind && row.actualsToken !== undefined ? { name: row.name, token: row.actualsToken, ...tableActuals(kind, row.body) } : null;
}

const MONTHS_STORE = 'months';
const ACTUALS_STORE = 'monthActuals';

/**
 * Writes `req` (a write of `months`) with a new token on each table it writes whole, then the
 * actuals of what it wrote (or removes them), in its transaction.
 */
async function writeBoth(req: DBCoreMutateRequest, months: DBCoreTable, actuals: DBCoreTable): Promise<DBCoreMutateResponse> {
  const { trans } = req;
  switch (req.type) {
    case 'add':
    case 'put': {
      const values = req.values.map((value: MonthsRow) => ({ ...value, actualsToken: monthsStamp() }));
      const result = await months.mutate({ ...req, values } as DBCoreMutateRequest);
      // The rows it wrote whole (but those it failed to write); a put that names keys and changes
      // instead (Table.update in some Dexie versions) is read back as it now is.
      const rows = values.length > 0 ? values.filter((_, i) => result.failures[i] === undefined) : await stored(months, trans, req.type === 'put' ? (req.updates?.keys ?? []) : []);
      const written = rows.map(monthActualsRow).filter((row): row is MonthActualsRow => row !== null);
      if (written.length > 0) await actuals.mutate({ type: 'put', trans, values: written });
      return result;
    }
    case 'delete': {
      const result = await months.mutate(req);
      await actuals.mutate({ type: 'delete', trans, keys: req.keys });
      return result;
    }
    case 'deleteRange': {
      const result = await months.mutate(req);
      await actuals.mutate({ type: 'deleteRange', trans, range: req.range });
      return result;
    }
  }
}

async function stored(months: DBCoreTable, trans: DBCoreTransaction, keys: readonly unknown[]): Promise<MonthsRow[]> {
  if (keys.length === 0) return [];
  const rows = (await months.getMany({ trans, keys: [...keys] })) as (MonthsRow | undefined)[];
  return rows.filter((row): row is MonthsRow => row !== undefined);
}

/**
 * The Dexie middleware (registered in db.ts): a read-write transaction that takes `months` takes
 * `monthActuals` too, and each write of `months` writes both (writeBoth).
 */
export const monthActualsMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'MonthActuals',
  create: (down) => ({
    transaction: (stores, mode, options) =>
      down.transaction(mode === 'readwrite' && stores.includes(MONTHS_STORE) && !stores.includes(ACTUALS_STORE) ? [...stores, ACTUALS_STORE] : stores, mode, options),
    table: (name) => {
      const table = down.table(name);
      if (name !== MONTHS_STORE) return table;
      return { ...table, mutate: (req) => writeBoth(req, table, down.table(ACTUALS_STORE)) };
    },
  }),
};

/** What the plan reads of the month tables (planTableActuals), from one snapshot of the mirror. */
export interface PlanTableActuals {
  /** Each table's actuals, by kind, for the tables the mirror holds. */
  readonly tables: Partial<Record<MonthKind, TableActuals>>;
  /**
   * The tables the mirror does not hold yet whose fetch is under way (their `syncStatus` row says
   * loading): the plan waits for them. Read with the tables, so a fetch that has just ended and its
   * table are seen together; two live queries, one of each, may answer in either order.
   */
  readonly fetching: readonly MonthKind[];
  /**
   * The `actualsToken` of each table whose actuals these are, by kind (none for a table written
   * without one): a screen that shows a table beside the plan compares it with the table's own
   * (useMonths `actualsToken`) to know both come from the same write.
   */
  readonly tokens: Partial<Record<MonthKind, string>>;
}

/**
 * The tables' actuals the plan reads, by kind: each table's kept actuals when their token is the
 * table's, else read from the table itself (written by a version without the middleware). A table
 * not in the mirror has none. With them, which absent tables are still being fetched. One read-only
 * transaction; the tables are read only in the second case.
 */
export async function planTableActuals(db: MirrorDb): Promise<PlanTableActuals> {
  return db.transaction('r', [db.months, db.monthActuals, db.syncStatus], async () => {
    const names = (await db.months.toCollection().primaryKeys()).filter((name) => KIND_OF.has(name));
    const tokenOf = new Map<string, unknown>();
    await db.months.orderBy('actualsToken').eachKey((token, cursor) => tokenOf.set(String(cursor.primaryKey), token));
    const kept = await db.monthActuals.bulkGet(names);
    const tables: Partial<Record<MonthKind, TableActuals>> = {};
    const tokens: Partial<Record<MonthKind, string>> = {};
    for (const [i, name] of names.entries()) {
      const kind = KIND_OF.get(name)!;
      const token = tokenOf.get(name);
      if (typeof token === 'string') tokens[kind] = token;
      const row = kept[i];
      if (row !== undefined && typeof row.token === 'string' && token === row.token) {
        tables[kind] = { first: row.first, actuals: row.actuals };
      } else {
        tables[kind] = tableActuals(kind, (await db.months.get(name))?.body);
      }
    }
    const absent = [...KIND_OF].filter(([, kind]) => tables[kind] === undefined);
    const statuses = await db.syncStatus.bulkGet(absent.map(([name]) => name));
    const fetching = absent.filter((_, i) => statuses[i]?.loading === true).map(([, kind]) => kind);
    return { tables, fetching, tokens };
  });
}

/** The four tables' actuals and fetches, as the plan's input reads them: one shared query (hooks.ts useMirrorRead). */
export const PLAN_TABLE_ACTUALS: MirrorRead<PlanTableActuals> = { kind: 'mirror', key: 'monthActuals:plan', query: planTableActuals };
