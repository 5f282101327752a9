/**
 * The field binder of the form kit, after Mantine's `form.getInputProps`: `{...form.field('name')}`
 * gives an input its value, its change handler and its message, and `form.checkbox('name')` the
 * same for a checkbox. The handler takes either the input's change event (Mantine's inputs,
 * NativeSelect) or the bare value (the kit's inputs in fields.tsx), so every input binds alike.
 */
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

export function fieldBinder<V extends Record<string, string | boolean>>(
  values: V,
  errors: Readonly<Record<string, string>>,
  setField: <K extends keyof V & string>(name: K, value: V[K]) => void,
): FieldBinder<V> {
  // The binder's key types say which values are strings and which booleans; the record type cannot.
  const set = setField as (name: string, value: string | boolean) => void;
  return {
    field: (name) => ({
      value: (values[name] as string | undefined) ?? '',
      onChange: (input) => set(name, typeof input === 'string' ? input : input.currentTarget.value),
      error: errors[name],
    }),
    checkbox: (name) => ({
      checked: values[name] === true,
      onChange: (input) => set(name, typeof input === 'boolean' ? input : input.currentTarget.checked),
      error: errors[name],
    }),
  };
}
