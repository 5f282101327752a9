// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createPwaController } from '../../pwa/controller.ts';
import { PwaProvider } from '../../pwa/hooks.ts';
import { renderRoutes } from '../../test-support/routes.testing.tsx';
import { AccountMenuFull } from './AccountMenuFull.tsx';

/** The open Account menu at /dashboard, with the page's PWA controller. */
function openMenu() {
  const controller = createPwaController();
  const routed = renderRoutes('/dashboard', {
    '/dashboard': () => (
      <PwaProvider controller={controller}>
        <AccountMenuFull initiallyOpen />
      </PwaProvider>
    ),
  });
  return { controller, ...routed };
}

// jsdom runs the dropdown's transitions without layout and may hide it again meanwhile: the items
// are read whether or not the dropdown is displayed at that instant.
const itemNames = () => screen.getAllByRole('menuitem', { hidden: true }).map((item) => item.textContent);

describe('Account menu', () => {
  it("carries the phone's scheme switch (hidden from 36em up, where the top bar has its own) before the account items", async () => {
    openMenu();
    await waitFor(() => expect(itemNames()).toEqual(['Switch to dark mode', 'Profile', 'Change Password', 'Subscribe', 'Logout']));
    const item = screen.getByRole('menuitem', { name: 'Switch to dark mode', hidden: true });
    expect(item.className).toContain('mantine-hidden-from-xs');
    fireEvent.click(item);
    await waitFor(() => expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark'));
  });

  it("offers Install once the browser does, and opens the browser's prompt", async () => {
    const { controller } = openMenu();
    await waitFor(() => expect(screen.getAllByRole('menuitem', { hidden: true }).length).toBeGreaterThan(0));
    expect(screen.queryByRole('menuitem', { name: 'Install', hidden: true })).toBeNull();
    const prompt = vi.fn(async () => {});
    act(() => controller.installOffered({ prompt, userChoice: Promise.resolve({ outcome: 'accepted' }) }));
    const install = await screen.findByRole('menuitem', { name: 'Install', hidden: true });
    expect(install.className).toContain('mantine-hidden-from-xs');
    fireEvent.click(install);
    expect(prompt).toHaveBeenCalledTimes(1);
  });
});
