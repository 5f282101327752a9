import { Title } from '@mantine/core';

export function HousingTab() {
  return <Title order={2}>Housing</Title>;
}
