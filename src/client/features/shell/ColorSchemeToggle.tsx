import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { applyThemeColor } from '../../pwa/theme-color.ts';
import { useHydrated } from '../../ui/use-hydrated.ts';

/**
 * The scheme shown now, the other one, and the switch to it; Mantine keeps the choice in local
 * storage. A prerendered page was drawn light (the build knows no choice), so its hydration starts
 * light too and the switch shows the choice right after (ui/use-hydrated.ts).
 */
export function useColorSchemeSwitch(): { computed: 'light' | 'dark'; next: 'light' | 'dark'; label: string; toggle: () => void } {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const computed = useHydrated() ? scheme : 'light';
  const next = computed === 'dark' ? 'light' : 'dark';
  return { computed, next, label: `Switch to ${next} mode`, toggle: () => setColorScheme(next) };
}

/**
 * Light/dark switch of the top bar. On a phone it is hidden (the Account menu carries the same
 * switch) but stays mounted: it is what keeps the browser's theme colour in step with the scheme.
 */
export function ColorSchemeToggle({ visibleFrom }: { visibleFrom?: 'xs' }) {
  const { computed, label, toggle } = useColorSchemeSwitch();
  useEffect(() => applyThemeColor(document, computed), [computed]);
  return (
    <ActionIcon variant="default" size="lg" onClick={toggle} aria-label={label} title={label} visibleFrom={visibleFrom}>
      <span aria-hidden="true">{computed === 'dark' ? '☀' : '☾'}</span>
    </ActionIcon>
  );
}
