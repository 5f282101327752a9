/** What a page needing login shows to a visitor (docs/product.md#screens-and-routes, #error-messages). */
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function LoginPrompt({ title, message }: { title?: string; message?: string }) {
  return (
    <Card withBorder padding="xl" maw={480} mx="auto" mt="xl">
      <Stack align="center" gap="md" ta="center">
        {title && <Title order={1} size="h2">{title}</Title>}
        {message && <Text>{message}</Text>}
        <Button component={Link} to="/login">
          Go to Login
        </Button>
      </Stack>
    </Card>
  );
}
