/** Sets any plan assumption by hand; an empty field is "not set" (neutral). */
import { Divider, NativeSelect, SimpleGrid } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import type { WireRecordOf } from '../../../shared/resources.ts';
import { validateAssumptions } from '../../../shared/validation/records.ts';
import { useDataLayer } from '../../data/bindings/hooks.ts';
import { useValidationContext } from '../../ui/clock.tsx';
import { MoneyInput, NumberText } from '../../ui/fields.tsx';
import { FormModal, formModalProps, hintBelow } from '../../forms/FormModal.tsx';
import { useRecordForm } from '../../forms/use-record-form.ts';
import { recordInputs, wireFields } from '../../ui/wire.ts';
import { ASSUMPTIONS, MONEY_GOES, NO_TAXABLE_ACCOUNT, RISK, RISK_HEADING, SURPLUS_ACCOUNT_LABEL, SURPLUS_SHARE_LABEL, TAXES, TAXES_HEADING, taxesByBrackets, type AssumptionField, type AssumptionInfo } from '../../model/recommendations.ts';

/** Marks the field another screen opened the form at. */
const ASKED = 'data-asked';

/** The fields another screen may open the form at (the Overview's two fixes for idle cash). */
export type FocusField = 'other_spending' | 'surplus_account_id';

const YES_NO = [
  { value: '', label: 'Not set' },
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** The short hint under a field (where the money goes, taxes, risk); the card says the rest. */
const HINTS: Partial<Record<AssumptionField, string>> = {
  other_spending: 'Groceries beyond the list, clothes, gifts, holidays, coffee',
  overdraft_interest_rate: 'Charged on negative cash',
  stock_share: 'The rest in bonds; empty: 60',
  return_volatility: 'Empty: the one for your stock share (60 % in stocks: 12)',
  filing_status: 'Not set: the flat tax on traditional withdrawals',
  state_tax_rate: 'Your state’s rate; 0 without a state income tax',
  roth_conversion: 'Each January of retirement, until the year before RMDs',
};

/**
 * The tax fields' hints follow the filing status chosen in the form: the flat rate is not used with
 * one, the state rate and the conversion are not used without one (the card says the same).
 */
function taxHint(field: AssumptionField, filingStatus: unknown): string | undefined {
  const brackets = taxesByBrackets(filingStatus);
  if (field === 'retirement_tax_rate') return brackets ? 'Not used with a filing status: the federal brackets apply' : undefined;
  if ((field === 'state_tax_rate' || field === 'roth_conversion') && !brackets) return `${HINTS[field]}. Not used without a filing status`;
  return HINTS[field];
}

/** The form's label of a field: its card label with the unit. */
function labelOf(info: AssumptionInfo): string {
  if (info.kind === 'monthly') return `${info.label} ($ a month, today's dollars)`;
  if (info.kind === 'yearly') return `${info.label} ($ a year, today's dollars)`;
  if (info.kind === 'share') return `${info.label} (% ${info.per ?? ''})`.replace(' )', ')');
  return info.kind === 'percent' ? `${info.label} (% a year)` : info.label;
}

interface FormProps {
  record: WireRecordOf<'assumptions'> | null;
  /** The user's taxable accounts: the surplus's choices. */
  taxable: readonly WireRecordOf<'retirementAccounts'>[];
  /** What the list comes to today (the Retirement budget's hint). */
  listHint: string;
  /** The field to put the cursor in; null: the first. */
  focus?: FocusField | null;
  onClose(): void;
}

export function AssumptionsForm({ record, taxable, listHint, focus = null, onClose }: FormProps) {
  const layer = useDataLayer();
  const ctx = useValidationContext();
  const initial = useMemo(() => recordInputs('assumptions', record), [record]);
  const form = useRecordForm({
    initial,
    // With no account named the share means nothing: it goes as not set (100 when one is named).
    validate: (values) => validateAssumptions(values.surplus_account_id === '' ? { ...values, surplus_share: '' } : values, ctx),
    // Every field is sent, an empty one as null, so clearing a value unsets it.
    submit: (value) => layer.mutations.saveSingle('assumptions', wireFields('assumptions', value)),
    onSaved: onClose,
  });
  const { field, values } = form;
  // The field asked for gets the focus (data-autofocus) while the modal opens, which does not
  // scroll a long form to it: its first focus brings it into view.
  useEffect(() => {
    if (focus === null) return;
    const onFocusIn = (event: FocusEvent) => {
      if (!(event.target instanceof HTMLElement) || !event.target.hasAttribute(ASKED)) return;
      event.target.scrollIntoView?.({ block: 'center' });
      document.removeEventListener('focusin', onFocusIn);
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [focus]);
  const asked = (name: AssumptionField) => (focus === name ? { 'data-autofocus': true, [ASKED]: true } : {});
  const accountOptions = useMemo(() => {
    const options = [{ value: '', label: 'None: the surplus stays cash' }, ...taxable.map((account) => ({ value: String(account.id), label: String(account.name) }))];
    const stored = initial.surplus_account_id;
    // A stored choice that is no longer one of the taxable accounts stays visible, so it is not changed unseen.
    if (stored !== '' && !options.some((option) => option.value === stored)) options.push({ value: stored, label: 'An account that is not taxable' });
    return options;
  }, [taxable, initial.surplus_account_id]);
  const input = (info: AssumptionInfo) => {
    const props = { label: labelOf(info), ...field(info.field), ...asked(info.field) };
    const hint = info.field === 'retirement_spending' ? listHint : taxHint(info.field, values.filing_status);
    const below = hint === undefined ? {} : hintBelow(hint);
    if (info.kind === 'boolean') return <NativeSelect key={info.field} data={YES_NO} {...props} />;
    if (info.kind === 'choice') return <NativeSelect key={info.field} data={[{ value: '', label: 'Not set' }, ...(info.choices ?? [])]} {...below} {...props} />;
    if (info.kind === 'money' || info.kind === 'monthly' || info.kind === 'yearly') return <MoneyInput key={info.field} {...below} {...props} />;
    return <NumberText key={info.field} step="0.1" {...below} {...props} />;
  };
  return (
    <FormModal {...formModalProps(form, onClose, record !== null)} title="Plan assumptions" submitLabel="Save assumptions">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {ASSUMPTIONS.map(input)}
      </SimpleGrid>
      <Divider label="Where the money goes" labelPosition="left" mt="xs" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {MONEY_GOES.map(input)}
        <NativeSelect
          label={SURPLUS_ACCOUNT_LABEL}
          data={accountOptions}
          disabled={taxable.length === 0 && values.surplus_account_id === ''}
          {...hintBelow(taxable.length === 0 ? NO_TAXABLE_ACCOUNT : 'One of your taxable accounts, or none')}
          {...field('surplus_account_id')}
          {...asked('surplus_account_id')}
        />
        {values.surplus_account_id !== '' && (
          <NumberText label={`${SURPLUS_SHARE_LABEL} (%)`} step="1" min={0} max={100} placeholder="100" {...hintBelow('Of each working month’s surplus; empty: 100')} {...field('surplus_share')} />
        )}
      </SimpleGrid>
      <Divider label={TAXES_HEADING} labelPosition="left" mt="xs" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {TAXES.map(input)}
      </SimpleGrid>
      <Divider label={RISK_HEADING} labelPosition="left" mt="xs" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {RISK.map(input)}
      </SimpleGrid>
    </FormModal>
  );
}
