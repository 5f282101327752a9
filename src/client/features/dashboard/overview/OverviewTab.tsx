/**
 * The dashboard's Overview (docs/product.md#screens-and-routes): a welcome card, three tiles,
 * quick actions that switch tabs, and a static Recent Activity list. For a subscriber
 * (docs/projection-rules.md#actuals-and-check-ins) a check-in card follows the welcome, Active
 * Debts counts and sums this month's balances from the month tables, and Financial Health shows
 * the engine's four figures instead of 'Coming Soon'.
 */
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCollection, useSession } from '../../../data/bindings/hooks.ts';
import { formatCentsUsd } from '../../../ui/money.ts';
import { useOverviewBalances } from '../../../model/current-balances.ts';
import type { DashboardTab } from '../tabs.ts';
import { CheckInCard } from './CheckInCard.tsx';
import { FinancialHealthFigures } from './FinancialHealthFigures.tsx';
import { useGreeting } from './greeting.ts';
import { overviewSummary } from '../../../model/summaries/overview.ts';

export const QUICK_ACTIONS: readonly { label: string; tab: DashboardTab }[] = [
  { label: 'Track Income', tab: 'income' },
  { label: 'Manage Debts', tab: 'debts' },
  { label: 'Track Expenses', tab: 'monthly-expenses' },
];

/** Static by design: pointers to what the dashboard keeps, not a feed. */
export const RECENT_ACTIVITY: readonly { title: string; detail: string }[] = [
  { title: 'Dashboard ready', detail: 'Your records are kept on this device and synced to your account.' },
  { title: 'Record your income', detail: 'Add each income source with its pay cycle under Income.' },
  { title: 'Plan your payoff', detail: 'Choose a snowball or avalanche strategy under Debt Plan.' },
  { title: 'Look ahead', detail: 'Add retirement accounts and a retirement plan to see projections in Analytics.' },
];

function Tile({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" role="group" aria-label={title}>
      <Text size="sm" c="dimmed" fw={500}>
        {title}
      </Text>
      {children}
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

export function OverviewTab({ onNavigate }: { onNavigate(tab: DashboardTab): void }) {
  const session = useSession();
  const welcome = useGreeting(session.email);
  const debts = useCollection('debts');
  const expenses = useCollection('monthlyExpenses');
  const today = useOverviewBalances();
  const summary = overviewSummary(debts.rows, expenses.rows, today.debts);
  const debtTile = (
    <Tile title="Active Debts">
      <Text size="xl" fw={700} data-testid="tile-active-debts">
        {String(summary.activeDebts)}
      </Text>
      <Text size="sm" data-testid="tile-debt-balance">
        {`${formatCentsUsd(summary.debtBalance)} total balance`}
      </Text>
      {summary.debtNote !== undefined && (
        <Text size="xs" c="dimmed" data-testid="tile-debt-balance-note">
          {summary.debtNote}
        </Text>
      )}
    </Tile>
  );
  const expensesTile = (
    <Tile title="Monthly Expenses">
      <Text size="xl" fw={700} data-testid="tile-monthly-expenses">
        {formatCentsUsd(summary.monthlyExpenses)}
      </Text>
      <Text size="sm">{summary.expenseCount === 1 ? '1 expense per month' : `${summary.expenseCount} expenses per month`}</Text>
    </Tile>
  );
  return (
    <Stack>
      <Card withBorder padding="lg">
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {welcome}
        </Title>
        <Text c="dimmed" mt={4}>
          Here is a snapshot of your finances. Pick a tab above or a quick action below to keep your records up to date.
        </Text>
      </Card>
      {session.subscribed ? (
        <>
          <CheckInCard month={today.month} checkedIn={today.checkedIn} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {debtTile}
            {expensesTile}
          </SimpleGrid>
          {/* Four figures, each with its reason: the whole width, so the reasons read as lines. */}
          <Tile title="Financial Health">
            <FinancialHealthFigures />
          </Tile>
        </>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {debtTile}
          {expensesTile}
          <Tile title="Financial Health">
            <Badge variant="light" color="gray" tt="none" mt={6}>
              Coming Soon
            </Badge>
            <Text size="sm" c="dimmed" mt={6}>
              A score of your overall financial health.
            </Text>
          </Tile>
        </SimpleGrid>
      )}
      <Section title="Quick Actions">
        <Group gap="sm">
          {QUICK_ACTIONS.map(({ label, tab }) => (
            <Button key={tab} onClick={() => onNavigate(tab)}>
              {label}
            </Button>
          ))}
        </Group>
      </Section>
      <Section title="Recent Activity">
        <List spacing="xs" aria-label="Recent activity">
          {RECENT_ACTIVITY.map(({ title, detail }) => (
            <List.Item key={title}>
              <Text size="sm" fw={500} span>
                {title}
              </Text>
              <Text size="sm" c="dimmed">
                {detail}
              </Text>
            </List.Item>
          ))}
        </List>
      </Section>
    </Stack>
  );
}
