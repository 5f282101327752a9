/**
 * What the account forms share: values as typed, the shared rules' first message per field (an
 * edit clears that field's message), nothing sent while a rule fails, one submission at a time,
 * and the outcome of the call: a success the page announces, or the failure's text and field
 * messages. After a success the form stays disabled, since the page is about to leave, unless
 * `stayOpen` says it stays.
 */
import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { Validation } from '../../shared/validation/kit.ts';
import { fieldBinder, messagesOf, type FieldBinder } from './bind-field.ts';
import { useRuleForm } from './use-rule-form.ts';

export type AccountFormValues = Record<string, string | boolean>;

export type SubmitOutcome = { ok: true } | { ok: false; message: string | null; errors?: Record<string, string> | null };

export interface AccountFormOptions<V extends AccountFormValues, T> {
  initial: V;
  validate(values: V): Validation<T>;
  submit(value: T, values: V): Promise<SubmitOutcome>;
  onSuccess?(): void;
  /** The page stays after a success (the profile): the form can be sent again, and an edit clears the success. */
  stayOpen?: boolean;
}

export interface AccountForm<V extends AccountFormValues> extends FieldBinder<V> {
  values: V;
  errors: Record<string, string>;
  /** The failure's text, shown above the button. */
  formError: string | null;
  submitting: boolean;
  succeeded: boolean;
  setField<K extends keyof V & string>(name: K, value: V[K]): void;
  onSubmit(event?: FormEvent): Promise<void>;
}

/** On @mantine/form (use-rule-form.ts), as the modal forms' kit is. */
export function useAccountForm<V extends AccountFormValues, T>(options: AccountFormOptions<V, T>): AccountForm<V> {
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [succeeded, setSucceeded] = useState(false);
  // A second Enter before React re-renders must not send twice.
  const busy = useRef(false);
  const stayOpen = options.stayOpen === true;

  const onValuesChange = useCallback(() => {
    if (stayOpen) setSucceeded(false);
  }, [stayOpen]);
  const { form, setField } = useRuleForm(options.initial, options.validate, onValuesChange);

  const onSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy.current || (succeeded && !stayOpen)) return;
    const checked = form.validate();
    const validation = form.getTransformedValues();
    if (checked.hasErrors || !validation.ok) {
      setFormError(null);
      return;
    }
    busy.current = true;
    setFormError(null);
    setSucceeded(false);
    setSubmitting(true);
    let outcome: SubmitOutcome;
    try {
      outcome = await options.submit(validation.value, form.values);
    } catch (error) {
      outcome = { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    busy.current = false;
    setSubmitting(false);
    if (outcome.ok) {
      setSucceeded(true);
      options.onSuccess?.();
      return;
    }
    // Messages for the form's own fields go under them; one already shown there is not repeated.
    const fieldErrors = Object.fromEntries(Object.entries(outcome.errors ?? {}).filter(([field]) => field in options.initial));
    form.setErrors(fieldErrors);
    setFormError(outcome.message !== null && Object.values(fieldErrors).includes(outcome.message) ? null : outcome.message);
  };

  return { values: form.values, errors: messagesOf(form.errors), formError, submitting, succeeded, setField, ...fieldBinder(form), onSubmit };
}
