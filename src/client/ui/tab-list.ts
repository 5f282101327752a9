/**
 * A page's tab list as the pages persist it: which values are its tabs, the tab it opens with (the
 * one stored under its documented local-storage key, docs/product.md#screens-and-routes, or else
 * its first), and the hook that holds the chosen tab and stores each choice.
 */
import { useCallback, useState } from 'react';

export function tabList<T extends string>(tabs: readonly { readonly value: T }[], storageKey: string) {
  const first = tabs[0]!.value;
  const isTab = (value: unknown): value is T => tabs.some((tab) => tab.value === value);
  const storedTab = (): T => {
    const stored = window.localStorage.getItem(storageKey);
    return isTab(stored) ? stored : first;
  };
  /** The chosen tab, and `choose`: a tab chosen is stored, so a reload opens on it; any other value is ignored. */
  const useTab = (): [T, (value: string | null) => void] => {
    const [tab, setTab] = useState<T>(storedTab);
    const choose = useCallback((value: string | null) => {
      if (!isTab(value)) return;
      window.localStorage.setItem(storageKey, value);
      setTab(value);
    }, []);
    return [tab, choose];
  };
  return { storedTab, useTab };
}
