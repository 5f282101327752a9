/**
 * The add/edit/delete state of a list tab: which record the modal edits (or 'new'), which one the
 * delete dialog asks about, and what a refused delete does (spec section 4, "Delete"): an alert for
 * debts, monthly expenses and retirement accounts; only a log line for other expenses and incomes.
 */
import { useState } from 'react';
import type { WireRecord } from '../data/db.ts';
import { useDataLayer } from '../data/hooks.ts';
import type { CollectionName } from '../data/schema.ts';
import { notifyError } from './notify.ts';

export interface CollectionEditor {
  /** The record in the modal, 'new' for the add form, null when closed. */
  editing: WireRecord | 'new' | null;
  openCreate(): void;
  openEdit(record: WireRecord): void;
  closeForm(): void;
  deleting: WireRecord | null;
  askDelete(record: WireRecord): void;
  cancelDelete(): void;
  confirmDelete(): Promise<void>;
}

export function useCollectionEditor(collection: CollectionName, onDeleteFailure: 'alert' | 'log'): CollectionEditor {
  const layer = useDataLayer();
  const [editing, setEditing] = useState<WireRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WireRecord | null>(null);
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
