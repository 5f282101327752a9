import { describe, expect, it } from 'vitest';
import { cents } from '../../engine/money.ts';
import { monthKey } from '../../engine/months.ts';
import { project } from '../../engine/project.ts';
import type { ProjectionInput, RetirementTotalMonth } from '../../engine/types.ts';
import { monthRowId } from '../../shared/months/ids.ts';
import { monthTableBody, wireRow } from '../../shared/months/tables.ts';
import { contributionMonthsFromWire, debtMonthsFromWire, incomeMonthsFromWire, retirementMonthsFromWire } from './month-wire.ts';

const start = monthKey(2026, 1);

/** A household with a little of everything, and an actual in each table. */
const input: ProjectionInput = {
  today: monthKey(2026, 3),
  planStart: start,
  incomes: [{ id: 1, payCycle: 'biweekly', netPay: cents(210_015) }],
  debts: [
    { id: 7, name: 'Visa', originalAmount: cents(500_000), remainingAmount: cents(320_055), apr: 19.99, monthlyPayment: cents(15_000), creationOrder: 7 },
    { id: 8, name: 'Car', originalAmount: cents(2_000_000), remainingAmount: cents(1_200_010), apr: 4.5, monthlyPayment: cents(42_035), creationOrder: 8 },
  ],
  debtPlan: { planType: 'avalanche', extraPayment: cents(10_000) },
  housing: { housingType: 'Rent', totalMonthlyPayment: cents(145_000) },
  monthlyExpenses: [{ id: 3, amount: cents(60_033) }],
  otherExpenses: [{ id: 4, month: monthKey(2026, 6), amount: cents(35_050) }],
  retirementAccounts: [
    {
      id: 5,
      name: '401k',
      contributionAmount: cents(25_000),
      employerContributionAmount: cents(12_500),
      startingBalance: cents(1_000_015),
      expectedReturnRate: 7,
      contributionCycle: 'semimonthly',
      nextDepositDate: '2026-01-15',
    },
  ],
  retirementPlan: { retirementDate: '2028-01-01', interestRate: 4, socialSecurityIncome: cents(180_000), socialSecurityStartDate: '2028-06-01', yearsOfRetirement: 2 },
  actuals: {
    income: [{ month: monthKey(2026, 2), endBalance: cents(-12_345) }],
    debt: [{ debtId: 7, month: monthKey(2026, 2), remaining: cents(300_000) }],
    contribution: [{ accountId: 5, month: monthKey(2026, 2), endBalance: cents(1_050_001) }],
    retirement: [{ accountId: 5, month: monthKey(2026, 3), balance: cents(1_100_099) }],
  },
};

const projection = project(input);
/** The body as it crossed the network: JSON text, dollars as JSON numbers. */
const overTheWire = (kind: Parameters<typeof monthTableBody>[0]) => JSON.parse(JSON.stringify(monthTableBody(kind, projection))) as unknown;

describe('month tables from the wire', () => {
  it('reads the income table back to the engine rows, in cents, with the row ids', () => {
    const rows = incomeMonthsFromWire(overTheWire('income'));
    expect(rows).toEqual(projection.income.map((row) => ({ ...row, id: monthRowId(0, row.month) })));
    expect(rows?.[1]?.inputEndBalance).toBe(-12_345);
    expect(rows?.[3]).toBeDefined();
  });

  it('reads the debt table: each debt with its terms, and the total', () => {
    const table = debtMonthsFromWire(overTheWire('debt'));
    expect(table?.debts.map((d) => [d.id, d.name, d.apr, d.monthlyPayment])).toEqual([
      [7, 'Visa', 19.99, 15_000],
      [8, 'Car', 4.5, 42_035],
    ]);
    expect(table?.debts[0]?.months).toEqual(projection.debts[0]?.months.map((row) => ({ ...row, id: monthRowId(7, row.month) })));
    expect(table?.total).toEqual(projection.debtTotal.map((row) => ({ ...row, id: monthRowId(0, row.month) })));
    expect(table?.debts[0]?.months[1]).toMatchObject({ inputRemainingBalance: 300_000, displayEndBalance: 300_000 });
  });

  it('reads the contribution and retirement tables per account and in total', () => {
    const contributions = contributionMonthsFromWire(overTheWire('contribution'));
    expect(contributions?.accounts[0]?.months).toEqual(projection.contributions[0]?.months.map((row) => ({ ...row, id: monthRowId(5, row.month) })));
    expect(contributions?.total).toEqual(projection.contributionTotal.map((row) => ({ ...row, id: monthRowId(0, row.month) })));
    const retirement = retirementMonthsFromWire(overTheWire('retirement'));
    expect(retirement?.accounts[0]?.months).toEqual(projection.retirement[0]?.months.map((row) => ({ ...row, id: monthRowId(5, row.month) })));
    expect(retirement?.accounts[0]?.months[2]?.inputBalance).toBe(1_100_099);
    // The total rows also carry the shortfall; the adapter reads what the columns need.
    expect(retirement?.total.map((row) => row.displayBalance)).toEqual(projection.retirementTotal.map((row) => row.displayBalance));
  });

  it("reads a closing total row's tax year in bracket mode: money in cents, the rates as they are, absent figures absent", () => {
    const living = { month: monthKey(2031, 12), balance: cents(50_000_000), displayBalance: cents(50_000_000), inputBalance: null, contributions: cents(0), totalContributions: cents(0), withdrawals: cents(400_000), interestEarned: cents(150_000), socialSecurityIncome: cents(200_000), housing: cents(150_000), debts: cents(0), monthlyExpenses: cents(300_000), otherExpenses: cents(0), taxes: cents(0), shortfall: cents(0) };
    const december: RetirementTotalMonth = {
      ...living,
      conversion: cents(1_000_000),
      yearOrdinaryIncome: cents(6_012_345),
      yearTaxableSocialSecurity: cents(2_040_000),
      yearGains: cents(115),
      yearDeduction: cents(3_220_000),
      yearFederalTax: cents(623_456),
      yearStateTax: cents(150_001),
      yearPenalty: cents(0),
      yearEffectiveRate: 8.37,
      yearMarginalRate: 22,
      yearRmd: cents(410_075),
      yearConversion: cents(1_000_000),
    };
    const november = { ...living, month: monthKey(2031, 11) };
    // As the server sends them: through wireRow and JSON text.
    const body = JSON.parse(JSON.stringify({ retirement_accounts: [], total: [wireRow(0, november), wireRow(0, december)] })) as { total: Record<string, unknown>[] };
    expect(body.total[1]).toMatchObject({ year_federal_tax: 6234.56, year_gains: 1.15, year_effective_rate: 8.37, year_marginal_rate: 22, conversion: 10_000 });
    const [nov, dec] = retirementMonthsFromWire(body)?.total ?? [];
    const { shortfall: _shortfall, ...read } = december;
    expect(dec).toEqual({ ...read, id: monthRowId(0, december.month) });
    expect(nov).not.toHaveProperty('yearFederalTax');
    expect(nov).not.toHaveProperty('yearEffectiveRate');
    expect(nov).not.toHaveProperty('conversion');
    // A figure the row does not carry stays absent; a 0 rate is a rate.
    const partial = retirementMonthsFromWire({ total: [{ id: 1, month: '2032-12', year_federal_tax: 0, year_marginal_rate: 0, year_rmd: null }] })?.total[0];
    expect(partial).toMatchObject({ yearFederalTax: 0, yearMarginalRate: 0 });
    expect(partial).not.toHaveProperty('yearRmd');
    expect(partial).not.toHaveProperty('yearStateTax');
  });

  it('turns dollars into cents through text, never a float multiplication', () => {
    // 1.15 × 100 = 114.99999999999999 and 0.29 × 100 = 28.999999999999996 in binary floats.
    const rows = incomeMonthsFromWire({ income_months: [{ id: 1, month: '2026-01', net_income: 1.15, end_balance: 0.29, housing: '19.99', input_end_balance: -4.35 }] });
    expect(rows?.[0]).toMatchObject({ netIncome: 115, endBalance: 29, housing: 1999, inputEndBalance: -435, debts: 0 });
  });

  it('answers null before the table is fetched, and skips rows without an id or a month', () => {
    expect(incomeMonthsFromWire(null)).toBeNull();
    expect(debtMonthsFromWire(undefined)).toBeNull();
    const rows = incomeMonthsFromWire({ income_months: [{ month: '2026-01' }, { id: 2, month: '2026-13' }, { id: 3, month: '2026-02', net_income: 'abc' }, 'junk'] });
    expect(rows).toEqual([expect.objectContaining({ id: 3, month: '2026-02', netIncome: 0, inputEndBalance: null })]);
    expect(debtMonthsFromWire({})).toEqual({ debts: [], total: [] });
  });

  it('lays a pending edit over its row: the input and the balance the row shows', () => {
    const id = monthRowId(5, monthKey(2026, 2));
    const pending = new Map([[id, { input_end_balance: 123.45 }]]);
    const rows = contributionMonthsFromWire(overTheWire('contribution'), pending)?.accounts[0]?.months;
    expect(rows?.[1]).toMatchObject({ id, inputEndBalance: 12_345, displayBalance: 12_345 });
    const retirementId = monthRowId(5, monthKey(2026, 1));
    const living = retirementMonthsFromWire(overTheWire('retirement'), new Map([[retirementId, { balance: 7 }]]))?.accounts[0]?.months[0];
    expect(living).toMatchObject({ inputBalance: 700, displayBalance: 700 });
    const debt = debtMonthsFromWire(overTheWire('debt'), new Map([[monthRowId(8, monthKey(2026, 1)), { input_remaining_balance: 11_000 }]]))?.debts[1]?.months[0];
    expect(debt).toMatchObject({ inputRemainingBalance: 1_100_000, displayEndBalance: 1_100_000 });
    const income = incomeMonthsFromWire(overTheWire('income'), new Map([[monthRowId(0, monthKey(2026, 3)), { input_end_balance: -1 }]]))?.[2];
    expect(income?.inputEndBalance).toBe(-100);
  });
});
