/**
 * Maps each record of src/shared/records.ts between its wire form (snake_case, dollars) and its
 * table row (camelCase columns, `*Cents` integers, numeric percents as text). The mapping is
 * derived from RECORD_FIELDS, so a field is declared once.
 */
import { centsToDollars, type Cents } from '../../engine/money.ts';
import { RECORD_FIELDS, type FieldDecl, type RecordInputs, type RecordName } from '../../shared/records.ts';
import { columnKey } from './column-names.ts';
import { RECORD_TABLES } from './record-tables.gen.ts';

export { RECORD_TABLES };

type Row = Record<string, unknown>;


type FieldMap = [field: string, column: string, decl: FieldDecl][];
const FIELD_MAPS = new Map<RecordName, FieldMap>(
  (Object.keys(RECORD_FIELDS) as RecordName[]).map((name) => [
    name,
    Object.entries(RECORD_FIELDS[name]).map(([field, decl]): FieldMap[number] => [field, columnKey(field, decl), decl]),
  ]),
);

function fieldsOf(name: RecordName): FieldMap {
  const map = FIELD_MAPS.get(name);
  if (!map) throw new Error(`Unknown record ${name}`);
  return map;
}

/** The table column (Drizzle's property name) of a record's field: ('assumptions', 'other_spending') → 'otherSpendingCents'. */
export function columnOf(name: RecordName, field: string): string {
  const entry = fieldsOf(name).find(([wire]) => wire === field);
  if (!entry) throw new Error(`${name} has no field ${field}`);
  return entry[1];
}

/** A validated record → the column values to write. */
export function toRow<N extends RecordName>(name: N, input: RecordInputs[N]): Row {
  const row: Row = {};
  const values = input as unknown as Row;
  for (const [field, column, decl] of fieldsOf(name)) {
    const value = values[field] ?? null;
    row[column] = decl.kind === 'percent' && value !== null ? String(value) : value;
  }
  return row;
}

/** A table row → the record as the API answers it: id, the record's wire fields, timestamps; a `json` field as stored. */
export function toWire(name: RecordName, row: Row): Record<string, unknown> {
  const wire: Record<string, unknown> = { id: row.id };
  for (const [field, column, decl] of fieldsOf(name)) {
    const value = row[column];
    if (value === null || value === undefined) wire[field] = null;
    else if (decl.kind === 'money') wire[field] = centsToDollars(Number(value) as Cents);
    else if (decl.kind === 'percent') wire[field] = Number(value);
    else wire[field] = value;
  }
  wire.created_at = row.createdAt instanceof Date ? row.createdAt.toISOString() : row.createdAt;
  wire.updated_at = row.updatedAt instanceof Date ? row.updatedAt.toISOString() : row.updatedAt;
  return wire;
}

/** The record's own fields in wire form, the base a partial update is laid over. */
export function wireFields(name: RecordName, row: Row): Record<string, unknown> {
  const wire = toWire(name, row);
  const fields: Record<string, unknown> = {};
  for (const [field] of fieldsOf(name)) fields[field] = wire[field];
  return fields;
}
