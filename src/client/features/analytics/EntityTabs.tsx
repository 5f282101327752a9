/**
 * The sub-tabs of Debt Progress and the two retirement tabs: the total ('All Debts', 'All
 * Accounts') and one per debt or account, by id (two debts may share a name). Only the chosen
 * view is mounted.
 */
import { Tabs } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { TabStrip } from '../../ui/TabStrip.tsx';

const ALL = 'all';

export function EntityTabs<Entity extends { readonly id: number; readonly name: string }>({
  label,
  allLabel,
  entities,
  render,
}: {
  /** The tab list's accessible name ('Debts', 'Retirement accounts'). */
  label: string;
  allLabel: string;
  entities: readonly Entity[];
  /** The view of one entity, or of the total (null). */
  render(entity: Entity | null, name: string): ReactNode;
}) {
  const [chosen, setChosen] = useState<string>(ALL);
  const current = entities.find((entity) => String(entity.id) === chosen) ?? null;
  const value = current ? chosen : ALL;
  return (
    <Tabs value={value} onChange={(next) => setChosen(next ?? ALL)} variant="pills" keepMounted={false}>
      <TabStrip label={label} selected={value}>
        <Tabs.Tab value={ALL}>{allLabel}</Tabs.Tab>
        {entities.map((entity) => (
          <Tabs.Tab key={entity.id} value={String(entity.id)}>
            {entity.name}
          </Tabs.Tab>
        ))}
      </TabStrip>
      <Tabs.Panel value={ALL} pt="md">
        {value === ALL && render(null, allLabel)}
      </Tabs.Panel>
      {entities.map((entity) => (
        <Tabs.Panel key={entity.id} value={String(entity.id)} pt="md">
          {value === String(entity.id) && render(entity, entity.name)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
