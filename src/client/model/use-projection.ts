/**
 * The Overview's projection, computed in the browser from the mirror with the same engine and
 * record mapping as the server (src/engine, src/shared/months/input.ts): the net-worth timeline and
 * the debt plan comparison. Nothing here does arithmetic on money; it gathers the engine's input.
 *
 * Month 1 is the first month of the month tables the server sent (the user's sign-up month), and
 * the user's actual values are read back from those tables; the day of sign-up comes from the
 * profile's `created_at` (data/mirror/plan-start.ts).
 * Without any table (not fetched, or their fetch failed) the projection starts this month with no
 * actuals, and says so.
 */
import { useEffect, useMemo } from 'react';
import { compareDebtPlans, type DebtPlanOutcome } from '../../engine/insights.ts';
import type { Cents } from '../../engine/money.ts';
import { ZERO } from '../../engine/money.ts';
import { localMonth, type MonthKey } from '../../engine/months.ts';
import { project } from '../../engine/project.ts';
import { projectionTimeline, type Timeline } from '../../engine/timeline.ts';
import { DEBT_PLAN_TYPES, type DebtPlanType, type ProjectionInput } from '../../engine/types.ts';
import { projectionInput } from '../../shared/months/input.ts';
import { useCollection, useDataLayer, useMirrorRead, useSingle, type CollectionView, type SingleView } from '../data/bindings/hooks.ts';
import { usePlanTableActuals } from '../data/bindings/plan-table-actuals.ts';
import { PLAN_START_DAY } from '../data/mirror/plan-start.ts';
import type { WireRecordOf } from '../../shared/resources.ts';
import { useClock } from '../ui/clock.tsx';
import { useDollars } from './dollars.tsx';
import { useBirthYear } from './birth-year.ts';
import { financialHealth, type FinancialHealth } from '../../engine/health.ts';
import { baselineSnapshot, type BaselineMonth } from '../../engine/plan-vs-actual.ts';
import { learnedFrom, type Learned } from './learned.ts';
import { remember, rememberedKey, rememberedProjection, remembers } from './remembered.ts';

export interface OverviewProjection {
  readonly today: MonthKey;
  readonly planStart: MonthKey;
  /** False when no month table was at hand and month 1 is today. */
  readonly fromTables: boolean;
  readonly timeline: Timeline;
  readonly plans: Readonly<Record<DebtPlanType, DebtPlanOutcome>>;
  /** The user's debt plan type ('none' without a debt plan). */
  readonly currentPlan: DebtPlanType;
  /** The extra payment snowball and avalanche spend (0 without a debt plan). */
  readonly extraPayment: Cents;
  readonly debtNames: readonly string[];
  readonly hasRetirementPlan: boolean;
  /** Financial Health of the current month (engine financialHealth), in nominal dollars. */
  readonly health: FinancialHealth;
  /** The plan's month totals as a baseline would keep them (engine baselineSnapshot), nominal. */
  readonly snapshot: readonly BaselineMonth[];
  /** What the check-ins and the plan's cash say (engine learning.ts, docs/product.md#the-plan-learns-from-check-ins). */
  readonly learned: Learned;
}

export type OverviewState =
  | { readonly kind: 'loading' }
  /** No income, debts or retirement accounts: nothing to project. */
  | { readonly kind: 'empty' }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'ready'; readonly projection: OverviewProjection };

/** Still waiting for this view's first answer (or its fetch) with nothing in the mirror yet. */
const waiting = {
  collection: (view: CollectionView) => view.loading && view.rows.length === 0,
  single: (view: SingleView) => view.loading && view.record === null,
};

/** The engine's input from the mirror, as the Overview and the What if tab read it. */
export type PlanInputState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'empty' }
  | { readonly kind: 'error'; readonly message: string }
  | {
      readonly kind: 'ready';
      readonly input: ProjectionInput;
      readonly today: MonthKey;
      readonly planStart: MonthKey;
      /** False when no month table was at hand and month 1 is today. */
      readonly fromTables: boolean;
      readonly birthYear: number | null;
      /** The records the input was made from (what "Apply" writes back to). */
      readonly records: PlanRecords;
    };

export interface PlanRecords {
  readonly incomes: readonly WireRecordOf<'incomes'>[];
  readonly debts: readonly WireRecordOf<'debts'>[];
  readonly monthlyExpenses: readonly WireRecordOf<'monthlyExpenses'>[];
  readonly retirementAccounts: readonly WireRecordOf<'retirementAccounts'>[];
  readonly debtPlan: WireRecordOf<'debtPlan'> | null;
  readonly retirementPlan: WireRecordOf<'retirementPlan'> | null;
  readonly assumptions: WireRecordOf<'assumptions'> | null;
}

/**
 * The engine's input from the mirror (src/shared/months/input.ts, as the server builds it):
 * loading until every record and month table has its first answer or mirror copy, empty without
 * income, debts or accounts. What it reads is listed in plan-input-reads.ts, which the page starts
 * reading early: a read added here belongs there too.
 */
export function usePlanInput(): PlanInputState {
  const clock = useClock();
  const today = localMonth(clock());
  const incomes = useCollection('incomes');
  const debts = useCollection('debts');
  const monthlyExpenses = useCollection('monthlyExpenses');
  const otherExpenses = useCollection('otherExpenses');
  const retirementAccounts = useCollection('retirementAccounts');
  const housing = useSingle('housing');
  const debtPlan = useSingle('debtPlan');
  const retirementPlan = useSingle('retirementPlan');
  const assumptions = useSingle('assumptions');
  const tables = usePlanTableActuals();
  const birthYear = useBirthYear();
  const startDay = useMirrorRead(PLAN_START_DAY).value ?? null;

  const collections = [incomes, debts, monthlyExpenses, otherExpenses, retirementAccounts];
  const singles = [housing, debtPlan, retirementPlan, assumptions];
  const loading = collections.some(waiting.collection) || singles.some(waiting.single) || tables.loading;
  const recordError = [...collections, ...singles].find((view) => view.error !== null)?.error ?? null;
  const nothing = incomes.rows.length === 0 && debts.rows.length === 0 && retirementAccounts.rows.length === 0;

  const computed = useMemo((): PlanInputState | null => {
    if (nothing) return null;
    const tablesStart = tables.start;
    const planStart = tablesStart ?? today;
    try {
      const input = projectionInput(
        {
          incomes: incomes.rows,
          debts: debts.rows,
          debtPlan: debtPlan.record,
          housing: housing.record,
          monthlyExpenses: monthlyExpenses.rows,
          otherExpenses: otherExpenses.rows,
          retirementAccounts: retirementAccounts.rows,
          retirementPlan: retirementPlan.record,
          assumptions: assumptions.record,
        },
        tablesStart ? tables.actuals : { debt: [], contribution: [], retirement: [], income: [] },
        planStart,
        today,
        // The sign-up day only applies to the sign-up month: without the server's tables month 1 is today's month.
        tablesStart ? startDay : null,
        // Bracket mode's ages, as the server reads them from the profile.
        birthYear,
      );
      return {
        kind: 'ready',
        input,
        today,
        planStart,
        fromTables: tablesStart !== null,
        birthYear,
        records: {
          incomes: incomes.rows,
          debts: debts.rows,
          monthlyExpenses: monthlyExpenses.rows,
          retirementAccounts: retirementAccounts.rows,
          debtPlan: debtPlan.record,
          retirementPlan: retirementPlan.record,
          assumptions: assumptions.record,
        },
      };
    } catch (error) {
      // A record the engine cannot read (e.g. a retirement plan without a valid date) must not take the page down.
      return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
    }
  }, [
    nothing,
    today,
    birthYear,
    startDay,
    incomes.rows,
    debts.rows,
    monthlyExpenses.rows,
    otherExpenses.rows,
    retirementAccounts.rows,
    housing.record,
    debtPlan.record,
    retirementPlan.record,
    assumptions.record,
    tables.start,
    tables.actuals,
  ]);

  if (loading) return { kind: 'loading' };
  if (computed) return computed;
  return recordError ? { kind: 'error', message: recordError } : { kind: 'empty' };
}

/**
 * The Overview's projection of the plan's input: computed by the engine, or, when the same input
 * was projected before by the same code, the projection it computed then (remembered.ts, production
 * builds only). A projection computed here is remembered once it is on screen.
 */
export function useOverviewProjection(): OverviewState {
  const layer = useDataLayer();
  const clock = useClock();
  const dollars = useDollars();
  const plan = usePlanInput();
  const outcome = useMemo((): { state: OverviewState; computed: { key: string; owner: string | null; projection: OverviewProjection } | null } => {
    if (plan.kind !== 'ready') return { state: plan, computed: null };
    const { input, today, planStart, fromTables, birthYear } = plan;
    const todaysDollars = dollars.mode === 'today';
    const owner = layer.getSession().email;
    const key = remembers() ? rememberedKey(import.meta.url, { owner, input, today, planStart, fromTables, birthYear, todaysDollars }) : null;
    const known = key === null ? undefined : rememberedProjection<OverviewProjection>(key);
    if (known) return { state: { kind: 'ready', projection: known }, computed: null };
    try {
      const projection = project(input);
      const overview: OverviewProjection = {
        today,
        planStart,
        fromTables,
        timeline: projectionTimeline(input, projection),
        plans: compareDebtPlans(input, { todaysDollars }),
        currentPlan: DEBT_PLAN_TYPES.find((type) => type === input.debtPlan?.planType) ?? 'none',
        extraPayment: input.debtPlan?.extraPayment ?? ZERO,
        debtNames: input.debts.map((debt) => debt.name),
        hasRetirementPlan: input.retirementPlan !== null,
        health: financialHealth(projection, today, birthYear),
        snapshot: baselineSnapshot(input, projection),
        learned: learnedFrom(input, projection),
      };
      return { state: { kind: 'ready', projection: overview }, computed: key === null ? null : { key, owner, projection: overview } };
    } catch (error) {
      return { state: { kind: 'error', message: error instanceof Error ? error.message : String(error) }, computed: null };
    }
  }, [layer, plan, dollars.mode]);
  useEffect(() => {
    const { computed } = outcome;
    if (computed) void remember(layer.db, computed.key, computed.projection, () => clock().getTime(), () => layer.getSession().email === computed.owner);
  }, [layer, clock, outcome]);
  return outcome.state;
}
