import { describe, expect, it } from 'vitest';
import { NEUTRAL_ASSUMPTIONS, type PlanAssumptions } from './assumptions.ts';
import { cents, type Cents } from './money.ts';
import { monthKey, type MonthKey } from './months.ts';
import { project } from './project.ts';
import { accountKinds, LivingLedger } from './retirement-tax.ts';
import type { ProjectionInput, RetirementAccountInput, RetirementTotalMonth } from './types.ts';

// Taxes in the projection (docs/projection-rules.md#taxes-in-the-projection). Every expected figure
// is worked by hand below from the 2026 tables of Rev. Proc. 2025-32 (brackets 10 % to 12,400 and
// 12 % to 50,400 single; standard deduction 16,100, +2,050 from 65; the senior deduction 6,000 in
// 2025–2028), Pub. 590-B's Uniform Lifetime Table and the rules of the file's doc comment. That
// Monte Carlo and the history replay apply the same rules is risk.test.ts's property.

const $ = (dollars: number) => cents(Math.round(dollars * 100));

const account = (id: number, accountType: string, startingBalance: Cents): RetirementAccountInput => ({
  id,
  name: accountType,
  contributionAmount: $(0),
  employerContributionAmount: $(0),
  startingBalance,
  expectedReturnRate: 0,
  contributionCycle: 'monthly',
  nextDepositDate: '2026-01-01',
  accountType,
});

/** Retired from the plan start (2026-01), spending `expenses` a month at 0 % with no Social Security, housing, inflation or cash. */
function retiree(options: { birthYear: number; expenses: number; years: number; accounts: RetirementAccountInput[]; assumptions?: Partial<PlanAssumptions> }): ProjectionInput {
  return {
    today: monthKey(2026, 1),
    planStart: monthKey(2026, 1),
    birthYear: options.birthYear,
    incomes: [],
    debts: [],
    debtPlan: null,
    housing: null,
    monthlyExpenses: [{ id: 1, amount: $(options.expenses) }],
    otherExpenses: [],
    retirementAccounts: options.accounts,
    retirementPlan: { retirementDate: '2026-01-01', interestRate: 0, socialSecurityIncome: $(0), socialSecurityStartDate: '2090-01-01', yearsOfRetirement: options.years },
    actuals: { debt: [], contribution: [], retirement: [], income: [] },
    assumptions: { ...NEUTRAL_ASSUMPTIONS, filingStatus: 'single', ...options.assumptions },
  };
}

const rowOf = (total: readonly RetirementTotalMonth[], month: MonthKey) => total.find((row) => row.month === month)!;

describe('bracket mode in the projection', () => {
  it('pays each year’s tax the next April, and the last year’s in the last month, untaxed', () => {
    // Born 1961: 65 in 2026. 5,000.00 a month from a traditional IRA for four years (2026–2029).
    const projection = project(retiree({ birthYear: 1961, expenses: 5_000, years: 4, accounts: [account(1, 'traditional_ira', $(1_000_000))] }));
    const total = projection.retirementTotal;
    // 2026: 60,000.00 withdrawn; deduction 16,100 + 2,050 + 6,000 (income under 75,000) = 24,150;
    // taxable 35,850 → 12,400 × 10 % + 23,450 × 12 % = 1,240 + 2,814 = 4,054.00.
    const y2026 = rowOf(total, monthKey(2026, 12));
    expect(y2026).toMatchObject({ yearOrdinaryIncome: $(60_000), yearDeduction: $(24_150), yearFederalTax: $(4_054), yearStateTax: 0, yearPenalty: 0, yearMarginalRate: 12 });
    // 4,054 ÷ 60,000 = 6.7566… % → 6.76.
    expect(y2026.yearEffectiveRate).toBe(6.76);
    // Paid in April 2027 with the month's 5,000.00; no other month of 2027 pays tax.
    expect(rowOf(total, monthKey(2027, 4))).toMatchObject({ taxes: $(4_054), need: $(9_054), withdrawals: $(9_054) });
    expect(rowOf(total, monthKey(2027, 3)).taxes).toBe(0);
    expect(rowOf(total, monthKey(2027, 5)).taxes).toBe(0);
    // 2027: 60,000 + the 4,054.00 payment = 64,054.00; taxable 39,904 → 1,240 + 27,504 × 12 % = 4,540.48.
    expect(rowOf(total, monthKey(2027, 12))).toMatchObject({ yearOrdinaryIncome: $(64_054), yearFederalTax: $(4_540.48) });
    expect(rowOf(total, monthKey(2028, 4)).taxes).toBe($(4_540.48));
    // 2028 (the senior deduction's last year): 64,540.48; taxable 40,390.48 → 1,240 + 27,990.48 × 12 % = 4,598.8576 → 4,598.86.
    expect(rowOf(total, monthKey(2028, 12)).yearFederalTax).toBe($(4_598.86));
    expect(rowOf(total, monthKey(2029, 4)).taxes).toBe($(4_598.86));
    // 2029, the last year: no senior deduction, deduction 18,150; 64,598.86 → taxable 46,448.86 →
    // 1,240 + 34,048.86 × 12 % = 5,325.8632 → 5,325.86, paid in December 2029, the last month, at once.
    const last = rowOf(total, monthKey(2029, 12));
    expect(last).toMatchObject({ yearOrdinaryIncome: $(64_598.86), yearDeduction: $(18_150), yearFederalTax: $(5_325.86), taxes: $(5_325.86) });
    expect(last.withdrawals).toBe($(5_000 + 5_325.86));
    expect(last).toBe(total.at(-1));
    // Account rows carry no taxes in bracket mode; the balance is what left the account.
    const ira = projection.retirement[0]!.months;
    expect(ira.every((row) => row.taxes === 0)).toBe(true);
    expect(ira.at(-1)!.balance).toBe($(1_000_000 - 4 * 60_000 - 4_054 - 4_540.48 - 4_598.86 - 5_325.86));
  });

  it('adds the 10 % penalty and the state tax for a retiree of 55', () => {
    // Born 1971: 55 in 2026, before 59½ all year. One year of 5,000.00 a month, state 5 %.
    const projection = project(retiree({ birthYear: 1971, expenses: 5_000, years: 1, accounts: [account(1, 'traditional_401k', $(500_000))], assumptions: { stateTaxRate: 5 } }));
    const december = projection.retirementTotal.at(-1)!;
    // 60,000 − 16,100 = 43,900 taxable → 1,240 + 31,500 × 12 % = 5,020.00; state 43,900 × 5 % = 2,195.00;
    // penalty 60,000 × 10 % = 6,000.00; 13,215.00 in all, paid in the last month.
    expect(december).toMatchObject({ yearFederalTax: $(5_020), yearStateTax: $(2_195), yearPenalty: $(6_000), taxes: $(13_215) });
    // (5,020 + 2,195) ÷ 60,000 = 12.025 % → 12.03 (half up).
    expect(december.yearEffectiveRate).toBe(12.03);
    // Born 1966: 60 in 2026, past 59½: no penalty.
    const later = project(retiree({ birthYear: 1966, expenses: 5_000, years: 1, accounts: [account(1, 'traditional_401k', $(500_000))] }));
    expect(later.retirementTotal.at(-1)!.yearPenalty).toBe(0);
  });

  it('tops up the first RMD in December and keeps the excess as cash', () => {
    // Born 1953: RMDs from 73, in 2026. 31 December 2025 is before the plan: the starting balance
    // 1,000,000.00 ÷ 26.5 = 37,735.849… → 37,735.85. Jan–Nov withdrew 11 × 2,000 = 22,000.00, so
    // December takes 15,735.85: 2,000.00 pays December's need and 13,735.85 goes to cash.
    const projection = project(retiree({ birthYear: 1953, expenses: 2_000, years: 2, accounts: [account(1, 'traditional_ira', $(1_000_000))] }));
    const total = projection.retirementTotal;
    const december = rowOf(total, monthKey(2026, 12));
    expect(december).toMatchObject({ withdrawals: $(15_735.85), yearRmd: $(37_735.85), yearOrdinaryIncome: $(37_735.85), cashBalance: $(13_735.85), cashWithdrawals: 0 });
    expect(rowOf(total, monthKey(2026, 11)).withdrawals).toBe($(2_000));
    // Taxed at 73: 37,735.85 − 24,150 = 13,585.85 → 1,240 + 1,185.85 × 12 % = 1,382.302 → 1,382.30.
    expect(december.yearFederalTax).toBe($(1_382.3));
    // 2027 (74, divisor 25.5): 31 December 2026 held 1,000,000 − 22,000 − 15,735.85 = 962,264.15
    // → 37,735.849… → 37,735.85. Jan–Nov withdrew 22,000 + April's 1,382.30 tax; December tops up
    // 37,735.85 − 23,382.30 = 14,353.55.
    expect(rowOf(total, monthKey(2027, 12))).toMatchObject({ yearRmd: $(37_735.85), cashBalance: $(13_735.85 + 14_353.55 - 2_000) });
    // December 2027 is the plan's last month: 2027's tax (the same 37,735.85 of income → 1,382.30)
    // is paid at once, from the account (cash only pays what the accounts cannot).
    expect(rowOf(total, monthKey(2027, 12))).toMatchObject({ yearOrdinaryIncome: $(37_735.85), taxes: $(1_382.3) });
    expect(projection.retirement[0]!.months.find((row) => row.month === monthKey(2027, 12))!.withdrawals).toBe($(14_353.55 + 1_382.3));
  });

  it('converts each January up to the year before RMDs begin', () => {
    // Born 1958: RMDs from 73, in 2031. 10,000.00 a year from a traditional IRA to a Roth IRA, no spending.
    const projection = project(
      retiree({ birthYear: 1958, expenses: 0, years: 7, accounts: [account(1, 'traditional_ira', $(500_000)), account(2, 'roth_ira', $(100_000))], assumptions: { rothConversion: $(10_000) } }),
    );
    const total = projection.retirementTotal;
    const januaries = [2026, 2027, 2028, 2029, 2030, 2031, 2032].map((year) => rowOf(total, monthKey(year, 1)).conversion);
    expect(januaries).toEqual([$(10_000), $(10_000), $(10_000), $(10_000), $(10_000), 0, 0]);
    const [ira, roth] = projection.retirement;
    expect(ira!.months[0]).toMatchObject({ conversion: -$(10_000), withdrawals: 0, balance: $(490_000) });
    expect(roth!.months[0]).toMatchObject({ conversion: $(10_000), withdrawals: 0, balance: $(110_000) });
    // Ordinary income of a conversion year; under the 24,150 deduction at 68, no tax.
    expect(rowOf(total, monthKey(2026, 12))).toMatchObject({ yearConversion: $(10_000), yearOrdinaryIncome: $(10_000), yearFederalTax: 0 });
    // 2031's RMD on 31 December 2030's 450,000.00 ÷ 26.5 = 16,981.132… → 16,981.13.
    expect(rowOf(total, monthKey(2031, 12)).yearRmd).toBe($(16_981.13));
  });

  it('leaves the flat mode as it was without a filing status', () => {
    const flat = project(retiree({ birthYear: 1961, expenses: 5_000, years: 1, accounts: [account(1, 'traditional_ira', $(1_000_000))], assumptions: { filingStatus: null, retirementTaxRate: 20 } }));
    const january = flat.retirementTotal[0]!;
    // 5,000.00 net at 20 % → 6,250.00 gross, 1,250.00 tax, every month; no year columns.
    expect(january).toMatchObject({ withdrawals: $(6_250), taxes: $(1_250) });
    expect(flat.retirementTotal.some((row) => row.yearFederalTax !== undefined || row.conversion !== undefined)).toBe(false);
  });
});

describe('LivingLedger', () => {
  it('realises a taxable account’s gain in proportion to what it holds above its basis', () => {
    const setup = { kinds: accountKinds([{ accountType: 'taxable' }]), groups: null, flatRate: 0, brackets: { filingStatus: 'single' as const, stateTaxRate: 0, inflationRate: 0, rothConversion: $(0), birthYear: null } };
    const ledger = new LivingLedger(setup, [$(100_000)], [$(100_000)]);
    // November: 5,000.00 from 101,000.00 with basis 100,000.00 → 5,000 × 1,000 / 101,000 = 49.5049… → 49.50;
    // basis 100,000 − 4,950.50 = 95,049.50.
    ledger.month({ index: 0, year: 2026, calendarMonth: 11, last: false, need: $(5_000), socialSecurity: $(0), available: [$(101_000)] }, null);
    // December: 6,000.00 from 96,000.00 → 6,000 × 950.50 / 96,000 = 59.40625 → 59.41.
    const december = ledger.month({ index: 1, year: 2026, calendarMonth: 12, last: true, need: $(6_000), socialSecurity: $(0), available: [$(96_000)] }, null);
    expect(december.year).toMatchObject({ gains: $(49.5 + 59.41), ordinary: 0, federal: 0 });
  });
});
