/**
 * The Debt Plan tab (docs/product.md#screens-and-routes): the user's one plan, its strategy and
 * extra payment with an Edit button, or an empty state offering to create it.
 */
import { Button, DataList, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PLAN_TYPE_LABELS } from '../../../../shared/records.ts';
import type { WireRecordOf } from '../../../../shared/resources.ts';
import { useSingle } from '../../../data/bindings/hooks.ts';
import { EmptyState, TableSkeleton } from '../../../ui/ListStatus.tsx';
import { LoadError } from '../LoadError.tsx';
import { formatUsd } from '../../../ui/money.ts';
import { RecordCard } from '../RecordCard.tsx';
import { DebtPlanForm } from './DebtPlanForm.tsx';
import { isPlanType, PLAN_TYPE_NAMES } from './plan-types.ts';

function PlanType({ value }: { value: unknown }) {
  if (!isPlanType(value)) return <>{String(value ?? '—')}</>;
  return (
    <>
      <Text span fw={500}>
        {PLAN_TYPE_NAMES[value]}
      </Text>
      <Text size="sm" c="dimmed">
        {PLAN_TYPE_LABELS[value]}
      </Text>
    </>
  );
}

export function DebtPlanTab() {
  const { record, pending, loading, error } = useSingle('debtPlan');
  // The plan as it was when the modal opened (see HousingTab).
  const [editing, setEditing] = useState<WireRecordOf<'debtPlan'> | 'new' | null>(null);
  return (
    <Stack>
      <Title order={2}>Debt Plan</Title>
      {error && <LoadError message={error} />}
      {record ? (
        <RecordCard title="Your Debt Plan" editLabel="Edit debt plan" pending={pending} onEdit={() => setEditing(record)}>
          <DataList aria-label="Debt plan" labelWidth="10rem" withDivider>
            <DataList.Item>
              <DataList.ItemLabel>Plan Type</DataList.ItemLabel>
              <DataList.ItemValue data-testid="plan-type">
                <PlanType value={record.plan_type} />
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Extra Payment</DataList.ItemLabel>
              <DataList.ItemValue fw={500} data-testid="extra-payment">
                {formatUsd(record.extra_payment)}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList>
        </RecordCard>
      ) : loading ? (
        <TableSkeleton rows={2} />
      ) : (
        !error && (
          <EmptyState>
            <Text>No debt plan found</Text>
            <Button onClick={() => setEditing('new')}>Create Debt Plan</Button>
          </EmptyState>
        )
      )}
      {editing !== null && <DebtPlanForm plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
