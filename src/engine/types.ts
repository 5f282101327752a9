/**
 * The projection's input and output, as plain JSON-serializable data.
 *
 * Units: money is integer `Cents`; rates are percent numbers (24.99 = 24.99 % a year); months are
 * `MonthKey` ('YYYY-MM'); dates are 'YYYY-MM-DD' texts (an ISO timestamp's date part is used);
 * entity ids are the records' integer ids. Output rows carry no database ids: the server gives
 * each (kind, entity, month) its stable id.
 */
import type { Cycle } from './cycles.ts';
import type { Cents } from './money.ts';
import type { MonthKey } from './months.ts';
import type { PlanAssumptions } from './assumptions.ts';
import type { AnnualPercent } from './rates.ts';

export const DEBT_PLAN_TYPES = ['none', 'snowball', 'avalanche'] as const;
export type DebtPlanType = (typeof DEBT_PLAN_TYPES)[number];

export interface IncomeSourceInput {
  readonly id: number;
  readonly payCycle: Cycle;
  /** Net pay per pay cycle. */
  readonly netPay: Cents;
  /**
   * Gross pay per pay cycle. Only the next dollar reads it, to estimate the year's income for the
   * IRS's income limits and the rate a pre-tax dollar saves (next-dollar.ts); absent: not known.
   */
  readonly grossPay?: Cents;
  /**
   * The month of next_pay_date (docs/projection-rules.md#plan-assumptions), passed with plan
   * assumptions: no pay is received from today's month up to the month before it (months before
   * today were paid: their paydays are past). Example: today 2026-11, next pay 2026-12-04 → nothing
   * in 2026-11, pay from 2026-12. Absent or null, or not after today's month: received every month.
   */
  readonly nextPayMonth?: MonthKey | null;
  /** The last month it is received (the income's `end_month`); absent or null: every month. */
  readonly endMonth?: MonthKey | null;
}

export interface DebtInput {
  readonly id: number;
  readonly name: string;
  readonly originalAmount: Cents;
  /** The balance owed at the start of month 1. */
  readonly remainingAmount: Cents;
  readonly apr: AnnualPercent;
  readonly monthlyPayment: Cents;
  /** Creation order (e.g. the creation timestamp's rank or the id): the last tie-break of the plan order. */
  readonly creationOrder: number;
  /**
   * The day of the month the payment is due (1–31). With plan assumptions, a due day before the
   * plan start day leaves the debt out of month 1 (typed-balances.ts). Absent: always charged.
   */
  readonly dueDay?: number;
}

export interface DebtPlanInput {
  readonly planType: DebtPlanType;
  readonly extraPayment: Cents;
}

/** Rent and Own: the payment every month. Mortgage: the loan's figures as well. */
export type HousingInput =
  | { readonly housingType: 'Rent' | 'Own'; readonly totalMonthlyPayment: Cents }
  | {
      readonly housingType: 'Mortgage';
      readonly totalMonthlyPayment: Cents;
      readonly interestRate: AnnualPercent;
      /** The loan balance at the start of month 1. */
      readonly currentBalance: Cents;
      readonly escrowPayment: Cents;
    };

export interface MonthlyExpenseInput {
  readonly id: number;
  readonly amount: Cents;
  /** The last month it is paid (the expense's `end_month`); absent or null: every month. */
  readonly endMonth?: MonthKey | null;
  /**
   * The day of the month it is due (1–31). With plan assumptions, a due day before the plan start
   * day leaves it out of month 1 (typed-balances.ts). Absent: always charged.
   */
  readonly dueDay?: number;
}

export interface OtherExpenseInput {
  readonly id: number;
  readonly month: MonthKey;
  readonly amount: Cents;
}

export interface RetirementAccountInput {
  readonly id: number;
  readonly name: string;
  /** Employee contribution per cycle. */
  readonly contributionAmount: Cents;
  /** Employer contribution per cycle. */
  readonly employerContributionAmount: Cents;
  /** The balance at the start of month 1. */
  readonly startingBalance: Cents;
  readonly expectedReturnRate: AnnualPercent;
  readonly contributionCycle: Cycle;
  /** 'YYYY-MM-DD': contributions start in this date's month. */
  readonly nextDepositDate: string;
  /**
   * `payroll_deducted`: the employee contribution comes out of pay before the net pay the user
   * entered, so the income table does not subtract it again. Absent: false.
   */
  readonly payrollDeducted?: boolean;
  /**
   * 'traditional_401k', 'roth_401k', 'traditional_ira' or 'roth_ira'; traditional withdrawals are
   * taxed under plan assumptions.
   */
  readonly accountType?: string;
}

export interface RetirementPlanInput {
  /** 'YYYY-MM-DD': retirement living starts in this date's month (the retirement month). */
  readonly retirementDate: string;
  /** The rate every account earns during retirement living. */
  readonly interestRate: AnnualPercent;
  /** Social Security income per month. */
  readonly socialSecurityIncome: Cents;
  /** 'YYYY-MM-DD': Social Security is received from this date's month. */
  readonly socialSecurityStartDate: string;
  readonly yearsOfRetirement: number;
}

/** The user's actual remaining balance of a debt at the end of a month. */
export interface DebtActual {
  readonly debtId: number;
  readonly month: MonthKey;
  readonly remaining: Cents;
}

/** The user's actual end balance of a retirement account in the contributions table. */
export interface ContributionActual {
  readonly accountId: number;
  readonly month: MonthKey;
  readonly endBalance: Cents;
}

/** The user's actual balance of a retirement account in the retirement table. */
export interface RetirementActual {
  readonly accountId: number;
  readonly month: MonthKey;
  readonly balance: Cents;
}

/** The user's actual end balance in the income table. */
export interface IncomeActual {
  readonly month: MonthKey;
  readonly endBalance: Cents;
}

/** The mortgage balance a check-in gave for the end of a month (docs/projection-rules.md#the-home-in-a-check-in). */
export interface MortgageActual {
  readonly month: MonthKey;
  readonly balance: Cents;
}

/** The home's value a check-in gave for a month (docs/projection-rules.md#the-home-in-a-check-in). */
export interface HomeValueActual {
  readonly month: MonthKey;
  readonly value: Cents;
}

export interface ProjectionActuals {
  readonly debt: readonly DebtActual[];
  readonly contribution: readonly ContributionActual[];
  readonly retirement: readonly RetirementActual[];
  readonly income: readonly IncomeActual[];
  /** Absent: none given. */
  readonly mortgage?: readonly MortgageActual[];
  /** Absent: none given. */
  readonly home?: readonly HomeValueActual[];
}

export interface ProjectionInput {
  /** The current month. Actuals dated after it are ignored (only past and current months are editable). */
  readonly today: MonthKey;
  /**
   * The user's birth year (the profile's birth_year): bracket mode's ages — the 65+ deductions, the
   * penalty before 59½, RMDs (docs/projection-rules.md#taxes-in-the-projection). Absent or null:
   * none of the three applies and conversions run every living year.
   */
  readonly birthYear?: number | null;
  /** Month 1 of every table: the month the user signed up. */
  readonly planStart: MonthKey;
  /**
   * The day of the month the user signed up (the UTC date of sign-up), 1–31: with plan assumptions,
   * month 1's bills due before it are already in the typed balances (typed-balances.ts,
   * docs/projection-rules.md#typed-balances-are-todays). Absent: 1, every bill of month 1 is charged.
   */
  readonly planStartDay?: number;
  readonly incomes: readonly IncomeSourceInput[];
  readonly debts: readonly DebtInput[];
  /** null projects as plan 'none' with no extra payment. */
  readonly debtPlan: DebtPlanInput | null;
  readonly housing: HousingInput | null;
  readonly monthlyExpenses: readonly MonthlyExpenseInput[];
  readonly otherExpenses: readonly OtherExpenseInput[];
  readonly retirementAccounts: readonly RetirementAccountInput[];
  readonly retirementPlan: RetirementPlanInput | null;
  readonly actuals: ProjectionActuals;
  /**
   * Plan assumptions (docs/projection-rules.md#plan-assumptions); absent or null: neutral, the base
   * tables exactly.
   */
  readonly assumptions?: PlanAssumptions | null;
}

/** One month of one debt, or of all debts summed (docs/product.md#entities, "Debt month"). */
export interface DebtMonth {
  readonly month: MonthKey;
  /** Principal + interest paid this month. */
  readonly payment: Cents;
  readonly principalPaid: Cents;
  readonly interestPaid: Cents;
  /** The computed end balance (from the month's opening balance). */
  readonly remainingAmount: Cents;
  /** The actual remaining balance when the user gave one, else the computed end balance. */
  readonly displayEndBalance: Cents;
  /** (original − displayEndBalance) / original × 100, rounded half-up to 2 decimals. */
  readonly percentPaid: number;
  /** The user's actual remaining balance for this month, or null (always null on total rows). */
  readonly inputRemainingBalance: Cents | null;
}

export interface DebtProjection {
  readonly id: number;
  readonly name: string;
  readonly apr: AnnualPercent;
  readonly monthlyPayment: Cents;
  /** The month the debt reaches 0; null when it owed nothing at month 1 or its rows stop at a limit. */
  readonly payoffMonth: MonthKey | null;
  /** True when the rows stop at a limit with the debt still owing: MAX_PROJECTION_MONTHS, or a balance past MAX_BALANCE. */
  readonly truncated: boolean;
  readonly months: readonly DebtMonth[];
}

/**
 * One month of one retirement account before retirement, or of all summed
 * (docs/product.md#entities, "Contribution month").
 */
export interface ContributionMonth {
  readonly month: MonthKey;
  /** Employee + employer contributions this month. */
  readonly contributions: Cents;
  /** Cumulative employee + employer contributions from month 1. */
  readonly totalContributions: Cents;
  readonly interestEarned: Cents;
  /** The computed closing balance: opening + interest + contributions. */
  readonly balance: Cents;
  /** The actual end balance when given, else the computed balance. Next month opens on it. */
  readonly displayBalance: Cents;
  /** The user's actual end balance for this month, or null (always null on total rows). */
  readonly inputEndBalance: Cents | null;
  /** Always 0 before retirement. */
  readonly withdrawals: Cents;
}

/** One month of one account in the retirement table (docs/product.md#entities, "Retirement month"). */
export interface RetirementMonth {
  readonly month: MonthKey;
  /** The computed closing balance. */
  readonly balance: Cents;
  /** The actual balance when given, else the computed balance. Next month opens on it. */
  readonly displayBalance: Cents;
  /** The user's actual balance for this month, or null (always null on total rows). */
  readonly inputBalance: Cents | null;
  readonly contributions: Cents;
  readonly totalContributions: Cents;
  readonly withdrawals: Cents;
  readonly interestEarned: Cents;
  /** Household figures of a living month (0 before the retirement month). */
  readonly socialSecurityIncome: Cents;
  readonly housing: Cents;
  readonly debts: Cents;
  readonly monthlyExpenses: Cents;
  readonly otherExpenses: Cents;
  /**
   * The tax part of `withdrawals` (gross − net); only present when plan assumptions are set. In
   * bracket mode (a filing status set) account rows carry 0 and the total row the tax of the year
   * before, paid in April (docs/projection-rules.md#taxes-in-the-projection).
   */
  readonly taxes?: Cents;
  /**
   * Bracket mode only: what a January's Roth conversion moved (docs/projection-rules.md#taxes-in-the-projection):
   * negative out of a traditional account, positive into a Roth account, 0 elsewhere; on the total
   * row the amount converted. Not a withdrawal.
   */
  readonly conversion?: Cents;
}

/** A total row of the retirement table: the accounts summed, plus the unmet need. */
export interface RetirementTotalMonth extends RetirementMonth {
  /** need − what cash and the accounts paid (net of taxes): what could not be covered this month (0 when covered). */
  readonly shortfall: Cents;
  /**
   * What cash and the accounts had to pay this month (docs/projection-rules.md#no-early-shortfall):
   * housing + debts + spending + one-time expenses + an overdraft repayment − Social Security, never
   * below 0; 0 before retirement. Only present when plan assumptions are set.
   */
  readonly need?: Cents;
  /** Cash left at the end of a living month (docs/projection-rules.md#cash-in-retirement); only present when plan assumptions are set. */
  readonly cashBalance?: Cents;
  /** What cash paid of a living month's need; only present when plan assumptions are set. */
  readonly cashWithdrawals?: Cents;
  /**
   * Bracket mode only, on the total row that closes a tax year (its December, or the last living
   * month): the year's tax as yearTax counted it (docs/projection-rules.md#taxes-in-the-projection).
   * Money in cents; the two rates in percent (2 decimals).
   */
  /** Gross traditional withdrawals, conversions and cash interest of the year (Social Security apart). */
  readonly yearOrdinaryIncome?: Cents;
  readonly yearTaxableSocialSecurity?: Cents;
  /** Long-term gains realised from taxable accounts. */
  readonly yearGains?: Cents;
  /** Standard deduction with the 65+ addition and the senior deduction. */
  readonly yearDeduction?: Cents;
  readonly yearFederalTax?: Cents;
  readonly yearStateTax?: Cents;
  /** 10 % of the traditional withdrawals before 59½. */
  readonly yearPenalty?: Cents;
  /** (federal + state) ÷ (ordinary income with taxable Social Security + gains), %. */
  readonly yearEffectiveRate?: number;
  /** The federal bracket of the last ordinary taxable dollar, %; 0 when there is none. */
  readonly yearMarginalRate?: number;
  /** The year's required minimum distributions, over every traditional account (0 before they start). */
  readonly yearRmd?: Cents;
  /** The year's Roth conversion. */
  readonly yearConversion?: Cents;
}

/** One month of the income table (docs/product.md#entities, "Income month"). */
export interface IncomeMonth {
  readonly month: MonthKey;
  readonly netIncome: Cents;
  /** Employee retirement contributions (not the employer's). */
  readonly retirementContributions: Cents;
  readonly housing: Cents;
  /** Σ monthly expenses, and other spending (docs/projection-rules.md#other-spending). */
  readonly expenses: Cents;
  /** This month's one-time expenses. */
  readonly other: Cents;
  /** This month's total debt payments under the plan. */
  readonly debts: Cents;
  /** The computed end balance: previous end balance + interest earned + net income − every outflow. */
  readonly endBalance: Cents;
  /** The user's actual end balance for this month, or null. Next month continues from it. */
  readonly inputEndBalance: Cents | null;
  /**
   * Cash interest earned this month (docs/projection-rules.md#plan-assumptions); only present when
   * plan assumptions are set.
   */
  readonly interestEarned?: Cents;
  /**
   * What moved from cash to the surplus account this month (docs/projection-rules.md#where-the-money-goes);
   * only present when plan assumptions are set.
   */
  readonly saved?: Cents;
  /** The mortgage balance the user gave for this month (a check-in); present only when given. */
  readonly inputMortgageBalance?: Cents;
  /** The home's value the user gave for this month (a check-in); present only when given. */
  readonly inputHomeValue?: Cents;
}

/** An entity with its month rows. */
export interface EntityMonths<Row> {
  readonly id: number;
  readonly name: string;
  readonly months: readonly Row[];
}

export interface Projection {
  /** One entry per input debt, in input order. */
  readonly debts: readonly DebtProjection[];
  /** All debts summed, month 1 to the last payoff. */
  readonly debtTotal: readonly DebtMonth[];
  /** One entry per retirement account, in input order: month 1 to the month before retirement. */
  readonly contributions: readonly EntityMonths<ContributionMonth>[];
  readonly contributionTotal: readonly ContributionMonth[];
  /** One entry per retirement account: the contribution rows, then retirement living. */
  readonly retirement: readonly EntityMonths<RetirementMonth>[];
  readonly retirementTotal: readonly RetirementTotalMonth[];
  readonly income: readonly IncomeMonth[];
  /**
   * True when a limit shaped the projection: a table cut at MAX_PROJECTION_MONTHS (a far retirement
   * horizon, a debt still owing), a debt stopped past MAX_BALANCE, or a balance held at MAX_BALANCE.
   */
  readonly truncated: boolean;
}
