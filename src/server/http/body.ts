/** Small readers for request bodies and path parameters that never throw anything but HttpError. */
import { isJsonObject } from '../../shared/json.ts';
import { HttpError, notFound } from './errors.ts';

/** The object under `key` in the JSON body ({debt: {...}}), or a 422 naming what is missing. */
export function bodyObject(body: unknown, key: string): Record<string, unknown> {
  const inner = isJsonObject(body) ? body[key] : undefined;
  if (!isJsonObject(inner)) {
    throw new HttpError(422, `The request body must contain a "${key}" object`, { [key]: [`${key} must be an object`] });
  }
  return inner;
}

const MAX_INT4 = 2_147_483_647;

/** A record id from the path. Anything that cannot be an id of ours is simply not found. */
export function recordId(raw: unknown, what: string): number {
  const text = typeof raw === 'string' ? raw : '';
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > MAX_INT4) throw notFound(what);
  return Number(text);
}
