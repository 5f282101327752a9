import { describe, expect, it } from 'vitest';
import { looseRecord } from '../../test-support/wire.testing.ts';
import { ACCOUNT_TYPE_LABELS, accountMonthly, datePart, labelOf, retirementSummary, sortByContribution } from './retirement-accounts.ts';

const account = (id: number, contribution: number, employer: number, cycle: string) =>
  looseRecord('retirementAccounts', {
    id,
    name: `A${id}`,
    contribution_amount: contribution,
    employer_contribution_amount: employer,
    contribution_cycle: cycle,
  });

describe('retirement account helpers', () => {
  it('turns each cycle into monthly cents, rounded half up once', () => {
    expect(accountMonthly(account(1, 100, 50, 'biweekly'))).toEqual({ employee: 21667, employer: 10833 }); // × 26/12
    expect(accountMonthly(account(1, 25, 10, 'weekly'))).toEqual({ employee: 10833, employer: 4333 }); // × 52/12
    expect(accountMonthly(account(1, 150, 75, 'semimonthly'))).toEqual({ employee: 30000, employer: 15000 }); // × 2
    expect(accountMonthly(account(1, 500, 0, 'monthly'))).toEqual({ employee: 50000, employer: 0 });
    // A cycle the app does not know counts once a month; a missing amount counts as 0.
    expect(accountMonthly(looseRecord('retirementAccounts', { id: 1, contribution_amount: 80, contribution_cycle: 'daily' }))).toEqual({ employee: 8000, employer: 0 });
  });

  it('sorts by combined monthly contribution, largest first, ties by id', () => {
    const rows = [account(1, 100, 50, 'biweekly'), account(2, 500, 0, 'monthly'), account(3, 250, 75, 'monthly'), account(4, 325, 0, 'monthly')];
    // 325.00, 500.00, 325.00, 325.00
    expect(sortByContribution(rows).map((row) => row.id)).toEqual([2, 1, 3, 4]);
  });

  it('sums the cards in cents', () => {
    expect(retirementSummary([account(1, 100, 50, 'biweekly'), account(2, 25, 10, 'weekly')])).toEqual({ contributions: 32500, employer: 15166, total: 47666 });
    expect(retirementSummary([])).toEqual({ contributions: 0, employer: 0, total: 0 });
  });

  it('labels stored values and keeps the date part of a timestamp', () => {
    expect(labelOf(ACCOUNT_TYPE_LABELS, 'traditional_401k')).toBe('Traditional 401(k)');
    expect(labelOf(ACCOUNT_TYPE_LABELS, 'sep_ira')).toBe('sep_ira');
    expect(labelOf(ACCOUNT_TYPE_LABELS, null)).toBe('—');
    expect(datePart('2026-04-01T00:00:00.000Z')).toBe('2026-04-01');
    expect(datePart(undefined)).toBe('—');
  });
});
