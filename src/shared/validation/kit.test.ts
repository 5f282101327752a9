import { describe, it, expect } from 'vitest';
import {
  MAX_MONEY_CENTS,
  addError,
  asObject,
  characterCount,
  collect,
  currentYear,
  fieldError,
  fieldOk,
  firstErrors,
  isMissing,
  mapValidation,
  optional,
  parseBoolean,
  parseDate,
  parseEmail,
  parseEnum,
  parseInteger,
  parseMoney,
  parseMonth,
  parsePercent,
  parseText,
  todayDate,
} from './kit.ts';
import type { FieldErrors } from './kit.ts';

const WRONG_TYPES: unknown[] = [{}, [], true, false, { amount: 5 }, [5]];

describe('isMissing', () => {
  it('treats null, undefined, empty and blank text as missing', () => {
    expect([undefined, null, '', '   ', '\t\n'].map(isMissing)).toEqual([true, true, true, true, true]);
  });

  it('treats 0, false, NaN and non-blank text as given', () => {
    expect([0, false, Number.NaN, 'x', {}, []].map(isMissing)).toEqual([false, false, false, false, false, false]);
  });
});

describe('asObject', () => {
  it('keeps the own fields of a plain object', () => {
    expect({ ...asObject({ name: 'Car', amount: 5 }) }).toEqual({ name: 'Car', amount: 5 });
  });

  it('answers no fields for null, arrays, strings and numbers', () => {
    for (const input of [null, undefined, ['name'], 'name', 42, true]) {
      expect(Object.keys(asObject(input))).toEqual([]);
    }
  });

  it('never reads through to Object.prototype', () => {
    const fields = asObject({});
    expect(fields['constructor']).toBeUndefined();
    expect(fields['toString']).toBeUndefined();
    const polluted = asObject(JSON.parse('{"__proto__": {"name": "x"}}'));
    expect(polluted['name']).toBeUndefined();
    expect(({} as Record<string, unknown>)['name']).toBeUndefined();
  });
});

describe('context helpers', () => {
  it('reads the year and the date of today, also from a timestamp', () => {
    expect(currentYear({ today: '2026-11-21' })).toBe(2026);
    expect(todayDate({ today: '2026-11-21T23:59:59Z' })).toBe('2026-11-21');
  });

  it('counts code points, not UTF-16 units', () => {
    expect(characterCount('😀é')).toBe(2);
  });
});

describe('parseText', () => {
  const rule = { label: 'Name' };

  it('trims and answers the text', () => {
    expect(parseText('  Car loan \n', rule)).toEqual({ ok: true, value: 'Car loan' });
  });

  it('reports missing and blank values as required', () => {
    for (const raw of [undefined, null, '', '    ']) {
      expect(parseText(raw, rule)).toEqual({ ok: false, error: 'Name is required' });
    }
  });

  it('uses the rule’s own required message', () => {
    expect(parseText('', { label: 'Debt name', required: 'Give it a name' })).toEqual({ ok: false, error: 'Give it a name' });
  });

  it('refuses numbers and other JSON types without throwing', () => {
    for (const raw of [42, ...WRONG_TYPES]) {
      expect(parseText(raw, rule)).toEqual({ ok: false, error: 'Name must be text' });
    }
  });

  it('accepts 255 characters and refuses 256', () => {
    expect(parseText('a'.repeat(255), rule)).toEqual({ ok: true, value: 'a'.repeat(255) });
    expect(parseText('a'.repeat(256), rule)).toEqual({ ok: false, error: 'Name is too long (maximum 255 characters)' });
  });

  it('measures length after trimming and in code points', () => {
    expect(parseText(`  ${'a'.repeat(255)}  `, rule).ok).toBe(true);
    expect(parseText('😀'.repeat(255), rule).ok).toBe(true);
  });

  it('honours a custom maximum', () => {
    expect(parseText('abcd', { label: 'Code', max: 3 })).toEqual({ ok: false, error: 'Code is too long (maximum 3 characters)' });
  });
});

describe('parseEmail', () => {
  it('trims and lowercases', () => {
    expect(parseEmail('  Jane.Doe@Example.COM ')).toEqual({ ok: true, value: 'jane.doe@example.com' });
  });

  it('requires a value', () => {
    for (const raw of [undefined, null, '', '  ']) expect(parseEmail(raw)).toEqual({ ok: false, error: 'Email is required' });
  });

  it('refuses addresses outside the basic pattern', () => {
    for (const raw of ['jane', 'jane@', '@example.com', 'jane@example', 'ja ne@example.com', 'jane@@example.com']) {
      expect(parseEmail(raw)).toEqual({ ok: false, error: 'Please enter a valid email address' });
    }
  });

  it('refuses other JSON types without throwing', () => {
    for (const raw of [42, ...WRONG_TYPES]) {
      expect(parseEmail(raw)).toEqual({ ok: false, error: 'Please enter a valid email address' });
    }
  });

  it('accepts 254 characters and refuses 255', () => {
    const at254 = `${'a'.repeat(242)}@example.com`;
    expect(at254).toHaveLength(254);
    expect(parseEmail(at254)).toEqual({ ok: true, value: at254 });
    expect(parseEmail(`a${at254}`)).toEqual({ ok: false, error: 'Email is too long (maximum 254 characters)' });
  });
});

describe('parseMoney', () => {
  const positive = { label: 'Amount', min: 'positive' as const };
  const nonNegative = { label: 'Balance', min: 'non-negative' as const };

  it('reads numbers and numeric text to integer cents', () => {
    const cases: [unknown, number][] = [
      [12, 1200],
      [12.5, 1250],
      [1.15, 115],
      [0.01, 1],
      ['12', 1200],
      ['12.34', 1234],
      [' 7.5 ', 750],
      ['.5', 50],
      ['+3', 300],
      ['10.', 1000],
      ['1,234.50', 123450],
      ['12,345,678', 1234567800],
      ['1.500', 150],
    ];
    for (const [raw, expected] of cases) expect(parseMoney(raw, positive)).toEqual({ ok: true, value: expected });
  });

  it('accepts 2 decimals and refuses 3', () => {
    expect(parseMoney('0.99', positive)).toEqual({ ok: true, value: 99 });
    expect(parseMoney('0.999', positive)).toEqual({ ok: false, error: 'Amount can have at most 2 decimal places' });
    expect(parseMoney(0.999, positive)).toEqual({ ok: false, error: 'Amount can have at most 2 decimal places' });
    // The float 0.1 + 0.2 is 0.30000000000000004: not what anyone typed.
    expect(parseMoney(0.1 + 0.2, positive)).toEqual({ ok: false, error: 'Amount can have at most 2 decimal places' });
  });

  it('requires a value', () => {
    for (const raw of [undefined, null, '', ' ']) expect(parseMoney(raw, positive)).toEqual({ ok: false, error: 'Amount is required' });
  });

  it('refuses text that is not a plain amount', () => {
    for (const raw of ['abc', '12abc', '$12', '1e3', '12,34', '1,23,456', '1.2.3', '--1', '.', '-']) {
      expect(parseMoney(raw, positive)).toEqual({ ok: false, error: 'Please enter a valid amount' });
    }
  });

  it('refuses other JSON types, NaN and infinities without throwing', () => {
    for (const raw of [...WRONG_TYPES, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(parseMoney(raw, positive)).toEqual({ ok: false, error: 'Please enter a valid amount' });
    }
  });

  it('positive: refuses 0 and negatives, accepts one cent', () => {
    expect(parseMoney(0, positive)).toEqual({ ok: false, error: 'Amount must be greater than 0' });
    expect(parseMoney('0.00', positive)).toEqual({ ok: false, error: 'Amount must be greater than 0' });
    expect(parseMoney(-5, positive)).toEqual({ ok: false, error: 'Amount must be greater than 0' });
    expect(parseMoney('0.01', positive)).toEqual({ ok: true, value: 1 });
  });

  it('non-negative: accepts 0 (and -0 as 0), refuses a negative cent', () => {
    expect(parseMoney(0, nonNegative)).toEqual({ ok: true, value: 0 });
    const negativeZero = parseMoney('-0', nonNegative);
    expect(negativeZero.ok && Object.is(negativeZero.value, 0)).toBe(true);
    expect(parseMoney('-0.01', nonNegative)).toEqual({ ok: false, error: 'Balance cannot be negative' });
  });

  it('uses the rule’s own messages', () => {
    const rule = { label: 'Amount', min: 'positive' as const, invalid: 'Bad', tooSmall: 'Small', tooLarge: 'Big', decimals: 'Cents' };
    expect(parseMoney('x', rule)).toEqual({ ok: false, error: 'Bad' });
    expect(parseMoney('0', rule)).toEqual({ ok: false, error: 'Small' });
    expect(parseMoney('1.234', rule)).toEqual({ ok: false, error: 'Cents' });
    expect(parseMoney('1e30', rule)).toEqual({ ok: false, error: 'Bad' });
    expect(parseMoney('100000000000', rule)).toEqual({ ok: false, error: 'Big' });
  });

  it('caps amounts at MAX_MONEY_CENTS', () => {
    expect(parseMoney('99,999,999,999.99', positive)).toEqual({ ok: true, value: MAX_MONEY_CENTS });
    expect(parseMoney('100000000000.00', positive)).toEqual({ ok: false, error: 'Amount is too large' });
    expect(parseMoney('99999999999999999999', positive)).toEqual({ ok: false, error: 'Amount is too large' });
  });
});

describe('parsePercent', () => {
  const rule = { label: 'Rate', min: 0, max: 100 };

  it('reads numbers and numeric text', () => {
    expect(parsePercent(24.99, rule)).toEqual({ ok: true, value: 24.99 });
    expect(parsePercent(' 24.99 ', rule)).toEqual({ ok: true, value: 24.99 });
    expect(parsePercent('.5', rule)).toEqual({ ok: true, value: 0.5 });
    expect(parsePercent('5.00000', rule)).toEqual({ ok: true, value: 5 });
  });

  it('includes both bounds', () => {
    expect(parsePercent(0, rule)).toEqual({ ok: true, value: 0 });
    expect(parsePercent('100', rule)).toEqual({ ok: true, value: 100 });
    expect(parsePercent('100.0001', rule)).toEqual({ ok: false, error: 'Rate must be between 0 and 100' });
    expect(parsePercent(-0.0001, rule)).toEqual({ ok: false, error: 'Rate must be between 0 and 100' });
  });

  it('reads -0 as 0', () => {
    const result = parsePercent('-0', rule);
    expect(result.ok && Object.is(result.value, 0)).toBe(true);
  });

  it('accepts 4 decimals and refuses 5', () => {
    expect(parsePercent('5.1234', rule)).toEqual({ ok: true, value: 5.1234 });
    expect(parsePercent('5.12345', rule)).toEqual({ ok: false, error: 'Rate can have at most 4 decimal places' });
    expect(parsePercent(5.12345, rule)).toEqual({ ok: false, error: 'Rate can have at most 4 decimal places' });
    expect(parsePercent(1e-7, rule)).toEqual({ ok: false, error: 'Rate can have at most 4 decimal places' });
  });

  it('requires a value and refuses non-numbers without throwing', () => {
    expect(parsePercent('', rule)).toEqual({ ok: false, error: 'Rate is required' });
    for (const raw of ['abc', '1,5', '5%', Number.NaN, Number.POSITIVE_INFINITY, ...WRONG_TYPES]) {
      expect(parsePercent(raw, rule)).toEqual({ ok: false, error: 'Rate must be a valid number' });
    }
  });
});

describe('parseInteger', () => {
  it('reads whole numbers from numbers and text', () => {
    expect(parseInteger(12, { label: 'Day' })).toEqual({ ok: true, value: 12 });
    expect(parseInteger(' 12 ', { label: 'Day' })).toEqual({ ok: true, value: 12 });
    expect(parseInteger('12.0', { label: 'Day' })).toEqual({ ok: true, value: 12 });
    expect(parseInteger('-3', { label: 'Day' })).toEqual({ ok: true, value: -3 });
  });

  it('refuses fractions as not whole', () => {
    expect(parseInteger(12.5, { label: 'Day' })).toEqual({ ok: false, error: 'Day must be a whole number' });
    expect(parseInteger('12.5', { label: 'Day' })).toEqual({ ok: false, error: 'Day must be a whole number' });
  });

  it('refuses non-numbers and unsafe integers without throwing', () => {
    for (const raw of ['abc', '1e3', '12a', 2 ** 53, Number.NaN, ...WRONG_TYPES]) {
      expect(parseInteger(raw, { label: 'Day' })).toEqual({ ok: false, error: 'Day must be a valid number' });
    }
  });

  it('requires a value', () => {
    expect(parseInteger('', { label: 'Day' })).toEqual({ ok: false, error: 'Day is required' });
  });

  it('words the bound messages after the bounds given', () => {
    const both = { label: 'Day', min: 1, max: 31 };
    expect(parseInteger(0, both)).toEqual({ ok: false, error: 'Day must be between 1 and 31' });
    expect(parseInteger(32, both)).toEqual({ ok: false, error: 'Day must be between 1 and 31' });
    expect(parseInteger(0, { label: 'Day', min: 1 })).toEqual({ ok: false, error: 'Day must be at least 1' });
    expect(parseInteger(32, { label: 'Day', max: 31 })).toEqual({ ok: false, error: 'Day cannot exceed 31' });
    expect(parseInteger(1, both)).toEqual({ ok: true, value: 1 });
    expect(parseInteger(31, both)).toEqual({ ok: true, value: 31 });
  });
});

describe('parseDate', () => {
  const rule = { label: 'Open date' };

  it('accepts real calendar dates, leap days included', () => {
    for (const date of ['2026-02-28', '2024-02-29', '2000-02-29', '2026-12-31', '2026-04-30']) {
      expect(parseDate(date, rule)).toEqual({ ok: true, value: date });
    }
  });

  it('refuses impossible or malformed dates', () => {
    for (const raw of ['2026-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-1-5', '26-01-05', '0000-01-01', '2026/01/05', 'soon']) {
      expect(parseDate(raw, rule)).toEqual({ ok: false, error: 'Please enter a valid date' });
    }
  });

  it('keeps only the date part of an ISO timestamp, unshifted', () => {
    expect(parseDate('2026-03-15T00:00:00.000Z', rule)).toEqual({ ok: true, value: '2026-03-15' });
    expect(parseDate('2026-03-15T23:30:00-05:00', rule)).toEqual({ ok: true, value: '2026-03-15' });
    expect(parseDate('2026-03-15T10:00', rule)).toEqual({ ok: true, value: '2026-03-15' });
    expect(parseDate('2026-02-30T00:00:00Z', rule)).toEqual({ ok: false, error: 'Please enter a valid date' });
    expect(parseDate('2026-03-15Tnoon', rule)).toEqual({ ok: false, error: 'Please enter a valid date' });
  });

  it('requires a value and refuses other JSON types without throwing', () => {
    expect(parseDate(null, rule)).toEqual({ ok: false, error: 'Open date is required' });
    for (const raw of [20260315, ...WRONG_TYPES]) expect(parseDate(raw, rule)).toEqual({ ok: false, error: 'Please enter a valid date' });
  });

  it('includes the latest date and refuses the day after', () => {
    const bounded = { ...rule, latest: '2026-11-21', tooLate: 'Open date cannot be in the future' };
    expect(parseDate('2026-11-21', bounded)).toEqual({ ok: true, value: '2026-11-21' });
    expect(parseDate('2026-11-22', bounded)).toEqual({ ok: false, error: 'Open date cannot be in the future' });
    expect(parseDate('2026-11-22', { ...rule, latest: '2026-11-21' })).toEqual({ ok: false, error: 'Open date cannot be after 2026-11-21' });
  });
});

describe('parseMonth', () => {
  const rule = { label: 'Month', minYear: 1900, maxYear: 2126 };

  it('answers a zero-padded month key', () => {
    expect(parseMonth('2026-03', rule)).toEqual({ ok: true, value: '2026-03' });
    expect(parseMonth(' 2026-3 ', rule)).toEqual({ ok: true, value: '2026-03' });
    expect(parseMonth('2026-12', rule)).toEqual({ ok: true, value: '2026-12' });
  });

  it('includes both year bounds', () => {
    expect(parseMonth('1900-01', rule)).toEqual({ ok: true, value: '1900-01' });
    expect(parseMonth('2126-12', rule)).toEqual({ ok: true, value: '2126-12' });
    expect(parseMonth('1899-12', rule)).toEqual({ ok: false, error: 'Please enter a valid year' });
    expect(parseMonth('2127-01', rule)).toEqual({ ok: false, error: 'Please enter a valid year' });
  });

  it('refuses a month outside 1..12', () => {
    expect(parseMonth('2026-00', rule)).toEqual({ ok: false, error: 'Please enter a valid month (1-12)' });
    expect(parseMonth('2026-13', rule)).toEqual({ ok: false, error: 'Please enter a valid month (1-12)' });
  });

  it('requires a value and refuses other shapes without throwing', () => {
    expect(parseMonth('', rule)).toEqual({ ok: false, error: 'Month is required' });
    for (const raw of ['March', '2026-03-01', '2026/03', '26-03', 202603, ...WRONG_TYPES]) {
      expect(parseMonth(raw, rule)).toEqual({ ok: false, error: 'Please enter a month as YYYY-MM' });
    }
  });
});

describe('parseEnum', () => {
  const cycles = ['weekly', 'monthly'] as const;

  it('answers the matching choice, trimmed', () => {
    expect(parseEnum(' weekly ', cycles, { label: 'Pay cycle' })).toEqual({ ok: true, value: 'weekly' });
  });

  it('requires a value', () => {
    expect(parseEnum('', cycles, { label: 'Pay cycle' })).toEqual({ ok: false, error: 'Pay cycle is required' });
  });

  it('refuses other text, other case and other types', () => {
    for (const raw of ['daily', 'Weekly', 1, ...WRONG_TYPES]) {
      expect(parseEnum(raw, cycles, { label: 'Pay cycle' })).toEqual({ ok: false, error: 'Please choose a valid pay cycle' });
    }
  });
});

describe('parseBoolean', () => {
  const rule = { label: 'Remember me' };

  it('reads JSON booleans, 1/0 and checkbox texts', () => {
    const cases: [unknown, boolean][] = [
      [true, true],
      [false, false],
      [1, true],
      [0, false],
      ['true', true],
      ['FALSE', false],
      ['1', true],
      ['0', false],
      ['on', true],
      ['off', false],
    ];
    for (const [raw, expected] of cases) expect(parseBoolean(raw, rule)).toEqual({ ok: true, value: expected });
  });

  it('requires a value and refuses anything else without throwing', () => {
    expect(parseBoolean(undefined, rule)).toEqual({ ok: false, error: 'Remember me is required' });
    for (const raw of ['yes', 2, {}, []]) {
      expect(parseBoolean(raw, rule)).toEqual({ ok: false, error: 'Remember me must be true or false' });
    }
  });
});

describe('optional', () => {
  const parse = (raw: unknown) => parseMoney(raw, { label: 'Escrow', min: 'non-negative' });

  it('answers null for a missing value without calling the parser', () => {
    for (const raw of [undefined, null, '']) expect(optional(raw, parse)).toEqual({ ok: true, value: null });
  });

  it('parses a given value', () => {
    expect(optional('12.50', parse)).toEqual({ ok: true, value: 1250 });
    expect(optional(-1, parse)).toEqual({ ok: false, error: 'Escrow cannot be negative' });
  });
});

describe('collect', () => {
  it('answers the values of exactly the fields given', () => {
    expect(collect({ a: fieldOk(1), b: fieldOk('x') })).toEqual({ ok: true, value: { a: 1, b: 'x' } });
  });

  it('gathers every field error, then the cross-field messages', () => {
    const extra: FieldErrors = {};
    addError(extra, 'a', 'cross a');
    addError(extra, 'c', 'cross c');
    expect(collect({ a: fieldError('own a'), b: fieldOk(2), d: fieldError('own d') }, extra)).toEqual({
      ok: false,
      errors: { a: ['own a', 'cross a'], d: ['own d'], c: ['cross c'] },
    });
  });

  it('fails on cross-field messages alone', () => {
    expect(collect({ a: fieldOk(1) }, { a: ['too much'] })).toEqual({ ok: false, errors: { a: ['too much'] } });
  });
});

describe('mapValidation and firstErrors', () => {
  it('maps only a success', () => {
    expect(mapValidation({ ok: true, value: 2 }, (n) => n * 3)).toEqual({ ok: true, value: 6 });
    expect(mapValidation<number, number>({ ok: false, errors: { a: ['x'] } }, (n) => n * 3)).toEqual({ ok: false, errors: { a: ['x'] } });
  });

  it('keeps the first message of each field', () => {
    expect(firstErrors({ a: ['one', 'two'], b: ['three'], c: [] })).toEqual({ a: 'one', b: 'three' });
  });
});
