/**
 * The Overview's base part (docs/product.md#screens-and-routes): Coming Soon tiles, four feature
 * buttons (spending, income, debt, savings) and a coming-soon list. A feature button opens the tab
 * with its figures (the page owns its tabs and passes `onOpenTab`).
 */
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AnalyticsTab } from '../tabs.ts';

export const COMING_SOON_TILES: readonly { title: string; detail: string }[] = [
  { title: 'Spending Insights', detail: 'Where your money goes each month, by category, with trends over time.' },
  { title: 'Custom Reports', detail: 'Build and save the views you check most, and export them.' },
];

/**
 * The four feature buttons (spending, income, debt, savings), each opening the tab
 * that already holds those figures: spending and income on Income Future (its Expenses and Net
 * Income columns), debt on Debt Progress, savings on Retirement Contributions.
 */
export const FEATURES: readonly { key: string; label: string; tab: AnalyticsTab; tabLabel: string }[] = [
  { key: 'spending', label: 'Spending', tab: 'income-future', tabLabel: 'Income Future' },
  { key: 'income', label: 'Income', tab: 'income-future', tabLabel: 'Income Future' },
  { key: 'debt', label: 'Debt', tab: 'debt-progress', tabLabel: 'Debt Progress' },
  { key: 'savings', label: 'Savings', tab: 'retirement-contributions', tabLabel: 'Retirement Contributions' },
];

export const ROADMAP: readonly string[] = ['Budget alerts when a month runs over', 'PDF reports of your plan', 'Shared household plans'];

export function ComingSoon({ onOpenTab }: { readonly onOpenTab?: (tab: AnalyticsTab) => void }) {
  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Title order={3} size="h4" mb="sm">
          Explore
        </Title>
        <Group gap="sm">
          {FEATURES.map((f) => (
            <Button key={f.key} variant="light" onClick={() => onOpenTab?.(f.tab)}>
              {f.label}
            </Button>
          ))}
        </Group>
        <Text size="sm" c="dimmed" mt="sm">
          Spending and Income open Income Future, Debt opens Debt Progress, Savings opens Retirement Contributions.
        </Text>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {COMING_SOON_TILES.map((tile) => (
          <Card key={tile.title} withBorder padding="md" role="group" aria-label={tile.title}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text fw={600}>{tile.title}</Text>
              <Badge variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
                Coming Soon
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" mt={6}>
              {tile.detail}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder padding="lg">
        <Title order={3} size="h4" mb="sm">
          Coming Soon
        </Title>
        <List spacing="xs" size="sm" aria-label="Coming soon">
          {ROADMAP.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      </Card>
    </Stack>
  );
}
