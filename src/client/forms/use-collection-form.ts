/**
 * A record form of a collection tab: the form kit's behaviour (use-record-form.ts) with what the
 * five tabs' forms share folded in: values from the record being edited (or a new one's), the
 * shared rule run with the screen's clock, a create or an update of that record when saved
 * (save-record.ts), and the modal's props.
 */
import { useRef, useState } from 'react';
import type { Validation, ValidationContext } from '../../shared/validation/kit.ts';
import { useDataLayer } from '../data/bindings/hooks.ts';
import { COLLECTIONS, type CollectionName, type WireRecordOf } from '../../shared/resources.ts';
import { useValidationContext } from '../ui/clock.tsx';
import { formModalProps } from './FormModal.tsx';
import { newRecord, saveCollectionRecord, type NewRecord } from './save-record.ts';
import { useRecordForm, type FormValues, type RecordForm } from './use-record-form.ts';
import { recordInputs, type InputsOf } from '../ui/wire.ts';

/** The props a collection tab gives its form: the record to edit, or null for a new one. */
export interface CollectionFormProps<N extends CollectionName> {
  record: WireRecordOf<N> | null;
  onClose(): void;
}

export interface CollectionFormOptions<N extends CollectionName, V extends FormValues, T extends object> extends CollectionFormProps<N> {
  collection: N;
  /** The inputs' text for the record, or for a new one (null); by default each field's (`recordInputs`). */
  initial?(record: WireRecordOf<N> | null): V;
  // Not inferred from: the rule takes wider input than the form's values, which `initial` gives.
  validate(values: NoInfer<V>, ctx: ValidationContext): Validation<T>;
  /** What of the checked value is sent for the record (null: a new one); all of it by default. */
  sent?(value: T, record: WireRecordOf<N> | null): object;
}

export interface CollectionForm<V extends FormValues> extends RecordForm<V> {
  editing: boolean;
  /** Spread into FormModal; the form adds its title and submit label. */
  modal: ReturnType<typeof formModalProps>;
}

/** The inputs of a collection's record, as `recordInputs` makes them. */
type RecordInputsOf<N extends CollectionName> = InputsOf<(typeof COLLECTIONS)[N]['record']>;

export function useCollectionForm<N extends CollectionName, V extends FormValues = RecordInputsOf<N>, T extends object = object>(options: CollectionFormOptions<N, V, T>): CollectionForm<V> {
  const { collection, record, onClose, sent } = options;
  const layer = useDataLayer();
  const ctx = useValidationContext();
  // The tab mounts the form for one record at a time, so its first values are made once.
  const [initial] = useState(() => (options.initial ? options.initial(record) : (recordInputs(COLLECTIONS[collection].record, record) as FormValues as V)));
  // A new record's create key and what a failed create sent, kept while the form is open.
  const fresh = useRef<NewRecord | null>(null);
  const form = useRecordForm({
    initial,
    validate: (values) => options.validate(values, ctx),
    submit: (value) => saveCollectionRecord(layer.mutations, collection, record, sent ? sent(value, record) : value, (fresh.current ??= newRecord())),
    onSaved: onClose,
  });
  const editing = record !== null;
  return { ...form, editing, modal: formModalProps(form, onClose, editing) };
}
