/**
 * The engine's one plain input, built from records in their wire form (as REST answers them and
 * as the client's mirror stores them). The server builds it from its tables, the client from its
 * mirror when it recomputes the month tables offline — the same function, so both agree.
 */
import { parseCents, type Cents } from '../../engine/money.ts';
import { parseMonthKey, type MonthKey } from '../../engine/months.ts';
import type { Cycle, HousingInput, ProjectionActuals, ProjectionInput } from '../../engine/index.ts';
import { NEUTRAL_ASSUMPTIONS, type PlanAssumptions } from '../../engine/assumptions.ts';
import { FILING_STATUSES } from '../../engine/federal-tax.ts';
import { MONTH_KINDS, type MonthKind } from './tables.ts';

type Wire = Record<string, unknown> & { id: number };

export interface WireHousehold {
  incomes: readonly Wire[];
  debts: readonly Wire[];
  debtPlan: Wire | null;
  housing: Wire | null;
  monthlyExpenses: readonly Wire[];
  otherExpenses: readonly Wire[];
  retirementAccounts: readonly Wire[];
  retirementPlan: Wire | null;
  /** Plan assumptions (docs/projection-rules.md#plan-assumptions); absent or null: the neutral tables. */
  assumptions?: Wire | null;
}

/** Dollars from the wire → cents, through text (never `x * 100`); anything else is 0. */
function money(value: unknown): Cents {
  return (typeof value === 'number' || typeof value === 'string' ? parseCents(value) : null) ?? (0 as Cents);
}

const percent = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0)) || 0;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function housingInput(h: Wire | null): HousingInput | null {
  if (!h) return null;
  if (h.housing_type === 'Mortgage') {
    return {
      housingType: 'Mortgage',
      totalMonthlyPayment: money(h.total_monthly_payment),
      interestRate: percent(h.interest_rate),
      currentBalance: money(h.current_balance),
      escrowPayment: money(h.escrow_payment),
    };
  }
  return { housingType: h.housing_type === 'Own' ? 'Own' : 'Rent', totalMonthlyPayment: money(h.total_monthly_payment) };
}

/**
 * The plan assumptions record → the engine's, every null field its neutral value: 0 % rates,
 * no cash, no home, cash not spent. Example: `{ inflation_rate: 2.5, cash_balance: 12000 }` →
 * inflationRate 2.5, cashBalance 1 200 000¢, the rest neutral.
 */
export function planAssumptions(record: Wire | null | undefined): PlanAssumptions | null {
  if (!record) return null;
  return {
    ...NEUTRAL_ASSUMPTIONS,
    inflationRate: percent(record.inflation_rate),
    salaryGrowthRate: percent(record.salary_growth_rate),
    socialSecurityCola: percent(record.social_security_cola),
    cashBalance: money(record.cash_balance),
    cashInterestRate: percent(record.cash_interest_rate),
    homeValue: record.home_value === null || record.home_value === undefined ? null : money(record.home_value),
    homeAppreciationRate: percent(record.home_appreciation_rate),
    retirementTaxRate: percent(record.retirement_tax_rate),
    spendCashInRetirement: record.spend_cash_in_retirement === true,
    otherSpending: money(record.other_spending),
    retirementSpending: record.retirement_spending === null || record.retirement_spending === undefined ? null : money(record.retirement_spending),
    surplusAccountId: typeof record.surplus_account_id === 'number' ? record.surplus_account_id : null,
    surplusShare: record.surplus_share === null || record.surplus_share === undefined ? 100 : percent(record.surplus_share),
    overdraftInterestRate: percent(record.overdraft_interest_rate),
    filingStatus: FILING_STATUSES.find((status) => status === record.filing_status) ?? null,
    stateTaxRate: percent(record.state_tax_rate),
    rothConversion: money(record.roth_conversion),
    withdrawalOrder: record.withdrawal_order === 'tax_aware' ? 'tax_aware' : 'proportional',
  };
}

/** A 'YYYY-MM' end month from the wire; anything else (null, absent) is "no end". */
function endMonth(value: unknown): MonthKey | null {
  return typeof value === 'string' ? parseMonthKey(value) : null;
}

/** A due day from the wire (a whole number 1–31); anything else is "none". */
function dueDay(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 31 ? value : undefined;
}

/**
 * With nothing else the wire form is the engine's. The additions of plan assumptions
 * (docs/projection-rules.md#plan-assumptions): end months always (null is neutral); an income's
 * next pay month only with plan assumptions set, so that a household without them keeps the neutral
 * tables, where every source pays from month 1. Debts and monthly expenses carry their due day and
 * the input the day of the plan start (`planStartDay`, the UTC day of sign-up), which only count
 * with plan assumptions (docs/projection-rules.md#typed-balances-are-todays); without a start day
 * every bill of month 1 is charged. `birthYear` is the user's (the profile's birth_year, as the
 * server's users table holds it): the ages of the retirement taxes' bracket mode; without one (null,
 * absent) the input has none (docs/projection-rules.md#taxes-in-the-projection).
 */
export function projectionInput(
  household: WireHousehold,
  actuals: ProjectionActuals,
  planStart: MonthKey,
  today: MonthKey,
  planStartDay?: number | null,
  birthYear?: number | null,
): ProjectionInput {
  const byId = <T extends Wire>(rows: readonly T[]) => [...rows].sort((a, b) => a.id - b.id);
  const plan = household.debtPlan;
  const retirement = household.retirementPlan;
  const assumptions = planAssumptions(household.assumptions);
  return {
    today,
    planStart,
    ...(typeof planStartDay === 'number' ? { planStartDay } : {}),
    ...(typeof birthYear === 'number' ? { birthYear } : {}),
    incomes: byId(household.incomes).map((r) => ({
      id: r.id,
      payCycle: r.pay_cycle as Cycle,
      netPay: money(r.net_pay),
      grossPay: money(r.gross_pay),
      endMonth: endMonth(r.end_month),
      nextPayMonth: assumptions ? endMonth(text(r.next_pay_date).slice(0, 7)) : null,
    })),
    debts: byId(household.debts).map((r) => ({
      id: r.id,
      name: text(r.name),
      originalAmount: money(r.original_amount),
      remainingAmount: money(r.remaining_amount),
      apr: percent(r.apr),
      monthlyPayment: money(r.monthly_payment),
      creationOrder: r.id,
      dueDay: dueDay(r.due_day),
    })),
    debtPlan: plan ? { planType: plan.plan_type as 'none' | 'snowball' | 'avalanche', extraPayment: money(plan.extra_payment) } : null,
    housing: housingInput(household.housing),
    monthlyExpenses: byId(household.monthlyExpenses).map((r) => ({ id: r.id, amount: money(r.amount), endMonth: endMonth(r.end_month), dueDay: dueDay(r.due_day) })),
    otherExpenses: byId(household.otherExpenses).map((r) => ({ id: r.id, month: text(r.month) as MonthKey, amount: money(r.amount) })),
    retirementAccounts: byId(household.retirementAccounts).map((r) => ({
      id: r.id,
      name: text(r.name),
      contributionAmount: money(r.contribution_amount),
      employerContributionAmount: money(r.employer_contribution_amount),
      startingBalance: money(r.starting_balance),
      expectedReturnRate: percent(r.expected_return_rate),
      contributionCycle: r.contribution_cycle as Cycle,
      nextDepositDate: text(r.next_deposit_date),
      payrollDeducted: r.payroll_deducted === true,
      accountType: text(r.account_type),
    })),
    retirementPlan: retirement
      ? {
          retirementDate: text(retirement.retirement_date),
          interestRate: percent(retirement.interest_rate),
          socialSecurityIncome: money(retirement.social_security_income),
          socialSecurityStartDate: text(retirement.social_security_start_date),
          yearsOfRetirement: percent(retirement.years_of_retirement),
        }
      : null,
    actuals,
    assumptions,
  };
}

/** ProjectionActuals with every list present. */
type AllActuals = { [K in keyof ProjectionActuals]-?: NonNullable<ProjectionActuals[K]>[number][] };

const noActuals = (): AllActuals => ({ debt: [], contribution: [], retirement: [], income: [], mortgage: [], home: [] });

/**
 * What the engine's input takes from one month table: the month its rows start with and the user's
 * actual values in it. It is all a screen that projects needs of a table (up to megabytes), so the
 * device's mirror keeps it beside each table.
 */
export interface TableActuals {
  /** The table's first month ('YYYY-MM'): the income rows' or the total's; null without rows or a valid month. */
  readonly first: MonthKey | null;
  /** The actual values of this table: the lists other tables feed are empty. */
  readonly actuals: ProjectionActuals;
}

/**
 * A month table's first month and actual values, read from its body as the server sends it (the
 * `input_*` fields). Example: an income table whose rows are 2026-03 (input_end_balance 1250.5)
 * and 2026-04 (none) → { first: '2026-03', actuals: { income: [{ month: '2026-03', endBalance:
 * 125050 }], every other list empty } }. A body of another shape (which the server never sends)
 * gives what it has of the right shape, never an error: the mirror computes this as it stores each
 * table (client/data/mirror/month-actuals.ts), and a table it cannot read must not stop the write.
 */
export function tableActuals(kind: MonthKind, body: unknown): TableActuals {
  const actuals = noActuals();
  const value = inputValue;
  const first = firstOf(kind, body);
  switch (kind) {
    case 'income': {
      const rows = (body as { income_months?: unknown } | null | undefined)?.income_months;
      for (const row of objects(rows)) {
        const v = value(row, 'input_end_balance');
        if (v !== null) actuals.income.push({ month: row.month as MonthKey, endBalance: v });
        const mortgage = value(row, 'input_mortgage_balance');
        if (mortgage !== null) actuals.mortgage.push({ month: row.month as MonthKey, balance: mortgage });
        const home = value(row, 'input_home_value');
        if (home !== null) actuals.home.push({ month: row.month as MonthKey, value: home });
      }
      return { first, actuals };
    }
    case 'debt': {
      const table = body as { debts?: unknown; total?: unknown } | null | undefined;
      eachInput(table?.debts, 'debt_months', 'input_remaining_balance', (debtId, month, remaining) => actuals.debt.push({ debtId, month, remaining }));
      return { first, actuals };
    }
    case 'contribution': {
      const table = body as { retirement_accounts?: unknown; total?: unknown } | null | undefined;
      eachInput(table?.retirement_accounts, 'contribution_months', 'input_end_balance', (accountId, month, endBalance) => actuals.contribution.push({ accountId, month, endBalance }));
      return { first, actuals };
    }
    case 'retirement': {
      const table = body as { retirement_accounts?: unknown; total?: unknown } | null | undefined;
      eachInput(table?.retirement_accounts, 'retirement_months', 'input_balance', (accountId, month, balance) => actuals.retirement.push({ accountId, month, balance }));
      return { first, actuals };
    }
  }
}

/** A table's first month: its income rows' first, or its total's; null without a valid one. */
function firstOf(kind: MonthKind, body: unknown): MonthKey | null {
  const table = body as { income_months?: unknown; total?: unknown } | null | undefined;
  const month = firstMonth(kind === 'income' ? table?.income_months : table?.total);
  return typeof month === 'string' ? parseMonthKey(month) : null;
}

/** The objects of a list in a table body: nothing when it is not a list (a body the server never sends). */
function objects(list: unknown): Record<string, unknown>[] {
  return Array.isArray(list) ? list.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];
}

/** A stored `input_*` value of a month row in cents; null when the user gave none. */
const inputValue = (row: Record<string, unknown>, field: string): Cents | null => (row[field] === null || row[field] === undefined ? null : money(row[field]));

/** Each given value of `field` in the month rows (`rowsKey`) of each debt or account of a table. */
function eachInput(entities: unknown, rowsKey: string, field: string, each: (id: number, month: MonthKey, value: Cents) => void): void {
  for (const entity of objects(entities) as Wire[]) {
    for (const row of objects(entity[rowsKey])) {
      const value = inputValue(row, field);
      if (value !== null) each(entity.id, row.month as MonthKey, value);
    }
  }
}

/**
 * The plan's month 1 and actual values from its tables' parts (tableActuals of each table at hand):
 * month 1 is the earliest first month, null when no table has one; each list of actuals is its
 * table's. Example: income first 2026-03 and debt first 2026-02 → month 1 is 2026-02.
 */
export function planFromTables(parts: Partial<Record<MonthKind, TableActuals | null>>): { readonly start: MonthKey | null; readonly actuals: ProjectionActuals } {
  const actuals = noActuals();
  let start: MonthKey | null = null;
  for (const kind of MONTH_KINDS) {
    const part = parts[kind];
    if (!part) continue;
    if (part.first !== null && (start === null || part.first < start)) start = part.first;
    for (const key of Object.keys(actuals) as (keyof AllActuals)[]) (actuals[key] as unknown[]).push(...(part.actuals[key] ?? []));
  }
  return { start, actuals };
}

type Bodies = Partial<Record<MonthKind, unknown>>;

const partsOf = (bodies: Bodies): Partial<Record<MonthKind, TableActuals>> => ({
  income: tableActuals('income', bodies.income),
  debt: tableActuals('debt', bodies.debt),
  contribution: tableActuals('contribution', bodies.contribution),
  retirement: tableActuals('retirement', bodies.retirement),
});

/**
 * The user's actual values, read back from month tables as the server sent them (their `input_*`
 * fields): what a client needs to recompute the tables without the server.
 */
export function actualsFromTables(tables: Bodies): ProjectionActuals {
  return planFromTables(partsOf(tables)).actuals;
}

/**
 * The day of the plan start from the user's sign-up instant (the profile's `created_at`): its UTC
 * day of the month, as the server counts it; null when it is not a date. Example:
 * '2026-03-15T23:30:00.000Z' → 15.
 */
export function planStartDayOf(signedUpAt: unknown): number | null {
  if (typeof signedUpAt !== 'string' && !(signedUpAt instanceof Date)) return null;
  const instant = new Date(signedUpAt);
  return Number.isNaN(instant.getTime()) ? null : instant.getUTCDate();
}

const firstMonth = (rows: unknown): unknown => (Array.isArray(rows) ? (rows[0] as { month?: unknown } | undefined)?.month : undefined);

/**
 * The birth year of the profile's user as the server sends it (GET /api/v1/profile's `user`,
 * parsed) and the device mirrors it: its `birth_year` when a whole number, else null. Example:
 * `{ birth_year: 1985 }` → 1985; `null` → null.
 */
export function birthYearOf(profileUser: unknown): number | null {
  const year = (profileUser as { birth_year?: unknown } | null | undefined)?.birth_year;
  return typeof year === 'number' && Number.isInteger(year) ? year : null;
}

/**
 * Month 1 of the user's tables: the earliest first month of any table body the server sent (the
 * income rows, or a total of debts, contributions or retirement); null when no table has a row.
 * The client needs it to project offline exactly as the server does.
 */
export function planStartOf(bodies: Bodies): MonthKey | null {
  const firsts = MONTH_KINDS.map((kind) => firstOf(kind, bodies[kind])).filter((month): month is MonthKey => month !== null);
  return firsts.length > 0 ? firsts.reduce((a, b) => (a < b ? a : b)) : null;
}
