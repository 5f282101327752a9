/** Edit and delete buttons of a table row, labelled with the row's name for screen readers. */
import { Button, Group } from '@mantine/core';

export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit(): void; onDelete(): void }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="compact-sm" variant="light" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      <Button size="compact-sm" variant="light" color="red" onClick={onDelete} aria-label={`Delete ${name}`}>
        Delete
      </Button>
    </Group>
  );
}
