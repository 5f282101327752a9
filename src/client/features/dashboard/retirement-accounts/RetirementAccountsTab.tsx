/**
 * The Retirement Accounts tab (spec section 2): cards of monthly-equivalent contributions, the
 * table sorted by combined monthly contribution (largest first), add/edit/delete.
 */
import { Stack, Text } from '@mantine/core';
import { LimitWarnings, useLimitCheck } from '../../contribution-limits/limit-warnings.tsx';
import { formatCentsUsd, formatPercent, formatUsd } from '../../../ui/money.ts';
import { CollectionTab, type CollectionTabProps } from '../CollectionTab.tsx';
import type { Column } from '../../../ui/column.ts';
import { RetirementAccountForm } from './RetirementAccountForm.tsx';
import { ACCOUNT_TYPE_LABELS, CYCLE_LABELS, datePart, labelOf, retirementSummary, sortByContribution } from './summary.ts';
import type { WireRecordOf } from '../../../../shared/resources.ts';

type Row = WireRecordOf<'retirementAccounts'>;

const COLUMNS: readonly Column<Row>[] = [
  { header: 'Type', cell: (account) => labelOf(ACCOUNT_TYPE_LABELS, account.account_type) },
  { header: 'Contribution', align: 'right', cell: (account) => formatUsd(account.contribution_amount) },
  {
    header: 'Employer Contribution',
    align: 'right',
    cell: (account) => (
      <>
        {formatUsd(account.employer_contribution_amount)}
        <Text component="span" size="xs" c="dimmed" display="block">
          {`${formatPercent(account.employer_match)} match`}
        </Text>
      </>
    ),
  },
  { header: 'Cycle', cell: (account) => labelOf(CYCLE_LABELS, account.contribution_cycle) },
  { header: 'Starting Balance', align: 'right', cell: (account) => formatUsd(account.starting_balance) },
  { header: 'Expected Return', align: 'right', cell: (account) => formatPercent(account.expected_return_rate) },
  { header: 'Next Deposit', cell: (account) => datePart(account.next_deposit_date) },
];

const cards = (rows: Row[]) => {
  const { contributions, employer, total } = retirementSummary(rows);
  return [{ label: 'Total Contributions', value: formatCentsUsd(contributions) }, { label: 'Employer Contributions', value: formatCentsUsd(employer) }, { label: 'Total Retirement Value', value: formatCentsUsd(total) }];
};

const RETIREMENT_ACCOUNTS: CollectionTabProps<'retirementAccounts'> = {
  collection: 'retirementAccounts', order: sortByContribution, deleteFailure: 'alert', Form: RetirementAccountForm,
  title: 'Retirement Accounts', addLabel: 'Add Retirement Account', emptyText: 'No retirement accounts found',
  cards, cardsNote: "Contributions are monthly equivalents of each account's contribution cycle.",
  nameHeader: 'Name', itemName: (account) => account.name, columns: COLUMNS, tableLabel: 'Retirement accounts', minWidth: 1040,
};

export function RetirementAccountsTab() {
  const limits = useLimitCheck();
  return (
    <Stack gap="md">
      <CollectionTab {...RETIREMENT_ACCOUNTS} />
      <LimitWarnings check={limits} />
    </Stack>
  );
}
