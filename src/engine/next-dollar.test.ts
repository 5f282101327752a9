import { describe, expect, it } from 'vitest';
import { NEUTRAL_ASSUMPTIONS } from './assumptions.ts';
import { cents, parseCents, type Cents } from './money.ts';
import { monthKey } from './months.ts';
import { project } from './project.ts';
import type { ProjectionInput, RetirementAccountInput } from './types.ts';
import { assumedReturn, DEFAULT_NEXT_DOLLAR, guessFilingStatus, newRothIra, nextDollar, nextDollarErrors, nextDollarTax, type NextDollarChoice, type NextDollarOption } from './next-dollar.ts';
import { applyWhatIf, planOutcome } from './what-if.ts';

/** Dollars → cents through text, as the app reads amounts. */
const c = (dollars: number): Cents => parseCents(dollars) as Cents;

const k401: RetirementAccountInput = {
  id: 1,
  name: 'Work 401(k)',
  contributionAmount: c(100),
  employerContributionAmount: c(50),
  startingBalance: c(1000),
  expectedReturnRate: 12,
  contributionCycle: 'monthly',
  nextDepositDate: '2026-01-01',
  accountType: 'traditional_401k',
};

/**
 * Three working months, worked by hand (month 1 = today = 2026-01, retiring 2026-04-01):
 * - net pay 2 000.00, expenses 1 000.00;
 * - a 500.00 card at 24 % (2 % a month) paying 100.00, no debt plan: interest 10.00, 8.20, 6.36,
 *   then 4.49, 2.58, 0.63 in retirement (Σ 32.26), 224.56 owed at the end of 2026-03, paid off 2026-06;
 * - a 401(k) of 1 000.00 at 12 % (1 % a month) taking 100.00 + 50.00: 1 160.00, 1 321.60, 1 484.82.
 * Cash 3 × (2 000 − 100 − 1 000 − 100) = 2 400.00. Net worth in 2026-03: 2 400.00 + 1 484.82 − 224.56 = 3 660.26.
 */
const household: ProjectionInput = {
  today: monthKey(2026, 1),
  planStart: monthKey(2026, 1),
  incomes: [{ id: 1, payCycle: 'monthly', netPay: c(2000) }],
  debts: [{ id: 1, name: 'Card', originalAmount: c(500), remainingAmount: c(500), apr: 24, monthlyPayment: c(100), creationOrder: 1 }],
  debtPlan: null,
  housing: null,
  monthlyExpenses: [{ id: 1, amount: c(1000) }],
  otherExpenses: [],
  retirementAccounts: [k401],
  retirementPlan: { retirementDate: '2026-04-01', interestRate: 12, socialSecurityIncome: c(0), socialSecurityStartDate: '2026-04-01', yearsOfRetirement: 1 },
  actuals: { debt: [], contribution: [], retirement: [], income: [] },
};

const chosen = (options: readonly NextDollarOption[]): NextDollarChoice[] => options.filter((o): o is NextDollarChoice => o.applies);
const kinds = (options: readonly NextDollarOption[]) => options.map((o) => [o.kind, o.applies]);

describe('nextDollar', () => {
  const options = nextDollar(household, c(100), 1960);
  const byKind = (kind: string) => chosen(options).find((o) => o.kind === kind)!;

  it('works each option out by hand', () => {
    // Debt: 200.00 a month avalanche-style: interest 10.00, 6.20, 2.32 (Σ 18.52); 2026-03 pays the
    // last 118.52. Cash 700.00 + 700.00 + 781.48 = 2 181.48; net worth 2 181.48 + 1 484.82 = 3 666.30.
    expect(byKind('debt')).toMatchObject({ netWorthAtRetirement: 366_630, deltaNetWorth: 604, interestPaid: 1852, debtFreeMonth: '2026-03', changes: { extraDebtPayment: 10_000 } });
    // 401(k): 250.00 a month: 1 260.00, 1 522.60, 1 787.83 (15.226 → 15.23); cash 3 × 700.00.
    // 2 100.00 + 1 787.83 − 224.56 = 3 663.27.
    expect(byKind('401k')).toMatchObject({ netWorthAtRetirement: 366_327, deltaNetWorth: 301, interestPaid: 3226, debtFreeMonth: '2026-06', changes: { monthlySavings: 10_000, savingsAccountId: 1 } });
    // A new Roth IRA at the one account's 12 %, from 2026-01: 100.00, 201.00, 303.01.
    // 2 100.00 + 1 484.82 + 303.01 − 224.56 = 3 663.27.
    expect(byKind('ira')).toMatchObject({ netWorthAtRetirement: 366_327, deltaNetWorth: 301, interestPaid: 3226, changes: null });
    expect(byKind('cash')).toMatchObject({ netWorthAtRetirement: 366_026, deltaNetWorth: 0, interestPaid: 3226, debtFreeMonth: '2026-06', changes: {} });
  });

  it('agrees with the what-if sandbox to the cent', () => {
    const sandbox = planOutcome(applyWhatIf(household, { extraDebtPayment: c(100) }), project(applyWhatIf(household, { extraDebtPayment: c(100) })), 1960);
    expect(byKind('debt').netWorthAtRetirement).toBe(sandbox.netWorthAtRetirement);
  });

  it('ranks paying a 24 % card above saving at 12 %, and breaks the 401(k)–IRA tie in a fixed order', () => {
    expect(chosen(options).map((o) => [o.rank, o.kind])).toEqual([
      [1, 'debt'],
      [2, '401k'],
      [3, 'ira'],
      [4, 'cash'],
    ]);
  });

  it('explains each option in one line', () => {
    expect(byKind('debt').reason).toBe(
      "Your debts have no payoff plan, so this goes avalanche-style: paying Card at 24% first saves $13.74 of interest and makes you debt-free 3 months sooner (2026-03); adds $6.04 to your net worth at retirement (end of 2026-03, in today's dollars).",
    );
    expect(byKind('401k').reason).toBe(
      "Adding $100.00 a month to Work 401(k), earning 12% a year, adds $3.01 to your net worth at retirement (end of 2026-03, in today's dollars). Its withdrawals in retirement are taxed, which your plan does not count until you set a tax rate on retirement withdrawals under Plan assumptions. Your employer contribution stays as entered: the plan holds an amount, not a match formula, so a match on this money is not counted.",
    );
    // With a filing status the brackets tax the withdrawals, whatever the flat rate says.
    const bracketed = nextDollar({ ...household, assumptions: { ...NEUTRAL_ASSUMPTIONS, retirementTaxRate: 15, filingStatus: 'single' } }, c(100), 1960);
    expect(chosen(bracketed).find((o) => o.kind === '401k')!.reason).toContain(
      "Its withdrawals in retirement are taxed by each year's brackets, which the money-lasts figures count; the net worth shown is before that tax.",
    );
    expect(byKind('ira').reason).toBe(
      "Opening a Roth IRA with $100.00 a month from 2026-01, earning 12% a year (the average of your accounts' expected returns), adds $3.01 to your net worth at retirement (end of 2026-03, in today's dollars).",
    );
    expect(byKind('cash').reason).toBe(
      'Leaving $100.00 a month in cash is your plan as it stands: income you do not spend already stays in cash, earning nothing, as no cash interest rate is set, so this is what the other options are measured against.',
    );
    // With 80 % of each month's surplus going to a taxable account, unspent income is not all cash.
    const investing: ProjectionInput = {
      ...household,
      retirementAccounts: [...household.retirementAccounts, { ...k401, id: 9, name: 'Brokerage', accountType: 'taxable', contributionAmount: c(0), employerContributionAmount: c(0) }],
      assumptions: { ...NEUTRAL_ASSUMPTIONS, surplusAccountId: 9, surplusShare: 80 },
    };
    expect(chosen(nextDollar(investing, c(100), 1960)).find((o) => o.kind === 'cash')!.reason).toBe(
      "Leaving $100.00 a month in cash is your plan as it stands: income you do not spend already goes where your plan sends it (80% of each month's surplus to your surplus account, the rest to cash), earning nothing, as no cash interest rate is set, so this is what the other options are measured against.",
    );
    expect(byKind('debt').label).toBe('Pay down debt');
    expect(byKind('401k').label).toBe('Raise Work 401(k)');
    expect(byKind('ira').label).toBe('Open a Roth IRA');
    expect(byKind('cash').label).toBe('Keep it in cash');
  });

  it('ranks saving at 12 % above paying a 3 % debt', () => {
    // Ten working years; the card at 3 % costs less than the accounts earn.
    const cheapDebt: ProjectionInput = {
      ...household,
      debts: [{ id: 1, name: 'Car', originalAmount: c(10_000), remainingAmount: c(10_000), apr: 3, monthlyPayment: c(200), creationOrder: 1 }],
      debtPlan: { planType: 'avalanche', extraPayment: c(0) },
      retirementPlan: { ...household.retirementPlan!, retirementDate: '2036-01-01' },
    };
    const ranked = chosen(nextDollar(cheapDebt, c(100), null));
    expect(ranked.map((o) => o.kind)).toEqual(['401k', 'ira', 'debt', 'cash']);
    const debt = ranked.find((o) => o.kind === 'debt')!;
    expect(debt.deltaNetWorth).toBeGreaterThan(0);
    expect(ranked[0]!.deltaNetWorth).toBeGreaterThan(debt.deltaNetWorth!);
    // The plan has a strategy already: no switch to announce.
    expect(debt.reason.startsWith('Paying Car at 3% first saves')).toBe(true);
  });

  it('takes a payroll-deducted 401(k) raise out of the pay, so it is not free money', () => {
    const deducted = { ...household, retirementAccounts: [{ ...k401, payrollDeducted: true }] };
    const raised = chosen(nextDollar(deducted, c(100), null)).find((o) => o.kind === '401k')!;
    // Cash grows 100.00 more a month without the contribution (2 700.00 by 2026-03); the raise cuts the
    // pay by 100.00, so the gain is the growth alone, as before: 3.01.
    expect(raised.deltaNetWorth).toBe(301);
    expect(raised.reason).toContain('(it comes out of your pay: net pay falls by $100.00 a monthly paycheck)');
  });

  it('raises an existing IRA instead of opening one', () => {
    const ira: RetirementAccountInput = { ...k401, id: 2, name: 'My IRA', startingBalance: c(0), contributionAmount: c(0), employerContributionAmount: c(0), expectedReturnRate: 6, accountType: 'roth_ira' };
    const option = chosen(nextDollar({ ...household, retirementAccounts: [k401, ira] }, c(100), null)).find((o) => o.kind === 'ira')!;
    expect(option.label).toBe('Raise My IRA');
    expect(option.changes).toEqual({ monthlySavings: 10_000, savingsAccountId: 2 });
    // 100.00, 200.50, 301.50 (1.0025 → 1.00) at 0.5 % a month: 1.50 of growth.
    expect(option.deltaNetWorth).toBe(150);
  });

  it('flags the options that do not apply, after the ranked ones', () => {
    const bare = { ...household, debts: [], retirementAccounts: [], retirementPlan: null };
    const result = nextDollar(bare, c(100), null);
    expect(kinds(result)).toEqual([
      ['cash', true],
      ['debt', false],
      ['401k', false],
      ['ira', false],
    ]);
    expect(result.slice(1).map((o) => o.reason)).toEqual([
      'You have no debts to pay down.',
      'You have no 401(k) in your plan.',
      'There is no return to assume for a new IRA: add a retirement account or a retirement plan first.',
    ]);
  });

  it("uses the plan's interest rate for a new IRA when there are no accounts", () => {
    const account = newRothIra({ ...household, retirementAccounts: [], retirementPlan: { ...household.retirementPlan!, interestRate: 5 } }, c(100));
    expect(account).toMatchObject({ id: 1, expectedReturnRate: 5, contributionAmount: 10_000, contributionCycle: 'monthly', accountType: 'roth_ira', nextDepositDate: '2026-01-01' });
  });

  it('opens a new IRA this month, at the plain mean of the accounts rounded to 4 decimals', () => {
    const accounts = [k401, { ...k401, id: 4, expectedReturnRate: 6.5 }, { ...k401, id: 9, expectedReturnRate: 5.0001 }];
    // (12 + 6.5 + 5.0001) / 3 = 7.83336666… → 7.8334.
    const account = newRothIra({ ...household, today: monthKey(2026, 9), retirementAccounts: accounts }, c(100));
    expect(account).toMatchObject({ id: 10, expectedReturnRate: 7.8334, nextDepositDate: '2026-09-01', startingBalance: 0, employerContributionAmount: 0 });
  });

  it('puts an option without a retirement figure last, keeps the fixed order among equals, and offers no account after retirement', () => {
    const retired = { ...household, retirementPlan: { ...household.retirementPlan!, retirementDate: '2025-01-01', yearsOfRetirement: 5 } };
    const result = nextDollar(retired, c(100), null);
    const ranked = chosen(result);
    expect(ranked.every((o) => o.netWorthAtRetirement === null && o.deltaNetWorth === null)).toBe(true);
    expect(ranked.map((o) => o.kind)).toEqual(['cash', 'debt']);
    // Retired already: no deposit is left for an account to take.
    expect(result.slice(2).map((o) => [o.kind, o.reason])).toEqual([
      ['401k', 'Work 401(k) takes no deposits between now and your retirement, so there is nothing to raise.'],
      ['ira', 'A new Roth IRA cannot take money: no month is left before you retire.'],
    ]);
  });

  it('mentions cash interest when the plan has a rate', () => {
    const earning = { ...household, assumptions: { ...NEUTRAL_ASSUMPTIONS, cashInterestRate: 4 } };
    expect(chosen(nextDollar(earning, c(100), null)).find((o) => o.kind === 'cash')?.reason).toContain('earning 4% a year');
  });

  it('defaults to 100.00 a month and never changes its input', () => {
    const frozen = structuredClone(household);
    const snapshot = structuredClone(frozen);
    Object.freeze(frozen);
    expect(DEFAULT_NEXT_DOLLAR).toBe(10_000);
    expect(nextDollar(frozen)).toEqual(nextDollar(household, c(100), null));
    expect(frozen).toEqual(snapshot);
  });

  it('throws on an amount nextDollarErrors refuses', () => {
    expect(() => nextDollar(household, c(0), null)).toThrow(RangeError);
  });
});

describe('nextDollarErrors', () => {
  it('takes whole cents above 0 up to 100 000.00 a month', () => {
    expect(nextDollarErrors(c(0.01))).toEqual({});
    expect(nextDollarErrors(c(100_000))).toEqual({});
    expect(nextDollarErrors(c(0))).toEqual({ amount: 'Amount must be more than $0.00' });
    expect(nextDollarErrors(c(-5))).toEqual({ amount: 'Amount must be more than $0.00' });
    expect(nextDollarErrors(c(100_000.01))).toEqual({ amount: 'Amount can be at most $100,000.00 a month' });
    expect(nextDollarErrors(12.5 as Cents)).toEqual({ amount: 'Amount must be a whole number of cents' });
    expect(nextDollarErrors(Number.NaN as Cents)).toEqual({ amount: 'Amount must be a whole number of cents' });
  });
});

describe('assumedReturn', () => {
  const account = (id: number, expectedReturnRate: number): RetirementAccountInput => ({
    id,
    name: `A${id}`,
    contributionAmount: cents(0),
    employerContributionAmount: cents(0),
    startingBalance: cents(0),
    expectedReturnRate,
    contributionCycle: 'monthly',
    nextDepositDate: '2026-01-01',
  });
  const base = { retirementAccounts: [], retirementPlan: null } as unknown as ProjectionInput;

  it('is the plain mean of the accounts’ rates to 4 decimals, half up', () => {
    // By hand: (7 + 6.5) / 2 = 6.75; (6 + 6 + 7) / 3 = 6.33333… → 6.3333; (0.0001 + 0) / 2 = 0.00005 → 0.0001.
    expect(assumedReturn({ ...base, retirementAccounts: [account(1, 7), account(2, 6.5)] })).toBe(6.75);
    expect(assumedReturn({ ...base, retirementAccounts: [account(1, 6), account(2, 6), account(3, 7)] })).toBe(6.3333);
    expect(assumedReturn({ ...base, retirementAccounts: [account(1, 0.0001), account(2, 0)] })).toBe(0.0001);
  });

  it('falls back to the retirement plan’s rate, else null', () => {
    expect(assumedReturn({ ...base, retirementPlan: { interestRate: 4.5 } } as unknown as ProjectionInput)).toBe(4.5);
    expect(assumedReturn(base)).toBeNull();
  });
});

/**
 * The IRS's rules (docs/projection-rules.md#the-next-dollar-and-the-irs). Today 2026-11, born 1985
 * (41 in 2026), retiring 2050-01. Every limit below is the IRS's 2026 figure (IRS Notice 2025-67):
 * 401(k) deferral 24,500; IRA 7,500; Roth IRA phase-out 153,000–168,000 single, 242,000–252,000
 * married filing jointly; the marginal rate from Rev. Proc. 2025-32's 2026 brackets.
 */
describe('nextDollar under the IRS limits', () => {
  const account = (over: Partial<RetirementAccountInput>): RetirementAccountInput => ({
    id: 1,
    name: 'Pat 401(k)',
    contributionAmount: c(0),
    employerContributionAmount: c(0),
    startingBalance: c(0),
    expectedReturnRate: 6,
    contributionCycle: 'monthly',
    nextDepositDate: '2026-01-01',
    accountType: 'roth_401k',
    ...over,
  });
  const plan = (over: Partial<ProjectionInput>): ProjectionInput => ({
    ...household,
    today: monthKey(2026, 11),
    planStart: monthKey(2026, 11),
    incomes: [{ id: 1, payCycle: 'monthly', netPay: c(6_000), grossPay: c(9_000) }],
    debts: [],
    monthlyExpenses: [],
    retirementPlan: { retirementDate: '2050-01-01', interestRate: 6, socialSecurityIncome: c(0), socialSecurityStartDate: '2050-01-01', yearsOfRetirement: 30 },
    ...over,
  });
  const option = (input: ProjectionInput, kind: string, amount = 100, status?: 'single' | 'married_joint') => nextDollar(input, c(amount), 1985, status).find((o) => o.kind === kind)!;

  it('offers nothing to an IRA already at the year’s limit, and says so', () => {
    // 625.00 a month from 2026-01: 12 × 625 = 7,500.00, the whole 2026 limit.
    const full = plan({ retirementAccounts: [account({ id: 2, name: 'Sam Roth IRA', accountType: 'roth_ira', contributionAmount: c(625) })] });
    const ira = option(full, 'ira');
    expect(ira.applies).toBe(false);
    expect(ira.label).toBe('Raise Sam Roth IRA');
    expect(ira.reason).toBe("Sam Roth IRA is full: 2026's limit for your IRAs together is $7,500.00 and your plan already puts $7,500.00 in them, so no more fits.");
  });

  it('offers nothing to a 401(k) over the deferral limit', () => {
    // 2,100.00 a month: 25,200.00 a year, over 24,500.00.
    const over = plan({ retirementAccounts: [account({ contributionAmount: c(2_100) })] });
    const k401 = option(over, '401k');
    expect(k401).toMatchObject({ applies: false, label: 'Raise Pat 401(k)' });
    expect(k401.reason).toBe("Pat 401(k) is full: 2026's limit for your 401(k)s is $24,500.00 and your plan already puts $25,200.00 in them, so no more fits.");
  });

  it('offers only what fits, and leaves the rest in cash', () => {
    // 2,000.00 a month: 24,000.00 a year; 500.00 of room over 12 deposits → 41.666… → 41.66.
    const near = plan({ retirementAccounts: [account({ contributionAmount: c(2_000) })] });
    const k401 = option(near, '401k') as NextDollarChoice;
    expect(k401.applies).toBe(true);
    expect(k401.changes).toEqual({ monthlySavings: 4_166, savingsAccountId: 1 });
    expect(k401.reason).toContain(
      "Only $41.66 a month fits under the IRS limit (2026's limit for your 401(k)s is $24,500.00 and your plan already puts $24,000.00 in them); the other $58.34 stays in cash.",
    );
    // At 50 the catch-up of 8,000.00 makes room for the whole 100.00.
    const older = nextDollar(near, c(100), 1976).find((o) => o.kind === '401k') as NextDollarChoice;
    expect(older.changes).toEqual({ monthlySavings: 10_000, savingsAccountId: 1 });
    expect(older.reason).not.toContain('fits under');
  });

  it('finds the tightest year: a biweekly account’s 27-payday year', () => {
    // 900.00 biweekly from 2026-01-02: 26 paydays in 2026 (23,400.00), but 27 in 2027 (Jan 1 … Dec 31):
    // 24,300.00, leaving 200.00 ÷ 27 = 7.407… → 7.40 a deposit. A month of m cents is
    // round(m × 12 / 26) a deposit: 1,604 → 740.31 → 740 fits, 1,605 → 740.77 → 741 does not. The
    // account's monthly figure rises by round(90,740 × 26 / 12) − 195,000 = 196,603 − 195,000 = 16.03.
    const biweekly = plan({ retirementAccounts: [account({ contributionAmount: c(900), contributionCycle: 'biweekly', nextDepositDate: '2026-01-02' })] });
    const k401 = option(biweekly, '401k') as NextDollarChoice;
    expect(k401.changes).toEqual({ monthlySavings: 1_604, savingsAccountId: 1 });
    expect(k401.reason).toContain("Only $16.03 a month fits under the IRS limit (2027's limit for your 401(k)s is $24,500.00 and your plan already puts $24,300.00 in them); the other $83.97 stays in cash.");
  });

  it('checks a Roth IRA against the income limits of the filing status', () => {
    // Single, 13,500.00 gross a month, no pre-tax 401(k): 162,000.00 a year, inside 153,000–168,000.
    // Pub. 590-A Worksheet 2-2: 7,500 − 7,500 × 9,000 / 15,000 = 3,000.00 (already a multiple of 10).
    // 2027 takes 12 deposits: 3,000 ÷ 12 = 250.00 a month at most.
    const earner = plan({ incomes: [{ id: 1, payCycle: 'monthly', netPay: c(9_000), grossPay: c(13_500) }], retirementAccounts: [] });
    const partial = option(earner, 'ira', 300, 'single') as NextDollarChoice;
    expect(partial.applies).toBe(true);
    expect(partial.reason).toContain(
      "Only $250.00 a month fits under the IRS limit (your estimated 2027 income, $162,000.00, lowers 2027's Roth IRA limit to $3,000.00 (phase-out $153,000.00–$168,000.00 for single, IRS Notice 2025-67) and your plan already puts $0.00 in your Roth IRAs); the other $50.00 stays in cash.",
    );
    // 15,000.00 a month: 180,000.00, above 168,000.00: no Roth IRA at all when single …
    const high = plan({ incomes: [{ id: 1, payCycle: 'monthly', netPay: c(10_000), grossPay: c(15_000) }], retirementAccounts: [] });
    const none = option(high, 'ira', 100, 'single');
    expect(none.applies).toBe(false);
    expect(none.reason).toBe('A new Roth IRA cannot take money: your estimated 2026 income, $180,000.00, is above the Roth IRA income limit ($153,000.00–$168,000.00 for single, IRS Notice 2025-67).');
    // … and the whole 100.00 when married filing jointly (below 242,000.00).
    expect(option(high, 'ira', 100, 'married_joint')).toMatchObject({ applies: true, reason: expect.stringContaining('Opening a Roth IRA with $100.00 a month from 2026-11') });
  });

  it('counts the tax a traditional 401(k) saves at the marginal rate', () => {
    // Single, 9,000.00 gross a month, 500.00 a month pre-tax: 108,000 − 6,000 = 102,000.00;
    // less the 16,100.00 standard deduction: 85,900.00, in the 22 % bracket (50,400–105,700).
    // 100.00 of take-home pay buys 100 ÷ 0.78 = 128.205… → 128.21 a month before tax;
    // tax saved 128.21 × 0.22 = 28.2062 → 28.21, which goes back to the pay.
    // Three working months at 0 % (today 2026-01, retiring 2026-04), 6,000.00 net, not payroll-deducted:
    //   plan:   cash 3 × (6,000 − 500) = 16,500.00; 401(k) 1,500.00            → 18,000.00
    //   option: cash 3 × (6,028.21 − 628.21) = 16,200.00; 401(k) 1,884.63    → 18,084.63 (+84.63)
    const traditional = account({ accountType: 'traditional_401k', contributionAmount: c(500), expectedReturnRate: 0 });
    const short = plan({ today: monthKey(2026, 1), planStart: monthKey(2026, 1), retirementAccounts: [traditional], retirementPlan: { ...household.retirementPlan!, interestRate: 0 } });
    const k401 = option(short, '401k', 100, 'single') as NextDollarChoice;
    expect(k401).toMatchObject({ applies: true, changes: null, netWorthAtRetirement: 1_808_463, deltaNetWorth: 8_463 });
    expect(k401.reason).toContain('Adding $128.21 a month to Pat 401(k), earning 0% a year, adds $84.63 to your net worth at retirement');
    expect(k401.reason).toContain('It goes in before tax, so it costs $100.00 of take-home pay: at your 22% federal tax rate the $28.21 of tax it saves pays the rest.');
    // The same money into a Roth 401(k) at 0 % only moves cash into the account: +0.00.
    const roth = option({ ...short, retirementAccounts: [{ ...traditional, accountType: 'roth_401k' }] }, '401k', 100, 'single') as NextDollarChoice;
    expect(roth).toMatchObject({ changes: { monthlySavings: 10_000, savingsAccountId: 1 }, deltaNetWorth: 0 });
    // Payroll-deducted: the pay falls by the take-home cost only, 128.21 − 28.21 = 100.00.
    const payroll = option({ ...short, retirementAccounts: [{ ...traditional, payrollDeducted: true }] }, '401k', 100, 'single') as NextDollarChoice;
    expect(payroll.reason).toContain('(it comes out of your pay: net pay falls by $100.00 a monthly paycheck)');
  });

  it('counts no tax saving on a traditional IRA the user cannot fully deduct', () => {
    // Covered by a 401(k), single, 102,000.00 of income: above 2026's 81,000–91,000, so no deduction.
    const covered = plan({
      retirementAccounts: [account({ accountType: 'traditional_401k', contributionAmount: c(500) }), account({ id: 2, name: 'Pat IRA', accountType: 'traditional_ira' })],
    });
    const ira = option(covered, 'ira', 100, 'single') as NextDollarChoice;
    expect(ira.changes).toEqual({ monthlySavings: 10_000, savingsAccountId: 2 });
    expect(ira.reason).toContain(
      'With a 401(k) at work and an estimated 2026 income of $102,000.00, a traditional IRA contribution is not fully deductible (phase-out $81,000.00–$91,000.00 for single, IRS Notice 2025-67), so no tax saving is counted.',
    );
    // Without a 401(k) the deduction is whole: 9,000 × 12 = 108,000 − 16,100 = 91,900 → 22 %.
    const alone = plan({ retirementAccounts: [account({ id: 2, name: 'Pat IRA', accountType: 'traditional_ira' })] });
    expect((option(alone, 'ira', 100, 'single') as NextDollarChoice).reason).toContain('Adding $128.21 a month to Pat IRA');
  });
});

describe('nextDollarTax', () => {
  it('estimates the year’s income and the federal rate on its last dollar', () => {
    // 4,000.00 biweekly, 26 paydays: 104,000.00. Minus 500.00 a month to a traditional 401(k):
    // 98,000.00; married filing jointly: − 32,200 = 65,800.00 → 12 %.
    const input: ProjectionInput = {
      ...household,
      incomes: [{ id: 1, payCycle: 'biweekly', netPay: c(3_000), grossPay: c(4_000) }],
      retirementAccounts: [{ ...k401, contributionAmount: c(500), retirementPlan: undefined } as RetirementAccountInput],
      retirementPlan: { ...household.retirementPlan!, retirementDate: '2040-01-01' },
    };
    expect(nextDollarTax(input, 'married_joint')).toEqual({
      year: 2026,
      filingStatus: 'married_joint',
      grossPay: 10_400_000,
      preTax: 600_000,
      income: 9_800_000,
      standardDeduction: 3_220_000,
      taxableIncome: 6_580_000,
      marginalRate: 12,
    });
    // Single: 98,000.00 − 16,100 = 81,900.00 → 22 %. An income ending 2026-06 counts six months:
    // 4,000 × 26 × 6 / 12 = 52,000.00.
    expect(nextDollarTax(input, 'single').marginalRate).toBe(22);
    const ending = { ...input, incomes: [{ ...input.incomes[0]!, endMonth: monthKey(2026, 6) }] };
    expect(nextDollarTax(ending, 'single').grossPay).toBe(5_200_000);
    // A pay still to start (its next pay month after today's) counts from then: none in 2026; ten
    // months in 2027, 4,000 × 26 × 10 / 12 = 86,666.666… → 86,666.67.
    const later = { ...input, incomes: [{ ...input.incomes[0]!, nextPayMonth: monthKey(2027, 3) }] };
    expect(nextDollarTax(later, 'single').grossPay).toBe(0);
    expect(nextDollarTax(later, 'single', 2027).grossPay).toBe(8_666_667);
  });

  it('takes the plan’s filing status, else guesses married filing jointly from two incomes, else single', () => {
    expect(guessFilingStatus({ incomes: [] })).toBe('single');
    expect(guessFilingStatus({ incomes: household.incomes })).toBe('single');
    expect(guessFilingStatus({ incomes: [...household.incomes, { id: 2, payCycle: 'monthly', netPay: c(1) }] })).toBe('married_joint');
    // The plan's own filing status, when the assumptions have one, wins over the guess.
    expect(guessFilingStatus({ incomes: household.incomes, assumptions: { ...NEUTRAL_ASSUMPTIONS, filingStatus: 'head_of_household' } })).toBe('head_of_household');
  });
});
