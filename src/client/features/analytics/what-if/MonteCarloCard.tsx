/**
 * "How likely": the plan under 1,000 simulated markets (engine risk.ts, run in the worker). The
 * fan chart shows the 10th, 50th and 90th percentile of savings (retirement accounts + cash) in
 * today's dollars; the headline is the share of paths whose money lasts through retirement. The
 * seed is shown and can be changed, so anyone can reproduce a result.
 */
import { LineChart } from '@mantine/charts';
import { Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { centsToDollars } from '../../../../engine/money.ts';
import { DEFAULT_PATHS, DEFAULT_VOLATILITY } from '../../../../engine/risk.ts';
import type { ProjectionInput } from '../../../../engine/types.ts';
import { basisPointsText } from '../../../model/health-lines.ts';
import { compactUsd, monthWithAge, wholeUsd } from '../../../model/plan-format.ts';
import { formatWholeUsd } from '../../../ui/money.ts';
import type { RiskRequest } from './protocol.ts';
import { RunStatus } from './RunStatus.tsx';
import { useRisk } from './use-risk.ts';
import { MEDIAN_BELOW } from './figures.ts';
import { countText } from '../../../../engine/format.ts';

/** Local storage key of the seed, so a reload asks the same question and finds its cached answer. */
export const SEED_KEY = 'riskSeed';
const FIRST_SEED = 20261124;

function storedSeed(): number {
  const stored = Number(window.localStorage.getItem(SEED_KEY));
  return Number.isSafeInteger(stored) && stored > 0 && stored < 2 ** 32 ? stored : FIRST_SEED;
}

export interface MonteCarloCardProps {
  readonly input: ProjectionInput;
  /** The volatility to draw with, % a year: the `return_volatility` assumption, else the one for the stock share; null: the default. */
  readonly volatility: number | null;
  /** Whether the volatility is the user's own assumption (else the one recommended for the stock share). */
  readonly own?: boolean;
  readonly birthYear: number | null;
}

export function MonteCarloCard({ input, volatility, own = true, birthYear }: MonteCarloCardProps) {
  const [seed, setSeed] = useState(storedSeed);
  const sigma = volatility ?? DEFAULT_VOLATILITY;
  const whose = own ? 'your return volatility assumption' : 'the volatility for your stock share, under Plan assumptions';
  const request = useMemo((): RiskRequest => ({ kind: 'monteCarlo', input, seed, paths: DEFAULT_PATHS, volatility: sigma }), [input, seed, sigma]);
  const run = useRisk(input.retirementPlan === null ? null : request);
  const summary = run.answer && 'fan' in run.answer ? run.answer : null;
  const data = useMemo(
    () => (summary?.fan ?? []).map((p) => ({ month: p.month, p10: centsToDollars(p.p10), p50: centsToDollars(p.p50), p90: centsToDollars(p.p90) })),
    [summary],
  );
  const newSeed = () => {
    const next = 1 + Math.floor(Math.random() * (2 ** 32 - 2));
    window.localStorage.setItem(SEED_KEY, String(next));
    setSeed(next);
  };
  const end = summary?.fan.at(-1);

  return (
    <Card withBorder padding="lg" px={{ base: 'sm', sm: 'lg' }} data-testid="monte-carlo">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            How likely is my plan to last?
          </Title>
          <Text size="sm" c="dimmed">
            {`Markets rarely return the same every year. Runway replays your plan through ${countText(DEFAULT_PATHS)} simulated markets: each month's return is drawn at random around each account's expected return, swinging about ${sigma}% a year (${whose}). Savings are your retirement accounts plus cash, in today's dollars.`}
          </Text>
        </div>
        {input.retirementPlan === null ? (
          <Text size="sm">Add a retirement plan on the dashboard to see how likely your savings are to last.</Text>
        ) : (
          <>
            <RunStatus run={run} unit="simulated markets" />
            {summary && (
              <Stack gap="sm" opacity={run.stale ? 0.6 : 1}>
                <Text size="lg" fw={600} data-testid="monte-carlo-headline">
                  {`${basisPointsText(summary.successBasisPoints)} chance your money lasts through retirement`}
                </Text>
                <Text size="sm" data-testid="monte-carlo-words">
                  {`In ${countText(summary.lasted)} of ${countText(summary.paths)} simulated markets your savings covered every month of retirement.`}
                  {summary.typicalRunsOut !== null && ` Where they ran short, it was typically in ${monthWithAge(summary.typicalRunsOut, birthYear)}.`}
                  {end && ` At the end of the plan, savings range from ${wholeUsd(end.p10)} in a poor market (1 in 10 do worse) to ${wholeUsd(end.p90)} in a good one (1 in 10 do better); the middle outcome is ${wholeUsd(end.p50)}.`}
                </Text>
                {sigma > 0 && (
                  <Text size="sm" c="dimmed" data-testid="monte-carlo-median">
                    {MEDIAN_BELOW}
                  </Text>
                )}
                <Box role="img" aria-label={end ? `Savings fan chart: at ${end.month} the 10th percentile is ${wholeUsd(end.p10)}, the median ${wholeUsd(end.p50)} and the 90th percentile ${wholeUsd(end.p90)}.` : 'Savings fan chart'} data-testid="monte-carlo-chart">
                  <LineChart
                    h={{ base: 240, sm: 300 }}
                    data={data}
                    dataKey="month"
                    series={[
                      { name: 'p90', label: 'Good markets (90th percentile)', color: 'teal.6' },
                      { name: 'p50', label: 'Middle (median)', color: 'blue.6' },
                      { name: 'p10', label: 'Poor markets (10th percentile)', color: 'red.6' },
                    ]}
                    withDots={false}
                    withLegend
                    curveType="linear"
                    strokeWidth={2}
                    valueFormatter={formatWholeUsd}
                    yAxisProps={{ tickFormatter: compactUsd, width: 64 }}
                    xAxisProps={{ minTickGap: 24, tickFormatter: (month: string) => month.slice(0, 4) }}
                    accessibilityLayer={false}
                  />
                </Box>
              </Stack>
            )}
            <Group gap="sm" justify="space-between">
              <Text size="xs" c="dimmed" data-testid="monte-carlo-seed">
                {`Seed ${seed} · ${countText(DEFAULT_PATHS)} paths · volatility ${sigma}% a year. The same seed and plan always give the same result.`}
              </Text>
              <Button size="xs" variant="default" onClick={newSeed}>
                Try another seed
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

