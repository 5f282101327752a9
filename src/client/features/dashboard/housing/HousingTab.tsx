/**
 * The Housing tab (docs/product.md#screens-and-routes): the user's one housing record as a details
 * card, or an empty state offering to add it; a loading indicator and the load error as every list
 * has.
 */
import { Button, DataList, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { longDateText } from '../../../../engine/format.ts';
import type { WireRecordOf } from '../../../../shared/resources.ts';
import { useSingle } from '../../../data/bindings/hooks.ts';
import { EmptyState, TableSkeleton } from '../../../ui/ListStatus.tsx';
import { LoadError } from '../LoadError.tsx';
import { formatPercent, formatUsd } from '../../../ui/money.ts';
import { RecordCard } from '../RecordCard.tsx';
import { HousingForm } from './HousingForm.tsx';
import { isMortgage } from './housing-fields.ts';

/** 'YYYY-MM-DD' (or a timestamp: only its date part counts) as 'March 15, 2021'; '—' for none. */
function formatDay(value: string | null | undefined): string {
  return longDateText(value ?? '') ?? '—';
}

function details(housing: WireRecordOf<'housing'>): [string, string][] {
  const rows: [string, string][] = [
    ['Housing Type', housing.housing_type],
    ['Total Monthly Payment', formatUsd(housing.total_monthly_payment)],
  ];
  if (!isMortgage(housing.housing_type)) return rows;
  const term = housing.term === null || housing.term === undefined ? '—' : `${housing.term} years`;
  return [
    ...rows,
    ['Original Purchase Price', formatUsd(housing.original_purchase_price)],
    ['Down Payment', formatUsd(housing.down_payment)],
    ['Interest Rate', formatPercent(housing.interest_rate)],
    ['Term', term],
    ['Escrow Payment', formatUsd(housing.escrow_payment)],
    ['Open Date', formatDay(housing.open_date)],
    ['Current Balance', formatUsd(housing.current_balance)],
  ];
}

export function HousingTab() {
  const { record, pending, loading, error } = useSingle('housing');
  // The record as it was when the modal opened: a save that lands while it is open must not
  // turn an add form into an edit form under the user's hands.
  const [editing, setEditing] = useState<WireRecordOf<'housing'> | 'new' | null>(null);
  return (
    <Stack>
      <Title order={2}>Housing</Title>
      {error && <LoadError message={error} />}
      {record ? (
        <RecordCard title="Housing Details" editLabel="Edit housing" pending={pending} onEdit={() => setEditing(record)}>
          <DataList aria-label="Housing details" labelWidth="12rem" withDivider>
            {details(record).map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue fw={500}>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList>
        </RecordCard>
      ) : loading ? (
        <TableSkeleton rows={3} />
      ) : (
        !error && (
          <EmptyState>
            <Text>No housing information found</Text>
            <Button onClick={() => setEditing('new')}>Add Housing</Button>
          </EmptyState>
        )
      )}
      {editing !== null && <HousingForm housing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
