/** What the table's optional figures are (month-columns.ts COLUMN_NOTES), said above it while they show. */
import { Stack, Text } from '@mantine/core';
import { COLUMN_NOTES } from '../month-columns.ts';

export function ColumnNotes({ headers }: { headers: readonly string[] }) {
  const notes = headers.flatMap((header) => COLUMN_NOTES[header as keyof typeof COLUMN_NOTES] ?? []);
  if (notes.length === 0) return null;
  return (
    <Stack gap={2} data-testid="column-notes">
      {notes.map((note) => (
        <Text key={note} size="xs" c="dimmed">
          {note}
        </Text>
      ))}
    </Stack>
  );
}
