/**
 * Before a merge: the file's records that look the same as ones the account already holds, so
 * merging an account's own export does not silently double it (docs/product.md#account-screens). Two
 * records look the same when they are of the same kind and every field the user typed is equal,
 * as the shared import rules read them (cents, normalised dates): the id and the stamps are not
 * compared. Each of the account's records answers for one of the file's at most, so a file with two
 * equal debts against one of the account's has one look-alike.
 */
import { EXPORT_COLLECTIONS, type ExportCollectionKey } from '../../../../shared/export/document.ts';
import type { ImportDocument } from '../../../../shared/validation/import.ts';
import { canonicalJson } from '../../../data/mirror/result-cache.ts';

/** The file's record ids that look like one of the account's, by collection. */
export type LookAlikes = Readonly<Partial<Record<ExportCollectionKey, ReadonlySet<number>>>>;

/**
 * The file's records that look like the account's (`mine`, the account's own export read by the
 * same rules), by collection. An account the file's assumptions name as the surplus account is
 * never one: the file's assumptions need it. Example: the account holds debts A and B; the file
 * holds A′ (equal to A) and C → { debts: {id of A′} }.
 */
export function lookAlikes(file: ImportDocument, mine: ImportDocument): LookAlikes {
  const found: Partial<Record<ExportCollectionKey, Set<number>>> = {};
  const needed = file.assumptions?.value.surplus_account_id ?? null;
  for (const { key } of EXPORT_COLLECTIONS) {
    const held = new Map<string, number>();
    for (const record of mine[key]) {
      const text = canonicalJson(record.value);
      held.set(text, (held.get(text) ?? 0) + 1);
    }
    const ids = new Set<number>();
    for (const record of file[key]) {
      if (record.id === null || (key === 'retirement_accounts' && record.id === needed)) continue;
      const text = canonicalJson(record.value);
      const left = held.get(text) ?? 0;
      if (left === 0) continue;
      held.set(text, left - 1);
      ids.add(record.id);
    }
    if (ids.size > 0) found[key] = ids;
  }
  return found;
}

/** How many look-alikes, in all. */
export function lookAlikeCount(alike: LookAlikes): number {
  return Object.values(alike).reduce((sum, ids) => sum + (ids?.size ?? 0), 0);
}

/**
 * The file as sent, without its look-alikes and the actuals of a skipped debt or account (they
 * would name a record the file no longer holds). Everything else is left as the file has it.
 * Example: skipping debt 4 drops `debts[id 4]` and every `actuals.debt_months` entry with debt_id 4.
 */
export function withoutLookAlikes(raw: unknown, alike: LookAlikes): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const out: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  const idOf = (record: unknown) => (record !== null && typeof record === 'object' ? (record as { id?: unknown }).id : undefined);
  for (const [key, ids] of Object.entries(alike) as [ExportCollectionKey, ReadonlySet<number>][]) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = list.filter((record) => !ids.has(idOf(record) as number));
  }
  const actuals = out.actuals;
  if (actuals !== null && typeof actuals === 'object' && !Array.isArray(actuals)) {
    const lists = { ...(actuals as Record<string, unknown>) };
    const drop = (listKey: string, field: string, ids: ReadonlySet<number> | undefined) => {
      const list = lists[listKey];
      if (ids && Array.isArray(list)) lists[listKey] = list.filter((entry) => !ids.has((entry as Record<string, unknown>)[field] as number));
    };
    drop('debt_months', 'debt_id', alike.debts);
    drop('retirement_months', 'retirement_account_id', alike.retirement_accounts);
    out.actuals = lists;
  }
  return out;
}
