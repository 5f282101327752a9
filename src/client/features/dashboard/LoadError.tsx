import { Alert, Button, Stack, Text } from '@mantine/core';
import { useDataLayer } from '../../data/bindings/hooks.ts';

/** The error box of a list (docs/product.md#error-messages): the server's message or the fetch default, and a retry. */
export function LoadError({ message }: { message: string }) {
  const layer = useDataLayer();
  return (
    <Alert color="red" title="Error" role="alert" variant="light">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" color="red" onClick={() => void layer.refresh()}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
