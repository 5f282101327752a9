/**
 * Create or edit the retirement plan (one per user). monthly_expenses is sent but not on the form
 * (spec section 3): an existing value is sent back unchanged, a new plan sends none.
 */
import { SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import type { WireRecord } from '../../../data/db.ts';
import { useDataLayer } from '../../../data/hooks.ts';
import { validateRetirementPlan } from '../../../../shared/validation/records.ts';
import { useValidationContext } from '../../../ui/clock.tsx';
import { DateInput, MoneyInput, NumberText } from '../../../ui/fields.tsx';
import { DESCRIPTION_BELOW, FormModal, formModalProps } from '../../../ui/FormModal.tsx';
import { dateInputText, inputText } from '../../../ui/input-text.ts';
import { moneyInputText } from '../../../ui/money.ts';
import { useRecordForm } from '../../../ui/use-record-form.ts';
import { wireFields } from '../../../ui/wire.ts';

export function RetirementPlanForm({ plan, onClose }: { plan: WireRecord | null; onClose(): void }) {
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
  const { values, errors, setField } = form;
  return (
    <FormModal {...formModalProps(form, onClose, editing)} title={editing ? 'Edit Retirement Plan' : 'Create Retirement Plan'} submitLabel={editing ? 'Update Plan' : 'Create Plan'}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DateInput label="Retirement Date" required value={values.retirement_date} onChange={(v) => setField('retirement_date', v)} error={errors.retirement_date} data-autofocus />
        <NumberText
          label="Expected Interest Rate on Savings (%)"
          description="Yearly, 0 to 50"
          inputWrapperOrder={DESCRIPTION_BELOW}
          required
          min={0}
          max={50}
          step="0.01"
          value={values.interest_rate}
          onChange={(v) => setField('interest_rate', v)}
          error={errors.interest_rate}
        />
        <MoneyInput
          label="Expected Social Security Income"
          description="Per month"
          inputWrapperOrder={DESCRIPTION_BELOW}
          required
          value={values.social_security_income}
          onChange={(v) => setField('social_security_income', v)}
          error={errors.social_security_income}
        />
        <DateInput
          label="Social Security Start Date"
          required
          value={values.social_security_start_date}
          onChange={(v) => setField('social_security_start_date', v)}
          error={errors.social_security_start_date}
        />
        <NumberText
          label="Expected Years of Retirement"
          description="1 to 100"
          inputWrapperOrder={DESCRIPTION_BELOW}
          required
          min={1}
          max={100}
          step="1"
          value={values.years_of_retirement}
          onChange={(v) => setField('years_of_retirement', v)}
          error={errors.years_of_retirement}
        />
      </SimpleGrid>
    </FormModal>
  );
}
