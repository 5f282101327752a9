/**
 * The figure cards above a month table: a label and a figure each, like the dashboard's summary
 * cards, but two to a row on a phone — Income Future has six and Retirement Living four, which
 * one to a row would stack a whole screen high above the table.
 */
import { Card, SimpleGrid, Text } from '@mantine/core';

export interface FigureCard {
  label: string;
  value: string;
}

export function FigureCards({ cards }: { cards: readonly FigureCard[] }) {
  return (
    <SimpleGrid cols={{ base: 2, md: cards.length <= 4 ? cards.length : 3 }} spacing="sm">
      {cards.map((card) => (
        <Card key={card.label} withBorder padding="sm" role="group" aria-label={card.label}>
          <Text size="sm" c="dimmed" lh={1.3}>
            {card.label}
          </Text>
          <Text fz={{ base: 'lg', sm: 'xl' }} fw={700} data-testid={`card-${card.label}`}>
            {card.value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
