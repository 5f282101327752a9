/**
 * The JSON export as a button's action, shared by the Export panel and the two dialogs that offer
 * "Export my data first": its busy state and what the last run said.
 */
import { Alert, Button, Text, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { useDataLayer } from '../../../data/bindings/hooks.ts';
import { useClock } from '../../../ui/clock.tsx';
import { EXPORT_FAILED } from './data-calls.ts';
import { exportJson, type ExportOutcome } from './export-json.ts';

export interface ExportAction {
  busy: boolean;
  outcome: ExportOutcome | null;
  run(): Promise<void>;
}

export function useExportAction(): ExportAction {
  const layer = useDataLayer();
  const clock = useClock();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ExportOutcome | null>(null);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await exportJson(layer, clock()));
    } catch (error) {
      console.error('The export failed', error);
      setOutcome({ ok: false, message: EXPORT_FAILED });
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, run };
}

/** What the last export did: where the file came from, or why there is none. */
export function ExportOutcomeText({ outcome }: { outcome: ExportOutcome | null }) {
  if (!outcome) return null;
  if (!outcome.ok) {
    return (
      <Alert color="red" variant="light" role="alert">
        {outcome.message}
      </Alert>
    );
  }
  const from = outcome.source === 'server' ? 'from the server' : "from this device's copy (offline)";
  return (
    <Text size="sm" role="status" data-testid="export-outcome">
      {`Saved ${outcome.fileName}, ${from}.`}
      {!outcome.actualsKnown && ' It has no actual balances: this device keeps them only with a subscription.'}
    </Text>
  );
}

/** The export's button, under the words a place needs ("Export (JSON)", "Export my data first"). */
export function ExportButton({ action, label, ...props }: { action: ExportAction; label: string } & Omit<ButtonProps, 'onClick' | 'loading' | 'children'>) {
  return (
    <Button {...props} onClick={() => void action.run()} loading={action.busy}>
      {label}
    </Button>
  );
}
