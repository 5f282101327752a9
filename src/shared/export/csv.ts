/**
 * CSV text as RFC 4180 writes it, for the spreadsheet downloads (docs/api.md#export-and-import): a
 * header line, then one line per row; lines end in CRLF; a field holding a comma, a double quote,
 * CR or LF is wrapped in double quotes, and a double quote inside it is doubled.
 *
 *   toCsv(['Name', 'Amount'], [['Rent, June', 1800], ['The "big" one', -12.5]])
 *   → 'Name,Amount\r\n"Rent, June",1800\r\n"The ""big"" one",-12.5\r\n'
 *
 * Text that a spreadsheet would run as a formula (a cell starting with =, +, -, @, tab or CR) gets
 * a leading apostrophe, as OWASP advises against CSV injection: a debt named `=HYPERLINK(…)` opens
 * as that text, not as a link. Numbers are written as numbers, negative ones included.
 */

export type CsvCell = string | number | boolean | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field: empty for null or undefined, numbers as JSON writes them, text quoted when it must be. */
export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: the header line and each row, every line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const line = (cells: readonly CsvCell[]) => `${cells.map(csvField).join(',')}\r\n`;
  return line(header) + rows.map(line).join('');
}
