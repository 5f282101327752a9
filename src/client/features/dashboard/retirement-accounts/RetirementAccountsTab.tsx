/**
 * The Retirement Accounts tab (spec section 2): cards of monthly-equivalent contributions, the
 * table sorted by combined monthly contribution (largest first), add/edit/delete.
 */
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useCollection } from '../../../data/hooks.ts';
import { ConfirmDelete } from '../../../ui/ConfirmDelete.tsx';
import { EmptyState, LoadError, TableSkeleton } from '../../../ui/ListStatus.tsx';
import { formatCentsUsd, formatPercent, formatUsd } from '../../../ui/money.ts';
import { PendingMark } from '../../../ui/PendingMark.tsx';
import { RowActions } from '../../../ui/RowActions.tsx';
import { SummaryCards } from '../../../ui/SummaryCards.tsx';
import { useCollectionEditor } from '../../../ui/use-collection-editor.ts';
import { RetirementAccountForm } from './RetirementAccountForm.tsx';
import { ACCOUNT_TYPE_LABELS, CYCLE_LABELS, datePart, labelOf, retirementSummary, sortByContribution } from './summary.ts';

export function RetirementAccountsTab() {
  const { rows: unsorted, pendingIds, loading, error } = useCollection('retirementAccounts');
  const editor = useCollectionEditor('retirementAccounts', 'alert');
  const rows = sortByContribution(unsorted);
  const summary = retirementSummary(rows);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Retirement Accounts</Title>
        <Button onClick={editor.openCreate}>Add Retirement Account</Button>
      </Group>
      <SummaryCards
        cards={[
          { label: 'Total Contributions', value: formatCentsUsd(summary.contributions) },
          { label: 'Employer Contributions', value: formatCentsUsd(summary.employer) },
          { label: 'Total Retirement Value', value: formatCentsUsd(summary.total) },
        ]}
      />
      <Text size="xs" c="dimmed">
        Contributions are monthly equivalents of each account&apos;s contribution cycle.
      </Text>
      {error && <LoadError message={error} />}
      {loading && rows.length === 0 ? (
        <TableSkeleton />
      ) : rows.length === 0 ? (
        !error && (
          <EmptyState>
            <Text>No retirement accounts found</Text>
          </EmptyState>
        )
      ) : (
        <Table.ScrollContainer minWidth={1040}>
          <Table striped highlightOnHover aria-label="Retirement accounts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th ta="right">Contribution</Table.Th>
                <Table.Th ta="right">Employer Contribution</Table.Th>
                <Table.Th>Cycle</Table.Th>
                <Table.Th ta="right">Starting Balance</Table.Th>
                <Table.Th ta="right">Expected Return</Table.Th>
                <Table.Th>Next Deposit</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((account) => (
                <Table.Tr key={account.id}>
                  <Table.Td>
                    {String(account.name ?? '')}
                    <PendingMark pending={pendingIds.has(account.id)} />
                  </Table.Td>
                  <Table.Td>{labelOf(ACCOUNT_TYPE_LABELS, account.account_type)}</Table.Td>
                  <Table.Td ta="right">{formatUsd(account.contribution_amount)}</Table.Td>
                  <Table.Td ta="right">
                    {formatUsd(account.employer_contribution_amount)}
                    <Text component="span" size="xs" c="dimmed" display="block">
                      {`${formatPercent(account.employer_match)} match`}
                    </Text>
                  </Table.Td>
                  <Table.Td>{labelOf(CYCLE_LABELS, account.contribution_cycle)}</Table.Td>
                  <Table.Td ta="right">{formatUsd(account.starting_balance)}</Table.Td>
                  <Table.Td ta="right">{formatPercent(account.expected_return_rate)}</Table.Td>
                  <Table.Td>{datePart(account.next_deposit_date)}</Table.Td>
                  <Table.Td>
                    <RowActions name={String(account.name ?? '')} onEdit={() => editor.openEdit(account)} onDelete={() => editor.askDelete(account)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editor.editing !== null && <RetirementAccountForm account={editor.editing === 'new' ? null : editor.editing} onClose={editor.closeForm} />}
      <ConfirmDelete itemName={editor.deleting ? String(editor.deleting.name ?? '') : null} onCancel={editor.cancelDelete} onConfirm={editor.confirmDelete} />
    </Stack>
  );
}
