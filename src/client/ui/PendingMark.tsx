/** The mark on a record whose edit the server has not confirmed yet. */
import { Badge } from '@mantine/core';

export function PendingMark({ pending }: { pending: boolean }) {
  if (!pending) return null;
  return (
    <Badge size="xs" color="yellow" variant="light" tt="none" ml={6} title="Saved on this device; waiting to reach the server">
      pending sync
    </Badge>
  );
}
