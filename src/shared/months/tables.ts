/**
 * The month tables as the API answers them (docs/api.md#month-tables): snake_case fields, money in
 * dollars, every row with its stable id. Shared, so a client offline computes exactly the
 * tables the server would send.
 */
import { centsToDollars, type Cents } from '../../engine/money.ts';
import type { MonthKey } from '../../engine/months.ts';
import type { Projection } from '../../engine/index.ts';
import type { ContributionMonth, DebtMonth, IncomeMonth, RetirementMonth, RetirementTotalMonth } from '../../engine/types.ts';
import { monthActual } from '../../engine/month-views.ts';
import { monthRowId } from './ids.ts';

/** The four month tables. */
export const MONTH_KINDS = ['income', 'debt', 'retirement', 'contribution'] as const;
export type MonthKind = (typeof MONTH_KINDS)[number];

/**
 * What a stored actual value is of: a row of one of the four tables, or the household's mortgage
 * balance and home value of a month, which a check-in writes on the income month row
 * (docs/projection-rules.md#the-home-in-a-check-in).
 */
export const ACTUAL_KINDS = [...MONTH_KINDS, 'mortgage', 'home'] as const;
export type ActualKind = (typeof ACTUAL_KINDS)[number];

/** Engine row fields that are not money (every other number on a row is cents). */
export const NOT_MONEY: ReadonlySet<string> = new Set(['month', 'percentPaid', 'yearEffectiveRate', 'yearMarginalRate']);

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** An engine field's wire name: 'netIncome' → 'net_income'. */
type Snake<S extends string> = S extends `${infer H}${infer T}` ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${Snake<T>}` : S;
/** Cents go as dollars, a month as its 'YYYY-MM' text. */
type WireValue<V> = V extends Cents ? number : V extends MonthKey ? string : V;

/**
 * An engine month row as the API sends it, with the id of (entity, month):
 * `{ id: 265000, month: '2026-11', net_income: 5200.5, input_end_balance: null, … }`.
 */
export type WireMonthRow<Row> = { readonly id: number } & { readonly [K in keyof Row & string as Snake<K>]: WireValue<Row[K]> } & {
  /**
   * True when the row shows the user's actual balance
   * (docs/projection-rules.md#actuals-and-check-ins); false on total rows.
   */
  readonly is_actual: boolean;
  /** Shown − computed balance in dollars: what the actual moved (engine monthActual), 0 without one. */
  readonly adjustment: number;
};

/** A row of any of the four tables. */
export type AnyMonthRow = IncomeMonth | DebtMonth | ContributionMonth | RetirementMonth;

export interface IncomeMonthsBody {
  readonly income_months: readonly WireMonthRow<IncomeMonth>[];
}

export interface DebtMonthsBody {
  readonly debts: readonly {
    readonly id: number;
    readonly name: string;
    readonly apr: number;
    readonly monthly_payment: number;
    readonly payoff_month: string | null;
    readonly truncated: boolean;
    readonly debt_months: readonly WireMonthRow<DebtMonth>[];
  }[];
  readonly total: readonly WireMonthRow<DebtMonth>[];
}

/**
 * The contribution and retirement tables: each account's rows under `RowsKey`, and the totals
 * (retirement's carry `shortfall`, and `need`, `cash_balance`, `cash_withdrawals` when the engine
 * gives them: a field the engine leaves out is left out of the wire row too).
 */
export interface AccountMonthsBody<RowsKey extends string, Row, Total = Row> {
  readonly retirement_accounts: readonly ({ readonly id: number; readonly name: string } & { readonly [K in RowsKey]: readonly WireMonthRow<Row>[] })[];
  readonly total: readonly WireMonthRow<Total>[];
}

/** The GET body of each month table. */
export interface MonthBodies {
  income: IncomeMonthsBody;
  debt: DebtMonthsBody;
  contribution: AccountMonthsBody<'contribution_months', ContributionMonth>;
  retirement: AccountMonthsBody<'retirement_months', RetirementMonth, RetirementTotalMonth>;
}

/** One engine row → its wire form with the id of (entity, month), marked when it shows an actual. */
export function wireRow<Row extends AnyMonthRow>(entityId: number, row: Row): WireMonthRow<Row> {
  const wire: Record<string, unknown> = { id: monthRowId(entityId, row.month) };
  for (const [key, value] of Object.entries(row)) {
    wire[snake(key)] = typeof value === 'number' && !NOT_MONEY.has(key) ? centsToDollars(value as Cents) : value;
  }
  const actual = monthActual(row);
  wire['is_actual'] = actual.isActual;
  wire['adjustment'] = centsToDollars(actual.adjustment);
  return wire as WireMonthRow<Row>;
}

const rows = <Row extends AnyMonthRow>(entityId: number, list: readonly Row[]) => list.map((row) => wireRow(entityId, row));

export function monthTableBody<K extends MonthKind>(kind: K, projection: Projection): MonthBodies[K] {
  return monthBody(kind, projection) as MonthBodies[K];
}

function monthBody(kind: MonthKind, projection: Projection): MonthBodies[MonthKind] {
  switch (kind) {
    case 'income':
      return { income_months: rows(0, projection.income) };
    case 'debt':
      return {
        debts: projection.debts.map((d) => ({
          id: d.id,
          name: d.name,
          apr: d.apr,
          monthly_payment: centsToDollars(d.monthlyPayment),
          payoff_month: d.payoffMonth,
          truncated: d.truncated,
          debt_months: rows(d.id, d.months),
        })),
        total: rows(0, projection.debtTotal),
      };
    case 'contribution':
      return {
        retirement_accounts: projection.contributions.map((a) => ({ id: a.id, name: a.name, contribution_months: rows(a.id, a.months) })),
        total: rows(0, projection.contributionTotal),
      };
    case 'retirement':
      return {
        retirement_accounts: projection.retirement.map((a) => ({ id: a.id, name: a.name, retirement_months: rows(a.id, a.months) })),
        total: rows(0, projection.retirementTotal),
      };
  }
}

/** The row of (entity, month) in a projection, or undefined when the table has no such row. */
export function findRow(kind: MonthKind, projection: Projection, entityId: number, month: MonthKey): AnyMonthRow | undefined {
  const within = (list: readonly AnyMonthRow[] | undefined) => list?.find((row) => row.month === month);
  switch (kind) {
    case 'income':
      return entityId === 0 ? within(projection.income) : undefined;
    case 'debt':
      return within(projection.debts.find((d) => d.id === entityId)?.months);
    case 'contribution':
      return within(projection.contributions.find((a) => a.id === entityId)?.months);
    case 'retirement':
      return within(projection.retirement.find((a) => a.id === entityId)?.months);
  }
}
