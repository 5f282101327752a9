/**
 * The month table every analytics tab shows: a real <table> (its rows and column headers are what
 * a screen reader and the accessibility tree see, and the accessible equivalent of the chart
 * above it), whole dollars, months as YYYY-MM, and an Actions column whose Edit button appears
 * only on months the engine allows (the current month or earlier); later months say 'Future'.
 *
 * A row that shows the user's actual balance is marked 'Actual', and while the rows hold any
 * actual an Adjustment column gives what each actual moved (engine monthActual: shown − computed),
 * so a corrected row still adds up: opening − principal + adjustment = end balance.
 *
 * A retirement table runs up to 1 200 months. Above VIRTUALIZE_ABOVE rows only the rows in view
 * (plus a margin) are in the DOM: two spacer rows stand in for the rest, so the scrollbar and the
 * sticky header behave as for the whole table, and aria-rowcount / aria-rowindex tell assistive
 * technology where each rendered row sits. Every row has the same fixed height, so the spacers
 * are exact without measuring rows while scrolling.
 */
import { Badge, Button } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useMemo, useRef } from 'react';
import type { MonthKey } from '../../../../engine/months.ts';
import { isEditableMonth, type MonthActual } from '../../../../engine/month-views.ts';
import { signedWholeUsd } from '../format.ts';
import type { Column } from '../../../ui/column.ts';
import { PendingMark } from '../../../ui/PendingMark.tsx';
import classes from './MonthTable.module.css';

/** Tables up to this many rows render whole (and are found by the browser's find-in-page). */
export const VIRTUALIZE_ABOVE = 60;
/** The fixed row height in CSS pixels (MonthTable.module.css: td height 41px, its border included). */
export const ROW_HEIGHT = 41;
const OVERSCAN = 10;

export interface MonthRow {
  readonly id: number;
  readonly month: MonthKey;
}

export interface MonthTableProps<Row extends MonthRow> {
  /** The table's accessible name, e.g. 'Income months'. */
  label: string;
  rows: readonly Row[];
  /** The columns after Month. */
  columns: readonly Column<Row>[];
  /** The current month (the clock's): decides which rows may be edited. */
  today: MonthKey;
  /** Opens the edit form of a row; without it the table is view only and has no Actions column. */
  onEdit?: ((row: Row) => void) | undefined;
  /** Rows with an edit that has not reached the server yet. */
  pendingIds?: ReadonlySet<number> | undefined;
  /** What the table says when the range shows no rows. */
  emptyText?: string;
  /** Whether a row shows an actual balance and its adjustment; without it rows carry no mark. */
  actualOf?: ((row: Row) => MonthActual) | undefined;
}

interface RowProps<Row extends MonthRow> {
  row: Row;
  index: number;
  columns: readonly Column<Row>[];
  today: MonthKey;
  onEdit: ((row: Row) => void) | undefined;
  pending: boolean;
  actual: boolean;
}

function MonthTableRowInner<Row extends MonthRow>({ row, index, columns, today, onEdit, pending, actual }: RowProps<Row>) {
  return (
    <tr className={classes.row} aria-rowindex={index + 2} data-stripe={index % 2 === 1 ? true : undefined} data-current={row.month === today ? true : undefined}>
      <td>
        {row.month}
        {actual && (
          <Badge size="xs" color="teal" variant="light" tt="none" ml={6} title="The balance you entered for this month">
            Actual
          </Badge>
        )}
        <PendingMark pending={pending} />
      </td>
      {columns.map((column) => (
        <td key={column.header} data-numeric={column.align === 'right' ? true : undefined}>
          {column.cell(row)}
        </td>
      ))}
      {onEdit && (
        <td>
          {isEditableMonth(row.month, today) ? (
            <Button size="compact-sm" variant="light" onClick={() => onEdit(row)} aria-label={`Edit ${row.month}`}>
              Edit
            </Button>
          ) : (
            <span className={classes.future}>Future</span>
          )}
        </td>
      )}
    </tr>
  );
}

/** The columns, with Adjustment after them while any row moved by an actual (totals included). */
function withAdjustment<Row extends MonthRow>(columns: readonly Column<Row>[], rows: readonly Row[], actualOf: ((row: Row) => MonthActual) | undefined): readonly Column<Row>[] {
  if (!actualOf || !rows.some((row) => actualOf(row).adjustment !== 0)) return columns;
  return [...columns, { header: 'Adjustment', align: 'right', cell: (row) => (actualOf(row).adjustment === 0 ? '' : signedWholeUsd(actualOf(row).adjustment)) }];
}

// Rows re-render only when their own figures change: scrolling mounts the rows coming into view
// and leaves the others alone.
const MonthTableRow = memo(MonthTableRowInner) as typeof MonthTableRowInner;

export function MonthTable<Row extends MonthRow>({ label, rows, columns: baseColumns, today, onEdit, pendingIds, emptyText, actualOf }: MonthTableProps<Row>) {
  const columns = useMemo(() => withAdjustment(baseColumns, rows, actualOf), [baseColumns, rows, actualOf]);
  const scroller = useRef<HTMLDivElement>(null);
  const windowed = rows.length > VIRTUALIZE_ABOVE;
  const virtualizer = useVirtualizer({
    count: windowed ? rows.length : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    // Scrolling re-renders through React's normal scheduling, not a synchronous flush per event.
    useFlushSync: false,
  });
  const columnCount = columns.length + 1 + (onEdit ? 1 : 0);

  let first = 0;
  let last = rows.length;
  let before = 0;
  let after = 0;
  if (windowed) {
    const items = virtualizer.getVirtualItems();
    first = items[0]?.index ?? 0;
    last = (items.at(-1)?.index ?? -1) + 1;
    before = items[0]?.start ?? 0;
    after = Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0));
  }
  const shown = windowed ? rows.slice(first, last) : rows;

  return (
    <div ref={scroller} className={classes.scroller} tabIndex={0} role="region" aria-label={`${label}, scrollable`} data-month-scroller="">
      <table className={classes.table} aria-label={label} aria-rowcount={rows.length + 1} data-rows={rows.length}>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Month</th>
            {columns.map((column) => (
              <th key={column.header} scope="col" data-numeric={column.align === 'right' ? true : undefined}>
                {column.header}
              </th>
            ))}
            {onEdit && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {before > 0 && (
            <tr className={classes.spacer} aria-hidden="true">
              <td colSpan={columnCount} style={{ height: before }} />
            </tr>
          )}
          {shown.map((row, i) => (
            <MonthTableRow key={row.id} row={row} index={first + i} columns={columns} today={today} onEdit={onEdit} pending={pendingIds?.has(row.id) ?? false} actual={actualOf?.(row).isActual ?? false} />
          ))}
          {after > 0 && (
            <tr className={classes.spacer} aria-hidden="true">
              <td colSpan={columnCount} style={{ height: after }} />
            </tr>
          )}
          {rows.length === 0 && (
            <tr>
              <td colSpan={columnCount}>{emptyText ?? 'No months to show.'}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
