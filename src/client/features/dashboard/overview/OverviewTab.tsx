import { Title } from '@mantine/core';
import type { DashboardTab } from '../tabs.ts';

export function OverviewTab({ onNavigate: _onNavigate }: { onNavigate(tab: DashboardTab): void }) {
  return <Title order={2}>Overview</Title>;
}
