/**
 * Whether this browser keeps Runway's data: the mirror holds edits that have not reached the
 * server, and a browser short of space may clear a site's storage unless it was made persistent.
 * `PersistStorageAfterSignIn` asks after a sign-in; `StorageStatus` shows the answer (profile screen).
 */
import { Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useSession } from '../data/bindings/hooks.ts';
import type { StorageStatus as Status } from './controller.ts';
import { usePwa, usePwaController } from './hooks.ts';

export const STORAGE_MESSAGES: Record<Status, string> = {
  persistent: 'Persistent: this browser will not clear Runway’s data on this device, including edits not yet synced.',
  'best-effort': 'Best effort: this browser may clear Runway’s data on this device when space runs low, including edits not yet synced. Installing the app usually lets it keep the data.',
  unsupported: 'This browser cannot promise to keep Runway’s data on this device. Let edits sync before clearing site data.',
  unknown: 'Checking…',
};

/** Asks for persistent storage when a user signs in on this page, or on a page opened signed in if this device never asked. */
export function PersistStorageAfterSignIn() {
  const { isAuthenticated } = useSession();
  const controller = usePwaController();
  const wasSignedIn = useRef<boolean | null>(null);
  useEffect(() => {
    const before = wasSignedIn.current;
    wasSignedIn.current = isAuthenticated;
    if (!isAuthenticated || before === true) return;
    // A sign-in on this page asks; a page opened signed in asks only if this device never did.
    void controller.requestPersistentStorage({ onlyIfNeverAsked: before === null });
  }, [isAuthenticated, controller]);
  return null;
}

export function StorageStatus() {
  const { state, controller } = usePwa();
  const { storage } = state;
  useEffect(() => {
    if (controller.getState().storage === 'unknown') void controller.checkStorage();
  }, [controller]);
  return (
    <Stack gap={4} data-testid="storage-status">
      <Text size="sm" fw={500}>
        Offline storage
      </Text>
      <Text size="sm" c="dimmed">
        {STORAGE_MESSAGES[storage]}
      </Text>
      {storage === 'best-effort' && (
        <Button variant="light" size="xs" onClick={() => void controller.requestPersistentStorage()} loading={state.storageRequesting} style={{ alignSelf: 'flex-start' }}>
          Ask to keep data on this device
        </Button>
      )}
    </Stack>
  );
}
