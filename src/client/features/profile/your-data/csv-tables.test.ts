// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cents, wholeDollars } from '../../../../engine/money.ts';
import { openMirror, type MirrorDb } from '../../../data/mirror/db.ts';
import { fillMirror } from '../../../data/household.testing.ts';
import { DEBT_COLUMNS } from '../../analytics/debt-progress/DebtProgressTab.tsx';
import { incomeColumns } from '../../analytics/income-future/IncomeFutureTab.tsx';
import { CONTRIBUTION_COLUMNS } from '../../analytics/retirement-contributions/RetirementContributionsTab.tsx';
import { livingColumns } from '../../analytics/retirement-living/RetirementLivingTab.tsx';
import { CSV_TABLES, csvFileName, csvFromMirror, type CsvTableId } from './csv-tables.ts';

let db: MirrorDb;
beforeEach(async () => {
  db = openMirror(`csv-${randomUUID()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** The file's lines, each split at its commas (the household's month tables quote nothing). */
async function lines(id: CsvTableId): Promise<string[][]> {
  const file = await csvFromMirror(db, id, '2026-03-10');
  if (!file) throw new Error(`no ${id} table`);
  return file.text.split('\r\n').filter((line) => line !== '').map((line) => line.split(','));
}

describe('wholeDollars', () => {
  it('rounds cents to whole dollars half away from zero, as Analytics prints them', () => {
    expect([123_450, 123_449, -123_450, -123_449, 50, -50, 0].map((c) => wholeDollars(cents(c)))).toEqual([1235, 1234, -1235, -1234, 1, -1, 0]);
    const screen = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const c of [123_450, -123_450, 99, -12_345]) expect(String(wholeDollars(cents(c)))).toBe(screen.format(c / 100).replace(/,/g, ''));
  });
});

describe('csvFileName', () => {
  it('names the table and the day, and says when a table is in whole dollars', () => {
    expect(csvFileName('debts', '2026-03-10')).toBe('runway-debts-2026-03-10.csv');
    expect(csvFileName('otherExpenses', '2026-03-10')).toBe('runway-one-time-expenses-2026-03-10.csv');
    expect(csvFileName('debtMonths', '2026-03-10')).toBe('runway-debt-progress-whole-dollars-2026-03-10.csv');
    expect(CSV_TABLES.map((t) => csvFileName(t.id, 'd')).filter((name) => name.includes('whole-dollars'))).toHaveLength(4);
  });
});

describe('the records', () => {
  beforeEach(() => fillMirror(db));

  it("open with the dashboard table's columns, then the other fields under their form labels", async () => {
    expect((await lines('debts'))[0]).toEqual(['Debt Name', 'Creditor', 'Balance', 'Minimum Payment', 'Interest Rate', 'Due Day', 'Original Amount', 'Original Term (months)']);
    expect((await lines('incomes'))[0]).toEqual(['Name', 'Pay Cycle', 'Gross Pay', 'Net Pay', 'Next Pay Date', 'End Month']);
    expect((await lines('monthlyExpenses'))[0]).toEqual(['Name', 'Amount', 'Due Day', 'End Month']);
    expect((await lines('retirementAccounts'))[0]?.slice(0, 8)).toEqual(['Name', 'Type', 'Contribution', 'Employer Contribution', 'Cycle', 'Starting Balance', 'Expected Return', 'Next Deposit']);
  });

  it('hold exact amounts with their cents, percents as numbers, enumerations as the screen words them, in the screen’s order', async () => {
    // Sorted by due day, as the Debts tab: the Visa (day 5) before the Car (day 12).
    expect((await lines('debts')).slice(1)).toEqual([
      ['Visa', 'Chase', '3200.55', '150.00', '19.99', '5', '5000.00', '48'],
      ['Car', 'Ally', '12000.10', '420.35', '4.5', '12', '20000.00', '60'],
    ]);
    expect((await lines('retirementAccounts'))[1]).toEqual(['401k', 'Traditional 401(k)', '250.00', '125.00', 'Semimonthly', '10000.15', '7', '2026-01-15', '50', 'No']);
    expect((await csvFromMirror(db, 'otherExpenses', '2026-03-10'))?.text).toBe('Description,Amount,Month\r\n"Trip, ""Lisbon""",350.50,2026-06\r\n');
  });

  it('list a baseline month by month', async () => {
    expect(await lines('baselines')).toEqual([
      ['Baseline', 'Saved On', 'Month', 'Cash', 'Debts', 'Savings', 'Home', 'Mortgage', 'Contributions', 'Returns'],
      // Saved before baselines kept the home: Home and Mortgage are blank, not 0.
      ['January plan', '2026-01-07', '2026-01', '10.00', '20.00', '30.00', '', '', '0.00', '0.00'],
    ]);
  });

  it("list a newer baseline's home and mortgage", async () => {
    const stamps = { created_at: '2026-02-01T09:00:00.000Z', updated_at: '2026-02-01T09:00:00.000Z' };
    const snapshot = { months: [{ month: '2026-02', cash: 10, debts: 20, savings: 30, home: 412000.5, mortgage: 287450.1, contributions: 1, returns: 2 }] };
    await db.baselines.clear();
    await db.baselines.put({ id: 2, name: 'February plan', snapshot, ...stamps });
    expect((await lines('baselines'))[1]).toEqual(['February plan', '2026-02-01', '2026-02', '10.00', '20.00', '30.00', '412000.50', '287450.10', '1.00', '2.00']);
  });
});

describe('the month tables', () => {
  beforeEach(() => fillMirror(db));

  const headers = (columns: readonly { header: string }[]) => columns.map((c) => c.header);

  it("carry Analytics' columns, with Adjustment while an actual moved a row, and the entity first", async () => {
    expect((await lines('incomeMonths'))[0]).toEqual(['Month', ...headers(incomeColumns([])), 'Adjustment']);
    expect((await lines('debtMonths'))[0]).toEqual(['Debt', 'Month', ...headers(DEBT_COLUMNS), 'Adjustment']);
    expect((await lines('contributionMonths'))[0]).toEqual(['Account', 'Month', ...headers(CONTRIBUTION_COLUMNS), 'Adjustment']);
    expect((await lines('retirementMonths'))[0]).toEqual(['Account', 'Month', ...headers(livingColumns([])), 'Adjustment']);
  });

  it('are in whole dollars: an actual of −$123.45 shows as −123, and the row it moved says by how much', async () => {
    const income = await lines('incomeMonths');
    expect(income[2]).toEqual(['2026-02', '4550', '500', '1450', '600', '670', '-123', '-2783']);
    expect(income[1]?.at(-1)).toBe('');
    const debts = await lines('debtMonths');
    expect(debts[2]).toEqual(['Visa', '2026-02', '250', '200', '50', '3000', '40', '196']);
  });

  it("list each debt's or account's every month, then the totals under the sub-tab's name", async () => {
    const entities = (rows: string[][]) => [...new Set(rows.slice(1).map((row) => row[0]))];
    expect(entities(await lines('debtMonths'))).toEqual(['Visa', 'Car', 'All Debts']);
    expect(entities(await lines('retirementMonths'))).toEqual(['401k', 'All Accounts']);
    const income = await lines('incomeMonths');
    expect(income.slice(1).map((row) => row[0])).toEqual([...new Set(income.slice(1).map((row) => row[0]))]);
    expect(income[1]?.[0]).toBe('2026-01');
  });

  it('are not there when the device holds no month tables (not subscribed)', async () => {
    await db.months.clear();
    expect(await csvFromMirror(db, 'incomeMonths', '2026-03-10')).toBeNull();
    expect(await csvFromMirror(db, 'debts', '2026-03-10')).not.toBeNull();
  });
});
