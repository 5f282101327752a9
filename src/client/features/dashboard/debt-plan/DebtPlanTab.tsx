import { Title } from '@mantine/core';

export function DebtPlanTab() {
  return <Title order={2}>Debt Plan</Title>;
}
