/** Add or edit a retirement account: every field of the entity (spec section 3). */
import { NativeSelect, SimpleGrid } from '@mantine/core';
import { ACCOUNT_TYPES, PAY_CYCLES } from '../../../../shared/records.ts';
import { validateRetirementAccount } from '../../../../shared/validation/records.ts';
import { DateInput, MoneyInput, NumberText, PlainText } from '../../../ui/fields.tsx';
import { FormModal, hintBelow } from '../../../ui/FormModal.tsx';
import { useCollectionForm, type CollectionFormProps } from '../../../ui/use-collection-form.ts';
import { ACCOUNT_TYPE_LABELS, CYCLE_LABELS } from './summary.ts';

// A new account starts with no choice made, so a forgotten select is named by its rule's message.
const TYPE_OPTIONS = [{ value: '', label: 'Select account type', disabled: true }, ...ACCOUNT_TYPES.map((value) => ({ value, label: ACCOUNT_TYPE_LABELS[value] }))];
const CYCLE_OPTIONS = [{ value: '', label: 'Select contribution cycle', disabled: true }, ...PAY_CYCLES.map((value) => ({ value, label: CYCLE_LABELS[value] }))];

export function RetirementAccountForm(props: CollectionFormProps<'retirementAccounts'>) {
  const form = useCollectionForm({ ...props, collection: 'retirementAccounts', validate: validateRetirementAccount });
  const { editing, field } = form;
  return (
    <FormModal {...form.modal} title={editing ? 'Edit Retirement Account' : 'Add New Retirement Account'} submitLabel={editing ? 'Update Account' : 'Create Account'}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <PlainText label="Account Name" required {...field('name')} data-autofocus />
        <NativeSelect label="Account Type" required data={TYPE_OPTIONS} {...field('account_type')} />
        <MoneyInput label="Contribution Amount" {...hintBelow('Each deposit')} required {...field('contribution_amount')} />
        <NativeSelect label="Contribution Cycle" {...hintBelow('How often you contribute')} required data={CYCLE_OPTIONS} {...field('contribution_cycle')} />
        <NumberText label="Employer Match (%)" required min={0} max={100} step="0.01" {...field('employer_match')} />
        <MoneyInput label="Employer Contribution Amount" {...hintBelow('Each deposit')} required {...field('employer_contribution_amount')} />
        <MoneyInput label="Starting Balance" required {...field('starting_balance')} />
        <NumberText label="Expected Return Rate (%)" {...hintBelow('Yearly, 0 to 50')} required min={0} max={50} step="0.01" {...field('expected_return_rate')} />
        <DateInput label="Next Deposit Date" required {...field('next_deposit_date')} />
      </SimpleGrid>
    </FormModal>
  );
}
