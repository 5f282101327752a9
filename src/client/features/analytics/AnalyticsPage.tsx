/**
 * /analytics (spec section 2): a login prompt for visitors, the upsell for users without a
 * subscription. The subscribers' tabs are built on the month tables.
 */
import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSession } from '../../data/hooks.ts';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';

export function AnalyticsPage() {
  const session = useSession();
  if (!session.isAuthenticated) return <LoginPrompt title="Authentication Required" message="Please log in to view your analytics." />;
  if (!session.subscribed) {
    return (
      <Card withBorder padding="xl" maw={560} mx="auto" mt="xl">
        <Stack align="center" ta="center" gap="md">
          <Title order={1} size="h2">
            Unlock Analytics
          </Title>
          <Text>See month-by-month projections of your income, debt payoff, retirement contributions and retirement living with a subscription.</Text>
          <Button component={Link} to="/subscribe">
            Subscribe Now
          </Button>
          <Anchor component={Link} to="/dashboard">
            Back to Dashboard
          </Anchor>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack>
      <Title order={1}>Analytics</Title>
      <Text>Your projections are being prepared.</Text>
    </Stack>
  );
}
