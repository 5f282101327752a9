/**
 * The toggle of every month table (docs/product.md#screens-and-routes): 'Current & Future' (the
 * default, hiding the months before the current month) or 'All Months'. The rows it keeps are the
 * engine's rule (monthsInRange); "the current month" is the injected clock's.
 */
import { Badge, Group, SegmentedControl, Text } from '@mantine/core';
import { useState } from 'react';
import { localMonth, type MonthKey } from '../../engine/months.ts';
import { MONTH_RANGES, type MonthRange } from '../../engine/month-views.ts';
import { useClock } from './clock.tsx';

export const RANGE_LABELS: Record<MonthRange, string> = { 'current-and-future': 'Current & Future', all: 'All Months' };

/** The month the user is living in, from the app's clock. */
export function useToday(): MonthKey {
  const clock = useClock();
  return localMonth(clock());
}

export function useMonthRange() {
  return useState<MonthRange>('current-and-future');
}

export const PROVISIONAL_NOTE = 'Recomputed on this device from edits waiting to reach the server; the server’s figures replace these when they arrive.';

/** The toggle, and the provisional mark when the table was recomputed locally. */
export function MonthsToolbar({ range, onRange, provisional }: { range: MonthRange; onRange(range: MonthRange): void; provisional: boolean }) {
  return (
    <Group justify="space-between" gap="sm">
      <SegmentedControl
        aria-label="Months shown"
        value={range}
        onChange={(value) => onRange(value as MonthRange)}
        data={MONTH_RANGES.map((value) => ({ value, label: RANGE_LABELS[value] }))}
      />
      {provisional && (
        <Group gap="xs" wrap="nowrap" maw={560} data-testid="provisional-mark">
          <Badge color="yellow" variant="filled" tt="none" style={{ flexShrink: 0 }}>
            Provisional
          </Badge>
          <Text size="xs" c="dimmed">
            {PROVISIONAL_NOTE}
          </Text>
        </Group>
      )}
    </Group>
  );
}
