/**
 * Analytics → Overview. The base part (docs/product.md#screens-and-routes) is the Coming Soon
 * tiles, four feature buttons and a coming-soon list; above them the Overview shows the user's
 * whole projection at a glance: a net-worth timeline with its milestones, and the three debt
 * strategies compared. Every figure comes from src/engine, run on the mirror (use-projection.ts).
 * Progress Tracking (plan vs actual) and the monthly check-in, once Coming Soon items, are real and
 * sit with the projection, and under the timeline what the plan has learned from the check-ins
 * (PlanLessons), whose fixes open the Plan assumptions card below.
 */
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { memo, startTransition, useCallback, useEffect, useState } from 'react';
import { EmptyState } from '../../../ui/ListStatus.tsx';
import { AssumptionsCard, type EditRequest } from '../../../widgets/plan-assumptions/AssumptionsCard.tsx';
import type { FocusField } from '../../../widgets/plan-assumptions/AssumptionsForm.tsx';
import { NOTHING_LEARNED } from '../../../model/learned.ts';
import { ProjectionSkeleton } from '../MonthsStatus.tsx';
import type { AnalyticsTab } from '../tabs.ts';
import { ComingSoon } from './ComingSoon.tsx';
import { DebtPlanComparison } from './DebtPlanComparison.tsx';
import { NetWorthTimeline } from './NetWorthTimeline.tsx';
import { PlanLessons } from './PlanLessons.tsx';
import { PlanVsActual } from './PlanVsActual.tsx';
import { useOverviewProjection, type OverviewState } from '../../../model/use-projection.ts';

export function AnalyticsOverviewTab({ onOpenTab }: { readonly onOpenTab?: (tab: AnalyticsTab) => void }) {
  const state = useOverviewProjection();
  const rest = useThenTheRest(state.kind !== 'loading');
  // The lessons' fixes open the assumptions card's form at their field.
  const [request, setRequest] = useState<EditRequest | null>(null);
  const openAssumptions = useCallback((field: FocusField) => setRequest((last) => ({ field, at: (last?.at ?? 0) + 1 })), []);
  const learned = state.kind === 'ready' ? state.projection.learned : NOTHING_LEARNED;
  return (
    <Stack gap="lg">
      <Title order={2}>Overview</Title>
      <Projection state={state} rest={rest} onOpenAssumptions={openAssumptions} />
      {rest && <Assumptions learned={learned} request={request} />}
      {rest && <Explore onOpenTab={onOpenTab} />}
    </Stack>
  );
}

/**
 * The figures first: once the projection is known, the first render shows the net-worth timeline
 * (or the empty or error state), and the parts below it — what the plan learned, plan vs actual,
 * the debt strategies, the assumptions and Explore — follow in the next slice of work. They start
 * below the fold of a phone and of a laptop, and leaving them out of the first render brought the
 * figures on screen sooner on a slow phone. What the plan learned shows in a Mantine Alert, whose
 * id is set again just after it mounts (Mantine's useId): in the figures' commit, that made React
 * render again at once and run every effect of the page before the browser could paint them.
 */
function useThenTheRest(known: boolean): boolean {
  const [rest, setRest] = useState(false);
  useEffect(() => {
    if (!known || rest) return;
    const timer = setTimeout(() => startTransition(() => setRest(true)), 0);
    return () => clearTimeout(timer);
  }, [known, rest]);
  return rest;
}

/*
 * The parts render again only when what they show changes. The tab itself renders again whenever
 * a fetch status its projection reads changes (each pull flips one twice, a dozen pulls at start),
 * and the projection it answers is then the same object: rendering the whole Overview each time
 * was ~50–100 ms of work on a slow phone, a dozen times while the page opened.
 */
const Projection = memo(ProjectionPart);
const Assumptions = memo(AssumptionsCard);
const Explore = memo(ComingSoon);

function ProjectionPart({ state, rest, onOpenAssumptions }: { state: OverviewState; rest: boolean; onOpenAssumptions(field: FocusField): void }) {
  switch (state.kind) {
    case 'loading':
      return <ProjectionSkeleton label="Loading projection" />;
    case 'error':
      return (
        <Alert color="red" title="Error Loading Projection" role="alert" variant="light">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{state.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => window.location.reload()}>
              Reload Page
            </Button>
            <Text size="xs">Your data is fetched again on the next refresh.</Text>
          </Stack>
        </Alert>
      );
    case 'empty':
      return (
        <EmptyState>
          <Text fw={600}>Nothing to project yet</Text>
          <Text size="sm" c="dimmed" ta="center">
            Add your income, debts or retirement accounts on the Dashboard to see your net-worth timeline and compare debt strategies.
          </Text>
          <Button component={Link} to="/dashboard">
            Go to Dashboard
          </Button>
        </EmptyState>
      );
    case 'ready': {
      const { projection } = state;
      return (
        <Stack gap="md">
          {!projection.fromTables && (
            <Text size="sm" c="dimmed">
              {`Your month tables have not loaded, so this projection starts in ${projection.today} and leaves out the balances you entered in them.`}
            </Text>
          )}
          <NetWorthTimeline timeline={projection.timeline} hasDebts={projection.debtNames.length > 0} hasRetirementPlan={projection.hasRetirementPlan} />
          {rest && <PlanLessons learned={projection.learned} onOpen={onOpenAssumptions} />}
          {rest && <PlanVsActual today={projection.today} current={projection.snapshot} />}
          {rest && <DebtPlanComparison plans={projection.plans} currentPlan={projection.currentPlan} extraPayment={projection.extraPayment} />}
        </Stack>
      );
    }
  }
}
