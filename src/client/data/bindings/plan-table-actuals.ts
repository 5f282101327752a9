/**
 * The hook behind the plan's input (usePlanInput) and the dollars' month 1 (dollars.tsx): what the
 * month tables give the plan, read from their actuals in the mirror (month-actuals.ts). Apart from
 * hooks.ts so that the first page's script (which has the hooks) carries none of the plan's code.
 */
import { useMemo } from 'react';
import type { MonthKey } from '../../../engine/months.ts';
import type { ProjectionActuals } from '../../../engine/types.ts';
import type { MonthKind } from '../../../shared/months/tables.ts';
import { planFromTables } from '../../../shared/months/input.ts';
import { useMirrorRead } from './hooks.ts';
import { PLAN_TABLE_ACTUALS } from '../mirror/month-actuals.ts';

export interface TableActualsView {
  /** Month 1 of the month tables the mirror holds (shared/months/input.ts planFromTables); null with none. */
  start: MonthKey | null;
  /** The user's actual values in those tables. */
  actuals: ProjectionActuals;
  /** Waiting for the mirror's first answer, or for a table's first fetch with nothing in the mirror yet. */
  loading: boolean;
  /** Which write of each table the actuals come from (month-actuals.ts PlanTableActuals `tokens`). */
  tokens: Partial<Record<MonthKind, string>>;
  /** The mirror's message when the read failed (the plan then has no tables), else null. */
  error: string | null;
}

const NO_TOKENS: Partial<Record<MonthKind, string>> = {};

/**
 * What the plan's input takes from the four month tables: their first month and the user's actual
 * values, read from what the mirror keeps of each (month-actuals.ts), not from the tables
 * themselves (megabytes). It waits while a table the mirror does not hold yet is being fetched;
 * that is read in the same snapshot as the actuals, so a table written by a fetch that has ended
 * is never taken for absent.
 */
export function usePlanTableActuals(): TableActualsView {
  const read = useMirrorRead(PLAN_TABLE_ACTUALS);
  const tables = read.value?.tables;
  const plan = useMemo(() => planFromTables(tables ?? {}), [tables]);
  const loading = read.value === undefined || read.value.fetching.length > 0;
  return { start: plan.start, actuals: plan.actuals, loading: loading && read.error === null, tokens: read.value?.tokens ?? NO_TOKENS, error: read.error };
}
