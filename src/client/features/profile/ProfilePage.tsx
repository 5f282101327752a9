import { Title } from '@mantine/core';

export function ProfilePage() {
  return <Title order={1}>Profile</Title>;
}
