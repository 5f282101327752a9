import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { conflictKey, mergePending, newConflicts, revertEdit, sameValue, type PendingEdit } from './conflicts.ts';

const update = (seq: number, fields: Record<string, unknown>, before: Record<string, unknown>, id = 1): PendingEdit => ({ seq, op: 'update', id, fields, before });

describe('sameValue', () => {
  it('reads values as the wire spells them', () => {
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue('2050-01-01T00:00:00.000Z', '2050-01-01')).toBe(true);
    expect(sameValue('12.50', 12.5)).toBe(true);
    expect(sameValue({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameValue(12.5, 12.51)).toBe(false);
    expect(sameValue('2050-01-01', '2050-01-02')).toBe(false);
    expect(sameValue(0, null)).toBe(false);
    expect(sameValue('', null)).toBe(false);
  });
});

describe('mergePending', () => {
  it('lays pending updates over the server record, the later edit winning', () => {
    const server = { id: 1, name: 'Visa', amount: 50, apr: 20 };
    const edits = [update(5, { amount: 90 }, { id: 1, name: 'Visa', amount: 70, apr: 20 }), update(3, { amount: 70 }, { id: 1, name: 'Visa', amount: 50, apr: 20 })];
    expect(mergePending(server, edits)).toEqual({ record: { id: 1, name: 'Visa', amount: 90, apr: 20 }, conflicts: [] });
  });

  it('reports a field changed elsewhere that the pending edit overwrites', () => {
    const server = { id: 1, name: 'Visa Gold', amount: 55, apr: 18 };
    const edit = update(1, { name: 'Visa Platinum', amount: 70 }, { id: 1, name: 'Visa', amount: 50, apr: 20 });
    expect(mergePending(server, [edit])).toEqual({
      record: { id: 1, name: 'Visa Platinum', amount: 70, apr: 18 },
      conflicts: [
        { field: 'amount', overwritten: 55, kept: 70 },
        { field: 'name', overwritten: 'Visa Gold', kept: 'Visa Platinum' },
      ],
    });
  });

  it('sees no conflict when the server holds the start value, the user value, or the user’s own earlier value in flight', () => {
    const before = { id: 1, amount: 50 };
    expect(mergePending({ id: 1, amount: 50 }, [update(1, { amount: 70 }, before)]).conflicts).toEqual([]);
    expect(mergePending({ id: 1, amount: 70 }, [update(1, { amount: 70 }, before)]).conflicts).toEqual([]);
    // The first edit reached the server; its echo arrives while the second is still pending.
    expect(mergePending({ id: 1, amount: 70 }, [update(1, { amount: 70 }, before), update(2, { amount: 90 }, { id: 1, amount: 70 })]).conflicts).toEqual([]);
  });

  it('ignores a field the server did not send', () => {
    expect(mergePending({ id: 1 }, [update(1, { amount: 70 }, { id: 1, amount: 50 })])).toEqual({ record: { id: 1, amount: 70 }, conflicts: [] });
  });

  it('keeps a pending create, hides a pending delete, and drops an update of a record the server no longer has', () => {
    expect(mergePending(null, [{ seq: 1, op: 'create', id: -2, fields: { name: 'New' }, before: null }]).record).toEqual({ id: -2, name: 'New' });
    expect(mergePending({ id: 1, name: 'Visa' }, [{ seq: 1, op: 'delete', id: 1, fields: null, before: { id: 1, name: 'Visa' } }])).toEqual({ record: null, conflicts: [] });
    expect(mergePending(null, [update(1, { name: 'x' }, { id: 1, name: 'y' })]).record).toBeNull();
  });

  it('sees no conflict when a single record deleted and made again offline is still the one the user deleted', () => {
    const server = { id: 3, interest_rate: 5, years_of_retirement: 30 };
    const edits: PendingEdit[] = [
      { seq: 1, op: 'delete', id: 3, fields: null, before: server },
      { seq: 2, op: 'replace', id: null, fields: { interest_rate: 6, years_of_retirement: 25 }, before: null },
    ];
    expect(mergePending(server, edits)).toEqual({ record: { id: 0, interest_rate: 6, years_of_retirement: 25 }, conflicts: [] });
    // Changed elsewhere after the user deleted it: the re-created record overwrites that change.
    expect(mergePending({ ...server, interest_rate: 4 }, edits).conflicts).toEqual([{ field: 'interest_rate', overwritten: 4, kept: 6 }]);
  });

  it('merges a single record PUT and replaces on POST, creating either when there is none', () => {
    const server = { id: 9, housing_type: 'Mortgage', total_monthly_payment: 2000, escrow_payment: 300 };
    expect(mergePending(server, [{ seq: 1, op: 'upsert', id: 9, fields: { total_monthly_payment: 2100 }, before: server }]).record).toEqual({ ...server, total_monthly_payment: 2100 });
    expect(mergePending(server, [{ seq: 1, op: 'replace', id: 9, fields: { housing_type: 'Rent', total_monthly_payment: 1500 }, before: server }]).record).toEqual({
      id: 9,
      housing_type: 'Rent',
      total_monthly_payment: 1500,
    });
    expect(mergePending(null, [{ seq: 1, op: 'upsert', id: null, fields: { plan_type: 'none' }, before: null }]).record).toEqual({ id: 0, plan_type: 'none' });
  });

  it('reports what an offline create of a single record overwrites when another device made one first', () => {
    const server = { id: 9, plan_type: 'avalanche', extra_payment: 100 };
    const result = mergePending(server, [{ seq: 1, op: 'replace', id: null, fields: { plan_type: 'snowball', extra_payment: 100 }, before: null }]);
    expect(result).toEqual({ record: { id: 9, plan_type: 'snowball', extra_payment: 100 }, conflicts: [{ field: 'plan_type', overwritten: 'avalanche', kept: 'snowball' }] });
  });

  it('is deterministic: the order edits are given in does not matter', () => {
    const server = { id: 1, a: 'server', b: 'server' };
    const edits = [update(2, { a: 'second', b: 'second' }, { id: 1, a: 'first', b: 'base' }), update(1, { a: 'first' }, { id: 1, a: 'base', b: 'base' })];
    const forward = mergePending(server, edits);
    expect(mergePending(server, [...edits].reverse())).toEqual(forward);
    expect(forward.record).toEqual({ id: 1, a: 'second', b: 'second' });
    expect(forward.conflicts.map((c) => c.field)).toEqual(['a', 'b']);
  });
});

describe('revertEdit', () => {
  it('restores the refused fields and keeps later pending edits', () => {
    const result = revertEdit({
      current: { id: 1, name: 'b', amount: 2 },
      edit: { op: 'update', fields: { name: 'b' }, before: { id: 1, name: 'a', amount: 1 } },
      later: [{ op: 'update', fields: { amount: 2 }, before: { id: 1, name: 'b', amount: 1 } }],
    });
    expect(result).toEqual({ current: { id: 1, name: 'a', amount: 2 }, laterBefores: [{ id: 1, name: 'a', amount: 1 }] });
  });

  it('leaves a field a later pending edit wrote again, and corrects only the before-images up to it', () => {
    const result = revertEdit({
      current: { id: 1, name: 'c' },
      edit: { op: 'update', fields: { name: 'b' }, before: { id: 1, name: 'a' } },
      later: [
        { op: 'update', fields: { name: 'c' }, before: { id: 1, name: 'b' } },
        { op: 'update', fields: { note: 'x' }, before: { id: 1, name: 'c' } },
      ],
    });
    expect(result).toEqual({ current: { id: 1, name: 'c' }, laterBefores: [{ id: 1, name: 'a' }, { id: 1, name: 'c' }] });
  });

  it('fixes the before-image of a later pending delete, with nothing left to restore now', () => {
    const result = revertEdit({
      current: null,
      edit: { op: 'update', fields: { name: 'b' }, before: { id: 1, name: 'a' } },
      later: [{ op: 'delete', fields: null, before: { id: 1, name: 'b' } }],
    });
    expect(result).toEqual({ current: null, laterBefores: [{ id: 1, name: 'a' }] });
  });

  it('removes a record the refused edit made, unless later edits still build on it', () => {
    expect(revertEdit({ current: { id: 0, plan_type: 'none' }, edit: { op: 'replace', fields: { plan_type: 'none' }, before: null }, later: [] }).current).toBeNull();
    expect(
      revertEdit({ current: { id: 0, plan_type: 'none', extra_payment: 5 }, edit: { op: 'replace', fields: { plan_type: 'none' }, before: null }, later: [{ op: 'upsert', fields: { extra_payment: 5 }, before: { id: 0, plan_type: 'none' } }] }),
    ).toEqual({ current: { id: 0, plan_type: 'none', extra_payment: 5 }, laterBefores: [null] });
  });

  it('restores the whole record a refused replace overwrote', () => {
    const before = { id: 9, housing_type: 'Mortgage', total_monthly_payment: 2000, escrow_payment: 300 };
    expect(revertEdit({ current: { id: 9, housing_type: 'Rent', total_monthly_payment: 1500 }, edit: { op: 'replace', fields: { housing_type: 'Rent', total_monthly_payment: 1500 }, before }, later: [] }).current).toEqual(before);
  });
});

describe('de-duplication', () => {
  it('keeps one conflict per table, record, field and value', () => {
    const existing = [{ table: 'debts', recordId: 1, field: 'amount', overwritten: 55 }];
    const candidates = [
      { table: 'debts', recordId: 1, field: 'amount', overwritten: '55.00' },
      { table: 'debts', recordId: 1, field: 'amount', overwritten: 60 },
      { table: 'debts', recordId: 1, field: 'amount', overwritten: 60 },
      { table: 'debts', recordId: 2, field: 'amount', overwritten: 55 },
      { table: 'incomes', recordId: 1, field: 'amount', overwritten: 55 },
    ];
    expect(newConflicts(existing, candidates)).toEqual([candidates[1], candidates[3], candidates[4]]);
    expect(conflictKey('debts', 1, 'amount', 55)).toBe(conflictKey('debts', 1, 'amount', '55'));
  });
});
