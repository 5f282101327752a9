/**
 * Create or edit the user's one debt plan (docs/product.md#entities, #validation). With no strategy
 * the extra payment is hidden and sent as 0; the shared rule answers 0 for it, so what the form
 * sends is the rule's value.
 */
import { NativeSelect } from '@mantine/core';
import { useMemo } from 'react';
import { validateDebtPlan } from '../../../../shared/validation/records.ts';
import type { WireRecordOf } from '../../../../shared/resources.ts';
import { useDataLayer } from '../../../data/bindings/hooks.ts';
import { useValidationContext } from '../../../ui/clock.tsx';
import { MoneyInput } from '../../../ui/fields.tsx';
import { FormModal, formModalProps } from '../../../forms/FormModal.tsx';
import { moneyInputText } from '../../../ui/money.ts';
import { useRecordForm } from '../../../forms/use-record-form.ts';
import { wireFields } from '../../../ui/wire.ts';
import { PLAN_TYPE_OPTIONS } from './plan-types.ts';

// A new plan starts with no strategy chosen, so the rule 'Plan type is required' is the one that asks.
const TYPE_DATA = [{ value: '', label: 'Select a plan type' }, ...PLAN_TYPE_OPTIONS];

export function DebtPlanForm({ plan, onClose }: { plan: WireRecordOf<'debtPlan'> | null; onClose(): void }) {
  const layer = useDataLayer();
  const ctx = useValidationContext();
  const editing = plan !== null;
  const initial = useMemo(
    () => ({
      plan_type: typeof plan?.plan_type === 'string' ? plan.plan_type : '',
      extra_payment: moneyInputText(plan?.extra_payment),
    }),
    [plan],
  );
  const form = useRecordForm({
    initial,
    validate: (values) => validateDebtPlan(values, ctx),
    submit: (value) => layer.mutations.saveSingle('debtPlan', wireFields('debt_plan', value)),
    onSaved: onClose,
  });
  const { values, field } = form;
  return (
    <FormModal {...formModalProps(form, onClose, editing)} title={editing ? 'Edit Debt Plan' : 'Create Debt Plan'} submitLabel={editing ? 'Update Debt Plan' : 'Create Debt Plan'}>
      <NativeSelect label="Plan Type" required data={TYPE_DATA} {...field('plan_type')} data-autofocus />
      {values.plan_type !== 'none' && (
        <MoneyInput label="Extra Payment" description="Paid each month on top of the minimums; leave empty for none" {...field('extra_payment')} />
      )}
    </FormModal>
  );
}
