/**
 * A modal holding one record form. While the form is submitting, closing is blocked: the close
 * button, Escape, a click outside and Cancel all do nothing
 * (docs/product.md#states-and-transitions).
 */
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import type { FormValues, RecordForm } from './use-record-form.ts';

export interface FormModalProps {
  opened: boolean;
  onClose(): void;
  title: string;
  submitting: boolean;
  /** The button's text at rest and while submitting ('Creating...', 'Updating...', 'Adding...'). */
  submitLabel: string;
  submittingLabel: string;
  formError: string | null;
  onSubmit(event: FormEvent): void;
  children: ReactNode;
}

/** A hint under its input, so inputs side by side stay level whether or not they have one. */
const DESCRIPTION_BELOW: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

/** An input's hint, placed under it (DESCRIPTION_BELOW): `{...hintBelow('Yearly, 0 to 50')}`. */
export const hintBelow = (description: string) => ({ description, inputWrapperOrder: DESCRIPTION_BELOW });

/**
 * The props a record form's modal takes from the form's state: always open (the tab mounts the
 * form only while it shows), and 'Updating...' or 'Creating...' while submitting. The form adds
 * its title and submit label, and may override the submitting label after the spread.
 */
export function formModalProps(form: Pick<RecordForm<FormValues>, 'submitting' | 'formError' | 'onSubmit'>, onClose: () => void, editing: boolean) {
  return {
    opened: true,
    onClose,
    submitting: form.submitting,
    submittingLabel: editing ? 'Updating...' : 'Creating...',
    formError: form.formError,
    onSubmit: (event: FormEvent) => void form.onSubmit(event),
  } satisfies Partial<FormModalProps>;
}

export function FormModal({ opened, onClose, title, submitting, submitLabel, submittingLabel, formError, onSubmit, children }: FormModalProps) {
  const close = () => {
    if (!submitting) onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} closeOnClickOutside={!submitting} closeOnEscape={!submitting} closeButtonProps={{ 'aria-label': 'Close', disabled: submitting }} size="lg" fullScreen={false}>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="sm">
          {children}
          {formError && (
            <Alert color="red" role="alert" variant="light">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" disabled={submitting} loading={false}>
              {submitting ? submittingLabel : submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
