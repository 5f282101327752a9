/**
 * Add or edit the user's one housing record (docs/product.md#entities, #validation). The loan's
 * fields appear only for a Mortgage, and only a Mortgage sends them; the rules check exactly what
 * is sent.
 */
import { NativeSelect, SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import { HOUSING_TYPES } from '../../../../shared/records.ts';
import { validateHousing } from '../../../../shared/validation/records.ts';
import type { WireRecordOf } from '../../../../shared/resources.ts';
import { useDataLayer } from '../../../data/bindings/hooks.ts';
import { useValidationContext } from '../../../ui/clock.tsx';
import { DateInput, MoneyInput, NumberText } from '../../../ui/fields.tsx';
import { FormModal, formModalProps } from '../../../forms/FormModal.tsx';
import { useRecordForm } from '../../../forms/use-record-form.ts';
import { recordInputs, wireFields } from '../../../ui/wire.ts';
import { isMortgage, onlySent, type HousingFormValues } from './housing-fields.ts';

export function HousingForm({ housing, onClose }: { housing: WireRecordOf<'housing'> | null; onClose(): void }) {
  const layer = useDataLayer();
  const ctx = useValidationContext();
  const editing = housing !== null;
  const initial = useMemo<HousingFormValues>(
    () => {
      const inputs = recordInputs('housing', housing);
      return { ...inputs, housing_type: inputs.housing_type || 'Rent' };
    },
    [housing],
  );
  const form = useRecordForm({
    initial,
    validate: (values) => validateHousing(onlySent(values.housing_type, values), ctx),
    submit: (value) => layer.mutations.saveSingle('housing', onlySent(value.housing_type, wireFields('housing', value))),
    onSaved: onClose,
  });
  const { values, field } = form;
  const mortgage = isMortgage(values.housing_type);
  const money = (name: keyof HousingFormValues, label: string, description?: string) => (
    <MoneyInput label={label} required description={description} {...field(name)} />
  );
  return (
    <FormModal
      {...formModalProps(form, onClose, editing)}
      title={editing ? 'Edit Housing' : 'Add New Housing'}
      submitLabel={editing ? 'Update Housing' : 'Add Housing'}
      // After the spread, so it replaces 'Creating...': a new housing record is added, not created.
      submittingLabel={editing ? 'Updating...' : 'Adding...'}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect label="Housing Type" required data={HOUSING_TYPES} {...field('housing_type')} data-autofocus />
        {money('total_monthly_payment', 'Total Monthly Payment')}
        {mortgage && (
          <>
            {money('original_purchase_price', 'Original Purchase Price')}
            {money('down_payment', 'Down Payment')}
            <NumberText label="Interest Rate (%)" required min={0} max={100} step="0.01" {...field('interest_rate')} />
            <NumberText label="Term (years)" required min={1} max={50} step="1" placeholder="30" {...field('term')} />
            <DateInput label="Open Date" required {...field('open_date')} />
            {money('current_balance', 'Current Balance')}
            {/* Last and alone in its row, so its note does not push a neighbour out of line. */}
            {money('escrow_payment', 'Escrow Payment', 'Part of the total monthly payment')}
          </>
        )}
      </SimpleGrid>
    </FormModal>
  );
}
