/**
 * Reading a JSON request body safely. `JSON.parse` itself copes with any nesting, but everything
 * that walks the parsed value afterwards (the NUL scan below, validation, serialisers) recurses, so
 * a body such as `[[[[…]]]]` 200,000 deep would overflow the stack and answer 500. Bodies are
 * therefore measured before they are parsed, in one pass and without recursion: no JSON body the
 * API reads is nested more than a few levels, and anything deeper than MAX_JSON_DEPTH is refused.
 */
import { HttpError } from './errors.ts';

/** Deepest nesting of arrays and objects a request body may have (the API's own bodies use 2). */
export const MAX_JSON_DEPTH = 64;

/**
 * The deepest nesting of `[` and `{` in a JSON text, brackets inside strings not counted; stops
 * counting once past `limit`. Iterative, linear in the text. `{"a":[1,{"b":2}]}` → 3.
 */
export function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++; // backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return deepest;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a string anywhere in a parsed JSON value (key or value) cannot be stored, or null: a NUL
 * (PostgreSQL text cannot hold it), or half of a surrogate pair (`"\\ud800"`: not Unicode text,
 * and the database would silently store U+FFFD in its place). Iterative.
 */
export function badText(root: unknown): 'nul' | 'surrogate' | null {
  const stack: unknown[] = [root];
  const check = (text: string) => (text.includes('\u0000') ? 'nul' : LONE_SURROGATE.test(text) ? 'surrogate' : null);
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      const bad = check(value);
      if (bad) return bad;
    } else if (Array.isArray(value)) {
      for (const inner of value) stack.push(inner);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        const bad = check(key);
        if (bad) return bad;
        stack.push(inner);
      }
    }
  }
  return null;
}

/**
 * Parses a request body's text: empty is no body (a DELETE sent with a JSON content type),
 * malformed, too deep or NUL-bearing text is a 400.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new HttpError(400, `JSON in request body is nested too deeply (limit ${MAX_JSON_DEPTH} levels)`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Malformed JSON in request body');
  }
  // Only escapes can make such text (UTF-8 bytes decode to well-formed strings): look only then.
  const bad = /\\u(0000|[dD][89a-fA-F])/.test(text) ? badText(parsed) : null;
  if (bad === 'nul') throw new HttpError(400, 'Text may not contain NUL characters');
  if (bad === 'surrogate') throw new HttpError(400, 'Text must be valid Unicode (a lone surrogate escape was sent)');
  return parsed;
}
