/**
 * "Where should the next dollar go?" (engine next-dollar.ts, in the risk worker): an amount a
 * month tried as an extra debt payment, a bigger 401(k) contribution, an IRA or cash, ranked by
 * net worth at retirement in today's dollars, each with its reason in one line. The options keep
 * to the IRS's limits and count the tax a pre-tax dollar saves; the filing status they need is
 * asked here (the plan assumptions' or a guess from the incomes until the user picks one), and the
 * tax figures are shown.
 */
import { Badge, Card, Group, NumberInput, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { FILING_STATUS_LABELS, FILING_STATUSES, type FilingStatus } from '../../../../engine/federal-tax.ts';
import { formatCents, parseCents } from '../../../../engine/money.ts';
import { DEFAULT_NEXT_DOLLAR, guessFilingStatus, nextDollarErrors, nextDollarTax, type NextDollarTax } from '../../../../engine/next-dollar.ts';
import type { ProjectionInput } from '../../../../engine/types.ts';
import { signedWholeUsd } from '../../../ui/figure-text.ts';
import { wholeUsd } from '../../../model/plan-format.ts';
import { NET_WORTH_MEANS } from '../../../model/net-worth.ts';
import type { RiskRequest } from './protocol.ts';
import { RunStatus } from './RunStatus.tsx';
import { useRisk } from './use-risk.ts';

export function NextDollarCard({ input, birthYear }: { input: ProjectionInput; birthYear: number | null }) {
  const [text, setText] = useState<string | number>(DEFAULT_NEXT_DOLLAR / 100);
  const amount = parseCents(String(text));
  const error = amount === null ? 'Enter an amount in dollars, like 100' : (nextDollarErrors(amount).amount ?? null);
  const [chosenStatus, setChosenStatus] = useState<FilingStatus | null>(null);
  const filingStatus = chosenStatus ?? guessFilingStatus(input);
  const tax = useMemo(() => nextDollarTax(input, filingStatus), [input, filingStatus]);
  const request = useMemo((): RiskRequest | null => (amount === null || error !== null ? null : { kind: 'nextDollar', input, amount, birthYear, filingStatus }), [input, amount, error, birthYear, filingStatus]);
  const run = useRisk(request, { delayMs: 250 });
  const options = Array.isArray(run.answer) ? run.answer : null;

  return (
    <Card withBorder padding="lg" px={{ base: 'sm', sm: 'lg' }} data-testid="next-dollar">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            Where should the next dollar go?
          </Title>
          <Text size="sm" c="dimmed">
            The same amount every month tried four ways, each as your whole plan recalculated, ranked by your net worth when you retire (today&apos;s dollars). {NET_WORTH_MEANS}
          </Text>
        </div>
        <Group align="flex-start" gap="md">
          <NumberInput label="Amount a month" description="Of take-home pay" prefix="$" min={0} decimalScale={2} thousandSeparator="," value={text} onChange={setText} error={error} maw={220} />
          <Select
            label="Filing status"
            description={chosenStatus !== null ? 'For the tax figures below' : input.assumptions?.filingStatus ? 'From your plan assumptions' : 'Guessed from your incomes'}
            data={FILING_STATUSES.map((status) => ({ value: status, label: FILING_STATUS_LABELS[status] }))}
            value={filingStatus}
            onChange={(value) => setChosenStatus(FILING_STATUSES.find((status) => status === value) ?? null)}
            allowDeselect={false}
            maw={260}
          />
        </Group>
        <TaxLine tax={tax} />
        <RunStatus run={run} unit="plans" />
        {options && (
          <Table withTableBorder verticalSpacing={8} aria-label="Where the next dollar goes" opacity={run.stale ? 0.6 : 1} data-testid="next-dollar-options">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Option</Table.Th>
                <Table.Th ta="right">Net worth at retirement</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {options.map((option) => (
                <Table.Tr key={option.kind} data-testid={`next-dollar-${option.kind}`}>
                  <Table.Td>
                    <Stack gap={2}>
                      <Group gap="xs">
                        {option.applies && (
                          <Badge variant={option.rank === 1 ? 'filled' : 'light'} color={option.rank === 1 ? 'teal' : 'gray'} tt="none">
                            {`#${option.rank}`}
                          </Badge>
                        )}
                        <Text size="sm" fw={600}>
                          {option.label}
                        </Text>
                      </Group>
                      <Text size="sm" c={option.applies ? undefined : 'dimmed'}>
                        {option.reason}
                      </Text>
                      {option.applies && (
                        <Text size="xs" c="dimmed">
                          {`Debt-free ${option.debtFreeMonth ?? '—'} · interest paid ${wholeUsd(option.interestPaid)}`}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {option.applies ? (
                      <Stack gap={0} align="flex-end">
                        <Text size="sm">{option.netWorthAtRetirement === null ? '—' : wholeUsd(option.netWorthAtRetirement)}</Text>
                        <Text size="xs" c="dimmed">
                          {option.deltaNetWorth === null ? '—' : signedWholeUsd(option.deltaNetWorth)}
                        </Text>
                      </Stack>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The tax figures behind the options, in one paragraph: the year's estimated income and the
 * federal rate a pre-tax dollar saves (engine nextDollarTax), and which IRS rules the options keep.
 */
function TaxLine({ tax }: { tax: NextDollarTax }) {
  const status = FILING_STATUS_LABELS[tax.filingStatus].toLowerCase();
  const preTax = tax.preTax > 0 ? ` less ${formatCents(tax.preTax)} into traditional 401(k)s` : '';
  return (
    <Text size="sm" c="dimmed" data-testid="next-dollar-tax">
      {`Your ${tax.year} income is about ${formatCents(tax.income)} (gross pay as entered${preTax}). Filing as ${status}, after the ${formatCents(tax.standardDeduction)} standard deduction your last dollar is taxed at ${tax.marginalRate}% federally (${tax.year === 2026 ? '' : '2026 '}brackets from IRS Rev. Proc. 2025-32; state tax not counted), so a pre-tax dollar saves that much. Each option keeps to the IRS contribution limits for your age, year by year, and to the Roth IRA income limits (IRS Notice 2025-67).`}
    </Text>
  );
}
