/**
 * The Income tab's figures (docs/product.md#screens-and-routes, #constants-and-limits): every pay
 * is turned into its monthly equivalent by the engine (weekly × 52/12, biweekly × 26/12,
 * semimonthly × 2, monthly × 1, each rounded once to the cent), and the cards are sums of those
 * cents.
 */
import { CYCLES, monthlyAmount, type Cycle } from '../../../engine/cycles.ts';
import { cents, sumCents, ZERO, type Cents } from '../../../engine/money.ts';
import { PAY_CYCLES, type PayCycle } from '../../../shared/records.ts';
import type { WireRecordOf } from '../../../shared/resources.ts';
import { wireCents } from '../../ui/money.ts';

type Income = WireRecordOf<'incomes'>;

/** The cycle as the table shows it. */
export const PAY_CYCLE_LABELS: Record<PayCycle, string> = {
  weekly: 'Weekly',
  biweekly: 'Biweekly',
  semimonthly: 'Semimonthly',
  monthly: 'Monthly',
};

/** The select's options: biweekly and semimonthly are easily confused, so they say what they mean. */
export const PAY_CYCLE_OPTIONS: readonly { value: PayCycle; label: string }[] = PAY_CYCLES.map((value) => ({
  value,
  label: { weekly: 'Weekly', biweekly: 'Biweekly (every 2 weeks)', semimonthly: 'Semimonthly (twice a month)', monthly: 'Monthly' }[value],
}));

function isCycle(value: unknown): value is Cycle {
  return CYCLES.some((cycle) => cycle === value);
}

export function payCycleLabel(value: unknown): string {
  return isCycle(value) ? PAY_CYCLE_LABELS[value] : String(value ?? '');
}

/** The monthly equivalent of one record's pay field, in cents; null when the record cannot say. */
export function monthlyPay(income: Income, field: 'gross_pay' | 'net_pay'): Cents | null {
  const amount = wireCents(income[field]);
  if (amount === null || !isCycle(income.pay_cycle)) return null;
  return monthlyAmount(amount, income.pay_cycle);
}

export interface IncomeSummary {
  totalGross: Cents;
  totalNet: Cents;
  /** Gross less net: what taxes and deductions take each month. */
  totalDeductions: Cents;
}

export function incomeSummary(incomes: readonly Income[]): IncomeSummary {
  const total = (field: 'gross_pay' | 'net_pay') => sumCents(incomes.map((income) => monthlyPay(income, field) ?? ZERO));
  const totalGross = total('gross_pay');
  const totalNet = total('net_pay');
  return { totalGross, totalNet, totalDeductions: cents(totalGross - totalNet) };
}

/**
 * Incomes by monthly-equivalent gross, largest first (docs/product.md#screens-and-routes). A weekly
 * $1,000 (4,333.33 a month) comes before a monthly $4,000. Records with no readable gross or cycle
 * go last; ties keep the order of their ids, so the table does not shuffle between renders.
 */
export function sortByMonthlyGross(incomes: readonly Income[]): Income[] {
  const keyed = incomes.map((income) => ({ income, monthly: monthlyPay(income, 'gross_pay') }));
  keyed.sort((a, b) => {
    if (a.monthly === null || b.monthly === null) {
      if (a.monthly !== b.monthly) return a.monthly === null ? 1 : -1;
    } else if (a.monthly !== b.monthly) {
      return b.monthly - a.monthly;
    }
    return a.income.id - b.income.id;
  });
  return keyed.map(({ income }) => income);
}
