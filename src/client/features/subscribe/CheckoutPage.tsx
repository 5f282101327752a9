/** /subscribe/monthly and /subscribe/yearly (spec section 2): the plan card and its Checkout button. */
import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSession } from '../../data/hooks.ts';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';

const PLANS = {
  monthly: { name: 'Monthly', price: '$5.99 per month' },
  yearly: { name: 'Yearly', price: '$60.00 per year' },
} as const;

export interface CheckoutPageProps {
  plan: keyof typeof PLANS;
  success: boolean;
  canceled: boolean;
  sessionId: string | null;
}

export function CheckoutPage({ plan, success, canceled }: CheckoutPageProps) {
  const session = useSession();
  const { name, price } = PLANS[plan];
  if (success) {
    return (
      <Stack align="center" mt="xl">
        <Text>{`Subscription to ${name} Subscription successful!`}</Text>
        <Anchor component={Link} to="/login">
          Log Back In
        </Anchor>
      </Stack>
    );
  }
  if (canceled) {
    return (
      <Stack align="center" mt="xl">
        <Text>Order canceled -- continue to shop around and checkout when you&apos;re ready.</Text>
        <Button component={Link} to="/subscribe">
          Back to Plans
        </Button>
      </Stack>
    );
  }
  if (!session.isAuthenticated) return <LoginPrompt message="Please log in to access the subscription page." />;
  return (
    <Card withBorder padding="xl" maw={420} mx="auto" mt="xl">
      <Stack>
        <Title order={1} size="h2">{`${name} Subscription`}</Title>
        <Text size="xl" fw={700}>
          {price}
        </Text>
        <Button disabled>Checkout</Button>
      </Stack>
    </Card>
  );
}
