/**
 * What the plan has learned (docs/product.md#the-plan-learns-from-check-ins), on the Overview:
 * - when the check-ins say the household spends more than its lists, the offer to set Other
 *   spending to what they measured, saved with one click through the outbox like every
 *   assumptions edit (so it works offline);
 * - while a working month keeps more than half of its net income as cash with no surplus account
 *   named, one sentence saying so with its two fixes, each opening the Plan assumptions card's form
 *   at its field.
 * The figures are the engine's (learning.ts); this words them.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { cents, centsToDollars, ZERO, type Cents } from '../../../../engine/money.ts';
import { useDataLayer, useSingle } from '../../../data/bindings/hooks.ts';
import { formatCentsUsd, wireCents } from '../../../ui/money.ts';
import { notifyError } from '../../../ui/notify.ts';
import type { FocusField } from '../../../widgets/plan-assumptions/AssumptionsForm.tsx';
import type { Learned } from '../../../model/learned.ts';

/** The offer's sentence. Other spending already set: the measured extra goes on top of it. */
export function offerText(extra: Cents, current: Cents): string {
  const target = formatCentsUsd(cents(current + extra));
  return current === 0
    ? `Your check-ins say you spend about ${target} a month more than your lists. Set Other spending to ${target}?`
    : `Your check-ins say you spend about ${formatCentsUsd(extra)} a month more than your plan counts. Set Other spending to ${target} (now ${formatCentsUsd(current)})?`;
}

export function PlanLessons({ learned, onOpen }: { learned: Learned; onOpen(field: FocusField): void }) {
  const layer = useDataLayer();
  const { record } = useSingle('assumptions');
  const { spending, idle } = learned;
  if (spending === null && idle === null) return null;
  const current = wireCents(record?.other_spending) ?? ZERO;
  const setOtherSpending = async () => {
    if (spending === null) return;
    const result = await layer.mutations.saveSingle('assumptions', { other_spending: centsToDollars(cents(current + spending.extra)) });
    if (result.status === 'failed') await notifyError('Saving the assumptions failed', result.message);
  };
  return (
    <Stack gap="sm">
      {spending !== null && (
        <Alert color="blue" variant="light" title="Your check-ins measured your spending" role="region" aria-label="Other spending from your check-ins" data-testid="spending-offer">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{offerText(spending.extra, current)}</Text>
            <Text size="xs" c="dimmed">{`From your check-ins of ${spending.from} to ${spending.to}: your cash came out below the plan by that much a month on average, after what your debts moved.`}</Text>
            <Button size="xs" onClick={() => void setOtherSpending()}>{`Set Other spending to ${formatCentsUsd(cents(current + spending.extra))}`}</Button>
          </Stack>
        </Alert>
      )}
      {idle !== null && (
        <Alert color="yellow" variant="light" title="Idle cash" role="region" aria-label="Idle cash" data-testid="idle-cash" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {`From ${idle.month} your plan keeps ${formatCentsUsd(idle.kept)} of your ${formatCentsUsd(idle.netIncome)} monthly net pay as cash, more than half: if you really spend it, set Other spending; if you save it, invest the surplus in a taxable account.`}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => onOpen('other_spending')}>
                Set Other spending
              </Button>
              <Button size="xs" variant="light" onClick={() => onOpen('surplus_account_id')}>
                Invest the surplus
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
