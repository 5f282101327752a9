/**
 * The heavy household every engine benchmark uses (bench:engine, bench:risk): 20 debts under
 * avalanche with an extra payment, 8 retirement accounts, 6 income sources, a mortgage, 30 monthly
 * and 120 one-time expenses, retirement in 35 years lasting 30 years (780 months in all), and a
 * few actuals of every kind in the months up to "today". Seeded, so every run is the same.
 */
import { NEUTRAL_ASSUMPTIONS } from '../src/engine/assumptions.ts';
import { addMonths, cents, monthKey } from '../src/engine/index.ts';
import type {
  DebtActual,
  DebtInput,
  IncomeSourceInput,
  MonthKey,
  MonthlyExpenseInput,
  OtherExpenseInput,
  ProjectionInput,
  RetirementAccountInput,
} from '../src/engine/index.ts';

/** A small deterministic PRNG (mulberry32) so every run benchmarks the same household. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function heavyHousehold(): ProjectionInput {
  const random = prng(20260101);
  const int = (low: number, high: number): number => low + Math.floor(random() * (high - low + 1));
  const planStart = monthKey(2026, 1);
  const today = monthKey(2027, 6);
  const cycles = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const;

  const debts: DebtInput[] = Array.from({ length: 20 }, (_, i) => {
    const remaining = int(50_000, 3_000_000);
    const apr = int(0, 2999) / 100;
    // The minimum covers the interest and repays the balance within about 5 to 30 years alone.
    const interest = Math.ceil((remaining * apr) / 1200);
    return {
      id: i + 1,
      name: `Debt ${i + 1}`,
      originalAmount: cents(remaining + int(0, 500_000)),
      remainingAmount: cents(remaining),
      apr,
      monthlyPayment: cents(interest + Math.ceil(remaining / int(60, 360))),
      creationOrder: i + 1,
    };
  });
  const retirementAccounts: RetirementAccountInput[] = Array.from({ length: 8 }, (_, i) => ({
    id: i + 1,
    name: `Account ${i + 1}`,
    contributionAmount: cents(int(5_000, 60_000)),
    employerContributionAmount: cents(int(0, 30_000)),
    startingBalance: cents(int(0, 10_000_000)),
    expectedReturnRate: int(200, 900) / 100,
    contributionCycle: cycles[i % 4] ?? 'monthly',
    nextDepositDate: `2026-${String(int(1, 12)).padStart(2, '0')}-15`,
  }));
  const incomes: IncomeSourceInput[] = Array.from({ length: 6 }, (_, i) => ({
    id: i + 1,
    payCycle: cycles[i % 4] ?? 'monthly',
    netPay: cents(int(50_000, 400_000)),
  }));
  const monthlyExpenses: MonthlyExpenseInput[] = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, amount: cents(int(1_000, 80_000)) }));
  const otherExpenses: OtherExpenseInput[] = Array.from({ length: 120 }, (_, i) => ({
    id: i + 1,
    month: addMonths(planStart, int(0, 779)),
    amount: cents(int(10_000, 2_000_000)),
  }));

  const pastMonths: MonthKey[] = Array.from({ length: 18 }, (_, i) => addMonths(planStart, i));
  const debtActuals: DebtActual[] = debts.slice(0, 5).flatMap((d) =>
    pastMonths.filter((_, i) => i % 3 === 2).map((month) => ({ debtId: d.id, month, remaining: cents(Math.max(0, d.remainingAmount - int(10_000, 200_000))) })),
  );
  return {
    today,
    planStart,
    incomes,
    debts,
    debtPlan: { planType: 'avalanche', extraPayment: cents(50_000) },
    housing: { housingType: 'Mortgage', totalMonthlyPayment: cents(320_000), interestRate: 6.5, currentBalance: cents(35_000_000), escrowPayment: cents(60_000) },
    monthlyExpenses,
    otherExpenses,
    retirementAccounts,
    retirementPlan: {
      retirementDate: '2061-01-01',
      interestRate: 4.5,
      socialSecurityIncome: cents(280_000),
      socialSecurityStartDate: '2063-06-01',
      yearsOfRetirement: 30,
    },
    actuals: {
      debt: debtActuals,
      contribution: retirementAccounts.slice(0, 4).map((a, i) => ({ accountId: a.id, month: pastMonths[6 + i] ?? today, endBalance: cents(a.startingBalance + int(0, 500_000)) })),
      retirement: retirementAccounts.slice(4, 6).map((a, i) => ({ accountId: a.id, month: pastMonths[10 + i] ?? today, balance: cents(a.startingBalance + int(0, 500_000)) })),
      income: pastMonths.filter((_, i) => i % 4 === 1).map((month) => ({ month, endBalance: cents(int(-200_000, 2_000_000)) })),
    },
  };
}

/** The account types taxedHeavyHousehold gives its 8 accounts, in turn. */
const ACCOUNT_TYPES = ['traditional_401k', 'roth_ira', 'taxable', 'traditional_ira', 'roth_401k'] as const;

/**
 * The heavy household with taxes by brackets (bench:risk's "with taxes" lines and the Roth
 * conversion explorer): the same plan, its 8 accounts given account types in turn
 * (traditional 401(k), Roth IRA, taxable, traditional IRA, Roth 401(k), …: 3 traditional, 3 Roth,
 * 2 taxable), a birth year of 1990 and plan assumptions in bracket mode — married filing jointly,
 * 5 % state tax, a $20,000 yearly Roth conversion, the tax-aware withdrawal order, 2.5 % inflation
 * and Social Security COLA, 3 % on cash. Retirement runs 2061-01 to 2090-12, and born in 1990
 * (RMDs from age 75) the user takes required minimum distributions from 2065: every part of the
 * yearly ledger (conversions, RMDs, the year's tax) runs inside the plan.
 */
export function taxedHeavyHousehold(): ProjectionInput {
  const input = heavyHousehold();
  return {
    ...input,
    retirementAccounts: input.retirementAccounts.map((account, i) => ({ ...account, accountType: ACCOUNT_TYPES[i % ACCOUNT_TYPES.length] })),
    birthYear: 1990,
    assumptions: {
      ...NEUTRAL_ASSUMPTIONS,
      inflationRate: 2.5,
      socialSecurityCola: 2.5,
      cashInterestRate: 3,
      filingStatus: 'married_joint',
      stateTaxRate: 5,
      rothConversion: cents(2_000_000),
      withdrawalOrder: 'tax_aware',
    },
  };
}
