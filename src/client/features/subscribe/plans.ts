/**
 * The plans as the subscribe screens show them (docs/product.md#screens-and-routes,
 * #constants-and-limits). The server's copy (src/server/payments/plans.ts) is the one that charges;
 * tests/server/payments-test-mode.test.ts checks that the two agree.
 */

export type PlanId = 'monthly' | 'yearly';

export interface PlanCopy {
  id: PlanId;
  /** 'Subscription to {name} Subscription successful!' */
  name: string;
  title: string;
  price: string;
  features: readonly string[];
}

const EVERYTHING = [
  'Income projections to retirement',
  'Debt payoff timeline (snowball or avalanche)',
  'Retirement contributions and growth',
  'Retirement living month by month',
  'Record actual balances to correct the projections',
] as const;

export const PLANS: Record<PlanId, PlanCopy> = {
  monthly: { id: 'monthly', name: 'Monthly', title: 'Monthly Plan', price: '$5.99 per month', features: [...EVERYTHING, 'Billed monthly, cancel anytime'] },
  yearly: { id: 'yearly', name: 'Yearly', title: 'Yearly Plan', price: '$60.00 per year', features: [...EVERYTHING, 'Billed once a year, cancel anytime'] },
};

export const LOGIN_MESSAGE = 'Please log in to access the subscription page.';
export const YEARLY_SAVING = 'Save $11.88 compared to monthly';
export const TRIAL_DAYS = 14;
