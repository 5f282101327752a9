// @vitest-environment jsdom
// The Retirement Living download in bracket mode (csv-tables.ts): the tax year's columns, filled on
// the total row that closes each year, blank elsewhere.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMirror, type MirrorDb } from '../../../data/mirror/db.ts';
import { csvFromMirror } from './csv-tables.ts';
import { RETIREMENT_BODY, retirementRow } from '../../../test-support/month-fixtures.testing.ts';

let db: MirrorDb;
beforeEach(async () => {
  db = openMirror(`csv-tax-${randomUUID()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

async function lines(body: unknown): Promise<string[][]> {
  await db.months.put({ name: 'retirementMonths', body, provisional: false });
  const file = await csvFromMirror(db, 'retirementMonths', '2026-03-10');
  if (!file) throw new Error('no retirement table');
  return file.text.split('\r\n').filter((line) => line !== '').map((line) => line.split(','));
}

const YEAR_HEADERS = [
  'Year Ordinary Income', 'Year Taxable Social Security', 'Year Gains', 'Year Deduction', 'Year Federal Tax', 'Year State Tax', 'Year Penalty', 'Year Effective Rate', 'Year Marginal Rate', 'Year RMD', 'Year Roth Conversion',
];

describe('the Retirement Living CSV', () => {
  it("carries each tax year's figures on its closing total row in bracket mode, blank on the other rows", async () => {
    const december = retirementRow(0, '2026-12', {
      taxes: 0,
      year_ordinary_income: 30000,
      year_taxable_social_security: 5000.5,
      year_gains: 1000,
      year_deduction: 16100,
      year_federal_tax: 1900.4,
      year_state_tax: 600,
      year_penalty: 0,
      year_effective_rate: 8.37,
      year_marginal_rate: 22,
      year_rmd: 0,
      year_conversion: 10000,
    });
    const body = { ...RETIREMENT_BODY, total: [...RETIREMENT_BODY.total.map((row) => ({ ...row, taxes: 0 })), { ...december, shortfall: 0 }] };
    const csv = await lines(body);
    const header = csv[0] ?? [];
    // After the living columns the screen shows (no actual moved a row: no Adjustment).
    expect(header.slice(-YEAR_HEADERS.length - 1)).toEqual(['Balance', ...YEAR_HEADERS]);
    const at = (entity: string, month: string) => csv.find((row) => row[0] === entity && row[1] === month) ?? [];
    const yearCells = (row: string[]) => row.slice(header.indexOf('Year Ordinary Income'));
    // 5,000.50 → 5001 and 1,900.40 → 1900, as the screen rounds; the rates as numbers of percent.
    expect(yearCells(at('All Accounts', '2026-12'))).toEqual(['30000', '5001', '1000', '16100', '1900', '600', '0', '8.37', '22', '0', '10000']);
    expect(yearCells(at('All Accounts', '2026-08'))).toEqual(Array<string>(YEAR_HEADERS.length).fill(''));
    expect(yearCells(at('401k', '2026-08'))).toEqual(Array<string>(YEAR_HEADERS.length).fill(''));
  });

  it('has no tax year columns without them', async () => {
    const header = (await lines(RETIREMENT_BODY))[0] ?? [];
    expect(header.filter((h) => h.startsWith('Year '))).toEqual([]);
  });
});
