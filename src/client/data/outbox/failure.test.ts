import { describe, expect, it } from 'vitest';
import { defaultFailureMessage } from './failure.ts';

/**
 * The labels are derived from the resource declarations; this pins each default message to the
 * wording of docs/product.md#error-messages, written out by hand.
 */
describe('defaultFailureMessage', () => {
  it('names every collection, single record and month table as the product says', () => {
    const cases: [Parameters<typeof defaultFailureMessage>[0], string][] = [
      [{ kind: 'collection', table: 'incomes', id: 1 }, 'Failed to update income. Please try again.'],
      [{ kind: 'collection', table: 'debts', id: 1 }, 'Failed to update debt. Please try again.'],
      [{ kind: 'collection', table: 'monthlyExpenses', id: 1 }, 'Failed to update monthly expense. Please try again.'],
      [{ kind: 'collection', table: 'otherExpenses', id: 1 }, 'Failed to update other expense. Please try again.'],
      [{ kind: 'collection', table: 'retirementAccounts', id: 1 }, 'Failed to update retirement account. Please try again.'],
      [{ kind: 'collection', table: 'baselines', id: 1 }, 'Failed to update baseline. Please try again.'],
      [{ kind: 'single', name: 'housing' }, 'Failed to update housing record. Please try again.'],
      [{ kind: 'single', name: 'debtPlan' }, 'Failed to update debt plan. Please try again.'],
      [{ kind: 'single', name: 'retirementPlan' }, 'Failed to update retirement plan'],
      [{ kind: 'single', name: 'assumptions' }, 'Failed to update plan assumptions. Please try again.'],
      [{ kind: 'months', name: 'incomeMonths', rowId: 1 }, 'Failed to update income month. Please try again.'],
      [{ kind: 'months', name: 'debtMonths', rowId: 1 }, 'Failed to update debt month. Please try again.'],
      [{ kind: 'months', name: 'retirementMonths', rowId: 1 }, 'Failed to update retirement month. Please try again.'],
      [{ kind: 'months', name: 'contributionMonths', rowId: 1 }, 'Failed to update contribution month. Please try again.'],
    ];
    for (const [target, message] of cases) expect(defaultFailureMessage(target, 'update')).toBe(message);
    expect(defaultFailureMessage({ kind: 'collection', table: 'monthlyExpenses', id: 1 }, 'delete')).toBe('Failed to delete monthly expense. Please try again.');
  });
});
