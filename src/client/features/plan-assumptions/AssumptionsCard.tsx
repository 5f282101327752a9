/**
 * The "Plan assumptions" card (docs/projection-rules.md#plan-assumptions), on the dashboard's
 * Retirement Plan tab and the Analytics Overview: each assumption, what it changes, the user's
 * value and a recommended one with its source. "Use recommended" confirms every recommendation with
 * one click, a row's "Use" just that one, and Edit sets any value; each goes through the outbox
 * like every edit, so it works offline. While there is no record it says plainly what the figures
 * leave out.
 */
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { WireRecordOf } from '../../../shared/resources.ts';
import { useDataLayer, useSingle } from '../../data/hooks.ts';
import { formatPercent, formatUsd } from '../../ui/money.ts';
import { notifyError } from '../../ui/notify.ts';
import { PendingMark } from '../../ui/PendingMark.tsx';
import { AssumptionsForm } from './AssumptionsForm.tsx';
import { ASSUMPTIONS, recommendedValues, type AssumptionField, type AssumptionInfo } from './recommendations.ts';

type Assumptions = WireRecordOf<'assumptions'>;

/** What the projections leave out while no assumptions are set. */
export const NOMINAL_NOTICE = 'Without plan assumptions, projections are in future (nominal) dollars, withdrawals are untaxed, and cash starts at $0.';

function shown(info: AssumptionInfo, value: unknown): string {
  if (value === null || value === undefined) return 'Not set';
  if (info.kind === 'boolean') return value === true ? 'Yes' : 'No';
  return info.kind === 'money' ? formatUsd(value) : `${formatPercent(value)} a year`;
}

function AssumptionRow({ info, record, onUse }: { info: AssumptionInfo; record: Assumptions | null; onUse(): void }) {
  const value = record?.[info.field];
  const matches = info.recommended !== null && value === info.recommended;
  return (
    <Stack gap={4} role="group" aria-label={info.label}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={600}>{info.label}</Text>
        <Text fw={600} ta="right" style={{ whiteSpace: 'nowrap' }} data-testid={`assumption-${info.field}`}>
          {shown(info, value)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {info.changes}
      </Text>
      {info.recommended !== null && (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" style={{ flex: 1 }}>
            Recommended: <b>{shown(info, info.recommended)}</b>. {info.source}
          </Text>
          {matches ? (
            <Badge variant="light" color="teal" tt="none">
              In use
            </Badge>
          ) : (
            <Button size="compact-sm" variant="light" onClick={onUse} aria-label={`Use the recommended ${info.label.toLowerCase()}`}>
              Use
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

export function AssumptionsCard() {
  const layer = useDataLayer();
  const { record, pending } = useSingle('assumptions');
  const [editing, setEditing] = useState(false);
  const save = async (fields: Partial<Record<AssumptionField, number | boolean>>) => {
    const result = await layer.mutations.saveSingle('assumptions', fields);
    if (result.status === 'failed') await notifyError('Saving the assumptions failed', result.message);
  };
  return (
    <Card withBorder padding="lg" aria-labelledby="plan-assumptions-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Group gap={0}>
            <Title order={3} size="h4" id="plan-assumptions-title">
              Plan assumptions
            </Title>
            <PendingMark pending={pending} />
          </Group>
          <Group gap="xs">
            <Button onClick={() => void save(recommendedValues())}>Use recommended</Button>
            <Button variant="outline" onClick={() => setEditing(true)} aria-label="Edit plan assumptions">
              Edit
            </Button>
          </Group>
        </Group>
        {!record && <Text data-testid="nominal-notice">{NOMINAL_NOTICE}</Text>}
        {ASSUMPTIONS.map((info) => (
          <AssumptionRow key={info.field} info={info} record={record} onUse={() => void save({ [info.field]: info.recommended })} />
        ))}
      </Stack>
      {editing && <AssumptionsForm record={record} onClose={() => setEditing(false)} />}
    </Card>
  );
}
