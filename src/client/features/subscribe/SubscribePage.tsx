/** /subscribe (spec section 2): a login prompt, 'Already Subscribed', or the two plans. */
import { Badge, Button, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSession } from '../../data/hooks.ts';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';

export function SubscribePage() {
  const session = useSession();
  if (!session.isAuthenticated) return <LoginPrompt message="Please log in to access the subscription page." />;
  if (session.subscribed) {
    return (
      <Card withBorder padding="xl" maw={480} mx="auto" mt="xl">
        <Stack align="center" ta="center">
          <Title order={1} size="h2">
            Already Subscribed
          </Title>
          <Text>Your subscription is active.</Text>
          <Button component={Link} to="/analytics">
            Go to Analytics
          </Button>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack>
      <Title order={1}>Choose Your Plan</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="lg">
          <Stack>
            <Title order={2} size="h3">
              Monthly Plan
            </Title>
            <Text size="xl" fw={700}>
              $5.99 per month
            </Text>
            <List size="sm">
              <List.Item>All analytics projections</List.Item>
              <List.Item>Actual-balance corrections</List.Item>
            </List>
            <Button component={Link} to="/subscribe/monthly">
              Choose Monthly
            </Button>
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Stack>
            <Title order={2} size="h3">
              Yearly Plan <Badge>Most Popular</Badge>
            </Title>
            <Text size="xl" fw={700}>
              $60.00 per year
            </Text>
            <Text size="sm">Save $11.88 compared to monthly</Text>
            <List size="sm">
              <List.Item>All analytics projections</List.Item>
              <List.Item>Actual-balance corrections</List.Item>
            </List>
            <Button component={Link} to="/subscribe/yearly">
              Choose Yearly
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
