import { Title } from '@mantine/core';

export function RetirementPlanTab() {
  return <Title order={2}>Retirement Plan</Title>;
}
