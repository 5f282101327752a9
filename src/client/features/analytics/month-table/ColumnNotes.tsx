/** What the table's optional figures are (month-columns.ts), said above it while they show. */
import { Stack, Text } from '@mantine/core';

export function ColumnNotes({ headers, notes }: { headers: readonly string[]; notes: Readonly<Partial<Record<string, string>>> }) {
  const shown = headers.flatMap((header) => notes[header] ?? []);
  if (shown.length === 0) return null;
  return (
    <Stack gap={2} data-testid="column-notes">
      {shown.map((note) => (
        <Text key={note} size="xs" c="dimmed">
          {note}
        </Text>
      ))}
    </Stack>
  );
}
