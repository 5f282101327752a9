import { Title } from '@mantine/core';

export function ChangePasswordPage() {
  return <Title order={1}>Change Password</Title>;
}
