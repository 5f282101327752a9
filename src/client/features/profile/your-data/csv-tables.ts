/**
 * The spreadsheet downloads (docs/api.md#export-and-import): each collection and each month table
 * as CSV, with the column names the app's tables show (docs/product.md#screens-and-routes) and the
 * rows in the order they show them.
 *
 * - Records: the dashboard table's columns, then the record's other fields under their form
 *   labels, so nothing entered is left out. Amounts are exact, as entered (dollars and cents:
 *   `1234.50`); percents are numbers of percent (`24.99` is 24.99 %); enumerations as the screen
 *   words them ('Biweekly (every 2 weeks)').
 * - Month tables: Analytics' columns, whole dollars as Analytics shows them (rounded half away from
 *   zero, as the screen's formatter rounds), every month of the table. The file name says
 *   `whole-dollars`. A debt's or account's rows carry its name in the first column; the totals
 *   follow as 'All Debts' or 'All Accounts', as the sub-tabs name them. In bracket mode Retirement
 *   Living's also carries each tax year's figures (Taxes by year) on the total row that closes it.
 *
 * Everything is read from the mirror, so a download works offline and shows what the app shows.
 */
import { wholeDollars, type Cents } from '../../../../engine/money.ts';
import { incomeDisplayEndBalance } from '../../../../engine/insights.ts';
import { incomeExpensesAndOther, monthActual, retirementExpenses } from '../../../../engine/month-views.ts';
import type { ContributionMonth, DebtMonth, IncomeMonth } from '../../../../engine/types.ts';
import { toCsv, type CsvCell } from '../../../../shared/export/csv.ts';
import { COLLECTIONS, entriesOf, type CollectionName, type MonthsName, type WireRecordOf } from '../../../../shared/resources.ts';
import type { MirrorDb } from '../../../data/mirror/db.ts';
import { moneyInputText } from '../../../ui/money.ts';
import { contributionMonthsFromWire, debtMonthsFromWire, incomeMonthsFromWire, retirementMonthsFromWire, type RetirementRow, type WithId } from '../../../model/month-wire.ts';
import { incomeHeaders, livingHeaders, type IncomeHeader, type LivingHeader } from '../../../model/month-columns.ts';
import { hasTaxYears } from '../../../model/tax-years.ts';
import { payCycleLabel, sortByMonthlyGross } from '../../../model/summaries/income.ts';
import { dueDayOf, sortByDueDay } from '../../../model/summaries/monthly-expenses.ts';
import { ACCOUNT_TYPE_LABELS, CYCLE_LABELS, datePart, labelOf, sortByContribution } from '../../../model/summaries/retirement-accounts.ts';

export type CsvTableId = CollectionName | MonthsName;

export interface CsvTableInfo {
  readonly id: CsvTableId;
  /** How the menu names it. */
  readonly label: string;
  readonly group: 'Records' | 'Month tables';
  /** The file name's subject: `runway-debts-2026-11-21.csv`. */
  readonly stem: string;
}

/** The file name's subject of each collection's sheet. */
const RECORD_STEMS: Record<CollectionName, string> = {
  incomes: 'income-sources',
  debts: 'debts',
  monthlyExpenses: 'monthly-expenses',
  otherExpenses: 'one-time-expenses',
  retirementAccounts: 'retirement-accounts',
  baselines: 'baselines',
};

/** Every collection under its list label (shared/resources.ts), then the month tables as Analytics names them. */
export const CSV_TABLES: readonly CsvTableInfo[] = [
  ...entriesOf(COLLECTIONS).map(([id, decl]): CsvTableInfo => ({ id, label: decl.listLabel, group: 'Records', stem: RECORD_STEMS[id] })),
  { id: 'incomeMonths', label: 'Income Future', group: 'Month tables', stem: 'income-future' },
  { id: 'debtMonths', label: 'Debt Progress', group: 'Month tables', stem: 'debt-progress' },
  { id: 'contributionMonths', label: 'Retirement Contributions', group: 'Month tables', stem: 'retirement-contributions' },
  { id: 'retirementMonths', label: 'Retirement Living', group: 'Month tables', stem: 'retirement-living' },
];

/** The words a file name carries for whole-dollar tables. */
export const WHOLE_DOLLARS = 'whole-dollars';

export interface CsvFile {
  fileName: string;
  text: string;
}

interface CsvColumn<Row> {
  readonly header: string;
  value(row: Row): CsvCell;
}

interface Sheet {
  header: string[];
  rows: CsvCell[][];
}

function sheet<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): Sheet {
  return { header: columns.map((c) => c.header), rows: rows.map((row) => columns.map((c) => c.value(row))) };
}

/* ---------- Records ---------- */

/** An amount as entered, with its cents ('1234.50'); empty when the record has none. */
const exact = (value: unknown): CsvCell => moneyInputText(value);
const plain = (value: unknown): CsvCell => (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null);
const yesNo = (value: unknown): CsvCell => (value === true ? 'Yes' : 'No');

type R<N extends CollectionName> = WireRecordOf<N>;

const INCOME_COLUMNS: readonly CsvColumn<R<'incomes'>>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Pay Cycle', value: (r) => payCycleLabel(r.pay_cycle) },
  { header: 'Gross Pay', value: (r) => exact(r.gross_pay) },
  { header: 'Net Pay', value: (r) => exact(r.net_pay) },
  { header: 'Next Pay Date', value: (r) => datePart(r.next_pay_date) },
  { header: 'End Month', value: (r) => plain(r.end_month) },
];

const DEBT_COLUMNS: readonly CsvColumn<R<'debts'>>[] = [
  { header: 'Debt Name', value: (r) => r.name },
  { header: 'Creditor', value: (r) => r.creditor },
  // The balance as entered: the table shows this month's for a subscriber, which Analytics exports.
  { header: 'Balance', value: (r) => exact(r.remaining_amount) },
  { header: 'Minimum Payment', value: (r) => exact(r.monthly_payment) },
  { header: 'Interest Rate', value: (r) => plain(r.apr) },
  { header: 'Due Day', value: (r) => plain(r.due_day) },
  { header: 'Original Amount', value: (r) => exact(r.original_amount) },
  { header: 'Original Term (months)', value: (r) => plain(r.original_term) },
];

const MONTHLY_EXPENSE_COLUMNS: readonly CsvColumn<R<'monthlyExpenses'>>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Amount', value: (r) => exact(r.amount) },
  { header: 'Due Day', value: (r) => dueDayOf(r) },
  { header: 'End Month', value: (r) => plain(r.end_month) },
];

const OTHER_EXPENSE_COLUMNS: readonly CsvColumn<R<'otherExpenses'>>[] = [
  { header: 'Description', value: (r) => r.description },
  { header: 'Amount', value: (r) => exact(r.amount) },
  { header: 'Month', value: (r) => r.month },
];

const ACCOUNT_COLUMNS: readonly CsvColumn<R<'retirementAccounts'>>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Type', value: (r) => labelOf(ACCOUNT_TYPE_LABELS, r.account_type) },
  { header: 'Contribution', value: (r) => exact(r.contribution_amount) },
  { header: 'Employer Contribution', value: (r) => exact(r.employer_contribution_amount) },
  { header: 'Cycle', value: (r) => labelOf(CYCLE_LABELS, r.contribution_cycle) },
  { header: 'Starting Balance', value: (r) => exact(r.starting_balance) },
  { header: 'Expected Return', value: (r) => plain(r.expected_return_rate) },
  { header: 'Next Deposit', value: (r) => datePart(r.next_deposit_date) },
  { header: 'Employer Match (%)', value: (r) => plain(r.employer_match) },
  { header: 'Deducted from my paycheck', value: (r) => yesNo(r.payroll_deducted) },
];

interface BaselineMonthRow {
  name: string;
  savedOn: string;
  month: CsvCell;
  cash: unknown;
  debts: unknown;
  savings: unknown;
  home: unknown;
  mortgage: unknown;
  contributions: unknown;
  returns: unknown;
}

/** A baseline keeps the plan's month totals as they were: one line per baseline and month. */
const BASELINE_COLUMNS: readonly CsvColumn<BaselineMonthRow>[] = [
  { header: 'Baseline', value: (r) => r.name },
  { header: 'Saved On', value: (r) => r.savedOn },
  { header: 'Month', value: (r) => r.month },
  { header: 'Cash', value: (r) => exact(r.cash) },
  { header: 'Debts', value: (r) => exact(r.debts) },
  { header: 'Savings', value: (r) => exact(r.savings) },
  // Blank in a baseline saved before baselines kept the home (docs/projection-rules.md#one-net-worth).
  { header: 'Home', value: (r) => exact(r.home) },
  { header: 'Mortgage', value: (r) => exact(r.mortgage) },
  { header: 'Contributions', value: (r) => exact(r.contributions) },
  { header: 'Returns', value: (r) => exact(r.returns) },
];

function baselineRows(baselines: readonly R<'baselines'>[]): BaselineMonthRow[] {
  return [...baselines]
    .sort((a, b) => a.id - b.id)
    .flatMap((baseline) => {
      const months = (baseline.snapshot as { months?: unknown }).months;
      return (Array.isArray(months) ? (months as Record<string, unknown>[]) : []).map((m) => ({
        name: baseline.name,
        savedOn: datePart(baseline.created_at),
        month: plain(m.month),
        cash: m.cash,
        debts: m.debts,
        savings: m.savings,
        home: m.home,
        mortgage: m.mortgage,
        contributions: m.contributions,
        returns: m.returns,
      }));
    });
}

async function recordSheet(db: MirrorDb, id: CollectionName): Promise<Sheet> {
  const rows = await db[id].toArray();
  switch (id) {
    case 'incomes':
      return sheet(INCOME_COLUMNS, sortByMonthlyGross(rows as R<'incomes'>[]));
    case 'debts':
      return sheet(DEBT_COLUMNS, [...(rows as R<'debts'>[])].sort((a, b) => a.due_day - b.due_day || a.id - b.id));
    case 'monthlyExpenses':
      return sheet(MONTHLY_EXPENSE_COLUMNS, sortByDueDay(rows as R<'monthlyExpenses'>[]));
    case 'otherExpenses':
      return sheet(OTHER_EXPENSE_COLUMNS, [...(rows as R<'otherExpenses'>[])].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : a.id - b.id)));
    case 'retirementAccounts':
      return sheet(ACCOUNT_COLUMNS, sortByContribution(rows as R<'retirementAccounts'>[]));
    case 'baselines':
      return sheet(BASELINE_COLUMNS, baselineRows(rows as R<'baselines'>[]));
  }
}

/* ---------- Month tables ---------- */


const money = <Row>(header: string, pick: (row: Row) => Cents | undefined): CsvColumn<Row> => ({ header, value: (row) => wholeDollars(pick(row) ?? (0 as Cents)) });
const MONTH = { header: 'Month', value: (row: { month: string }) => row.month };

/** Analytics' Adjustment column, present while any row was moved by an actual, blank where none. */
function withAdjustment<Row extends IncomeMonth | DebtMonth | ContributionMonth | RetirementRow>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): readonly CsvColumn<Row>[] {
  if (!rows.some((row) => monthActual(row).adjustment !== 0)) return columns;
  return [...columns, { header: 'Adjustment', value: (row) => (monthActual(row).adjustment === 0 ? null : wholeDollars(monthActual(row).adjustment)) }];
}

/** One entity column before each row: the debt's or account's name, then the totals' sub-tab name. */
interface Named<Row> {
  entity: string;
  row: Row;
}

function namedSheet<Row extends DebtMonth | ContributionMonth | RetirementRow>(entityHeader: string, columns: readonly CsvColumn<Row>[], rows: readonly Named<Row>[]): Sheet {
  const all = withAdjustment(columns, rows.map((r) => r.row));
  return { header: [entityHeader, ...all.map((c) => c.header)], rows: rows.map(({ entity, row }) => [entity, ...all.map((c) => c.value(row))]) };
}

function entityRows<Row>(table: { entities: readonly { name: string; months: readonly Row[] }[]; total: readonly Row[] }, allName: string): Named<Row>[] {
  return [...table.entities.flatMap((e) => e.months.map((row) => ({ entity: e.name, row }))), ...table.total.map((row) => ({ entity: allName, row }))];
}

type IncomeRow = WithId<IncomeMonth>;
/** The income columns' figures, under the headers Income Future shows (month-columns.ts picks them). */
const INCOME_FIGURES: Readonly<Record<IncomeHeader, (r: IncomeRow) => Cents | undefined>> = {
  'Net Income': (r) => r.netIncome,
  'Interest Earned': (r) => r.interestEarned,
  Retirement: (r) => r.retirementContributions,
  Housing: (r) => r.housing,
  Expenses: (r) => incomeExpensesAndOther(r),
  Debts: (r) => r.debts,
  Saved: (r) => r.saved,
  'End Balance': (r) => incomeDisplayEndBalance(r),
};
const incomeMonthColumns = (rows: readonly IncomeRow[]): readonly CsvColumn<IncomeRow>[] => [MONTH, ...incomeHeaders(rows).map((header) => money(header, INCOME_FIGURES[header]))];

const DEBT_MONTH_COLUMNS: readonly CsvColumn<DebtMonth>[] = [
  MONTH,
  money('Total Payment', (r) => r.payment),
  money('Principal', (r) => r.principalPaid),
  money('Interest', (r) => r.interestPaid),
  money('End Balance', (r) => r.displayEndBalance),
  { header: '% Paid', value: (r) => r.percentPaid },
];

const CONTRIBUTION_MONTH_COLUMNS: readonly CsvColumn<ContributionMonth>[] = [
  MONTH,
  money('Contributions', (r) => r.contributions),
  money('Interest Earned', (r) => r.interestEarned),
  money('Balance', (r) => r.displayBalance),
];

/** Retirement Living's figures, under the headers the screen shows (month-columns.ts picks them). */
const LIVING_FIGURES: Readonly<Record<LivingHeader, (r: RetirementRow) => Cents | undefined>> = {
  'Social Security Income': (r) => r.socialSecurityIncome,
  Housing: (r) => r.housing,
  Debts: (r) => r.debts,
  Expenses: (r) => retirementExpenses(r),
  Need: (r) => r.need,
  Withdrawals: (r) => r.withdrawals,
  Conversion: (r) => r.conversion,
  Taxes: (r) => r.taxes,
  'Interest Earned': (r) => r.interestEarned,
  'Cash Used': (r) => r.cashWithdrawals,
  'Cash Left': (r) => r.cashBalance,
  Balance: (r) => r.displayBalance,
};
/** A figure only some rows carry: whole dollars where it is, blank where not. */
const optionalMoney = <Row>(header: string, pick: (row: Row) => Cents | undefined): CsvColumn<Row> => ({
  header,
  value: (row) => {
    const value = pick(row);
    return value === undefined ? null : wholeDollars(value);
  },
});
const optionalRate = <Row>(header: string, pick: (row: Row) => number | undefined): CsvColumn<Row> => ({ header, value: (row) => pick(row) ?? null });

/**
 * Bracket mode's tax year (docs/projection-rules.md#taxes-in-the-projection), as Retirement
 * Living's Taxes by year shows it: on the total row that closes each year, blank on every other
 * row; the rates are numbers of percent (`8.37`, `22`).
 */
const TAX_YEAR_COLUMNS: readonly CsvColumn<RetirementRow>[] = [
  optionalMoney('Year Ordinary Income', (r) => r.yearOrdinaryIncome),
  optionalMoney('Year Taxable Social Security', (r) => r.yearTaxableSocialSecurity),
  optionalMoney('Year Gains', (r) => r.yearGains),
  optionalMoney('Year Deduction', (r) => r.yearDeduction),
  optionalMoney('Year Federal Tax', (r) => r.yearFederalTax),
  optionalMoney('Year State Tax', (r) => r.yearStateTax),
  optionalMoney('Year Penalty', (r) => r.yearPenalty),
  optionalRate('Year Effective Rate', (r) => r.yearEffectiveRate),
  optionalRate('Year Marginal Rate', (r) => r.yearMarginalRate),
  optionalMoney('Year RMD', (r) => r.yearRmd),
  optionalMoney('Year Roth Conversion', (r) => r.yearConversion),
];

/** The living columns the screen shows, then the tax year's while some row carries one (bracket mode). */
const livingColumns = (rows: readonly RetirementRow[]): readonly CsvColumn<RetirementRow>[] => [
  MONTH,
  ...livingHeaders(rows).map((header) => money(header, LIVING_FIGURES[header])),
  ...(hasTaxYears(rows) ? TAX_YEAR_COLUMNS : []),
];

async function monthSheet(db: MirrorDb, id: MonthsName): Promise<Sheet | null> {
  const body = (await db.months.get(id))?.body;
  switch (id) {
    case 'incomeMonths': {
      const rows = incomeMonthsFromWire(body);
      if (!rows) return null;
      return sheet(withAdjustment(incomeMonthColumns(rows), rows), rows);
    }
    case 'debtMonths': {
      const table = debtMonthsFromWire(body);
      return table && namedSheet('Debt', DEBT_MONTH_COLUMNS, entityRows({ entities: table.debts, total: table.total }, 'All Debts'));
    }
    case 'contributionMonths': {
      const table = contributionMonthsFromWire(body);
      return table && namedSheet('Account', CONTRIBUTION_MONTH_COLUMNS, entityRows({ entities: table.accounts, total: table.total }, 'All Accounts'));
    }
    case 'retirementMonths': {
      const table = retirementMonthsFromWire(body);
      if (!table) return null;
      const rows = entityRows({ entities: table.accounts, total: table.total }, 'All Accounts');
      return namedSheet('Account', livingColumns(rows.map((r) => r.row)), rows);
    }
  }
}

const isMonths = (id: CsvTableId): id is MonthsName => CSV_TABLES.find((t) => t.id === id)?.group === 'Month tables';

/** The file name: `runway-debts-2026-11-21.csv`, `runway-income-future-whole-dollars-2026-11-21.csv`. */
export function csvFileName(id: CsvTableId, date: string): string {
  const info = CSV_TABLES.find((t) => t.id === id);
  return `runway-${info?.stem ?? id}${isMonths(id) ? `-${WHOLE_DOLLARS}` : ''}-${date}.csv`;
}

/**
 * The CSV of one table as the mirror holds it, named for `date` ('YYYY-MM-DD'); null for a month
 * table the mirror does not hold (the user is not subscribed, or it was never fetched).
 */
export async function csvFromMirror(db: MirrorDb, id: CsvTableId, date: string): Promise<CsvFile | null> {
  const made = isMonths(id) ? await monthSheet(db, id) : await recordSheet(db, id as CollectionName);
  return made && { fileName: csvFileName(id, date), text: toCsv(made.header, made.rows) };
}
