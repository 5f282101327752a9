/**
 * The net-worth timeline: one chart of cash, retirement savings, debt and net worth over the whole
 * projection, with a marker at each milestone. The chart is an image with a summary for screen
 * readers; the milestone table and the yearly values table carry the same figures as text. The
 * chart is a light SVG one (ui/LineSketch.tsx) drawn with the figures: the charting library's
 * first draw of it was the Overview's longest task on a slow phone.
 */
import { Box, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { memo, useId, useMemo, useState } from 'react';
import { centsToDollars, type Cents } from '../../../../engine/money.ts';
import { ageIn, type Timeline, type TimelinePoint } from '../../../../engine/timeline.ts';
import { useBirthYear } from '../../../model/birth-year.ts';
import { NET_WORTH_MEANS, NET_WORTH_WITHOUT_HOME } from '../../../model/net-worth.ts';
import { useDollars, type DollarsView } from '../../../model/dollars.tsx';
import { formatWholeUsd } from '../../../ui/money.ts';
import { chartSample, MAX_POINTS } from '../chart-data.ts';
import { LineSketch, type SketchMarker, type SketchSeries } from '../../../ui/LineSketch.tsx';
import { compactUsd, MILESTONE_COLORS, MILESTONE_LABELS, milestoneMonth, milestoneText, monthWithAge, timelineSummary, wholeUsd, type MilestoneKey } from '../../../model/plan-format.ts';

/** An axis tick with the age reached that year: '2040 · 58'. */
const axisLabel = (month: string, birthYear: number) => `${month.slice(0, 4)} · ${ageIn(month as TimelinePoint['month'], birthYear)}`;

const SERIES: readonly SketchSeries[] = [
  { key: 'netWorth', label: 'Net worth', color: 'teal.6' },
  { key: 'cash', label: 'Cash', color: 'blue.5' },
  { key: 'retirement', label: 'Retirement savings', color: 'violet.5' },
  { key: 'debt', label: 'Debt', color: 'red.6' },
];

/** With a home value in the plan assumptions (docs/projection-rules.md#plan-assumptions). */
const HOME_SERIES: readonly SketchSeries[] = [
  { key: 'home', label: 'Home', color: 'yellow.7' },
  { key: 'mortgage', label: 'Mortgage', color: 'orange.8' },
];

/**
 * The chart draws half the month charts' points, with each marker's month always in, since a
 * marker stands at one of the points. The tables keep every month.
 */
const TIMELINE_POINTS = MAX_POINTS / 2;

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
const LABEL_POSITION: Record<MilestoneKey, SketchMarker['place']> = {
  debtFree: 'topLeft',
  retirement: 'topRight',
  socialSecurityStart: 'bottomLeft',
  moneyRunsOut: 'bottomRight',
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
      x: p.month,
      netWorth: centsToDollars(p.netWorth),
      cash: centsToDollars(p.cash),
      retirement: centsToDollars(p.retirement),
      debt: centsToDollars(p.debt),
      ...(p.home === undefined ? {} : { home: centsToDollars(p.home), mortgage: centsToDollars(p.mortgage ?? (0 as Cents)) }),
    }));
  }, [timeline]);
  const milestoneContext = { hasDebts, hasRetirementPlan, birthYear, lastMonth: timeline.points.at(-1)?.month ?? null };
  const markers = useMemo(
    (): SketchMarker[] =>
      MILESTONE_KEYS.flatMap((key) => {
        const month = milestoneMonth(timeline.milestones, key);
        const index = month === null ? -1 : data.findIndex((point) => point.x === month);
        return index < 0 ? [] : [{ index, label: SHORT_LABELS[key], color: MILESTONE_COLORS[key], place: LABEL_POSITION[key] }];
      }),
    [timeline, data],
  );
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
            {withHome ? 'Cash from your income table, your retirement and taxable accounts, your home and what you owe, month by month. ' : 'Cash from your income table, your retirement and taxable accounts and what you owe, month by month. '}
            {NET_WORTH_MEANS}
            {withHome ? '' : ` ${NET_WORTH_WITHOUT_HOME}`}
            {dollars.mode === 'today' ? ' In today’s dollars.' : ''}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Figure label="Net Worth Now" value={current ? wholeUsd(current.netWorth) : '—'} detail={current ? monthWithAge(current.month, birthYear) : 'Outside the projection'} />
          <Figure label="Peak Net Worth" value={timeline.peak ? wholeUsd(timeline.peak.netWorth) : '—'} detail={timeline.peak ? monthWithAge(timeline.peak.month, birthYear) : ''} />
          <Figure label="At the End" value={end ? wholeUsd(end.netWorth) : '—'} detail={end ? monthWithAge(end.month, birthYear) : ''} />
        </SimpleGrid>
        <TimelineChart data={data} withHome={withHome} birthYear={birthYear} markers={markers} summary={timelineSummary(timeline)} />
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
  data: ({ x: string } & Record<string, number | string>)[];
  withHome: boolean;
  birthYear: number | null;
  markers: SketchMarker[];
  /** The chart's text for screen readers. */
  summary: string;
}

/** The chart, drawn again only when what it shows changes (the card around it re-renders with every sync). */
const TimelineChart = memo(function TimelineChart({ data, withHome, birthYear, markers, summary }: TimelineChartProps) {
  // Four year labels on a phone, eight on a wider screen.
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });
  return (
    <LineSketch
      data={data}
      series={withHome ? [...SERIES, ...HOME_SERIES] : SERIES}
      formatValue={compactUsd}
      formatReadout={formatWholeUsd}
      formatX={(month) => (birthYear === null ? month.slice(0, 4) : axisLabel(month, birthYear))}
      formatReadoutX={(month) => monthWithAge(month as TimelinePoint['month'], birthYear)}
      label={summary}
      testId="net-worth-chart"
      markers={markers}
      xLabels={wide ? 8 : 4}
      size="tall"
    />
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
