/**
 * The two plans (docs/product.md#constants-and-limits). Prices are integer cents; the labels are
 * the product's wording, and the client's copy (src/client/features/subscribe/plans.ts) is checked
 * against these by tests/server/payments-test-mode.test.ts.
 */

export const PLAN_IDS = ['monthly', 'yearly'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  /** As the success text names it: 'Subscription to {name} Subscription successful!'. */
  name: string;
  amountCents: number;
  interval: 'month' | 'year';
  /** '$5.99 per month'. */
  priceLabel: string;
  /** The test-mode provider's price id; Stripe's are looked up (see stripe-provider.ts). */
  testPriceId: string;
}

export const PLANS: Record<PlanId, Plan> = {
  monthly: { id: 'monthly', name: 'Monthly', amountCents: 599, interval: 'month', priceLabel: '$5.99 per month', testPriceId: 'price_test_monthly' },
  yearly: { id: 'yearly', name: 'Yearly', amountCents: 6000, interval: 'year', priceLabel: '$60.00 per year', testPriceId: 'price_test_yearly' },
};

/** New subscribers' free trial, in days (the FAQ's promise, docs/product.md#constants-and-limits). */
export const TRIAL_DAYS = 14;

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** The end of one billing period that starts at `start` (calendar months, clamped like Stripe's). */
export function addInterval(start: Date, interval: Plan['interval']): Date {
  const months = interval === 'month' ? 1 : 12;
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
