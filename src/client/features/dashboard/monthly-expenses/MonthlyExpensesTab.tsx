/** The Monthly Expenses tab (spec section 2): cards, the table sorted by due day, add/edit/delete. */
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useCollection } from '../../../data/hooks.ts';
import { ConfirmDelete } from '../../../ui/ConfirmDelete.tsx';
import { EmptyState, LoadError, TableSkeleton } from '../../../ui/ListStatus.tsx';
import { formatCentsUsd, formatUsd } from '../../../ui/money.ts';
import { PendingMark } from '../../../ui/PendingMark.tsx';
import { RowActions } from '../../../ui/RowActions.tsx';
import { SummaryCards } from '../../../ui/SummaryCards.tsx';
import { useCollectionEditor } from '../../../ui/use-collection-editor.ts';
import { MonthlyExpenseForm } from './MonthlyExpenseForm.tsx';
import { dueDayOf, expenseSummary, sortByDueDay } from './summary.ts';

export function MonthlyExpensesTab() {
  const { rows: unsorted, pendingIds, loading, error } = useCollection('monthlyExpenses');
  const editor = useCollectionEditor('monthlyExpenses', 'alert');
  const rows = sortByDueDay(unsorted);
  const summary = expenseSummary(rows);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Monthly Expenses</Title>
        <Button onClick={editor.openCreate}>Add Expense</Button>
      </Group>
      <SummaryCards
        cards={[
          { label: 'Total Monthly Expenses', value: formatCentsUsd(summary.total) },
          { label: 'Average Expense', value: formatCentsUsd(summary.average) },
          { label: 'Number of Expenses', value: String(summary.count) },
        ]}
      />
      {error && <LoadError message={error} />}
      {loading && rows.length === 0 ? (
        <TableSkeleton />
      ) : rows.length === 0 ? (
        !error && (
          <EmptyState>
            <Text>No monthly expenses found</Text>
          </EmptyState>
        )
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover aria-label="Monthly expenses">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Due Day</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((expense) => {
                const day = dueDayOf(expense);
                return (
                  <Table.Tr key={expense.id}>
                    <Table.Td>
                      {String(expense.name ?? '')}
                      <PendingMark pending={pendingIds.has(expense.id)} />
                    </Table.Td>
                    <Table.Td ta="right">{formatUsd(expense.amount)}</Table.Td>
                    <Table.Td>{day === null ? '—' : `Day ${day}`}</Table.Td>
                    <Table.Td>
                      <RowActions name={String(expense.name ?? '')} onEdit={() => editor.openEdit(expense)} onDelete={() => editor.askDelete(expense)} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editor.editing !== null && <MonthlyExpenseForm expense={editor.editing === 'new' ? null : editor.editing} onClose={editor.closeForm} />}
      <ConfirmDelete itemName={editor.deleting ? String(editor.deleting.name ?? '') : null} onCancel={editor.cancelDelete} onConfirm={editor.confirmDelete} />
    </Stack>
  );
}
