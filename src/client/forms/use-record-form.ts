/**
 * The behaviour every modal form shares (docs/product.md#states-and-transitions): values as typed,
 * the shared rules' first message per field, an edit clears that field's error, submission is
 * blocked while errors exist, and the server's refusal shows in the form while the modal stays
 * open.
 *
 * Offline the mutation answers `queued` at once: the form closes and the record shows as pending.
 *
 * A retry after a failed create must not make a second record: a collection form keeps its create's
 * Idempotency-Key and what it sent (save-record.ts). Every other save is idempotent (a PUT, or a
 * single record's POST, which replaces it) and goes under a new key: a retry applies the values in
 * the form, changed or not.
 */
import { useCallback, useState, type FormEvent } from 'react';
import type { MutationResult } from '../data/outbox/mutations.ts';
import { fieldBinder, messagesOf, type FieldBinder } from './bind-field.ts';
import { firstErrors } from '../../shared/validation/kit.ts';
import { useRuleForm } from './use-rule-form.ts';
import type { Validation } from '../../shared/validation/kit.ts';

export const FIX_ERRORS = 'Please fix the errors above';

export type FormValues = Record<string, string | boolean>;

export interface RecordFormOptions<V extends FormValues, T> {
  initial: V;
  validate(values: V): Validation<T>;
  /** Sends the validated value; the mutation's answer decides what the form does next. */
  submit(value: T, values: V): Promise<MutationResult>;
  /** After `done` or `queued`: close the modal. */
  onSaved(result: MutationResult): void;
}

export interface RecordForm<V extends FormValues> extends FieldBinder<V> {
  values: V;
  errors: Record<string, string>;
  /** 'Please fix the errors above', or the server's message. */
  formError: string | null;
  submitting: boolean;
  setField<K extends keyof V & string>(name: K, value: V[K]): void;
  onSubmit(event?: FormEvent): Promise<void>;
}

/** On @mantine/form (use-rule-form.ts); the form's own message and the mutation's answer are the kit's. */
export function useRecordForm<V extends FormValues, T>(options: RecordFormOptions<V, T>): RecordForm<V> {
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // An edit clears the server's message above the buttons (not "fix the errors", which stays until a send).
  const onValuesChange = useCallback(() => setFormError((current) => (current === FIX_ERRORS ? current : null)), []);
  const { form, setField } = useRuleForm(options.initial, options.validate, onValuesChange);

  const onSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (submitting) return;
    const checked = form.validate();
    const validation = form.getTransformedValues();
    if (checked.hasErrors || !validation.ok) {
      setFormError(FIX_ERRORS);
      return;
    }
    setFormError(null);
    setSubmitting(true);
    let result: MutationResult;
    try {
      result = await options.submit(validation.value, form.values);
    } catch (error) {
      result = { status: 'failed', message: error instanceof Error ? error.message : String(error), errors: null };
    }
    setSubmitting(false);
    if (result.status === 'failed') {
      if (result.errors) form.setErrors(firstErrors(result.errors));
      setFormError(result.message);
      return;
    }
    options.onSaved(result);
  };

  return { values: form.values, errors: messagesOf(form.errors), formError, submitting, setField, ...fieldBinder(form), onSubmit };
}
