/**
 * Today's dollars or future dollars (docs/projection-rules.md#plan-assumptions), the switch of
 * every analytics tab, chart and card. The month tables are nominal: a figure of month n is in that
 * month's dollars. In today's dollars each money figure of a month row is shown as
 * todaysDollars(amount, inflation, n) =
 * roundHalfUp(amount / (1 + inflation/100)^floor((n − 1) / 12)), month 1 being the plan start
 * (the engine's function; display only, nothing stored changes). Example: at 3 % a balance of
 * $106,090 in month 25 shows as $100,000.
 *
 * The choice is kept on this device (local storage) and offered only while an inflation rate is
 * set: without one both views are the same. The switch is analytics' DollarsSwitch.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { todaysDollars } from '../../engine/assumptions.ts';
import type { Cents } from '../../engine/money.ts';
import { monthsBetween, parseMonthKey, type MonthKey } from '../../engine/months.ts';
import { NOT_MONEY } from '../../shared/months/tables.ts';
import { useSingle } from '../data/bindings/hooks.ts';
import { usePlanTableActuals } from '../data/bindings/plan-table-actuals.ts';

export type DollarsMode = 'future' | 'today';

/** Local storage key of the choice (per device, kept across sign-ins). */
export const DOLLARS_KEY = 'analyticsDollars';

export const DOLLARS_LABELS: Record<DollarsMode, string> = { future: 'Future dollars', today: "Today's dollars" };

/** Row money fields: every number but the row id and the engine's non-money fields. */
const isMoney = (key: string, value: unknown): value is Cents => typeof value === 'number' && key !== 'id' && !NOT_MONEY.has(key);

export interface DollarsView {
  /** What the screens show: 'today' only while an inflation rate is set. */
  readonly mode: DollarsMode;
  /** The stored choice, whatever the inflation. */
  readonly chosen: DollarsMode;
  choose(mode: DollarsMode): void;
  /** The inflation rate set (0 without one). */
  readonly inflation: number;
  readonly planStart: MonthKey | null;
  /** An amount of `month` as shown. */
  amount(value: Cents, month: MonthKey): Cents;
  /** Month tables as shown: every money field of every row with a month converted. */
  table<T>(table: T): T;
}

const NOMINAL: DollarsView = {
  mode: 'future',
  chosen: 'future',
  choose: () => undefined,
  inflation: 0,
  planStart: null,
  amount: (value) => value,
  table: (table) => table,
};

const DollarsContext = createContext<DollarsView>(NOMINAL);

function storedMode(): DollarsMode {
  try {
    return window.localStorage.getItem(DOLLARS_KEY) === 'today' ? 'today' : 'future';
  } catch {
    return 'future';
  }
}

/** Where a converted row keeps the row it was made from. */
const STORED = Symbol('stored row');

/**
 * The row as stored (its month's dollars) of a row shown in today's dollars; the row itself
 * otherwise. An edit starts from, and saves, the month's own dollars.
 */
export function nominalRow<Row extends object>(row: Row): Row {
  return ((row as { [STORED]?: Row })[STORED] ?? row);
}

/** A row's money fields in today's dollars; other fields and nulls as they are. */
function convertRow(row: Record<string, unknown>, convert: (value: Cents, month: MonthKey) => Cents, month: MonthKey): Record<string, unknown> {
  const out: Record<string | symbol, unknown> = { [STORED]: row };
  for (const [key, value] of Object.entries(row)) out[key] = isMoney(key, value) ? convert(value, month) : value;
  return out;
}

/** Walks a table (arrays, entities, rows): an object with a 'YYYY-MM' month is a row. */
function convertTable(value: unknown, convert: (value: Cents, month: MonthKey) => Cents): unknown {
  if (Array.isArray(value)) return value.map((item) => convertTable(item, convert));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const month = typeof record.month === 'string' ? parseMonthKey(record.month) : null;
  if (month) return convertRow(record, convert, month);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) out[key] = Array.isArray(item) ? convertTable(item, convert) : item;
  return out;
}

export function DollarsProvider({ children }: { children: ReactNode }) {
  const assumptions = useSingle('assumptions');
  const planStart = usePlanTableActuals().start;
  const [chosen, setChosen] = useState<DollarsMode>(storedMode);
  const rate = assumptions.record?.inflation_rate;
  const inflation = typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : 0;
  const choose = useCallback((mode: DollarsMode) => {
    try {
      window.localStorage.setItem(DOLLARS_KEY, mode);
    } catch {
      // Storage refused (private mode): the choice holds for this visit.
    }
    setChosen(mode);
  }, []);
  const view = useMemo((): DollarsView => {
    if (chosen !== 'today' || inflation === 0 || planStart === null) return { ...NOMINAL, chosen, choose, inflation, planStart };
    const amount = (value: Cents, month: MonthKey) => todaysDollars(value, inflation, monthsBetween(planStart, month) + 1);
    return { mode: 'today', chosen, choose, inflation, planStart, amount, table: <T,>(table: T) => convertTable(table, amount) as T };
  }, [chosen, choose, inflation, planStart]);
  return <DollarsContext.Provider value={view}>{children}</DollarsContext.Provider>;
}

export function useDollars(): DollarsView {
  return useContext(DollarsContext);
}
