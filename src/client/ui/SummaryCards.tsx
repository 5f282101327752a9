/** A row of summary cards: a label and a figure each; one column on a phone. */
import { Card, SimpleGrid, Text } from '@mantine/core';

export interface SummaryCard {
  label: string;
  value: string;
  /** A line under the figure, e.g. 'per month'. */
  note?: string;
}

export function SummaryCards({ cards }: { cards: readonly SummaryCard[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: cards.length > 3 ? 2 : cards.length, md: cards.length }} spacing="sm">
      {cards.map((card) => (
        <Card key={card.label} withBorder padding="md" role="group" aria-label={card.label}>
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text size="xl" fw={700} data-testid={`card-${card.label}`}>
            {card.value}
          </Text>
          {card.note && (
            <Text size="xs" c="dimmed">
              {card.note}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
