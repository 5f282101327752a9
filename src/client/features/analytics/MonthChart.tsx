/**
 * The chart above a month table: balance over time, or principal against interest for debts.
 * It is a picture of the table below it, which is its accessible equivalent: the chart is one
 * image with a description (role="img" and aria-label), and recharts' own keyboard layer is off.
 * Colours are Mantine palette shades, readable on both the light and the dark background; the
 * axes and grid take Mantine's chart colours, which follow the colour scheme.
 */
import { AreaChart, type AreaChartSeries, type AreaChartType } from '@mantine/charts';
import { Card, Text } from '@mantine/core';
import { formatWholeUsd } from '../../ui/money.ts';
import { compactUsd } from './format.ts';

export interface MonthChartProps {
  /** What the chart shows, read out as the image's description. */
  label: string;
  /** One point per month: { month: 'YYYY-MM', [series]: dollars }. */
  data: Record<string, string | number>[];
  series: AreaChartSeries[];
  type?: AreaChartType;
}

/** The tooltip's figure: whole dollars, like the table (the point holds dollars, as on the wire). */
const tooltipValue = (dollars: number) => formatWholeUsd(dollars);

export function MonthChart({ label, data, series, type = 'default' }: MonthChartProps) {
  if (data.length < 2) return null;
  return (
    <Card withBorder padding="sm">
      <Text size="sm" fw={600} mb="xs" aria-hidden="true">
        {label}
      </Text>
      <div role="img" aria-label={label} data-testid="month-chart">
        <AreaChart
          h={220}
          data={data}
          dataKey="month"
          series={series}
          type={type}
          splitColors={['teal.6', 'red.6']}
          curveType="monotone"
          withDots={false}
          withLegend={series.length > 1}
          fillOpacity={0.25}
          valueFormatter={tooltipValue}
          yAxisProps={{ tickFormatter: compactUsd, width: 64 }}
          xAxisProps={{ minTickGap: 24 }}
          areaProps={{ isAnimationActive: false }}
          areaChartProps={{ accessibilityLayer: false }}
        />
      </div>
    </Card>
  );
}
