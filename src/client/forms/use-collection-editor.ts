/**
 * The add/edit/delete state of a list tab: which record the modal edits (or 'new'), which one the
 * delete dialog asks about, and what a refused delete does
 * (docs/product.md#states-and-transitions): an alert for debts, monthly expenses and retirement
 * accounts; only a log line for other expenses and incomes.
 */
import { useState } from 'react';
import { useDataLayer } from '../data/bindings/hooks.ts';
import type { CollectionName, WireRecordOf } from '../../shared/resources.ts';
import { notifyError } from '../ui/notify.ts';

export interface CollectionEditor<N extends CollectionName> {
  /** The record in the modal, 'new' for the add form, null when closed. */
  editing: WireRecordOf<N> | 'new' | null;
  openCreate(): void;
  openEdit(record: WireRecordOf<N>): void;
  closeForm(): void;
  deleting: WireRecordOf<N> | null;
  askDelete(record: WireRecordOf<N>): void;
  cancelDelete(): void;
  confirmDelete(): Promise<void>;
}

export function useCollectionEditor<N extends CollectionName>(collection: N, onDeleteFailure: 'alert' | 'log'): CollectionEditor<N> {
  const layer = useDataLayer();
  const [editing, setEditing] = useState<WireRecordOf<N> | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WireRecordOf<N> | null>(null);
  return {
    editing,
    openCreate: () => setEditing('new'),
    openEdit: (record) => setEditing(record),
    closeForm: () => setEditing(null),
    deleting,
    askDelete: (record) => setDeleting(record),
    cancelDelete: () => setDeleting(null),
    async confirmDelete() {
      if (!deleting) return;
      const result = await layer.mutations.remove(collection, deleting.id);
      setDeleting(null);
      if (result.status !== 'failed') return;
      if (onDeleteFailure === 'alert') await notifyError('Delete failed', result.message);
      else console.error(result.message);
    },
  };
}
