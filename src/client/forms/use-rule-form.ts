/**
 * @mantine/form's `useForm` over one of the shared rules (src/shared/validation), as both form
 * hooks of the kit use it: `validate` runs the rule and keeps each field's first message,
 * `transformValues` is the rule's parsed value (money in cents) that is sent, and
 * `clearInputErrorOnChange` clears a field's message when it is edited. The values stay the text
 * the user typed.
 */
import { useForm } from '@mantine/form';
import { useCallback, useEffect, useRef } from 'react';
import { firstErrors, type Validation } from '../../shared/validation/kit.ts';

export function useRuleForm<V extends Record<string, string | boolean>, T>(
  initial: V,
  rule: (values: V) => Validation<T>,
  /** Told of every edit; must keep one identity (a `useCallback`). */
  onValuesChange: () => void,
) {
  // The rule is read through a ref, so the form's callbacks keep one identity: Mantine's
  // `setFieldValue` changes with them, and a screen's effect may depend on `setField`.
  const latest = useRef(rule);
  useEffect(() => {
    latest.current = rule;
  });
  const validate = useCallback((values: V) => {
    const checked = latest.current(values);
    return checked.ok ? {} : firstErrors(checked.errors);
  }, []);
  const transformValues = useCallback((values: V) => latest.current(values), []);
  const form = useForm<V, Validation<T>>({ mode: 'controlled', initialValues: initial, clearInputErrorOnChange: true, validate, transformValues, onValuesChange });
  const { setFieldValue } = form;
  const setField = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => setFieldValue(name as never, value as never), [setFieldValue]);
  return { form, setField };
}
