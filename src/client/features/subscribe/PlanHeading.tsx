/**
 * A plan's title, price and, for the yearly plan, its Most Popular badge and saving: the same on the
 * plans page and on the plan's checkout card, where only the heading's level differs.
 */
import { Badge, Group, Text, Title, type TitleOrder } from '@mantine/core';
import { YEARLY_SAVING, type PlanCopy } from './plans.ts';

export interface PlanHeadingProps {
  plan: PlanCopy;
  /** The yearly plan: the badge and the saving show. */
  popular: boolean;
  order: TitleOrder;
  size: 'h2' | 'h3';
  /** The heading's id, where the card is labelled by it. */
  id?: string | undefined;
  savingTestId?: string | undefined;
}

export function PlanHeading({ plan, popular, order, size, id, savingTestId }: PlanHeadingProps) {
  return (
    <>
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Title order={order} size={size} id={id}>
          {plan.title}
        </Title>
        {popular && (
          <Badge color="teal" variant="filled">
            Most Popular
          </Badge>
        )}
      </Group>
      <Text fz={28} fw={700} lh={1.2}>
        {plan.price}
      </Text>
      {popular && (
        <Text fw={700} data-testid={savingTestId}>
          {YEARLY_SAVING}
        </Text>
      )}
    </>
  );
}
