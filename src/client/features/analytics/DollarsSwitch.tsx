import { Group, SegmentedControl, Text } from '@mantine/core';
import { DOLLARS_LABELS, useDollars } from '../../model/dollars.tsx';

/** Said in the switch's place on What if, whose figures are always in today's dollars. */
export const WHAT_IF_DOLLARS = "What if shows every figure in today's dollars, so plans of different lengths compare in the same money.";

/**
 * The switch, above every tab; shown while an inflation rate is set. On What if (`todayOnly`),
 * whose figures are always in today's dollars, a sentence says so in its place.
 */
export function DollarsSwitch({ todayOnly = false }: { todayOnly?: boolean }) {
  const dollars = useDollars();
  if (dollars.inflation === 0) return null;
  if (todayOnly) {
    return (
      <Text size="xs" c="dimmed" maw={420} data-testid="dollars-what-if">
        {WHAT_IF_DOLLARS}
      </Text>
    );
  }
  return (
    <Group gap="sm" wrap="wrap" data-testid="dollars-switch">
      <SegmentedControl
        aria-label="Dollars shown"
        size="xs"
        value={dollars.mode}
        onChange={(value) => dollars.choose(value === 'today' ? 'today' : 'future')}
        data={(['future', 'today'] as const).map((value) => ({ value, label: DOLLARS_LABELS[value] }))}
      />
      <Text size="xs" c="dimmed" maw={420}>
        {dollars.mode === 'today'
          ? `Amounts divided by ${dollars.inflation}% inflation a year since ${dollars.planStart ?? 'your plan start'}: what they would buy today.`
          : 'Amounts in the dollars of their month, grown by your plan assumptions.'}
      </Text>
    </Group>
  );
}
