import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../features/subscribe/CheckoutPage.tsx';

export const Route = createFileRoute('/subscribe/monthly')({
  validateSearch: (search: Record<string, unknown>) => ({
    success: search.success === true || search.success === 'true' ? true : undefined,
    canceled: search.canceled === true || search.canceled === 'true' ? true : undefined,
    session_id: typeof search.session_id === 'string' ? search.session_id : undefined,
  }),
  component: function CheckoutRoute() {
    const search = Route.useSearch();
    return <CheckoutPage plan="monthly" success={search.success === true} canceled={search.canceled === true} sessionId={search.session_id ?? null} />;
  },
});
