import { describe, expect, it } from 'vitest';
import { buildExportDocument, exportFileName, type ExportSource } from './document.ts';

const stamps = { created_at: '2026-10-02T08:30:00.000Z', updated_at: '2026-11-20T09:00:00.000Z' };
const expense = (id: number, name: string) => ({ id, name, amount: 450, due_day: 1, end_month: null, ...stamps });

const SOURCE: ExportSource = {
  exportedAt: '2026-11-21T12:00:00.000Z',
  user: { email: 'ana@example.com', birth_year: 1985 },
  incomes: [],
  debts: [],
  monthly_expenses: [expense(12, 'Rent'), expense(5, 'Food')],
  other_expenses: [],
  retirement_accounts: [],
  baselines: [],
  housing: null,
  debt_plan: { id: 4, plan_type: 'avalanche', extra_payment: 200, ...stamps },
  retirement_plan: null,
  assumptions: null,
  actuals: {
    income_months: [
      { month: '2026-11', input_end_balance: 10.5 },
      { month: '2026-09', input_end_balance: -3 },
    ],
    debt_months: [
      { debt_id: 9, month: '2026-09', input_remaining_balance: 100 },
      { debt_id: 3, month: '2026-11', input_remaining_balance: 200 },
      { debt_id: 3, month: '2026-10', input_remaining_balance: 300 },
    ],
    retirement_months: [],
    mortgage_months: [],
    home_months: [],
  },
};

describe('buildExportDocument', () => {
  it('writes the version-1 document: records by id with every field, singles or null, actuals by entity then month', () => {
    expect(JSON.stringify(buildExportDocument(SOURCE))).toBe(
      JSON.stringify({
        format: 'runway-export',
        version: 1,
        exported_at: '2026-11-21T12:00:00.000Z',
        user: { email: 'ana@example.com', birth_year: 1985 },
        incomes: [],
        debts: [],
        monthly_expenses: [expense(5, 'Food'), expense(12, 'Rent')],
        other_expenses: [],
        retirement_accounts: [],
        baselines: [],
        housing: null,
        debt_plan: { id: 4, plan_type: 'avalanche', extra_payment: 200, ...stamps },
        retirement_plan: null,
        assumptions: null,
        actuals: {
          income_months: [
            { month: '2026-09', input_end_balance: -3 },
            { month: '2026-11', input_end_balance: 10.5 },
          ],
          debt_months: [
            { debt_id: 3, month: '2026-10', input_remaining_balance: 300 },
            { debt_id: 3, month: '2026-11', input_remaining_balance: 200 },
            { debt_id: 9, month: '2026-09', input_remaining_balance: 100 },
          ],
          retirement_months: [],
          mortgage_months: [],
          home_months: [],
        },
      }),
    );
  });

  it('gives the same text whatever the order of the records, of their keys and of the actuals', () => {
    const shuffled: ExportSource = {
      ...SOURCE,
      monthly_expenses: [
        { updated_at: stamps.updated_at, end_month: null, due_day: 1, amount: 450, name: 'Food', created_at: stamps.created_at, id: 5 },
        { ...expense(12, 'Rent') },
      ],
      actuals: { ...SOURCE.actuals, debt_months: [...SOURCE.actuals.debt_months].reverse(), income_months: [...SOURCE.actuals.income_months].reverse() },
    };
    expect(JSON.stringify(buildExportDocument(shuffled))).toBe(JSON.stringify(buildExportDocument(SOURCE)));
  });

  it('writes a missing nullable field and missing timestamps as null, and leaves out keys no record declares', () => {
    // A record made on the device and not yet answered by the server: a temporary id, no timestamps.
    const local = { id: -1, name: 'Gym', amount: 30, due_day: 3, colour: 'red' };
    const document = buildExportDocument({ ...SOURCE, monthly_expenses: [local] });
    expect(document.monthly_expenses).toEqual([{ id: -1, name: 'Gym', amount: 30, due_day: 3, end_month: null, created_at: null, updated_at: null }]);
  });
});

describe('exportFileName', () => {
  it('names the file after the day of the export', () => {
    expect(exportFileName({ exported_at: '2026-11-21T12:00:00.000Z' })).toBe('runway-export-2026-11-21.json');
  });
});
