/**
 * The What if tab (docs/projection-rules.md#what-if): a sandbox over the saved plan, where the next
 * dollar should go, how much to convert to Roth each year, how likely the plan is to last under
 * simulated markets, and how it would have fared through market history. Everything is computed on
 * this device, in the risk worker, from the mirror: it works offline and never holds up the page.
 */
import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { usePlanInput } from '../../../model/use-projection.ts';
import { HistoryCard } from './HistoryCard.tsx';
import { MonteCarloCard } from './MonteCarloCard.tsx';
import { NextDollarCard } from './NextDollarCard.tsx';
import { RothConversionCard } from './RothConversionCard.tsx';
import { Sandbox } from './Sandbox.tsx';
import { volatilityOf } from '../../../model/recommendations.ts';

export function WhatIfTab() {
  const plan = usePlanInput();
  if (plan.kind === 'loading') return <Skeleton h={320} data-testid="what-if-loading" />;
  if (plan.kind === 'error') {
    return (
      <Alert color="red" title="Your plan could not be read">
        {plan.message}
      </Alert>
    );
  }
  if (plan.kind === 'empty') {
    return <Text>Add your income, debts or retirement accounts on the dashboard to try what-ifs on your plan.</Text>;
  }
  const assumptions = plan.records.assumptions;
  return (
    <Stack gap="lg">
      <Sandbox plan={plan} />
      <NextDollarCard input={plan.input} birthYear={plan.birthYear} />
      <RothConversionCard input={plan.input} />
      <MonteCarloCard input={plan.input} volatility={volatilityOf(assumptions)} own={assumptions?.return_volatility !== null && assumptions?.return_volatility !== undefined} birthYear={plan.birthYear} />
      <HistoryCard input={plan.input} stockShare={assumptions?.stock_share ?? null} birthYear={plan.birthYear} />
    </Stack>
  );
}
