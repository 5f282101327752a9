/**
 * A record form of a collection tab: the form kit's behaviour (use-record-form.ts) with what the
 * five tabs' forms share folded in: values from the record being edited (or a new one's), the
 * shared rule run with the screen's clock, a create or an update of that record when saved
 * (save-record.ts), and the modal's props.
 */
import { useRef, useState } from 'react';
import type { Validation, ValidationContext } from '../../shared/validation/kit.ts';
import type { WireRecord } from '../data/db.ts';
import { useDataLayer } from '../data/hooks.ts';
import type { CollectionName } from '../data/schema.ts';
import { useValidationContext } from './clock.tsx';
import { formModalProps } from './FormModal.tsx';
import { newRecord, saveCollectionRecord, type NewRecord } from './save-record.ts';
import { useRecordForm, type FormValues, type RecordForm } from './use-record-form.ts';

/** The props a collection tab gives its form: the record to edit, or null for a new one. */
export interface CollectionFormProps {
  record: WireRecord | null;
  onClose(): void;
}

export interface CollectionFormOptions<V extends FormValues, T extends object> extends CollectionFormProps {
  collection: CollectionName;
  /** The inputs' text for the record, or for a new one (null). */
  initial(record: WireRecord | null): V;
  // Not inferred from: the rule takes wider input than the form's values, which `initial` gives.
  validate(values: NoInfer<V>, ctx: ValidationContext): Validation<T>;
  /** What of the checked value is sent for the record (null: a new one); all of it by default. */
  sent?(value: T, record: WireRecord | null): object;
}

export interface CollectionForm<V extends FormValues> extends RecordForm<V> {
  editing: boolean;
  /** Spread into FormModal; the form adds its title and submit label. */
  modal: ReturnType<typeof formModalProps>;
}

export function useCollectionForm<V extends FormValues, T extends object>(options: CollectionFormOptions<V, T>): CollectionForm<V> {
  const { collection, record, onClose, sent } = options;
  const layer = useDataLayer();
  const ctx = useValidationContext();
  // The tab mounts the form for one record at a time, so its first values are made once.
  const [initial] = useState(() => options.initial(record));
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
