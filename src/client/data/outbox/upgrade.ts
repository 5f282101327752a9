/**
 * Mirror version 2 stores outbox entries as typed mutations; version 1 stored the HTTP request
 * (method, path, body) with a `target`. Edits a user queued offline under version 1 must all
 * reach the server after the app updates, once each: `fromV1` rewrites each one in place during
 * Dexie's upgrade, keeping its seq (the order), UUID (its Idempotency-Key, so an edit whose answer
 * was lost is still answered from the server's first attempt), attempts and status.
 */
import { isJsonObject } from '../../../shared/json.ts';
import type { Fields } from '../sync/conflicts.ts';
import type { OutboxEntry } from '../mirror/db.ts';
import { COLLECTIONS, MONTHS, SINGLES, type CollectionName, type MonthsName, type SingleName } from '../../../shared/resources.ts';
import type { Mutation } from './mutation.ts';
import { lookupKeys } from '../sync/pending.ts';

/** An outbox entry as mirror version 1 stored it. */
export interface OutboxEntryV1 {
  seq?: number;
  uuid: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  attempts: number;
  status: 'pending' | 'failed';
  error?: string | null;
  errors?: Record<string, string[]> | null;
  lastAttemptAt?: number | null;
  target: { table: CollectionName; id: number } | { single: string } | null;
  before?: unknown;
  createdAt: number;
}

function wrapped(body: unknown, key: string): Fields | null {
  const inner = isJsonObject(body) ? body[key] : undefined;
  return isJsonObject(inner) ? inner : null;
}

/** The mutation a version-1 entry made; null for a shape version 1 never wrote. */
export function mutationOfV1(entry: OutboxEntryV1): Mutation | null {
  const { target, method, body } = entry;
  if (target && 'table' in target && target.table in COLLECTIONS) {
    const op = method === 'POST' ? 'create' : method === 'PUT' ? 'update' : 'delete';
    return { kind: 'collection', op, table: target.table, id: target.id, fields: op === 'delete' ? null : wrapped(body, COLLECTIONS[target.table].record) };
  }
  if (target && 'single' in target && target.single in SINGLES) {
    const name = target.single as SingleName;
    const op = method === 'POST' ? 'replace' : method === 'PUT' ? 'upsert' : 'delete';
    return { kind: 'single', op, name, fields: op === 'delete' ? null : wrapped(body, SINGLES[name].record) };
  }
  for (const [table, decl] of Object.entries(MONTHS) as [MonthsName, (typeof MONTHS)[MonthsName]][]) {
    if (method !== 'PUT' || !entry.path.startsWith(`${decl.path}/`)) continue;
    const rowId = Number(entry.path.slice(decl.path.length + 1));
    const fields = wrapped(body, decl.bodyKey);
    if (Number.isSafeInteger(rowId) && fields) return { kind: 'month', table, rowId, fields };
  }
  return null;
}

/** A version-1 entry as version 2 stores it (the same seq, UUID and state), or null. */
export function fromV1(entry: OutboxEntryV1): OutboxEntry | null {
  const mutation = mutationOfV1(entry);
  if (!mutation || entry.seq === undefined) return null;
  const before = isJsonObject(entry.before) ? entry.before : null;
  return {
    seq: entry.seq,
    uuid: entry.uuid,
    mutation,
    before,
    ...lookupKeys(mutation, before),
    attempts: entry.attempts,
    status: entry.status,
    error: entry.error ?? null,
    errors: entry.errors ?? null,
    lastAttemptAt: entry.lastAttemptAt ?? null,
    createdAt: entry.createdAt,
  };
}
