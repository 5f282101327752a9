/**
 * The Financial Health tile's body for subscribers: the engine's four figures of this
 * month from the device's projection (useOverviewProjection), each with its reason as a dimmed
 * line that screen readers read with it.
 */
import { Box, Group, Loader, SimpleGrid, Text } from '@mantine/core';
import { useOverviewProjection } from '../../../model/use-projection.ts';
import { healthLines } from '../../../model/health-lines.ts';

export function FinancialHealthFigures() {
  const state = useOverviewProjection();
  switch (state.kind) {
    case 'loading':
      return (
        <Group gap="xs" mt={6} role="status" aria-label="Loading financial health">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Working out your figures…
          </Text>
        </Group>
      );
    case 'error':
      return (
        <Text size="sm" c="red" mt={6} style={{ overflowWrap: 'anywhere' }}>
          {`Your figures could not be worked out: ${state.message}`}
        </Text>
      );
    case 'empty':
      return (
        <Text size="sm" c="dimmed" mt={6}>
          Add your income, debts or retirement accounts to see your figures.
        </Text>
      );
    case 'ready':
      return (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm" verticalSpacing="xs" mt={6} role="list" aria-label="Financial health figures">
          {healthLines(state.projection.health).map((line) => (
            <Box key={line.key} role="listitem" data-testid={`health-${line.key}`}>
              <Text size="sm" fw={600}>
                {line.text}
              </Text>
              <Text size="xs" c="dimmed">
                {line.why}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      );
  }
}
