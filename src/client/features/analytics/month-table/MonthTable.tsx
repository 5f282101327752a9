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
 *
 * On a phone (a viewport below NARROW_QUERY) a box that scrolled both ways inside a page that
 * scrolls too left the balance and the Edit button off-screen and two scroll areas under one
 * thumb. There the page alone scrolls down: the table's box has no height limit and scrolls only
 * sideways, long tables render the rows in the window's view, the column headers stick under the
 * page's header (an aria-hidden copy of the header row, since a header inside a sideways scroller
 * cannot stick to the page), and the Month column stays at the left while the balance column and
 * Actions stay at the right, the other figures passing between them. Columns have fixed widths
 * there so the copy's headers line up with the table's.
 */
import { Badge, Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useVirtualizer, useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { MonthKey } from '../../../../engine/months.ts';
import { isEditableMonth, type MonthActual } from '../../../../engine/month-views.ts';
import { signedWholeUsd } from '../../../ui/figure-text.ts';
import type { Column } from '../../../ui/column.ts';
import { PendingMark } from '../../../ui/PendingMark.tsx';
import classes from './MonthTable.module.css';

/** Tables up to this many rows render whole (and are found by the browser's find-in-page). */
export const VIRTUALIZE_ABOVE = 60;
/** The fixed row height in CSS pixels (MonthTable.module.css: td height 41px, its border included). */
export const ROW_HEIGHT = 41;
const OVERSCAN = 10;
/** Where the phone layout applies: below Mantine's `sm` breakpoint (48em, 768 px). */
export const NARROW_QUERY = '(max-width: 47.99em)';

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
  /** The phone layout: marks under the month, pinned cells, a larger Edit button. */
  narrow: boolean;
  /** The pinned balance column on a phone. */
  balance: Column<Row> | undefined;
}

function MonthTableRowInner<Row extends MonthRow>({ row, index, columns, today, onEdit, pending, actual, narrow, balance }: RowProps<Row>) {
  const marks = (
    <>
      {actual && (
        <Badge size="xs" color="teal" variant="light" tt="none" ml={narrow ? 0 : 6} title="The balance you entered for this month">
          Actual
        </Badge>
      )}
      <PendingMark pending={pending} />
    </>
  );
  return (
    <tr className={classes.row} aria-rowindex={index + 2} data-stripe={index % 2 === 1 ? true : undefined} data-current={row.month === today ? true : undefined}>
      <td data-pin={narrow ? 'start' : undefined}>
        {row.month}
        {narrow && (actual || pending) ? <span className={classes.marks}>{marks}</span> : marks}
      </td>
      {columns.map((column) => (
        <td key={column.header} data-numeric={column.align === 'right' ? true : undefined} data-pin={narrow && column === balance ? 'end' : undefined}>
          {column.cell(row)}
        </td>
      ))}
      {onEdit && (
        <td data-pin={narrow ? 'end' : undefined}>
          {isEditableMonth(row.month, today) ? (
            <Button size={narrow ? 'xs' : 'compact-sm'} px={narrow ? 10 : undefined} variant="light" onClick={() => onEdit(row)} aria-label={`Edit ${row.month}`}>
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

/**
 * The column kept in view at the right on a phone: the last whose header is 'Balance' or ends in
 * ' Balance' (End Balance in Income Future and Debt Progress, Balance in the retirement tabs).
 */
export function balanceColumnOf<Row>(columns: readonly Column<Row>[]): Column<Row> | undefined {
  return columns.findLast((column) => column.header === 'Balance' || column.header.endsWith(' Balance'));
}

/** The phone's column order: the balance column moves last, next to Actions, where it is pinned. */
function narrowOrder<Row>(columns: readonly Column<Row>[], balance: Column<Row> | undefined): readonly Column<Row>[] {
  return balance ? [...columns.filter((column) => column !== balance), balance] : columns;
}

/**
 * The height of the page's own sticky header (the app's banner), which the table's header row
 * sticks under on a phone; 0 when the page has none or it scrolls away.
 */
function usePageHeaderHeight(enabled: boolean): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const banner = enabled ? document.querySelector('header') : null;
    if (!banner) return;
    const measure = () => {
      const { position } = getComputedStyle(banner);
      setHeight(position === 'sticky' || position === 'fixed' ? banner.getBoundingClientRect().height : 0);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(banner);
    return () => observer.disconnect();
  }, [enabled]);
  return height;
}

/**
 * Where the table's first row starts in the document (the window virtualiser's scrollMargin),
 * measured after each render and again whenever the page's height changes (a chart or a panel
 * above the table growing moves it).
 */
function useDocumentTop(element: { readonly current: HTMLElement | null }, enabled: boolean): number {
  const [top, setTop] = useState(0);
  const measure = useCallback(() => {
    const node = element.current;
    if (!node) return;
    const next = Math.round(node.getBoundingClientRect().top + window.scrollY);
    setTop((previous) => (previous === next ? previous : next));
  }, [element]);
  useLayoutEffect(() => {
    if (enabled) measure();
  });
  useEffect(() => {
    if (!enabled) return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [enabled, measure]);
  return top;
}

// Rows re-render only when their own figures change: scrolling mounts the rows coming into view
// and leaves the others alone.
const MonthTableRow = memo(MonthTableRowInner) as typeof MonthTableRowInner;

/** The header row; on a phone the same row heads the aria-hidden copy that sticks to the page. */
function headerRow<Row>(columns: readonly Column<Row>[], withActions: boolean, narrow: boolean, balance: Column<Row> | undefined): ReactNode {
  return (
    <tr aria-rowindex={1}>
      <th scope="col" data-pin={narrow ? 'start' : undefined}>
        Month
      </th>
      {columns.map((column) => (
        <th key={column.header} scope="col" data-numeric={column.align === 'right' ? true : undefined} data-pin={narrow && column === balance ? 'end' : undefined}>
          {column.header}
        </th>
      ))}
      {withActions && (
        <th scope="col" data-pin={narrow ? 'end' : undefined}>
          Actions
        </th>
      )}
    </tr>
  );
}

/** The phone's fixed column widths (MonthTable.module.css), so the sticky copy lines up. */
function narrowColumns<Row>(columns: readonly Column<Row>[], balance: Column<Row> | undefined, withActions: boolean): ReactNode {
  return (
    <colgroup>
      <col className={classes.monthCol} />
      {columns.map((column) => (
        <col key={column.header} className={column === balance ? classes.balanceCol : classes.figureCol} />
      ))}
      {withActions && <col className={classes.actionsCol} />}
    </colgroup>
  );
}

export function MonthTable<Row extends MonthRow>({ label, rows, columns: baseColumns, today, onEdit, pendingIds, emptyText, actualOf }: MonthTableProps<Row>) {
  const narrow = useMediaQuery(NARROW_QUERY, undefined, { getInitialValueInEffect: false });
  const allColumns = useMemo(() => withAdjustment(baseColumns, rows, actualOf), [baseColumns, rows, actualOf]);
  const balance = narrow ? balanceColumnOf(allColumns) : undefined;
  const columns = useMemo(() => (narrow ? narrowOrder(allColumns, balance) : allColumns), [narrow, allColumns, balance]);
  const scroller = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  const windowed = rows.length > VIRTUALIZE_ABOVE;
  // A desktop table scrolls in its own box; a phone's scrolls with the page (the window).
  const virtualizer = useVirtualizer({
    count: windowed && !narrow ? rows.length : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    // Scrolling re-renders through React's normal scheduling, not a synchronous flush per event.
    useFlushSync: false,
  });
  const bodyTop = useDocumentTop(body, windowed && narrow);
  const windowVirtualizer = useWindowVirtualizer({
    // Disabled, it leaves the window alone (enabled, it writes the window's scroll position once).
    enabled: windowed && narrow,
    count: windowed && narrow ? rows.length : 0,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin: bodyTop,
    useFlushSync: false,
  });
  const headerHeight = usePageHeaderHeight(narrow);
  const columnCount = columns.length + 1 + (onEdit ? 1 : 0);

  let first = 0;
  let last = rows.length;
  let before = 0;
  let after = 0;
  if (windowed) {
    const active = narrow ? windowVirtualizer : virtualizer;
    const margin = active.options.scrollMargin;
    const items = active.getVirtualItems();
    first = items[0]?.index ?? 0;
    last = (items.at(-1)?.index ?? -1) + 1;
    before = (items[0]?.start ?? margin) - margin;
    after = Math.max(0, active.getTotalSize() - ((items.at(-1)?.end ?? margin) - margin));
  }
  const shown = windowed ? rows.slice(first, last) : rows;
  // The sticky copy of the header follows the table's sideways scroll.
  const followScroll = useCallback(() => {
    if (head.current && scroller.current) head.current.scrollLeft = scroller.current.scrollLeft;
  }, []);
  const layout = narrow
    ? ({
        '--page-header-height': `${headerHeight}px`,
        '--figure-columns': columns.length - (balance ? 1 : 0),
        '--balance-columns': balance ? 1 : 0,
        '--actions-columns': onEdit ? 1 : 0,
      } as CSSProperties)
    : undefined;

  return (
    <div className={classes.frame} data-layout={narrow ? 'narrow' : undefined} style={layout}>
      {narrow && (
        <div ref={head} className={classes.head} aria-hidden="true" data-month-table-head="">
          <table className={classes.table}>
            {narrowColumns(columns, balance, onEdit !== undefined)}
            <thead>{headerRow(columns, onEdit !== undefined, narrow, balance)}</thead>
          </table>
        </div>
      )}
      <div
        ref={scroller}
        className={classes.scroller}
        tabIndex={0}
        role="region"
        aria-label={`${label}, scrollable`}
        data-month-scroller=""
        onScroll={narrow ? followScroll : undefined}
      >
        <table className={classes.table} aria-label={label} aria-rowcount={rows.length + 1} data-rows={rows.length}>
          {narrow && narrowColumns(columns, balance, onEdit !== undefined)}
          <thead>{headerRow(columns, onEdit !== undefined, narrow, balance)}</thead>
          <tbody ref={body}>
            {before > 0 && (
              <tr className={classes.spacer} aria-hidden="true">
                <td colSpan={columnCount} style={{ height: before }} />
              </tr>
            )}
            {shown.map((row, i) => (
              <MonthTableRow
                key={row.id}
                row={row}
                index={first + i}
                columns={columns}
                today={today}
                onEdit={onEdit}
                pending={pendingIds?.has(row.id) ?? false}
                actual={actualOf?.(row).isActual ?? false}
                narrow={narrow}
                balance={balance}
              />
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
    </div>
  );
}
