/**
 * A modal holding one record form. While the form is submitting, closing is blocked: the close
 * button, Escape, a click outside and Cancel all do nothing (spec section 4).
 */
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

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
