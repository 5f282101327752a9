/**
 * The Income tab (spec section 2): monthly-equivalent cards, the table sorted by monthly gross,
 * add/edit/delete. A refused delete is only logged (spec section 4).
 */
import { Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useCollection } from '../../../data/hooks.ts';
import { ConfirmDelete } from '../../../ui/ConfirmDelete.tsx';
import { EmptyState, LoadError, TableSkeleton } from '../../../ui/ListStatus.tsx';
import { formatCentsUsd, formatUsd } from '../../../ui/money.ts';
import { PendingMark } from '../../../ui/PendingMark.tsx';
import { RowActions } from '../../../ui/RowActions.tsx';
import { useCollectionEditor } from '../../../ui/use-collection-editor.ts';
import { IncomeForm } from './IncomeForm.tsx';
import { incomeSummary, payCycleLabel, sortByMonthlyGross } from './summary.ts';

/** A card like ui/SummaryCards', with a note under the figure: these are monthly equivalents. */
function MonthlyCard({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`card-${label}`}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        per month
      </Text>
    </Card>
  );
}

export function IncomeTab() {
  const { rows, pendingIds, loading, error } = useCollection('incomes');
  const editor = useCollectionEditor('incomes', 'log');
  const incomes = sortByMonthlyGross(rows);
  const summary = incomeSummary(rows);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Income</Title>
        <Button onClick={editor.openCreate}>Add Income</Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <MonthlyCard label="Total Gross Income" value={formatCentsUsd(summary.totalGross)} />
        <MonthlyCard label="Total Net Income" value={formatCentsUsd(summary.totalNet)} />
        <MonthlyCard label="Total Taxes and Deductions" value={formatCentsUsd(summary.totalDeductions)} />
      </SimpleGrid>
      {error && <LoadError message={error} />}
      {loading && rows.length === 0 ? (
        <TableSkeleton />
      ) : rows.length === 0 ? (
        !error && (
          <EmptyState>
            <Text>No income sources found</Text>
          </EmptyState>
        )
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover aria-label="Income sources">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Pay Cycle</Table.Th>
                <Table.Th ta="right">Gross Pay</Table.Th>
                <Table.Th ta="right">Net Pay</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {incomes.map((income) => (
                <Table.Tr key={income.id}>
                  <Table.Td>
                    {String(income.name)}
                    <PendingMark pending={pendingIds.has(income.id)} />
                  </Table.Td>
                  <Table.Td>{payCycleLabel(income.pay_cycle)}</Table.Td>
                  <Table.Td ta="right">{formatUsd(income.gross_pay)}</Table.Td>
                  <Table.Td ta="right">{formatUsd(income.net_pay)}</Table.Td>
                  <Table.Td>
                    <RowActions name={String(income.name)} onEdit={() => editor.openEdit(income)} onDelete={() => editor.askDelete(income)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editor.editing !== null && <IncomeForm income={editor.editing === 'new' ? null : editor.editing} onClose={editor.closeForm} />}
      <ConfirmDelete itemName={editor.deleting ? String(editor.deleting.name) : null} onCancel={editor.cancelDelete} onConfirm={editor.confirmDelete} />
    </Stack>
  );
}
