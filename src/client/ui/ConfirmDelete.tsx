/** The delete confirmation (docs/product.md#screens-and-routes): 'Are you sure you want to delete "{item name}"? …' */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifyError } from './notify.ts';

export interface ConfirmDeleteProps {
  /** The item's name, or null when the dialog is closed. */
  itemName: string | null;
  onCancel(): void;
  onConfirm(): Promise<void> | void;
}

export function ConfirmDelete({ itemName, onCancel, onConfirm }: ConfirmDeleteProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch (error) {
      await notifyError('Delete failed', error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={itemName !== null} onClose={() => !busy && onCancel()} title="Confirm Delete" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>{`Are you sure you want to delete "${itemName ?? ''}"? This action cannot be undone.`}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={busy}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
