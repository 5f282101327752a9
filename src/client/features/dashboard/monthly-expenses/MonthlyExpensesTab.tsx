import { Title } from '@mantine/core';

export function MonthlyExpensesTab() {
  return <Title order={2}>Monthly Expenses</Title>;
}
