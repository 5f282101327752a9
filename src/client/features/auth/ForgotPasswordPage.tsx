import { Title } from '@mantine/core';

export function ForgotPasswordPage() {
  return <Title order={1}>Forgot Password</Title>;
}
