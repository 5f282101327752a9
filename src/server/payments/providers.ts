/** Chooses the payment provider from the configuration: Stripe with a secret key, else test mode. */
import type { Config } from '../config.ts';
import type { PaymentDeps } from './domain.ts';
import type { PaymentProvider } from './provider.ts';
import { StripeProvider, type PaymentLog } from './stripe-provider.ts';
import { TestModeProvider } from './test-provider.ts';

export function createPaymentProvider(config: Config, deps: PaymentDeps, log: PaymentLog): PaymentProvider {
  const { stripe } = config;
  if (!stripe.secretKey) return new TestModeProvider(deps);
  return new StripeProvider(
    {
      secretKey: stripe.secretKey,
      webhookSecret: stripe.webhookSecret,
      prices: { monthly: stripe.priceMonthly, yearly: stripe.priceYearly },
      lookupKeys: { monthly: stripe.lookupKeyMonthly, yearly: stripe.lookupKeyYearly },
      apiBase: stripe.apiBase,
    },
    log,
  );
}
