// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addMonths, monthKey, type MonthKey } from '../../../../engine/months.ts';
import { renderScreen } from '../../../test-support/render.testing.tsx';
import { bodyRows, monthsOf, SCROLLER_HEIGHT } from '../../../test-support/analytics.testing.tsx';
import { balanceColumnOf, MonthTable, NARROW_QUERY, ROW_HEIGHT, VIRTUALIZE_ABOVE } from './MonthTable.tsx';
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
    screen.getByText('Nothing here');
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

// ---- On a phone ---------------------------------------------------------------------------------

/** A debt table's columns: End Balance stands before % Paid, as in Debt Progress. */
const debtColumns: Column<Row>[] = [
  { header: 'Payment', align: 'right', cell: (row) => `p${row.value}` },
  { header: 'End Balance', align: 'right', cell: (row) => `b${row.value}` },
  { header: '% Paid', align: 'right', cell: (row) => `${row.value}%` },
];

/** Makes the viewport a phone's for Mantine's useMediaQuery (jsdom's stub matches nothing). */
function onPhone() {
  const matchMedia = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...matchMedia(query), matches: query === NARROW_QUERY }));
}

const pinsOf = (cells: HTMLElement[]) => cells.map((cell) => `${cell.textContent}:${cell.getAttribute('data-pin') ?? '-'}`);
const headersOf = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('columnheader');

const scrollY = Object.getOwnPropertyDescriptor(window, 'scrollY');
afterEach(() => {
  vi.restoreAllMocks();
  if (scrollY) Object.defineProperty(window, 'scrollY', scrollY);
});

describe('balanceColumnOf', () => {
  it('picks the last column named Balance or … Balance', () => {
    const named = (...headers: string[]): Column<Row>[] => headers.map((header) => ({ header, cell: () => '' }));
    expect(balanceColumnOf(named('Net Income', 'End Balance', 'Adjustment'))?.header).toBe('End Balance');
    expect(balanceColumnOf(named('Withdrawals', 'Cash Left', 'Balance'))?.header).toBe('Balance');
    expect(balanceColumnOf(named('Starting Balance', 'Interest', 'End Balance'))?.header).toBe('End Balance');
    expect(balanceColumnOf(named('Value', 'Balanced'))).toBeUndefined();
  });
});

describe('MonthTable on a phone', () => {
  it('pins Month left and the balance and Actions right, the balance moved next to Actions', () => {
    onPhone();
    const onEdit = vi.fn();
    renderScreen(<MonthTable label="Debt months" rows={rows(3)} columns={debtColumns} today={today} onEdit={onEdit} />);
    const scroller = screen.getByRole('region', { name: 'Debt months, scrollable' });
    expect(scroller.closest('[data-layout]')?.getAttribute('data-layout')).toBe('narrow');
    expect(pinsOf(headersOf('Debt months'))).toEqual(['Month:start', 'Payment:-', '% Paid:-', 'End Balance:end', 'Actions:end']);
    expect(pinsOf(within(bodyRows('Debt months')[2]!).getAllByRole('cell'))).toEqual(['2026-03:start', 'p2:-', '2%:-', 'b2:end', 'Edit:end']);
    // Each column has its fixed width, so the sticky copy of the header lines up with the table.
    expect(screen.getByRole('table', { name: 'Debt months' }).querySelectorAll('colgroup col')).toHaveLength(5);
    // The Edit buttons keep their names and their work.
    fireEvent.click(screen.getByRole('button', { name: 'Edit 2026-02' }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ month: '2026-02' }));
  });

  it('heads the table with an aria-hidden copy of its header row that sticks under the page header', () => {
    onPhone();
    const banner = document.createElement('header');
    banner.style.position = 'sticky';
    vi.spyOn(banner, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 390, height: 57 }));
    document.body.prepend(banner);
    try {
      renderScreen(<MonthTable label="Debt months" rows={rows(3)} columns={debtColumns} today={today} onEdit={() => {}} />);
      const frame = screen.getByRole('region', { name: 'Debt months, scrollable' }).parentElement!;
      const copy = frame.querySelector('[data-month-table-head]')!;
      expect(copy.getAttribute('aria-hidden')).toBe('true');
      expect([...copy.querySelectorAll('th')].map((th) => `${th.textContent}:${th.getAttribute('data-pin') ?? '-'}`)).toEqual(pinsOf(headersOf('Debt months')));
      // Only the real table is a table to assistive technology.
      expect(screen.getAllByRole('table')).toHaveLength(1);
      expect(frame.style.getPropertyValue('--page-header-height')).toBe('57px');
      // The copy follows the table's sideways scroll.
      const scroller = screen.getByRole('region', { name: 'Debt months, scrollable' });
      scroller.scrollLeft = 120;
      fireEvent.scroll(scroller);
      expect(copy.scrollLeft).toBe(120);
    } finally {
      banner.remove();
    }
  });

  it('puts a month’s marks under it and keeps the view-only balance pinned at the right edge', () => {
    onPhone();
    const actualOf = (row: Row) => ({ isActual: row.id === 2, adjustment: (row.id === 2 ? -11000 : 0) as Cents });
    renderScreen(<MonthTable label="Debt months" rows={rows(3)} columns={debtColumns} today={today} actualOf={actualOf} pendingIds={new Set([2])} />);
    // No Actions column: the balance is the last column, after the Adjustment the actual brought.
    expect(pinsOf(headersOf('Debt months'))).toEqual(['Month:start', 'Payment:-', '% Paid:-', 'Adjustment:-', 'End Balance:end']);
    const month = within(bodyRows('Debt months')[1]!).getAllByRole('cell')[0]!;
    expect(month.textContent).toBe('2026-02Actualpending sync');
    expect(month.lastElementChild?.textContent).toBe('Actualpending sync');
    expect(month.lastElementChild?.tagName).toBe('SPAN');
  });

  it('renders only the rows in the window’s view of a 900-row table, and follows the page’s scroll', async () => {
    onPhone();
    // jsdom lays nothing out: the table's body starts 500 px down the page, as a browser would say.
    // The virtualiser writes the window's position once when it attaches (jsdom has no scrolling).
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    vi.spyOn(HTMLTableSectionElement.prototype, 'getBoundingClientRect').mockImplementation(() => DOMRect.fromRect({ x: 0, y: 500 - window.scrollY, width: 358, height: 0 }));
    renderScreen(<MonthTable label="Long months" rows={rows(900)} columns={columns} today={today} onEdit={() => {}} />);
    await waitFor(() => expect(bodyRows('Long months').length).toBeGreaterThan(0));
    // The page scrolls, not the table's box: its box has no vertical scroll of its own to follow.
    const inView = Math.ceil(window.innerHeight / ROW_HEIGHT);
    expect(bodyRows('Long months').length).toBeLessThan(inView + 30);
    expect(monthsOf('Long months')[0]).toBe('2026-01');

    await act(async () => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 500 + 500 * ROW_HEIGHT });
      window.dispatchEvent(new Event('scroll'));
    });
    const month500 = addMonths(monthKey(2026, 1), 500);
    await waitFor(() => expect(monthsOf('Long months')).toContain(month500));
    expect(monthsOf('Long months')).not.toContain('2026-01');
    expect(bodyRows('Long months').find((r) => r.textContent?.startsWith(month500))?.getAttribute('aria-rowindex')).toBe('502');
    const spacer = screen.getByRole('table', { name: 'Long months' }).querySelector('tbody tr[aria-hidden="true"] td') as HTMLElement;
    expect(parseInt(spacer.style.height, 10)).toBeGreaterThan(400 * ROW_HEIGHT);
  });
});

describe('MonthTable on a desktop', () => {
  it('keeps the columns in their order, unpinned, with no header copy and no fixed widths', () => {
    renderScreen(<MonthTable label="Debt months" rows={rows(3)} columns={debtColumns} today={today} onEdit={() => {}} />);
    const table = screen.getByRole('table', { name: 'Debt months' });
    expect(headersOf('Debt months').map((th) => th.textContent)).toEqual(['Month', 'Payment', 'End Balance', '% Paid', 'Actions']);
    expect(table.querySelectorAll('[data-pin]')).toHaveLength(0);
    expect(table.querySelector('colgroup')).toBeNull();
    expect(document.querySelector('[data-month-table-head]')).toBeNull();
    expect(document.querySelector('[data-layout]')).toBeNull();
  });
});
