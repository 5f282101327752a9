/**
 * Add or edit a debt. On edit the remaining amount is read-only (it changes through the month
 * tables: a subscriber gives this month's balance in the monthly check-in), and the payment must
 * still cover its monthly interest.
 */
import { Anchor, SimpleGrid, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSession } from '../../../data/bindings/hooks.ts';
import { validateDebt } from '../../../../shared/validation/records.ts';
import { MoneyInput, NumberText, PlainText } from '../../../ui/fields.tsx';
import { FormModal } from '../../../forms/FormModal.tsx';
import { useCollectionForm, type CollectionFormProps } from '../../../forms/use-collection-form.ts';

export const REMAINING_HINT = 'To update the remaining amount, go to Analytics → Debts.';

/** A subscriber's hint: the check-in is where this month's balances are given. */
function CheckInHint() {
  return (
    <>
      To update the remaining amount,{' '}
      <Anchor component={Link} to="/check-in" inherit>
        do your monthly check-in
      </Anchor>
      .
    </>
  );
}

export function DebtForm(props: CollectionFormProps<'debts'>) {
  const form = useCollectionForm({
    ...props,
    collection: 'debts',
    validate: validateDebt,
    sent: (value, debt) => {
      if (!debt) return value;
      // The remaining amount is read-only on edit: it is not sent.
      const { remaining_amount: _readOnly, ...patch } = value;
      return patch;
    },
  });
  const { editing, field } = form;
  const { subscribed } = useSession();
  const remainingHint = subscribed ? <CheckInHint /> : REMAINING_HINT;
  return (
    <FormModal {...form.modal} title={editing ? 'Edit Debt' : 'Add New Debt'} submitLabel={editing ? 'Update Debt' : 'Create Debt'}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <PlainText label="Debt Name" required {...field('name')} data-autofocus />
        <PlainText label="Creditor" required {...field('creditor')} />
        <MoneyInput label="Original Amount" required {...field('original_amount')} />
        <MoneyInput label="Remaining Amount" required readOnly={editing} description={editing ? remainingHint : undefined} {...field('remaining_amount')} />
        <NumberText label="APR (%)" required min={0} max={100} step="0.01" {...field('apr')} />
        <MoneyInput label="Monthly Payment" required {...field('monthly_payment')} />
        <NumberText label="Original Term (months)" required min={1} max={480} step="1" {...field('original_term')} />
        <NumberText label="Due Day" required min={1} max={31} step="1" {...field('due_day')} />
      </SimpleGrid>
      {editing && (
        <Text size="xs" c="dimmed">
          Changes to the payment take effect from the current month.
        </Text>
      )}
    </FormModal>
  );
}
