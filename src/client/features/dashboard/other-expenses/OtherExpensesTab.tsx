import { Title } from '@mantine/core';

export function OtherExpensesTab() {
  return <Title order={2}>One-Time Expenses</Title>;
}
