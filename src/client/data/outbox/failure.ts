/**
 * The failure wording (docs/product.md#error-messages) for an edit the server refused: the form
 * shows the server's message when it has one, else the default; month edits and collection deletes
 * always show the fixed wording.
 */
import type { EntryTarget } from '../pending.ts';
import type { CollectionName, MonthsName, SingleName } from '../../../shared/resources.ts';
import { verbOf, type Mutation } from './mutation.ts';

const COLLECTION_LABELS: Record<CollectionName, string> = {
  incomes: 'income',
  debts: 'debt',
  monthlyExpenses: 'monthly expense',
  otherExpenses: 'other expense',
  retirementAccounts: 'retirement account',
  baselines: 'baseline',
};
const SINGLE_LABELS: Record<SingleName, string> = { housing: 'housing record', debtPlan: 'debt plan', retirementPlan: 'retirement plan', assumptions: 'plan assumptions' };
const MONTH_LABELS: Record<MonthsName, string> = {
  incomeMonths: 'income month',
  debtMonths: 'debt month',
  retirementMonths: 'retirement month',
  contributionMonths: 'contribution month',
};

export type FailureVerb = 'create' | 'update' | 'delete';

function labelOf(target: EntryTarget): string {
  if (target.kind === 'collection') return COLLECTION_LABELS[target.table];
  if (target.kind === 'single') return SINGLE_LABELS[target.name];
  return MONTH_LABELS[target.name];
}

/** The default failure wording (docs/product.md#error-messages); the retirement plan's omits 'Please try again.'. */
export function defaultFailureMessage(target: EntryTarget, verb: FailureVerb): string {
  if (target.kind === 'single' && target.name === 'retirementPlan') return `Failed to ${verb} retirement plan`;
  return `Failed to ${verb} ${labelOf(target)}. Please try again.`;
}

/** The message a refused mutation keeps. */
export function failureMessage(mutation: Mutation, target: EntryTarget, serverMessage: string | null): string {
  const fallback = defaultFailureMessage(target, verbOf(mutation));
  if (mutation.kind === 'month' || (mutation.kind === 'collection' && mutation.op === 'delete')) return fallback;
  return serverMessage ?? fallback;
}
