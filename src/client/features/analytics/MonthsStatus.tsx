/**
 * What an analytics tab shows instead of (or above) its table: a skeleton while the month table
 * loads, the load error with its title and a Reload Page button (docs/product.md#error-messages),
 * and the empty state.
 */
import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useOutboxStatus } from '../../data/bindings/hooks.ts';
import { EmptyState } from '../../ui/ListStatus.tsx';

export const RETRY_NOTE = 'Your data will be retried on the next refresh.';

export function MonthsSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton height={72} radius="md" />
      <Skeleton height={220} radius="md" />
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} height={32} radius="sm" />
      ))}
    </Stack>
  );
}

/**
 * The Overview's loading shape (a title, a chart-sized block and a table-sized one), also what a
 * tab shows while its code loads, so the page does not jump when the Overview arrives. It fills
 * at least the screen: what follows it (the Plan Assumptions card) starts below the fold and is
 * not seen to move when the taller projection takes its place (Lighthouse measured a layout
 * shift of 0.053 on a phone when the card started on screen).
 */
export function ProjectionSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={label} mih="100dvh">
      <Skeleton height={28} width="40%" radius="sm" />
      <Skeleton height={300} radius="md" />
      <Skeleton height={180} radius="md" />
    </Stack>
  );
}

/**
 * Before a month table first arrives: the skeleton while online (the fetch is under way or about to
 * start), and a line saying when it will load while offline.
 */
export function MonthsNotLoaded() {
  const { online } = useOutboxStatus();
  if (online) return <MonthsSkeleton />;
  return (
    <MonthsEmpty title="Not loaded yet" withDashboardLink={false}>
      Your projections load the next time you are online.
    </MonthsEmpty>
  );
}

/** 'Error Loading Income Months' and its kin: the message, a full reload, and when it is retried. */
export function MonthsLoadError({ title, message }: { title: string; message: string }) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Text size="sm">{RETRY_NOTE}</Text>
        <Button size="xs" color="red" variant="filled" onClick={() => window.location.reload()}>
          Reload Page
        </Button>
      </Stack>
    </Alert>
  );
}

/** The empty state of a tab: a heading, a line of help and a way to the dashboard. */
export function MonthsEmpty({ title, children, withDashboardLink = true }: { title: string; children?: ReactNode; withDashboardLink?: boolean }) {
  return (
    <EmptyState>
      <Title order={3} size="h4">
        {title}
      </Title>
      {children && <Text ta="center">{children}</Text>}
      {withDashboardLink && (
        <Button component={Link} to="/dashboard" variant="light">
          Go to Dashboard
        </Button>
      )}
    </EmptyState>
  );
}
