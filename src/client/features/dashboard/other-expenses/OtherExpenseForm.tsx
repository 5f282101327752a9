/**
 * Add or edit a one-time expense. Year and month are separate inputs; the shared rule checks them
 * and builds the month sent, 'YYYY-MM' with a zero-padded month (spec section 5).
 */
import { SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import type { WireRecord } from '../../../data/db.ts';
import { useDataLayer } from '../../../data/hooks.ts';
import { validateOtherExpenseForm } from '../../../../shared/validation/records.ts';
import { useClock, useValidationContext } from '../../../ui/clock.tsx';
import { MoneyInput, NumberText, PlainText } from '../../../ui/fields.tsx';
import { FormModal, formModalProps } from '../../../ui/FormModal.tsx';
import { inputText } from '../../../ui/input-text.ts';
import { moneyInputText } from '../../../ui/money.ts';
import { saveCollectionRecord } from '../../../ui/save-record.ts';
import { useRecordForm } from '../../../ui/use-record-form.ts';
import { monthFields } from './summary.ts';

export function OtherExpenseForm({ expense, onClose }: { expense: WireRecord | null; onClose(): void }) {
  const layer = useDataLayer();
  const clock = useClock();
  const ctx = useValidationContext();
  const editing = expense !== null;
  const initial = useMemo(() => {
    // A new expense starts in the month the user is living in.
    const now = clock();
    const when = expense ? monthFields(expense.month) : { year: String(now.getFullYear()), month: String(now.getMonth() + 1) };
    return {
      year: when.year,
      month: when.month,
      description: inputText(expense?.description),
      amount: moneyInputText(expense?.amount),
    };
  }, [expense, clock]);
  const form = useRecordForm({
    initial,
    validate: (values) => validateOtherExpenseForm(values, ctx),
    submit: (value, _values, key) => saveCollectionRecord(layer.mutations, 'otherExpenses', expense, value, key),
    onSaved: onClose,
  });
  const { values, errors, setField } = form;
  return (
    <FormModal {...formModalProps(form, onClose, editing)} title={editing ? 'Edit One-Time Expense' : 'Add One-Time Expense'} submitLabel={editing ? 'Update Expense' : 'Create Expense'}>
      <SimpleGrid cols={{ base: 2 }} spacing="sm">
        <NumberText label="Year" required min={1900} step="1" value={values.year} onChange={(v) => setField('year', v)} error={errors.year} />
        <NumberText label="Month (1-12)" required min={1} max={12} step="1" value={values.month} onChange={(v) => setField('month', v)} error={errors.month} />
      </SimpleGrid>
      <PlainText label="Description" required value={values.description} onChange={(v) => setField('description', v)} error={errors.description} data-autofocus />
      <MoneyInput label="Amount" required value={values.amount} onChange={(v) => setField('amount', v)} error={errors.amount} />
    </FormModal>
  );
}
