/**
 * A page's tabs (the dashboard's, analytics'): the scrolling tab row (TabStrip) over one panel, the
 * chosen tab's; the others are not mounted. `panel` draws a tab's content.
 */
import { Tabs } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { TabStrip } from './TabStrip.tsx';

export function PageTabs<T extends string>({
  tabs,
  label,
  tab,
  onChange,
  panel,
  listRef,
}: {
  tabs: readonly { readonly value: T; readonly label: string }[];
  /** The tab list's accessible name. */
  label: string;
  tab: T;
  onChange: (value: string | null) => void;
  panel: (tab: T) => ReactNode;
  listRef?: Ref<HTMLDivElement>;
}) {
  return (
    <Tabs value={tab} onChange={onChange} keepMounted={false} variant="outline">
      <TabStrip ref={listRef} label={label} selected={tab}>
        {tabs.map(({ value, label: text }) => (
          <Tabs.Tab key={value} value={value}>
            {text}
          </Tabs.Tab>
        ))}
      </TabStrip>
      {tabs.map(({ value }) => (
        <Tabs.Panel key={value} value={value} pt="md">
          {value === tab ? panel(value) : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
