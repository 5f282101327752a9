/**
 * The failure wording (docs/product.md#error-messages) for an edit the server refused: the form
 * shows the server's message when it has one, else the default; month edits and collection deletes
 * always show the fixed wording.
 */
import type { EntryTarget } from '../sync/pending.ts';
import { COLLECTIONS, MONTHS, SINGLES, type SingleDecl } from '../../../shared/resources.ts';
import { verbOf, type Mutation } from './mutation.ts';

export type FailureVerb = 'create' | 'update' | 'delete';

/** How a failure names the target: its declaration's label in lower case ("monthly expense"), or its `failureNoun`. */
function labelOf(target: EntryTarget): string {
  if (target.kind === 'collection') return COLLECTIONS[target.table].label.toLowerCase();
  if (target.kind === 'single') {
    const decl: SingleDecl = SINGLES[target.name];
    return decl.failureNoun ?? decl.label.toLowerCase();
  }
  return MONTHS[target.name].label.toLowerCase();
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
