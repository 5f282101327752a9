/**
 * Create or edit the retirement plan (one per user). monthly_expenses is sent but not on the form
 * (docs/product.md#entities): an existing value is sent back unchanged, a new plan sends none.
 */
import { SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import type { WireRecordOf } from '../../../../shared/resources.ts';
import { useDataLayer } from '../../../data/bindings/hooks.ts';
import { validateRetirementPlan } from '../../../../shared/validation/records.ts';
import { useValidationContext } from '../../../ui/clock.tsx';
import { DateInput, MoneyInput, NumberText } from '../../../ui/fields.tsx';
import { FormModal, formModalProps, hintBelow } from '../../../forms/FormModal.tsx';
import { dateInputText, inputText } from '../../../ui/input-text.ts';
import { moneyInputText } from '../../../ui/money.ts';
import { useRecordForm } from '../../../forms/use-record-form.ts';
import { wireFields } from '../../../ui/wire.ts';

/** What the plan's rate does: every account earns it from retirement on (docs/projection-rules.md#retirement-months). */
export const RETIREMENT_RETURN_HINT = 'Yearly, 0 to 50: the return on savings in retirement. From your retirement date every account earns this rate in place of its own.';

/** Which dollars the benefit is in (docs/projection-rules.md#plan-assumptions): the projection grows it from today. */
export const SOCIAL_SECURITY_HINT = "Per month, in today's dollars as your Social Security statement shows it; the COLA under Plan assumptions grows it every year from now.";

export function RetirementPlanForm({ plan, onClose }: { plan: WireRecordOf<'retirementPlan'> | null; onClose(): void }) {
  const layer = useDataLayer();
  const ctx = useValidationContext();
  const editing = plan !== null;
  const initial = useMemo(
    () => ({
      retirement_date: dateInputText(plan?.retirement_date),
      interest_rate: inputText(plan?.interest_rate),
      social_security_income: moneyInputText(plan?.social_security_income),
      social_security_start_date: dateInputText(plan?.social_security_start_date),
      years_of_retirement: inputText(plan?.years_of_retirement),
    }),
    [plan],
  );
  const form = useRecordForm({
    initial,
    validate: (values) => validateRetirementPlan({ ...values, monthly_expenses: plan?.monthly_expenses ?? null }, ctx),
    submit: (value) => layer.mutations.saveSingle('retirementPlan', wireFields('retirement_plan', value)),
    onSaved: onClose,
  });
  const { field } = form;
  return (
    <FormModal {...formModalProps(form, onClose, editing)} title={editing ? 'Edit Retirement Plan' : 'Create Retirement Plan'} submitLabel={editing ? 'Update Plan' : 'Create Plan'}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DateInput label="Retirement Date" required {...field('retirement_date')} data-autofocus />
        <NumberText label="Expected Interest Rate on Savings (%)" {...hintBelow(RETIREMENT_RETURN_HINT)} required min={0} max={50} step="0.01" {...field('interest_rate')} />
        <MoneyInput label="Expected Social Security Income" {...hintBelow(SOCIAL_SECURITY_HINT)} required {...field('social_security_income')} />
        <DateInput label="Social Security Start Date" required {...field('social_security_start_date')} />
        <NumberText label="Expected Years of Retirement" {...hintBelow('1 to 100')} required min={1} max={100} step="1" {...field('years_of_retirement')} />
      </SimpleGrid>
    </FormModal>
  );
}
