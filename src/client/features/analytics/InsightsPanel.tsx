/**
 * The Insights & Trends panel, the same on Retirement Contributions and Retirement Living
 * (docs/product.md#constants-and-limits): counts of the months shown, the 3- and 6-month average
 * balances (only with at least 3 or 6 rows) and the balance trend. Every figure is the engine's
 * (balanceInsights).
 */
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { balanceInsights } from '../../../engine/month-views.ts';
import type { ContributionMonth, RetirementMonth } from '../../../engine/types.ts';
import { wholeUsd } from '../../ui/figure-text.ts';

export function InsightsPanel({ rows }: { rows: readonly (ContributionMonth | RetirementMonth)[] }) {
  const insights = balanceInsights(rows);
  const items: [string, string][] = [['Months Shown', String(insights.months)]];
  items.push(['Months with Actual Balances', String(insights.actualMonths)]);
  if (insights.averageBalanceLast3 !== null) items.push(['Average Balance (Last 3 Months)', wholeUsd(insights.averageBalanceLast3)]);
  if (insights.averageBalanceLast6 !== null) items.push(['Average Balance (Last 6 Months)', wholeUsd(insights.averageBalanceLast6)]);
  items.push(['Balance Trend', insights.trend]);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="insights-title">
      <Title order={3} size="h4" mb="sm" id="insights-title">
        Insights &amp; Trends
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: items.length }} spacing="sm">
        {items.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} data-testid={`insight-${label}`}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
