/** Add or edit a monthly expense: name, amount and the day of the month it is due. */
import { SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import type { WireRecord } from '../../../data/db.ts';
import { useDataLayer } from '../../../data/hooks.ts';
import { validateMonthlyExpense } from '../../../../shared/validation/records.ts';
import { useValidationContext } from '../../../ui/clock.tsx';
import { MoneyInput, NumberText, PlainText } from '../../../ui/fields.tsx';
import { DESCRIPTION_BELOW, FormModal, formModalProps } from '../../../ui/FormModal.tsx';
import { inputText } from '../../../ui/input-text.ts';
import { moneyInputText } from '../../../ui/money.ts';
import { saveCollectionRecord } from '../../../ui/save-record.ts';
import { useRecordForm } from '../../../ui/use-record-form.ts';
import { dueDayOf } from './summary.ts';

export function MonthlyExpenseForm({ expense, onClose }: { expense: WireRecord | null; onClose(): void }) {
  const layer = useDataLayer();
  const ctx = useValidationContext();
  const editing = expense !== null;
  const initial = useMemo(
    () => ({
      name: inputText(expense?.name),
      amount: moneyInputText(expense?.amount),
      due_day: expense ? inputText(dueDayOf(expense)) : '',
    }),
    [expense],
  );
  const form = useRecordForm({
    initial,
    validate: (values) => validateMonthlyExpense(values, ctx),
    submit: (value, _values, key) => saveCollectionRecord(layer.mutations, 'monthlyExpenses', expense, value, key),
    onSaved: onClose,
  });
  const { values, errors, setField } = form;
  return (
    <FormModal {...formModalProps(form, onClose, editing)} title={editing ? 'Edit Expense' : 'Add New Expense'} submitLabel={editing ? 'Update Expense' : 'Create Expense'}>
      <PlainText label="Expense Name" required value={values.name} onChange={(v) => setField('name', v)} error={errors.name} data-autofocus />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <MoneyInput label="Amount" required value={values.amount} onChange={(v) => setField('amount', v)} error={errors.amount} />
        <NumberText
          label="Due Day"
          description="Day of the month, 1 to 31"
          inputWrapperOrder={DESCRIPTION_BELOW}
          required
          min={1}
          max={31}
          step="1"
          value={values.due_day}
          onChange={(v) => setField('due_day', v)}
          error={errors.due_day}
        />
      </SimpleGrid>
    </FormModal>
  );
}
