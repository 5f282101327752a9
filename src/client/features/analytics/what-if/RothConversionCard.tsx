/**
 * "Roth conversion explorer" (engine roth-explorer.ts, in the risk worker): with taxes by the
 * brackets, the plan run for no conversion and 20 stepped yearly amounts, each with its lifetime
 * tax and what it leaves after tax at the end (today's dollars), the best marked. Asked whenever
 * the plan changes, like the other cards; without bracket mode (or without a traditional and a Roth
 * account) the engine's reason is shown as a plain line — an expected state, not an error.
 *
 * "Apply" makes an amount the plan assumptions' roth_conversion (dollars on the wire) through the
 * outbox (apply-plan.ts rothConversionWrite), so it works offline; the plan's own amount is marked
 * "Your plan" from the input, so the mark moves as soon as the mirror has the new value.
 */
import { Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMemo, useState } from 'react';
import { cents, ZERO, type Cents } from '../../../../engine/money.ts';
import { CONVERSION_STEPS, type ConversionExplorer } from '../../../../engine/roth-explorer.ts';
import type { ProjectionInput } from '../../../../engine/types.ts';
import { useDataLayer } from '../../../data/bindings/hooks.ts';
import { notifyError } from '../../../ui/notify.ts';
import { WideTable } from '../../../ui/WideTable.tsx';
import { wholeUsd } from '../../../model/plan-format.ts';
import { rothConversionWrite, sendPlanWrite } from './apply-plan.ts';
import type { RiskRequest } from './protocol.ts';
import { RunStatus } from './RunStatus.tsx';
import { useRisk } from './use-risk.ts';

type Ready = Extract<ConversionExplorer, { status: 'ready' }>;

export const ROTH_TABLE_LABEL = 'Roth conversion amounts compared';

/** Where the table starts to scroll sideways: four columns, the first with its badges. */
const MIN_WIDTH = 560;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** 'Apply $40,000 a year': each Apply button's name, unique per amount. */
export const applyName = (amount: Cents): string => `Apply ${wholeUsd(amount)} a year`;

/**
 * What the comparison is, in one sentence. The last year is the year before RMDs begin unless the
 * plan ends first (the engine stops at the earlier of the two).
 */
export function comparesSentence(explorer: Ready): string {
  const { firstYear, lastYear, stopsBeforeRmds: beforeRmds } = explorer;
  const when = firstYear === lastYear ? `in January ${firstYear}` : `every January from ${firstYear} to ${lastYear}`;
  const which = beforeRmds ? 'the year before required minimum distributions begin' : 'the last year of your plan';
  return `Each amount is converted ${when}, ${which}, from traditional to Roth accounts, and taxed as ordinary income that year. After-tax end counts what is left in traditional accounts at the last year's tax rate; figures in today's dollars.`;
}

/** The best amount in one sentence, beside converting nothing (the first option). */
function bestSentence(explorer: Ready, current: Cents): string {
  const best = explorer.options[explorer.best];
  const none = explorer.options[0];
  if (!best || !none) return '';
  const allShort = explorer.options.every((option) => option.runsShort);
  const short = allShort ? ' Your money runs short with every amount; the best is the one that leaves the most.' : '';
  if (best.amount === 0) return `Converting nothing leaves the most after tax at the end: ${wholeUsd(best.afterTaxEnd)}.${short}`;
  const more = best.moreThanNone;
  const yours = best.amount === current ? ' Your plan already converts this amount.' : '';
  // Less only where converting nothing runs short and the best does not (the best is the most among those that last).
  const beside = more >= 0 ? `${wholeUsd(more)} more than converting nothing` : `${wholeUsd(cents(-more))} less than converting nothing, which runs short`;
  return `Best: converting ${wholeUsd(best.amount)} a year leaves ${wholeUsd(best.afterTaxEnd)} after tax at the end, ${beside}.${yours}${short}`;
}

export function RothConversionCard({ input }: { input: ProjectionInput }) {
  const { mutations } = useDataLayer();
  const request = useMemo((): RiskRequest => ({ kind: 'rothConversions', input }), [input]);
  const run = useRisk(request);
  const explorer = run.answer && 'status' in run.answer ? run.answer : null;
  const current = input.assumptions?.rothConversion ?? ZERO;
  const [applying, setApplying] = useState<Cents | null>(null);

  const apply = async (amount: Cents) => {
    const { write, text } = rothConversionWrite(amount);
    setApplying(amount);
    try {
      const result = await sendPlanWrite(mutations, write);
      if (result.status === 'failed') await notifyError(`Applying "${text}" failed`, result.message);
    } finally {
      setApplying(null);
    }
  };

  // An expected "cannot compare" needs no timing line; progress and failures still show.
  const quiet = explorer?.status === 'unavailable' && !run.running && run.error === null;

  return (
    <Card withBorder padding="lg" px={{ base: 'sm', sm: 'lg' }} data-testid="roth-explorer">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            Roth conversion explorer
          </Title>
          <Text size="sm" c="dimmed">
            {`Converting traditional savings to Roth early in retirement costs tax now and can save tax later, when required minimum distributions would add to your income. Your plan is run with taxes by the brackets for no conversion and ${CONVERSION_STEPS} yearly amounts.`}
          </Text>
        </div>
        {!quiet && <RunStatus run={run} unit="plans" />}
        {explorer?.status === 'unavailable' && (
          <Text size="sm" data-testid="roth-explorer-unavailable">
            {explorer.reason}
          </Text>
        )}
        {explorer?.status === 'ready' && <Comparison explorer={explorer} current={current} stale={run.stale} applying={applying} onApply={(amount) => void apply(amount)} />}
      </Stack>
    </Card>
  );
}

interface ComparisonProps {
  readonly explorer: Ready;
  readonly current: Cents;
  readonly stale: boolean;
  readonly applying: Cents | null;
  readonly onApply: (amount: Cents) => void;
}

function Comparison({ explorer, current, stale, applying, onApply }: ComparisonProps) {
  const best = explorer.options[explorer.best] ?? null;
  const busy = applying !== null;
  const listed = explorer.options.some((option) => option.amount === current);
  return (
    <Stack gap="sm" opacity={stale ? 0.6 : 1}>
      <Text size="sm" data-testid="roth-explorer-compares">
        {comparesSentence(explorer)}
      </Text>
      {best && (
        <Group gap="sm" justify="space-between" align="center">
          <Text size="sm" fw={600} data-testid="roth-explorer-best" flex="1 1 260px">
            {bestSentence(explorer, current)}
          </Text>
          {best.amount !== current && (
            <Button onClick={() => onApply(best.amount)} loading={applying === best.amount} disabled={busy && applying !== best.amount}>
              {applyName(best.amount)}
            </Button>
          )}
        </Group>
      )}
      {!listed && (
        <Text size="sm" c="dimmed" data-testid="roth-explorer-current">
          {`Your plan converts ${wholeUsd(current)} a year, which is not one of the amounts compared.`}
        </Text>
      )}
      <WideTable label={ROTH_TABLE_LABEL} minWidth={MIN_WIDTH} testId="roth-explorer-options">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Conversion a year</Table.Th>
            <Table.Th ta="right">Lifetime tax</Table.Th>
            <Table.Th ta="right">After-tax end</Table.Th>
            <Table.Th>
              <VisuallyHidden>Apply</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {explorer.options.map((option, i) => {
            const isBest = i === explorer.best;
            const isCurrent = option.amount === current;
            return (
              <Table.Tr key={option.amount} data-testid={`roth-option-${option.amount / 100}`} fw={isBest ? 600 : undefined}>
                <Table.Th scope="row" fw={isBest ? 600 : 500}>
                  <Group gap={6} wrap="nowrap">
                    <span style={NO_WRAP}>{wholeUsd(option.amount)}</span>
                    {isBest && (
                      <Badge size="sm" variant="filled" color="teal" tt="none">
                        Best
                      </Badge>
                    )}
                    {isCurrent && (
                      <Badge size="sm" variant="light" color="blue" tt="none">
                        Your plan
                      </Badge>
                    )}
                    {option.runsShort && (
                      <Badge size="sm" variant="light" color="orange" tt="none">
                        Runs short
                      </Badge>
                    )}
                  </Group>
                </Table.Th>
                <Table.Td ta="right" style={NO_WRAP}>
                  {wholeUsd(option.lifetimeTax)}
                </Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>
                  {wholeUsd(option.afterTaxEnd)}
                </Table.Td>
                <Table.Td ta="right">
                  {/* The best amount's Apply is the one above the table; the plan's own needs none. */}
                  {!isBest && !isCurrent && (
                    <Button size="compact-sm" variant="subtle" onClick={() => onApply(option.amount)} loading={applying === option.amount} disabled={busy && applying !== option.amount} aria-label={applyName(option.amount)}>
                      Apply
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </WideTable>
    </Stack>
  );
}
