import { Title } from '@mantine/core';

export function ResetPasswordPage({ token }: { token: string }) {
  return <Title order={1}>Reset Password {token ? '' : ''}</Title>;
}
