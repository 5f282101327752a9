/**
 * Add or edit an income source (spec sections 3–5). Pay is what arrives each pay cycle; the tab
 * turns it into monthly equivalents.
 */
import { NativeSelect, SimpleGrid } from '@mantine/core';
import { validateIncome } from '../../../../shared/validation/records.ts';
import { DateInput, MoneyInput, PlainText } from '../../../ui/fields.tsx';
import { FormModal } from '../../../ui/FormModal.tsx';
import { useCollectionForm, type CollectionFormProps } from '../../../ui/use-collection-form.ts';
import { PAY_CYCLE_OPTIONS } from './summary.ts';

// No cycle is chosen for a new income, so the rule 'Pay cycle is required' is the one that asks.
const CYCLE_DATA = [{ value: '', label: 'Select a pay cycle' }, ...PAY_CYCLE_OPTIONS];

export function IncomeForm(props: CollectionFormProps<'incomes'>) {
  const form = useCollectionForm({ ...props, collection: 'incomes', validate: validateIncome });
  const { editing, field } = form;
  return (
    <FormModal {...form.modal} title={editing ? 'Edit Income' : 'Add New Income'} submitLabel={editing ? 'Update Income' : 'Create Income'}>
      <PlainText label="Name" required {...field('name')} data-autofocus />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect label="Pay Cycle" required data={CYCLE_DATA} {...field('pay_cycle')} />
        <DateInput label="Next Pay Date" required {...field('next_pay_date')} />
        <MoneyInput label="Gross Pay" required description="Per pay cycle, before taxes" {...field('gross_pay')} />
        <MoneyInput label="Net Pay" required description="Per pay cycle, take-home" {...field('net_pay')} />
      </SimpleGrid>
    </FormModal>
  );
}
