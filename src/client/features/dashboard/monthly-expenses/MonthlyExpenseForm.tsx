/** Add or edit a monthly expense: name, amount and the day of the month it is due. */
import { SimpleGrid } from '@mantine/core';
import { validateMonthlyExpense } from '../../../../shared/validation/records.ts';
import { MoneyInput, MonthInput, NumberText, PlainText } from '../../../ui/fields.tsx';
import { FormModal, hintBelow } from '../../../forms/FormModal.tsx';
import { inputText } from '../../../ui/input-text.ts';
import { moneyInputText } from '../../../ui/money.ts';
import { useCollectionForm, type CollectionFormProps } from '../../../forms/use-collection-form.ts';
import { dueDayOf } from '../../../model/summaries/monthly-expenses.ts';

export function MonthlyExpenseForm({ record, onClose }: CollectionFormProps<'monthlyExpenses'>) {
  const form = useCollectionForm({
    collection: 'monthlyExpenses',
    record,
    onClose,
    initial: (expense) => ({
      name: inputText(expense?.name),
      amount: moneyInputText(expense?.amount),
      due_day: expense ? inputText(dueDayOf(expense)) : '',
      end_month: inputText(expense?.end_month),
    }),
    validate: validateMonthlyExpense,
  });
  const { editing, field } = form;
  return (
    <FormModal {...form.modal} title={editing ? 'Edit Expense' : 'Add New Expense'} submitLabel={editing ? 'Update Expense' : 'Create Expense'}>
      <PlainText label="Expense Name" required {...field('name')} data-autofocus />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <MoneyInput label="Amount" required {...field('amount')} />
        <NumberText label="Due Day" {...hintBelow('Day of the month, 1 to 31')} required min={1} max={31} step="1" {...field('due_day')} />
      </SimpleGrid>
      <MonthInput label="End Month" {...hintBelow('Last month you pay it, e.g. childcare until school; empty if it continues')} {...field('end_month')} />
    </FormModal>
  );
}
