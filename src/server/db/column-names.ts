/**
 * How a record's wire field is named as a table column's Drizzle property: camelCase, and money
 * with `Cents`, since the column holds integer cents (`gross_pay` → `grossPayCents`,
 * `next_pay_date` → `nextPayDate`). The generated tables (scripts/record-tables.ts) and the row
 * mapping (records.ts) both name columns through here, so they cannot disagree.
 */
import type { FieldDecl } from '../../shared/records.ts';

/** 'retirement_accounts' → 'retirementAccounts'. */
export function camelName(snake: string): string {
  return snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** The Drizzle property of a field's column: ('gross_pay', money) → 'grossPayCents'. */
export function columnKey(field: string, decl: Pick<FieldDecl, 'kind'>): string {
  return decl.kind === 'money' ? `${camelName(field)}Cents` : camelName(field);
}
