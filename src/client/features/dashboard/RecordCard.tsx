/**
 * The card a single record's tab shows it in (Housing, Debt Plan): its title with the pending
 * mark, an Edit button, and the record's details below.
 */
import { Button, Card, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PendingMark } from '../../ui/PendingMark.tsx';

export interface RecordCardProps {
  title: string;
  /** The Edit button's accessible name ('Edit housing'). */
  editLabel: string;
  pending: boolean;
  onEdit(): void;
  children: ReactNode;
}

export function RecordCard({ title, editLabel, pending, onEdit, children }: RecordCardProps) {
  return (
    <Card withBorder padding="lg" maw={640}>
      <Group justify="space-between" mb="sm">
        <Group gap={0}>
          <Title order={3} size="h4">
            {title}
          </Title>
          <PendingMark pending={pending} />
        </Group>
        <Button variant="outline" onClick={onEdit} aria-label={editLabel}>
          Edit
        </Button>
      </Group>
      {children}
    </Card>
  );
}
