/** Sets any plan assumption by hand; an empty field is "not set" (neutral). */
import { NativeSelect, SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import type { WireRecordOf } from '../../../shared/resources.ts';
import { validateAssumptions } from '../../../shared/validation/records.ts';
import { useDataLayer } from '../../data/hooks.ts';
import { useValidationContext } from '../../ui/clock.tsx';
import { MoneyInput, NumberText } from '../../ui/fields.tsx';
import { FormModal, formModalProps } from '../../ui/FormModal.tsx';
import { useRecordForm } from '../../ui/use-record-form.ts';
import { recordInputs, wireFields } from '../../ui/wire.ts';
import { ASSUMPTIONS } from './recommendations.ts';

const YES_NO = [
  { value: '', label: 'Not set' },
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

export function AssumptionsForm({ record, onClose }: { record: WireRecordOf<'assumptions'> | null; onClose(): void }) {
  const layer = useDataLayer();
  const ctx = useValidationContext();
  const initial = useMemo(() => recordInputs('assumptions', record), [record]);
  const form = useRecordForm({
    initial,
    validate: (values) => validateAssumptions(values, ctx),
    // Every field is sent, an empty one as null, so clearing a value unsets it.
    submit: (value) => layer.mutations.saveSingle('assumptions', wireFields('assumptions', value)),
    onSaved: onClose,
  });
  const { field } = form;
  return (
    <FormModal {...formModalProps(form, onClose, record !== null)} title="Plan assumptions" submitLabel="Save assumptions">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {ASSUMPTIONS.map((info) =>
          info.kind === 'boolean' ? (
            <NativeSelect key={info.field} label={info.label} data={YES_NO} {...field(info.field)} />
          ) : info.kind === 'money' ? (
            <MoneyInput key={info.field} label={info.label} {...field(info.field)} />
          ) : (
            <NumberText key={info.field} label={`${info.label} (% a year)`} step="0.1" {...field(info.field)} />
          ),
        )}
      </SimpleGrid>
    </FormModal>
  );
}
