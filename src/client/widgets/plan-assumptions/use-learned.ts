/**
 * The plan's lessons where no projection is at hand (the dashboard's Plan assumptions card): the
 * engine's input from the mirror, projected only when two check-ins could have measured anything.
 * The Analytics Overview passes its own projection's lessons instead (use-projection.ts).
 */
import { useMemo } from 'react';
import { project } from '../../../engine/project.ts';
import { usePlanInput } from '../../model/use-projection.ts';
import { learnedFrom, NOTHING_LEARNED, type Learned } from '../../model/learned.ts';

export function useLearned(): Learned {
  const plan = usePlanInput();
  return useMemo(() => {
    if (plan.kind !== 'ready' || plan.input.actuals.income.length < 2) return NOTHING_LEARNED;
    try {
      return learnedFrom(plan.input, project(plan.input));
    } catch {
      // A plan the engine cannot read teaches nothing; the screens that show it say why.
      return NOTHING_LEARNED;
    }
  }, [plan]);
}
