/** The monthly housing line used by the income and retirement tables (docs/projection-rules.md#housing). */
import { amortizationStep } from './amortization.ts';
import { grownAmount } from './assumptions.ts';
import { MAX_BALANCE } from './horizon.ts';
import type { Cents } from './money.ts';
import { cents, maxCents, minCents, ZERO } from './money.ts';
import { monthsBetween } from './months.ts';
import type { AnnualPercent } from './rates.ts';
import { housingPaidBeforeStart } from './typed-balances.ts';
import type { HousingInput, ProjectionInput } from './types.ts';

/**
 * The principal-and-interest part of a mortgage payment: max(0, total_monthly_payment − escrow_payment).
 * Example: total 2 000.00 with escrow 400.00 → 160 000¢.
 */
export function principalAndInterest(totalMonthlyPayment: Cents, escrowPayment: Cents): Cents {
  return maxCents(ZERO, cents(totalMonthlyPayment - escrowPayment));
}

/**
 * Housing cost per month index 0…count − 1 (month 1 is index 0):
 *   Rent, Own: line = total_monthly_payment every month.
 *   Mortgage:  P&I = total − escrow amortizes current_balance at interest_rate like a debt
 *              (interest = round(balance × rate / 100 / 12), payment = min(P&I, balance + interest)),
 *              line = that month's payment + escrow; once the balance is 0 only the escrow remains.
 *   No housing record: 0 every month.
 * With inflation (docs/projection-rules.md#plan-assumptions) a Rent/Own payment and a mortgage's
 * escrow grow once a plan year, roundHalfUp(amount × (1 + inflation/100)^floor((n − 1) / 12)); a
 * mortgage's P&I stays fixed. A mortgage whose P&I never covers its interest keeps paying P&I +
 * escrow and never pays off (its balance is held at MAX_BALANCE).
 * Typed balances are today's (typed-balances.ts): with a plan start day after the 1st, month 1's
 * payment was made before the plan started, so month 1's line is 0 and a mortgage's balance does
 * not amortise that month (no interest, no principal): it opens month 2 as typed.
 * Example: balance 1 000.00 at 0 %, total 600.00, escrow 100.00 → [600.00, 600.00, 100.00, 100.00];
 * starting on the 15th → [0, 600.00, 600.00, 100.00].
 */
export function housingLine(housing: HousingInput | null, count: number, inflation: AnnualPercent = 0, startDay = 1, actuals: ReadonlyMap<number, Cents> = NO_ACTUALS): Cents[] {
  return housingSchedule(housing, count, inflation, startDay, actuals).line;
}

const NO_ACTUALS: ReadonlyMap<number, Cents> = new Map();

/**
 * The mortgage balances a user gave in check-ins (docs/projection-rules.md#the-home-in-a-check-in),
 * by month index (month 1 is index 0), for the months from month 1 through today: an actual
 * replaces the mortgage's end-of-month balance and the months after amortize from it.
 * Example: plan start 2026-01, today 2026-03, an actual of 250 000.00 for 2026-02 → {1 → 25 000 000}.
 */
export function mortgageActuals(input: Pick<ProjectionInput, 'actuals' | 'planStart' | 'today'>): ReadonlyMap<number, Cents> {
  const byIndex = new Map<number, Cents>();
  for (const actual of input.actuals.mortgage ?? []) {
    if (actual.month < input.planStart || actual.month > input.today) continue;
    byIndex.set(monthsBetween(input.planStart, actual.month), actual.balance);
  }
  return byIndex;
}

/**
 * A mortgage's balance at the end of each month index 0…count − 1, amortized as housingLine does
 * (interest = round(balance × rate / 100 / 12), then the P&I payment; 0 once paid off; month 1
 * unchanged when its payment was made before a plan start after the 1st). Rent, Own and no
 * housing: 0 every month.
 * Example: balance 1 000.00 at 0 %, total 600.00, escrow 100.00 → [500.00, 0, 0]; starting on the
 * 15th → [1 000.00, 500.00, 0].
 */
export function mortgageBalances(housing: HousingInput | null, count: number, startDay = 1, actuals: ReadonlyMap<number, Cents> = NO_ACTUALS): Cents[] {
  return housingSchedule(housing, count, 0, startDay, actuals).balances;
}

/**
 * housingLine and mortgageBalances from one amortization walk. A mortgage balance the user gave for
 * month index k (`actuals`) replaces the end balance of that month; month k + 1 amortizes from it
 * with the same P&I (a balance of 0 leaves only the escrow).
 * Example: balance 1 000.00 at 0 %, total 600.00, escrow 100.00, an actual of 900.00 for index 0 →
 * balances [900.00, 400.00, 0], line [600.00, 600.00, 500.00].
 */
function housingSchedule(housing: HousingInput | null, count: number, inflation: AnnualPercent, startDay: number, actuals: ReadonlyMap<number, Cents>): { line: Cents[]; balances: Cents[] } {
  const skipFirst = housingPaidBeforeStart(startDay);
  const zeros = (): Cents[] => new Array<Cents>(count).fill(ZERO);
  if (housing === null) return { line: zeros(), balances: zeros() };
  const grown = (amount: Cents) => (index: number) => (skipFirst && index === 0 ? ZERO : grownAmount(amount, inflation, index + 1));
  if (housing.housingType !== 'Mortgage') {
    const payment = grown(housing.totalMonthlyPayment);
    return { line: Array.from({ length: count }, (_, index) => payment(index)), balances: zeros() };
  }
  const baseEscrow = maxCents(ZERO, housing.escrowPayment);
  const escrowIn = grown(baseEscrow);
  const offered = principalAndInterest(housing.totalMonthlyPayment, baseEscrow);
  const line: Cents[] = [];
  const balances: Cents[] = [];
  let balance = maxCents(ZERO, housing.currentBalance);
  for (let index = 0; index < count; index += 1) {
    const escrow = escrowIn(index);
    if (balance === 0 || (skipFirst && index === 0)) {
      line.push(escrow);
    } else {
      const step = amortizationStep(balance, housing.interestRate, offered);
      balance = minCents(step.balance, cents(MAX_BALANCE));
      line.push(cents(step.payment + escrow));
    }
    const actual = actuals.get(index);
    if (actual !== undefined) balance = minCents(maxCents(ZERO, actual), cents(MAX_BALANCE));
    balances.push(balance);
  }
  return { line, balances };
}
