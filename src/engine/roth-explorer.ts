/**
 * The Roth conversion explorer (docs/projection-rules.md#the-roth-conversion-explorer): the plan
 * with taxes by brackets run for no conversion and for 20 stepped yearly amounts, each with what it
 * costs in tax over the plan and what it leaves after tax at the end, the best marked.
 *
 * Per amount a (plan-start dollars a year, the roth_conversion field's unit):
 *   lifetime tax  = Σ over the plan's tax years of federal + state + penalty (lifetimeTax of the total rows)
 *   after-tax end = the last month's total balance + cash − roundHalfUp(T × (m + s) / 100)
 *                   where T is what the traditional accounts hold at the end, m the last tax year's
 *                   marginal federal rate and s the state rate (what T would cost to take out)
 *   today's dollars: both divided by F_inflation of the last month (todaysDollars)
 *   more than none = after-tax end − converting nothing's (negative: less)
 * The best amount is the one with the most after tax at the end among those whose money lasts
 * (all of them when none does); on a tie the smaller amount.
 * The step is the traditional balance at retirement in plan-start dollars, spread over the years
 * conversions run, divided by 20, rounded up to a whole $1,000 (at least $1,000): the last amount
 * empties the traditional accounts about as RMDs begin. Example: $600,000 traditional, conversions
 * 2040–2049 (10 years) → 60,000 a year ÷ 20 = $3,000 steps: 0, 3,000, …, 60,000.
 */
import { isPreTax, todaysDollars } from './assumptions.ts';
import type { Cents } from './money.ts';
import { cents, mulDivRound } from './money.ts';
import { addMonths, monthOf, yearOf, type MonthKey } from './months.ts';
import { planScenario } from './project.ts';
import { projectRetirement } from './retirement.ts';
import { lifetimeTax } from './retirement-tax.ts';
import { rmdStartAge } from './rmd.ts';
import type { ProjectionInput, RetirementTotalMonth } from './types.ts';
import { decimalFraction } from './rates.ts';

/** How many amounts above 0 the explorer tries. */
export const CONVERSION_STEPS = 20;
const DOLLAR = 100;
const STEP_UNIT = 1_000 * DOLLAR;

export interface ConversionOption {
  /** A year's conversion in plan-start dollars. */
  readonly amount: Cents;
  /** Federal + state + penalty over the plan, in today's dollars. */
  readonly lifetimeTax: Cents;
  /** What is left after tax at the plan's end, in today's dollars. */
  readonly afterTaxEnd: Cents;
  /** afterTaxEnd − converting nothing's afterTaxEnd (negative: less), in today's dollars. */
  readonly moreThanNone: Cents;
  /** Σ of the conversions made, nominal. */
  readonly converted: Cents;
  /** Whether some month of the plan runs short. */
  readonly runsShort: boolean;
}

export type ConversionExplorer =
  | {
      readonly status: 'ready';
      readonly step: Cents;
      readonly firstYear: number;
      readonly lastYear: number;
      /** True when lastYear is the year before RMDs begin; false when the plan ends first. */
      readonly stopsBeforeRmds: boolean;
      readonly options: readonly ConversionOption[];
      readonly best: number;
    }
  | { readonly status: 'unavailable'; readonly reason: string };

/** Compares Roth conversion amounts for the plan (see the file's doc comment). */
export function exploreRothConversions(input: ProjectionInput, steps: number = CONVERSION_STEPS): ConversionExplorer {
  const assumptions = input.assumptions ?? null;
  if (assumptions?.filingStatus == null) return unavailable('Conversions are compared with taxes by the brackets: choose a filing status in Plan assumptions.');
  const { retirement } = planScenario(input);
  if (retirement === null || retirement.options.livingMonths === 0) return unavailable('Add a retirement plan and accounts to compare conversions.');
  const { accounts, options } = retirement;
  const preTax = accounts.map((a) => isPreTax(a.accountType));
  if (!preTax.includes(true)) return unavailable('There is no traditional account to convert from.');
  if (!accounts.some((a) => a.accountType === 'roth_ira' || a.accountType === 'roth_401k')) return unavailable('There is no Roth account to convert into: add a Roth IRA or Roth 401(k) under Retirement Accounts.');

  // The Januaries conversions run in: from the first living one to the year before RMDs begin.
  const firstLiving = options.preMonths;
  const start = firstJanuaryYear(options.planStart, firstLiving);
  const lastLivingYear = yearOf(addMonths(options.planStart, firstLiving + options.livingMonths - 1));
  const birthYear = input.birthYear ?? null;
  const beforeRmds = birthYear === null ? null : birthYear + rmdStartAge(birthYear) - 1;
  const lastYear = beforeRmds === null ? lastLivingYear : Math.min(lastLivingYear, beforeRmds);
  if (lastYear < start) return unavailable('Required minimum distributions begin in your first year of retirement, so there is no year left to convert in.');

  // The traditional accounts at retirement, in plan-start dollars, spread over the conversion years.
  const base = projectRetirement(accounts, options);
  let traditional = 0;
  accounts.forEach((account, i) => {
    if (!preTax[i]) return;
    traditional += firstLiving > 0 ? (base.accounts[i]?.months[firstLiving - 1]?.displayBalance ?? account.startingBalance) : account.startingBalance;
  });
  const real = todaysDollars(cents(traditional), assumptions.inflationRate, firstLiving);
  const perYear = Math.ceil(real / (lastYear - start + 1));
  const step = cents(Math.max(STEP_UNIT, Math.ceil(perYear / steps / STEP_UNIT) * STEP_UNIT));

  const optionsAt = (amount: Cents) => ({ ...options, living: options.living ? { ...options.living, brackets: options.living.brackets ? { ...options.living.brackets, rothConversion: amount } : null } : null });
  const lastIndex = firstLiving + options.livingMonths - 1;
  const inflation = assumptions.inflationRate;
  const state = decimalFraction(assumptions.stateTaxRate);
  const results: Omit<ConversionOption, 'moreThanNone'>[] = [];
  for (let k = 0; k <= steps; k += 1) {
    const amount = cents(k * step);
    const run = k === 0 && assumptions.rothConversion === 0 ? base : projectRetirement(accounts, optionsAt(amount));
    const total = run.total;
    let converted = 0;
    let marginal = 0;
    let runsShort = false;
    for (const row of total) {
      if (row.yearFederalTax !== undefined) {
        converted += row.yearConversion ?? 0;
        marginal = row.yearMarginalRate ?? 0;
      }
      if (row.shortfall > 0) runsShort = true;
    }
    const last: RetirementTotalMonth | undefined = total[lastIndex];
    let endTraditional = 0;
    run.accounts.forEach((account, i) => {
      if (preTax[i]) endTraditional += account.months[lastIndex]?.displayBalance ?? 0;
    });
    // (m + s) % of T, with s a decimal: T × (m·D + N) / (100·D).
    const owed = mulDivRound(endTraditional, marginal * Number(state.denominator) + Number(state.numerator), 100 * Number(state.denominator));
    const end = (last?.displayBalance ?? 0) + (last?.cashBalance ?? 0) - owed;
    results.push({
      amount,
      lifetimeTax: todaysDollars(lifetimeTax(total), inflation, lastIndex + 1),
      afterTaxEnd: todaysDollars(cents(end), inflation, lastIndex + 1),
      converted: cents(converted),
      runsShort,
    });
  }
  const none = results[0]!.afterTaxEnd;
  const compared: ConversionOption[] = results.map((r) => ({ ...r, moreThanNone: cents(r.afterTaxEnd - none) }));
  const lasting = compared.some((r) => !r.runsShort);
  let best = -1;
  compared.forEach((r, i) => {
    if (lasting && r.runsShort) return;
    if (best < 0 || r.afterTaxEnd > compared[best]!.afterTaxEnd) best = i;
  });
  return { status: 'ready', step, firstYear: start, lastYear, stopsBeforeRmds: beforeRmds !== null && lastYear === beforeRmds, options: compared, best };
}

function unavailable(reason: string): ConversionExplorer {
  return { status: 'unavailable', reason };
}

/** The year of the first January at or after month index `index` of the plan. */
function firstJanuaryYear(planStart: MonthKey, index: number): number {
  const month = addMonths(planStart, index);
  return monthOf(month) === 1 ? yearOf(month) : yearOf(month) + 1;
}
