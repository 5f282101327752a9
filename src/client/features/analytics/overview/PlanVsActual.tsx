/**
 * Progress Tracking (docs/projection-rules.md#plan-vs-actual): the user's net worth now — their
 * actual balances to date, the plan re-based on them afterwards — against a baseline (the plan as
 * it stood at a check-in, or saved on demand), with the gap of the current month split by the
 * engine into contributions, investment returns and spending. Every figure comes from src/engine
 * (planVsActual, netWorth); this only picks the baseline and draws.
 *
 * Net worth is the one every screen shows (docs/projection-rules.md#one-net-worth), home and
 * mortgage included: the engine's baselines keep them, and planVsActual compares an older baseline
 * saved without them as if they went as the current plan has them.
 */
import { Badge, Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { centsToDollars, type Cents } from '../../../../engine/money.ts';
import type { MonthKey } from '../../../../engine/months.ts';
import { planVsActual, snapshotFromWire, snapshotToWire, type BaselineMonth } from '../../../../engine/plan-vs-actual.ts';
import { useCollection, useDataLayer } from '../../../data/bindings/hooks.ts';
import { formatCentsUsd } from '../../../ui/money.ts';
import { chartSample } from '../chart-data.ts';
import { signedWholeUsd } from '../../../ui/figure-text.ts';
import { NET_WORTH_MEANS } from '../../../model/net-worth.ts';
import { MonthChart } from '../MonthChart.tsx';

export function PlanVsActual({ today, current }: { today: MonthKey; current: readonly BaselineMonth[] }) {
  const layer = useDataLayer();
  const baselines = useCollection('baselines', { sort: 'created_at', descending: true });
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const chosen = baselines.rows.find((row) => String(row.id) === chosenId) ?? baselines.rows[0] ?? null;
  const planned = useMemo(() => (chosen ? snapshotFromWire(chosen.snapshot) : null), [chosen]);
  const gaps = useMemo(() => (planned ? planVsActual(planned, current, current.at(-1)?.month ?? today) : []), [planned, current, today]);
  const now = gaps.find((gap) => gap.month === today) ?? null;
  const chart = useMemo(
    () => chartSample(gaps).map((gap) => ({ month: gap.month, Plan: centsToDollars(gap.planned), Now: centsToDollars(gap.actual) })),
    [gaps],
  );

  async function saveBaseline() {
    setSaving(true);
    try {
      await layer.mutations.create('baselines', { name: `Saved ${today}`, snapshot: snapshotToWire(current) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card withBorder padding="lg" role="region" aria-label="Progress Tracking">
      <Group justify="space-between" align="flex-start" mb="sm">
        <Stack gap={2}>
          <Title order={3} size="h4">
            Progress Tracking
          </Title>
          <Text size="sm" c="dimmed">
            Your net worth now (your balances to date, then the plan from them) against the plan as it stood. {NET_WORTH_MEANS}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button component={Link} to="/check-in" size="xs">
            Monthly check-in
          </Button>
          <Button size="xs" variant="light" loading={saving} onClick={() => void saveBaseline()}>
            Save plan as baseline
          </Button>
        </Group>
      </Group>
      {chosen === null ? (
        <Text size="sm">No baseline yet. Do a monthly check-in (it keeps the plan as it stood) or save the plan as a baseline, then come back to see how reality compares.</Text>
      ) : (
        <Stack gap="sm">
          <Select
            label="Compare with"
            data={baselines.rows.map((row) => ({ value: String(row.id), label: `${row.name} (${String(row.created_at).slice(0, 10)})` }))}
            value={String(chosen.id)}
            onChange={setChosenId}
            allowDeselect={false}
            maw={360}
          />
          {planned === null ? (
            <Text size="sm" c="red">
              This baseline cannot be read.
            </Text>
          ) : (
            <>
              <MonthChart label={`Net worth now against ${chosen.name}`} data={chart} series={[{ name: 'Plan', color: 'gray.6' }, { name: 'Now', color: 'blue.6' }]} />
              {now ? <GapSplit month={today} gap={now} /> : <Text size="sm">{`This baseline has no month ${today} to compare.`}</Text>}
            </>
          )}
        </Stack>
      )}
    </Card>
  );
}

function GapSplit({ month, gap }: { month: MonthKey; gap: { planned: Cents; actual: Cents; gap: Cents; contributions: Cents; returns: Cents; spending: Cents } }) {
  const rows: [string, Cents][] = [
    ['Contributions', gap.contributions],
    ['Investment returns', gap.returns],
    ['Spending and debts', gap.spending],
  ];
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text size="sm" fw={600}>{`${month}: net worth ${formatCentsUsd(gap.actual)}, plan ${formatCentsUsd(gap.planned)}`}</Text>
        <Badge variant="light" color={gap.gap >= 0 ? 'teal' : 'red'} tt="none">
          {`${gap.gap >= 0 ? 'Ahead' : 'Behind'} ${signedWholeUsd(gap.gap)}`}
        </Badge>
      </Group>
      <Table aria-label={`Gap in ${month}, by cause`} withRowBorders={false} verticalSpacing={2} maw={360}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Td>{label}</Table.Td>
              <Table.Td ta="right">{signedWholeUsd(value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
