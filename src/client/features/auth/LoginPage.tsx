import { Title } from '@mantine/core';

export function LoginPage() {
  return <Title order={1}>Login</Title>;
}
