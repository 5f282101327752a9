/**
 * Add or edit a one-time expense. Year and month are separate inputs; the shared rule checks them
 * and builds the month sent, 'YYYY-MM' with a zero-padded month (docs/product.md#validation).
 */
import type { WireRecordOf } from '../../../../shared/resources.ts';
import { SimpleGrid } from '@mantine/core';
import { validateOtherExpenseForm } from '../../../../shared/validation/records.ts';
import { useClock } from '../../../ui/clock.tsx';
import { MoneyInput, NumberText, PlainText } from '../../../ui/fields.tsx';
import { FormModal } from '../../../forms/FormModal.tsx';
import { inputText } from '../../../ui/input-text.ts';
import { moneyInputText } from '../../../ui/money.ts';
import { useCollectionForm, type CollectionFormProps } from '../../../forms/use-collection-form.ts';
import { monthFields } from '../../../model/summaries/other-expenses.ts';

export function OtherExpenseForm({ record, onClose }: CollectionFormProps<'otherExpenses'>) {
  const clock = useClock();
  const form = useCollectionForm({
    collection: 'otherExpenses',
    record,
    onClose,
    initial: (expense: WireRecordOf<'otherExpenses'> | null) => {
      // A new expense starts in the month the user is living in.
      const now = clock();
      const when = expense ? monthFields(expense.month) : { year: String(now.getFullYear()), month: String(now.getMonth() + 1) };
      return { year: when.year, month: when.month, description: inputText(expense?.description), amount: moneyInputText(expense?.amount) };
    },
    validate: validateOtherExpenseForm,
  });
  const { editing, field } = form;
  return (
    <FormModal {...form.modal} title={editing ? 'Edit One-Time Expense' : 'Add One-Time Expense'} submitLabel={editing ? 'Update Expense' : 'Create Expense'}>
      <SimpleGrid cols={{ base: 2 }} spacing="sm">
        <NumberText label="Year" required min={1900} step="1" {...field('year')} />
        <NumberText label="Month (1-12)" required min={1} max={12} step="1" {...field('month')} />
      </SimpleGrid>
      <PlainText label="Description" required {...field('description')} data-autofocus />
      <MoneyInput label="Amount" required {...field('amount')} />
    </FormModal>
  );
}
