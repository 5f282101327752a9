/**
 * The top bar's Install button, shown only where the browser offered installation
 * (beforeinstallprompt). On a phone the Account menu offers it instead, so the bar keeps one row.
 */
import { Button } from '@mantine/core';
import { usePwaController, usePwaValue } from './hooks.ts';

export function InstallButton({ visibleFrom }: { visibleFrom?: 'xs' }) {
  const controller = usePwaController();
  const canInstall = usePwaValue((state) => state.canInstall);
  if (!canInstall) return null;
  return (
    <Button variant="light" size="sm" px="sm" onClick={() => void controller.install()} title="Install Runway as an app on this device" visibleFrom={visibleFrom}>
      Install
    </Button>
  );
}
