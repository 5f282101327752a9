import { Title } from '@mantine/core';

export function PrivacyPolicyPage() {
  return <Title order={1}>Privacy Policy</Title>;
}
