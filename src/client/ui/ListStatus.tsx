/** What a list shows besides its rows: a skeleton while loading, the load error, the empty state. */
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDataLayer } from '../data/hooks.ts';

export function TableSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={32} radius="sm" />
      ))}
    </Stack>
  );
}

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

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Stack align="center" gap="sm" py="xl">
      {children}
    </Stack>
  );
}
