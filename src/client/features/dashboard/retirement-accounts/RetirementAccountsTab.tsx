/**
 * The Retirement Accounts tab (docs/product.md#screens-and-routes): cards of monthly-equivalent
 * contributions, the table sorted by combined monthly contribution (largest first),
 * add/edit/delete. For a subscriber with the month tables each account shows this month's balance
 * instead of its starting one, and a Total Balance card sums them
 * (docs/projection-rules.md#actuals-and-check-ins), each saying whether it is the user's actual or
 * the projection.
 */
import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useSingle } from '../../../data/bindings/hooks.ts';
import { LimitWarnings, useLimitCheck } from '../../../widgets/limit-warnings.tsx';
import { formatCentsUsd, formatPercent, formatUsd } from '../../../ui/money.ts';
import { CollectionTab, type CollectionTabProps } from '../CollectionTab.tsx';
import type { Column } from '../../../ui/column.ts';
import { rowNote, shownBalance } from '../../../model/balance-notes.ts';
import { BalanceCell } from '../BalanceCell.tsx';
import { useAccountBalances, type TodayBalances } from '../../../model/current-balances.ts';
import { RetirementAccountForm } from './RetirementAccountForm.tsx';
import { ACCOUNT_TYPE_LABELS, balanceSummary, CYCLE_LABELS, datePart, labelOf, retirementSummary, sortByContribution } from '../../../model/summaries/retirement-accounts.ts';
import type { WireRecordOf } from '../../../../shared/resources.ts';

type Row = WireRecordOf<'retirementAccounts'>;

/** The starting balance, or (with the month tables) this month's balance with what it is beneath. */
function balanceColumn(balances: TodayBalances | null): Column<Row> {
  if (balances === null) return { header: 'Starting Balance', align: 'right', cell: (account) => formatUsd(account.starting_balance) };
  return {
    header: 'Balance',
    align: 'right',
    cell: (account) => {
      const shown = shownBalance(account.id, account.starting_balance, balances);
      return <BalanceCell shown={shown} note={rowNote(shown, balances, 'starting balance')} />;
    },
  };
}

const columns = (balances: TodayBalances | null): readonly Column<Row>[] => [
  { header: 'Type', cell: (account) => labelOf(ACCOUNT_TYPE_LABELS, account.account_type) },
  { header: 'Contribution', align: 'right', cell: (account) => formatUsd(account.contribution_amount) },
  {
    header: 'Employer Contribution',
    align: 'right',
    // A taxable account has no employer (docs/projection-rules.md#where-the-money-goes).
    cell: (account) =>
      account.account_type === 'taxable' ? (
        <Text component="span" size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <>
          {formatUsd(account.employer_contribution_amount)}
          <Text component="span" size="xs" c="dimmed" display="block">
            {`${formatPercent(account.employer_match)} match`}
          </Text>
        </>
      ),
  },
  { header: 'Cycle', cell: (account) => labelOf(CYCLE_LABELS, account.contribution_cycle) },
  balanceColumn(balances),
  { header: 'Expected Return', align: 'right', cell: (account) => formatPercent(account.expected_return_rate) },
  { header: 'Next Deposit', cell: (account) => datePart(account.next_deposit_date) },
];

/** Under the Total Retirement Value card: what the figure is (docs/product.md#screens-and-routes). */
export const TOTAL_VALUE_NOTE = "A month's contributions, yours and your employer's together";

const cards = (balances: TodayBalances | null) => (rows: Row[]) => {
  const { contributions, employer, total } = retirementSummary(rows);
  const contributionCards = [{ label: 'Total Contributions', value: formatCentsUsd(contributions) }, { label: 'Employer Contributions', value: formatCentsUsd(employer) }, { label: 'Total Retirement Value', value: formatCentsUsd(total), note: TOTAL_VALUE_NOTE }];
  if (balances === null) return contributionCards;
  const { total: balance, note } = balanceSummary(rows, balances);
  return [...contributionCards, { label: 'Total Balance', value: formatCentsUsd(balance), ...(note === null ? {} : { note }) }];
};

const retirementAccountsTab = (balances: TodayBalances | null): CollectionTabProps<'retirementAccounts'> => ({
  collection: 'retirementAccounts', order: sortByContribution, deleteFailure: 'alert', Form: RetirementAccountForm,
  title: 'Retirement Accounts', addLabel: 'Add Retirement Account', emptyText: 'No retirement accounts found',
  cards: cards(balances), cardsNote: "Contributions are monthly equivalents of each account's contribution cycle.",
  nameHeader: 'Name', itemName: (account) => account.name, columns: columns(balances), tableLabel: 'Retirement accounts', minWidth: 1040,
});

/**
 * The switch at retirement (docs/projection-rules.md#retirement-months), said where the rates are
 * listed: from the retirement month every account earns the plan's rate in place of its own.
 * Example: '2047-07-01' at 5 → "From your retirement (2047-07) every account earns your retirement
 * plan's 5% a year (Expected Interest Rate on Savings) in place of its Expected Return."
 */
export function retirementRateNote(plan: WireRecordOf<'retirementPlan'> | null): string | null {
  const date = plan?.retirement_date;
  if (typeof date !== 'string' || !/^\d{4}-\d{2}/.test(date) || plan?.interest_rate === undefined || plan.interest_rate === null) return null;
  return `From your retirement (${date.slice(0, 7)}) every account earns your retirement plan's ${formatPercent(plan.interest_rate)} a year (Expected Interest Rate on Savings) in place of its Expected Return.`;
}

export function RetirementAccountsTab() {
  const limits = useLimitCheck();
  const balances = useAccountBalances();
  const plan = useSingle('retirementPlan').record;
  const tab = useMemo(() => retirementAccountsTab(balances), [balances]);
  const rateNote = retirementRateNote(plan);
  return (
    <Stack gap="md">
      <CollectionTab {...tab} />
      {rateNote && (
        <Text size="sm" c="dimmed" data-testid="retirement-rate-note">
          {rateNote}
        </Text>
      )}
      <LimitWarnings check={limits} />
    </Stack>
  );
}
