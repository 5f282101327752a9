/** Add or edit a retirement account: every field of the entity (docs/product.md#entities). */
import { Alert, Checkbox, NativeSelect, SimpleGrid } from '@mantine/core';
import { is401k } from '../../../../engine/limits.ts';
import type { WireRecordOf } from '../../../../shared/resources.ts';
import { LimitWarnings, useLimitCheck } from '../../../widgets/limit-warnings.tsx';
import { ACCOUNT_TYPES, PAY_CYCLES } from '../../../../shared/records.ts';
import { validateRetirementAccount } from '../../../../shared/validation/records.ts';
import { DateInput, MoneyInput, NumberText, PlainText } from '../../../ui/fields.tsx';
import { FormModal, hintBelow } from '../../../forms/FormModal.tsx';
import { useCollectionForm, type CollectionFormProps } from '../../../forms/use-collection-form.ts';
import type { InputsOf } from '../../../ui/wire.ts';
import { ACCOUNT_TYPE_LABELS, CYCLE_LABELS } from '../../../model/summaries/retirement-accounts.ts';

// A new account starts with no choice made, so a forgotten select is named by its rule's message.
const TYPE_OPTIONS = [{ value: '', label: 'Select account type', disabled: true }, ...ACCOUNT_TYPES.map((value) => ({ value, label: ACCOUNT_TYPE_LABELS[value] }))];
const CYCLE_OPTIONS = [{ value: '', label: 'Select contribution cycle', disabled: true }, ...PAY_CYCLES.map((value) => ({ value, label: CYCLE_LABELS[value] }))];

/**
 * "Deducted from my paycheck" as the form holds it: 'true', 'false', or '' while the box is
 * untouched: checked for a new 401(k) (usually taken from pay), unchecked otherwise (a stored
 * account without the field predates it, and absent means false,
 * docs/projection-rules.md#plan-assumptions).
 */
const deducted = (values: { payroll_deducted: string; account_type: string }, isNew: boolean) =>
  values.account_type !== 'taxable' && (values.payroll_deducted === '' ? isNew && is401k(values.account_type) : values.payroll_deducted === 'true');

/** What a taxable account is, shown in place of the employer fields when it is chosen. */
/** The match percentage is kept as entered; the projections count the amount below (docs/projection-rules.md#contributions). */
export const EMPLOYER_MATCH_HINT = "For your records: the projections count the Employer Contribution Amount, not this percentage.";

export const TAXABLE_NOTE =
  'A taxable (brokerage) account is paid from your cash, not your paycheck: no contribution limit and no employer money. The plan can move the cash your month leaves over into it (Invest the surplus, under Plan assumptions).';

/**
 * The values the rule checks and the form sends: a taxable account has no employer and is never
 * taken from pay (docs/projection-rules.md#where-the-money-goes), so its hidden employer fields go
 * as 0 and the box as false, whatever was typed before the type changed.
 */
function checked(values: InputsOf<'retirement_account'>, isNew: boolean) {
  const payroll_deducted = deducted(values, isNew);
  return values.account_type === 'taxable' ? { ...values, employer_match: '0', employer_contribution_amount: '0', payroll_deducted } : { ...values, payroll_deducted };
}

export function RetirementAccountForm(props: CollectionFormProps<'retirementAccounts'>) {
  const form = useCollectionForm({
    ...props,
    collection: 'retirementAccounts',
    validate: (values, ctx) => validateRetirementAccount(checked(values, props.record === null), ctx),
  });
  const { editing, field, values } = form;
  const taxable = values.account_type === 'taxable';
  // The limits are checked on what is typed, beside the user's other accounts; never blocking.
  const draft = { account: { ...props.record, ...checked(values, props.record === null), id: props.record?.id ?? 0 } as unknown as WireRecordOf<'retirementAccounts'>, name: values.name.trim() || 'this account' };
  const limits = useLimitCheck(draft);
  const payroll = field('payroll_deducted');
  return (
    <FormModal {...form.modal} title={editing ? 'Edit Retirement Account' : 'Add New Retirement Account'} submitLabel={editing ? 'Update Account' : 'Create Account'}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <PlainText label="Account Name" required {...field('name')} data-autofocus />
        <NativeSelect label="Account Type" required data={TYPE_OPTIONS} {...field('account_type')} />
        <MoneyInput label="Contribution Amount" {...hintBelow('Each deposit')} required {...field('contribution_amount')} />
        <NativeSelect label="Contribution Cycle" {...hintBelow('How often you contribute')} required data={CYCLE_OPTIONS} {...field('contribution_cycle')} />
        {!taxable && <NumberText label="Employer Match (%)" {...hintBelow(EMPLOYER_MATCH_HINT)} required min={0} max={100} step="0.01" {...field('employer_match')} />}
        {!taxable && <MoneyInput label="Employer Contribution Amount" {...hintBelow('Each deposit')} required {...field('employer_contribution_amount')} />}
        <MoneyInput label="Starting Balance" required {...field('starting_balance')} />
        <NumberText label="Expected Return Rate (%)" {...hintBelow('Yearly, 0 to 50')} required min={0} max={50} step="0.01" {...field('expected_return_rate')} />
        <DateInput label="Next Deposit Date" required {...field('next_deposit_date')} />
      </SimpleGrid>
      {taxable ? (
        <Alert variant="light" color="blue" data-testid="taxable-note">
          {TAXABLE_NOTE}
        </Alert>
      ) : (
        <Checkbox
          label="Deducted from my paycheck"
          description="The net pay you entered for your income is already after this contribution, so the plan does not subtract it again."
          checked={deducted(values, props.record === null)}
          onChange={(event) => payroll.onChange(String(event.currentTarget.checked))}
          error={payroll.error}
        />
      )}
      <LimitWarnings check={limits} />
    </FormModal>
  );
}
