/**
 * The month tables as the API answers them (DESIGN.md section 3): snake_case fields, money in
 * dollars, every row with its stable id. Shared, so a client offline computes exactly the
 * tables the server would send.
 */
import { centsToDollars, type Cents } from '../../engine/money.ts';
import type { MonthKey } from '../../engine/months.ts';
import type { Projection } from '../../engine/index.ts';
import type { MonthType } from '../cable.ts';
import { monthRowId } from './ids.ts';

/** The four month tables. */
export const MONTH_KINDS = ['income', 'debt', 'retirement', 'contribution'] as const;
export type MonthKind = (typeof MONTH_KINDS)[number];

export const MONTH_UPDATE_TYPES: Record<MonthKind, MonthType> = {
  income: 'IncomeMonth',
  debt: 'DebtMonth',
  retirement: 'RetirementMonth',
  contribution: 'ContributionMonth',
};

/** Row fields that are not money. */
const NOT_MONEY = new Set(['month', 'percentPaid']);

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** One engine row → its wire form with the id of (entity, month). */
export function wireRow(entityId: number, row: { month: MonthKey }): Record<string, unknown> {
  const wire: Record<string, unknown> = { id: monthRowId(entityId, row.month) };
  for (const [key, value] of Object.entries(row)) {
    wire[snake(key)] = typeof value === 'number' && !NOT_MONEY.has(key) ? centsToDollars(value as Cents) : value;
  }
  return wire;
}

const rows = (entityId: number, list: readonly { month: MonthKey }[]) => list.map((row) => wireRow(entityId, row));

export function monthTableBody(kind: MonthKind, projection: Projection): Record<string, unknown> {
  switch (kind) {
    case 'income':
      return { income_months: rows(0, projection.income) };
    case 'debt':
      return {
        debts: projection.debts.map((d) => ({
          id: d.id,
          name: d.name,
          apr: d.apr,
          monthly_payment: centsToDollars(d.monthlyPayment),
          payoff_month: d.payoffMonth,
          truncated: d.truncated,
          debt_months: rows(d.id, d.months),
        })),
        total: rows(0, projection.debtTotal),
      };
    case 'contribution':
      return {
        retirement_accounts: projection.contributions.map((a) => ({ id: a.id, name: a.name, contribution_months: rows(a.id, a.months) })),
        total: rows(0, projection.contributionTotal),
      };
    case 'retirement':
      return {
        retirement_accounts: projection.retirement.map((a) => ({ id: a.id, name: a.name, retirement_months: rows(a.id, a.months) })),
        total: rows(0, projection.retirementTotal),
      };
  }
}

/** The row of (entity, month) in a projection, or undefined when the table has no such row. */
export function findRow(kind: MonthKind, projection: Projection, entityId: number, month: MonthKey): { month: MonthKey } | undefined {
  const within = (list: readonly { month: MonthKey }[] | undefined) => list?.find((row) => row.month === month);
  switch (kind) {
    case 'income':
      return entityId === 0 ? within(projection.income) : undefined;
    case 'debt':
      return within(projection.debts.find((d) => d.id === entityId)?.months);
    case 'contribution':
      return within(projection.contributions.find((a) => a.id === entityId)?.months);
    case 'retirement':
      return within(projection.retirement.find((a) => a.id === entityId)?.months);
  }
}
