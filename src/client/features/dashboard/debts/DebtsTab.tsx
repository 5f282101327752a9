/** The Debts tab (spec section 2): cards, the table sorted by due day, add/edit/delete. */
import { formatCentsUsd, formatPercent, formatUsd } from '../../../ui/money.ts';
import { CollectionTab, type CollectionTabProps } from '../CollectionTab.tsx';
import type { Column } from '../../../ui/column.ts';
import { DebtForm } from './DebtForm.tsx';
import { debtSummary } from './summary.ts';
import type { WireRecordOf } from '../../../../shared/resources.ts';

type Row = WireRecordOf<'debts'>;

const COLUMNS: readonly Column<Row>[] = [
  { header: 'Creditor', cell: (debt) => debt.creditor },
  { header: 'Balance', align: 'right', cell: (debt) => formatUsd(debt.remaining_amount) },
  { header: 'Minimum Payment', align: 'right', cell: (debt) => formatUsd(debt.monthly_payment) },
  { header: 'Interest Rate', align: 'right', cell: (debt) => formatPercent(debt.apr) },
  { header: 'Due Day', align: 'right', cell: (debt) => String(debt.due_day) },
];

const cards = (rows: Row[]) => {
  const { totalDebt, monthlyMinimums, count } = debtSummary(rows);
  return [{ label: 'Total Debt', value: formatCentsUsd(totalDebt) }, { label: 'Monthly Minimums', value: formatCentsUsd(monthlyMinimums) }, { label: 'Number of Debts', value: String(count) }];
};

const DEBTS: CollectionTabProps<'debts'> = {
  collection: 'debts', query: { sort: 'due_day' }, deleteFailure: 'alert', Form: DebtForm,
  title: 'Debts', addLabel: 'Add Debt', emptyText: 'No debts found',
  cards, nameHeader: 'Debt Name', itemName: (debt) => debt.name, columns: COLUMNS, tableLabel: 'Debts', minWidth: 720,
};

export function DebtsTab() {
  return <CollectionTab {...DEBTS} />;
}
