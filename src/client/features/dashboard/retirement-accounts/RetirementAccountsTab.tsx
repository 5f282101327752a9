import { Title } from '@mantine/core';

export function RetirementAccountsTab() {
  return <Title order={2}>Retirement Accounts</Title>;
}
