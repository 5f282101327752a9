/**
 * / (docs/product.md#screens-and-routes): the landing page with the four feature groups. Start For
 * Free and Login show only to a visitor; a signed-in user gets the way back to the dashboard
 * instead.
 */
import { Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSession } from '../../data/bindings/hooks.ts';

export interface FeatureGroup {
  title: string;
  summary: string;
  items: readonly string[];
}

export const FEATURE_GROUPS: readonly FeatureGroup[] = [
  {
    title: 'Financial dashboard',
    summary: 'Everything you earn, owe and spend in one place.',
    items: ['Income', 'Debt monitoring and payoff plans', 'Monthly expense categories', 'Housing cost', 'Retirement accounts', 'Other expenses'],
  },
  {
    title: 'Analytics',
    summary: 'See where your money is heading, month by month.',
    items: ['Income projection', 'Debt payoff timeline', 'Retirement planning', 'Monthly forecasting', 'Progress tracking', 'Custom reports'],
  },
  {
    title: 'Retirement planning',
    summary: 'Know what your savings will need to carry.',
    items: ['401(k) and IRA tracking', 'Contribution optimisation', 'Goals', 'Social Security', 'Withdrawal strategy'],
  },
  {
    title: 'Debt management',
    summary: 'A clear plan to become debt free.',
    items: ['Multiple debts', 'Payoff strategy', 'Progress view', 'Consolidation insights'],
  },
];

const featureId = (group: FeatureGroup) => `feature-${group.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

function Check() {
  return (
    <ThemeIcon size={18} radius="xl" variant="light" aria-hidden="true">
      <svg width="11" height="11" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        <path d="M5 12l5 5L20 7" />
      </svg>
    </ThemeIcon>
  );
}

export function HomePage() {
  const session = useSession();
  return (
    <Stack gap="xl" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md" align="center" ta="center" maw={720} mx="auto">
        <Text fw={800} tt="uppercase" size="sm" lts={1}>
          Runway
        </Text>
        <Title order={1} fz={{ base: 30, sm: 44 }} lh={1.15}>
          Plan your money from today to the end of retirement
        </Title>
        <Text size="lg" c="dimmed">
          Track income, debts, expenses, housing and retirement accounts, then see month by month how long your money lasts and how fast your debts go.
        </Text>
        <Group justify="center" gap="sm">
          {session.isAuthenticated ? (
            <Button component={Link} to="/dashboard" size="md">
              Go to Dashboard
            </Button>
          ) : (
            <>
              <Button component={Link} to="/signup" size="md">
                Start For Free
              </Button>
              <Button component={Link} to="/login" size="md" variant="default">
                Login
              </Button>
            </>
          )}
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" component="section" aria-label="Features">
        {FEATURE_GROUPS.map((group) => (
          <Card key={group.title} withBorder radius="md" padding="lg" component="article" aria-labelledby={featureId(group)}>
            <Stack gap="sm">
              <Title order={2} size="h3" id={featureId(group)}>
                {group.title}
              </Title>
              <Text c="dimmed" size="sm">
                {group.summary}
              </Text>
              <List spacing={6} size="sm" icon={<Check />} center>
                {group.items.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
