// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Validation } from '../../shared/validation/kit.ts';
import { useRuleForm } from './use-rule-form.ts';

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider>{children}</MantineProvider>;
const noop = () => {};

/** A rule written here: the amount is required, and what is sent is its text without spaces. */
function rule(values: { amount: string }): Validation<{ sent: string }> {
  if (values.amount.trim() === '') return { ok: false, errors: { amount: ['Amount is required', 'A second message'] } };
  return { ok: true, value: { sent: values.amount.trim() } };
}

describe('useRuleForm', () => {
  it('keeps one setField across renders and rule changes, so an effect depending on it runs once', () => {
    const { result, rerender } = renderHook(({ check }) => useRuleForm({ amount: '' }, check, noop), { wrapper, initialProps: { check: rule } });
    const first = result.current.setField;
    act(() => first('amount', '5'));
    rerender({ check: (values) => rule(values) });
    expect(result.current.setField).toBe(first);
    expect(result.current.form.values).toEqual({ amount: '5' });
  });

  it("validates with the rule, keeps its first message per field, sends its parsed value, and an edit clears the field's message", () => {
    const { result } = renderHook(() => useRuleForm({ amount: '' }, rule, noop), { wrapper });
    act(() => void result.current.form.validate());
    expect(result.current.form.errors).toEqual({ amount: 'Amount is required' });
    act(() => result.current.setField('amount', ' 12.34 '));
    expect(result.current.form.errors).toEqual({});
    expect(result.current.form.getTransformedValues()).toEqual({ ok: true, value: { sent: '12.34' } });
  });
});
