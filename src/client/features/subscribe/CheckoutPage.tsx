/**
 * /subscribe/monthly and /subscribe/yearly (docs/product.md#screens-and-routes): the plan's card
 * with its Checkout button, which sends the browser to the provider's checkout; the provider sends
 * it back here with `success=true&session_id=…` or `canceled=true`. On success the cleanup helper
 * confirms the checkout and the session's flag turns on at once, so analytics opens without signing
 * in again (the 'Log Back In' link stays).
 */
import { Anchor, Badge, Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useDataLayer, useFreshSubscription, useSession } from '../../data/bindings/hooks.ts';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { AlreadySubscribed } from './AlreadySubscribed.tsx';
import type { CheckoutSearch } from './checkout-search.ts';
import { confirmCheckout, loadPaymentConfig, startCheckout, type Assign, type PaymentConfig } from './payments.ts';
import { PlanHeading } from './PlanHeading.tsx';
import { LOGIN_MESSAGE, PLANS, TRIAL_DAYS, type PlanId } from './plans.ts';

export const CANCELED_MESSAGE = "Order canceled -- continue to shop around and checkout when you're ready.";
export const TEST_MODE_NOTE = 'Test mode — no card is charged';

export const successMessage = (plan: PlanId) => `Subscription to ${PLANS[plan].name} Subscription successful!`;

export interface CheckoutPageProps {
  plan: PlanId;
  success: boolean;
  canceled: boolean;
  sessionId: string | null;
  /** Where the browser goes to pay; `window.location.assign` unless a test says otherwise. */
  assign?: Assign;
}

function CheckoutSuccess({ plan, sessionId }: { plan: PlanId; sessionId: string | null }) {
  const layer = useDataLayer();
  const session = useSession();
  const [confirmed, setConfirmed] = useState(false);
  const signedIn = session.isAuthenticated;
  // Also asked outright: the confirmation may fail (a checkout the provider completed by webhook
  // alone), and whatever the server holds now is what analytics will show.
  useFreshSubscription();

  useEffect(() => {
    if (!signedIn || !sessionId) return;
    let live = true;
    // Repeating it (a reload of this page) is harmless: the server changes nothing the second time.
    confirmCheckout(layer, sessionId)
      .then((subscribed) => {
        if (live) setConfirmed(subscribed);
      })
      .catch((error: unknown) => console.error('Failed to confirm the checkout', error));
    return () => {
      live = false;
    };
  }, [layer, sessionId, signedIn]);

  const unlocked = confirmed || (signedIn && session.subscribed);
  return (
    <Card withBorder padding="xl" maw={480} mx="auto" mt="xl">
      <Stack align="center" ta="center">
        {/* Announced on arrival, and still the page's heading (a role on the h1 would replace it). */}
        <div role="status">
          <Title order={1} size="h3">
            {successMessage(plan)}
          </Title>
        </div>
        {unlocked && (
          <>
            <Text>Analytics is unlocked.</Text>
            <Button component={Link} to="/analytics">
              Go to Analytics
            </Button>
          </>
        )}
        <Anchor component={Link} to="/login">
          Log Back In
        </Anchor>
      </Stack>
    </Card>
  );
}

function CheckoutCanceled() {
  return (
    <Card withBorder padding="xl" maw={480} mx="auto" mt="xl">
      <Stack align="center" ta="center">
        <Title order={1} size="h3">
          {CANCELED_MESSAGE}
        </Title>
        <Button component={Link} to="/subscribe">
          Back to Plans
        </Button>
      </Stack>
    </Card>
  );
}

function CheckoutCard({ plan, assign }: { plan: PlanId; assign?: Assign | undefined }) {
  const layer = useDataLayer();
  const [config, setConfig] = useState<PaymentConfig | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    loadPaymentConfig(layer.transport)
      .then((loaded) => {
        if (live) setConfig(loaded);
      })
      .catch((error: unknown) => console.warn('Reading the payment configuration failed', error));
    return () => {
      live = false;
    };
  }, [layer]);

  const checkout = async () => {
    setBusy(true);
    // On success the browser leaves; a failure is only logged (docs/product.md#error-messages) and the button comes back.
    const started = await startCheckout(layer, plan, config, assign).catch((error: unknown) => {
      console.error('Failed to start the checkout', error);
      return false;
    });
    if (!started) setBusy(false);
  };

  return (
    <Card withBorder padding="xl" radius="md" maw={440} mx="auto" mt="xl">
      <Stack>
        <PlanHeading plan={PLANS[plan]} popular={plan === 'yearly'} order={1} size="h2" />
        <Text size="sm">{`New subscribers start with a ${TRIAL_DAYS}-day free trial. Cancel anytime from the Account menu.`}</Text>
        {config?.testMode && (
          <Badge color="yellow" variant="filled" size="lg" tt="none" data-testid="test-mode-note">
            {TEST_MODE_NOTE}
          </Badge>
        )}
        <Button size="md" onClick={() => void checkout()} loading={busy}>
          Checkout
        </Button>
        <Anchor component={Link} to="/subscribe" ta="center" size="sm">
          Back to plans
        </Anchor>
      </Stack>
    </Card>
  );
}

function CheckoutScreen({ plan, assign }: { plan: PlanId; assign?: Assign | undefined }) {
  const session = useSession();
  useFreshSubscription();
  if (!session.isAuthenticated) return <LoginPrompt title="Authentication Required" message={LOGIN_MESSAGE} />;
  if (session.subscribed) return <AlreadySubscribed />;
  return <CheckoutCard plan={plan} assign={assign} />;
}

export function CheckoutPage({ plan, success, canceled, sessionId, assign }: CheckoutPageProps) {
  if (success) return <CheckoutSuccess plan={plan} sessionId={sessionId} />;
  if (canceled) return <CheckoutCanceled />;
  return <CheckoutScreen plan={plan} assign={assign} />;
}

/** The page as a plan's route shows it, from what the provider put on the URL coming back. */
export function CheckoutFromSearch({ plan, search }: { plan: PlanId; search: CheckoutSearch }) {
  return <CheckoutPage plan={plan} success={search.success === true} canceled={search.canceled === true} sessionId={search.session_id ?? null} />;
}
