/**
 * A subscriber's data layer whose server also answers the four month tables, as the tests of what
 * is read before a screen opens use it (plan-input-reads.test.tsx, dashboard/tab-reads.test.tsx).
 * Only what the engine's input reads from the tables is in them: their first month.
 */
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { ApiRequest, ApiResult } from '../data/api.ts';
import type { DataLayer } from '../data/layer-api.ts';
import type { WireRecord } from '../data/mirror/db.ts';
import { makeLayer } from './render.testing.tsx';

const MONTH_TABLES: { readonly [path: string]: object } = {
  '/api/v1/income_months': { income_months: [{ id: 1, month: '2026-01', input_end_balance: null }] },
  '/api/v1/debt_months': { debts: [], total: [{ id: 2, month: '2026-01' }] },
  '/api/v1/contribution_months': { retirement_contribution_months: [] },
  '/api/v1/retirement_months': { accounts: [], total: [] },
};

const serveMonthTables = (request: ApiRequest): ApiResult | undefined =>
  request.method === 'GET' && request.path in MONTH_TABLES ? { ok: true, status: 200, data: MONTH_TABLES[request.path] } : undefined;

/** A subscriber's layer over a server holding `records` (by path) and `singles`, and the month tables. */
export function makePlanLayer(records: Record<string, WireRecord[]>, singles: Record<string, WireRecord> = {}): ReturnType<typeof makeLayer> {
  return makeLayer({ subscribed: true, records, singles, intercept: serveMonthTables });
}

/** Waits until the layer's first load has put every month table in the mirror, as on a second visit. */
export async function monthTablesInMirror(layer: DataLayer): Promise<void> {
  await layer.ready;
  await waitFor(async () => expect(await layer.db.months.count()).toBe(Object.keys(MONTH_TABLES).length), { timeout: 10_000 });
}
