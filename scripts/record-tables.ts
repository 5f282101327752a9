/**
 * Writes `src/server/db/record-tables.gen.ts`: the Drizzle table of every record, derived from its
 * fields (src/shared/records.ts) and its declaration (src/shared/resources.ts), so that a field is
 * declared once. `record-tables.test.ts` fails when the file is not what the declarations give.
 *
 * After changing a record's fields or adding a record: `npm run db:tables`, then `npm run
 * db:generate` for the migration (docs/architecture.md#one-declaration-per-resource).
 *
 * A field becomes one column:
 * - `money` → `<name>_cents`, bigint (integer cents), the property `<camelName>Cents`;
 * - `percent` → numeric(9, 4), exact, so 24.99 stays 24.99;
 * - `date` → SQL date read as 'YYYY-MM-DD'; `month` → 'YYYY-MM' text;
 * - `enum` → text limited to its values; `json` → json, typed with the record's validated shape;
 * - `text`, `integer`, `boolean` as themselves; `references` adds a foreign key to that record's
 *   table that is cleared when the record goes.
 * Non-nullable fields are NOT NULL. Every table has `id`, `user_id` (indexed; unique for a single
 * record) and the server's `created_at` / `updated_at`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RECORD_FIELDS, type FieldDecl, type RecordName } from '../src/shared/records.ts';
import { COLLECTIONS, SINGLES } from '../src/shared/resources.ts';
import { camelName, columnKey } from '../src/server/db/column-names.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const GENERATED_FILE = path.join(root, 'src', 'server', 'db', 'record-tables.gen.ts');
/** What the generated module imports, as paths from its own folder. */
const importPath = (...segments: string[]) => path.relative(path.dirname(GENERATED_FILE), path.join(root, ...segments)).split(path.sep).join('/');


/** The declaration of a record: its table, and whether a user has many (collection) or one. */
function tableOf(record: RecordName): { table: string; many: boolean } {
  const collection = Object.values(COLLECTIONS).find((decl) => decl.record === record);
  if (collection) return { table: collection.table, many: true };
  const single = Object.values(SINGLES).find((decl) => decl.record === record);
  if (single) return { table: single.table, many: false };
  throw new Error(`No resource declares the record ${record}`);
}

/** The Drizzle property and builder of one field: ['grossPayCents', "cents('gross_pay_cents').notNull()"]. */
function column(record: RecordName, field: string, decl: FieldDecl): [string, string] {
  const property = columnKey(field, decl);
  let builder: string;
  switch (decl.kind) {
    case 'money':
      builder = `cents('${field}_cents')`;
      break;
    case 'percent':
      builder = `percent('${field}')`;
      break;
    case 'date':
      builder = `day('${field}')`;
      break;
    case 'enum':
      builder = `text('${field}', { enum: RECORD_FIELDS.${record}.${field}.values })`;
      break;
    case 'json':
      builder = `json('${field}').$type<RecordInputs['${record}']['${field}']>()`;
      break;
    case 'integer':
      builder = `integer('${field}')`;
      break;
    case 'boolean':
      builder = `boolean('${field}')`;
      break;
    case 'text':
    case 'month':
      builder = `text('${field}')`;
      break;
  }
  if (!decl.nullable) builder += '.notNull()';
  if (decl.default !== undefined) builder += `.default(${JSON.stringify(decl.default)})`;
  if (decl.references !== undefined) builder += `.references(() => ${camelName(tableOf(decl.references as RecordName).table)}.id, { onDelete: 'set null' })`;
  return [property, builder];
}

function tableSource(record: RecordName): string {
  const { table, many } = tableOf(record);
  const columns = Object.entries(RECORD_FIELDS[record] as Record<string, FieldDecl>).map(([field, decl]) => column(record, field, decl));
  const userIndex = many ? `index('${table}_user_idx')` : `uniqueIndex('${table}_user_key')`;
  return [
    `export const ${camelName(table)} = pgTable(`,
    `  '${table}',`,
    '  {',
    "    id: serial('id').primaryKey(),",
    '    userId: owner(),',
    ...columns.map(([property, builder]) => `    ${property}: ${builder},`),
    '    createdAt: createdAt(),',
    '    updatedAt: updatedAt(),',
    '  },',
    `  (t) => [${userIndex}.on(t.userId)],`,
    ');',
  ].join('\n');
}

/** The generated module's text. */
export function recordTablesSource(): string {
  const records = Object.keys(RECORD_FIELDS) as RecordName[];
  const imports = new Set(['pgTable', 'serial', ...records.map((record) => (tableOf(record).many ? 'index' : 'uniqueIndex'))]);
  for (const record of records) {
    for (const decl of Object.values(RECORD_FIELDS[record]) as FieldDecl[]) {
      if (decl.kind === 'text' || decl.kind === 'month' || decl.kind === 'enum') imports.add('text');
      if (decl.kind === 'integer' || decl.kind === 'boolean' || decl.kind === 'json') imports.add(decl.kind);
    }
  }
  return [
    '/**',
    ' * GENERATED by scripts/record-tables.ts from src/shared/records.ts and src/shared/resources.ts: do not',
    ' * edit. Run `npm run db:tables` after changing a record, then `npm run db:generate` for its migration.',
    ' * Each field is documented where it is declared, in src/shared/records.ts.',
    ' */',
    `import { ${[...imports].sort().join(', ')} } from 'drizzle-orm/pg-core';`,
    `import { RECORD_FIELDS, type RecordInputs } from '${importPath('src', 'shared', 'records.ts')}';`,
    `import { cents, createdAt, day, owner, percent, updatedAt } from './${importPath('src', 'server', 'db', 'columns.ts')}';`,
    '',
    ...records.map((record) => `${tableSource(record)}\n`),
    '/** Each record\'s table, by record name. */',
    'export const RECORD_TABLES = {',
    ...records.map((record) => `  ${record}: ${camelName(tableOf(record).table)},`),
    '} as const;',
    '',
  ].join('\n');
}

/** Whether the file on disk is what the declarations give. */
export function generatedFileIsCurrent(): boolean {
  return readFileSync(GENERATED_FILE, 'utf8') === recordTablesSource();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(GENERATED_FILE, recordTablesSource());
  console.log(`Wrote ${path.relative(process.cwd(), GENERATED_FILE)}`);
}
