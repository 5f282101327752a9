/** The top bar's Install button, shown only where the browser offered installation (beforeinstallprompt). */
import { Button } from '@mantine/core';
import { usePwa } from './hooks.ts';

export function InstallButton() {
  const { state, controller } = usePwa();
  if (!state.canInstall) return null;
  return (
    <Button variant="light" size="sm" px="sm" onClick={() => void controller.install()} title="Install Runway as an app on this device">
      Install
    </Button>
  );
}
