/**
 * The fuzz layer: fast-check sends hostile requests to every route the server has, over
 * real HTTP — bodies of the wrong types, huge and non-finite numbers as JSON text (1e400, -0),
 * numbers as strings, deep nesting, long and odd strings (lone surrogates and NUL as JSON escapes),
 * unknown keys, missing or misplaced wrappers, wrong content types, empty bodies, bad path ids,
 * bad tokens and Idempotency-Keys — and checks two things of every answer:
 *
 *   1. it is never a 5xx;
 *   2. a refused request (any 4xx) changed nothing: what the users read back over GET, and every
 *      row the database holds for them, are as they were before it.
 *
 * Bodies are written as JSON text, not with JSON.stringify, which cannot write 1e400, -0 or a lone
 * surrogate escape. Most bodies are a valid record with a few fields broken, dropped or added, so
 * that the request gets past the wrapper check and into the rules, the database and the engine.
 *
 * The run is seeded and bounded: FUZZ_SEED replays a run (a failure prints its seed and path),
 * FUZZ_SCALE multiplies every route's number of runs (FUZZ_SCALE=20 for a long hunt).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthKey } from '../../src/engine/months.ts';
import { monthRowId } from '../../src/shared/months/ids.ts';
import {
  BASELINES,
  client,
  COLLECTIONS,
  loopbackAddress,
  newSession,
  sendFrom,
  SINGLES,
  startServer,
  subscribeAs,
  VALID,
  type Api,
  type TestServer,
  type TestUser,
} from './harness.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const ADMIN = 'fuzz-admin-secret';
/** A fixed clock, so that a seed replays the same answers on any day: plans start in 2026-11. */
const NOW = new Date('2026-11-21T12:00:00Z');
const THIS_MONTH = monthKey(2026, 11);
const NEXT_YEAR = monthKey(2027, 11);
const BEFORE_PLAN = monthKey(2026, 1);
/** Every user this file makes has an id at least this one (set when the owner signs up). */
let firstUserId = 0;

/* ------------------------------------------------------------------------------------------ */
/* Hostile JSON, as text.                                                                     */
/* ------------------------------------------------------------------------------------------ */

const text = (value: unknown): string => JSON.stringify(value);
const objectText = (entries: readonly (readonly [string, string])[]): string => `{${entries.map(([key, value]) => `${key}:${value}`).join(',')}}`;

/** Numbers JSON.stringify cannot write (1e400 parses to Infinity, -0 stays -0), and the edges of floats. */
const oddNumber: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('1e400', '-1e400', '-0', '-0.0', '1e308', '-1e308', '5e-324', '1E2', '0.1e1', '100000000000000000000000000000', '123456789012345678901234567890.123456789', '0.000000000000000000001', '1.0000000000000002'),
  fc.constantFrom(0, 1, -1, 0.5, 0.005, 1.005, 0.1 + 0.2, 2 ** 31, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 99_999_999_999.99, 100_000_000_000, 1e21, 1e-7, -99_999_999_999.99).map(text),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(text),
  fc.integer().map(text),
);

/** Numbers as strings: some a person would type, some no parser should accept. */
const numericString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('42', ' 12.50 ', '1,234.56', '12,34', '1e308', '1e400', '-0', 'NaN', 'Infinity', '-Infinity', '0x10', '$5', '5$', '.5', '5.', '+5', '--5', '1_000', '٣', '１２', '99999999999.99', '100000000000', '0.001', '1e-7', '').map(text),
  fc.double({ noNaN: true }).map((n) => text(String(n))),
  fc.bigInt().map((n) => text(String(n))),
);

/** Strings with lone surrogates and NUL, written as JSON escapes (how a client would send them). */
const escapedString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('"\\ud800"', '"a\\udfffb"', '"\\udc00\\ud800"', '"\\ud83d"', '"\\\\u0000"', '"\\u001f\\u007f"', '"\\u2028\\u2029"') },
  { weight: 4, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => `"x\\u${unit.toString(16)}"`) },
  // NUL is refused before any route reads the body, so it is kept rare: it would hide the rest.
  { weight: 1, arbitrary: fc.constantFrom('"\\u0000"', '"x\\u0000y"', '"\\u0000\\ud800"') },
);

/** Values that pass some rule of some field at its edge: the engine then has to live with them. */
const edgeValue: fc.Arbitrary<string> = fc
  .constantFrom<unknown>(
    99_999_999_999.99, '99,999,999,999.99', 0.01, 0, 100, 50, 0.0001, 480, 1, 31, 1901, 2026,
    '0001-01-01', '9999-12-31', '2026-11-21', '2026-11-22', '2026-11-21T23:59:59+14:00', '1900-01-01', '2026-11', '0001-01', '9999-12', '1900-01', '2126-12', '2126-1',
    'Mortgage', 'Rent', 'Own', 'none', 'snowball', 'avalanche', 'weekly', 'biweekly', 'semimonthly', 'monthly', 'roth_ira', 'traditional_401k',
  )
  .map(text);

const oddString: fc.Arbitrary<string> = fc.oneof(
  // fast-check favours small code points, so NUL would be frequent: it has its own rare branch.
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map((s) => text(s.replace(/\0/g, '0'))) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }).map(text) },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(
        '', ' ', '\t\n', 'null', 'undefined', 'true', '<script>alert(1)</script>', "'; DROP TABLE users; --", '%00', '../../etc/passwd', 'Ω≈ç√∫',
        '😀'.repeat(255), '😀'.repeat(256), 'e\u0301'.repeat(200), '\u202Eevil', '\u200B', '\uFEFFname', 'a'.repeat(255), 'a'.repeat(256), ' a '.repeat(90),
        '2026-02-29', '2026-02-30', '0000-01-01', '2026-13-01', '+002026-01-01', '2026-11-21T25:99', '2026-1', '2026-00', '10000-01', '1899-12',
        'MORTGAGE', ' monthly ', 'a@b.co', 'A@B.CO ', 'x@y', '@.', 'secret', 'secret123',
      )
      .map(text),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 200_000 }).map((n) => text('x'.repeat(n))) },
  { weight: 2, arbitrary: escapedString },
);

/** Arrays or objects nested deeply (past any recursion limit a JSON walker might have). */
const deepValue: fc.Arbitrary<string> = fc
  .tuple(fc.oneof(fc.integer({ min: 2, max: 70 }), fc.integer({ min: 70, max: 20_000 }), fc.constant(200_000)), fc.constantFrom('array', 'object', 'nul'))
  .map(([depth, kind]) => {
    if (kind === 'array') return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    if (kind === 'object') return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    return `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`;
  });

/** Keys a record does not declare, and keys JSON.stringify would never write. */
const oddKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'user_id', 'userId', 'created_at', 'updated_at', 'toString', 'hasOwnProperty', '', ' name', 'NAME', 'subscribed', 'admin').map(text) },
  { weight: 2, arbitrary: fc.constantFrom('"\\ud800"', '"\\u006eame"', '"\\udfff\\ud800"') },
  { weight: 3, arbitrary: fc.string({ maxLength: 12 }).map(text) },
);

const leaf: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: oddNumber },
  { weight: 6, arbitrary: numericString },
  { weight: 8, arbitrary: oddString },
  { weight: 6, arbitrary: edgeValue },
  { weight: 2, arbitrary: fc.constantFrom('true', 'false', 'null') },
  { weight: 1, arbitrary: deepValue },
);

const { value: anyValue } = fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
  object: fc.array(fc.tuple(oddKey, tie('value')), { maxLength: 4 }).map(objectText),
}));

const MONEY = [0, 0.01, 0.1, 99_999_999_999.99, '99,999,999,999.99', '0.10', -99_999_999_999.99, 100_000_000_000];
const PERCENT = [0, 0.0001, 49.9999, 50, 100, '24.99'];
const DATES = ['0001-01-01', '9999-12-31', '2026-11-21', '2026-11-22', '1900-02-28', '2024-02-29', '2026-11-21T23:59:59+14:00', '1970-01-01'];
const TEXTS = ['a'.repeat(255), '😀'.repeat(255), ` ${'b'.repeat(255)} `, 'e\u0301'.repeat(255), '\ud800'];

/**
 * The values at the edges of each field's rule (and a step past some): a record made of them is
 * often accepted, and the engine then has to project a $99,999,999,999.99 debt at 100 % APR or a
 * retirement in 9999.
 */
const FIELD_EDGES: Record<string, readonly unknown[]> = {
  name: TEXTS,
  creditor: TEXTS,
  description: TEXTS,
  ...Object.fromEntries(
    [
      'gross_pay', 'net_pay', 'amount', 'original_amount', 'remaining_amount', 'monthly_payment', 'contribution_amount', 'employer_contribution_amount', 'starting_balance',
      'total_monthly_payment', 'original_purchase_price', 'down_payment', 'current_balance', 'escrow_payment', 'social_security_income', 'monthly_expenses', 'extra_payment',
      'input_end_balance', 'input_remaining_balance', 'balance',
    ].map((field) => [field, MONEY]),
  ),
  ...Object.fromEntries(['apr', 'interest_rate', 'expected_return_rate', 'employer_match'].map((field) => [field, PERCENT])),
  ...Object.fromEntries(['next_pay_date', 'next_deposit_date', 'retirement_date', 'social_security_start_date', 'open_date'].map((field) => [field, DATES])),
  original_term: [1, 480, 481],
  term: [1, 50, 51],
  due_day: [1, 28, 29, 31, 32],
  years_of_retirement: [1, 100, 101],
  birth_year: [1900, 1901, 2026, 2027],
  month: ['1900-01', '2126-12', '2127-01', '2026-11', '2026-1', '0001-01', '9999-12'],
  pay_cycle: ['weekly', 'biweekly', 'semimonthly', 'monthly', 'yearly'],
  contribution_cycle: ['weekly', 'biweekly', 'semimonthly', 'monthly'],
  plan_type: ['none', 'snowball', 'avalanche', 'custom'],
  housing_type: ['Rent', 'Own', 'Mortgage', 'rent'],
  account_type: ['roth_ira', 'traditional_401k', 'hsa'],
  remember_me: [true, false, 'on', 1, 2],
};

function fieldEdge(key: string): fc.Arbitrary<string> {
  const edges = FIELD_EDGES[key];
  return edges ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...edges).map(text) }, { weight: 1, arbitrary: edgeValue }) : edgeValue;
}

/**
 * A valid record with some fields at their edges, and then (mostly) some fields replaced by hostile
 * values, some dropped and some unknown ones added.
 */
function nearValid(valid: Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(valid);
  const edges = fc.tuple(...keys.map((key) => fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fieldEdge(key) })));
  const none = { broken: {} as Record<string, string>, dropped: [] as string[], added: [] as [string, string][] };
  const damage = fc.oneof(
    { weight: 1, arbitrary: fc.constant(none) },
    { weight: 1, arbitrary: fc.array(fc.tuple(oddKey, anyValue), { minLength: 1, maxLength: 3 }).map((added) => ({ ...none, added })) },
    {
      weight: 4,
      arbitrary: fc.record({
        broken: fc.dictionary(fc.constantFrom(...keys), anyValue, { minKeys: 1, maxKeys: 2 }),
        dropped: fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
        added: fc.array(fc.tuple(oddKey, anyValue), { maxLength: 2 }),
      }),
    },
  );
  return fc.tuple(edges, damage).map(([edged, { broken, dropped, added }]) => {
    const entries = keys.flatMap((key, i) => (dropped.includes(key) ? [] : [[text(key), broken[key] ?? edged[i] ?? text(valid[key])] as const]));
    return objectText([...entries, ...added]);
  });
}

/** Text that is not one JSON value. */
const notJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', '\n', '{', '{"a":', "{'a':1}", '\uFEFF{}', 'NaN', 'undefined', '{"a":1}}', '[1,]', '{"a":1,}', '"\\x41"', '"\\u12"', '01', '- 1', '{"a" 1}', '"\u0000"', 'tru', '\u0000'),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

/** Well-formed values that break most fields' rules (a wrong type, a negative, an empty string). */
const ruleBreaker: fc.Arbitrary<string> = fc.constantFrom<unknown>(-1, 'not a value', '', [], {}, 1e12, '2026-02-30').map(text);

/**
 * Request bodies for a route whose body is `{key: record}` (or, with key null, the record itself):
 * mostly near-valid records, then every way the wrapper can be wrong, then anything at all. Some
 * are the valid record as is, or with one field broken by a well-formed value, so that each run
 * has writes the rules accept and writes they refuse, not only bodies the parser stops.
 */
function bodies(key: string | null, valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<string | undefined> {
  const record = valid.chain(nearValid);
  const wrap = (inner: string) => (key === null ? inner : objectText([[text(key), inner]]));
  const oneBroken = valid.chain((fields) =>
    fc.tuple(fc.constantFrom(...Object.keys(fields)), ruleBreaker).map(([broken, value]) => objectText(Object.entries(fields).map(([k, v]) => [text(k), k === broken ? value : text(v)] as const))),
  );
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((fields) => wrap(text(fields))) },
    { weight: 4, arbitrary: oneBroken.map(wrap) },
    { weight: 16, arbitrary: record.map(wrap) },
    { weight: 1, arbitrary: fc.tuple(record, fc.array(fc.tuple(oddKey, anyValue), { minLength: 1, maxLength: 2 })).map(([inner, extra]) => (key === null ? inner : objectText([[text(key), inner], ...extra]))) },
    { weight: 1, arbitrary: anyValue.map(wrap) },
    { weight: 1, arbitrary: record.map((inner) => (key === null ? `[${inner}]` : inner)) },
    { weight: 1, arbitrary: record.map((inner) => `[${wrap(inner)}]`) },
    { weight: 1, arbitrary: record.map((inner) => (key === null ? inner : `{${text(key)}:[${inner}]}`)) },
    { weight: 1, arbitrary: record.map((inner) => (key === null ? `{"a":${inner},"a":null}` : `{${text(key)}:${inner},${text(key)}:${inner === '{}' ? '{"x":1}' : inner.replace(/^\{/, '{"x":1,')}}`)) },
    { weight: 1, arbitrary: anyValue },
    { weight: 1, arbitrary: fc.constantFrom('{"\\u0000":1}', '["\\u0000"]', key === null ? '{"a\\u0000":{}}' : `{${text(key)}:{"na\\u0000me":"x"}}`) },
    { weight: 1, arbitrary: notJson },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

const anyBody: fc.Arbitrary<string | undefined> = fc.oneof(anyValue, notJson, fc.constant(undefined), fc.constant('{}'));

/* ------------------------------------------------------------------------------------------ */
/* Requests: who sends them, to which path, with which headers.                               */
/* ------------------------------------------------------------------------------------------ */

/** A path id: the owner's own record, another user's, or text no id could be. */
type IdChoice = { own: string } | { foreign: string } | { text: string };

const badId: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom('%00', 'cs_test_%00', '%00%00', '1%00') },
  fc.constantFrom(
    '0', '-1', '1.5', '1e3', '01', '+1', '2147483647', '2147483648', '4294967296', '99999999999999999', '999999999999999999999', 'abc', '%00', '%F0%9F%92%A9',
    '%ED%A0%80', '%ZZ', '%', '..', '%2e%2e', '%201', '1%20', 'null', 'undefined', 'NaN', 'Infinity', '0x1F', '1;DROP%20TABLE%20users', '9'.repeat(500), '%2F', '1%2F2',
    '__proto__', 'constructor', '%EF%BC%91', '%D9%A3', '1?x=1', 'a'.repeat(300),
  ),
  fc.nat().map(String),
  fc.string({ unit: 'binary', maxLength: 12 }).map(encodeURIComponent),
);

function idChoice(own: string, foreign = own): fc.Arbitrary<IdChoice> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({ own }) },
    { weight: 2, arbitrary: fc.constant({ foreign }) },
    { weight: 4, arbitrary: badId.map((value) => ({ text: value })) },
  );
}

type Actor = 'owner' | 'other' | 'spare' | 'none' | 'tampered' | { authorization: string };

const junkAuthorization = fc.oneof(
  fc.constantFrom(
    'Bearer', 'Bearer ', 'Bearer null', 'Bearer undefined', 'bearer a.b.c', 'Basic dXNlcjpwYXNz', 'Token abc', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
    'Bearer eyJhbGciOiJIUzI1NiJ9.e30.', `Bearer ${'a'.repeat(5_000)}`, `Bearer ${'a.'.repeat(3)}`, 'Bearer \u00e9\u00e8', 'Bearer  x  ',
  ),
  fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((s) => `Bearer ${s}`),
);

const actors = (owner: number, other = 1): fc.Arbitrary<Actor> =>
  fc.oneof(
    { weight: owner, arbitrary: fc.constant<Actor>('owner') },
    { weight: other, arbitrary: fc.constant<Actor>('other') },
    { weight: 1, arbitrary: fc.constantFrom<Actor>('none', 'tampered') },
    { weight: 1, arbitrary: junkAuthorization.map((authorization): Actor => ({ authorization })) },
  );

/** Content types: mostly JSON (so the body is read), then everything else; null sends none. */
const contentType: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 24, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8', 'application/json; charset=latin1', 'APPLICATION/JSON', 'application/json;charset="utf-16"', 'application/vnd.api+json',
      'application/json-patch+json', 'text/json', 'text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x',
      'multipart/form-data', 'application/octet-stream', 'application/xml', '*/*', '', 'json', 'application/json, text/plain', 'application/json; boundary=x; charset=utf-8',
    ),
  },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** Mostly none; some keys from a pool, so that one is now and then replayed on another route or body (a 422). */
const idempotencyKey: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 14, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.nat({ max: 200 }).map((n) => `fuzz-key-${n}`) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', 'a b', 'k'.repeat(256), '\u00e9t\u00e9', 'k\t1') },
);

const oddHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { 'content-encoding': 'gzip' },
      { 'content-encoding': 'br' },
      { 'content-encoding': 'identity' },
      { accept: 'text/html' },
      { 'x-http-method-override': 'DELETE' },
      { 'stripe-signature': 't=1,v1=abc' },
      { 'transfer-encoding': 'chunked' },
      { 'x-forwarded-for': '10.0.0.1' },
    ),
  },
);

const query: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom('?a=1&a=2', '?__proto__[x]=1', '?token=abc', '?reset_password_token=x', `?${'a'.repeat(4_000)}`, '?%00', '?%ZZ', '?id=2') },
);

interface FuzzRequest {
  method: string;
  /** A path; ':id' is replaced by `id` when the request is sent. */
  path: string;
  id?: IdChoice;
  query: string;
  actor: Actor;
  body: string | undefined;
  contentType: string | null;
  idempotencyKey: string | undefined;
  headers: Record<string, string>;
}

interface RequestParts {
  method: string | fc.Arbitrary<string>;
  path: string | fc.Arbitrary<string>;
  id?: fc.Arbitrary<IdChoice>;
  actor: fc.Arbitrary<Actor>;
  body: fc.Arbitrary<string | undefined> | null;
  headers?: fc.Arbitrary<Record<string, string>>;
}

function requests(parts: RequestParts): fc.Arbitrary<FuzzRequest> {
  const lift = <T>(value: T | fc.Arbitrary<T>): fc.Arbitrary<T> => (value instanceof fc.Arbitrary ? value : fc.constant(value));
  const noisy = fc.record({
    method: lift(parts.method),
    path: lift(parts.path),
    id: parts.id ?? fc.constant(undefined),
    query,
    actor: parts.actor,
    body: parts.body ?? fc.constant(undefined),
    contentType: parts.body ? contentType : fc.constant(null),
    idempotencyKey,
    headers: parts.headers ?? oddHeaders,
  }) as fc.Arbitrary<FuzzRequest>;
  // Some go as a client sends them (JSON, no query, no odd headers or keys), so that the path, the
  // actor and the body alone decide the answer: noise on every request would stop most at the parser.
  const plain = noisy.map((request): FuzzRequest => ({
    ...request,
    query: '',
    idempotencyKey: undefined,
    contentType: request.body === undefined ? null : 'application/json',
    headers: parts.headers ? request.headers : {},
  }));
  return fc.oneof({ weight: 2, arbitrary: noisy }, { weight: 1, arbitrary: plain });
}

/* ------------------------------------------------------------------------------------------ */
/* The server, its users, and what "changed nothing" compares.                                */
/* ------------------------------------------------------------------------------------------ */

let server: TestServer;
/** Subscribed; holds one record of every kind; sends most requests. */
let owner: TestUser;
/** Not subscribed; holds one record of every collection, whose ids the owner must never reach. */
let other: TestUser;
/** A second session of `other`, for sign-out. */
let spare: string;
const ids: { own: Record<string, number>; foreign: Record<string, number> } = { own: {}, foreign: {} };
let prices: Record<string, string> = {};
let snapshotQuery = '';
const emailPrefix = `fuzz-${randomUUID().slice(0, 8)}`;
/**
 * This file's own address in 127.0.0.0/8, so that rate-limit counters earlier test files left in a
 * shared PostgreSQL do not answer for the routes. The admin routes answer 127.0.0.1 alone (and are
 * not rate-limited).
 */
const clientAddress = loopbackAddress();
const addressFor = (path: string) => (path.startsWith('/admin/') ? '127.0.0.1' : clientAddress);

interface Answer {
  status: number;
  text: string;
  contentType: string;
}

function authorization(actor: Actor): string | undefined {
  if (actor === 'none') return undefined;
  if (actor === 'owner') return `Bearer ${owner.token}`;
  if (actor === 'other') return `Bearer ${other.token}`;
  if (actor === 'spare') return `Bearer ${spare}`;
  if (actor === 'tampered') return `Bearer ${owner.token.slice(0, -2)}${owner.token.endsWith('AA') ? 'BB' : 'AA'}`;
  return actor.authorization;
}

function resolvePath(request: FuzzRequest): string {
  const { id } = request;
  let value = '';
  if (id && 'own' in id) value = String(ids.own[id.own]);
  else if (id && 'foreign' in id) value = String(ids.foreign[id.foreign]);
  else if (id) value = id.text;
  return request.path.replace(':id', value) + request.query;
}

/** The calls the file makes for itself (setup, read-backs), from the address the path wants. */
const api: Api = (method, path, options) => client(server.url, addressFor(path))(method, path, options);

async function send(request: FuzzRequest): Promise<Answer> {
  const headers: Record<string, string> = { ...request.headers };
  const auth = authorization(request.actor);
  if (auth !== undefined) headers.authorization = auth;
  if (request.idempotencyKey !== undefined) headers['idempotency-key'] = request.idempotencyKey;
  const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
  if (body !== undefined) {
    if (request.contentType !== null) headers['content-type'] = request.contentType;
    // Sent chunked when the request says so, with a length otherwise.
    if (headers['transfer-encoding'] === undefined) headers['content-length'] = String(body.length);
  }
  try {
    // node:http (harness sendFrom) rather than fetch, which adds a content type to a string body and refuses some methods.
    const path = resolvePath(request);
    const response = await sendFrom(addressFor(path), server.url + path, request.method, headers, body);
    return { status: response.status, text: await response.text(), contentType: response.headers.get('content-type') ?? '' };
  } catch (error) {
    throw new Error(`The server dropped the connection (${(error as Error).message}):\n${describeRequest(request)}`, { cause: error });
  }
}

function describeRequest(request: FuzzRequest, answer?: Answer): string {
  const cut = (s: string) => (s.length > 600 ? `${s.slice(0, 600)}… (${s.length} characters)` : s);
  const actor = typeof request.actor === 'string' ? request.actor : `authorization: ${cut(request.actor.authorization)}`;
  return [
    `${request.method} ${resolvePath(request)} as ${actor}`,
    `content-type: ${request.contentType ?? '(none)'}; idempotency-key: ${request.idempotencyKey ?? '(none)'}; headers: ${JSON.stringify(request.headers)}`,
    `body: ${request.body === undefined ? '(none)' : cut(request.body)}`,
    answer ? `answered ${answer.status}: ${cut(answer.text)}` : '',
  ].join('\n');
}

/**
 * One query for every table: the rows of this file's users (ids and user ids from the owner's on;
 * its users are the only ones made while the file runs) and every row of the tables that belong to
 * nobody. Rate-limit counters are left out: counting refused attempts is what they are for.
 */
async function buildSnapshotQuery(): Promise<string> {
  const result = (await server.server.database.db.execute(
    sql`SELECT table_name AS name, bool_or(column_name = 'user_id') AS scoped FROM information_schema.columns WHERE table_schema = current_schema() GROUP BY table_name ORDER BY table_name`,
  )) as unknown as { rows: { name: string; scoped: boolean }[] };
  return result.rows
    .filter(({ name }) => name !== 'rate_limits')
    .map(({ name, scoped }) => {
      const where = name === 'users' ? `WHERE t.id >= ${firstUserId}` : scoped ? `WHERE t.user_id >= ${firstUserId}` : '';
      // Change-feed payloads are whole month tables, megabytes after a while: counted, not read.
      const row = name === 'cable_payloads' ? `count(*)::text || ' rows'` : 't::text';
      return `SELECT '${name}' AS name, ${row} AS row FROM "${name}" t ${where}`;
    })
    .join(' UNION ALL ');
}

async function databaseRows(): Promise<Record<string, string[]>> {
  const result = (await server.server.database.db.execute(sql.raw(snapshotQuery))) as unknown as { rows: { name: string; row: string }[] };
  const tables: Record<string, string[]> = {};
  for (const { name, row } of result.rows) (tables[name] ??= []).push(row);
  for (const rows of Object.values(tables)) rows.sort();
  return tables;
}

/** What the users read back, and every row of theirs (table name → rows as text, sorted). */
interface Snapshot {
  http: Record<string, unknown>;
  database: Record<string, string[]>;
}

async function snapshot(reads: readonly string[]): Promise<Snapshot> {
  const http: Record<string, unknown> = {};
  for (const [who, token] of [['owner', owner.token], ['other', other.token]] as const) {
    for (const path of reads) {
      const response = await api('GET', path, { token });
      if (response.status >= 500) throw new Error(`GET ${path} as ${who} answered ${response.status}: ${JSON.stringify(response.body)}`);
      http[`${who} GET ${path}`] = { status: response.status, body: response.body };
    }
  }
  return { http, database: await databaseRows() };
}

async function admin(path: string, body: unknown): Promise<void> {
  const response = await api('PUT', path, { headers: { 'x-admin-secret': ADMIN }, body });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
}

/** Gives each user one record of every collection again (and the owner every single record). */
async function ensureRecords(): Promise<void> {
  for (const [user, into] of [[owner, ids.own], [other, ids.foreign]] as const) {
    for (const c of [...COLLECTIONS, BASELINES]) {
      const list = await api('GET', c.path, { token: user.token });
      let first = list.body[c.listKey]?.[0];
      if (!first) {
        const created = await api('POST', c.path, { token: user.token, body: { [c.record]: VALID[c.record] } });
        if (created.status !== 201) throw new Error(`creating ${c.record} answered ${created.status}: ${JSON.stringify(created.body)}`);
        first = created.body[c.record];
      }
      into[c.record] = first.id;
    }
  }
  for (const s of SINGLES) {
    if ((await api('GET', s.path, { token: owner.token })).body[s.getKey] !== null) continue;
    const created = await api('POST', s.path, { token: owner.token, body: { [s.record]: s.record === 'housing' ? VALID.mortgage : VALID[s.record] } });
    if (created.status !== 201) throw new Error(`creating ${s.record} answered ${created.status}: ${JSON.stringify(created.body)}`);
  }
  // Month row ids: this month's (editable), next year's (not yet), and one before the plan began.
  const month = (entity: number, key = THIS_MONTH) => monthRowId(entity, key);
  const debt = ids.own.debt ?? 0;
  const account = ids.own.retirement_account ?? 0;
  Object.assign(ids.own, {
    income_month: month(0),
    debt_month: month(debt),
    retirement_month: month(account),
    contribution_month: month(account),
    future_debt_month: month(debt, NEXT_YEAR),
    early_account_month: month(account, BEFORE_PLAN),
  });
  Object.assign(ids.foreign, {
    income_month: month(0, NEXT_YEAR),
    debt_month: month(ids.foreign.debt ?? 0),
    retirement_month: month(ids.foreign.retirement_account ?? 0),
    contribution_month: month(ids.foreign.retirement_account ?? 0),
  });
  // An actual value on each of the owner's editable month rows, so that a DELETE has one to remove.
  for (const [kind, key, fields] of MONTH_INPUTS) {
    const put = await api('PUT', `/api/v1/${kind}_months/${ids.own[key]}`, { token: owner.token, body: { [key]: fields } });
    if (put.status !== 200) throw new Error(`setting a ${key} answered ${put.status}: ${JSON.stringify(put.body)}`);
  }
}

const MONTH_TABLES = ['/api/v1/income_months', '/api/v1/debt_months', '/api/v1/retirement_months', '/api/v1/contribution_months'];

/**
 * Each month table's kind, the key its body and ids go under, and a valid actual value (a debt's
 * is 0: any higher one can be refused as more than the debt's monthly payment, which the run edits).
 */
const MONTH_INPUTS = [
  ['income', 'income_month', { input_end_balance: 1000 }],
  ['debt', 'debt_month', { input_remaining_balance: 0 }],
  ['retirement', 'retirement_month', { balance: 10000 }],
  ['contribution', 'contribution_month', { input_end_balance: 10000 }],
] as const;

/**
 * After a write that was let through: the month tables are computed from what it stored (edge
 * values and all) and must not fail either; then put back what later requests rely on.
 */
async function settle(request: FuzzRequest): Promise<void> {
  for (const path of MONTH_TABLES) {
    const response = await api('GET', path, { token: owner.token });
    if (response.status !== 200) throw new Error(`After an accepted write, GET ${path} answered ${response.status}: ${JSON.stringify(response.body).slice(0, 300)}\n${describeRequest(request)}`);
  }
  if (request.method === 'DELETE') await ensureRecords();
  if (request.path.startsWith('/admin/')) {
    await admin('/admin/feature_flags/allow_signup', { enabled: true });
    await subscribeAs(api, ADMIN, owner.email);
  }
  if ((await api('GET', '/api/v1/profile', { token: spare })).status === 401) spare = await newSession(api, other);
}

const API_PATHS = /^\/(api|users|admin)(\/|$)/;

/**
 * How far a request got: '2xx' (accepted), '422 rule' (refused by a field's rule, past the auth
 * and wrapper checks, whose own 422 names the missing wrapper), or else its status.
 */
type Outcome = '2xx' | '422 rule' | `${number}`;

function outcomeOf(answer: Answer): Outcome {
  if (answer.status >= 200 && answer.status < 300) return '2xx';
  if (answer.status === 422) {
    const { message, errors } = JSON.parse(answer.text) as { message: string; errors?: unknown };
    if (errors !== undefined && !message.startsWith('The request body must contain')) return '422 rule';
  }
  return `${answer.status}`;
}

/**
 * Runs `runs` requests of a route through both checks, and answers how many of each outcome
 * there were. The baseline is taken once, and again after each write the server accepted.
 */
async function fuzz(name: string, runs: number, reads: readonly string[], arbitrary: fc.Arbitrary<FuzzRequest>, index: number): Promise<Partial<Record<Outcome, number>>> {
  let baseline = await snapshot(reads);
  const outcomes: Partial<Record<Outcome, number>> = {};
  const property = fc.assert(
    fc.asyncProperty(arbitrary, async (request) => {
      const answer = await send(request);
      const where = describeRequest(request, answer);
      const outcome = outcomeOf(answer);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      if (answer.status >= 500) throw new Error(`A 5xx answer (${name}):\n${where}`);
      if (answer.status >= 400) {
        if (API_PATHS.test(request.path) && request.method !== 'HEAD' && answer.status !== 431) {
          expect(answer.contentType, where).toMatch(/^application\/json/);
          expect(JSON.parse(answer.text), where).toEqual(expect.objectContaining({ error: expect.any(String), message: expect.any(String) }));
        }
        expect(await snapshot(reads), `a refused request changed something:\n${where}`).toEqual(baseline);
      } else if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) {
        await settle(request);
        baseline = await snapshot(reads);
      }
    }),
    { seed: SEED + index, numRuns: Math.max(1, Math.round(runs * SCALE)) },
  );
  await property.catch((error: unknown) => {
    throw new Error(`${name}: failed with FUZZ_SEED=${SEED} (fast-check seed ${SEED + index} for this route)\n${(error as Error).message}`, { cause: error });
  });
  return outcomes;
}

/* ------------------------------------------------------------------------------------------ */
/* The routes.                                                                                */
/* ------------------------------------------------------------------------------------------ */

interface RouteFuzz {
  name: string;
  runs: number;
  /** GET paths whose answers a refused request must leave alone (the database is always compared). */
  reads: readonly string[];
  requests: () => fc.Arbitrary<FuzzRequest>;
  /**
   * Outcomes the run must include, so that a route whose every request is stopped at the wrapper
   * or the auth check (and so proves nothing of the rules, the database or the engine) fails.
   */
  reaches?: readonly Outcome[];
}

/** A write with a record body: some requests are accepted, and some refused by a field's rule. */
const ACCEPTED_AND_RULED: readonly Outcome[] = ['2xx', '422 rule'];
const ACCEPTED: readonly Outcome[] = ['2xx'];

const validOf = (record: keyof typeof VALID) => fc.constant({ ...VALID[record] } as Record<string, unknown>);

/**
 * Baseline bodies: the record's own (valid, nearly valid, broken), and ones whose snapshot is valid
 * but for one value of one month, written as hostile JSON text (1e400, -0, '12', null, nesting…)
 * or the month's keys in another order: inside the JSON object the server stores.
 */
function baselineBodies(valid: fc.Arbitrary<Record<string, unknown>>, plain = 0): fc.Arbitrary<string | undefined> {
  const months = VALID.baseline.snapshot.months;
  const hostileSnapshot = fc
    .tuple(fc.nat(months.length - 1), fc.constantFrom(...Object.keys(months[0])), fc.oneof(oddNumber, anyValue), fc.boolean())
    .map(([at, field, value, reversed]) => {
      const month = (m: Record<string, unknown>, i: number) => {
        const entries = Object.entries(m).map(([k, v]) => [text(k), i === at && k === field ? value : text(v)] as const);
        return objectText(reversed ? entries.reverse() : entries);
      };
      const snapshot = objectText([[text('months'), `[${months.map(month).join(',')}]`]]);
      return objectText([[text('baseline'), objectText([[text('name'), text('Plan')], [text('snapshot'), snapshot]])]]);
    });
  return fc.oneof(
    { weight: 3, arbitrary: bodies('baseline', valid) },
    { weight: 1, arbitrary: hostileSnapshot },
    // Valid as they stand, `plain` times in four: a route whose own id is rarely reached still lands some.
    { weight: plain, arbitrary: valid.map((fields) => text({ baseline: fields })) },
  );
}

/** POST and PUT of a single record, with valid, nearly valid and broken bodies. */
function singleWrites(s: (typeof SINGLES)[number]): RouteFuzz {
  return {
    name: `POST and PUT ${s.path}`,
    runs: 45,
    reads: [s.path],
    requests: () =>
      requests({
        method: fc.constantFrom('POST', 'PUT'),
        path: s.path,
        actor: actors(12),
        body: bodies(s.record, s.record === 'housing' ? fc.oneof(validOf('housing'), validOf('mortgage')) : validOf(s.record)),
      }),
    reaches: ACCEPTED_AND_RULED,
  };
}

const ROUTES: RouteFuzz[] = [
  {
    name: 'POST /users (sign up)',
    runs: 18,
    reads: ['/api/v1/profile'],
    requests: () =>
      requests({
        method: 'POST',
        path: '/users',
        actor: actors(1, 1),
        body: bodies(
          'user',
          fc.nat({ max: 1_000_000 }).map((n) => ({ email: `${emailPrefix}-${n}@example.com`, password: 'secret123', password_confirmation: 'secret123', birth_year: 1985, remember_me: true })),
        ),
      }),
    reaches: ACCEPTED_AND_RULED,
  },
  {
    name: 'POST /users/sign_in',
    runs: 18,
    reads: ['/api/v1/profile'],
    requests: () => requests({ method: 'POST', path: '/users/sign_in', actor: actors(1, 1), body: bodies('user', fc.constant({ email: owner.email, password: owner.password, remember_me: false })) }),
    reaches: ACCEPTED_AND_RULED,
  },
  {
    name: 'DELETE /users/sign_out',
    runs: 15,
    reads: ['/api/v1/profile'],
    requests: () =>
      requests({
        method: 'DELETE',
        path: '/users/sign_out',
        // Never the owner: its token carries the rest of the run.
        actor: fc.oneof({ weight: 3, arbitrary: fc.constant<Actor>('spare') }, { weight: 1, arbitrary: fc.constantFrom<Actor>('none', 'tampered') }, junkAuthorization.map((a): Actor => ({ authorization: a }))),
        body: anyBody,
      }),
    reaches: ACCEPTED,
  },
  {
    name: 'POST /users/password (reset request)',
    runs: 22,
    reads: ['/api/v1/profile'],
    // An address nobody has: a reset mail would be sent (and a row written) after the answer.
    requests: () => requests({ method: 'POST', path: '/users/password', actor: actors(1, 1), body: bodies('user', fc.constant({ email: `${emailPrefix}-nobody@example.com` })) }),
    reaches: ACCEPTED_AND_RULED,
  },
  {
    name: 'PUT /users/password (reset)',
    runs: 15,
    reads: ['/api/v1/profile'],
    requests: () =>
      requests({
        method: 'PUT',
        path: '/users/password',
        actor: actors(1, 1),
        body: bodies('user', fc.constant({ email: other.email, reset_password_token: 'not-a-reset-token', password: 'another1', password_confirmation: 'another1' })),
      }),
    reaches: ['422 rule'],
  },
  {
    name: 'PUT /users (change password)',
    runs: 15,
    reads: ['/api/v1/profile'],
    // The new password is the current one, so a change let through leaves the owner signing in as before.
    requests: () =>
      requests({ method: 'PUT', path: '/users', actor: actors(12), body: bodies('user', fc.constant({ current_password: owner.password, password: owner.password, password_confirmation: owner.password })) }),
    reaches: ACCEPTED_AND_RULED,
  },
  {
    name: 'PUT /api/v1/profile',
    runs: 30,
    reads: ['/api/v1/profile'],
    requests: () => requests({ method: 'PUT', path: '/api/v1/profile', actor: actors(12), body: bodies('user', fc.constant({ birth_year: 1990 })) }),
    reaches: ACCEPTED_AND_RULED,
  },
  ...COLLECTIONS.flatMap((c): RouteFuzz[] => [
    {
      name: `POST ${c.path}`,
      runs: 30,
      reads: [c.path],
      requests: () => requests({ method: 'POST', path: c.path, actor: actors(12), body: bodies(c.record, validOf(c.record)) }),
      reaches: ACCEPTED_AND_RULED,
    },
    {
      name: `PUT ${c.path}/:id`,
      runs: 30,
      reads: [c.path],
      requests: () => requests({ method: 'PUT', path: `${c.path}/:id`, id: idChoice(c.record), actor: actors(12), body: bodies(c.record, validOf(c.record)) }),
      reaches: ACCEPTED_AND_RULED,
    },
    {
      name: `DELETE ${c.path}/:id`,
      runs: 18,
      reads: [c.path],
      requests: () => requests({ method: 'DELETE', path: `${c.path}/:id`, id: idChoice(c.record), actor: actors(12), body: anyBody }),
      reaches: ACCEPTED,
    },
  ]),
  // Each route's seed is SEED + its index: routes added later go at the end, so the others keep their runs.
  ...SINGLES.filter((s) => s.record !== 'assumptions').map(singleWrites),
  {
    name: 'DELETE /api/v1/retirement_plan',
    runs: 12,
    reads: ['/api/v1/retirement_plan'],
    requests: () => requests({ method: 'DELETE', path: '/api/v1/retirement_plan', actor: actors(12), body: anyBody }),
    reaches: ACCEPTED,
  },
  ...MONTH_INPUTS.flatMap(([kind, key, valid]): RouteFuzz[] => {
    const path = `/api/v1/${kind}_months`;
    const id = fc.oneof({ weight: 3, arbitrary: idChoice(key) }, { weight: 1, arbitrary: fc.constantFrom<IdChoice>({ own: 'future_debt_month' }, { own: 'early_account_month' }) });
    return [
      {
        name: `PUT ${path}/:id`,
        runs: 30,
        reads: [path],
        requests: () => requests({ method: 'PUT', path: `${path}/:id`, id, actor: actors(12), body: bodies(key, fc.constant({ ...valid })) }),
        reaches: ACCEPTED_AND_RULED,
      },
      { name: `DELETE ${path}/:id`, runs: 12, reads: [path], requests: () => requests({ method: 'DELETE', path: `${path}/:id`, id, actor: actors(12), body: anyBody }), reaches: ACCEPTED },
    ];
  }),
  {
    name: 'POST /api/v1/create_checkout_session',
    // Checkout and portal sessions are rate-limited: the runs stay under the limit, so that the route's own code is what answers.
    runs: 18,
    reads: ['/api/v1/subscription'],
    requests: () =>
      requests({
        method: 'POST',
        path: '/api/v1/create_checkout_session',
        actor: actors(4, 4),
        body: bodies(null, fc.constantFrom({ price_id: prices.monthly, location: 'monthly' }, { price_id: prices.yearly, location: 'yearly' })),
      }),
    reaches: ACCEPTED_AND_RULED,
  },
  {
    name: 'POST /api/v1/create_portal_session',
    runs: 15,
    reads: ['/api/v1/subscription'],
    requests: () => requests({ method: 'POST', path: '/api/v1/create_portal_session', actor: actors(4, 4), body: anyBody }),
    reaches: ACCEPTED,
  },
  {
    name: 'POST /api/v1/checkout_success',
    runs: 22,
    reads: ['/api/v1/subscription'],
    requests: () => requests({ method: 'POST', path: '/api/v1/checkout_success', actor: actors(4, 4), body: bodies(null, fc.constantFrom({ session_id: 'cs_test_nothing' }, { session_id: 'a'.repeat(255) })) }),
    reaches: ['422 rule'],
  },
  {
    name: 'POST /api/v1/stripe/webhook',
    runs: 15,
    reads: ['/api/v1/subscription'],
    requests: () =>
      requests({
        method: 'POST',
        path: '/api/v1/stripe/webhook',
        actor: fc.constant<Actor>('none'),
        body: fc.oneof(bodies(null, fc.constant({ id: 'evt_1', type: 'checkout.session.completed', data: { object: {} } })), notJson),
        headers: fc.option(fc.string({ unit: 'grapheme-ascii', maxLength: 80 }), { nil: undefined }).map((signature): Record<string, string> => (signature === undefined ? {} : { 'stripe-signature': signature })),
      }),
  },
  {
    name: 'test-mode checkout and portal pages',
    runs: 22,
    reads: ['/api/v1/subscription'],
    requests: () =>
      requests({
        method: fc.constantFrom('GET', 'POST'),
        path: fc.constantFrom('/payments/test/checkout/:id', '/payments/test/checkout/:id/pay', '/payments/test/checkout/:id/cancel', '/payments/test/portal/:id', '/payments/test/portal/:id/cancel'),
        id: badId.map((value): IdChoice => ({ text: value })),
        actor: actors(1, 1),
        body: null,
      }).chain((request) => (request.method === 'POST' ? fc.tuple(anyBody, contentType).map(([body, type]) => ({ ...request, body, contentType: type })) : fc.constant(request))),
  },
  {
    name: 'PUT /admin/feature_flags/:name',
    runs: 15,
    reads: ['/api/v1/feature_flags'],
    requests: () =>
      requests({
        method: 'PUT',
        path: '/admin/feature_flags/:id',
        id: fc.oneof(fc.constantFrom('allow_signup', 'fuzz_flag').map((value): IdChoice => ({ text: value })), badId.map((value): IdChoice => ({ text: value }))),
        actor: fc.constant<Actor>('none'),
        body: bodies(null, fc.constant({ enabled: true })),
        headers: fc.constantFrom<Record<string, string>>({ 'x-admin-secret': ADMIN }, { 'x-admin-secret': ADMIN }, { 'x-admin-secret': 'wrong' }, {}),
      }),
    reaches: ACCEPTED,
  },
  {
    name: 'PUT /admin/subscriptions',
    runs: 30,
    reads: ['/api/v1/subscription'],
    requests: () =>
      requests({
        method: 'PUT',
        path: '/admin/subscriptions',
        actor: fc.constant<Actor>('none'),
        body: bodies(null, fc.constant({ email: owner.email, subscribed: true })),
        headers: fc.constantFrom<Record<string, string>>({ 'x-admin-secret': ADMIN }, { 'x-admin-secret': ADMIN }, { 'x-admin-secret': 'wrong' }, {}),
      }),
    reaches: ACCEPTED,
  },
  {
    name: 'reads and other methods on every path',
    runs: 45,
    reads: ['/api/v1/debts', '/api/v1/profile'],
    requests: () =>
      requests({
        method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'OPTIONS', 'PATCH'),
        path: fc.constantFrom(
          ...COLLECTIONS.flatMap((c) => [c.path, `${c.path}/:id`]),
          ...SINGLES.filter((s) => s.record !== 'assumptions').map((s) => s.path),
          '/api/v1/income_months', '/api/v1/debt_months/:id', '/api/v1/retirement_months', '/api/v1/contribution_months',
          '/api/v1/profile', '/api/v1/feature_flags', '/api/v1/payment_config', '/api/v1/subscription', '/users', '/users/sign_in', '/users/password', '/api/v1/:id', '/:id',
        ),
        id: idChoice('debt'),
        actor: actors(3, 1),
        body: null,
      }),
    reaches: ACCEPTED,
  },
  // Added after the first routes (see above): the plan assumptions (docs/api.md#plan-assumptions).
  ...SINGLES.filter((s) => s.record === 'assumptions').map(singleWrites),
  {
    name: 'DELETE /api/v1/assumptions',
    runs: 12,
    reads: ['/api/v1/assumptions'],
    requests: () => requests({ method: 'DELETE', path: '/api/v1/assumptions', actor: actors(12), body: anyBody }),
    reaches: ACCEPTED,
  },
  // Added later still: the baselines (docs/api.md#baselines), whose snapshot is JSON stored as such.
  {
    name: `POST ${BASELINES.path}`,
    runs: 30,
    reads: [BASELINES.path],
    requests: () => requests({ method: 'POST', path: BASELINES.path, actor: actors(12), body: baselineBodies(validOf('baseline')) }),
    reaches: ACCEPTED_AND_RULED,
  },
  {
    name: `PUT ${BASELINES.path}/:id`,
    runs: 45,
    reads: [BASELINES.path],
    // A rename, or the record sent back whole: its snapshot, being fixed, can only come back the same.
    requests: () =>
      requests({ method: 'PUT', path: `${BASELINES.path}/:id`, id: idChoice('baseline'), actor: actors(12), body: baselineBodies(fc.oneof(fc.constant({ name: 'Renamed' }), validOf('baseline')), 2) }),
    reaches: ACCEPTED_AND_RULED,
  },
  {
    name: `DELETE ${BASELINES.path}/:id`,
    runs: 18,
    reads: [BASELINES.path],
    requests: () => requests({ method: 'DELETE', path: `${BASELINES.path}/:id`, id: idChoice('baseline'), actor: actors(12), body: anyBody }),
    reaches: ACCEPTED,
  },
];

/* ------------------------------------------------------------------------------------------ */

beforeAll(async () => {
  server = await startServer({ adminSecret: ADMIN, clock: { now: () => NOW }, env: { READ_CACHE: 'off' } });
  const signUp = async (name: string): Promise<TestUser> => {
    const email = `${emailPrefix}-${name}@example.com`;
    const response = await api('POST', '/users', { body: { user: { email, password: 'secret123', password_confirmation: 'secret123', birth_year: 1985 } } });
    if (response.status !== 201) throw new Error(`sign up failed: ${response.status} ${JSON.stringify(response.body)}`);
    return { id: response.body.status.data.user.id, email, password: 'secret123', token: response.body.status.data.token };
  };
  owner = await signUp('owner');
  other = await signUp('other');
  firstUserId = owner.id;
  spare = await newSession(api, other);
  await subscribeAs(api, ADMIN, owner.email);
  await ensureRecords();
  const config = await api('GET', '/api/v1/payment_config');
  prices = Object.fromEntries((config.body.payment_config.plans as { id: string; price_id: string }[]).map((plan) => [plan.id, plan.price_id]));
  snapshotQuery = await buildSnapshotQuery();
  // The snapshot a refused request is compared with holds the users' rows: an empty or partial
  // one would let every request pass as having changed nothing.
  const rows = await databaseRows();
  expect(Object.fromEntries(Object.entries(rows).map(([name, list]) => [name, list.length]))).toEqual(
    expect.objectContaining({
      users: 2,
      sessions: 3,
      incomes: 2,
      debts: 2,
      monthly_expenses: 2,
      other_expenses: 2,
      retirement_accounts: 2,
      housings: 1,
      retirement_plans: 1,
      debt_plans: 1,
      month_overrides: 4,
      cable_payloads: 1,
    }),
  );
  expect(rows.users?.join('\n')).toContain(owner.email);
  expect(rows.debts?.join('\n')).toContain(VALID.debt.creditor);
});
afterAll(async () => {
  // On PostgreSQL the next test files share this database: the flags go back as they were.
  await server?.server.database.db.execute(sql`DELETE FROM feature_flags WHERE name = 'fuzz_flag'`);
  await server?.server.database.db.execute(sql`UPDATE feature_flags SET enabled = true WHERE name = 'allow_signup'`);
  await server?.close();
});

it('the snapshot sees a write the server accepted', async () => {
  const before = await snapshot([]);
  const debt = ids.own.debt;
  const renamed = await api('PUT', `/api/v1/debts/${debt}`, { token: owner.token, body: { debt: { name: 'Snapshot control' } } });
  expect(renamed.status).toBe(200);
  const after = await snapshot([]);
  expect(after).not.toEqual(before);
  expect(after.database.debts?.join('\n')).toContain('Snapshot control');
  // Put the name back: each route's run takes its own baseline, but later reads compare names.
  expect((await api('PUT', `/api/v1/debts/${debt}`, { token: owner.token, body: { debt: { name: VALID.debt.name } } })).status).toBe(200);
});

describe(`fuzzing every route (seed ${SEED}, FUZZ_SEED to replay, FUZZ_SCALE to run longer)`, () => {
  it.each(ROUTES.map((route, index) => [route.name, route, index] as const))('%s: never a 5xx, and a refused request changes nothing', async (_name, route, index) => {
    const outcomes = await fuzz(route.name, route.runs, route.reads, route.requests(), index);
    for (const wanted of route.reaches ?? []) expect(outcomes[wanted] ?? 0, `no ${wanted} answer in the run: ${JSON.stringify(outcomes)}`).toBeGreaterThan(0);
  }, 120_000);
});
