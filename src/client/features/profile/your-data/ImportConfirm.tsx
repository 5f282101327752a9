/**
 * Asked before a replace: what the account holds now (the mirror's counts) and what the file
 * holds, kind by kind, since everything in the first column is deleted. It offers to export first.
 */
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { COUNT_KEYS, COUNT_LABELS, type Counts } from './counts.ts';
import { ExportButton, ExportOutcomeText, useExportAction } from './ExportAction.tsx';
import { lookAlikeCount, type LookAlikes } from './look-alikes.ts';

export interface ImportConfirmProps {
  fileName: string;
  /** The account's counts, as this device knows them; `actualsKnown` false when it holds no month tables. */
  now: Counts;
  actualsKnown: boolean;
  inFile: Counts;
  sending: boolean;
  onCancel(): void;
  onConfirm(): void;
}

export function ImportConfirm({ fileName, now, actualsKnown, inFile, sending, onCancel, onConfirm }: ImportConfirmProps) {
  const exporting = useExportAction();
  const keys = COUNT_KEYS.filter((key) => now[key] > 0 || inFile[key] > 0 || key === 'actuals');
  const nowText = (key: (typeof COUNT_KEYS)[number]) => (key === 'actuals' && !actualsKnown ? '—' : String(now[key]));
  return (
    <Modal opened onClose={() => !sending && onCancel()} title="Replace your data?" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <Text size="sm">
          {`Importing ${fileName} deletes everything your account holds now (the Now column) and writes what the file holds in its place. This cannot be undone.`}
        </Text>
        <Table withTableBorder striped fz="sm" verticalSpacing={6} aria-label="What is replaced">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Kind</Table.Th>
              <Table.Th scope="col" ta="right">
                Now
              </Table.Th>
              <Table.Th scope="col" ta="right" style={{ whiteSpace: 'nowrap' }}>
                In file
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.map((key) => (
              <Table.Tr key={key}>
                <Table.Th scope="row" fw={400}>
                  {COUNT_LABELS[key]}
                </Table.Th>
                <Table.Td ta="right">{nowText(key)}</Table.Td>
                <Table.Td ta="right">{inFile[key]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {!actualsKnown && (
          <Text size="xs" c="dimmed">
            This device keeps actual balances only with a subscription, so it cannot count yours; any you have are replaced too.
          </Text>
        )}
        <Group gap="xs">
          <ExportButton action={exporting} label="Export my data first" variant="light" size="compact-sm" />
        </Group>
        <ExportOutcomeText outcome={exporting.outcome} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={sending}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={sending}>
            Replace my data
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export interface MergeConfirmProps {
  fileName: string;
  alike: LookAlikes;
  sending: boolean;
  onCancel(): void;
  onSkip(): void;
  onAddAll(): void;
}

/**
 * Asked before a merge whose file holds records that look the same as the account's (same kind,
 * same fields): how many, kind by kind, and whether to skip them or add them all.
 */
export function MergeConfirm({ fileName, alike, sending, onCancel, onSkip, onAddAll }: MergeConfirmProps) {
  const kinds = COUNT_KEYS.flatMap((key) => {
    const ids = alike[key as keyof LookAlikes];
    return ids && ids.size > 0 ? [`${COUNT_LABELS[key]} ${ids.size}`] : [];
  });
  return (
    <Modal opened onClose={() => !sending && onCancel()} title="Some records are already here" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <Text size="sm" data-testid="merge-look-alikes">
          {`${lookAlikeCount(alike)} of the records in ${fileName} look the same as ones you already have (same kind, same fields): ${kinds.join(', ')}. Adding them would list each twice.`}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={sending}>
            Cancel
          </Button>
          <Button variant="light" onClick={onAddAll} disabled={sending}>
            Add them all
          </Button>
          <Button onClick={onSkip} loading={sending}>
            Skip the ones already here
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
