/**
 * A page's tab list as the pages persist it: which values are its tabs, and the tab it opens with,
 * the one stored under its documented local-storage key (docs/product.md#screens-and-routes) or
 * else its first.
 */
export function tabList<T extends string>(tabs: readonly { readonly value: T }[], storageKey: string) {
  const first = tabs[0]!.value;
  const isTab = (value: unknown): value is T => tabs.some((tab) => tab.value === value);
  const storedTab = (): T => {
    const stored = window.localStorage.getItem(storageKey);
    return isTab(stored) ? stored : first;
  };
  return { isTab, storedTab };
}
