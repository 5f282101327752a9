/**
 * One sub-tab of Retirement Contributions or Retirement Living
 * (docs/product.md#screens-and-routes): the range toolbar, the tab's figure cards, the balance
 * chart, Insights & Trends and the month table over the months shown. An account's month opens its
 * edit (the actual balance); the total of all accounts is view only and says so.
 */
import { nominalRow } from '../../model/dollars.tsx';
import { Stack, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { centsToDollars } from '../../../engine/money.ts';
import type { MonthRange } from '../../../engine/month-views.ts';
import type { ContributionMonth, RetirementMonth } from '../../../engine/types.ts';
import { chartSample } from './chart-data.ts';
import { FigureCards, type FigureCard } from './FigureCards.tsx';
import { InsightsPanel } from './InsightsPanel.tsx';
import { MonthChart } from './MonthChart.tsx';
import type { MonthEdit } from './MonthEditModal.tsx';
import { MonthsToolbar, useToday } from '../../ui/MonthRange.tsx';
import { EditableMonthTable } from './month-table/EditableMonthTable.tsx';
import { ColumnNotes } from './month-table/ColumnNotes.tsx';
import type { Column } from '../../ui/column.ts';
import type { WithId } from '../../model/month-wire.ts';

type BalanceRow = WithId<ContributionMonth> | WithId<RetirementMonth>;

const NO_NOTES: Readonly<Partial<Record<string, string>>> = {};

/** What an account's month edit sends; the row and the account fill in the rest. */
export type AccountMonthEdit<T> = Omit<MonthEdit<T>, 'rowId' | 'month' | 'entityName' | 'current'>;

/** What each sub-tab is given: the account's (or the total's) rows and the page's state. */
export interface AccountTabProps<Row extends BalanceRow> {
  /** The account's name, or 'All Accounts'. */
  name: string;
  rows: readonly Row[];
  /** False for the view-only total of all accounts. */
  editable: boolean;
  range: MonthRange;
  onRange(range: MonthRange): void;
  provisional: boolean;
  pendingIds: ReadonlySet<number>;
}

export interface AccountMonthsViewProps<Row extends BalanceRow, T> extends Omit<AccountTabProps<Row>, 'rows'> {
  /** The months the range shows. */
  shown: readonly Row[];
  cards: readonly FigureCard[];
  /** The table's accessible name before the account's, e.g. 'Contribution months'. */
  tableLabel: string;
  columns: readonly Column<Row>[];
  /** A module constant: a new object each render would re-create every row's Edit handler. */
  edit: AccountMonthEdit<T>;
  /** What the optional columns are, said above the table while they show (month-columns.ts). */
  notes?: Readonly<Partial<Record<string, string>>>;
}

export function AccountMonthsView<Row extends BalanceRow, T>({ name, shown, editable, range, onRange, provisional, pendingIds, cards, tableLabel, columns, edit, notes = NO_NOTES }: AccountMonthsViewProps<Row, T>) {
  const today = useToday();
  const chart = useMemo(() => chartSample(shown).map((row) => ({ month: row.month, Balance: centsToDollars(row.displayBalance) })), [shown]);
  const editOf = useCallback((row: Row): MonthEdit<T> => ({ ...edit, rowId: row.id, month: row.month, entityName: name, current: nominalRow(row).displayBalance }), [edit, name]);
  return (
    <Stack>
      <MonthsToolbar range={range} onRange={onRange} provisional={provisional} />
      <FigureCards cards={cards} />
      <MonthChart label={`Balance by month, ${name}`} data={chart} series={[{ name: 'Balance', color: 'teal.6' }]} />
      <InsightsPanel rows={shown} />
      {!editable && (
        <Text size="sm" c="dimmed">
          The total of all accounts is view only: choose an account to enter its actual balance.
        </Text>
      )}
      <ColumnNotes headers={columns.map((column) => column.header)} notes={notes} />
      <EditableMonthTable label={`${tableLabel}, ${name}`} rows={shown} columns={columns} today={today} editOf={editable ? editOf : undefined} pendingIds={pendingIds} />
    </Stack>
  );
}
