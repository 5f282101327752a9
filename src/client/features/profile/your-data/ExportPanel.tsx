/**
 * Taking the data out: the whole account as one JSON file (the file Import reads), and any one
 * table as a spreadsheet, from a single menu rather than a button per table. Both work offline.
 */
import { Button, Flex, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { MonthsName } from '../../../../shared/resources.ts';
import { useDataLayer, useMirrorQuery } from '../../../data/bindings/hooks.ts';
import { localDate, useClock } from '../../../ui/clock.tsx';
import { CSV_TABLES, csvFromMirror, type CsvTableId } from './csv-tables.ts';
import { saveFile } from './download.ts';
import { ExportButton, ExportOutcomeText, useExportAction } from './ExportAction.tsx';

/** The month tables the mirror holds (a subscriber's): the others cannot be downloaded. */
function useHeldMonthTables(): ReadonlySet<string> {
  const names = useMirrorQuery((db) => db.months.toCollection().primaryKeys(), []).value;
  return new Set<string>((names ?? []) as MonthsName[]);
}

function CsvDownload() {
  const { db } = useDataLayer();
  const clock = useClock();
  const held = useHeldMonthTables();
  const [table, setTable] = useState<CsvTableId>('incomes');
  const [message, setMessage] = useState<string | null>(null);
  const data = (['Records', 'Month tables'] as const).map((group) => ({
    group,
    items: CSV_TABLES.filter((t) => t.group === group).map((t) => {
      const missing = group === 'Month tables' && !held.has(t.id);
      return { value: t.id, label: missing ? `${t.label} (with a subscription)` : t.label, disabled: missing };
    }),
  }));
  const download = async () => {
    const file = await csvFromMirror(db, table, localDate(clock()));
    if (!file) {
      setMessage('This table is not on this device yet.');
      return;
    }
    saveFile(file.fileName, file.text, 'text/csv');
    setMessage(`Saved ${file.fileName}.`);
  };
  return (
    <Stack gap={6}>
      <Flex gap="xs" direction={{ base: 'column', xs: 'row' }} align={{ base: 'stretch', xs: 'flex-end' }}>
        <NativeSelect
          label="Spreadsheet (CSV)"
          data={data}
          value={table}
          onChange={(event) => {
            setTable(event.currentTarget.value as CsvTableId);
            setMessage(null);
          }}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button variant="default" onClick={() => void download()}>
          Download CSV
        </Button>
      </Flex>
      <Text size="xs" c="dimmed">
        Records with their exact amounts; month tables in whole dollars, as Analytics shows them (the file name says so).
      </Text>
      {message && (
        <Text size="sm" role="status">
          {message}
        </Text>
      )}
    </Stack>
  );
}

export function ExportPanel() {
  const exporting = useExportAction();
  return (
    <Stack gap="sm" component="section" aria-labelledby="export-heading">
      <Title order={3} size="h4" id="export-heading">
        Export
      </Title>
      <Text size="sm">Every record, plan and actual balance in one JSON file: a backup you can import again, here or in another account.</Text>
      <ExportButton action={exporting} label="Export (JSON)" />
      <ExportOutcomeText outcome={exporting.outcome} />
      <CsvDownload />
    </Stack>
  );
}
