/**
 * The One-Time Expenses tab (spec section 2): Current and Past sub-tabs split at the current month
 * of the injectable clock, each with its own cards and table.
 */
import { Button, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { WireRecord } from '../../../data/db.ts';
import { useCollection } from '../../../data/hooks.ts';
import { localMonth, useClock } from '../../../ui/clock.tsx';
import { ConfirmDelete } from '../../../ui/ConfirmDelete.tsx';
import { EmptyState, LoadError, TableSkeleton } from '../../../ui/ListStatus.tsx';
import { formatCentsUsd, formatUsd } from '../../../ui/money.ts';
import { PendingMark } from '../../../ui/PendingMark.tsx';
import { RowActions } from '../../../ui/RowActions.tsx';
import { SummaryCards } from '../../../ui/SummaryCards.tsx';
import { useCollectionEditor, type CollectionEditor } from '../../../ui/use-collection-editor.ts';
import { expenseSummary } from '../monthly-expenses/summary.ts';
import { OtherExpenseForm } from './OtherExpenseForm.tsx';
import { monthText, splitByMonth } from './summary.ts';

export const PAST_EMPTY = 'No past expenses. Expenses move here once their month has passed.';
export const CURRENT_EMPTY = 'No current expenses found';

type View = 'current' | 'past';

const label = (expense: WireRecord) => String(expense.description ?? '');

interface ListProps {
  view: View;
  rows: WireRecord[];
  pendingIds: ReadonlySet<number>;
  editor: CollectionEditor;
  /** The load error is shown above: an empty list then says nothing about the user's data. */
  failed: boolean;
}

function ExpenseList({ view, rows, pendingIds, editor, failed }: ListProps) {
  const summary = expenseSummary(rows);
  return (
    <Stack>
      <SummaryCards
        cards={[
          { label: 'Total Expenses', value: String(summary.count) },
          { label: 'Total Amount', value: formatCentsUsd(summary.total) },
          { label: 'Average Amount', value: formatCentsUsd(summary.average) },
        ]}
      />
      {rows.length === 0 ? (
        !failed && (
          <EmptyState>
            <Text>{view === 'past' ? PAST_EMPTY : CURRENT_EMPTY}</Text>
          </EmptyState>
        )
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover aria-label={view === 'past' ? 'Past expenses' : 'Current expenses'}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Month</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((expense) => (
                <Table.Tr key={expense.id}>
                  <Table.Td>
                    {label(expense)}
                    <PendingMark pending={pendingIds.has(expense.id)} />
                  </Table.Td>
                  <Table.Td ta="right">{formatUsd(expense.amount)}</Table.Td>
                  <Table.Td>{monthText(expense)}</Table.Td>
                  <Table.Td>
                    <RowActions name={label(expense)} onEdit={() => editor.openEdit(expense)} onDelete={() => editor.askDelete(expense)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

export function OtherExpensesTab() {
  const clock = useClock();
  const { rows, pendingIds, loading, error } = useCollection('otherExpenses');
  // Spec section 4: a refused delete of an other expense is only logged.
  const editor = useCollectionEditor('otherExpenses', 'log');
  const [view, setView] = useState<View>('current');
  const split = splitByMonth(rows, localMonth(clock()));
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>One-Time Expenses</Title>
        <Button onClick={editor.openCreate}>Add Expense</Button>
      </Group>
      {error && <LoadError message={error} />}
      {loading && rows.length === 0 ? (
        <TableSkeleton />
      ) : (
        <Tabs value={view} onChange={(value) => setView(value === 'past' ? 'past' : 'current')} variant="pills" keepMounted={false}>
          <Tabs.List aria-label="One-time expenses by month">
            <Tabs.Tab value="current">Current Expenses</Tabs.Tab>
            <Tabs.Tab value="past">Past Expenses</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="current" pt="md">
            <ExpenseList view="current" rows={split.current} pendingIds={pendingIds} editor={editor} failed={error !== null} />
          </Tabs.Panel>
          <Tabs.Panel value="past" pt="md">
            <ExpenseList view="past" rows={split.past} pendingIds={pendingIds} editor={editor} failed={error !== null} />
          </Tabs.Panel>
        </Tabs>
      )}
      {editor.editing !== null && <OtherExpenseForm expense={editor.editing === 'new' ? null : editor.editing} onClose={editor.closeForm} />}
      <ConfirmDelete itemName={editor.deleting ? label(editor.deleting) : null} onCancel={editor.cancelDelete} onConfirm={editor.confirmDelete} />
    </Stack>
  );
}
