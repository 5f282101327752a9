/** Asked before a logout would discard edits that have not reached the server (docs/sync.md#sign-out). */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export function UnsyncedLogoutDialog({ count, onStay, onDiscard }: { count: number; onStay(): void; onDiscard(): void }) {
  return (
    <Modal opened onClose={onStay} title="Edits not yet synced">
      <Stack>
        <Text>{count === 1 ? '1 edit made on this device has' : `${count} edits made on this device have`} not reached the server yet. Logging out now discards them.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onStay}>
            Stay logged in
          </Button>
          <Button color="red" onClick={onDiscard}>
            Log out and discard
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
