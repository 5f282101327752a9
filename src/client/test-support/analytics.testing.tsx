/**
 * Helpers of the analytics screen tests: rows of a month table by month, card figures, and a gate
 * that holds a request until the test lets it through.
 */
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { ApiRequest } from '../data/api.ts';
import type { TestServer } from '../data/test-server.testing.ts';
import { makeLayer, type SetupOptions } from './render.testing.tsx';
import { renderRoutes } from './routes.testing.tsx';

/**
 * jsdom lays nothing out, so every box is 0 px high and a windowed month table would show no rows.
 * Month table scrollers get the height they have in a browser (640 px: 15 rows of 41 px in view).
 */
export const SCROLLER_HEIGHT = 640;
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
  configurable: true,
  get(this: HTMLElement) {
    return this.hasAttribute('data-month-scroller') ? SCROLLER_HEIGHT : (clientHeight?.get?.call(this) ?? 0);
  },
});

/**
 * Renders a tab at /analytics in a memory router (its empty states link to /dashboard) over a real
 * data layer, subscribed; `setOnline` flips the browser's online state.
 */
export function renderTab(ui: ReactNode, options: SetupOptions = {}) {
  const made = makeLayer({ subscribed: true, ...options });
  const routed = renderRoutes('/analytics', { '/analytics': () => ui }, { ...options, made });
  return { ...routed, setOnline: made.setOnline };
}

/** The body rows of a month table (without the header row and spacer rows). */
export function bodyRows(tableName: string | RegExp): HTMLElement[] {
  const table = screen.getByRole('table', { name: tableName });
  return within(table)
    .getAllByRole('row')
    .filter((row) => row.closest('tbody') !== null && row.getAttribute('aria-hidden') !== 'true');
}

/** The months a month table shows, in order. */
export function monthsOf(tableName: string | RegExp): string[] {
  return bodyRows(tableName).map((row) => (within(row).getAllByRole('cell')[0]?.textContent ?? '').slice(0, 7));
}

/** One row's cells' text, by month. */
export function rowOf(tableName: string | RegExp, month: string): HTMLElement {
  const row = bodyRows(tableName).find((r) => within(r).getAllByRole('cell')[0]?.textContent?.startsWith(month));
  if (!row) throw new Error(`no row ${month} in ${String(tableName)}`);
  return row;
}

export function cellsOf(tableName: string | RegExp, month: string): string[] {
  return within(rowOf(tableName, month))
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

export const card = (label: string) => screen.getByTestId(`card-${label}`).textContent;

/**
 * Holds the requests `match` picks until `release()`: a submit that has not been answered yet,
 * or a table still on its way.
 */
export function gate(server: TestServer, match: (request: ApiRequest) => boolean): { release(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const transport = server.transport;
  const send = transport.request.bind(transport);
  transport.request = async (request: ApiRequest) => {
    if (match(request)) await opened;
    return send(request);
  };
  return { release: () => open() };
}
