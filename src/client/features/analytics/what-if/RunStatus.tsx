/** The state of a worker run under a risk card: progress while it computes, its time, or its failure. */
import { Alert, Group, Progress, Text } from '@mantine/core';
import type { RiskState } from './use-risk.ts';
import { countText } from '../../../../engine/format.ts';

export function RunStatus({ run, unit }: { run: RiskState<unknown>; unit: string }) {
  if (run.error) {
    return (
      <Alert color="red" title="This could not be calculated">
        {run.error}
      </Alert>
    );
  }
  if (run.running) {
    const value = run.progress && run.progress.total > 0 ? Math.round((run.progress.done / run.progress.total) * 100) : 0;
    return (
      <Group gap="sm" wrap="nowrap" data-testid="risk-progress">
        <Progress value={value} flex={1} aria-label={`Calculating: ${value}%`} animated />
        <Text size="xs" c="dimmed" miw={140} ta="right">
          {run.progress ? `${countText(run.progress.done)} of ${countText(run.progress.total)} ${unit}` : 'Calculating…'}
        </Text>
      </Group>
    );
  }
  if (run.answer === null) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="risk-timing">
      {run.cached ? 'Calculated earlier on this device for the same plan.' : `Calculated on this device in ${run.ms === null ? '—' : Math.max(1, Math.round(run.ms))} ms.`}
    </Text>
  );
}
