/**
 * Retirement Living's 'Taxes by year' (All Accounts, bracket mode only): one line per tax year from
 * the total rows that close one (tax-years.ts), every year of the table whatever range the month
 * table shows, with the lifetime tax above it. Money in whole dollars as the month table prints
 * it (and in today's dollars when the switch says so: the rows come converted), rates in percent.
 * Twelve columns do not fit a phone: the table scrolls sideways in a focusable region.
 */
import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useMemo } from 'react';
import type { Cents } from '../../../../engine/money.ts';
import { WideTable } from '../../../ui/WideTable.tsx';
import { wholeUsd } from '../../../ui/figure-text.ts';
import type { RetirementRow } from '../../../model/month-wire.ts';
import { rateText, taxYears, type TaxYear } from '../../../model/tax-years.ts';

/** The columns after Year, in order. */
const COLUMNS: readonly { header: string; cell(year: TaxYear): string }[] = [
  { header: 'Ordinary Income', cell: (y) => wholeUsd(y.ordinaryIncome) },
  { header: 'Taxable Social Security', cell: (y) => wholeUsd(y.taxableSocialSecurity) },
  { header: 'Gains', cell: (y) => wholeUsd(y.gains) },
  { header: 'Deduction', cell: (y) => wholeUsd(y.deduction) },
  { header: 'Federal Tax', cell: (y) => wholeUsd(y.federalTax) },
  { header: 'State Tax', cell: (y) => wholeUsd(y.stateTax) },
  { header: 'Penalty', cell: (y) => wholeUsd(y.penalty) },
  { header: 'Effective Rate', cell: (y) => rateText(y.effectiveRate) },
  { header: 'Marginal Rate', cell: (y) => rateText(y.marginalRate) },
  { header: 'RMD', cell: (y) => wholeUsd(y.rmd) },
  { header: 'Roth Conversion', cell: (y) => wholeUsd(y.conversion) },
];

/** Where the table becomes scrollable: twelve columns of figures. */
const MIN_WIDTH = 1280;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
/** The year with both its markers ("First RMD", "Higher bracket") unclipped. */
const YEAR_WIDTH = 230;

/** 'Lifetime tax: $16,885 (federal, state and early-withdrawal penalty over 3 years); …'. */
function lifetimeSentence(lifetimeTax: Cents, years: number): string {
  return `Lifetime tax: ${wholeUsd(lifetimeTax)} (federal, state and early-withdrawal penalty over ${years} ${years === 1 ? 'year' : 'years'}); each year's tax is paid the next April, in the Taxes column of the month table.`;
}

export function TaxesByYear({ rows }: { rows: readonly RetirementRow[] }) {
  const titleId = useId();
  const taxes = useMemo(() => taxYears(rows), [rows]);
  if (taxes === null) return null;
  return (
    <Card withBorder padding="md" px={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={titleId}>
          Taxes by year
        </Title>
        <Text size="sm" data-testid="lifetime-tax">
          {lifetimeSentence(taxes.lifetimeTax, taxes.years.length)}
        </Text>
        <WideTable label="Taxes by year" minWidth={MIN_WIDTH}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th miw={YEAR_WIDTH}>Year</Table.Th>
              {COLUMNS.map((column) => (
                <Table.Th key={column.header} ta="right">
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {taxes.years.map((year) => (
              <Table.Tr key={year.month}>
                <Table.Th scope="row" fw={500} miw={YEAR_WIDTH}>
                  <Group gap={6} wrap="nowrap">
                    <span>{year.year}</span>
                    {year.firstRmd && (
                      <Badge size="sm" variant="filled" color="blue.8" tt="none">
                        First RMD
                      </Badge>
                    )}
                    {year.higherBracket && (
                      <Badge size="sm" variant="filled" color="grape.8" tt="none">
                        Higher bracket
                      </Badge>
                    )}
                  </Group>
                </Table.Th>
                {COLUMNS.map((column) => (
                  <Table.Td key={column.header} ta="right" style={NO_WRAP}>
                    {column.cell(year)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </WideTable>
      </Stack>
    </Card>
  );
}
