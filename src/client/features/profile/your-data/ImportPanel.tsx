/**
 * Bringing data back: a Runway export file, checked on the device, then sent in one request that
 * the server applies whole or not at all. Replace (the default) asks first and names what goes;
 * merge adds the file beside what is there. Live updates bring the result to every open device,
 * this one included; without a live channel this device pulls instead.
 */
import { Alert, Button, FileInput, List, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { validateImport, type ImportMode } from '../../../../shared/validation/import.ts';
import type { ApiResult } from '../../../data/api.ts';
import { exportFromMirror } from '../../../data/mirror/export-from-mirror.ts';
import { useDataLayer, useOutboxStatus } from '../../../data/bindings/hooks.ts';
import { useClock, useValidationContext } from '../../../ui/clock.tsx';
import { countsOf, countsOfAnswer, countsText, NO_COUNTS, type Counts } from './counts.ts';
import { dataCalls, IMPORT_FAILED, IMPORT_NEEDS_CONNECTION, importAnswer, type ImportAnswer } from './data-calls.ts';
import { problemOf, readImportFile, type FileProblem, type ReadResult } from './import-file.ts';
import { ImportConfirm, MergeConfirm } from './ImportConfirm.tsx';
import { lookAlikeCount, lookAlikes, withoutLookAlikes, type LookAlikes } from './look-alikes.ts';

/** How many of a file's errors are listed; the rest are counted. */
const ERRORS_SHOWN = 8;

export const IMPORT_TIMED_OUT = 'The server did not answer in time. The import may still have been applied: press Import again to find out. The same file is never applied twice.';
export const IMPORT_OFFLINE = 'No connection: nothing was imported. Try again when you are online.';

type Outcome = { ok: true; answer: ImportAnswer; fileName: string } | { ok: false; problem: FileProblem };

function failure(result: Extract<ApiResult, { ok: false }>): FileProblem {
  if (result.kind === 'network') return { message: result.timedOut ? IMPORT_TIMED_OUT : IMPORT_OFFLINE, errors: null };
  if (result.status === 422 && result.errors) return problemOf(result.errors);
  return { message: result.message ?? IMPORT_FAILED, errors: null };
}

/** A file's or the server's refusal: the sentence, then each error at its place in the file. */
export function ProblemAlert({ problem, title }: { problem: FileProblem; title: string }) {
  const listed = Object.entries(problem.errors ?? {}).flatMap(([path, messages]) => messages.map((message) => `${path}: ${message}`));
  const onlyHeader = listed.length <= 1;
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap={4}>
        <Text size="sm">{problem.message}</Text>
        {!onlyHeader && (
          <List size="sm" spacing={2} data-testid="import-errors">
            {listed.slice(0, ERRORS_SHOWN).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
            {listed.length > ERRORS_SHOWN && <List.Item>{`…and ${listed.length - ERRORS_SHOWN} more`}</List.Item>}
          </List>
        )}
      </Stack>
    </Alert>
  );
}

function ImportResult({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  if (!outcome.ok) return <ProblemAlert problem={outcome.problem} title="Nothing was imported" />;
  const { answer, fileName } = outcome;
  const deleted = countsOfAnswer(answer.deleted);
  return (
    <Alert color="teal" variant="light" role="status" title={`Imported ${fileName}`} data-testid="import-result">
      <Text size="sm">{`Added: ${countsText(countsOfAnswer(answer.created))}.`}</Text>
      {answer.mode === 'replace' && <Text size="sm">{`Replaced: ${countsText(deleted)}.`}</Text>}
    </Alert>
  );
}

export function ImportPanel() {
  const layer = useDataLayer();
  const clock = useClock();
  const ctx = useValidationContext();
  const { online } = useOutboxStatus();
  const [file, setFile] = useState<File | null>(null);
  const [read, setRead] = useState<ReadResult | null>(null);
  const [mode, setMode] = useState<ImportMode>('replace');
  const [confirm, setConfirm] = useState<{ now: Counts; actualsKnown: boolean } | null>(null);
  const [merging, setMerging] = useState<LookAlikes | null>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setRead(null);
    setOutcome(null);
    if (chosen) setRead(await readImportFile(chosen, ctx));
  };

  /** Sends the file (or, skipping look-alikes, the file without them, under its own key). */
  const send = async (skipping: LookAlikes | null = null) => {
    if (!read?.ok || sending) return;
    setSending(true);
    try {
      // Edits still queued here reach the server first, so a replace does not meet them afterwards.
      await layer.flush();
      const document = skipping === null ? read.file.raw : withoutLookAlikes(read.file.raw, skipping);
      const result = await dataCalls.importDocument(layer.transport, mode, document, skipping === null ? read.file.keys[mode] : read.file.skipKey);
      const answer = result.ok ? importAnswer(result.data) : null;
      if (answer) {
        setOutcome({ ok: true, answer, fileName: read.file.name });
        // The server sends every change live; a device without its live channel pulls them instead.
        if (layer.getState().channel.state !== 'connected') void layer.refresh();
      } else setOutcome({ ok: false, problem: result.ok ? { message: IMPORT_FAILED, errors: null } : failure(result) });
    } finally {
      setSending(false);
      setConfirm(null);
      setMerging(null);
    }
  };

  const start = async () => {
    if (!read?.ok) return;
    const made = await exportFromMirror(layer.db, { exportedAt: clock().toISOString(), session: layer.getSession() });
    if (mode === 'merge') {
      // Records the account already holds are counted before anything is written, and may be skipped.
      const mine = made ? validateImport(JSON.parse(JSON.stringify(made.document)) as unknown, ctx) : null;
      const alike = mine?.ok ? lookAlikes(read.file.document, mine.value) : {};
      if (lookAlikeCount(alike) === 0) return send();
      setMerging(alike);
      return;
    }
    setConfirm({ now: made ? countsOf(made.document) : NO_COUNTS, actualsKnown: made?.actualsKnown ?? false });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="import-heading">
      <Title order={3} size="h4" id="import-heading">
        Import
      </Title>
      <Text size="sm">Bring back a file made by Export. It is checked first: if any record in it is wrong, nothing is imported.</Text>
      <FileInput
        label="Export file (JSON)"
        placeholder="Choose a file"
        accept="application/json,.json"
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
        value={file}
        onChange={(chosen) => void choose(chosen)}
        // Mantine's placeholder grey reads under 4.5:1, and this one is text, not an input's placeholder.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
      />
      {read && !read.ok && <ProblemAlert problem={read.problem} title="This file cannot be imported" />}
      {read?.ok && (
        <Text size="sm" c="dimmed" data-testid="import-file-holds">
          {`The file holds: ${countsText(countsOf(read.file.document))}.`}
        </Text>
      )}
      <Radio.Group label="How to import" value={mode} onChange={(value) => setMode(value === 'merge' ? 'merge' : 'replace')}>
        <Stack gap={8} mt={6}>
          <Radio value="replace" label="Replace my data" description="Everything in your account now is deleted, then the file's data is written." />
          <Radio value="merge" label="Add to my data" description="The file's records are added beside yours; its housing and plans take the place of yours." />
        </Stack>
      </Radio.Group>
      <Button onClick={() => void start()} disabled={!online || !read?.ok} loading={sending && !confirm && !merging}>
        Import
      </Button>
      {!online && (
        <Text size="sm" c="dimmed" data-testid="import-offline">
          {IMPORT_NEEDS_CONNECTION}
        </Text>
      )}
      <ImportResult outcome={outcome} />
      {confirm && read?.ok && (
        <ImportConfirm
          fileName={read.file.name}
          now={confirm.now}
          actualsKnown={confirm.actualsKnown}
          inFile={countsOf(read.file.document)}
          sending={sending}
          onCancel={() => setConfirm(null)}
          onConfirm={() => void send()}
        />
      )}
      {merging && read?.ok && (
        <MergeConfirm fileName={read.file.name} alike={merging} sending={sending} onCancel={() => setMerging(null)} onSkip={() => void send(merging)} onAddAll={() => void send()} />
      )}
    </Stack>
  );
}
