/**
 * The Debts tab (docs/product.md#screens-and-routes): cards, the table sorted by due day,
 * add/edit/delete. For a subscriber each balance, and Total Debt, is this month's from the month
 * tables (docs/projection-rules.md#actuals-and-check-ins), with a line saying whether it is the
 * user's actual or the projection.
 */
import { useMemo } from 'react';
import { formatCentsUsd, formatPercent, formatUsd } from '../../../ui/money.ts';
import { CollectionTab, type CollectionTabProps } from '../CollectionTab.tsx';
import type { Column } from '../../../ui/column.ts';
import { rowNote, shownBalance } from '../../../model/balance-notes.ts';
import { BalanceCell } from '../BalanceCell.tsx';
import { DEBTS_ORDER } from '../tab-reads.ts';
import { useDebtBalances, type TodayBalances } from '../../../model/current-balances.ts';
import { DebtForm } from './DebtForm.tsx';
import { debtSummary } from '../../../model/summaries/debts.ts';
import type { WireRecordOf } from '../../../../shared/resources.ts';

type Row = WireRecordOf<'debts'>;

/** The debt's balance: the record's remaining amount, or this month's with what it is beneath. */
function balanceCell(debt: Row, balances: TodayBalances | null) {
  if (balances === null) return formatUsd(debt.remaining_amount);
  const shown = shownBalance(debt.id, debt.remaining_amount, balances);
  return <BalanceCell shown={shown} note={rowNote(shown, balances, 'as entered')} />;
}

const columns = (balances: TodayBalances | null): readonly Column<Row>[] => [
  { header: 'Creditor', cell: (debt) => debt.creditor },
  { header: 'Balance', align: 'right', cell: (debt) => balanceCell(debt, balances) },
  { header: 'Minimum Payment', align: 'right', cell: (debt) => formatUsd(debt.monthly_payment) },
  { header: 'Interest Rate', align: 'right', cell: (debt) => formatPercent(debt.apr) },
  { header: 'Due Day', align: 'right', cell: (debt) => String(debt.due_day) },
];

const cards = (balances: TodayBalances | null) => (rows: Row[]) => {
  const { totalDebt, totalNote, monthlyMinimums, count } = debtSummary(rows, balances);
  return [
    { label: 'Total Debt', value: formatCentsUsd(totalDebt), ...(totalNote === null ? {} : { note: totalNote }) },
    { label: 'Monthly Minimums', value: formatCentsUsd(monthlyMinimums) },
    { label: 'Number of Debts', value: String(count) },
  ];
};

const debtsTab = (balances: TodayBalances | null): CollectionTabProps<'debts'> => ({
  collection: 'debts', query: DEBTS_ORDER, deleteFailure: 'alert', Form: DebtForm,
  title: 'Debts', addLabel: 'Add Debt', emptyText: 'No debts found',
  cards: cards(balances), nameHeader: 'Debt Name', itemName: (debt) => debt.name, columns: columns(balances), tableLabel: 'Debts', minWidth: 720,
});

export function DebtsTab() {
  const balances = useDebtBalances();
  const tab = useMemo(() => debtsTab(balances), [balances]);
  return <CollectionTab {...tab} />;
}
