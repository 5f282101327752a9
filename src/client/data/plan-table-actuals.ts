/**
 * The hook behind the plan's input (usePlanInput) and the dollars' month 1 (dollars.tsx): what the
 * month tables give the plan, read from their actuals in the mirror (month-actuals.ts). Apart from
 * hooks.ts so that the first page's script (which has the hooks) carries none of the plan's code.
 */
import { useMemo } from 'react';
import type { MonthKey } from '../../engine/months.ts';
import type { ProjectionActuals } from '../../engine/types.ts';
import { planFromTables } from '../../shared/months/input.ts';
import { MONTH_KINDS } from '../../shared/months/tables.ts';
import { MONTHS_OF_KIND } from '../../shared/resources.ts';
import { useMirrorRead, useMonthsStatus } from './hooks.ts';
import { PLAN_TABLE_ACTUALS } from './month-actuals.ts';

export interface TableActualsView {
  /** Month 1 of the month tables the mirror holds (shared/months/input.ts planFromTables); null with none. */
  start: MonthKey | null;
  /** The user's actual values in those tables. */
  actuals: ProjectionActuals;
  /** Waiting for the mirror's first answer, or for a table's first fetch with nothing in the mirror yet. */
  loading: boolean;
}

/**
 * What the plan's input takes from the four month tables: their first month and the user's actual
 * values, read from what the mirror keeps of each (month-actuals.ts), not from the tables
 * themselves (megabytes). The tables' fetch statuses are the ones useMonths watches (hooks.ts).
 */
export function usePlanTableActuals(): TableActualsView {
  const read = useMirrorRead(PLAN_TABLE_ACTUALS);
  // One hook per table, always the same four in the same order.
  const fetches = {
    income: useMonthsStatus(MONTHS_OF_KIND.income),
    debt: useMonthsStatus(MONTHS_OF_KIND.debt),
    contribution: useMonthsStatus(MONTHS_OF_KIND.contribution),
    retirement: useMonthsStatus(MONTHS_OF_KIND.retirement),
  };
  const parts = read.value;
  const plan = useMemo(() => planFromTables(parts ?? {}), [parts]);
  // As useMonths: a table still waiting is one with nothing in the mirror whose first answer, or
  // whose fetch, is still to come.
  const loading = MONTH_KINDS.some((kind) => {
    const fetch = fetches[kind];
    const pending = parts === undefined || fetch === undefined || (fetch.ok && fetch.value?.loading === true);
    return pending && parts?.[kind] === undefined;
  });
  return { start: plan.start, actuals: plan.actuals, loading: loading && read.error === null };
}
