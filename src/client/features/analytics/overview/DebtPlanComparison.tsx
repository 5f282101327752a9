/**
 * The three debt strategies side by side, from the engine's compareDebtPlans: when each debt is
 * paid off, when the last one is, the total interest, and the interest saved against paying only
 * the minimums. The user's own plan is marked.
 */
import { useDollars } from '../../../model/dollars.tsx';
import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import type { DebtPayoff, DebtPlanOutcome } from '../../../../engine/insights.ts';
import type { Cents } from '../../../../engine/money.ts';
import { DEBT_PLAN_TYPES, type DebtPlanType } from '../../../../engine/types.ts';
import { PLAN_DESCRIPTIONS, PLAN_LABELS, wholeUsd } from '../../../model/plan-format.ts';

export interface DebtPlanComparisonProps {
  plans: Readonly<Record<DebtPlanType, DebtPlanOutcome>>;
  currentPlan: DebtPlanType;
  extraPayment: Cents;
}

/** A month ('2028-03') or an amount stays on one line; the row labels wrap instead. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function payoffText(debt: DebtPayoff | undefined): string {
  if (!debt) return '—';
  if (debt.truncated) return 'Not paid off';
  return debt.payoffMonth ?? 'Nothing owed';
}

export function DebtPlanComparison({ plans, currentPlan, extraPayment }: DebtPlanComparisonProps) {
  const debts = plans.none.debts;
  const dollars = useDollars();
  const cell = (type: DebtPlanType) => (type === currentPlan ? { bg: 'var(--mantine-color-default-hover)' } : {});
  return (
    <Card withBorder padding="lg" px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            Debt Strategy Comparison
          </Title>
          <Text size="sm" c="dimmed">
            {extraPayment > 0
              ? `Snowball and avalanche spend all your minimum payments plus your extra payment of ${wholeUsd(extraPayment)} a month, rolling each paid-off minimum into the next debt.`
              : 'Snowball and avalanche spend all your minimum payments, rolling each paid-off minimum into the next debt. Add an extra payment in your Debt Plan to pay off sooner.'}
            {dollars.mode === 'today' ? ' Interest and payments in today’s dollars.' : ''}
          </Text>
        </div>
        {debts.length === 0 ? (
          <Text>No debts to compare.</Text>
        ) : (
          // Four columns fit a phone: no sideways scrolling (a scrolling region without anything focusable is out of a keyboard's reach).
          <Table aria-label="Debt strategy comparison" verticalSpacing="xs" horizontalSpacing={6} fz={{ base: 'xs', xs: 'sm' }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Debt</Table.Th>
                {DEBT_PLAN_TYPES.map((type) => (
                  <Table.Th key={type} ta="right" {...cell(type)} aria-label={type === currentPlan ? `${PLAN_LABELS[type]} (your plan)` : PLAN_LABELS[type]}>
                    <Stack gap={2} align="flex-end">
                      <span>{PLAN_LABELS[type]}</span>
                      {type === currentPlan && (
                        <Badge size="xs" variant="filled" tt="none" aria-hidden>
                          Your plan
                        </Badge>
                      )}
                      <Text span size="xs" c="dimmed" fw={400} visibleFrom="sm">
                        {PLAN_DESCRIPTIONS[type]}
                      </Text>
                    </Stack>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {debts.map((debt, index) => (
                <Table.Tr key={debt.id}>
                  <Table.Th scope="row" fw={500}>
                    {debt.name}
                  </Table.Th>
                  {DEBT_PLAN_TYPES.map((type) => (
                    <Table.Td key={type} ta="right" {...cell(type)} style={NO_WRAP}>
                      {payoffText(plans[type].debts[index])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th scope="row">Debt free</Table.Th>
                {DEBT_PLAN_TYPES.map((type) => (
                  <Table.Td key={type} ta="right" fw={600} {...cell(type)} style={NO_WRAP}>
                    {plans[type].debtFree.never ? 'Not paid off' : (plans[type].debtFree.month ?? 'Nothing owed')}
                  </Table.Td>
                ))}
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Total interest</Table.Th>
                {DEBT_PLAN_TYPES.map((type) => (
                  <Table.Td key={type} ta="right" {...cell(type)}>
                    {wholeUsd(plans[type].totalInterest)}
                  </Table.Td>
                ))}
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Interest saved vs none</Table.Th>
                {DEBT_PLAN_TYPES.map((type) => {
                  const saved = plans[type].interestSaved;
                  return (
                    <Table.Td key={type} ta="right" fw={600} {...cell(type)}>
                      {type === 'none' ? '—' : saved === null ? 'n/a' : wholeUsd(saved)}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
