// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PageTabs } from './PageTabs.tsx';
import { tabList } from './tab-list.ts';

const TABS = [
  { value: 'first', label: 'First' },
  { value: 'second', label: 'Second' },
  { value: 'third', label: 'Third' },
] as const;
const KEY = 'runway:test-tab';
const list = tabList(TABS, KEY);
const mounted: string[] = [];

function Page() {
  const [tab, choose] = list.useTab();
  return (
    <PageTabs
      tabs={TABS}
      label="Sections"
      tab={tab}
      onChange={choose}
      panel={(value) => {
        mounted.push(value);
        return <p>{`Content of ${value}`}</p>;
      }}
    />
  );
}

const renderPage = () =>
  render(
    <MantineProvider>
      <Page />
    </MantineProvider>,
  );

beforeEach(() => {
  window.localStorage.clear();
  mounted.length = 0;
});

describe('PageTabs with a stored tab list', () => {
  it('opens on the first tab and draws only its panel', () => {
    renderPage();
    screen.getByRole('tab', { name: 'First', selected: true });
    screen.getByText('Content of first');
    expect(screen.queryByText('Content of second')).toBeNull();
    expect(new Set(mounted)).toEqual(new Set(['first']));
  });

  it('stores a choice, so the next visit opens on it', () => {
    const { unmount } = renderPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Third' }));
    screen.getByText('Content of third');
    expect(screen.queryByText('Content of first')).toBeNull();
    expect(window.localStorage.getItem(KEY)).toBe('third');
    unmount();

    renderPage();
    screen.getByRole('tab', { name: 'Third', selected: true });
  });

  it('ignores a stored value that is not one of its tabs', () => {
    window.localStorage.setItem(KEY, 'gone');
    renderPage();
    screen.getByRole('tab', { name: 'First', selected: true });
    expect(list.storedTab()).toBe('first');
  });
});
