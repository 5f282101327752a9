// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addMonths, monthKey, type MonthKey } from '../../../../engine/months.ts';
import { renderScreen } from '../../../test-support/render.testing.tsx';
import { bodyRows, monthsOf, SCROLLER_HEIGHT } from '../test-helpers.testing.tsx';
import { MonthTable, ROW_HEIGHT, VIRTUALIZE_ABOVE } from './MonthTable.tsx';
import type { Column } from '../../../ui/column.ts';
import type { Cents } from '../../../../engine/money.ts';

interface Row {
  id: number;
  month: MonthKey;
  value: number;
}

const rows = (count: number): Row[] => Array.from({ length: count }, (_, i) => ({ id: i + 1, month: addMonths(monthKey(2026, 1), i), value: i }));
const columns: Column<Row>[] = [{ header: 'Value', align: 'right', cell: (row) => String(row.value) }];
const today = monthKey(2026, 3);

describe('MonthTable', () => {
  it('renders a short table whole, with Edit up to the current month and Future after', () => {
    const onEdit = vi.fn();
    renderScreen(<MonthTable label="Test months" rows={rows(5)} columns={columns} today={today} onEdit={onEdit} />);
    expect(monthsOf('Test months')).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05']);
    expect(bodyRows('Test months').map((row) => within(row).getAllByRole('cell').at(-1)?.textContent)).toEqual(['Edit', 'Edit', 'Edit', 'Future', 'Future']);
    fireEvent.click(screen.getByRole('button', { name: 'Edit 2026-03' }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ month: '2026-03' }));
    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Month', 'Value', 'Actions']);
  });

  it('has no Actions column when view only, and says when the range shows no months', () => {
    renderScreen(<MonthTable label="Test months" rows={[]} columns={columns} today={today} emptyText="Nothing here" />);
    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Month', 'Value']);
    expect(screen.getByText('Nothing here')).toBeTruthy();
  });

  it('renders only the rows in view of a 900-row table, and follows the scroll', async () => {
    renderScreen(<MonthTable label="Long months" rows={rows(900)} columns={columns} today={today} onEdit={() => {}} />);
    const table = screen.getByRole('table', { name: 'Long months' });
    // The whole table's size is announced; the DOM holds a window of it.
    expect(table.getAttribute('aria-rowcount')).toBe('901');
    expect(900).toBeGreaterThan(VIRTUALIZE_ABOVE);
    await waitFor(() => expect(bodyRows('Long months').length).toBeGreaterThan(0));
    const inView = Math.ceil(SCROLLER_HEIGHT / ROW_HEIGHT);
    expect(bodyRows('Long months').length).toBeLessThan(inView + 30);
    expect(monthsOf('Long months')[0]).toBe('2026-01');
    expect(bodyRows('Long months')[0]?.getAttribute('aria-rowindex')).toBe('2');

    // Scroll to row 500: its month renders, with its place in the whole table.
    const scroller = screen.getByRole('region', { name: 'Long months, scrollable' });
    await act(async () => {
      scroller.scrollTop = 500 * ROW_HEIGHT;
      fireEvent.scroll(scroller);
    });
    const month500 = addMonths(monthKey(2026, 1), 500);
    await waitFor(() => expect(monthsOf('Long months')).toContain(month500));
    const row = bodyRows('Long months').find((r) => r.textContent?.startsWith(month500));
    expect(row?.getAttribute('aria-rowindex')).toBe('502');
    expect(monthsOf('Long months')).not.toContain('2026-01');
    // The spacer above stands in for the rows scrolled past.
    const spacer = table.querySelector('tbody tr[aria-hidden="true"] td') as HTMLElement;
    expect(parseInt(spacer.style.height, 10)).toBeGreaterThan(400 * ROW_HEIGHT);
  });

  it('marks rows with an edit waiting for the server', () => {
    renderScreen(<MonthTable label="Test months" rows={rows(3)} columns={columns} today={today} onEdit={() => {}} pendingIds={new Set([2])} />);
    expect(bodyRows('Test months').map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['2026-01', '2026-02pending sync', '2026-03']);
  });

  it('marks rows that show an actual and adds an Adjustment column while any row was moved', () => {
    // Row 2 carries an actual that moved it by −110.00; row 3 an actual equal to its computed balance.
    const actualOf = (row: Row) => ({ isActual: row.id !== 1, adjustment: (row.id === 2 ? -11000 : 0) as Cents });
    const { unmount } = renderScreen(<MonthTable label="Test months" rows={rows(3)} columns={columns} today={today} actualOf={actualOf} />);
    expect(bodyRows('Test months').map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['2026-01', '2026-02Actual', '2026-03Actual']);
    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Month', 'Value', 'Adjustment']);
    expect(bodyRows('Test months').map((row) => within(row).getAllByRole('cell').at(-1)?.textContent)).toEqual(['', '-$110', '']);
    unmount();
    // No row moved: no Adjustment column.
    renderScreen(<MonthTable label="Test months" rows={rows(3)} columns={columns} today={today} actualOf={() => ({ isActual: false, adjustment: 0 as Cents })} />);
    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Month', 'Value']);
  });
});
