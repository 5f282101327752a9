/**
 * The Overview's part of the spec (section 2): Coming Soon tiles, four feature buttons (spending,
 * income, debt, savings) and a coming-soon list. A feature button shows what that feature will
 * be and where its figures are today; it does not switch tabs (the page owns its tabs).
 */
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';

export const COMING_SOON_TILES: readonly { title: string; detail: string }[] = [
  { title: 'Spending Insights', detail: 'Where your money goes each month, by category, with trends over time.' },
  { title: 'Custom Reports', detail: 'Build and save the views you check most, and export them.' },
];

export const FEATURES: readonly { key: string; label: string; title: string; detail: string; today: string }[] = [
  {
    key: 'spending',
    label: 'Spending',
    title: 'Spending analysis',
    detail: 'Breakdowns of your monthly and one-time expenses, and how they change over the years.',
    today: 'Your expenses already shape the Income Future tab and the timeline above.',
  },
  {
    key: 'income',
    label: 'Income',
    title: 'Income trends',
    detail: 'Raises, new income sources and what-if scenarios for your pay.',
    today: 'Your month-by-month income and end balance are on the Income Future tab.',
  },
  {
    key: 'debt',
    label: 'Debt',
    title: 'Debt payoff planner',
    detail: 'Try different extra payments and see the payoff dates move.',
    today: 'Each debt month by month is on the Debt Progress tab; the strategies are compared above.',
  },
  {
    key: 'savings',
    label: 'Savings',
    title: 'Savings goals',
    detail: 'Goals for emergency funds and big purchases, with progress toward each.',
    today: 'Your retirement savings are on the Retirement Contributions and Retirement Living tabs.',
  },
];

export const ROADMAP: readonly string[] = [
  'Budget alerts when a month runs over',
  'What-if scenarios for retirement dates',
  'CSV and PDF export',
  'Shared household plans',
];

export function ComingSoon() {
  const [chosen, setChosen] = useState<string | null>(null);
  const feature = FEATURES.find((f) => f.key === chosen);
  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Title order={3} size="h4" mb="sm">
          Explore
        </Title>
        <Group gap="sm">
          {FEATURES.map((f) => (
            <Button key={f.key} variant={f.key === chosen ? 'filled' : 'light'} aria-pressed={f.key === chosen} onClick={() => setChosen(f.key === chosen ? null : f.key)}>
              {f.label}
            </Button>
          ))}
        </Group>
        <div aria-live="polite">
          {feature && (
            <Card withBorder padding="md" mt="md" role="group" aria-label={feature.title} data-testid="feature-detail">
              <Group gap="xs" mb={4}>
                <Text fw={600}>{feature.title}</Text>
                <Badge variant="light" color="gray" tt="none">
                  Coming Soon
                </Badge>
              </Group>
              <Text size="sm">{feature.detail}</Text>
              <Text size="sm" c="dimmed" mt={4}>
                {feature.today}
              </Text>
            </Card>
          )}
        </div>
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
