import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.ts';
import { badText, jsonDepth, MAX_JSON_DEPTH, parseJsonBody } from './json-body.ts';
import { bodyHash } from './write.ts';

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

function refusal(text: string): { status: number; message: string } | null {
  try {
    parseJsonBody(text);
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.statusCode, message: error.message };
  }
}

describe('jsonDepth', () => {
  it('counts arrays and objects, not brackets inside strings or after escaped quotes', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonDepth('["\\"[[[", "\\\\", [[]]]')).toBe(3);
    expect(jsonDepth('[[]][[[]]]')).toBe(3);
  });

  it('stops counting once past the limit', () => {
    expect(jsonDepth(nested(200_000), 64)).toBe(65);
  });
});

describe('parseJsonBody', () => {
  it('reads ordinary bodies and treats an empty one as no body', () => {
    expect(parseJsonBody('{"debt":{"name":"Visa","balance":12.5}}')).toEqual({ debt: { name: 'Visa', balance: 12.5 } });
    expect(parseJsonBody('  ')).toBeUndefined();
  });

  it(`accepts ${MAX_JSON_DEPTH} levels and refuses one more, with a 400`, () => {
    expect(parseJsonBody(nested(MAX_JSON_DEPTH))).toBeDefined();
    expect(refusal(nested(MAX_JSON_DEPTH + 1))).toEqual({ status: 400, message: 'JSON in request body is nested too deeply (limit 64 levels)' });
    expect(refusal(`${'{"y":'.repeat(MAX_JSON_DEPTH + 1)}1${'}'.repeat(MAX_JSON_DEPTH + 1)}`)?.status).toBe(400);
  });

  it('refuses 200,000 levels with a NUL inside at once, without walking them', () => {
    const body = `{"x":${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}}`;
    expect(refusal(body)?.status).toBe(400);
  });

  it('refuses malformed text and NUL anywhere, keys included', () => {
    expect(refusal('{"a":')).toEqual({ status: 400, message: 'Malformed JSON in request body' });
    expect(refusal('{"a":["x\\u0000"]}')).toEqual({ status: 400, message: 'Text may not contain NUL characters' });
    expect(refusal('{"a\\u0000":1}')?.message).toBe('Text may not contain NUL characters');
    expect(refusal('{"a":"C:\\\\u0000"}')).toBeNull();
  });

  it('refuses half a surrogate pair, in a value or a key, and reads whole pairs and other text', () => {
    const lone = { status: 400, message: 'Text must be valid Unicode (a lone surrogate escape was sent)' };
    expect(refusal('{"name":"a\\ud800b"}')).toEqual(lone);
    expect(refusal('{"name":"\\udc00"}')).toEqual(lone);
    expect(refusal('{"\\uD83D":1}')).toEqual(lone);
    expect(refusal('{"name":"x\\ud83d"}')).toEqual(lone);
    expect(parseJsonBody('{"name":"\\ud83d\\ude00 caf\\u00e9"}')).toEqual({ name: '\u{1F600} café' });
    expect(parseJsonBody('{"name":"\\\\ud800"}')).toEqual({ name: '\\ud800' });
  });
});

describe('badText', () => {
  it('walks wide values without recursion or spreading them into one call', () => {
    expect(badText(JSON.parse(`[${'0,'.repeat(400_000)}"\\u0000"]`))).toBe('nul');
    const wide = Array.from({ length: 100_000 }, (_, i) => ({ [`k${i}`]: 'x' }));
    expect(badText(wide)).toBeNull();
    wide.push({ last: 'a\u0000' });
    expect(badText(wide)).toBe('nul');
  });
});

describe('bodyHash', () => {
  // Keys stored by earlier versions: sha256 of the parsed body serialised again.
  const storedBefore = (text: string) => createHash('sha256').update(JSON.stringify(JSON.parse(text) ?? null)).digest('hex');

  it('equals the hash stored by earlier versions for every body the app sends (JSON.stringify)', () => {
    const bodies = [
      { debt: { name: 'Visa', balance: 1234.56, interest_rate: 0.1999, minimum_payment: 25 } },
      { monthly_expense: { name: 'Caf\u00e9 \u2028 \ud83d\ude00 "quoted" \\ back\n', amount: 1e21, other: -0 } },
      { other_expense: { description: 'lone \ud800 surrogate', amount: 0.1 + 0.2 } },
      { user: { email: 'a@b.c', birth_year: 1985, nothing: null, list: [1, 'two', [3]] } },
    ];
    for (const body of bodies) {
      const text = JSON.stringify(body);
      expect(bodyHash(text)).toBe(storedBefore(text));
    }
    // No body (a DELETE) hashed as `null` then and now.
    expect(bodyHash(undefined)).toBe(createHash('sha256').update('null').digest('hex'));
    expect(bodyHash('')).toBe(bodyHash(undefined));
  });

  it('hashes the bytes as sent: the same edit spelled differently is a different request', () => {
    expect(bodyHash('{"a":1}')).not.toBe(bodyHash('{ "a": 1 }'));
    expect(bodyHash('{"debt":{"name":"Visa"}}')).toBe(createHash('sha256').update('{"debt":{"name":"Visa"}}').digest('hex'));
  });
});
