/**
 * The chart above a month table: balance over time, or principal against interest for debts.
 * It is a picture of the table below it, which is its accessible equivalent: the chart is one
 * image with a description (role="img" and aria-label), and recharts' own keyboard layer is off.
 * Colours are Mantine palette shades, readable on both the light and the dark background; the
 * axes and grid take Mantine's chart colours, which follow the colour scheme. The chart's code
 * loads when it comes near the screen (ChartSlot.tsx); its card and title are there before.
 */
import type { AreaChartSeries, AreaChartType } from '@mantine/charts';
import { Card, Text } from '@mantine/core';
import { memo } from 'react';
import { formatWholeUsd } from '../../ui/money.ts';
import { AreaChart, ChartSlot, HORIZONTAL_GRID, SeriesLegend, useLabelInterval, useTooltipOnDemand, X_TICK, Y_TICK } from './ChartSlot.tsx';
import { compactUsd } from '../../ui/figure-text.ts';

export interface MonthChartProps {
  /** What the chart shows, read out as the image's description. */
  label: string;
  /** One point per month: { month: 'YYYY-MM', [series]: dollars } (chart-data.ts `chartSample` thins a long table). */
  data: Record<string, string | number>[];
  series: AreaChartSeries[];
  type?: AreaChartType;
}

/** The tooltip's figure: whole dollars, like the table (the point holds dollars, as on the wire). */
const tooltipValue = (dollars: number) => formatWholeUsd(dollars);

const HEIGHT = 220;

/** The same chart: the tabs pass a new `series` array on every render, equal in value. */
const sameChart = (a: MonthChartProps, b: MonthChartProps) => a.label === b.label && a.data === b.data && a.type === b.type && JSON.stringify(a.series) === JSON.stringify(b.series);

/** Drawn again only when what it shows changes: a render of it costs a slow phone tens of ms, and its tab re-renders with every sync. */
export const MonthChart = memo(function MonthChart({ label, data, series, type = 'default' }: MonthChartProps) {
  const interval = useLabelInterval(data.length);
  const [withTooltip, tooltipTrigger] = useTooltipOnDemand();
  if (data.length < 2) return null;
  return (
    <Card withBorder padding="sm">
      <Text size="sm" fw={600} mb="xs" aria-hidden="true">
        {label}
      </Text>
      <div role="img" aria-label={label} data-testid="month-chart" {...tooltipTrigger}>
        <ChartSlot h={HEIGHT}>
          <AreaChart
            h={HEIGHT}
            data={data}
            dataKey="month"
            series={series}
            type={type}
            splitColors={['teal.6', 'red.6']}
            curveType="monotone"
            withDots={false}
            withTooltip={withTooltip}
            fillOpacity={0.25}
            valueFormatter={tooltipValue}
            yAxisProps={{ tickFormatter: compactUsd, width: 64, interval: 0, tick: Y_TICK }}
            xAxisProps={{ interval, tick: X_TICK }}
            gridProps={HORIZONTAL_GRID}
            areaProps={{ isAnimationActive: false }}
            areaChartProps={{ accessibilityLayer: false }}
          />
        </ChartSlot>
        {series.length > 1 && <SeriesLegend series={series} />}
      </div>
    </Card>
  );
}, sameChart);
