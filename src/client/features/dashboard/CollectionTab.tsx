/**
 * The scaffold of the dashboard's list tabs (docs/product.md#screens-and-routes): a header with its
 * Add button, summary cards, the load error, a skeleton while the first load runs, the empty state
 * or the table (a "pending sync" mark beside each unconfirmed row's name, Edit and Delete at its
 * end), the record's form in a modal and the delete confirmation. A tab is a declaration of these.
 *
 * A tab with views (One-Time Expenses: Current and Past) shows them as sub-tabs, each with its own
 * cards and table over its share of the rows.
 */
import { Button, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useState, type ComponentType } from 'react';
import { useCollection, type CollectionOptions } from '../../data/bindings/hooks.ts';
import type { CollectionName, WireRecordOf } from '../../../shared/resources.ts';
import type { Column } from '../../ui/column.ts';
import { ConfirmDelete } from '../../ui/ConfirmDelete.tsx';
import { EmptyState, TableSkeleton } from '../../ui/ListStatus.tsx';
import { LoadError } from './LoadError.tsx';
import { PendingMark } from '../../ui/PendingMark.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { SummaryCards, type SummaryCard } from '../../ui/SummaryCards.tsx';
import type { CollectionFormProps } from '../../forms/use-collection-form.ts';
import { useCollectionEditor, type CollectionEditor } from '../../forms/use-collection-editor.ts';
import classes from './CollectionTab.module.css';

/** One sub-tab: its share of the rows, and what its table and empty state say. */
export interface CollectionSubTab<N extends CollectionName> {
  value: string;
  label: string;
  select(rows: WireRecordOf<N>[]): WireRecordOf<N>[];
  emptyText: string;
  tableLabel: string;
}

/** All of a tab but how it lists its rows (Listing). */
export interface CollectionTabBase<N extends CollectionName> {
  collection: N;
  /** How the data layer orders the rows, when a stored field does. */
  query?: CollectionOptions;
  /** The rows in the order shown, when the order is computed. */
  order?(rows: WireRecordOf<N>[]): WireRecordOf<N>[];
  title: string;
  addLabel: string;
  /** What a refused delete does (docs/product.md#states-and-transitions): an alert, or only a log line. */
  deleteFailure: 'alert' | 'log';
  /** The row's name: its first cell, its buttons' labels and the delete question. */
  itemName(row: WireRecordOf<N>): string;
  cards(rows: WireRecordOf<N>[]): SummaryCard[];
  /** A line under the cards. */
  cardsNote?: string;
  /** The columns after the name's; Actions comes last. */
  nameHeader: string;
  columns: readonly Column<WireRecordOf<N>>[];
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  Form: ComponentType<CollectionFormProps<N>>;
}

/** One table over all the rows, or sub-tabs (labelled for screen readers by `label`), each with its own cards. */
type Listing<N extends CollectionName> =
  | { tableLabel: string; emptyText: string; views?: undefined }
  | { views: { label: string; items: readonly CollectionSubTab<N>[] }; tableLabel?: undefined; emptyText?: undefined };

export type CollectionTabProps<N extends CollectionName> = CollectionTabBase<N> & Listing<N>;

interface ListProps<N extends CollectionName> {
  tab: CollectionTabProps<N>;
  rows: WireRecordOf<N>[];
  pendingIds: ReadonlySet<number>;
  editor: CollectionEditor<N>;
  emptyText: string;
  tableLabel: string;
  /** The load error is shown above: an empty list then says nothing about the user's data. */
  failed: boolean;
}

function RecordTable<N extends CollectionName>({ tab, rows, pendingIds, editor, emptyText, tableLabel, failed }: ListProps<N>) {
  if (rows.length === 0) {
    return (
      !failed && (
        <EmptyState>
          <Text>{emptyText}</Text>
        </EmptyState>
      )
    );
  }
  return (
    <Table.ScrollContainer minWidth={tab.minWidth}>
      <Table striped highlightOnHover aria-label={tableLabel}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{tab.nameHeader}</Table.Th>
            {tab.columns.map((column) => (
              <Table.Th key={column.header} ta={column.align}>
                {column.header}
              </Table.Th>
            ))}
            <Table.Th className={classes.actions}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                {tab.itemName(row)}
                <PendingMark pending={pendingIds.has(row.id)} />
              </Table.Td>
              {tab.columns.map((column) => (
                <Table.Td key={column.header} ta={column.align}>
                  {column.cell(row)}
                </Table.Td>
              ))}
              <Table.Td className={classes.actions}>
                <RowActions name={tab.itemName(row)} onEdit={() => editor.openEdit(row)} onDelete={() => editor.askDelete(row)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Cards<N extends CollectionName>({ tab, rows }: { tab: CollectionTabProps<N>; rows: WireRecordOf<N>[] }) {
  return (
    <>
      <SummaryCards cards={tab.cards(rows)} />
      {tab.cardsNote && (
        <Text size="xs" c="dimmed">
          {tab.cardsNote}
        </Text>
      )}
    </>
  );
}

interface ViewsProps<N extends CollectionName> {
  views: { label: string; items: readonly CollectionSubTab<N>[] };
  list: Omit<ListProps<N>, 'emptyText' | 'tableLabel'>;
  view: string | null;
  setView(value: string): void;
}

function Views<N extends CollectionName>({ views, list, view, setView }: ViewsProps<N>) {
  return (
    <Tabs value={view} onChange={(value) => value !== null && setView(value)} variant="pills" keepMounted={false}>
      <Tabs.List aria-label={views.label}>
        {views.items.map((item) => (
          <Tabs.Tab key={item.value} value={item.value}>
            {item.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {views.items.map((item) => {
        const rows = item.select(list.rows);
        return (
          <Tabs.Panel key={item.value} value={item.value} pt="md">
            <Stack>
              <Cards tab={list.tab} rows={rows} />
              <RecordTable {...list} rows={rows} emptyText={item.emptyText} tableLabel={item.tableLabel} />
            </Stack>
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}

export function CollectionTab<N extends CollectionName>(tab: CollectionTabProps<N>) {
  const { rows: stored, pendingIds, loading, error } = useCollection(tab.collection, tab.query);
  const editor = useCollectionEditor(tab.collection, tab.deleteFailure);
  const rows = tab.order ? tab.order(stored) : stored;
  const list = { tab, rows, pendingIds, editor, failed: error !== null };
  const skeleton = loading && rows.length === 0;
  // The chosen sub-tab lives here, not in Views: the skeleton of a first fetch that starts after
  // the empty list was already shown unmounts Views, and must not send the user back to the first.
  const [view, setView] = useState(tab.views?.items[0]?.value ?? null);
  const { Form } = tab;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{tab.title}</Title>
        <Button onClick={editor.openCreate}>{tab.addLabel}</Button>
      </Group>
      {!tab.views && <Cards tab={tab} rows={rows} />}
      {error && <LoadError message={error} />}
      {skeleton ? (
        <TableSkeleton />
      ) : tab.views ? (
        <Views views={tab.views} list={list} view={view} setView={setView} />
      ) : (
        <RecordTable {...list} emptyText={tab.emptyText} tableLabel={tab.tableLabel} />
      )}
      {editor.editing !== null && <Form record={editor.editing === 'new' ? null : editor.editing} onClose={editor.closeForm} />}
      <ConfirmDelete itemName={editor.deleting ? tab.itemName(editor.deleting) : null} onCancel={editor.cancelDelete} onConfirm={editor.confirmDelete} />
    </Stack>
  );
}
