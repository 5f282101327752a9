/**
 * The net-worth timeline: one chart of cash, retirement savings, debt and net worth over the whole
 * projection, with a marker at each milestone. The chart is an image with a summary for screen
 * readers; the milestone table and the yearly values table carry the same figures as text. The
 * figures above the chart show at once; the chart's code loads beside them (ChartSlot.tsx).
 */
import type { ChartReferenceLineProps } from '@mantine/charts';
import { Box, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { memo, useId, useMemo, useState } from 'react';
import { centsToDollars, type Cents } from '../../../../engine/money.ts';
import { ageIn, type Timeline, type TimelinePoint } from '../../../../engine/timeline.ts';
import { useBirthYear } from '../../profile/birth-year.ts';
import { useDollars, type DollarsView } from '../dollars.tsx';
import { formatWholeUsd } from '../../../ui/money.ts';
import { chartSample, MAX_POINTS } from '../chart-data.ts';
import { ChartSlot, HORIZONTAL_GRID, LineChart, SeriesLegend, useLabelInterval, useTooltipOnDemand, X_TICK, Y_TICK } from '../ChartSlot.tsx';
import { compactUsd, MILESTONE_COLORS, MILESTONE_LABELS, milestoneMonth, milestoneText, monthWithAge, timelineSummary, wholeUsd, type MilestoneKey } from './format.ts';

/** An axis tick with the age reached that year: '2040 · 58'. */
const axisLabel = (month: string, birthYear: number) => `${month.slice(0, 4)} · ${ageIn(month as TimelinePoint['month'], birthYear)}`;

const SERIES = [
  { name: 'netWorth', label: 'Net worth', color: 'teal.6' },
  { name: 'cash', label: 'Cash', color: 'blue.5' },
  { name: 'retirement', label: 'Retirement savings', color: 'violet.5' },
  { name: 'debt', label: 'Debt', color: 'red.6' },
];

/** With a home value in the plan assumptions (DESIGN §6). */
const HOME_SERIES = [
  { name: 'home', label: 'Home', color: 'yellow.7' },
  { name: 'mortgage', label: 'Mortgage', color: 'orange.8' },
];

/**
 * The chart draws half the month charts' points (four lines: a phone draws it in one task), with
 * each marker's month always in, since a reference line needs its month among the points. The
 * tables keep every month.
 */
const TIMELINE_POINTS = MAX_POINTS / 2;

/** Taller on a wider screen. */
const CHART_HEIGHT = { base: 260, sm: 340 };

/**
 * The timeline as shown: in today's dollars each point converted (the peak found again among the
 * converted points, since a nominal peak need not be the real one).
 */
function shownTimeline(timeline: Timeline, dollars: DollarsView): Timeline {
  if (dollars.mode === 'future') return timeline;
  const points = dollars.table(timeline.points);
  let peak: TimelinePoint | null = null;
  for (const point of points) if (peak === null || point.netWorth > peak.netWorth) peak = point;
  const current = timeline.current ? (points.find((p) => p.month === timeline.current?.month) ?? null) : null;
  return { ...timeline, points, yearly: dollars.table(timeline.yearly), peak, current };
}

/** Label placement per marker, so markers a few months apart do not print over each other. */
const LABEL_POSITION: Record<MilestoneKey, ChartReferenceLineProps['labelPosition']> = {
  debtFree: 'insideTopLeft',
  retirement: 'insideTopRight',
  socialSecurityStart: 'insideBottomLeft',
  moneyRunsOut: 'insideBottomRight',
};

const MILESTONE_KEYS = Object.keys(MILESTONE_LABELS) as MilestoneKey[];

const SHORT_LABELS: Record<MilestoneKey, string> = {
  debtFree: 'Debt free',
  retirement: 'Retire',
  socialSecurityStart: 'Social Security',
  moneyRunsOut: 'Money runs out',
};

export interface NetWorthTimelineProps {
  timeline: Timeline;
  hasDebts: boolean;
  hasRetirementPlan: boolean;
}

export function NetWorthTimeline({ timeline: computed, hasDebts, hasRetirementPlan }: NetWorthTimelineProps) {
  const [showYears, setShowYears] = useState(false);
  const yearsId = useId();
  const dollars = useDollars();
  const birthYear = useBirthYear();
  const timeline = useMemo(() => shownTimeline(computed, dollars), [computed, dollars]);
  const withHome = timeline.points[0]?.home !== undefined;
  const data = useMemo(() => {
    const markers = new Set(MILESTONE_KEYS.flatMap((key) => milestoneMonth(timeline.milestones, key) ?? []));
    return chartSample(timeline.points, TIMELINE_POINTS, (point) => markers.has(point.month)).map((p) => ({
      month: p.month,
      netWorth: centsToDollars(p.netWorth),
      cash: centsToDollars(p.cash),
      retirement: centsToDollars(p.retirement),
      debt: centsToDollars(p.debt),
      ...(p.home === undefined ? {} : { home: centsToDollars(p.home), mortgage: centsToDollars(p.mortgage ?? (0 as Cents)) }),
    }));
  }, [timeline]);
  const milestoneContext = { hasDebts, hasRetirementPlan, birthYear, lastMonth: timeline.points.at(-1)?.month ?? null };
  const referenceLines = useMemo((): ChartReferenceLineProps[] => {
    const first = timeline.points[0]?.month;
    const last = timeline.points.at(-1)?.month;
    return MILESTONE_KEYS.flatMap((key) => {
      const month = milestoneMonth(timeline.milestones, key);
      if (month === null || first === undefined || last === undefined || month < first || month > last) return [];
      return [{ x: month, label: SHORT_LABELS[key], color: MILESTONE_COLORS[key], labelPosition: LABEL_POSITION[key], strokeDasharray: '6 4', strokeWidth: 2 }];
    });
  }, [timeline]);
  const current = timeline.current;
  const end = timeline.points.at(-1);

  return (
    <Card withBorder padding="lg" px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <div>
          <Title order={3} size="h4">
            Net Worth Timeline
          </Title>
          <Text size="sm" c="dimmed">
            {withHome
              ? 'Cash from your income table, retirement savings, your home and what you owe, month by month. Net worth = cash + retirement savings + home − mortgage − debt.'
              : 'Cash from your income table, retirement savings and debt, month by month. Net worth = cash + retirement savings − debt.'}
            {dollars.mode === 'today' ? ' In today’s dollars.' : ''}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Figure label="Net Worth Now" value={current ? wholeUsd(current.netWorth) : '—'} detail={current ? monthWithAge(current.month, birthYear) : 'Outside the projection'} />
          <Figure label="Peak Net Worth" value={timeline.peak ? wholeUsd(timeline.peak.netWorth) : '—'} detail={timeline.peak ? monthWithAge(timeline.peak.month, birthYear) : ''} />
          <Figure label="At the End" value={end ? wholeUsd(end.netWorth) : '—'} detail={end ? monthWithAge(end.month, birthYear) : ''} />
        </SimpleGrid>
        <Box role="img" aria-label={timelineSummary(timeline)} data-testid="net-worth-chart">
          <TimelineChart data={data} withHome={withHome} birthYear={birthYear} referenceLines={referenceLines} />
        </Box>
        <Table aria-label="Milestones" withTableBorder={false} verticalSpacing={6}>
          <Table.Tbody>
            {MILESTONE_KEYS.map((key) => (
              <Table.Tr key={key} data-testid={`milestone-${key}`}>
                <Table.Th scope="row" fw={500}>
                  <Group gap={8} wrap="nowrap">
                    <Box w={14} h={0} style={{ borderTop: `3px dashed var(--mantine-color-${MILESTONE_COLORS[key].replace('.', '-')})` }} aria-hidden />
                    {MILESTONE_LABELS[key]}
                  </Group>
                </Table.Th>
                <Table.Td ta="right">{milestoneText(timeline.milestones, key, milestoneContext)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {timeline.truncated && (
          <Text size="sm" c="dimmed">
            Part of this projection stops at its limit (100 years, or a balance too large to project).
          </Text>
        )}
        <div>
          <Button variant="light" size="xs" aria-expanded={showYears} aria-controls={yearsId} onClick={() => setShowYears((shown) => !shown)}>
            {showYears ? 'Hide yearly values' : 'Show yearly values'}
          </Button>
        </div>
        <div id={yearsId} hidden={!showYears}>
          {showYears && (
            <Table.ScrollContainer minWidth={520}>
              <Table striped aria-label="Net worth by year" verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Month</Table.Th>
                    <Table.Th ta="right">Cash</Table.Th>
                    <Table.Th ta="right">Retirement Savings</Table.Th>
                    <Table.Th ta="right">Debt</Table.Th>
                    {withHome && <Table.Th ta="right">Home</Table.Th>}
                    {withHome && <Table.Th ta="right">Mortgage</Table.Th>}
                    <Table.Th ta="right">Net Worth</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {timeline.yearly.map((p) => (
                    <Table.Tr key={p.month}>
                      <Table.Td>{monthWithAge(p.month, birthYear)}</Table.Td>
                      <Table.Td ta="right">{wholeUsd(p.cash)}</Table.Td>
                      <Table.Td ta="right">{wholeUsd(p.retirement)}</Table.Td>
                      <Table.Td ta="right">{wholeUsd(p.debt)}</Table.Td>
                      {withHome && <Table.Td ta="right">{wholeUsd(p.home ?? (0 as Cents))}</Table.Td>}
                      {withHome && <Table.Td ta="right">{wholeUsd(p.mortgage ?? (0 as Cents))}</Table.Td>}
                      <Table.Td ta="right">{wholeUsd(p.netWorth)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </div>
      </Stack>
    </Card>
  );
}

interface TimelineChartProps {
  data: ({ month: string } & Record<string, number | string>)[];
  withHome: boolean;
  birthYear: number | null;
  referenceLines: ChartReferenceLineProps[];
}

/**
 * The chart itself, drawn again only when what it shows changes: a render of it costs a slow phone
 * about 50 ms, and the card around it re-renders with every sync of the mirror.
 */
const TimelineChart = memo(function TimelineChart({ data, withHome, birthYear, referenceLines }: TimelineChartProps) {
  const interval = useLabelInterval(data.length);
  const series = withHome ? [...SERIES, ...HOME_SERIES] : SERIES;
  const [withTooltip, tooltipTrigger] = useTooltipOnDemand();
  return (
    <div {...tooltipTrigger}>
      <ChartSlot h={CHART_HEIGHT}>
        <LineChart
          h={CHART_HEIGHT}
          data={data}
          dataKey="month"
          series={series}
          withDots={false}
          withTooltip={withTooltip}
          curveType="linear"
          strokeWidth={2}
          // Horizontal grid lines only (see HORIZONTAL_GRID); the markers are the vertical lines.
          gridAxis="x"
          gridProps={HORIZONTAL_GRID}
          valueFormatter={formatWholeUsd}
          yAxisProps={{ tickFormatter: compactUsd, width: 64, domain: ['auto', 'auto'], niceTicks: 'snap125', interval: 0, tick: Y_TICK }}
          xAxisProps={{ interval, tick: X_TICK, ...(birthYear === null ? {} : { tickFormatter: (month: string) => axisLabel(month, birthYear) }) }}
          referenceLines={referenceLines}
          accessibilityLayer={false}
        />
      </ChartSlot>
      <SeriesLegend series={series} />
    </div>
  );
});

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Card withBorder padding="sm" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={700} data-testid={`figure-${label}`}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </Card>
  );
}
