/**
 * Inputs the forms share. Money is typed as text and parsed to cents by the shared rules; the
 * number input only helps the phone keyboard (min 0, step 0.01, docs/product.md#validation).
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useClock } from './clock.tsx';

type Base = Omit<TextInputProps, 'value' | 'onChange' | 'error'> & {
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
};

export function MoneyInput({ value, onChange, error, allowNegative, ...props }: Base & { allowNegative?: boolean }) {
  return (
    <TextInput
      type="number"
      inputMode="decimal"
      min={allowNegative ? undefined : 0}
      step="0.01"
      leftSection={<span aria-hidden="true">$</span>}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      {...props}
    />
  );
}

export function NumberText({ value, onChange, error, ...props }: Base & { min?: number; max?: number; step?: string }) {
  return <TextInput type="number" inputMode="decimal" value={value} onChange={(event) => onChange(event.currentTarget.value)} error={error} {...props} />;
}

export function DateInput({ value, onChange, error, ...props }: Base) {
  return <TextInput type="date" value={value} onChange={(event) => onChange(event.currentTarget.value)} error={error} {...props} />;
}

/** A month as 'YYYY-MM' (the month picker where the browser has one; typed text elsewhere). */
export function MonthInput({ value, onChange, error, ...props }: Base) {
  return <TextInput type="month" placeholder="YYYY-MM" value={value} onChange={(event) => onChange(event.currentTarget.value)} error={error} {...props} />;
}

export function PlainText({ value, onChange, error, ...props }: Base) {
  return <TextInput value={value} onChange={(event) => onChange(event.currentTarget.value)} error={error} {...props} />;
}

/**
 * The birth year: a whole year up to this one, on the phone's number pad. The lowest year is the
 * screen's: sign-up keeps to the shared rule's, the profile form to the product's 1900.
 */
export function BirthYearInput({ min, ...props }: Omit<TextInputProps, 'label' | 'type' | 'inputMode' | 'min' | 'max' | 'step'> & { min: number }) {
  const thisYear = useClock()().getFullYear();
  return <TextInput label="Birth Year" type="number" inputMode="numeric" min={min} max={thisYear} step={1} {...props} />;
}
