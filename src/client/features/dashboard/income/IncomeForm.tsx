/**
 * Add or edit an income source (docs/product.md#entities, #validation). Pay is what arrives each
 * pay cycle; the tab turns it into monthly equivalents.
 */
import { NativeSelect, SimpleGrid, Text } from '@mantine/core';
import { validateIncome } from '../../../../shared/validation/records.ts';
import { DateInput, MoneyInput, MonthInput, PlainText } from '../../../ui/fields.tsx';
import { FormModal, hintBelow } from '../../../forms/FormModal.tsx';
import { useCollectionForm, type CollectionFormProps } from '../../../forms/use-collection-form.ts';
import { PAY_CYCLE_OPTIONS } from '../../../model/summaries/income.ts';

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
        <MoneyInput label="Net Pay" required description="Per pay cycle, take-home as on your pay stub" {...field('net_pay')} />
        <MonthInput label="End Month" {...hintBelow('Last month you are paid; empty if it continues')} {...field('end_month')} />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Retirement contributions already taken out of this take-home pay: mark their account “Deducted from my paycheck” so the plan does not subtract them
        twice.
      </Text>
    </FormModal>
  );
}
