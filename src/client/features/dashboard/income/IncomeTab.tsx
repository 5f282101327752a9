import { Title } from '@mantine/core';

export function IncomeTab() {
  return <Title order={2}>Income</Title>;
}
