/**
 * The installable app's notices, at the bottom of every screen: the update prompt when a new
 * version waits, the one-time "ready to work offline" notice, and on iOS Safari (which has no
 * install prompt) how to add Runway to the home screen.
 */
import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePwa, usePwaValue } from './hooks.ts';
import classes from './PwaNotices.module.css';

export const UPDATE_AVAILABLE = 'A new version is available.';
export const OFFLINE_READY = 'Runway is ready to work offline.';
export const IOS_INSTALL_HINT = 'Install Runway: tap the Share button, then “Add to Home Screen”.';

function Notice({ label, children, onClose, closeLabel }: { label: string; children: ReactNode; onClose: () => void; closeLabel: string }) {
  return (
    <Paper role="status" aria-label={label} withBorder shadow="md" radius="md" p="sm">
      <Group justify="space-between" align="center" gap="xs" wrap="nowrap">
        {children}
        <CloseButton onClick={onClose} aria-label={closeLabel} title={closeLabel} />
      </Group>
    </Paper>
  );
}

export function PwaNotices() {
  // Most of the time there is none: the notices' state is read only when one shows.
  const any = usePwaValue((state) => state.updateReady || state.offlineReady || state.iosInstallHint);
  return any ? <Notices /> : null;
}

function Notices() {
  const { state, controller } = usePwa();
  return (
    <div className={classes.stack}>
      {state.updateReady && (
        <Notice label="Update available" onClose={() => controller.dismissUpdate()} closeLabel="Later">
          <Text size="sm" fw={500}>
            {UPDATE_AVAILABLE}
          </Text>
          <Button size="xs" onClick={() => controller.applyUpdate()} loading={state.updating} ml="auto">
            Reload
          </Button>
        </Notice>
      )}
      {state.offlineReady && (
        <Notice label="Ready offline" onClose={() => controller.dismissOfflineReady()} closeLabel="Dismiss">
          <Text size="sm">{OFFLINE_READY}</Text>
        </Notice>
      )}
      {state.iosInstallHint && (
        <Notice label="How to install" onClose={() => controller.dismissIosInstallHint()} closeLabel="Not now">
          <Text size="sm">{IOS_INSTALL_HINT}</Text>
        </Notice>
      )}
    </div>
  );
}
