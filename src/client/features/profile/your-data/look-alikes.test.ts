import { describe, expect, it } from 'vitest';
import { validateImport, type ImportDocument } from '../../../../shared/validation/import.ts';
import { lookAlikeCount, lookAlikes, withoutLookAlikes } from './look-alikes.ts';

const ctx = { today: '2026-11-21' };
const head = { format: 'runway-export', version: 1 };
const stamps = { created_at: '2026-10-02T08:30:00.000Z', updated_at: '2026-11-20T09:00:00.000Z' };
const visa = { name: 'Visa', creditor: 'Chase', original_amount: 5000, remaining_amount: 4200.25, apr: 24.99, monthly_payment: 150, original_term: 60, due_day: 15 };
const car = { ...visa, name: 'Car', creditor: 'Ally', apr: 6 };
const brokerage = {
  name: 'Brokerage', account_type: 'taxable', contribution_amount: 0, employer_match: 0, employer_contribution_amount: 0, starting_balance: 2500,
  expected_return_rate: 6, contribution_cycle: 'monthly', next_deposit_date: '2026-12-01', payroll_deducted: false,
};

const read = (raw: object): ImportDocument => {
  const result = validateImport(raw, ctx);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
};

describe('lookAlikes', () => {
  // The account holds Visa (id 9) and the brokerage (id 2); the file holds Visa twice (4, 5), the
  // car (6) and the brokerage (7), which its assumptions name as the surplus account.
  const mine = read({ ...head, debts: [{ id: 9, ...visa, ...stamps }], retirement_accounts: [{ id: 2, ...brokerage, ...stamps }] });
  const raw = {
    ...head,
    debts: [
      { id: 4, ...visa, ...stamps },
      { id: 5, ...visa, created_at: null, updated_at: null },
      { id: 6, ...car, ...stamps },
    ],
    retirement_accounts: [{ id: 7, ...brokerage, ...stamps }],
    assumptions: { id: 1, surplus_account_id: 7, surplus_share: 80 },
    actuals: { debt_months: [{ debt_id: 4, month: '2026-11', input_remaining_balance: 4000 }, { debt_id: 6, month: '2026-11', input_remaining_balance: 4100 }] },
  };
  const file = read(raw);

  it('finds each of the account’s records once, by kind and every typed field, never the surplus account the file names', () => {
    const alike = lookAlikes(file, mine);
    expect(alike).toEqual({ debts: new Set([4]) });
    expect(lookAlikeCount(alike)).toBe(1);
  });

  it('leaves them and their actuals out of the file it sends, which still passes the import rules', () => {
    const sent = withoutLookAlikes(raw, lookAlikes(file, mine)) as typeof raw;
    expect(sent.debts.map((debt) => debt.id)).toEqual([5, 6]);
    expect(sent.actuals.debt_months).toEqual([{ debt_id: 6, month: '2026-11', input_remaining_balance: 4100 }]);
    expect(read(sent).debts).toHaveLength(2);
    // The file as chosen is not changed.
    expect(raw.debts).toHaveLength(3);
  });

  it('finds nothing in a file of other records', () => {
    expect(lookAlikes(read({ ...head, debts: [{ id: 1, ...car }] }), mine)).toEqual({});
  });
});
