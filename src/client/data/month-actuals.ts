/**
 * What the plan's input takes from each month table, kept in the mirror beside the table: its first
 * month and the user's actual values (shared/months/input.ts `tableActuals`), one `monthActuals`
 * row per table. A screen that projects (the Overview, the dashboard's figures, the check-in, What
 * if) reads these few kilobytes instead of the four tables, which are up to megabytes: decoding
 * them came before the Overview's first figures, about 0.15 s at 4× CPU throttling.
 *
 * A Dexie middleware keeps each row in step with its table: every write of `months` (a put, a
 * delete, a clear), whichever code makes it, writes `monthActuals` in the same IndexedDB
 * transaction, so no reader ever sees a table and actuals that disagree, and no new write of a
 * table can forget them. Mirrors from before version 5 get theirs in the upgrade (db.ts).
 */
import type { DBCore, DBCoreMutateRequest, DBCoreMutateResponse, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie';
import { tableActuals, type TableActuals } from '../../shared/months/input.ts';
import type { MonthKind } from '../../shared/months/tables.ts';
import { entriesOf, MONTHS, MONTHS_OF_KIND, type MonthsName } from '../../shared/resources.ts';
import type { MonthsRow } from './db.ts';
import type { MirrorRead } from './live-reads.ts';

export interface MonthActualsRow extends TableActuals {
  /** The month table's name, as in `months`. */
  readonly name: MonthsName;
}

const KIND_OF = new Map<string, MonthKind>(entriesOf(MONTHS).map(([name, decl]) => [name, decl.monthKind]));

/** The actuals row of a stored month table (unknown names, which no version writes, get none). */
export function monthActualsRow(row: Pick<MonthsRow, 'name' | 'body'>): MonthActualsRow | null {
  const kind = KIND_OF.get(row.name);
  return kind ? { name: row.name, ...tableActuals(kind, row.body) } : null;
}

const MONTHS_STORE = 'months';
const ACTUALS_STORE = 'monthActuals';

/** Writes the actuals of the months rows a mutation wrote (or removes them), in its transaction. */
async function follow(req: DBCoreMutateRequest, result: DBCoreMutateResponse, months: DBCoreTable, actuals: DBCoreTable): Promise<void> {
  const { trans } = req;
  switch (req.type) {
    case 'add':
    case 'put': {
      // A put that carries its rows whole (but those it failed to write); one that names keys and
      // changes (Table.update) is read back.
      const rows: MonthsRow[] =
        req.values.length > 0
          ? (req.values as MonthsRow[]).filter((_, i) => result.failures[i] === undefined)
          : await written(months, trans, req.type === 'put' ? (req.updates?.keys ?? []) : []);
      const values = rows.map(monthActualsRow).filter((row): row is MonthActualsRow => row !== null);
      if (values.length > 0) await actuals.mutate({ type: 'put', trans, values });
      return;
    }
    case 'delete':
      await actuals.mutate({ type: 'delete', trans, keys: req.keys });
      return;
    case 'deleteRange':
      await actuals.mutate({ type: 'deleteRange', trans, range: req.range });
      return;
  }
}

async function written(months: DBCoreTable, trans: DBCoreTransaction, keys: readonly unknown[]): Promise<MonthsRow[]> {
  if (keys.length === 0) return [];
  const rows = (await months.getMany({ trans, keys: [...keys] })) as (MonthsRow | undefined)[];
  return rows.filter((row): row is MonthsRow => row !== undefined);
}

/**
 * The Dexie middleware (registered in db.ts): a read-write transaction that takes `months` takes
 * `monthActuals` too, and each write of `months` writes the actuals of what it wrote after it.
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
      return {
        ...table,
        mutate: async (req) => {
          const result = await table.mutate(req);
          await follow(req, result, table, down.table(ACTUALS_STORE));
          return result;
        },
      };
    },
  }),
};

/** The four tables' actuals, as the plan's input reads them: one read, one shared query (hooks.ts useMirrorRead). */
export const PLAN_TABLE_ACTUALS: MirrorRead<Partial<Record<MonthKind, MonthActualsRow>>> = {
  kind: 'mirror',
  key: 'monthActuals:plan',
  query: async (db) => {
    const kinds = Object.keys(MONTHS_OF_KIND) as MonthKind[];
    const rows = await db.monthActuals.bulkGet(kinds.map((kind) => MONTHS_OF_KIND[kind]));
    const found: Partial<Record<MonthKind, MonthActualsRow>> = {};
    kinds.forEach((kind, i) => {
      const row = rows[i];
      if (row) found[kind] = row;
    });
    return found;
  },
};
