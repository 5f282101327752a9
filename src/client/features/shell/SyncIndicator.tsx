/**
 * The sync state in the top bar: online or offline, how many edits wait for the server, and the
 * edits the server refused (each with its error, dismissable once read) or that overwrote a change
 * made elsewhere. Nothing a user typed disappears without them seeing why.
 */
import { Badge, Button, Divider, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useConflicts, useDataLayer, useOutboxStatus } from '../../data/bindings/hooks.ts';

export function SyncIndicator() {
  const layer = useDataLayer();
  const outbox = useOutboxStatus();
  const conflicts = useConflicts();
  const problems = outbox.failed.length + conflicts.length;
  let label: string;
  let color: string;
  if (!outbox.online) {
    label = outbox.pending > 0 ? `Offline · ${outbox.pending} pending` : 'Offline';
    color = 'gray';
  } else if (problems > 0) {
    label = `${problems} not synced`;
    color = 'red';
  } else if (outbox.pending > 0) {
    label = `Syncing ${outbox.pending}`;
    color = 'yellow';
  } else {
    label = 'Synced';
    color = 'teal';
  }
  return (
    <Popover width={320} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <UnstyledButton aria-label={`Sync status: ${label}`} data-testid="sync-indicator">
          <Badge color={color} variant="filled" tt="none" style={{ cursor: 'pointer' }}>
            {label}
          </Badge>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {outbox.online ? 'Online' : 'Offline: edits are saved on this device and sent when you reconnect.'}
          </Text>
          <Text size="sm">{outbox.pending === 1 ? '1 edit waiting to sync' : `${outbox.pending} edits waiting to sync`}</Text>
          {outbox.hold?.reason === 'signed-out' && <Text size="sm">Sign in again to send them.</Text>}
          {outbox.failed.map((entry) => (
            <Stack key={entry.uuid} gap={4}>
              <Divider />
              <Text size="sm" c="red">
                {entry.error ?? 'The server refused this change.'}
              </Text>
              <Group justify="flex-end">
                <Button size="compact-xs" variant="default" onClick={() => void layer.dismissFailed(entry.uuid)}>
                  Dismiss
                </Button>
              </Group>
            </Stack>
          ))}
          {conflicts.map((conflict) => (
            <Stack key={conflict.id} gap={4}>
              <Divider />
              <Text size="sm">{`Your edit of ${conflict.field.replace(/_/g, ' ')} replaced "${String(conflict.overwritten ?? '')}", set on another device.`}</Text>
              <Group justify="flex-end">
                <Button size="compact-xs" variant="default" onClick={() => conflict.id !== undefined && void layer.dismissConflict(conflict.id)}>
                  Dismiss
                </Button>
              </Group>
            </Stack>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
