/**
 * Add or edit an income source (spec sections 3–5). Pay is what arrives each pay cycle; the tab
 * turns it into monthly equivalents.
 */
import { NativeSelect, SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import { validateIncome } from '../../../../shared/validation/records.ts';
import type { WireRecord } from '../../../data/db.ts';
import { useDataLayer } from '../../../data/hooks.ts';
import { useValidationContext } from '../../../ui/clock.tsx';
import { DateInput, MoneyInput, PlainText } from '../../../ui/fields.tsx';
import { FormModal, formModalProps } from '../../../ui/FormModal.tsx';
import { dateInputText, inputText } from '../../../ui/input-text.ts';
import { moneyInputText } from '../../../ui/money.ts';
import { saveCollectionRecord } from '../../../ui/save-record.ts';
import { useRecordForm } from '../../../ui/use-record-form.ts';
import { PAY_CYCLE_OPTIONS } from './summary.ts';

// No cycle is chosen for a new income, so the rule 'Pay cycle is required' is the one that asks.
const CYCLE_DATA = [{ value: '', label: 'Select a pay cycle' }, ...PAY_CYCLE_OPTIONS];

export function IncomeForm({ income, onClose }: { income: WireRecord | null; onClose(): void }) {
  const layer = useDataLayer();
  const ctx = useValidationContext();
  const editing = income !== null;
  const initial = useMemo(
    () => ({
      name: inputText(income?.name),
      pay_cycle: inputText(income?.pay_cycle),
      next_pay_date: dateInputText(income?.next_pay_date),
      gross_pay: moneyInputText(income?.gross_pay),
      net_pay: moneyInputText(income?.net_pay),
    }),
    [income],
  );
  const form = useRecordForm({
    initial,
    validate: (values) => validateIncome(values, ctx),
    submit: (value, _values, key) => saveCollectionRecord(layer.mutations, 'incomes', income, value, key),
    onSaved: onClose,
  });
  const { values, errors, setField } = form;
  return (
    <FormModal {...formModalProps(form, onClose, editing)} title={editing ? 'Edit Income' : 'Add New Income'} submitLabel={editing ? 'Update Income' : 'Create Income'}>
      <PlainText label="Name" required value={values.name} onChange={(v) => setField('name', v)} error={errors.name} data-autofocus />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect
          label="Pay Cycle"
          required
          data={CYCLE_DATA}
          value={values.pay_cycle}
          onChange={(event) => setField('pay_cycle', event.currentTarget.value)}
          error={errors.pay_cycle}
        />
        <DateInput label="Next Pay Date" required value={values.next_pay_date} onChange={(v) => setField('next_pay_date', v)} error={errors.next_pay_date} />
        <MoneyInput label="Gross Pay" required description="Per pay cycle, before taxes" value={values.gross_pay} onChange={(v) => setField('gross_pay', v)} error={errors.gross_pay} />
        <MoneyInput label="Net Pay" required description="Per pay cycle, take-home" value={values.net_pay} onChange={(v) => setField('net_pay', v)} error={errors.net_pay} />
      </SimpleGrid>
    </FormModal>
  );
}
