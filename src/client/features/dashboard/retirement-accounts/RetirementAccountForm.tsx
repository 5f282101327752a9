/** Add or edit a retirement account: every field of the entity (spec section 3). */
import { NativeSelect, SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import type { WireRecord } from '../../../data/db.ts';
import { useDataLayer } from '../../../data/hooks.ts';
import { ACCOUNT_TYPES, PAY_CYCLES } from '../../../../shared/records.ts';
import { validateRetirementAccount } from '../../../../shared/validation/records.ts';
import { useValidationContext } from '../../../ui/clock.tsx';
import { DateInput, MoneyInput, NumberText, PlainText } from '../../../ui/fields.tsx';
import { DESCRIPTION_BELOW, FormModal, formModalProps } from '../../../ui/FormModal.tsx';
import { dateInputText, inputText } from '../../../ui/input-text.ts';
import { moneyInputText } from '../../../ui/money.ts';
import { saveCollectionRecord } from '../../../ui/save-record.ts';
import { useRecordForm } from '../../../ui/use-record-form.ts';
import { ACCOUNT_TYPE_LABELS, CYCLE_LABELS } from './summary.ts';

// A new account starts with no choice made, so a forgotten select is named by its rule's message.
const TYPE_OPTIONS = [{ value: '', label: 'Select account type', disabled: true }, ...ACCOUNT_TYPES.map((value) => ({ value, label: ACCOUNT_TYPE_LABELS[value] }))];
const CYCLE_OPTIONS = [{ value: '', label: 'Select contribution cycle', disabled: true }, ...PAY_CYCLES.map((value) => ({ value, label: CYCLE_LABELS[value] }))];

export function RetirementAccountForm({ account, onClose }: { account: WireRecord | null; onClose(): void }) {
  const layer = useDataLayer();
  const ctx = useValidationContext();
  const editing = account !== null;
  const initial = useMemo(
    () => ({
      name: inputText(account?.name),
      account_type: inputText(account?.account_type),
      contribution_amount: moneyInputText(account?.contribution_amount),
      employer_match: inputText(account?.employer_match),
      employer_contribution_amount: moneyInputText(account?.employer_contribution_amount),
      starting_balance: moneyInputText(account?.starting_balance),
      expected_return_rate: inputText(account?.expected_return_rate),
      contribution_cycle: inputText(account?.contribution_cycle),
      next_deposit_date: dateInputText(account?.next_deposit_date),
    }),
    [account],
  );
  const form = useRecordForm({
    initial,
    validate: (values) => validateRetirementAccount(values, ctx),
    submit: (value, _values, key) => saveCollectionRecord(layer.mutations, 'retirementAccounts', account, value, key),
    onSaved: onClose,
  });
  const { values, errors, setField } = form;
  return (
    <FormModal {...formModalProps(form, onClose, editing)} title={editing ? 'Edit Retirement Account' : 'Add New Retirement Account'} submitLabel={editing ? 'Update Account' : 'Create Account'}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <PlainText label="Account Name" required value={values.name} onChange={(v) => setField('name', v)} error={errors.name} data-autofocus />
        <NativeSelect
          label="Account Type"
          required
          data={TYPE_OPTIONS}
          value={values.account_type}
          onChange={(event) => setField('account_type', event.currentTarget.value)}
          error={errors.account_type}
        />
        <MoneyInput
          label="Contribution Amount"
          description="Each deposit"
          inputWrapperOrder={DESCRIPTION_BELOW}
          required
          value={values.contribution_amount}
          onChange={(v) => setField('contribution_amount', v)}
          error={errors.contribution_amount}
        />
        <NativeSelect
          label="Contribution Cycle"
          description="How often you contribute"
          inputWrapperOrder={DESCRIPTION_BELOW}
          required
          data={CYCLE_OPTIONS}
          value={values.contribution_cycle}
          onChange={(event) => setField('contribution_cycle', event.currentTarget.value)}
          error={errors.contribution_cycle}
        />
        <NumberText
          label="Employer Match (%)"
          required
          min={0}
          max={100}
          step="0.01"
          value={values.employer_match}
          onChange={(v) => setField('employer_match', v)}
          error={errors.employer_match}
        />
        <MoneyInput
          label="Employer Contribution Amount"
          description="Each deposit"
          inputWrapperOrder={DESCRIPTION_BELOW}
          required
          value={values.employer_contribution_amount}
          onChange={(v) => setField('employer_contribution_amount', v)}
          error={errors.employer_contribution_amount}
        />
        <MoneyInput label="Starting Balance" required value={values.starting_balance} onChange={(v) => setField('starting_balance', v)} error={errors.starting_balance} />
        <NumberText
          label="Expected Return Rate (%)"
          description="Yearly, 0 to 50"
          inputWrapperOrder={DESCRIPTION_BELOW}
          required
          min={0}
          max={50}
          step="0.01"
          value={values.expected_return_rate}
          onChange={(v) => setField('expected_return_rate', v)}
          error={errors.expected_return_rate}
        />
        <DateInput label="Next Deposit Date" required value={values.next_deposit_date} onChange={(v) => setField('next_deposit_date', v)} error={errors.next_deposit_date} />
      </SimpleGrid>
    </FormModal>
  );
}
