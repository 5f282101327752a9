/**
 * Leaving for good (docs/api.md#deleting-an-account): a danger-zone card and a dialog that says
 * what is erased, offers an export first and asks for the password. On the server's 204 this device
 * forgets everything as a sign-out does (the mirror and the queued edits) and goes home with a
 * notice. A wrong password comes back as that field's message; offline the button says it needs a
 * connection.
 */
import { Button, Card, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { validateAccountDeletion, type AccountDeletionInput } from '../../../../shared/validation/accounts.ts';
import { useDataLayer, useOutboxStatus, useSession } from '../../../data/bindings/hooks.ts';
import { notifyNotice } from '../../../ui/notify.ts';
import { firstFieldErrors } from '../../../model/account-calls.ts';
import { FormMessage, PasswordField } from '../../../forms/AuthCard.tsx';
import { useAccountForm } from '../../../forms/use-account-form.ts';
import { ACCOUNT_DELETED, dataCalls, DELETE_FAILED, DELETE_NEEDS_CONNECTION } from './data-calls.ts';
import { ExportButton, ExportOutcomeText, useExportAction } from './ExportAction.tsx';

export const ERASED = [
  'every record: income, housing, debts, expenses, retirement accounts, your plans, assumptions and saved baselines;',
  'every actual balance and check-in;',
  'your subscription, if you have one: it is cancelled and never charged again;',
  'your sign-in on every device, and the copy of your data on this one.',
] as const;

function DeleteDialog({ onClose }: { onClose(): void }) {
  const layer = useDataLayer();
  const session = useSession();
  const { pending } = useOutboxStatus();
  const navigate = useNavigate();
  const exporting = useExportAction();
  const form = useAccountForm({
    initial: { current_password: '' },
    validate: (values) => validateAccountDeletion(values),
    submit: async (value: AccountDeletionInput) => {
      const result = await dataCalls.deleteAccount(layer.transport, value.current_password);
      if (!result.ok) {
        const errors = firstFieldErrors(result);
        return { ok: false, message: errors?.current_password ? null : result.kind === 'http' ? (result.message ?? DELETE_FAILED) : DELETE_FAILED, errors };
      }
      // The account is gone: home first (the profile would flash its sign-in prompt), then this
      // device forgets it as a sign-out does, queued edits included.
      await navigate({ to: '/' });
      await layer.logout({ force: true, sessionEnded: true });
      void notifyNotice(ACCOUNT_DELETED);
      return { ok: true };
    },
  });
  const busy = form.submitting || form.succeeded;
  return (
    <Modal opened onClose={() => !busy && onClose()} title="Delete your account?" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={(event) => void form.onSubmit(event)} noValidate aria-label="Delete my account">
        <Stack gap="sm">
          <Text size="sm">{`This erases the Runway account ${session.email ?? ''} and everything in it:`}</Text>
          <List size="sm" spacing={4} withPadding>
            {ERASED.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          <Text size="sm" fw={700}>
            This cannot be undone.
          </Text>
          {pending > 0 && (
            <Text size="sm" c="orange.8">
              {pending === 1 ? '1 edit on this device has not reached the server yet; it is erased too.' : `${pending} edits on this device have not reached the server yet; they are erased too.`}
            </Text>
          )}
          <Group gap="xs">
            <ExportButton action={exporting} label="Export my data first" variant="light" size="compact-sm" />
          </Group>
          <ExportOutcomeText outcome={exporting.outcome} />
          <FormMessage error={form.formError} />
          <PasswordField label="Current Password" description="To confirm it is you" autoComplete="current-password" {...form.field('current_password')} disabled={busy} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={busy}>
              Delete my account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function DeleteAccount() {
  const { online } = useOutboxStatus();
  const [open, setOpen] = useState(false);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="delete-heading" style={{ borderColor: 'var(--mantine-color-red-filled)' }}>
      <Stack gap="sm">
        <Title order={2} size="h3" id="delete-heading">
          Delete my account
        </Title>
        <Text size="sm">Erase your account and everything in it from Runway. Your subscription, if any, is cancelled. This cannot be undone.</Text>
        <Button color="red" variant="outline" onClick={() => setOpen(true)} disabled={!online}>
          Delete my account…
        </Button>
        {!online && (
          <Text size="sm" c="dimmed" data-testid="delete-offline">
            {DELETE_NEEDS_CONNECTION}
          </Text>
        )}
      </Stack>
      {open && <DeleteDialog onClose={() => setOpen(false)} />}
    </Card>
  );
}
