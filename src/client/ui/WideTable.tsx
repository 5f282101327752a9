/**
 * A table of figures too wide for a phone: below `minWidth` it scrolls sideways inside a region that
 * takes the keyboard's focus (a scrolling region with nothing focusable is out of a keyboard's
 * reach), named after the table with ', scrollable'.
 */
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface WideTableProps {
  /** The table's accessible name, e.g. 'Taxes by year'. */
  label: string;
  minWidth: number;
  testId?: string | undefined;
  children: ReactNode;
}

export function WideTable({ label, minWidth, testId, children }: WideTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={`${label}, scrollable`}>
      <Table aria-label={label} striped tabularNums verticalSpacing="xs" fz="sm" data-testid={testId}>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}
