/** The Debts tab (spec section 2): cards, the table sorted by due day, add/edit/delete. */
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useCollection } from '../../../data/hooks.ts';
import { ConfirmDelete } from '../../../ui/ConfirmDelete.tsx';
import { EmptyState, LoadError, TableSkeleton } from '../../../ui/ListStatus.tsx';
import { formatCentsUsd, formatPercent, formatUsd } from '../../../ui/money.ts';
import { PendingMark } from '../../../ui/PendingMark.tsx';
import { RowActions } from '../../../ui/RowActions.tsx';
import { SummaryCards } from '../../../ui/SummaryCards.tsx';
import { useCollectionEditor } from '../../../ui/use-collection-editor.ts';
import { DebtForm } from './DebtForm.tsx';
import { debtSummary } from './summary.ts';

export function DebtsTab() {
  const { rows, pendingIds, loading, error } = useCollection('debts', { sort: 'due_day' });
  const editor = useCollectionEditor('debts', 'alert');
  const summary = debtSummary(rows);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Debts</Title>
        <Button onClick={editor.openCreate}>Add Debt</Button>
      </Group>
      <SummaryCards
        cards={[
          { label: 'Total Debt', value: formatCentsUsd(summary.totalDebt) },
          { label: 'Monthly Minimums', value: formatCentsUsd(summary.monthlyMinimums) },
          { label: 'Number of Debts', value: String(summary.count) },
        ]}
      />
      {error && <LoadError message={error} />}
      {loading && rows.length === 0 ? (
        <TableSkeleton />
      ) : rows.length === 0 ? (
        !error && (
          <EmptyState>
            <Text>No debts found</Text>
          </EmptyState>
        )
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover aria-label="Debts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Debt Name</Table.Th>
                <Table.Th>Creditor</Table.Th>
                <Table.Th ta="right">Balance</Table.Th>
                <Table.Th ta="right">Minimum Payment</Table.Th>
                <Table.Th ta="right">Interest Rate</Table.Th>
                <Table.Th ta="right">Due Day</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((debt) => (
                <Table.Tr key={debt.id}>
                  <Table.Td>
                    {String(debt.name)}
                    <PendingMark pending={pendingIds.has(debt.id)} />
                  </Table.Td>
                  <Table.Td>{String(debt.creditor ?? '')}</Table.Td>
                  <Table.Td ta="right">{formatUsd(debt.remaining_amount)}</Table.Td>
                  <Table.Td ta="right">{formatUsd(debt.monthly_payment)}</Table.Td>
                  <Table.Td ta="right">{formatPercent(debt.apr)}</Table.Td>
                  <Table.Td ta="right">{String(debt.due_day ?? '')}</Table.Td>
                  <Table.Td>
                    <RowActions name={String(debt.name)} onEdit={() => editor.openEdit(debt)} onDelete={() => editor.askDelete(debt)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editor.editing !== null && <DebtForm debt={editor.editing === 'new' ? null : editor.editing} onClose={editor.closeForm} />}
      <ConfirmDelete itemName={editor.deleting ? String(editor.deleting.name) : null} onCancel={editor.cancelDelete} onConfirm={editor.confirmDelete} />
    </Stack>
  );
}
