/** What a list shows besides its rows: a skeleton while loading, the empty state (the load error is the dashboard's LoadError). */
import { Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export function TableSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={32} radius="sm" />
      ))}
    </Stack>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Stack align="center" gap="sm" py="xl">
      {children}
    </Stack>
  );
}
