import { createFileRoute } from '@tanstack/react-router';
import { checkoutSearch } from '../features/subscribe/checkout-search.ts';
import { CheckoutFromSearch } from '../features/subscribe/CheckoutPage.tsx';

export const Route = createFileRoute('/subscribe/yearly')({
  validateSearch: checkoutSearch,
  component: function CheckoutRoute() {
    return <CheckoutFromSearch plan="yearly" search={Route.useSearch()} />;
  },
});
