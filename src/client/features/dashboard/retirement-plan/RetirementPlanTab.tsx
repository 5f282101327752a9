/**
 * The Retirement Plan tab (docs/product.md#screens-and-routes): the plan's details with Edit and
 * Delete, or an empty state with a Create Retirement Plan button. Delete asks first, like every
 * list's delete.
 */
import { Button, Card, DataList, Group, Skeleton, Stack, Text, Title, useMatches } from '@mantine/core';
import { useState } from 'react';
import { useDataLayer, useSingle } from '../../../data/bindings/hooks.ts';
import { ConfirmDelete } from '../../../ui/ConfirmDelete.tsx';
import { EmptyState } from '../../../ui/ListStatus.tsx';
import { LoadError } from '../LoadError.tsx';
import { formatPercent, formatUsd } from '../../../ui/money.ts';
import { notifyError } from '../../../ui/notify.ts';
import { PendingMark } from '../../../ui/PendingMark.tsx';
import { AssumptionsCard } from '../../../widgets/plan-assumptions/AssumptionsCard.tsx';
import { RetirementPlanForm } from './RetirementPlanForm.tsx';

/** The name the delete dialog asks about. */
export const PLAN_NAME = 'Retirement Plan';

const dateOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value.slice(0, 10) : '—');

function yearsOf(value: unknown): string {
  const years = Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(years)) return '—';
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}

/** What two of the plan's figures mean in the projection (docs/projection-rules.md#retirement-months). */
export const PLAN_NOTES =
  "Social Security is in today's dollars and grows with the COLA from now (Plan assumptions). From the retirement date every account earns the Expected Interest Rate on Savings in place of its own Expected Return.";

export function RetirementPlanTab() {
  const layer = useDataLayer();
  const { record: plan, pending, loading, error } = useSingle('retirementPlan');
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // Label beside value leaves a phone too narrow for either; there they stack.
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  const confirmDelete = async () => {
    const result = await layer.mutations.deleteSingle('retirementPlan');
    setDeleting(false);
    // A refused delete raises an alert ('Failed to delete retirement plan'; docs/product.md#states-and-transitions).
    if (result.status === 'failed') await notifyError('Delete failed', result.message);
  };
  const items: [string, string][] = plan
    ? [
        ['Retirement Date', dateOf(plan.retirement_date)],
        ['Expected Interest Rate on Savings', formatPercent(plan.interest_rate)],
        ['Expected Social Security Income', `${formatUsd(plan.social_security_income)} per month`],
        ['Social Security Start Date', dateOf(plan.social_security_start_date)],
        ['Expected Years of Retirement', yearsOf(plan.years_of_retirement)],
      ]
    : [];
  return (
    <Stack>
      <Title order={2}>Retirement Plan</Title>
      {error && <LoadError message={error} />}
      {plan ? (
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Group justify="space-between" align="flex-start">
              <Title order={3} size="h4">
                Retirement Plan Details
                <PendingMark pending={pending} />
              </Title>
              <Group gap="xs">
                <Button onClick={() => setEditing(true)}>
                  Edit
                </Button>
                <Button variant="light" color="red" onClick={() => setDeleting(true)}>
                  Delete
                </Button>
              </Group>
            </Group>
            <DataList withDivider orientation={orientation} labelWidth="50%" aria-label="Retirement plan details">
              {items.map(([label, value]) => (
                <DataList.Item key={label}>
                  <DataList.ItemLabel>{label}</DataList.ItemLabel>
                  <DataList.ItemValue data-testid={`plan-${label}`}>{value}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList>
            <Text size="xs" c="dimmed" data-testid="plan-notes">
              {PLAN_NOTES}
            </Text>
          </Stack>
        </Card>
      ) : loading ? (
        <Skeleton height={220} radius="md" role="status" aria-busy="true" aria-label="Loading" />
      ) : (
        !error && (
          <EmptyState>
            <Text>No retirement plan found</Text>
            <Button onClick={() => setEditing(true)}>Create Retirement Plan</Button>
          </EmptyState>
        )
      )}
      <AssumptionsCard />
      {editing && <RetirementPlanForm plan={plan} onClose={() => setEditing(false)} />}
      <ConfirmDelete itemName={deleting ? PLAN_NAME : null} onCancel={() => setDeleting(false)} onConfirm={confirmDelete} />
    </Stack>
  );
}
