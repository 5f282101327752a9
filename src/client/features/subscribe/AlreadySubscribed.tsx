/** What the subscribe screens show a subscriber (docs/product.md#screens-and-routes, #roles-and-permissions). */
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function AlreadySubscribed() {
  return (
    <Card withBorder padding="xl" maw={480} mx="auto" mt="xl">
      <Stack align="center" ta="center">
        <Title order={1} size="h2">
          Already Subscribed
        </Title>
        <Text>Your subscription is active. Manage it from the Account menu.</Text>
        <Button component={Link} to="/analytics">
          Go to Analytics
        </Button>
      </Stack>
    </Card>
  );
}
