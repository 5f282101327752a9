/**
 * The month edit modals (docs/product.md#states-and-transitions, #validation): one money field —
 * the actual balance the user had at the end of a month — checked by the shared rule of its table,
 * sent as `{field: dollars}` to the month row. Closing is blocked while it submits. A refusal, a
 * server error or a timeout shows the data layer's wording ('Failed to update income month. Please
 * try again.' and its kin) and the modal stays open; offline the edit is queued, the modal closes
 * at once and the tables are recomputed on the device (provisional) until the server's arrive.
 */
import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { centsToDollars, type Cents } from '../../../engine/money.ts';
import type { MonthKey } from '../../../engine/months.ts';
import type { Validation } from '../../../shared/validation/kit.ts';
import { useDataLayer } from '../../data/bindings/hooks.ts';
import type { MonthsName } from '../../../shared/resources.ts';
import { MoneyInput } from '../../ui/fields.tsx';
import { FormModal } from '../../forms/FormModal.tsx';
import { moneyInputText } from '../../ui/money.ts';
import { useRecordForm } from '../../forms/use-record-form.ts';

export interface MonthEdit<T> {
  /** 'Edit Income Month' */
  title: string;
  /** 'Update Income Month' */
  submitLabel: string;
  months: MonthsName;
  rowId: number;
  month: MonthKey;
  /** The debt's or account's name, shown beside the month. */
  entityName?: string | undefined;
  /** The wire field the edit sends, e.g. 'input_end_balance'. */
  field: string;
  /** The input's label, e.g. 'Actual End Balance'. */
  label: string;
  allowNegative?: boolean;
  /** The value the row shows now, which the field starts from. */
  current: Cents;
  /** The shared rule of this table (src/shared/validation/months.ts). */
  validate(values: Record<string, string>): Validation<T>;
  /** The checked value's cents (e.g. `value.input_end_balance`). */
  pick(value: T): Cents;
}

export function MonthEditModal<T>({ edit, onClose }: { edit: MonthEdit<T>; onClose(): void }) {
  const layer = useDataLayer();
  const initial = useMemo(() => ({ [edit.field]: moneyInputText(centsToDollars(edit.current)) }), [edit.field, edit.current]);
  const form = useRecordForm<Record<string, string>, T>({
    initial,
    validate: edit.validate,
    submit: (value) => layer.mutations.editMonth(edit.months, edit.rowId, { [edit.field]: centsToDollars(edit.pick(value)) }),
    onSaved: onClose,
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={edit.title}
      submitting={form.submitting}
      submitLabel={edit.submitLabel}
      submittingLabel="Updating..."
      formError={form.formError}
      onSubmit={(event) => void form.onSubmit(event)}
    >
      <Stack gap="sm">
        <Text size="sm">
          {edit.entityName ? `${edit.entityName} · ` : ''}
          Month {edit.month}
        </Text>
        <MoneyInput
          label={edit.label}
          required
          allowNegative={edit.allowNegative ?? false}
          {...form.field(edit.field)}
          data-autofocus
        />
        <Text size="xs" c="dimmed">
          Later months are projected from the balance you enter.
        </Text>
      </Stack>
    </FormModal>
  );
}
