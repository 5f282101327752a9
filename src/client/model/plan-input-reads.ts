/**
 * What the engine's input is read from in the mirror (usePlanInput, use-projection.ts): every
 * collection and single record it reads, what it takes from the month tables (their actuals and
 * whether they are being fetched, usePlanTableActuals: not the tables), the plan start day and the
 * birth year. The Analytics page starts these reads with the tab's code (lazy-tabs.tsx
 * `warmStoredTab`), so the Overview's first render has its figures; a read missing here is only
 * read later, by the hook.
 * `plan-input-reads.test.tsx` renders usePlanInput after warming these and expects no wait.
 */
import type { LiveRead } from '../data/bindings/live-reads.ts';
import { PLAN_TABLE_ACTUALS } from '../data/mirror/month-actuals.ts';
import { BIRTH_YEAR, PLAN_START_DAY } from '../data/mirror/plan-start.ts';

export const PLAN_INPUT_READS: readonly LiveRead[] = [
  { kind: 'collection', name: 'incomes' },
  { kind: 'collection', name: 'debts' },
  { kind: 'collection', name: 'monthlyExpenses' },
  { kind: 'collection', name: 'otherExpenses' },
  { kind: 'collection', name: 'retirementAccounts' },
  { kind: 'single', name: 'housing' },
  { kind: 'single', name: 'debtPlan' },
  { kind: 'single', name: 'retirementPlan' },
  { kind: 'single', name: 'assumptions' },
  PLAN_TABLE_ACTUALS,
  PLAN_START_DAY,
  BIRTH_YEAR,
];
