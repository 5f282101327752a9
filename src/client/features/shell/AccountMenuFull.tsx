/**
 * The Account dropdown (docs/product.md#screens-and-routes): Profile, Change Password, Manage
 * Subscription or Subscribe, Logout when signed in; Login and Sign Up when not. Logout returns to
 * '/', and asks first when edits made on this device have not reached the server. On a phone, where
 * the top bar keeps one row, the menu also carries Install (when the browser offers it) and the
 * scheme switch.
 */
import { Menu } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useDataLayer, useSession } from '../../data/bindings/hooks.ts';
import { usePwa } from '../../pwa/hooks.ts';
import { openPortal } from '../../model/portal.ts';
import { AccountButton } from './AccountMenu.tsx';
import { useColorSchemeSwitch } from './ColorSchemeToggle.tsx';

// The question is rare; its dialog loads when asked.
const UnsyncedLogoutDialog = lazy(() => import('./UnsyncedLogoutDialog.tsx').then((module) => ({ default: module.UnsyncedLogoutDialog })));

/** The menu itself; AccountMenu.tsx loads it on first use. */
export function AccountMenuFull({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const session = useSession();
  const layer = useDataLayer();
  const navigate = useNavigate();
  const [unsynced, setUnsynced] = useState<number | null>(null);
  const pwa = usePwa();
  const scheme = useColorSchemeSwitch();

  const logout = async (force = false) => {
    const result = await layer.logout({ force });
    if (result.status === 'unsynced') {
      setUnsynced(result.count);
      return;
    }
    setUnsynced(null);
    await navigate({ to: '/' });
  };

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={200} defaultOpened={initiallyOpen} withInitialFocusPlaceholder={false} withinPortal={false}>
        <Menu.Target>
          <AccountButton />
        </Menu.Target>
        <Menu.Dropdown>
          {/* What the top bar shows on a wide screen. */}
          {pwa.state.canInstall && (
            <Menu.Item hiddenFrom="xs" onClick={() => void pwa.controller.install()}>
              Install
            </Menu.Item>
          )}
          <Menu.Item hiddenFrom="xs" onClick={scheme.toggle}>
            {scheme.label}
          </Menu.Item>
          <Menu.Divider hiddenFrom="xs" />
          {session.isAuthenticated ? (
            <>
              <Menu.Item component={Link} to="/profile">
                Profile
              </Menu.Item>
              <Menu.Item component={Link} to="/change-password">
                Change Password
              </Menu.Item>
              {session.subscribed ? (
                <Menu.Item onClick={() => void openPortal(layer)}>Manage Subscription</Menu.Item>
              ) : (
                <Menu.Item component={Link} to="/subscribe">
                  Subscribe
                </Menu.Item>
              )}
              <Menu.Divider />
              <Menu.Item onClick={() => void logout()}>Logout</Menu.Item>
            </>
          ) : (
            <>
              <Menu.Item component={Link} to="/login">
                Login
              </Menu.Item>
              <Menu.Item component={Link} to="/signup">
                Sign Up
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {unsynced !== null && (
        <Suspense fallback={null}>
          <UnsyncedLogoutDialog count={unsynced} onStay={() => setUnsynced(null)} onDiscard={() => void logout(true)} />
        </Suspense>
      )}
    </>
  );
}
