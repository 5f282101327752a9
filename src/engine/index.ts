/** The projection engine's public API. Pure functions on integer cents and 'YYYY-MM' months. */
export type { Cents } from './money.ts';
export {
  cents,
  parseCents,
  centsToDollars,
  formatCents,
  ZERO,
  divRoundHalfUp,
  divFloor,
  mulDivRoundHalfUp,
  sumCents,
  minCents,
  maxCents,
} from './money.ts';
export type { MonthKey } from './months.ts';
export { parseMonthKey, monthKey, monthOfDate, yearOf, monthOf, addMonths, monthsBetween } from './months.ts';
export type { Fraction, AnnualPercent } from './rates.ts';
export { decimalFraction, monthlyRate, monthlyInterest } from './rates.ts';
export type { Cycle } from './cycles.ts';
export { CYCLES, CYCLE_FACTORS, monthlyAmount } from './cycles.ts';
export type { When, AmortizationStep } from './amortization.ts';
export { pmt, nper, fv, ipmt, ppmt, amortizationStep } from './amortization.ts';
export type { Horizon } from './horizon.ts';
export { MAX_PROJECTION_MONTHS, MAX_BALANCE, DEFAULT_HORIZON_MONTHS, projectionHorizon } from './horizon.ts';
export type { DebtsProjection, DebtProjectionOptions } from './debts.ts';
export { projectDebts, debtOrder, percentPaid } from './debts.ts';
export { housingLine, mortgageBalances, principalAndInterest } from './housing.ts';
export { planStartDay, paidBeforeStart, housingPaidBeforeStart } from './typed-balances.ts';
export type { Holdings, MonthHoldings } from './net-worth.ts';
export { monthlyHoldings } from './net-worth.ts';
export { monthlyExpenseTotal, oneTimeExpensesByMonth, otherSpendingLine, spendingLine } from './expenses.ts';
export type { MonthlyContribution, ContributionOptions, ContributionsProjection, SurplusDeposits } from './contributions.ts';
export { projectContributions, monthlyContribution, contributesIn, sumContributionRows } from './contributions.ts';
export type { LivingCash, LivingCosts, LivingPayment, RetirementOptions, RetirementProjection } from './retirement.ts';
export { projectRetirement, livingNeed, payLivingNeed, socialSecurityIn, splitWithdrawal } from './retirement.ts';
export type { IncomeOptions } from './income.ts';
export { projectIncome, monthlyNetIncome, employeeContributionsIn, surplusTransfer, surplusAccountOf } from './income.ts';
export { project } from './project.ts';
export type {
  MonthValue,
  BalanceTrend,
  DebtFree,
  DebtTotals,
  ContributionTotals,
  RetirementLivingTotals,
  IncomeAverages,
  DebtPayoff,
  DebtPlanOutcome,
} from './insights.ts';
export {
  PROJECTION_YEARS,
  projectedEndBalanceAt,
  incomeDisplayEndBalance,
  incomeEndBalances,
  lastMonthsAverage,
  balanceTrend,
  percentPaidBand,
  debtFreeMonth,
  moneyRunsOutMonth,
  debtTotals,
  contributionTotals,
  retirementLivingTotals,
  incomeTotalExpenses,
  incomeAverages,
  compareDebtPlans,
} from './insights.ts';
export type { DebtFreeFigure, CashCoverFigure, SavingsRateFigure, MoneyLastsFigure, FinancialHealth } from './health.ts';
export { financialHealth, debtFreeFigure, cashCover, savingsRate, moneyLasts } from './health.ts';
export type { BaselineMonth, PlanGapMonth, BaselineMonthWire, BaselineSnapshotWire } from './plan-vs-actual.ts';
export {
  MAX_SNAPSHOT_MONTHS,
  baselineSnapshot,
  netWorth,
  planVsActual,
  snapshotToWire,
  snapshotError,
  snapshotFromWire,
} from './plan-vs-actual.ts';
export type {
  DebtPlanType,
  IncomeSourceInput,
  DebtInput,
  DebtPlanInput,
  HousingInput,
  MonthlyExpenseInput,
  OtherExpenseInput,
  RetirementAccountInput,
  RetirementPlanInput,
  DebtActual,
  ContributionActual,
  RetirementActual,
  IncomeActual,
  ProjectionActuals,
  ProjectionInput,
  DebtMonth,
  DebtProjection,
  ContributionMonth,
  RetirementMonth,
  RetirementTotalMonth,
  IncomeMonth,
  EntityMonths,
  Projection,
} from './types.ts';
export { DEBT_PLAN_TYPES } from './types.ts';
export type { ReturnPath } from './returns.ts';
export { extraInterest } from './returns.ts';
export { mix32, uniforms, normals } from './random.ts';
export type { RetirementScenario } from './project.ts';
export { planScenario } from './project.ts';
export type { RiskPlan, PathOutcome, FanPoint, MonteCarloSummary, HistoryStart, HistorySummary } from './risk.ts';
export {
  DEFAULT_VOLATILITY,
  DEFAULT_STOCK_SHARE,
  DEFAULT_PATHS,
  MAX_PATHS,
  NOTABLE_YEARS,
  riskPlan,
  replayPath,
  monteCarloPath,
  monteCarloOutcomes,
  historyPath,
  historyStartCount,
  historyOutcomes,
  fanChart,
  nearestRank,
  shareBasisPoints,
  lasted,
  monteCarloSummary,
  historySummary,
  rateBasisPoints,
  realReturnBasisPoints,
} from './risk.ts';
export type { MarketMonth, MarketHistory } from './market/history.ts';
export { marketHistory, mixedRealReturns, bondNominalReturn } from './market/history.ts';
export { annualised } from './returns.ts';
