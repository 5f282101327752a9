/**
 * A tab's month table over the months its range shows, with the month edit behind each row's Edit
 * (the actual balance): the tab says what a row's edit is (its table, field and rule), this keeps
 * which month is open. Without `editOf` the table is view only, as the totals of several debts or
 * accounts are.
 */
import { useMemo, useState } from 'react';
import type { MonthKey } from '../../../../engine/months.ts';
import { monthActual } from '../../../../engine/month-views.ts';
import type { Column } from '../../../ui/column.ts';
import { MonthEditModal, type MonthEdit } from '../MonthEditModal.tsx';
import { MonthTable, type MonthRow } from './MonthTable.tsx';

/** A row of any month table: whether it shows an actual is the engine's to say. */
type ActualRow = MonthRow & Parameters<typeof monthActual>[0];

export interface EditableMonthTableProps<Row extends ActualRow, T> {
  /** The table's accessible name, e.g. 'Debt months, Car loan'. */
  label: string;
  /** The months the range shows. */
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  today: MonthKey;
  /**
   * The edit a row's Edit opens; undefined for a view-only table. Keep it stable (useCallback): a
   * new function each render would re-create every row's Edit handler.
   */
  editOf: ((row: Row) => MonthEdit<T>) | undefined;
  pendingIds: ReadonlySet<number>;
}

export function EditableMonthTable<Row extends ActualRow, T>({ label, rows, columns, today, editOf, pendingIds }: EditableMonthTableProps<Row, T>) {
  const [editing, setEditing] = useState<MonthEdit<T> | null>(null);
  const onEdit = useMemo(() => editOf && ((row: Row) => setEditing(editOf(row))), [editOf]);
  return (
    <>
      <MonthTable
        label={label}
        rows={rows}
        columns={columns}
        today={today}
        onEdit={onEdit}
        pendingIds={pendingIds}
        emptyText="No months from the current month on. Choose All Months to see earlier ones."
        actualOf={monthActual}
      />
      {editing && <MonthEditModal edit={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
