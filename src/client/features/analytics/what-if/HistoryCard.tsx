/**
 * "What if I had retired in 1929, 1966 or 2000?": the plan replayed through every stretch of
 * market history since 1871 (engine risk.ts and market/history.ts, run in the worker). The chart
 * shows, for a retirement starting in each year (its January start), the savings left at the end
 * of the plan in today's dollars; famous bad years are marked. The headline counts every start
 * month.
 */
import { LineChart, type ChartReferenceLineProps } from '@mantine/charts';
import { Box, Card, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { centsToDollars } from '../../../../engine/money.ts';
import { assumedReturn } from '../../../../engine/next-dollar.ts';
import { DEFAULT_STOCK_SHARE, rateBasisPoints, realReturnBasisPoints, type HistorySummary } from '../../../../engine/risk.ts';
import type { ProjectionInput } from '../../../../engine/types.ts';
import { basisPointsText } from '../../../model/health-lines.ts';
import { compactUsd, monthWithAge, wholeUsd } from '../../../model/plan-format.ts';
import { formatWholeUsd } from '../../../ui/money.ts';
import type { RiskRequest } from './protocol.ts';
import { RunStatus } from './RunStatus.tsx';
import { useRisk } from './use-risk.ts';
import { countText } from '../../../../engine/format.ts';

export interface HistoryCardProps {
  readonly input: ProjectionInput;
  /** The `stock_share` assumption, %; null: the default. */
  readonly stockShare: number | null;
  readonly birthYear: number | null;
}

/**
 * Why the replay and the simulated markets can disagree, in plain words: Monte Carlo draws around
 * the accounts' own expected returns (their mean, engine assumedReturn; after the plan's inflation,
 * realReturnBasisPoints), the replay earns what the market actually paid after inflation
 * (summary.market). A plan that expects less than history did finds history kinder, and the
 * replay's bad years come in runs, where the simulated months are drawn independently.
 */
function versusMonteCarlo(input: ProjectionInput, summary: HistorySummary): string {
  const market = summary.market.realBasisPoints;
  const replay = `This replay earns what ${summary.stockShare}% in stocks actually earned after inflation, ${basisPointsText(market)} a year from ${summary.market.from.slice(0, 4)} to ${summary.market.to.slice(0, 4)}, with its bad years in runs (1929–32, 1966–82) where the simulated months are drawn one by one.`;
  const nominal = assumedReturn(input);
  if (nominal === null) return `Why this can differ from the simulated markets above: ${replay}`;
  const inflation = input.assumptions?.inflationRate ?? 0;
  const planned = realReturnBasisPoints(nominal, inflation);
  const own = `they grow your savings at your own expected returns, ${basisPointsText(rateBasisPoints(nominal / 100))} a year on average${inflation > 0 ? `, ${basisPointsText(planned)} after your ${inflation}% inflation` : ''}.`;
  const verdict =
    market > planned
      ? ' History earned more than your plan expects, so it can look kinder.'
      : market < planned
        ? ' History earned less than your plan expects, so it can look harsher.'
        : '';
  return `Why this can differ from the simulated markets above: ${own} ${replay}${verdict}`;
}

export function HistoryCard({ input, stockShare, birthYear }: HistoryCardProps) {
  const share = stockShare ?? DEFAULT_STOCK_SHARE;
  const request = useMemo((): RiskRequest => ({ kind: 'history', input, stockShare: share }), [input, share]);
  const run = useRisk(input.retirementPlan === null ? null : request);
  const summary = run.answer && 'starts' in run.answer ? run.answer : null;
  const data = useMemo(
    () =>
      (summary?.starts ?? [])
        .filter((s) => s.retirement.endsWith('-01'))
        .map((s) => ({ year: s.retirement.slice(0, 4), savings: centsToDollars(s.endSavings) })),
    [summary],
  );
  const marks: ChartReferenceLineProps[] = (summary?.notable ?? []).map((n) => ({ x: String(n.year), label: String(n.year), color: 'orange.7', strokeDasharray: '4 4', labelPosition: 'insideTopLeft' }));
  const first = summary?.starts[0];
  const last = summary?.starts.at(-1);

  return (
    <Card withBorder padding="lg" px={{ base: 'sm', sm: 'lg' }} data-testid="history-replay">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            What if history repeats?
          </Title>
          <Text size="sm" c="dimmed">
            {`Your plan replayed through real US markets since 1871: the S&P 500 with dividends and 10-year Treasury bonds, ${share}% in stocks (your stock share assumption), after inflation, starting once in every month of history. Source: Robert Shiller's data, public domain.`}
          </Text>
        </div>
        {input.retirementPlan === null ? (
          <Text size="sm">Add a retirement plan on the dashboard to replay it through history.</Text>
        ) : (
          <>
            <RunStatus run={run} unit="start months" />
            {summary && summary.starts.length === 0 && (
              <Text size="sm">Your plan is longer than the 152 years of market history, so no start month can replay it in full.</Text>
            )}
            {summary && first && last && (
              <Stack gap="sm" opacity={run.stale ? 0.6 : 1}>
                <Text size="lg" fw={600} data-testid="history-headline">
                  {`${basisPointsText(summary.successBasisPoints)} of historical starts never ran short`}
                </Text>
                <Text size="sm" data-testid="history-words">
                  {`Of ${countText(summary.starts.length)} start months (retirements beginning ${first.retirement} to ${last.retirement}), your savings lasted in ${countText(summary.lasted)}.`}
                  {summary.worst &&
                    (summary.worst.start.runsOut !== null
                      ? ` The worst was a retirement beginning in ${summary.worst.start.retirement}: the money would run short in ${monthWithAge(summary.worst.start.runsOut, birthYear)}.`
                      : ` Even the worst, a retirement beginning in ${summary.worst.start.retirement}, ends with ${wholeUsd(summary.worst.start.endSavings)}.`)}
                  {summary.notable.length > 0 &&
                    ` Famous hard years: ${summary.notable.map((n) => `${n.year} ${n.start.runsOut === null ? `ends with ${wholeUsd(n.start.endSavings)}` : `runs short in ${n.start.runsOut}`}`).join('; ')}.`}
                </Text>
                <Text size="sm" data-testid="history-versus">
                  {versusMonteCarlo(input, summary)}
                </Text>
                <Box role="img" aria-label={`Savings at the end of the plan by the year retirement began, ${data[0]?.year ?? ''} to ${data.at(-1)?.year ?? ''}, in today's dollars.`} data-testid="history-chart">
                  <LineChart
                    h={{ base: 220, sm: 280 }}
                    data={data}
                    dataKey="year"
                    series={[{ name: 'savings', label: 'Savings at the end of the plan', color: 'violet.6' }]}
                    withDots={false}
                    curveType="linear"
                    strokeWidth={2}
                    valueFormatter={formatWholeUsd}
                    yAxisProps={{ tickFormatter: compactUsd, width: 64 }}
                    xAxisProps={{ minTickGap: 24 }}
                    referenceLines={marks}
                    accessibilityLayer={false}
                  />
                </Box>
                <Text size="xs" c="dimmed">
                  Each point is a retirement beginning in January of that year. Monthly averages smooth history a little, and bond prices before 1953 are built from yearly yields, so the replay is gentler than the worst single months were.
                </Text>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
