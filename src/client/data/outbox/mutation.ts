/**
 * What an outbox entry means, stored as such (docs/sync.md#the-outbox): a typed mutation of one
 * collection record, one single record or one month row. The HTTP request is built from it in
 * exactly one place, `toRequest`, at send time; nothing else reads methods or paths back.
 */
import { isJsonObject } from '../../../shared/json.ts';
import type { Fields } from '../sync/conflicts.ts';
import type { FailureVerb } from './failure.ts';
import { COLLECTIONS, MONTHS, SINGLES, type CollectionName, type MonthsName, type SingleName } from '../../../shared/resources.ts';

export type CollectionOp = 'create' | 'update' | 'delete';
/** A single record's POST replaces it, its PUT merges into it (creating it when missing). */
export type SingleOp = 'replace' | 'upsert' | 'delete';

export type Mutation =
  /** `id` is negative (temporary) for a record created on this device and not yet on the server. */
  | { kind: 'collection'; op: CollectionOp; table: CollectionName; id: number; fields: Fields | null }
  | { kind: 'single'; op: SingleOp; name: SingleName; fields: Fields | null }
  /** A month row's actual values; the server recomputes the tables after it. */
  | { kind: 'month'; table: MonthsName; rowId: number; fields: Fields };

export interface MutationRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

const SINGLE_METHODS = { replace: 'POST', upsert: 'PUT', delete: 'DELETE' } as const;
const COLLECTION_METHODS = { create: 'POST', update: 'PUT', delete: 'DELETE' } as const;

/** The one request builder: the REST call docs/product.md#calls names for a mutation. */
export function toRequest(mutation: Mutation): MutationRequest {
  switch (mutation.kind) {
    case 'collection': {
      const decl = COLLECTIONS[mutation.table];
      const path = mutation.op === 'create' ? decl.path : `${decl.path}/${mutation.id}`;
      return mutation.op === 'delete' ? { method: 'DELETE', path } : { method: COLLECTION_METHODS[mutation.op], path, body: { [decl.record]: mutation.fields ?? {} } };
    }
    case 'single': {
      const decl = SINGLES[mutation.name];
      return mutation.op === 'delete' ? { method: 'DELETE', path: decl.path } : { method: SINGLE_METHODS[mutation.op], path: decl.path, body: { [decl.record]: mutation.fields ?? {} } };
    }
    case 'month': {
      const decl = MONTHS[mutation.table];
      return { method: 'PUT', path: `${decl.path}/${mutation.rowId}`, body: { [decl.bodyKey]: mutation.fields } };
    }
  }
}

/** The verb of the failure wording ('Failed to create debt…'). */
export function verbOf(mutation: Mutation): FailureVerb {
  if (mutation.kind === 'month') return 'update';
  if (mutation.kind === 'single') return mutation.op === 'delete' ? 'delete' : mutation.op === 'replace' ? 'create' : 'update';
  return mutation.op;
}

/** Where an id field or a mutation names a record: `id` itself, or a key ending in `_id`. */
const isIdKey = (key: string) => key === 'id' || key.endsWith('_id');

function remapIds(value: unknown, tempId: number, realId: number): unknown {
  if (Array.isArray(value)) {
    const mapped = value.map((item) => remapIds(item, tempId, realId));
    return mapped.some((item, i) => item !== value[i]) ? mapped : value;
  }
  if (!isJsonObject(value)) return value;
  let changed = false;
  const out: Fields = {};
  for (const [key, item] of Object.entries(value)) {
    const next = isIdKey(key) && item === tempId ? realId : remapIds(item, tempId, realId);
    if (next !== item) changed = true;
    out[key] = next;
  }
  return changed ? out : value;
}

/**
 * A mutation and its before-image with a created record's temporary id replaced by the server's:
 * the record it names, and id fields in its values. Null when it mentions neither. Temporary ids
 * are unique across all tables, so an id field equal to one can mean only that record.
 */
export function remapMutation(mutation: Mutation, before: Fields | null, table: CollectionName, tempId: number, realId: number): { mutation: Mutation; before: Fields | null } | null {
  const named = mutation.kind === 'collection' && mutation.table === table && mutation.id === tempId;
  const fields = remapIds(mutation.fields, tempId, realId) as Fields | null;
  const nextBefore = remapIds(before, tempId, realId) as Fields | null;
  if (!named && fields === mutation.fields && nextBefore === before) return null;
  const next = { ...mutation, ...(named ? { id: realId } : {}), fields } as Mutation;
  return { mutation: next, before: nextBefore };
}

function collectTempIds(value: unknown, into: Set<number>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectTempIds(item, into);
    return;
  }
  if (!isJsonObject(value)) return;
  for (const [key, item] of Object.entries(value)) {
    if (isIdKey(key) && typeof item === 'number' && item < 0) into.add(item);
    else collectTempIds(item, into);
  }
}

/**
 * Every temporary (negative) id a mutation mentions, as its target or in an id field of its values
 * or before-image: the ids `remapMutation` rewrites. An update of the debt made offline as -3 →
 * `[-3]`; an edit of a server record → `[]`.
 */
export function tempIdsOf(mutation: Mutation, before: Fields | null): number[] {
  const ids = new Set<number>();
  if (mutation.kind === 'collection' && mutation.id < 0) ids.add(mutation.id);
  collectTempIds(mutation.fields, ids);
  collectTempIds(before, ids);
  return [...ids];
}
