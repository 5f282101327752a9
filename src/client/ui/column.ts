import type { ReactNode } from 'react';

/** A column of a table of records or months: its header, where it aligns, and each row's cell. */
export interface Column<Row> {
  readonly header: string;
  /** Amounts and counts stand at the right. */
  readonly align?: 'right';
  cell(row: Row): ReactNode;
}
