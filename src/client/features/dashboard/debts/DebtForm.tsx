/**
 * Add or edit a debt. On edit the remaining amount is read-only (it changes through the month
 * tables in Analytics), and the payment must still cover its monthly interest.
 */
import { SimpleGrid, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { WireRecord } from '../../../data/db.ts';
import { useDataLayer } from '../../../data/hooks.ts';
import { validateDebt } from '../../../../shared/validation/records.ts';
import { useValidationContext } from '../../../ui/clock.tsx';
import { MoneyInput, NumberText, PlainText } from '../../../ui/fields.tsx';
import { FormModal, formModalProps } from '../../../ui/FormModal.tsx';
import { inputText } from '../../../ui/input-text.ts';
import { moneyInputText } from '../../../ui/money.ts';
import { saveCollectionRecord } from '../../../ui/save-record.ts';
import { useRecordForm } from '../../../ui/use-record-form.ts';

export const REMAINING_HINT = 'To update the remaining amount, go to Analytics → Debts.';

export function DebtForm({ debt, onClose }: { debt: WireRecord | null; onClose(): void }) {
  const layer = useDataLayer();
  const ctx = useValidationContext();
  const editing = debt !== null;
  const initial = useMemo(
    () => ({
      name: inputText(debt?.name),
      creditor: inputText(debt?.creditor),
      original_amount: moneyInputText(debt?.original_amount),
      remaining_amount: moneyInputText(debt?.remaining_amount),
      apr: inputText(debt?.apr),
      monthly_payment: moneyInputText(debt?.monthly_payment),
      original_term: inputText(debt?.original_term),
      due_day: inputText(debt?.due_day),
    }),
    [debt],
  );
  const form = useRecordForm({
    initial,
    validate: (values) => validateDebt(values, ctx),
    submit: (value, _values, key) => {
      // The remaining amount is read-only on edit: it is not sent.
      const { remaining_amount: _readOnly, ...patch } = value;
      return saveCollectionRecord(layer.mutations, 'debts', debt, editing ? patch : value, key);
    },
    onSaved: onClose,
  });
  const { values, errors, setField } = form;
  return (
    <FormModal {...formModalProps(form, onClose, editing)} title={editing ? 'Edit Debt' : 'Add New Debt'} submitLabel={editing ? 'Update Debt' : 'Create Debt'}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <PlainText label="Debt Name" required value={values.name} onChange={(v) => setField('name', v)} error={errors.name} data-autofocus />
        <PlainText label="Creditor" required value={values.creditor} onChange={(v) => setField('creditor', v)} error={errors.creditor} />
        <MoneyInput label="Original Amount" required value={values.original_amount} onChange={(v) => setField('original_amount', v)} error={errors.original_amount} />
        <MoneyInput
          label="Remaining Amount"
          required
          readOnly={editing}
          description={editing ? REMAINING_HINT : undefined}
          value={values.remaining_amount}
          onChange={(v) => setField('remaining_amount', v)}
          error={errors.remaining_amount}
        />
        <NumberText label="APR (%)" required min={0} max={100} step="0.01" value={values.apr} onChange={(v) => setField('apr', v)} error={errors.apr} />
        <MoneyInput label="Monthly Payment" required value={values.monthly_payment} onChange={(v) => setField('monthly_payment', v)} error={errors.monthly_payment} />
        <NumberText label="Original Term (months)" required min={1} max={480} step="1" value={values.original_term} onChange={(v) => setField('original_term', v)} error={errors.original_term} />
        <NumberText label="Due Day" required min={1} max={31} step="1" value={values.due_day} onChange={(v) => setField('due_day', v)} error={errors.due_day} />
      </SimpleGrid>
      {editing && (
        <Text size="xs" c="dimmed">
          Changes to the payment take effect from the current month.
        </Text>
      )}
    </FormModal>
  );
}
