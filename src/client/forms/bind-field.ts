/**
 * The field binder of the form kit, on @mantine/form's `getInputProps`: `{...form.field('name')}`
 * gives an input its value, its change handler and its message, and `form.checkbox('name')` the
 * same for a checkbox. Mantine's handler takes either the input's change event (Mantine's inputs,
 * NativeSelect) or the bare value (the kit's inputs in fields.tsx), so every input binds alike.
 */
import type { UseFormReturnType } from '@mantine/form';
import type { ChangeEvent } from 'react';

type FieldEvent = ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>;

/** The names of V whose values are of type T. */
type KeysOf<V, T> = { [K in keyof V]-?: V[K] extends T ? K : never }[keyof V] & string;

export interface BoundField {
  value: string;
  onChange(input: string | FieldEvent): void;
  error: string | undefined;
}

interface BoundCheckbox {
  checked: boolean;
  onChange(input: boolean | ChangeEvent<HTMLInputElement>): void;
  error: string | undefined;
}

export interface FieldBinder<V extends Record<string, string | boolean>> {
  field(name: KeysOf<V, string>): BoundField;
  checkbox(name: KeysOf<V, boolean>): BoundCheckbox;
}

/** The kit's messages are the shared rules' text, never other nodes. */
const messageOf = (error: unknown): string | undefined => (typeof error === 'string' ? error : undefined);

export function fieldBinder<V extends Record<string, string | boolean>>(form: Pick<UseFormReturnType<V, unknown>, 'getInputProps'>): FieldBinder<V> {
  return {
    field: (name) => {
      const props = form.getInputProps(name);
      return { value: typeof props.value === 'string' ? props.value : '', onChange: props.onChange as BoundField['onChange'], error: messageOf(props.error) };
    },
    checkbox: (name) => {
      const props = form.getInputProps(name, { type: 'checkbox' });
      return { checked: props.checked === true, onChange: props.onChange as BoundCheckbox['onChange'], error: messageOf(props.error) };
    },
  };
}

/** The form's messages by field, as the kit's forms read them. */
export function messagesOf(errors: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, error] of Object.entries(errors)) {
    const message = messageOf(error);
    if (message !== undefined) out[field] = message;
  }
  return out;
}
