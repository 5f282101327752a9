import { Title } from '@mantine/core';

export function SignupPage() {
  return <Title order={1}>Sign Up</Title>;
}
