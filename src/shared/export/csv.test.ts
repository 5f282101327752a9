import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv.ts';

/** A reader of RFC 4180 text, to prove the writer's output reads back as the cells it was given. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  return rows;
}

describe('csvField', () => {
  it('writes plain text and numbers as they are', () => {
    expect(csvField('Visa')).toBe('Visa');
    expect(csvField(1234.56)).toBe('1234.56');
    expect(csvField(-12)).toBe('-12');
    expect(csvField(0)).toBe('0');
    expect(csvField(true)).toBe('true');
  });

  it('leaves a missing value empty, and a number that is not finite too', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('quotes a field with a comma, a quote or a line break, doubling its quotes (RFC 4180 §2.6–2.7)', () => {
    expect(csvField('Rent, June')).toBe('"Rent, June"');
    expect(csvField('The "big" one')).toBe('"The ""big"" one"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('"')).toBe('""""');
  });

  it('keeps a spreadsheet from running text as a formula, and leaves negative numbers alone', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('-rent')).toBe("'-rent");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField(-5)).toBe('-5');
    expect(csvField('a=b')).toBe('a=b');
  });
});

describe('toCsv', () => {
  it('writes the header and rows, each line ending in CRLF', () => {
    expect(toCsv(['Name', 'Amount'], [['Rent, June', 1800], ['The "big" one', -12.5], ['Empty', null]])).toBe(
      'Name,Amount\r\n"Rent, June",1800\r\n"The ""big"" one",-12.5\r\nEmpty,\r\n',
    );
  });

  it('with no rows is the header line alone', () => {
    expect(toCsv(['Month', 'Balance'], [])).toBe('Month,Balance\r\n');
  });

  it('reads back as the cells it was given', () => {
    const rows = [
      ['a,b', 'c"d', 'e\r\nf', 'plain', ''],
      ['ü ’ 😀', ' spaced ', ',', '""', 'x'],
    ];
    expect(parseCsv(toCsv(['1', '2', '3', '4', '5'], rows))).toEqual([['1', '2', '3', '4', '5'], ...rows]);
  });
});
