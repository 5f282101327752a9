import { Title } from '@mantine/core';

export function TermsOfServicePage() {
  return <Title order={1}>Terms of Service</Title>;
}
