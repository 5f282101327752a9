import { Title } from '@mantine/core';

export function HomePage() {
  return <Title order={1}>Runway</Title>;
}
